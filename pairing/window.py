"""Seats drawn at registration through a window of tables, and the cleanup when it closes.

Mucken halls seat people as they register: nobody knows how many tables will be
needed, yet the first tables must fill without gaps so play can start. The
"Fenster-Auslosung" (seed 001; docs/rules.md, "Draw at registration") draws each new
registration uniformly among the free seats of a window: the table with the first free
seat plus the next ``window`` tables. Tables before the window are therefore always
full. When registration closes, the last tables may have gaps; the "Bereinigung"
(:func:`cleanup`) moves as few entrants as possible to fill tables ``1..T``.

A table has two sides (the role "pair 1" / "pair 2"); fixed pairs have one seat per side
(``per_side=1``), single players two (``per_side=2``, the side is the role of the pair
they form). Pure Python, no Django: the web app stores the seed and the registration
number and can replay every single assignment (:func:`registration_rng`).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Hashable, Iterator, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from scoring.i18n import N_, Message

EntrantKey = TypeVar("EntrantKey", bound=Hashable)

MAX_WINDOW = 10
SIDES = (1, 2)


@dataclass(frozen=True, order=True)
class Seat:
    """A seat; ordered by table, side, position, which is the order of sequential seating."""

    table: int
    side: int
    position: int = 0

    def __post_init__(self) -> None:
        if self.table < 1:
            raise ValueError(N_("table must be 1 or more, not %(value)s", value=self.table))
        if self.side not in SIDES:
            raise ValueError(N_("side must be 1 or 2, not %(value)s", value=self.side))
        if self.position < 0:
            raise ValueError(N_("position must be 0 or more, not %(value)s",
                                value=self.position))

    def said(self) -> Message:
        """The seat as a message names it (``table 3, side 1, position 0``)."""
        return N_("table %(table)s, side %(side)s, position %(position)s", table=self.table,
                  side=self.side, position=self.position)


@dataclass(frozen=True)
class WindowSettings:
    """The draw settings of the seed's dialog.

    ``window``: tables after the one with the first free seat that are drawn too (0..10;
    0 is sequential tables with a random seat at the table). ``random_up_to``: tables
    1..X are drawn completely at random while the first free seat is on one of them (0:
    off). ``sequential_from``: from this table on seats are given in order (None: never).
    """

    per_side: int = 1
    window: int = 4
    random_up_to: int = 0
    sequential_from: int | None = None

    def __post_init__(self) -> None:
        if self.per_side < 1:
            raise ValueError(_per_side_problem(self.per_side))
        if not 0 <= self.window <= MAX_WINDOW:
            raise ValueError(N_("window must be 0..%(max)s tables, not %(value)s",
                                max=MAX_WINDOW, value=self.window))
        if self.random_up_to < 0:
            raise ValueError(N_("random_up_to must be 0 (off) or a table, not %(value)s",
                                value=self.random_up_to))
        if self.sequential_from is not None and self.sequential_from < 1:
            raise ValueError(N_("sequential_from must be a table (1 or more) or None (never), "
                                "not %(value)s", value=self.sequential_from))

    @property
    def seats_per_table(self) -> int:
        return 2 * self.per_side


def _per_side_problem(per_side: int) -> Message:
    return N_("per_side must be 1 or more, not %(value)s", value=per_side)


def table_seats(table: int, per_side: int) -> Iterator[Seat]:
    """The seats of one table in seating order."""
    for side in SIDES:
        for position in range(per_side):
            yield Seat(table, side, position)


def _check_layout(seats: Collection[Seat], per_side: int) -> None:
    for seat in seats:
        if seat.position >= per_side:
            raise ValueError(N_("%(seat)s is outside the layout of %(per_side)s seat(s) per side",
                                seat=seat.said(), per_side=per_side))


def first_free(taken: Collection[Seat], per_side: int) -> Seat:
    """The lowest free seat; tables are unbounded because nobody knows how many will come."""
    table = 1
    while True:
        for seat in table_seats(table, per_side):
            if seat not in taken:
                return seat
        table += 1


def window_tables(first: int, settings: WindowSettings) -> range | None:
    """The tables drawn from when the first free seat is on table ``first``; None: sequential."""
    if settings.sequential_from is not None and first >= settings.sequential_from:
        return None
    last = first + settings.window
    if first <= settings.random_up_to:
        last = max(last, settings.random_up_to)
    if settings.sequential_from is not None:
        last = min(last, settings.sequential_from - 1)
    return range(first, last + 1)


def next_seat(taken: Collection[Seat], settings: WindowSettings, rng: random.Random) -> Seat:
    """Draw the seat of the next registration uniformly among the free seats of the window.

    Candidates are enumerated in seat order, so the result depends only on ``rng``'s state.
    """
    taken = set(taken)
    _check_layout(taken, settings.per_side)
    first = first_free(taken, settings.per_side)
    tables = window_tables(first.table, settings)
    if tables is None:
        return first
    candidates = [seat for table in tables for seat in table_seats(table, settings.per_side)
                  if seat not in taken]
    return rng.choice(candidates)


def registration_rng(seed: str, index: int) -> random.Random:
    """The generator of registration number ``index`` (0-based) of a tournament's draw.

    One generator per registration, not one per tournament, so the web app can
    reproduce (and audit) any single assignment from the stored seed and its number
    without keeping generator state between requests.
    """
    return random.Random(f"{seed}:{index}")


def draw_for_registrations(count: int, settings: WindowSettings, seed: str) -> list[Seat]:
    """The seats of ``count`` registrations in order, exactly as the web app draws them."""
    if count < 0:
        raise ValueError(N_("count must be 0 or more, not %(value)s", value=count))
    taken: set[Seat] = set()
    seats = []
    for index in range(count):
        seat = next_seat(taken, settings, registration_rng(seed, index))
        taken.add(seat)
        seats.append(seat)
    return seats


@dataclass(frozen=True)
class Move(Generic[EntrantKey]):
    """One entrant to reseat; ``keeps_role``: stays on the same side (pair 1 / pair 2)."""

    entrant: EntrantKey
    from_seat: Seat
    to_seat: Seat
    keeps_role: bool


@dataclass
class Cleanup(Generic[EntrantKey]):
    """The result of the cleanup: the moves in seat order, every entrant's seat, the tables."""

    moves: list[Move[EntrantKey]]
    final: dict[EntrantKey, Seat]
    tables: int

    @property
    def role_changes(self) -> int:
        return sum(not m.keeps_role for m in self.moves)


def cleanup(assignment: Mapping[EntrantKey, Seat], per_side: int) -> Cleanup[EntrantKey]:
    """Fill tables 1..T (T = entrants ÷ seats per table) moving the fewest entrants, and among
    those keeping the most roles ("Bereinigung").

    Why this is optimal: tables 1..T have exactly N seats, so every entrant ends on one of
    them. Moves = N − entrants that stay, and only entrants already on 1..T can stay; all
    of them can at once (the others then fill exactly the free seats). So the minimum is
    the number of entrants beyond T, and it is reached only when everybody on 1..T stays,
    which fixes the free seats. A mover keeps its role iff it gets a free seat on its
    side, so per side at most min(movers on it, free seats on it) keep it; matching the
    same side first reaches that bound on both sides at once.

    Deterministic: movers in seat order take the free seats in seat order, same side first.
    """
    if per_side < 1:
        raise ValueError(_per_side_problem(per_side))
    seats_per_table = 2 * per_side
    owner: dict[Seat, EntrantKey] = {}
    for entrant, seat in assignment.items():
        _check_layout((seat,), per_side)
        if seat in owner:
            raise ValueError(N_("%(first)s and %(second)s are both on %(seat)s",
                                first=repr(owner[seat]), second=repr(entrant),
                                seat=seat.said()))
        owner[seat] = entrant
    n = len(assignment)
    tables, extra = divmod(n, seats_per_table)
    if extra:
        missing = seats_per_table - extra
        if tables:  # the desk's own words (tournaments.services.seating)
            raise ValueError(N_("%(n)s entrants do not fill tables of %(size)s: %(missing)s "
                                "missing for %(more)s full tables, or %(extra)s too many for "
                                "%(less)s", n=n, size=seats_per_table, missing=missing,
                                more=tables + 1, extra=extra, less=tables))
        raise ValueError(N_("%(n)s entrants do not fill tables of %(size)s: %(missing)s "
                            "missing for %(more)s full tables", n=n, size=seats_per_table,
                            missing=missing, more=tables + 1))

    free = [seat for table in range(1, tables + 1) for seat in table_seats(table, per_side)
            if seat not in owner]
    movers = sorted(seat for seat in owner if seat.table > tables)
    target: dict[Seat, Seat] = {}
    for side in SIDES:  # same side first: the role is kept
        side_free = [s for s in free if s.side == side]
        side_movers = [s for s in movers if s.side == side]
        target.update(zip(side_movers, side_free, strict=False))
    taken = set(target.values())
    rest_free = [s for s in free if s not in taken]
    rest_movers = [s for s in movers if s not in target]
    target.update(zip(rest_movers, rest_free, strict=True))

    moves = [Move(owner[seat], seat, target[seat], target[seat].side == seat.side)
             for seat in movers]
    final = {owner[seat]: target.get(seat, seat) for seat in sorted(owner)}
    final = dict(sorted(final.items(), key=lambda item: item[1]))
    return Cleanup(moves, final, tables)
