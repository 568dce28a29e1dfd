"""Chess: the game of two players (Chaos's EnterResult), pairing numbers, rules and byes."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet
from django.utils.translation import gettext as _

from scoring.ratings import dwz_text

from ...models import Entrant, Round, Table, Tournament
from ...services.base import ServiceError
from .. import of
from . import trf
from .models import ByeRequest, PairingRule


def chess_game_get(t: Tournament, white: int, black: int, round_number: int | None) -> Table:
    """The table where start number ``white`` had white against ``black``: the latest
    round in which they met, or ``round_number``. Refused under the field it concerns when
    a number is unknown, they have no game (there), the colours are the other way round,
    or the round is not published yet."""
    known = set(Entrant.objects.filter(tournament=t, start_number__in=[white, black])
                .values_list("start_number", flat=True))
    for no, field in ((white, "white"), (black, "black")):
        if no not in known:
            raise ServiceError(_("no entrant has start number %(n)s") % {"n": no}, field)
    if white == black:
        raise ServiceError(_("a player cannot play against himself"), "black")
    tables = (Table.objects.filter(round__tournament=t, seats__entrant__start_number=white)
              .filter(seats__entrant__start_number=black).select_related("round")
              .order_by("-round__number"))
    if round_number is not None:
        tables = tables.filter(round__number=round_number)
    met = list(tables.prefetch_related("seats__entrant"))
    if not met:
        if round_number is not None:
            raise ServiceError(_("%(w)s and %(b)s have no game in round %(n)s")
                               % {"w": white, "b": black, "n": round_number}, "black")
        raise ServiceError(_("%(w)s and %(b)s have no game") % {"w": white, "b": black},
                           "black")
    # the latest game with these colours (a double round robin has both)
    table = next((tb for tb in met if any(
        seat.entrant.start_number == white and seat.side == 1
        for seat in tb.seats.all())), None)
    if table is None:
        raise ServiceError(_("in round %(n)s, %(w)s had black against %(b)s; give the "
                             "player with white as white")
                           % {"n": met[0].round.number, "w": white, "b": black}, "white")
    if table.round.status == Round.Status.PREVIEW:
        raise ServiceError(_("round %(n)s is not published yet; publish it first")
                           % {"n": table.round.number}, "round")
    return table


@dataclass
class RankingRow:
    """A line of the initial ranking: pairing number ``pairing_number`` is this entrant."""

    pairing_number: int
    entrant: int  # start number
    name: str
    elo: int | None
    dwz: int | None
    title: str
    status: str
    dwz_text: str = "–"  # 1834-23, or 1457-(3) for a provisional DWZ


def chess_ranking_list(t: Tournament) -> list[RankingRow]:
    """The initial ranking (the pairing numbers of the Dutch draw and the TRF file)."""
    if not of(t).has_trf:
        raise ServiceError(_("pairing numbers exist in chess only"))
    rows = []
    for k, e in enumerate(trf.initial_ranking(t), 1):
        players = list(e.players.all())
        p = players[0] if len(players) == 1 else None  # the entrant's one player
        rows.append(RankingRow(
            pairing_number=k, entrant=e.start_number, name=e.name,
            elo=e.rating if e.rating is not None else (p.rating if p else None),
            dwz=p.dwz if p else None, title=p.title if p else "", status=e.status,
            dwz_text=dwz_text(p.dwz, p.dwz_index, p.dwz_provisional) if p else "–"))
    return rows


def pairing_rule_list(t: Tournament) -> QuerySet[PairingRule]:
    """The tournament's set and forbidden pairings with both players."""
    return PairingRule.objects.filter(tournament=t).select_related("first", "second")


def bye_request_list(t: Tournament) -> QuerySet[ByeRequest]:
    """The byes asked for, with their entrants."""
    return ByeRequest.objects.filter(tournament=t).select_related("entrant")
