"""What an entrant's personal link shows (``/e/<code>/``): where I sit now, the others at my
table, my results so far, my standing, and my table's result to confirm.

Read-only; a phone reloads it every half minute, so it reads only the entrant's own tables
(never a whole round) and the standings from their version-keyed cache.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..common.numbers import number
from ..disciplines import of
from ..models import Entrant, RegistrationSeat, Result, Round, Seat, Table
from ..services.hall_links import open_round
from ..services.public import SeatView, SideView, TableView, result_text, standings_table
from ..services.standings import standings_after


@dataclass
class MyTable:
    round_number: int
    round_open: bool
    view: TableView
    my_side: int | None
    side_label: str
    result: str  # the reported result in words ("" none yet)
    status: str  # "", submitted, confirmed, disputed
    version: int = 0
    # the others: my opponents' names (a table with sides), else everyone else at the table
    others: list[str] = field(default_factory=list)
    against: bool = False  # whether ``others`` are the other side (chess: my opponent)
    points: str = ""  # what I scored in this round ("" while it has no result that counts)


@dataclass
class Standing:
    rank: Any
    cells: list[tuple[str, str]]  # (header, value): the first columns of the standings


@dataclass
class Evening:
    entrant: Entrant
    now: MyTable | None  # my table in the open round
    open_number: int | None  # the open round's number (None: no round open)
    drawn_seat: RegistrationSeat | None  # the seat from the draw at registration
    history: list[MyTable] = field(default_factory=list)  # published and closed rounds
    standing: Standing | None = None


def table_view(table: Table) -> TableView:
    """One table with its seats by side and its result, as spectators' pages build it."""
    t = table.round.tournament
    disc = of(t)
    seats = sorted(table.seats.select_related("entrant"), key=lambda s: (s.side or 0,
                                                                          s.position))
    sides: list[SideView] = []
    for s in seats:
        if not sides or sides[-1].seats[-1].side != s.side:
            sides.append(SideView(disc.side_label(s.side), []))
        sides[-1].seats.append(SeatView(s.entrant.start_number, s.entrant.name, s.side,
                                        s.entrant_id))
    view = TableView(table.number, table.token, sides, settings=t.scoring or {})
    result = Result.objects.filter(table=table).first()
    if result is not None:
        view.status, view.payload = result.status, result.payload
    return view


def _mine(seat: Seat) -> MyTable:
    table = seat.table
    rnd = table.round
    t = rnd.tournament
    view = table_view(table)
    result = Result.objects.filter(table=table).only("version").first()
    text = (result_text(t.discipline, view.payload, view, of(t).settings(t))
            if view.payload is not None else "")
    seats = [s for side in view.sides for s in side.seats]
    opponents = [s.name for s in seats if seat.side is not None and s.side != seat.side]
    others = opponents or [s.name for s in seats if s.entrant_id != seat.entrant_id]
    return MyTable(rnd.number, rnd.status == Round.Status.OPEN, view, seat.side,
                   of(t).side_label(seat.side) if seat.side is not None else "", text,
                   view.status, result.version if result else 0, others, bool(opponents))


def _round_points(entrant: Entrant, history: list[MyTable]) -> None:
    """Each round's own score: the first standings value after it less the one before it
    (chess: 1, ½ or 0; a card game: the points of the round), where a result counts."""
    t = entrant.tournament
    counted = [m for m in history if m.status in (Result.Status.SUBMITTED,
                                                   Result.Status.CONFIRMED)]
    if not counted:
        return
    wanted = sorted({n for m in counted for n in (m.round_number - 1, m.round_number)})
    after = standings_after(t, wanted)

    def main(n: int) -> Any:
        if n <= 0:
            return 0
        row = next((r for r in after[n].get("standings", [])
                    if r["entrant"] == entrant.start_number), None)
        return next(iter(row["values"].values()), None) if row else None

    for m in counted:
        now, before = main(m.round_number), main(m.round_number - 1)
        if isinstance(now, int | float) and isinstance(before, int | float):
            m.points = number(now - before)


def _standing(entrant: Entrant) -> Standing | None:
    table = standings_table(entrant.tournament, limit_columns=3)
    row = next((r for r in table.rows if r["entrant"] == entrant.start_number), None)
    if row is None:
        return None
    return Standing(row["rank"], [(h, v) for (_k, h), v in zip(table.headers, row["cells"],
                                                               strict=False)])


def evening(entrant: Entrant) -> Evening:
    t = entrant.tournament
    rnd = open_round(t)
    seats = list(Seat.objects.select_related("table__round__tournament")
                 .filter(entrant=entrant).exclude(round__status=Round.Status.PREVIEW)
                 .order_by("round__number"))
    history = [_mine(s) for s in seats]
    _round_points(entrant, history)
    now = next((m for m in history if rnd is not None and m.round_number == rnd.number), None)
    drawn = None
    if not t.rounds.exists():
        drawn = RegistrationSeat.objects.filter(entrant=entrant).first()
    standing = _standing(entrant) if history else None
    return Evening(entrant, now, rnd.number if rnd else None, drawn, history, standing)
