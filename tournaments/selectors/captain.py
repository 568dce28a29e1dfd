"""What a table captain's link shows."""

from __future__ import annotations

from dataclasses import dataclass

from ..models import Result, Round, Seat, Table


@dataclass
class CaptainTable:
    """The captain's table: where it plays, who sits there, and whether it takes results."""

    tournament: str
    discipline: str
    round: int
    round_status: str
    table: int
    seats: list[Seat]
    result_status: str | None
    accepting: bool  # the round is open for results


def captain_table_get(table: Table) -> CaptainTable:
    rnd = table.round
    res = Result.objects.filter(table=table).first()
    return CaptainTable(
        tournament=rnd.tournament.name, discipline=rnd.tournament.discipline,
        round=rnd.number, round_status=rnd.status, table=table.number,
        seats=list(table.seats.select_related("entrant")),
        result_status=res.status if res else None,
        accepting=rnd.status == Round.Status.OPEN)
