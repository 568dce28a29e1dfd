"""Team competitions: match points, board points, team tie-breaks, each player's score.

A **match** is a set of board games between two teams, the first-named team's player
first on each board. Its **game points** (board points, "Brettpunkte") are the sum of the
board results; its **match points** ("Mannschaftspunkte") come from comparing the two
teams' game points: win, draw, loss, by default 2 / 1 / 0 (FIDE C.07 Art. 11.1; TRF-2026
record 362's defaults TW/TD/TL), configurable (a league playing 3 / 1 / 0 says so).

Unplayed boards: ``+-``/``-+`` give the side that was there a win's game points, ``--``
gives nobody anything. A match in which no game was played over the board is a forfeited
match (every board forfeited); it still scores its game and match points.

Byes (a team Swiss): the pairing-allocated bye scores a drawn match, the draw's match
points and a draw on every board (C.04.6 Art. 1.4); ``full``/``half``/``zero`` score a won,
drawn or lost match the same way.

Team tie-breaks (``docs/teams.md`` cites each):

- ``mp``, ``gp``: match points and game points (C.07 11.1);
- ``de``: direct encounter, the match points among the teams still tied, only when every
  pair of them has met (C.07 6);
- ``bh``: Buchholz, the sum of the opponents' match points (C.07 8.1 with 13); an unplayed
  round (bye or forfeited match in a Swiss) counts a dummy opponent with the team's own
  match points, under ``fide2026`` at most a draw's match points times the rounds;
- ``emmsb``, ``emgsb``, ``egmsb``, ``eggsb``: the extended Sonneborn-Berger of C.07 13.2:
  the opponent's match (M) or game (G) points times the match or game points the team
  scored against it; ``emmsb`` is the Sonneborn-Berger on match points, ``emgsb`` the old
  "Olympiad Sonneborn-Berger"; dummies as for ``bh``;
- ``bc``: board count (C.07 12.1): the sum over all games of board number × points; the
  lower ranks higher (points on the top boards weigh more);
- ``tbr``: the points on board 1 (C.07 12.2); ``bbe``: the game points without the lowest
  board of each match, the first step of the bottom-board elimination (C.07 12.3);
- ``berliner``: the German "Berliner Wertung": on B boards a win on board k is worth
  B + 1 − k, a draw half that, summed over the matches (:func:`berliner`);
- ``won``: matches won.

Individual results: :func:`player_results` gives each player's games, points, boards and
performance (FIDE: average opponent rating plus dp; DWZ: Rh), and :func:`rated_games` the
over-the-board games in the shape :mod:`scoring.ratings` rates them one by one.

The same team model serves the card and tabletop disciplines: :func:`member_sum_ranking`
sums the members' values of any team (Skat's teams of four, a BCP-style tabletop team).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .fide_tables import dp_from_score
from .ranking import Criterion, rank
from .ratings import MIN_GAMES_FOR_RH, dwz_performance

PLAYED_RESULTS = ("1-0", "0-1", "1/2-1/2")
RESULTS = (*PLAYED_RESULTS, "+-", "-+", "--")
BYE_KINDS = ("pab", "full", "half", "zero")
TIEBREAKS = ("mp", "gp", "de", "bh", "emmsb", "emgsb", "egmsb", "eggsb", "bc", "tbr", "bbe",
             "berliner", "won")
LOWER_IS_BETTER = frozenset({"bc"})
RULES = ("fide2023", "fide2026")


@dataclass(frozen=True)
class Points:
    """Match points for a won/drawn/lost match and game points for a won/drawn/lost game."""

    win: Fraction = Fraction(2)
    draw: Fraction = Fraction(1)
    loss: Fraction = Fraction(0)
    game_win: Fraction = Fraction(1)
    game_draw: Fraction = Fraction(1, 2)
    game_loss: Fraction = Fraction(0)


@dataclass(frozen=True)
class Game:
    """One board: the first-named team's player ``first`` against ``second`` (member ids,
    None for an empty board), ``first_white`` as the boards' colours say, and the result
    from the first team's side."""

    board: int
    first: int | None
    second: int | None
    result: str
    first_white: bool = True


@dataclass(frozen=True)
class Match:
    round: int
    first: int  # team numbers
    second: int
    games: tuple[Game, ...]

    @property
    def played(self) -> bool:
        """At least one game was played over the board."""
        return any(g.result in PLAYED_RESULTS for g in self.games)


@dataclass(frozen=True)
class Bye:
    round: int
    team: int
    kind: str  # "pab" (pairing-allocated), "full", "half", "zero"


def game_points(result: str, points: Points) -> tuple[Fraction, Fraction]:
    """(first's, second's) game points of one board."""
    w, d, lo = points.game_win, points.game_draw, points.game_loss
    return {"1-0": (w, lo), "0-1": (lo, w), "1/2-1/2": (d, d), "+-": (w, Fraction(0)),
            "-+": (Fraction(0), w), "--": (Fraction(0), Fraction(0))}[result]


def match_score(match: Match, points: Points) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    """(first's game points, second's, first's match points, second's)."""
    gp1 = gp2 = Fraction(0)
    for g in match.games:
        a, b = game_points(g.result, points)
        gp1 += a
        gp2 += b
    if gp1 > gp2:
        return gp1, gp2, points.win, points.loss
    if gp1 < gp2:
        return gp1, gp2, points.loss, points.win
    return gp1, gp2, points.draw, points.draw


def berliner(match: Match, points: Points = Points()) -> tuple[Fraction, Fraction]:
    """The Berliner Wertung of one match: on B boards board k is worth B + 1 − k, given to
    the winner of its game, shared on a draw (by the game points' shares)."""
    boards = max((g.board for g in match.games), default=0)
    first = second = Fraction(0)
    for g in match.games:
        a, b = game_points(g.result, points)
        weight = boards + 1 - g.board
        first += weight * a / points.game_win
        second += weight * b / points.game_win
    return first, second


@dataclass
class _Round:
    """One round of one team, as the tie-breaks read it."""

    opponent: int | None
    mp: Fraction
    gp: Fraction
    played: bool  # a match with a game over the board
    boards: tuple[tuple[int, Fraction], ...] = ()  # (board, own points)
    berliner: Fraction = Fraction(0)


@dataclass
class TeamRow:
    team: int
    rank: int = 0
    values: dict[str, Fraction] = field(default_factory=dict)


def _rounds(teams: Sequence[int], matches: Sequence[Match], byes: Sequence[Bye],
            points: Points, boards: int) -> dict[int, list[_Round]]:
    out: dict[int, list[_Round]] = {t: [] for t in teams}
    for m in matches:
        gp1, gp2, mp1, mp2 = match_score(m, points)
        b1, b2 = berliner(m, points)
        own1 = tuple((g.board, game_points(g.result, points)[0]) for g in m.games)
        own2 = tuple((g.board, game_points(g.result, points)[1]) for g in m.games)
        out[m.first].append(_Round(m.second, mp1, gp1, m.played, own1, b1))
        out[m.second].append(_Round(m.first, mp2, gp2, m.played, own2, b2))
    share = {"pab": (points.draw, points.game_draw), "full": (points.win, points.game_win),
             "half": (points.draw, points.game_draw), "zero": (points.loss, points.game_loss)}
    for b in byes:
        mp, per_board = share[b.kind]
        out[b.team].append(_Round(None, mp, per_board * boards, False))
    return out


def team_standings(teams: Sequence[int], matches: Sequence[Match], byes: Sequence[Bye] = (),
                   tiebreaks: Sequence[str] = ("mp", "gp", "de", "bh"),
                   points: Points = Points(), rounds: int | None = None,
                   rules: str = "fide2023", swiss: bool = True) -> list[TeamRow]:
    """Rank the teams by ``tiebreaks`` in order (the first is the score, usually ``mp``).

    Every row carries every tie-break's value, asked for or not. ``rounds``: the number of
    rounds of the event (default: the most any team has); ``swiss``: unplayed rounds count
    dummy opponents (in a round robin a forfeited match still counts its opponent).
    """
    for name in tiebreaks:
        if name not in TIEBREAKS:
            raise ValueError(f"unknown team tie-break {name!r} (known: {', '.join(TIEBREAKS)})")
    if rules not in RULES:
        raise ValueError(f"unknown rules {rules!r}")
    boards = max((g.board for m in matches for g in m.games), default=0)
    per_team = _rounds(teams, matches, byes, points, boards)
    total_rounds = rounds or max((len(r) for r in per_team.values()), default=0)
    mp = {t: sum((r.mp for r in rs), Fraction(0)) for t, rs in per_team.items()}
    gp = {t: sum((r.gp for r in rs), Fraction(0)) for t, rs in per_team.items()}
    cap = points.draw * total_rounds if rules == "fide2026" else None

    def counts(r: _Round) -> bool:
        return r.opponent is not None and (r.played or not swiss)

    def dummy(t: int, own: Mapping[int, Fraction]) -> Fraction:
        return own[t] if cap is None else min(own[t], cap)

    def esb(t: int, opp: Mapping[int, Fraction], own_kind: str) -> Fraction:
        total = Fraction(0)
        for r in per_team[t]:
            scored = r.mp if own_kind == "m" else r.gp
            value = opp[r.opponent] if counts(r) and r.opponent is not None else dummy(t, opp)
            total += value * scored
        return total

    rows = {t: TeamRow(t) for t in teams}
    for t in teams:
        rs = per_team[t]
        v = rows[t].values
        v["mp"], v["gp"] = mp[t], gp[t]
        v["bh"] = sum((mp[r.opponent] if counts(r) and r.opponent is not None else dummy(t, mp)
                       for r in rs), Fraction(0))
        v["emmsb"], v["emgsb"] = esb(t, mp, "m"), esb(t, mp, "g")
        v["egmsb"], v["eggsb"] = esb(t, gp, "m"), esb(t, gp, "g")
        v["bc"] = sum((board * p for r in rs for board, p in r.boards), Fraction(0))
        v["tbr"] = sum((p for r in rs for board, p in r.boards if board == 1), Fraction(0))
        v["bbe"] = sum(((sum((p for _, p in r.boards), Fraction(0))
                         - (max(r.boards)[1] if len(r.boards) > 1 else Fraction(0)))
                        for r in rs if r.boards), Fraction(0))
        v["berliner"] = sum((r.berliner for r in rs), Fraction(0))
        v["won"] = Fraction(sum(1 for r in rs if r.opponent is not None and r.mp == points.win))
        v["de"] = Fraction(0)
    criteria = [Criterion(name, name not in LOWER_IS_BETTER,
                          _direct_encounter(per_team, rows) if name == "de" else None)
                for name in tiebreaks]
    order = rank(list(teams), criteria, {t: rows[t].values for t in teams})
    out = []
    for position, t in order:
        rows[t].rank = position
        out.append(rows[t])
    return out


def _direct_encounter(per_team: Mapping[int, list[_Round]], rows: Mapping[int, TeamRow]
                      ) -> Callable[[list[int]], list[list[int]]]:
    """C.07 6: the match points the tied teams scored against each other, used only when
    every pair of them has met; repeated meetings are averaged (6.1.2)."""

    def split(group: list[int]) -> list[list[int]]:
        inside = set(group)
        score: dict[int, Fraction] = {}
        for t in group:
            against: dict[int, list[Fraction]] = {}
            for r in per_team[t]:
                if r.opponent in inside:
                    against.setdefault(r.opponent, []).append(r.mp)
            if len(against) < len(group) - 1:
                return [group]
            score[t] = sum((sum(v, Fraction(0)) / len(v) for v in against.values()),
                           Fraction(0))
        for t in group:
            rows[t].values["de"] = score[t]
        ordered = sorted(group, key=lambda t: -score[t])
        out: list[list[int]] = []
        for t in ordered:
            if out and score[out[-1][0]] == score[t]:
                out[-1].append(t)
            else:
                out.append([t])
        return out

    return split


# --- each player's results ---------------------------------------------------------------


@dataclass
class PlayerResult:
    player: int
    team: int
    points: Fraction = Fraction(0)  # forfeits included
    games: int = 0  # played over the board
    boards: list[int] = field(default_factory=list)
    opponents: list[tuple[int, Fraction]] = field(default_factory=list)  # (id, points)
    tpr: int | None = None  # FIDE performance
    dwz_rh: int | None = None  # DWZ Turnierleistung


def _half_up(x: Fraction) -> int:
    return math.floor(x + Fraction(1, 2))


def player_results(matches: Sequence[Match], points: Points = Points(),
                   elo: Mapping[int, int] | None = None,
                   dwz: Mapping[int, int] | None = None) -> dict[int, PlayerResult]:
    """Each player's score from the board results, with the boards played and the
    performance: FIDE (average rating of the rated opponents met over the board, rounded
    half up, plus dp for the fraction scored, table 8.1.1) and DWZ (Rh, from 5 rated games,
    WO 3.6). Empty boards and forfeits score points but are no games."""
    out: dict[int, PlayerResult] = {}
    for m in matches:
        for g in m.games:
            a, b = game_points(g.result, points)
            for me, team, other, got in ((g.first, m.first, g.second, a),
                                         (g.second, m.second, g.first, b)):
                if me is None:
                    continue
                row = out.setdefault(me, PlayerResult(me, team))
                row.points += got
                row.boards.append(g.board)
                if g.result in PLAYED_RESULTS and other is not None:
                    row.games += 1
                    row.opponents.append((other, got / points.game_win))
    for row in out.values():
        if elo:
            rated = [(elo[o], s) for o, s in row.opponents if o in elo]
            if rated:
                average = _half_up(Fraction(sum(r for r, _ in rated), len(rated)))
                share = sum((s for _, s in rated), Fraction(0)) / len(rated)
                row.tpr = average + dp_from_score(share)
        if dwz:
            rated_dwz = [(dwz[o], s) for o, s in row.opponents if o in dwz]
            if len(rated_dwz) >= MIN_GAMES_FOR_RH:
                row.dwz_rh = dwz_performance([r for r, _ in rated_dwz],
                                             sum((s for _, s in rated_dwz), Fraction(0)))
    return out


def rated_games(matches: Sequence[Match], ratings: Mapping[int, int],
                points: Points = Points()) -> dict[int, list[tuple[int, Fraction]]]:
    """Per player the games over the board against rated opponents, (opponent's rating,
    score 0/½/1): what :func:`scoring.ratings.elo_change` and ``dwz_evaluation`` take."""
    out: dict[int, list[tuple[int, Fraction]]] = {}
    for row in player_results(matches, points).values():
        out[row.player] = [(ratings[o], s) for o, s in row.opponents if o in ratings]
    return out


# --- one model for every discipline's teams -----------------------------------------------


def member_ids(members: Sequence[Any]) -> list[int]:
    """Member ids of a team whose members are ids or objects with an ``id``."""
    return [m if isinstance(m, int) else int(m.id) for m in members]


def member_sum_ranking(teams: Sequence[Any], values: Mapping[int, Mapping[str, Any]],
                       criteria: Sequence[tuple[str, bool]]) -> list[dict[str, Any]]:
    """Rank teams by their members' summed values: ``criteria`` is (key, higher is better)
    in order; a member without values adds nothing. ``teams`` have a ``name`` and
    ``members`` (ids, or members with an ``id``: :class:`pairing.teams.lineup.Team`)."""
    rows: dict[int, dict[str, Any]] = {}
    for k, team in enumerate(teams):
        ids = member_ids(team.members)
        rows[k] = {"name": team.name, "members": tuple(ids),
                   **{key: sum((values[i].get(key) or 0 for i in ids if i in values),
                               Fraction(0))
                      for key, _ in criteria}}
    order = rank(list(rows), [Criterion(key, higher) for key, higher in criteria], rows)
    out = []
    for position, k in order:
        rows[k]["rank"] = position
        out.append(rows[k])
    return out
