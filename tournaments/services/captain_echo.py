"""What a captain reads back after sending: the result as it was stored, in the discipline's
own words (Mucken "Bobbl 2:0 (21:15, 21:18)", chess "1 – 0"), and what happens next."""

from __future__ import annotations

from dataclasses import dataclass

from ..models import Result, ResultRevision, Table
from .public import SeatView, SideView, TableView, result_text, side_label


@dataclass(frozen=True)
class Echo:
    mine: str  # what this phone's report stored
    counted: str  # the table's result that stands, when it differs from ``mine`` ("" else)
    notice: str = ""  # what to check about the stored report (Pussi: games missing)


def _view(table: Table) -> TableView:
    discipline = table.round.tournament.discipline
    sides: list[SideView] = []
    for s in sorted(table.seats.select_related("entrant"), key=lambda s: (s.side or 0,
                                                                           s.position)):
        if not sides or sides[-1].seats[-1].side != s.side:
            sides.append(SideView(side_label(discipline, s.side), []))
        sides[-1].seats.append(SeatView(s.entrant.start_number, s.entrant.name, s.side,
                                        s.entrant_id))
    return TableView(table.number, table.token, sides,
                     settings=table.round.tournament.scoring or {})


def echo(table: Table, reporter: str) -> Echo | None:
    """The stored report of ``reporter`` (a device's key) at ``table``, and the result that
    stands if it is another one; None when nothing is stored."""
    result = Result.objects.filter(table=table).first()
    if result is None:
        return None
    own = (ResultRevision.objects.filter(table=table, undone=False, reporter=reporter)
           .order_by("-created", "-id").first())
    discipline = table.round.tournament.discipline
    view = _view(table)
    payload = own.payload if own is not None else result.payload
    mine = result_text(discipline, payload, view)
    counted = "" if payload == result.payload else result_text(discipline, result.payload,
                                                               view)
    t = table.round.tournament
    return Echo(mine, counted, t.disc.report_notice(t, payload, table.round))
