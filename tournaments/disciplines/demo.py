"""A discipline's demo tournament (``manage.py load_demo``, for ``make run``): what
:meth:`~tournaments.disciplines.base.WebDiscipline.demo` returns, and helpers the demos share.

The command creates each installed discipline's demo through the services (two rounds, the
first closed, half of the second reported by phone); a demo's results come from its own
seeded ``random.Random``, so a demo is the same on every machine.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Demo:
    """``slug`` and ``name`` of the demo tournament, its entrants (kind and how many), its
    scoring settings beyond the preset, and a result for a table of it. ``names``: the
    entrants' names when they are no people (teams); ``setup(tournament, actor)``: what the
    demo adds through the services after the sign-ups (a team's players)."""

    slug: str
    name: str
    entrant_kind: str
    entrants: int
    result: Callable[[random.Random, Any], dict[str, Any]]
    scoring: dict[str, Any] | None = field(default=None)
    names: tuple[str, ...] = ()
    setup: Callable[[Any, Any], None] | None = None


def seat_order(table: Any) -> list[int]:
    """Start numbers in seat order: the first seat deals the first game."""
    seats = table.seats.select_related("entrant").order_by("side", "position")
    return [s.entrant.start_number for s in seats]
