"""Chess: points per win/draw/loss from the settings, byes and forfeits, FIDE tiebreaks.

Scoring of a round, per player:

- a game over the board scores ``win``/``draw``/``loss``;
- a forfeit win (``+-``/``-+``) scores ``win``, a forfeit loss and a double
  forfeit (``--``) score 0;
- byes: ``bye`` (pairing-allocated) scores ``bye`` (default ``win``), ``half``
  scores ``draw``, ``zero`` scores 0, ``forfeit-win`` scores ``win``;
- a player neither seated nor given a bye in a round was absent: 0;
- a table whose result is null is not played yet and is ignored.

Tiebreaks follow the FIDE tie-break regulations C.07 on unplayed rounds. The
rules version is ``scoring.tiebreak_rules``: ``fide2023`` (default, C.07 as
approved in 2023) or ``fide2026`` (the amendments in force from 1 March 2026).
Exactly what we do:

- *Played games* are games over the board. In a round robin
  (``scoring.system = "round_robin"``) a forfeit also counts as a game played
  against the scheduled opponent, as C.07 prescribes for round robins.
- *Unplayed rounds* of a player are byes of any kind, absences and (Swiss)
  forfeits. Each counts as a game against a *dummy opponent* with the result the
  round was scored as. The dummy's score is the player's own final score
  (fide2023); under fide2026 it is capped at half the maximum score
  (rounds × win ÷ 2) and, for a forfeit, also at the scheduled opponent's
  score as seen by opponents (below).
- *Voluntarily unplayed rounds* (VUR) are requested half-point and zero-point
  byes, absences, forfeit losses and double forfeits. A pairing-allocated bye
  and a forfeit win are not voluntary.
- *A player's score as seen by opponents*: VURs that are not followed by any
  round the player was available for (played, pairing-allocated bye, forfeit
  win) count as draws. So a player who withdrew counts as having drawn the
  rest; a player who came back keeps the face score.
- ``buchholz``: sum of the opponents' scores (as seen by opponents), dummies
  for unplayed rounds. ``buchholz_cut1`` drops one contribution: a VUR if the
  player has one (the lowest of them), else the lowest. ``median`` drops the
  lowest the same way and then the highest.
- ``sonneborn_berger``: sum of each opponent's (or dummy's) score times the
  points scored against them as a share of a win (1, ½, 0 with the usual points).
- ``fine_buchholz`` (DSB "Feinbuchholz"): sum of the opponents' Buchholz; a
  dummy opponent's Buchholz is taken to be the player's own.
- ``progressive``: sum of the running score after every round, byes included.
- ``wins``: rounds scored as a win, including pairing-allocated byes worth a
  win, forfeit wins and forfeit-win byes.
- ``black_games``: games played over the board with black.
- ``aro``: average rating of opponents in games played over the board, rated
  opponents only, rounded half up to a whole number; 0 if there is none.
- ``direct_encounter``: among entrants tied on everything before it, the points
  scored in the games between them (Swiss: over the board only; round robin:
  forfeits too). If every pair of them has met, they are ordered by those
  points and the rule is applied again to any smaller group left tied. If not
  all have met, an entrant is separated only when no result of the missing
  games could change its place (first or last in the group). The value shown is
  the entrant's points against the others of its tied group (0 if none).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .discipline import Discipline, Standings, check_two_sides, exact, is_number, ranked
from .model import Problems, Round, Seat, Table, Tournament
from .ranking import Criterion, Group

SCORES = ("1-0", "0-1", "1/2-1/2", "+-", "-+", "--")
TIEBREAKS = ("buchholz", "buchholz_cut1", "median", "fine_buchholz", "sonneborn_berger",
             "progressive", "direct_encounter", "wins", "black_games", "aro")
RULES = ("fide2023", "fide2026")

# Kinds of a player's round.
GAME, FWIN, FLOSS, DFORFEIT, PAB, HALF, ZERO, FWIN_BYE, ABSENT = (
    "game", "forfeit_win", "forfeit_loss", "double_forfeit", "pab", "half", "zero",
    "forfeit_win_bye", "absent")
BYE_KIND = {"bye": PAB, "half": HALF, "zero": ZERO, "forfeit-win": FWIN_BYE}
FORFEITS = (FWIN, FLOSS, DFORFEIT)
AVAILABLE = (GAME, FWIN, PAB, FWIN_BYE)


@dataclass(frozen=True)
class Settings:
    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    bye: Fraction = Fraction(1)
    system: str = "swiss"
    tiebreaks: tuple[str, ...] = ()
    rules: str = "fide2023"


@dataclass(frozen=True)
class Result:
    score: str


@dataclass(frozen=True, slots=True)
class Entry:
    """One round of one player, points in integer units (see :class:`Evaluation`)."""

    kind: str
    points: int
    opponent: int | None = None
    colour: int | None = None


class Chess(Discipline):
    name = "chess"
    bye_kinds = frozenset({"bye", "half", "zero", "forfeit-win"})

    def parse_settings(self, raw: Mapping[str, Any], problems: Problems, at: str) -> Settings:
        values: dict[str, Fraction] = {}
        for key, default in (("win", 1), ("draw", 0.5), ("loss", 0)):
            v = raw.get(key, default)
            if not is_number(v) or v < 0:
                problems.error(f"{at}.{key}", f"must be a number >= 0, not {v!r}")
                v = default
            values[key] = exact(v)
        if not values["win"] > values["draw"] >= values["loss"]:
            problems.error(at, "points must satisfy win > draw >= loss")
        bye = raw.get("bye", raw.get("win", 1))
        if not is_number(bye) or bye < 0:
            problems.error(f"{at}.bye", f"must be a number >= 0, not {bye!r}")
            bye = 1
        system = raw.get("system", "swiss")
        if system not in ("swiss", "round_robin"):
            problems.error(f"{at}.system", f"must be 'swiss' or 'round_robin', not {system!r}")
            system = "swiss"
        tiebreaks = raw.get("tiebreaks", [])
        if not isinstance(tiebreaks, list):
            problems.error(f"{at}.tiebreaks", "must be a list of tiebreak names")
            tiebreaks = []
        for k, tb in enumerate(tiebreaks):
            if tb not in TIEBREAKS:
                problems.error(f"{at}.tiebreaks[{k}]", f"unknown tiebreak {tb!r} "
                               f"(known: {', '.join(TIEBREAKS)})")
            elif tiebreaks.index(tb) != k:
                problems.error(f"{at}.tiebreaks[{k}]", f"tiebreak {tb!r} is listed twice")
        rules = raw.get("tiebreak_rules", "fide2023")
        if rules not in RULES:
            problems.error(f"{at}.tiebreak_rules", f"must be one of {', '.join(RULES)}, "
                           f"not {rules!r}")
            rules = "fide2023"
        return Settings(values["win"], values["draw"], values["loss"], exact(bye), system,
                        tuple(tb for tb in tiebreaks if tb in TIEBREAKS), rules)

    def check_seats(self, seats: Sequence[Seat], problems: Problems, at: str, hint: str) -> None:
        check_two_sides(seats, problems, at, hint)

    def parse_result(self, raw: Any, table: Table, round_extra: Any, settings: Settings,
                     problems: Problems, at: str, hint: str) -> Result | None:
        score = raw.get("score") if isinstance(raw, Mapping) else None
        if score not in SCORES:
            problems.error(f"{at}.score", f"{score!r} is not a chess result "
                           f"(one of {', '.join(SCORES)})", hint)
            return None
        return Result(score)

    def standings(self, tournament: Tournament, rounds: Sequence[Round]) -> Standings:
        ev = Evaluation(tournament, rounds)
        values = ev.values()
        criteria = [Criterion("points")]
        for tb in tournament.settings.tiebreaks:
            criteria.append(Criterion(tb, splitter=ev.direct_encounter)
                            if tb == "direct_encounter" else Criterion(tb))
        further = [tb for tb in TIEBREAKS if tb != "direct_encounter"]
        return Standings(ranked(tournament, values, criteria, further))


class Evaluation:
    """Every player's rounds and the tiebreaks computed from them.

    Points are kept as integers in units of 1/``unit`` so sums are exact and fast;
    ``unit`` is even and makes win, draw, loss and bye whole, so half the
    maximum score is whole too.
    """

    def __init__(self, tournament: Tournament, rounds: Sequence[Round]) -> None:
        s: Settings = tournament.settings
        self.settings = s
        self.unit = 2 * math.lcm(*(x.denominator for x in (s.win, s.draw, s.loss, s.bye)))
        u = self.unit
        self.win, self.draw, self.loss, self.bye = (int(x * u) for x in (s.win, s.draw, s.loss,
                                                                          s.bye))
        self.round_robin = s.system == "round_robin"
        self.ids = [e.id for e in tournament.entrants]
        self.rating = {e.id: e.rating for e in tournament.entrants}
        self.records: dict[int, list[Entry]] = {e: [] for e in self.ids}
        self.rounds = len(rounds)
        for rnd in rounds:
            self._add_round(rnd)
        self.score = {e: sum(x.points for x in rec) for e, rec in self.records.items()}
        self.seen = {e: self._score_for_opponents(e) for e in self.ids}
        self.de_value: dict[int, int] = {}

    # --- building the records ---------------------------------------------------------------

    def _add_round(self, rnd: Round) -> None:
        present: set[int] = set()
        outcome = {"1-0": (self.win, self.loss), "0-1": (self.loss, self.win),
                   "1/2-1/2": (self.draw, self.draw)}
        forfeit = {"+-": (FWIN, FLOSS), "-+": (FLOSS, FWIN), "--": (DFORFEIT, DFORFEIT)}
        for table in rnd.tables:
            present.update(table.entrants)
            if table.result is None:
                continue
            white, black = table.side(1)[0], table.side(2)[0]
            score = table.result.score
            if score in outcome:
                pw, pb = outcome[score]
                self.records[white].append(Entry(GAME, pw, black, 1))
                self.records[black].append(Entry(GAME, pb, white, 2))
            else:
                kw, kb = forfeit[score]
                self.records[white].append(Entry(kw, self.win if kw == FWIN else 0, black, 1))
                self.records[black].append(Entry(kb, self.win if kb == FWIN else 0, white, 2))
        bye_points = {PAB: self.bye, HALF: self.draw, ZERO: 0, FWIN_BYE: self.win}
        for bye in rnd.byes:
            present.add(bye.entrant)
            kind = BYE_KIND[bye.kind]
            self.records[bye.entrant].append(Entry(kind, bye_points[kind]))
        for e in self.ids:
            if e not in present:
                self.records[e].append(Entry(ABSENT, 0))

    def is_game(self, x: Entry) -> bool:
        """Whether a round counts as played against its opponent for tiebreaks."""
        return x.kind == GAME or (self.round_robin and x.kind in FORFEITS)

    def is_vur(self, x: Entry) -> bool:
        return x.kind in (HALF, ZERO, ABSENT) or (not self.round_robin and x.kind in (FLOSS,
                                                                                      DFORFEIT))

    def _score_for_opponents(self, e: int) -> int:
        rec = self.records[e]
        last = max((i for i, x in enumerate(rec) if x.kind in AVAILABLE), default=-1)
        return self.score[e] + sum(self.draw - x.points for x in rec[last + 1:] if self.is_vur(x))

    def dummy(self, e: int, x: Entry) -> int:
        """Score of the dummy opponent of ``e``'s unplayed round ``x``."""
        value = self.score[e]
        if self.settings.rules == "fide2026":
            value = min(value, self.rounds * self.win // 2)
            if x.opponent is not None:
                value = min(value, self.seen[x.opponent])
        return value

    # --- tiebreaks --------------------------------------------------------------------------

    def contributions(self, e: int) -> list[tuple[int, bool]]:
        """Buchholz contributions of ``e``'s rounds with whether each is a VUR."""
        return [((self.seen[x.opponent] if self.is_game(x) else self.dummy(e, x)),  # type: ignore[index]
                 self.is_vur(x)) for x in self.records[e]]

    @staticmethod
    def _cut_lowest(contrib: list[tuple[int, bool]]) -> list[tuple[int, bool]]:
        if not contrib:
            return contrib
        vurs = [c for c in contrib if c[1]]
        drop = min(vurs) if vurs else min(contrib)
        rest = list(contrib)
        rest.remove(drop)
        return rest

    def values(self) -> dict[int, dict[str, Any]]:
        u = self.unit
        bh: dict[int, int] = {}
        out: dict[int, dict[str, Any]] = {}
        for e in self.ids:
            contrib = self.contributions(e)
            bh[e] = sum(c for c, _ in contrib)
            cut1 = self._cut_lowest(contrib)
            median = sorted(c for c, _ in cut1)[:-1]
            out[e] = {"points": Fraction(self.score[e], u),
                      "buchholz": Fraction(bh[e], u),
                      "buchholz_cut1": Fraction(sum(c for c, _ in cut1), u),
                      "median": Fraction(sum(median), u)}
        for e in self.ids:
            rec = self.records[e]
            sb = fine = running = progressive = wins = black = 0
            ratings = []
            for x in rec:
                if self.is_game(x):
                    opp = x.opponent
                    assert opp is not None
                    sb += self.seen[opp] * x.points
                    fine += bh[opp]
                else:
                    sb += self.dummy(e, x) * x.points
                    fine += bh[e]
                running += x.points
                progressive += running
                wins += x.points == self.win and x.kind in AVAILABLE
                if x.kind == GAME:
                    black += x.colour == 2
                    if self.rating[x.opponent] is not None:  # type: ignore[index]
                        ratings.append(self.rating[x.opponent])  # type: ignore[index]
            aro = (math.floor(Fraction(sum(ratings), len(ratings)) + Fraction(1, 2))
                   if ratings else 0)
            out[e].update({"fine_buchholz": Fraction(fine, u),
                           "sonneborn_berger": Fraction(sb, u * self.win),
                           "progressive": Fraction(progressive, u),
                           "wins": int(wins), "black_games": int(black), "aro": aro,
                           "direct_encounter": 0})
        self._values = out
        return out

    def direct_encounter(self, group: Group) -> list[Group]:
        """Split a tied group by the games between its members (see the module docstring)."""
        members = set(group)
        mini = dict.fromkeys(group, 0)
        met: set[frozenset[int]] = set()
        for e in group:
            for x in self.records[e]:
                if x.opponent in members and self.is_game(x):
                    mini[e] += x.points
                    met.add(frozenset((e, x.opponent)))
        for e in group:
            if e not in self.de_value:
                self.de_value[e] = mini[e]
                self._values[e]["direct_encounter"] = Fraction(mini[e], self.unit)
        n = len(group)
        if len(met) == n * (n - 1) // 2:
            layers: list[Group] = []
            for e in sorted(group, key=lambda p: -mini[p]):
                if layers and mini[layers[-1][0]] == mini[e]:
                    layers[-1].append(e)
                else:
                    layers.append([e])
            if len(layers) == 1:
                return [group]
            return [g for layer in layers
                    for g in (self.direct_encounter(layer) if len(layer) > 1 else [layer])]
        missing = {e: sum(1 for q in group if q != e and frozenset((e, q)) not in met)
                   for e in group}
        best = {e: mini[e] + self.win * missing[e] for e in group}
        for p in group:
            others = [q for q in group if q != p]
            if all(mini[p] > best[q] for q in others):
                return [[p], *self._again(others)]
            if all(best[p] < mini[q] for q in others):
                return [*self._again(others), [p]]
        return [group]

    def _again(self, group: Group) -> list[Group]:
        return self.direct_encounter(group) if len(group) > 1 else [group]


CHESS = Chess()
