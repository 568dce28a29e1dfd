"""Independent readers of the federations' files, written from their specifications.

Test code only: production never imports them, and they import nothing of the project,
so a writer and its reader cannot share a mistake. Each module names the specification
it follows.
"""
