"""A team tournament as a TRF-2026 file: every player's ``001`` line with the games of the
line-ups, then the team records of ``pairing.teams.trf`` (``082``, ``352``, ``362``,
``310``, ``320``, ``330``; docs/teams.md gives their columns and sources).

Players are numbered team by team (teams in start-number order, each in its board order):
the starting rank of a team's first player follows the last of the team before. A board
game gives both players a cell with the opponent's number, the colour and the result; a
board forfeited by one side gives the player present ``+`` against the absent opponent's
number when there was one, ``0000 - +`` when the board was empty; a player who did not
play a round has an empty cell. Byes and forfeited matches are the team records' (``320``,
``330``), as TRF-2026 says.
"""

from __future__ import annotations

from fractions import Fraction

from pairing.teams.trf import TrfTeam, team_section
from pairing.trf import Cell, TrfPlayer, player_line
from scoring.teams import PLAYED_RESULTS

from ...models import Entrant, Round, Table, TeamMember, Tournament
from ...services.standings import standings
from ...services.teams import match_lines, roster
from ..registry import of

CELL = {"1-0": ("1", "0"), "0-1": ("0", "1"), "1/2-1/2": ("=", "="), "+-": ("+", "-"),
        "-+": ("-", "+"), "--": ("-", "-")}
POINTS = {"1": Fraction(1), "=": Fraction(1, 2), "+": Fraction(1)}


def _head(number: int, member: TeamMember) -> str:
    """Columns 1-80 of a ``001`` line: number, name (15-47), rating (49-52)."""
    rating = member.player.rating or 0
    name = member.player.name[:33]
    return f"001 {number:>4}      {name:<33} {rating or '':>4}".ljust(80)


def export_trf(t: Tournament) -> str:
    settings = of(t).settings(t)
    entrants = list(t.entrants.order_by("start_number"))
    numbers: dict[tuple[int, int], int] = {}  # (entrant id, board-order place) -> rank
    players: dict[int, TrfPlayer] = {}
    rosters: dict[int, list[TeamMember]] = {}
    for e in entrants:
        rosters[e.pk] = roster(e)
        for m in rosters[e.pk]:
            number = len(numbers) + 1
            numbers[(e.pk, m.position)] = number
            players[number] = TrfPlayer(number, _head(number, m), Fraction(0), None, [])
    rounds = list(Round.objects.filter(tournament=t).exclude(status=Round.Status.PREVIEW)
                  .order_by("number").prefetch_related("tables__seats", "byes"))
    pab: list[int | None] = []
    forfeits: list[tuple[str, int, int, int]] = []
    by_pk = {e.pk: e for e in entrants}
    for rnd in rounds:
        for p in players.values():
            p.cells.append(None)
        for table in rnd.tables.all():
            _match(rnd, table, by_pk, numbers, players, settings.boards, forfeits)
        byes = [b for b in rnd.byes.all() if b.kind == "bye"]
        pab.append(by_pk[byes[0].entrant_id].start_number if byes else None)
    rows = {r["entrant"]: r for r in standings(t)["standings"]}
    teams = []
    for e in entrants:
        row = rows.get(e.start_number, {"values": {}, "rank": None})
        values = row["values"]
        teams.append(TrfTeam(
            e.start_number, e.name, tuple(numbers[(e.pk, m.position)] for m in rosters[e.pk]),
            strength=e.rating, rank=row["rank"],
            match_points=Fraction(str(values.get("mp", 0))),
            game_points=Fraction(str(values.get("gp", 0)))))
    lines = [f"012 {t.name}"[:200], f"062 {len(players)}",
             f"092 {'Team round robin' if not settings.swiss else 'Team Swiss System'}",
             f"XXR {t.planned_rounds}"]
    lines += [player_line(p) for p in players.values()]
    points = settings.points
    lines += team_section(teams, "TRF-26", "WB", (points.win, points.draw, points.loss),
                          (points.draw, Fraction(settings.boards, 2), pab), forfeits)
    return "\n".join(lines) + "\n"


def _match(rnd: Round, table: Table, by_pk: dict[int, Entrant],
           numbers: dict[tuple[int, int], int], players: dict[int, TrfPlayer], boards: int,
           forfeits: list[tuple[str, int, int, int]]) -> None:
    """The cells of one match's boards (and its record ``330`` if nobody played)."""
    seats = {s.side: s.entrant_id for s in table.seats.all()}
    if 1 not in seats or 2 not in seats:
        return
    result = getattr(table, "result", None)
    payload = result.payload if result is not None else None
    results = payload.get("boards") if isinstance(payload, dict) else None
    if not isinstance(results, list) or len(results) != boards:
        return
    lines = match_lines(table)
    if not any(r in PLAYED_RESULTS for r in results):
        kind = "--" if all(r == "--" for r in results) else (
            "+-" if results.count("+-") >= results.count("-+") else "-+")
        forfeits.append((kind, rnd.number, by_pk[seats[1]].start_number,
                         by_pk[seats[2]].start_number))
    for line, outcome in zip(lines, results, strict=False):
        a = numbers.get((seats[1], line.first_place)) if line.first_place else None
        b = numbers.get((seats[2], line.second_place)) if line.second_place else None
        mine, theirs = CELL[outcome]
        first_white = line.first_colour == "W"
        for me, other, code, colour in ((a, b, mine, "w" if first_white else "b"),
                                        (b, a, theirs, "b" if first_white else "w")):
            if me is None:
                continue
            player = players[me]
            player.cells[-1] = Cell(other, colour if other is not None else "-", code)
            player.points = (player.points or Fraction(0)) + POINTS.get(code, Fraction(0))
