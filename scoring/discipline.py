"""The interface every discipline module implements, and small shared helpers.

A discipline knows its settings, the shape of its tables, its result payload
with the checks of docs/rules.md, how its byes count, and its standings. The
document reader and the command line only talk to this interface, so a new
discipline is one new module plus one line in :mod:`scoring.registry`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from numbers import Real
from typing import Any

from .model import Problems, Round, Seat, Table, Tournament
from .ranking import Criterion, rank


@dataclass
class Row:
    entrant: int
    values: dict[str, Any]


@dataclass
class Standings:
    """Ranked rows plus the flags raised while scoring (e.g. Pussi game counts)."""

    rows: list[tuple[int, Row]]  # (rank, row) in ranking order
    flags: list[dict[str, str]] = field(default_factory=list)


class Discipline:
    """Base class; subclasses override what their discipline needs."""

    name: str = ""
    bye_kinds: frozenset[str] = frozenset({"zero"})

    def parse_settings(self, raw: Mapping[str, Any], problems: Problems, at: str) -> Any:
        return dict(raw)

    def check_seats(self, seats: Sequence[Seat], problems: Problems, at: str, hint: str) -> None:
        """Report a table whose seats do not fit the discipline."""

    def parse_round(self, raw: Mapping[str, Any], settings: Any, problems: Problems, at: str,
                    hint: str) -> Any:
        return None

    def parse_result(self, raw: Any, table: Table, round_extra: Any, settings: Any,
                     problems: Problems, at: str, hint: str) -> Any:
        raise NotImplementedError

    def standings(self, tournament: Tournament, rounds: Sequence[Round]) -> Standings:
        raise NotImplementedError


# --- helpers shared by the discipline modules -------------------------------------------------

def is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def is_number(x: Any) -> bool:
    return isinstance(x, Real) and not isinstance(x, bool) and x == x and abs(x) != float("inf")


def exact(x: Any) -> Fraction:
    """An exact value for a JSON number (0.2 means 1/5, not the nearest binary float)."""
    if isinstance(x, int):
        return Fraction(x)
    return Fraction(str(x))


def out_number(x: Any) -> int | float | None:
    """A value for the standings JSON: ints stay ints, exact fractions become floats."""
    if x is None or (isinstance(x, int) and not isinstance(x, bool)):
        return x
    return float(x)


def played(rounds: Iterable[Round]) -> Iterator[tuple[Round, Table]]:
    """The tables that have a result, round by round; unplayed tables do not count."""
    for rnd in rounds:
        for table in rnd.tables:
            if table.result is not None:
                yield rnd, table


def zeros(tournament: Tournament, names: Iterable[str]) -> dict[int, dict[str, Any]]:
    """A row of exact zeros per entrant: everyone appears, also those who have not played."""
    names = tuple(names)
    return {e.id: dict.fromkeys(names, Fraction(0)) for e in tournament.entrants}


def check_two_sides(seats: Sequence[Seat], problems: Problems, at: str, hint: str,
                    per_side: tuple[int, ...] = (1,)) -> None:
    """Two parties, side 1 and side 2, with an allowed number of entrants each."""
    sides = [s.side for s in seats]
    if any(side not in (1, 2) for side in sides):
        problems.error(f"{at}.seats", "every seat needs side 1 or 2", hint)
        return
    n1, n2 = sides.count(1), sides.count(2)
    if n1 not in per_side or n2 not in per_side:
        allowed = " or ".join(str(n) for n in per_side)
        problems.error(f"{at}.seats", f"needs {allowed} entrant(s) on each side, "
                       f"found {n1} on side 1 and {n2} on side 2", hint)


def criteria_names(criteria: Sequence[Criterion]) -> set[str]:
    return {c.name for c in criteria}


def ranked(tournament: Tournament, values: dict[int, dict[str, Any]],
           criteria: Sequence[Criterion], further: Sequence[str] = ()) -> list[tuple[int, Row]]:
    """Rank every entrant and build rows with the criteria's values first."""
    ids = [e.id for e in tournament.entrants]
    order = rank(ids, criteria, values)
    names = [c.name for c in criteria] + [k for k in further if k not in criteria_names(criteria)]
    rows = []
    for position, e in order:
        v = values[e]
        rows.append((position, Row(e, {k: out_number(v[k]) for k in names if k in v})))
    return rows
