"""The pairing interface: what a draw gets and what it gives back (the methods are listed in
:mod:`pairing.methods`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any


class DrawError(ValueError):
    """The round cannot be drawn as asked (e.g. 5 board-game players); the message says why."""


@dataclass(frozen=True)
class Layout:
    """How a table is seated.

    ``sides`` is 2 for two parties (side 1/2; chess: white/black) or 0 for tables
    without sides; ``per_side`` entrants sit on each side. Tables without sides
    take ``table_size`` entrants, or ``table_size - 1`` at up to ``max_short``
    tables, or ``table_size + 1`` at up to ``max_long`` tables (Doppelkopf's tables of five,
    where the dealer sits out). ``bye_kind`` is what an entrant left over gets.
    """

    sides: int = 2
    per_side: int = 1
    table_size: int = 4
    max_short: int = 0
    max_long: int = 0
    bye_kind: str = "bye"

    @property
    def seats(self) -> int:
        return self.sides * self.per_side if self.sides else self.table_size


@dataclass(frozen=True)
class Competitor:
    """An entrant as a draw sees it, in standings order in the request."""

    id: int
    start_number: int
    score: Fraction = Fraction(0)
    rating: int | None = None
    club: str | None = None


@dataclass(frozen=True)
class PastTable:
    """A table of an earlier round: the entrant ids per side (one group if no sides)."""

    sides: tuple[tuple[int, ...], ...]

    @property
    def entrants(self) -> tuple[int, ...]:
        return tuple(e for side in self.sides for e in side)


@dataclass(frozen=True)
class DrawRequest:
    """What a draw gets.

    ``past_byes`` are the entrants who sat out an earlier round (the layout's bye), and
    ``bye_counts`` how often each did; a request that gives only ``past_byes`` counts one
    each. Every method that leaves entrants out gives it to those who sat out fewest
    (:meth:`byes_had`), so nobody sits out twice while another has not sat out yet.
    """

    round_number: int
    competitors: tuple[Competitor, ...]
    layout: Layout
    seed: str
    history: tuple[tuple[PastTable, ...], ...] = ()
    past_byes: frozenset[int] = frozenset()
    options: dict[str, Any] = field(default_factory=dict)
    bye_counts: Mapping[int, int] = field(default_factory=dict)

    def byes_had(self, entrant: int) -> int:
        """How often ``entrant`` sat out an earlier round."""
        if self.bye_counts:
            return self.bye_counts.get(entrant, 0)
        return 1 if entrant in self.past_byes else 0


@dataclass(frozen=True)
class DrawnTable:
    """Seats of one table as (entrant id, side); side is None without sides."""

    seats: tuple[tuple[int, int | None], ...]


@dataclass(frozen=True)
class Draw:
    tables: tuple[DrawnTable, ...]
    byes: tuple[tuple[int, str], ...] = ()
    explanation: tuple[str, ...] = ()


Method = Callable[[DrawRequest], Draw]
