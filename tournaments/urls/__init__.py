"""The URLs per audience; each discipline adds its own pages to an audience's namespace
(:meth:`~tournaments.disciplines.base.WebDiscipline.urls`)."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver

from ..disciplines.registry import DISCIPLINES


def discipline_urls(audience: str) -> list[URLPattern | URLResolver]:
    """Every installed discipline's own URLs for ``audience``."""
    return [p for d in DISCIPLINES.values() for p in d.urls(audience)]
