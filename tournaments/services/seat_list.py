"""“Where do I sit?”: everyone of a round alphabetically, with table and seat or side.

What a hall hangs on the wall and shows on the projector between the standings: one line
per person (a fixed pair's two players each under their own name), sorted by surname as a
German list is (umlauts with their base letter, case ignored), with the table and the side
(White/Black, Party 1/2) or, at tables without sides, the seat. Those with a bye are
listed too, with the bye's name instead of a table. Read-only, like services.public.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.utils.translation import gettext as _

from ..common.text import surname_key
from ..disciplines import of
from ..models import ActionLog, Round, Seat, Tournament
from .public import round_byes, side_label


@dataclass(frozen=True)
class SeatLine:
    name: str
    table: int | None  # None: a bye
    place: str  # the side's name, "Seat 2", or the bye's name
    start_number: int
    pair: str = ""  # a fixed pair's name, when the line is one of its players


def sort_key(name: str) -> tuple[str, str, str]:
    """Surname first, German list order (DIN 5007 variant 1: ä as a, ß as ss, case ignored):
    people look for their surname (issue 31: the list was sorted by first name)."""
    return surname_key(name)


def _people(entrant: Any) -> list[tuple[str, str]]:
    """(name, pair name): a fixed pair's players one by one, else the entrant itself."""
    players = [p.name for p in entrant.players.all()]
    if len(players) > 1:
        return [(p, entrant.name) for p in players]
    return [(entrant.name, "")]


def seat_lines(rnd: Round) -> list[SeatLine]:
    discipline = rnd.tournament.discipline
    seats = (Seat.objects.filter(round=rnd).select_related("table", "entrant")
             .prefetch_related("entrant__players"))
    lines: list[SeatLine] = []
    for s in seats:
        if s.side is not None:
            place = side_label(discipline, s.side)
        else:
            place = _("Seat %(n)s") % {"n": s.position + 1}
        lines += [SeatLine(name, s.table.number, place, s.entrant.start_number, pair)
                  for name, pair in _people(s.entrant)]
    entrants = {e.start_number: e for e in rnd.tournament.entrants.prefetch_related("players")}
    for bye in round_byes(rnd):
        entrant = entrants.get(bye.start_number)
        people = _people(entrant) if entrant is not None else [(bye.name, "")]
        lines += [SeatLine(name, None, bye.label, bye.start_number, pair)
                  for name, pair in people]
    return sorted(lines, key=lambda line: sort_key(line.name))


def round_started(rnd: Round) -> datetime | None:
    """When the round was published (its latest publication in the log), if it was."""
    entry = (ActionLog.objects.filter(tournament_id=rnd.tournament_id, action="publish_round",
                                      target=f"round {rnd.number}", undone_by__isnull=True)
             .order_by("-id").only("created").first())
    return entry.created if entry else None


def time_limit(t: Tournament, rnd: Round | None, size: int | None = None
               ) -> dict[str, Any] | None:
    """The round's time limit (minutes per round, ``WebDiscipline.time_limit``) at a table
    of ``size`` (None: the usual table, with ``others``: the tables of another size that
    have their own, as Doppelkopf's tables of five) and, while the round is open, when it
    ends; None without a limit."""
    disc = of(t)
    minutes = disc.time_limit(t, size)
    if minutes is None:
        return None
    started = (round_started(rnd) if rnd is not None and rnd.status == Round.Status.OPEN
               else None)

    def end(m: int) -> datetime | None:
        return started + timedelta(minutes=m) if started else None

    others = [] if size is not None else [
        {"size": n, "minutes": m, "ends": end(m)}
        for n, m in sorted(disc.other_time_limits(t).items()) if m != minutes]
    return {"minutes": minutes, "ends": end(minutes), "others": others}

