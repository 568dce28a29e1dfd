"""The interface every discipline module implements, and small shared helpers.

A discipline knows its settings, the shape of its tables, its result payload
with the checks of docs/rules.md, how its byes count, and its standings. The
document reader and the command line only talk to this interface, so a new
discipline is one new module plus one line in :mod:`scoring.registry`.
"""

from __future__ import annotations

import json
import reprlib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from numbers import Real
from typing import Any, Generic, TypeGuard, TypeVar

from .i18n import N_, Message
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


MAX_RESULT_BYTES = 16 * 1024
"""A result payload serialised as JSON: a Pussi sheet of 99 games is about 5 KB."""
MAX_RESULT_DEPTH = 4
"""Nesting of a result payload: ``{"games": [{"totals": [..]}]}`` is the deepest, 4."""


SettingsT = TypeVar("SettingsT")


class Discipline(Generic[SettingsT]):
    """Base class; subclasses override what their discipline needs, ``SettingsT`` being the
    frozen dataclass its :meth:`parse_settings` returns.

    ``result_keys`` and ``settings_keys`` are the fields a result payload and the scoring
    settings may have; anything else is refused in a result (a captain's payload is
    stored as sent, so junk must not get in) and flagged in settings (a warning, so an
    older document still loads; the app refuses it when settings are changed).
    """

    name: str = ""
    bye_kinds: frozenset[str] = frozenset({"zero"})
    result_keys: tuple[str, ...] = ()
    settings_keys: tuple[str, ...] = ()
    result_bytes: int = MAX_RESULT_BYTES
    result_depth: int = MAX_RESULT_DEPTH
    """A discipline whose list is longer or deeper than a Pussi sheet says so here."""

    def parse_settings(self, raw: Mapping[str, Any], problems: Problems, at: str
                       ) -> SettingsT:
        raise NotImplementedError

    def read_result(self, raw: Any, table: Table, round_extra: Any, settings: Any,
                    problems: Problems, at: str, hint: str) -> Any:
        """The one way in for a result payload: its shape (an object of the discipline's
        keys, at most ``result_bytes`` and ``result_depth`` deep, by default
        :data:`MAX_RESULT_BYTES` and :data:`MAX_RESULT_DEPTH`), then :meth:`parse_result`.
        None if anything is wrong, with every problem reported."""
        if not isinstance(raw, Mapping):
            problems.error(at, N_("a result is an object, not %(value)s", value=show(raw)), hint)
            return None
        why = payload_problem(raw, self.result_bytes, self.result_depth)
        if why:
            problems.error(at, why, hint)
            return None
        before = len(problems.errors)
        known_keys(raw, self.result_keys, problems, at, hint,
                   N_("a %(discipline)s result", discipline=self.name))
        result = self.parse_result(raw, table, round_extra, settings, problems, at, hint)
        return result if len(problems.errors) == before else None

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

_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxstring, _SHORT.maxlong, _SHORT.maxother = 3, 40, 40, 40
_SHORT.maxlist = _SHORT.maxtuple = 8
_SHORT.maxdict = 4


def show(value: Any, limit: int = 60) -> str:
    """A value as a message quotes it: a short ``repr`` (a message must not echo a 2 MB
    string or a 4,000-digit number back)."""
    try:
        text = _SHORT.repr(value)
    except (ValueError, RecursionError):  # an int too long for repr() somewhere inside
        text = "a value with a number of thousands of digits"
    return text if len(text) <= limit else text[:limit - 1] + "…"


def key_text(key: Any, limit: int = 40) -> str:
    """A key as a place names it (``result.junk``), cut to ``limit`` characters."""
    text = key if isinstance(key, str) else show(key)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def whole_in(x: Any, low: int, high: int) -> bool:
    """A whole number (not a bool, not a float) from ``low`` to ``high``."""
    return is_int(x) and low <= x <= high


def range_problem(x: Any, low: float, high: float, whole: bool = True) -> str | None:
    """Why ``x`` is not a (whole) number from ``low`` to ``high``, or None.

    Worded as before ranges had upper bounds (``must be a positive whole number, not 0``)
    and ``must be at most 100, not 500`` above the range.
    """
    fits = is_int(x) if whole else is_number(x)
    if fits and low <= x <= high:
        return None
    if fits and x > high:
        return N_("must be at most %(high)s, not %(value)s", high=high, value=show(x))
    if low == 1 and whole:
        return N_("must be a positive whole number, not %(value)s", value=show(x))
    if low == 0:
        return (N_("must be a whole number >= 0, not %(value)s", value=show(x)) if whole else
                N_("must be a number >= 0, not %(value)s", value=show(x)))
    return (N_("must be a whole number from %(low)s to %(high)s, not %(value)s", low=low,
               high=high, value=show(x)) if whole else
            N_("must be a number from %(low)s to %(high)s, not %(value)s", low=low, high=high,
               value=show(x)))


def known_keys(raw: Mapping[str, Any], known: Sequence[str], problems: Problems, at: str,
               hint: str = "", what: str = N_("it"), warn: bool = False) -> bool:
    """Report every key of ``raw`` not in ``known`` (an error, or a warning with ``warn``);
    True if there is none."""
    unknown = [k for k in raw if k not in known]
    report = problems.warning if warn else problems.error
    for key in unknown:
        report(f"{at}.{key_text(key)}", N_("unknown field; %(what)s has %(known)s", what=what,
                                           known=", ".join(known)), hint)
    return not unknown


def setting_flag(raw: Mapping[str, Any], key: str, problems: Problems, at: str) -> bool:
    """A true/false setting that is off unless given; anything else is an error (and off)."""
    value = raw.get(key, False)
    if not isinstance(value, bool):
        problems.error(f"{at}.{key}", N_("must be true or false, not %(value)s",
                                         value=show(value)))
        return False
    return value


def payload_problem(raw: Any, max_bytes: int = MAX_RESULT_BYTES,
                    max_depth: int = MAX_RESULT_DEPTH) -> str | None:
    """Why ``raw`` is too big or too deep to be a result, or None."""
    stack = [(raw, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, Mapping | list):
            if depth > max_depth:
                return N_("nested more than %(n)s levels deep", n=max_depth)
            stack.extend((v, depth + 1) for v in (node.values() if isinstance(node, Mapping)
                                                  else node) if isinstance(v, Mapping | list))
    try:
        size = len(json.dumps(raw, ensure_ascii=False, allow_nan=False).encode())
    except (TypeError, ValueError):
        return N_("holds a value that is not JSON (NaN, Infinity, a number beyond 4,300 "
                  "digits)")
    if size > max_bytes:
        return N_("is %(size)s bytes long as JSON; a result is at most %(max)s", size=size,
                  max=max_bytes)
    return None


def is_int(x: Any) -> TypeGuard[int]:
    """A whole JSON number (``True`` is no number here)."""
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
        problems.error(f"{at}.seats", N_("every seat needs side 1 or 2"), hint)
        return
    n1, n2 = sides.count(1), sides.count(2)
    if n1 not in per_side or n2 not in per_side:
        allowed = either(per_side)
        problems.error(f"{at}.seats", N_("needs %(allowed)s entrant(s) on each side, found "
                                         "%(n1)s on side 1 and %(n2)s on side 2",
                                         allowed=allowed, n1=n1, n2=n2), hint)


def either(numbers: Iterable[int]) -> Message:
    """``3 or 4`` (``2, 3 or 4``), said in the reader's language."""
    texts = [str(n) for n in numbers]
    if len(texts) < 2:
        return Message("".join(texts))
    return N_("%(first)s or %(last)s", first=", ".join(texts[:-1]), last=texts[-1])


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
