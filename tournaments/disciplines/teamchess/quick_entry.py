"""The director's quick entry for team matches: "3 1 1 ½ 0" and Enter sets match 3.

The chess quick entry takes one board a line; a team match has B boards, so the director
types the match number and then each board's result from the first-named team's side, as
the match sheet lists them, separated by spaces::

    3 1 1 ½ 0            match 3: 1-0, 1-0, ½-½, 0-1
    3 1-0 ½-½ 0-1 1-0    the same in full
    3 11½0               the short form: one character a board (1, 0, ½ or =)

A board's result is spelt as in chess (``1``, ``0``, ``=``/``½``/``r``, ``+``/``-`` for a
forfeit, ``--`` both forfeit). The result is stored through
:func:`~tournaments.services.results.director_set_result` (confirmed, logged, undoable) like
the match form's; every refusal names the place (match, board) at the one field.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ...models import Round, Table, Tournament
from ...services.base import Actor, ServiceError
from ...services.results import director_set_result, tables_without_result
from .score import half, match_score

FIELD = "quick"
MAX_LENGTH = 160  # match number and twelve boards written out in full, with room
PLACEHOLDER = "3 1 1 ½ 0"
HELP = gettext_lazy("Match number, then each board's result from team 1's side, separated "
                    "by spaces; Enter saves. 1 = team 1's player wins, = or ½ = draw, 0 = "
                    "team 1's player loses, + or − = won or lost by forfeit. Short form: "
                    "“3 11½0”.")

TOKENS: dict[str, str] = {
    "1": "1-0", "1-0": "1-0", "1:0": "1-0",
    "0": "0-1", "0-1": "0-1", "0:1": "0-1",
    "=": "1/2-1/2", "½": "1/2-1/2", "r": "1/2-1/2", "remis": "1/2-1/2", "0.5": "1/2-1/2",
    "0,5": "1/2-1/2", "1/2": "1/2-1/2", "1/2-1/2": "1/2-1/2", "½-½": "1/2-1/2",
    "+": "+-", "+-": "+-", "-": "-+", "-+": "-+", "--": "--",
}
MISSING = gettext_lazy("Matches without a result:")
ALL_DONE = gettext_lazy("Every match has a result.")
SHORT = {"1": "1-0", "0": "0-1", "½": "1/2-1/2", "=": "1/2-1/2"}  # one character a board


def _example() -> str:
    return _("Type a match number and its boards' results, e.g. “3 1 1 ½ 0”.")


def parse(text: str) -> tuple[int, list[str]]:
    """Match number and the boards' scores as typed (not yet checked against the match's
    number of boards); a ServiceError at the field otherwise."""
    if not isinstance(text, str) or len(text) > MAX_LENGTH:
        raise ServiceError(_example(), FIELD)
    parts = text.replace("\u00a0", " ").split()
    if parts and parts[0].endswith(":"):  # "3: 1 1 ½ 0"
        parts[0] = parts[0][:-1]
    if len(parts) < 2 or not parts[0].isdigit() or len(parts[0]) > 4:
        raise ServiceError(_example(), FIELD)
    match = int(parts[0])
    tokens = parts[1:]
    if len(tokens) == 1 and len(tokens[0]) > 1 and all(c in SHORT for c in tokens[0]):
        return match, [SHORT[c] for c in tokens[0]]
    scores = []
    for board, token in enumerate(tokens, 1):
        score = TOKENS.get(token.lower())
        if score is None:
            raise ServiceError(_("Match %(match)s, board %(board)s: “%(token)s” is not a "
                                 "result: use 1, =, 0, + or − (forfeit).")
                               % {"match": match, "board": board, "token": token[:20]},
                               FIELD)
        scores.append(score)
    return match, scores


@dataclass(frozen=True)
class Entered:
    """What the page echoes: the match, both teams and the match score stored."""

    board: int
    first: str
    second: str
    boards: list[str]



def enter(rnd: Round, actor: Actor, text: str) -> Entered:
    """Store the typed results of one match of an open round as the director's result."""
    match, scores = parse(text)
    if rnd.status != Round.Status.OPEN:
        raise ServiceError(_("Round %(n)s is not open for results.") % {"n": rnd.number},
                           FIELD)
    table = (Table.objects.filter(round=rnd, number=match).select_related("round")
             .prefetch_related("seats__entrant").first())
    if table is None:
        raise ServiceError(_("Round %(round)s has no match %(match)s (matches 1 to "
                             "%(last)s).") % {"round": rnd.number, "match": match,
                                              "last": rnd.tables.count()}, FIELD)
    seats = sorted(table.seats.all(), key=lambda s: s.side or 0)
    if len(seats) != 2:
        raise ServiceError(_("Match %(match)s has no two teams.") % {"match": match}, FIELD)
    boards = int(rnd.tournament.disc.settings(rnd.tournament).boards)
    if len(scores) != boards:
        raise ServiceError(_("Match %(match)s has %(boards)s boards; you typed %(typed)s "
                             "results.") % {"match": match, "boards": boards,
                                            "typed": len(scores)}, FIELD)
    try:
        director_set_result(table, actor, {"boards": scores})
    except ServiceError as exc:  # placed at the one field this form has
        said = "; ".join(str(m) for ms in exc.errors.values() for m in ms)
        raise ServiceError({FIELD: [_("Match %(match)s: %(error)s")
                                    % {"match": match, "error": said}]}) from exc
    return Entered(match, seats[0].entrant.name, seats[1].entrant.name, scores)


def saved(t: Tournament, rnd: Round, entered: Any) -> str:
    """What the round page says after a quick entry: the match score and what is open."""
    score = match_score({"boards": entered.boards})
    shown = f"{half(score[0])} : {half(score[1])}" if score is not None else ""
    said = (_("Match %(match)s: %(first)s – %(second)s %(score)s saved.")
            % {"match": entered.board, "first": entered.first, "second": entered.second,
               "score": shown})
    open_matches = tables_without_result(rnd)
    if open_matches:
        return said + " " + _("Still open: %(boards)s.") % {
            "boards": ", ".join(map(str, open_matches))}
    return said + " " + _("Every match has a result.")
