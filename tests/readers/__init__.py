"""Readers written from file-format specifications, for tests only: they read back what the
writers under test wrote, without sharing code with them."""
