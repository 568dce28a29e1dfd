"""The FIDE team Swiss (C.04.6) of a team chess round, from the database.

Each team's earlier rounds become ``pairing.teams.swiss_state.TeamRound``s: the opponent,
the board-1 colour (the team on side 1 has White on board 1), whether a game was played
over the board, the match and board points, a win by forfeit; byes by their kind. The
team pairing number (TPN) is the start number, which round 1 gives by the initial order
(:func:`initial_order`). Absent and withdrawn teams are not paired (no bye either).
"""

from __future__ import annotations

from fractions import Fraction

import pairing
from pairing.lot import colour_by_lot
from pairing.teams import lineup as lineups
from pairing.teams.swiss import NoTeamPairing, pair
from pairing.teams.swiss_state import (
    BLACK,
    FULL_BYE,
    HALF_BYE,
    MATCH,
    PAB,
    WHITE,
    ZERO_BYE,
    SwissTeam,
    TeamRound,
    TeamSwissState,
)
from scoring.i18n import N_, Message
from scoring.teams import PLAYED_RESULTS, Game, Match, match_score

from ...core_messages import renumbered, say
from ...models import Entrant, Round, Tournament
from ...services.base import ServiceError
from ...services.teams import pure_team
from ..registry import of

BYE_KINDS = {"bye": PAB, "half": HALF_BYE, "zero": ZERO_BYE, "forfeit-win": FULL_BYE}


def initial_order(t: Tournament) -> list[Entrant]:
    """The teams as the Olympiad Pairing Rules 3.1 rank them: the average Elo of the top
    boards, the next player's, then the name (``pairing.teams.lineup.initial_order``)."""
    entrants = {e.start_number: e for e in t.entrants.all()}
    boards = of(t).settings(t).boards
    teams = [pure_team(e) for e in entrants.values()]
    return [entrants[team.number] for team in lineups.initial_order(teams, boards)]


def initial_colour(t: Tournament, seed: str | None = None) -> tuple[str, str]:
    """(``"w"``/``"b"``, how: ``setting`` or ``lot``): C.04.6 4.1's initial-colour, fixed in
    the settings or drawn by lot with round 1's seed (``seed`` while round 1 is drawn), as
    chess draws its first colour (``pairing.lot.colour_by_lot``), so anyone can draw it
    again. Needed in every round: 4.3.1 applies whenever both teams have yet to play."""
    setting = of(t).settings(t).first_colour
    if setting in ("white", "black"):
        return setting[0], "setting"
    if seed is None:
        seed = (t.rounds.filter(number=1).values_list("draw_seed", flat=True).first()
                or "")
    return colour_by_lot(seed), "lot"


def initial_colour_line(colour: str, how: str, seed: str) -> Message:
    """The draw's explanation of the initial colour (said in the reader's language)."""
    word = N_("White") if colour == "w" else N_("Black")
    if how == "lot":
        return N_("Initial colour (C.04.6 4.1) drawn by lot (seed %(seed)s): %(colour)s (in "
                  "round 1 for each match's higher-ranked team with an odd number)",
                  seed=seed, colour=word)
    return N_("Initial colour (C.04.6 4.1) as set in the settings: %(colour)s (in round 1 "
              "for each match's higher-ranked team with an odd number)", colour=word)


def _history(t: Tournament, number: int) -> dict[int, list[TeamRound]]:
    """Each team's rounds before ``number``, by entrant id; opponents by their TPN (the
    start number), as the engine numbers the teams."""
    settings = of(t).settings(t)
    points = settings.points
    entrants = list(t.entrants.all())
    tpn = {e.pk: e.start_number for e in entrants}
    out: dict[int, list[TeamRound]] = {e.pk: [] for e in entrants}
    rounds = (Round.objects.filter(tournament=t, number__lt=number).order_by("number")
              .prefetch_related("tables__seats", "byes"))
    for rnd in rounds:
        seen: set[int] = set()
        for table in rnd.tables.all():
            sides = {s.side: s.entrant_id for s in table.seats.all()}
            if 1 not in sides or 2 not in sides:
                continue
            result = getattr(table, "result", None)
            boards = (result.payload or {}).get("boards") if result is not None else None
            if not isinstance(boards, list) or len(boards) != settings.boards:
                boards = ["--"] * settings.boards
            match = Match(rnd.number, sides[1], sides[2],
                          tuple(Game(k + 1, None, None, b) for k, b in enumerate(boards)))
            gp1, gp2, mp1, mp2 = match_score(match, points)
            played = any(b in PLAYED_RESULTS for b in boards)
            for side, own_mp, own_gp, other_mp in ((1, mp1, gp1, mp2), (2, mp2, gp2, mp1)):
                opponent = tpn[sides[3 - side]]
                out[sides[side]].append(TeamRound(
                    MATCH, opponent, WHITE if side == 1 else BLACK, played, own_mp, own_gp,
                    won_by_forfeit=not played and own_mp > other_mp))
                seen.add(sides[side])
        for bye in rnd.byes.all():
            kind = BYE_KINDS.get(bye.kind, ZERO_BYE)
            mp = {PAB: points.draw, HALF_BYE: points.draw, FULL_BYE: points.win}.get(
                kind, points.loss)
            per_board = {PAB: Fraction(1, 2), HALF_BYE: Fraction(1, 2), FULL_BYE: Fraction(1)}
            out[bye.entrant_id].append(TeamRound(kind, match_points=mp, game_points=per_board.get(
                kind, Fraction(0)) * settings.boards))
            seen.add(bye.entrant_id)
        for pk, rounds_of in out.items():
            if pk not in seen:
                rounds_of.append(TeamRound(ZERO_BYE))
    return out


def team_swiss_draw(t: Tournament, number: int, seed: str) -> pairing.Draw:
    """Round ``number`` by C.04.6: matches (side 1 has White on board 1) and the PAB."""
    entrants = list(t.entrants.all())
    by_number = {e.start_number: e for e in entrants}
    history = _history(t, number)
    teams = tuple(SwissTeam(e.start_number, tuple(history[e.pk]), absent=not e.active)
                  for e in sorted(entrants, key=lambda e: e.start_number))
    if sum(1 for team in teams if not team.absent) < 2:
        raise ServiceError(say("at least two active entrants are needed for a draw"))
    colour, how = initial_colour(t, seed if number == 1 else None)
    state = TeamSwissState(number, max(t.planned_rounds, number), teams,
                           initial_colour=WHITE if colour == "w" else BLACK)
    try:
        result = pair(state)
    except NoTeamPairing as exc:
        raise ServiceError(say(exc)) from None
    tables = tuple(pairing.DrawnTable(((by_number[w].pk, 1), (by_number[b].pk, 2)))
                   for w, b in result.matches)
    byes = ((by_number[result.bye].pk, "bye"),) if result.bye is not None else ()
    lines = tuple(renumbered(line, lambda n: by_number[n].pk if n in by_number else n)
                  for line in result.explanation)
    if number == 1:
        lines = (initial_colour_line(colour, how, seed), *lines)
    return pairing.Draw(tables, byes, lines)
