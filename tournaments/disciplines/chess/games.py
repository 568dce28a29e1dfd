"""Who plays a round, the games played over the board and their colours.

What both the director's wishes (:mod:`.services`) and the Dutch draw (:mod:`.draw`) check.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from django.db.models import F
from django.utils.translation import gettext as _

from ...models import Entrant, Result, Table, Tournament

WHITE, BLACK = "w", "b"
PLAYED_SCORES = frozenset({"1-0", "0-1", "1/2-1/2"})  # over the board; forfeits are no game


def plays_in(e: Entrant, number: int) -> bool:
    """Does the entrant belong to round ``number``: joined by then and not withdrawn before it?"""
    if e.joined_round > number:
        return False
    if e.withdrawn_from_round is not None:
        return number < e.withdrawn_from_round
    return e.status != Entrant.Status.WITHDRAWN

def _label(e: Entrant) -> str:
    return f"{e.start_number}. {e.name}"

@dataclass(frozen=True)
class Game:
    """One board of an earlier round as the colour and rematch checks see it."""

    round: int
    opponent: int  # entrant id
    colour: str  # "w" or "b"


def games_over_the_board(t: Tournament) -> dict[int, list[Game]]:
    """Per entrant id, the games played over the board in round order.

    Forfeits are no games (no colour, the two have not met). A board without a
    result yet counts as a game: it is about to be played.
    """
    games: dict[int, list[Game]] = defaultdict(list)
    # The round's number only: joining the whole round decoded its draw explanation (a big
    # JSON list) once per table, 40 s of a 1,000-player round 10 (bench/sections.py).
    tables = (Table.objects.filter(round__tournament=t).select_related("result")
              .annotate(round_number=F("round__number"))
              .prefetch_related("seats").order_by("round__number", "number"))
    for table in tables:
        number: int = getattr(table, "round_number")  # noqa: B009 (an annotation)
        res = getattr(table, "result", None)
        if res is not None and (res.status == Result.Status.DISPUTED
                                or (res.payload or {}).get("score") not in PLAYED_SCORES):
            continue
        sides = {s.side: s.entrant_id for s in table.seats.all()}
        white, black = sides.get(1), sides.get(2)
        if white and black:
            games[white].append(Game(number, black, WHITE))
            games[black].append(Game(number, white, BLACK))
    return games


def colour_clash(name: str, colours: Sequence[str], colour: str) -> list[str]:
    """What giving ``colour`` would break for a player with these colours (played games, in order).

    The absolute colour criteria of C.04.3 (C.04.1 f, g): never the same colour
    three times in a row, never a colour difference beyond +2 or -2.
    """
    after = [*colours, colour]
    problems = []
    if len(after) >= 3 and after[-3:] == [colour] * 3:
        problems.append((_("%(name)s would get white for the third time in a row")
                         if colour == WHITE else
                         _("%(name)s would get black for the third time in a row"))
                        % {"name": name})
    difference = after.count(WHITE) - after.count(BLACK)
    if abs(difference) > 2:
        problems.append((_("%(name)s would have played %(n)s more games with white than "
                           "with black") if difference > 0 else
                         _("%(name)s would have played %(n)s more games with black than "
                           "with white")) % {"name": name, "n": abs(difference)})
    return problems
