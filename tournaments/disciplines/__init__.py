"""The web side's disciplines: one :class:`~.base.WebDiscipline` per discipline, by name.

``DISCIPLINES`` is the registry (``tournaments.models`` builds its choices from it);
``get(name)`` and ``of(tournament)`` look a discipline up. The scoring core knows a few
more (``SCORING_ONLY``): the web app refuses them until they have a module here.
tests/unit/test_disciplines.py checks that every discipline of ``scoring.registry`` is
one or the other.
"""

from __future__ import annotations

from typing import Any

from .base import WebDiscipline
from .boardgame import Boardgame
from .chess import Chess
from .doppelkopf import Doppelkopf
from .mucken import Mucken
from .pussi import Pussi
from .skat import Skat
from .tabletop import Tabletop

DISCIPLINES: dict[str, WebDiscipline] = {
    d.name: d for d in (Chess(), Mucken(), Pussi(), Boardgame(), Tabletop(),
                          Skat(), Doppelkopf())}

# Disciplines the scoring core knows that have no web pages, forms or draws yet.
SCORING_ONLY: tuple[str, ...] = ("schafkopf",)


def get(name: Any) -> WebDiscipline | None:
    """The discipline of ``name``; None for one the web app does not know."""
    return DISCIPLINES.get(name) if isinstance(name, str) else None


def of(tournament: Any) -> WebDiscipline:
    """The discipline of a tournament (KeyError for one the web app does not know)."""
    return DISCIPLINES[tournament.discipline]


__all__ = ["DISCIPLINES", "SCORING_ONLY", "WebDiscipline", "get", "of"]
