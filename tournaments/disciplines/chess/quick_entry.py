"""The arbiter's quick entry: "12 1" and Enter sets board 12 to 1-0.

An arbiter collecting score sheets at the end of a round types the board number and the
result as it stands on the sheet, one board after another, without touching the mouse:

=====================================  ==========
typed after the board number           result
=====================================  ==========
``1``, ``1-0``                         ``1-0``
``0``, ``0-1``                         ``0-1``
``=``, ``½``, ``r``, ``0.5``, ``1/2``  ``1/2-1/2`` (remis)
``+``, ``+-``                          ``+-`` (White wins by forfeit)
``-``, ``-+``                          ``-+`` (Black wins by forfeit)
``--``                                 ``--`` (both forfeit)
=====================================  ==========

The result is stored as the director's (confirmed, logged like any director's entry); the
page echoes the board with both names so a slip of the finger is seen at once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ...models import Round, Table, Tournament
from ...services.base import Actor, ServiceError
from ...services.results import director_set_result, tables_without_result

FIELD = "quick"
PLACEHOLDER = "12 1"
HELP = gettext_lazy("Board number, space, result; Enter saves. 1 = White wins, = or ½ = draw, "
                    "0 = Black wins, + or − = won or lost by forfeit.")
MISSING = gettext_lazy("Boards without a result:")
ALL_DONE = gettext_lazy("Every board has a result.")
MAX_LENGTH = 40  # "123 1/2-1/2" with room for spaces; anything longer is not an entry

# What may follow the board number, each spelling to the score the chess scoring reads.
TOKENS: dict[str, str] = {
    "1": "1-0", "1-0": "1-0", "1:0": "1-0",
    "0": "0-1", "0-1": "0-1", "0:1": "0-1",
    "=": "1/2-1/2", "½": "1/2-1/2", "r": "1/2-1/2", "remis": "1/2-1/2", "0.5": "1/2-1/2",
    "0,5": "1/2-1/2", "1/2": "1/2-1/2", "1/2-1/2": "1/2-1/2", "½-½": "1/2-1/2",
    "+": "+-", "+-": "+-", "-": "-+", "-+": "-+", "--": "--",
}
ENTRY = re.compile(r"^\s*(\d{1,4})\s*([^\s\d]\S*|\d\S*)\s*$")


def parse(text: str) -> tuple[int, str]:
    """Board number and score from what was typed; a ServiceError at the field otherwise."""
    if len(text) > MAX_LENGTH:
        raise ServiceError(_("Type a board number and a result, e.g. “12 1”."), FIELD)
    match = ENTRY.match(text.replace("\u00a0", " "))
    if match is None:
        raise ServiceError(_("Type a board number and a result, e.g. “12 1”, “12 =” or "
                             "“12 0”."), FIELD)
    board, token = int(match.group(1)), match.group(2).lower()
    score = TOKENS.get(token)
    if score is None:
        raise ServiceError(_("“%(token)s” is not a result: use 1, =, 0, + or − (forfeit).")
                           % {"token": match.group(2)}, FIELD)
    return board, score


@dataclass(frozen=True)
class Entered:
    """What the page echoes: the board, who sat there and the score stored."""

    board: int
    white: str
    black: str
    score: str



def enter(rnd: Round, actor: Actor, text: str) -> Entered:
    """Store the typed result of one board of an open round as the director's result."""
    board, score = parse(text)
    if rnd.status != Round.Status.OPEN:
        raise ServiceError(_("Round %(n)s is not open for results.") % {"n": rnd.number},
                           FIELD)
    table = (Table.objects.filter(round=rnd, number=board).select_related("round")
             .prefetch_related("seats__entrant").first())
    if table is None:
        last = rnd.tables.count()
        raise ServiceError(_("Round %(round)s has no board %(board)s (boards 1 to %(last)s).")
                           % {"round": rnd.number, "board": board, "last": last}, FIELD)
    seats = sorted(table.seats.all(), key=lambda s: s.side or 0)
    if len(seats) != 2:
        raise ServiceError(_("Board %(board)s has no two players.") % {"board": board}, FIELD)
    try:
        director_set_result(table, actor, {"score": score})
    except ServiceError as exc:  # placed at the one field this form has
        raise ServiceError({FIELD: exc.messages}) from exc
    return Entered(board, seats[0].entrant.name, seats[1].entrant.name, score)


def saved(t: Tournament, rnd: Round, entered: Any) -> str:
    """What the round page says after a quick entry: the game and what is still open."""
    open_boards = tables_without_result(rnd)
    said = (_("Board %(board)s: %(white)s – %(black)s %(score)s saved.")
            % {"board": entered.board, "white": entered.white, "black": entered.black,
               "score": t.disc.result_line({"score": entered.score}, None, None)})
    if open_boards:
        return said + " " + _("Still open: %(boards)s.") % {
            "boards": ", ".join(map(str, open_boards))}
    return said + " " + _("Every board has a result.")
