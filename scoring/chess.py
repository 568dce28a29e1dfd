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

The tiebreaks below are computed only when the settings ask for them (the ones
above are always reported). Unless said otherwise they are the same under
fide2023 and fide2026, because they do not use dummy opponents.

- ``sonneborn_berger_cut1``: ``sonneborn_berger`` less one contribution (C.07
  16.5): the smallest contribution of a VUR and the contribution of the least
  significant opponent (lowest score, real or dummy; among equal scores the
  smaller contribution) are compared and the larger of the two is dropped; the
  latter alone without a VUR. Dummies as for ``sonneborn_berger``, so the 2026
  cap applies.
- ``fore_buchholz``: Buchholz as if every pairing of the last round evaluated
  had been a drawn game: played, forfeited or still without a result (so it can
  be known before that round ends); byes of the last round keep their value.
  Each player's score as seen by opponents is taken after that change (a
  last-round forfeit loss becomes a drawn game, so it counts as a round the
  player was available for). A dummy scores the player's own score after that
  change; under fide2026 it is capped at half the maximum score and, for a
  forfeit, at the scheduled opponent's changed score as seen by opponents.
- ``aob``: average of the ``buchholz`` of the opponents met over the board
  (so the rules version matters through their dummies), rounded half up to two
  decimals; 0 without such a game. Unplayed rounds of the player are left out.
- ``progressive_cut1``: ``progressive`` less the running score after the first
  round.
- ``won``: games won over the board. ``black_wins``: games won over the board
  with black. Forfeits never count, in a round robin neither (as ``black_games``).
- ``games_elected`` (GE, called REP since 2026): rounds the player was
  available for: games over the board, forfeit wins, pairing-allocated and
  forfeit-win byes; requested byes, absences and forfeit losses (also in a
  round robin) are not.
- Rating-based tiebreaks use games over the board against rated opponents only
  and score them 1/½/0 whatever the points per result are (C.07 15.2); every
  unplayed round is ignored, in a round robin too. ``aro_cut1`` drops the lowest
  rating (none if an unrated opponent was met: that game is the one cut);
  ``None`` if no game is left, which ranks last. ``aro_unrounded`` is ``aro``
  before rounding.
- ``tpr``: ``aro`` plus ``dp`` for the fractional score (FIDE table 8.1.1; 0
  gives -800, 1 gives +800); 0 without a rated game.
- ``ptp``: the lowest whole rating whose expected score against the opponents
  (table 8.1.2, no 400-point rule) reaches the score; with a score of 0 the
  lowest opponent's rating minus 800 (no rating is low enough to expect less);
  a perfect score so gives the highest opponent's rating plus 736, where the
  table reaches 1.00 (as the FIDE TEC's TieBreakServer); 0 without a rated game.
- ``apro``/``appo``: average ``tpr``/``ptp`` of the opponents met over the
  board, rounded half up; opponents without a rated game are left out; 0 if
  none is left.
- ``koya``: points scored against opponents (played as for ``buchholz``, so in
  a round robin forfeits count) whose actual score is at least half the maximum
  (rounds × win ÷ 2). Meant for round robins; the unplayed-round rules of C.07
  are for Swiss tournaments, so the face score is used.

``ABBREVIATIONS`` gives the C.07 abbreviation of every value name. Two are not
in C.07: ``fine_buchholz`` is "FBH" (not FB, which is Fore Buchholz) and
``aro_unrounded`` is "ARO-U".
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .discipline import (
    Discipline,
    Standings,
    check_two_sides,
    exact,
    known_keys,
    range_problem,
    ranked,
    show,
)
from .fide_tables import dp_from_score, pd_percent
from .i18n import N_
from .model import Problems, Round, Seat, Table, Tournament
from .ranking import Criterion, Group

SCORES = ("1-0", "0-1", "1/2-1/2", "+-", "-+", "--")
# Always computed and reported (cheap, and the fixtures expect them in every row).
REPORTED = ("buchholz", "buchholz_cut1", "median", "fine_buchholz", "sonneborn_berger",
            "progressive", "wins", "black_games", "aro")
# Computed only when the settings ask for them.
ON_REQUEST = ("sonneborn_berger_cut1", "fore_buchholz", "aob", "progressive_cut1", "won",
              "black_wins", "games_elected", "aro_cut1", "aro_unrounded", "tpr", "apro", "ptp",
              "appo", "koya")
TIEBREAKS = ("buchholz", "buchholz_cut1", "median", "fine_buchholz", "sonneborn_berger",
             "progressive", "direct_encounter", "wins", "black_games", "aro", *ON_REQUEST)
RULES = ("fide2023", "fide2026")
# The chess program's conventions (not scoring, but the tournament's chess settings):
# the rating that ranks players before round 1, who has White on board 1 of round 1
# (drawn by lot unless the director fixes it), how round-robin numbers are given.
SEEDING_RATINGS = ("elo_else_dwz", "elo", "dwz")
FIRST_COLOURS = ("lot", "white", "black")
ROUND_ROBIN_NUMBERS = ("registration", "lot")
# Start numbers: the start list by rating, given when round 1 is drawn, or registration order.
START_NUMBERS = ("rating", "registration")
MAX_POINTS = 100
"""Points per result or bye (settings ``win``, ``draw``, ``loss``, ``bye``): 1/½/0 or
3/1/0 in practice; a hundred leaves room for any house rule and keeps sums small."""

#: C.07 abbreviation of every value name (see the module docstring for FBH and ARO-U).
ABBREVIATIONS: dict[str, str] = {
    "points": "PTS", "buchholz": "BH", "buchholz_cut1": "BH-C1", "median": "BH-M1",
    "fine_buchholz": "FBH", "sonneborn_berger": "SB", "sonneborn_berger_cut1": "SB-C1",
    "progressive": "PS", "progressive_cut1": "PS-C1", "direct_encounter": "DE",
    "wins": "WIN", "won": "WON", "black_games": "BPG", "black_wins": "BWG",
    "games_elected": "GE", "fore_buchholz": "FB", "aob": "AOB", "aro": "ARO",
    "aro_cut1": "ARO-C1", "aro_unrounded": "ARO-U", "tpr": "TPR", "apro": "APRO",
    "ptp": "PTP", "appo": "APPO", "koya": "KS",
}


def abbreviation(name: str, rules: str = "fide2023") -> str:
    """The abbreviation under a rules version: the 2026 amendments renamed GE to REP."""
    if name == "games_elected" and rules == "fide2026":
        return "REP"
    return ABBREVIATIONS[name]


# Expected score in hundredths (table 8.1.2) by rating difference, own minus opponent's, for
# differences within ±_SPAN (index d + _SPAN): the performance search looks it up thousands of
# times. Beyond ±736 the table is flat, so wider differences are clamped.
_SPAN = 5000
_HIGHER = [pd_percent(d)[0] for d in range(737)] + [100] * (_SPAN - 736)
_EXPECTED = [100 - h for h in reversed(_HIGHER[1:])] + _HIGHER


def _half_up(x: Fraction) -> int:
    """Round to a whole number, halves up (C.07 rounds averages of ratings this way)."""
    return math.floor(x + Fraction(1, 2))


def _perfect_performance(ratings: Sequence[int], halves: int) -> int:
    """PTP: the lowest whole rating whose expected score reaches ``halves`` half points."""
    if halves == 0:
        return min(ratings) - 800  # any rating low enough expects 0
    target = 50 * halves
    low, high = min(ratings) - 800, max(ratings) + 736  # expects 0 / everything
    if high - low > _SPAN:  # absurd spread of ratings: clamp the differences
        def expected(rating: int) -> int:
            return sum(_EXPECTED[min(max(rating - r, -_SPAN), _SPAN) + _SPAN] for r in ratings)
    else:  # every difference met in the search is within the list
        offsets = [_SPAN - r for r in ratings]

        def expected(rating: int) -> int:
            return sum(_EXPECTED[rating + o] for o in offsets)
    while high - low > 1:  # expected(low) < target <= expected(high)
        mid = (low + high) // 2
        if expected(mid) >= target:
            high = mid
        else:
            low = mid
    return high

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
    seeding_rating: str = "elo_else_dwz"
    first_colour: str = "lot"
    round_robin_numbers: str = "registration"
    start_numbers: str = "rating"


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
    # Result in half points (2/1/0) for rating-based tiebreaks, which score 1/½/0 whatever
    # the points per result are (draw and loss may be worth the same points).
    halves: int = 0

    @property
    def opp(self) -> int:
        """The opponent of a round played against someone (a game, or a forfeit in a round
        robin); asked only for those."""
        assert self.opponent is not None, self
        return self.opponent


class Chess(Discipline[Settings]):
    name = "chess"
    bye_kinds = frozenset({"bye", "half", "zero", "forfeit-win"})
    result_keys = ("score",)
    settings_keys = ("win", "draw", "loss", "bye", "system", "tiebreaks", "tiebreak_rules",
                     "seeding_rating", "first_colour", "round_robin_numbers", "start_numbers")

    def parse_settings(self, raw: Mapping[str, Any], problems: Problems, at: str) -> Settings:
        known_keys(raw, self.settings_keys, problems, at, what=N_("chess scoring"), warn=True)
        values: dict[str, Fraction] = {}
        for key, default in (("win", 1), ("draw", 0.5), ("loss", 0)):
            v = raw.get(key, default)
            why = range_problem(v, 0, MAX_POINTS, whole=False)
            if why:
                problems.error(f"{at}.{key}", why)
                v = default
            values[key] = exact(v)
        if not values["win"] > values["draw"] >= values["loss"]:
            problems.error(at, N_("points must satisfy win > draw >= loss"))
        bye = raw.get("bye", raw.get("win", 1))
        why = range_problem(bye, 0, MAX_POINTS, whole=False)
        if why:
            problems.error(f"{at}.bye", why)
            bye = 1
        system = raw.get("system", "swiss")
        if system not in ("swiss", "round_robin"):
            problems.error(f"{at}.system", N_("must be 'swiss' or 'round_robin', not %(value)s",
                                              value=show(system)))
            system = "swiss"
        tiebreaks = raw.get("tiebreaks", [])
        if not isinstance(tiebreaks, list) or len(tiebreaks) > len(TIEBREAKS):
            problems.error(f"{at}.tiebreaks", N_("must be a list of tiebreak names, each at "
                                                 "most once"))
            tiebreaks = []
        for k, tb in enumerate(tiebreaks):
            if not isinstance(tb, str) or tb not in TIEBREAKS:
                problems.error(f"{at}.tiebreaks[{k}]", N_(
                    "unknown tiebreak %(value)s (known: %(known)s)", value=show(tb),
                    known=", ".join(TIEBREAKS)))
            elif tiebreaks.index(tb) != k:
                problems.error(f"{at}.tiebreaks[{k}]", N_("tiebreak %(name)r is listed twice",
                                                          name=tb))
        rules = raw.get("tiebreak_rules", "fide2023")
        if rules not in RULES:
            problems.error(f"{at}.tiebreak_rules", N_("must be one of %(known)s, not %(value)s",
                                                      known=", ".join(RULES), value=show(rules)))
            rules = "fide2023"
        choices = {}
        for key, known in (("seeding_rating", SEEDING_RATINGS), ("first_colour", FIRST_COLOURS),
                           ("round_robin_numbers", ROUND_ROBIN_NUMBERS),
                           ("start_numbers", START_NUMBERS)):
            value = raw.get(key, known[0])
            if value not in known:
                problems.error(f"{at}.{key}", N_("must be one of %(known)s, not %(value)s",
                                                 known=", ".join(known), value=show(value)))
                value = known[0]
            choices[key] = value
        return Settings(values["win"], values["draw"], values["loss"], exact(bye), system,
                        tuple(tb for tb in tiebreaks if tb in TIEBREAKS), rules,
                        seeding_rating=choices["seeding_rating"],
                        first_colour=choices["first_colour"],
                        round_robin_numbers=choices["round_robin_numbers"],
                        start_numbers=choices["start_numbers"])

    def check_seats(self, seats: Sequence[Seat], problems: Problems, at: str, hint: str) -> None:
        check_two_sides(seats, problems, at, hint)

    def parse_result(self, raw: Any, table: Table, round_extra: Any, settings: Settings,
                     problems: Problems, at: str, hint: str) -> Result | None:
        score = raw.get("score") if isinstance(raw, Mapping) else None
        if not isinstance(score, str) or score not in SCORES:
            problems.error(f"{at}.score", N_("%(value)s is not a chess result (one of %(known)s)",
                                             value=show(score), known=", ".join(SCORES)), hint)
            return None
        return Result(score)

    def standings(self, tournament: Tournament, rounds: Sequence[Round]) -> Standings:
        ev = Evaluation(tournament, rounds)
        values = ev.values()
        criteria = [Criterion("points")]
        for tb in tournament.settings.tiebreaks:
            if tb == "direct_encounter":
                criteria.append(Criterion(tb, splitter=ev.direct_encounter))
            elif tb == "aro_cut1":
                criteria.append(Criterion(tb, splitter=ev.none_last(tb)))
            else:
                criteria.append(Criterion(tb))
        return Standings(ranked(tournament, values, criteria, REPORTED))


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
        self.last_round = rounds[-1] if rounds else None  # for Fore Buchholz
        for rnd in rounds:
            self._add_round(rnd)
        self.score = {e: sum(x.points for x in rec) for e, rec in self.records.items()}
        self.seen = {e: self._score_for_opponents(e) for e in self.ids}
        self.de_value: dict[int, int] = {}
        self._rated: dict[int, tuple[list[int], int, int]] | None = None
        self._tpr: dict[int, int] | None = None
        self._ptp: dict[int, int] | None = None

    # --- building the records ---------------------------------------------------------------

    def _add_round(self, rnd: Round) -> None:
        present: set[int] = set()
        outcome = {"1-0": (self.win, self.loss, 2), "0-1": (self.loss, self.win, 0),
                   "1/2-1/2": (self.draw, self.draw, 1)}
        forfeit = {"+-": (FWIN, FLOSS), "-+": (FLOSS, FWIN), "--": (DFORFEIT, DFORFEIT)}
        for table in rnd.tables:
            present.update(table.entrants)
            if table.result is None:
                continue
            white, black = table.side(1)[0], table.side(2)[0]
            score = table.result.score
            if score in outcome:
                pw, pb, halves = outcome[score]
                self.records[white].append(Entry(GAME, pw, black, 1, halves))
                self.records[black].append(Entry(GAME, pb, white, 2, 2 - halves))
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
        return self._seen_score(self.records[e], self.score[e])

    def _seen_score(self, rec: list[Entry], score: int) -> int:
        """``score`` with the VURs after the last round ``rec`` was available for as draws."""
        last = max((i for i, x in enumerate(rec) if x.kind in AVAILABLE), default=-1)
        return score + sum(self.draw - x.points for x in rec[last + 1:] if self.is_vur(x))

    def dummy(self, e: int, x: Entry) -> int:
        """Score of the dummy opponent of ``e``'s unplayed round ``x``."""
        return self._capped(self.score[e], x, self.seen)

    def _capped(self, value: int, x: Entry, seen: Mapping[int, int]) -> int:
        """A dummy's score ``value`` with the fide2026 caps (``seen``: opponents' scores)."""
        if self.settings.rules == "fide2026":
            value = min(value, self.rounds * self.win // 2)
            if x.opponent is not None:
                value = min(value, seen[x.opponent])
        return value

    # --- tiebreaks --------------------------------------------------------------------------

    def contributions(self, e: int) -> list[tuple[int, bool]]:
        """Buchholz contributions of ``e``'s rounds with whether each is a VUR."""
        return [((self.seen[x.opp] if self.is_game(x) else self.dummy(e, x)),
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
            ratings: list[int] = []
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
                    rating = self.rating[x.opp]
                    if rating is not None:
                        ratings.append(rating)
            aro = (math.floor(Fraction(sum(ratings), len(ratings)) + Fraction(1, 2))
                   if ratings else 0)
            out[e].update({"fine_buchholz": Fraction(fine, u),
                           "sonneborn_berger": Fraction(sb, u * self.win),
                           "progressive": Fraction(progressive, u),
                           "wins": int(wins), "black_games": int(black), "aro": aro,
                           "direct_encounter": 0})
        self._values = out
        self._bh = bh
        for tb in self.settings.tiebreaks:
            if tb in ON_REQUEST:
                column = getattr(self, tb)()
                for e in self.ids:
                    out[e][tb] = column[e]
        return out

    def none_last(self, name: str) -> Callable[[Group], list[Group]]:
        """A splitter ranking by ``name``, higher first, ``None`` (undefined) last."""
        def split(group: Group) -> list[Group]:
            key = {e: (self._values[e][name] is not None, self._values[e][name] or 0)
                   for e in group}
            out: list[Group] = []
            for e in sorted(group, key=key.__getitem__, reverse=True):
                if out and key[out[-1][0]] == key[e]:
                    out[-1].append(e)
                else:
                    out.append([e])
            return out
        return split

    # --- tiebreaks computed on request (see the module docstring) ------------------------------

    def sonneborn_berger_cut1(self) -> dict[int, Fraction]:
        out = {}
        for e in self.ids:
            items = []  # (opponent's or dummy's score, contribution, VUR?)
            for x in self.records[e]:
                s = self.seen[x.opp] if self.is_game(x) else self.dummy(e, x)
                items.append((s, s * x.points, self.is_vur(x)))
            total = sum(c for _, c, _ in items)
            if items:
                drop = min(items)[1]
                vurs = [c for _, c, vur in items if vur]
                if vurs:
                    drop = max(drop, min(vurs))
                total -= drop
            out[e] = Fraction(total, self.unit * self.win)
        return out

    def fore_buchholz(self) -> dict[int, Fraction]:
        records = dict(self.records)
        for table in self.last_round.tables if self.last_round is not None else ():
            white, black = table.side(1)[0], table.side(2)[0]
            for e, opponent, colour in ((white, black, 1), (black, white, 2)):
                # A result of the last round is the entry added last; a pending one has none.
                done = records[e][:-1] if table.result is not None else records[e]
                records[e] = [*done, Entry(GAME, self.draw, opponent, colour, 1)]
        score = {e: sum(x.points for x in rec) for e, rec in records.items()}
        seen = {e: self._seen_score(records[e], score[e]) for e in self.ids}
        return {e: Fraction(sum(seen[x.opp] if self.is_game(x)
                                else self._capped(score[e], x, seen) for x in records[e]),
                            self.unit)
                for e in self.ids}

    def aob(self) -> dict[int, Fraction]:
        out = {}
        for e in self.ids:
            bhs = [self._bh[x.opp] for x in self.records[e]
                   if x.kind == GAME]
            out[e] = (Fraction(_half_up(Fraction(100 * sum(bhs), len(bhs) * self.unit)), 100)
                      if bhs else Fraction(0))
        return out

    def progressive_cut1(self) -> dict[int, Fraction]:
        return {e: self._values[e]["progressive"]
                - (Fraction(self.records[e][0].points, self.unit) if self.records[e] else 0)
                for e in self.ids}

    def won(self) -> dict[int, int]:
        return {e: sum(1 for x in self.records[e] if x.kind == GAME and x.halves == 2)
                for e in self.ids}

    def black_wins(self) -> dict[int, int]:
        return {e: sum(1 for x in self.records[e]
                       if x.kind == GAME and x.halves == 2 and x.colour == 2)
                for e in self.ids}

    def games_elected(self) -> dict[int, int]:
        return {e: sum(1 for x in self.records[e] if x.kind in AVAILABLE) for e in self.ids}

    def rated_games(self) -> dict[int, tuple[list[int], int, int]]:
        """Per entrant: ratings of the rated opponents met over the board, the half points
        scored against them, and the number of games over the board (rated or not)."""
        if self._rated is None:
            self._rated = {}
            for e in self.ids:
                ratings, halves, games = [], 0, 0
                for x in self.records[e]:
                    if x.kind == GAME:
                        games += 1
                        r = self.rating[x.opp]
                        if r is not None:
                            ratings.append(r)
                            halves += x.halves
                self._rated[e] = (ratings, halves, games)
        return self._rated

    def aro_cut1(self) -> dict[int, int | None]:
        out: dict[int, int | None] = {}
        for e, (ratings, _, games) in self.rated_games().items():
            if ratings and len(ratings) == games:  # else the unrated opponent is the one cut
                ratings = sorted(ratings)[1:]
            out[e] = _half_up(Fraction(sum(ratings), len(ratings))) if ratings else None
        return out

    def aro_unrounded(self) -> dict[int, Fraction]:
        return {e: Fraction(sum(ratings), len(ratings)) if ratings else Fraction(0)
                for e, (ratings, _, _) in self.rated_games().items()}

    def tpr(self) -> dict[int, int]:
        if self._tpr is None:
            self._tpr = {e: (_half_up(Fraction(sum(ratings), len(ratings)))
                             + dp_from_score(Fraction(halves, 2 * len(ratings)))
                             if ratings else 0)
                         for e, (ratings, halves, _) in self.rated_games().items()}
        return self._tpr

    def ptp(self) -> dict[int, int]:
        if self._ptp is None:
            self._ptp = {e: _perfect_performance(ratings, halves) if ratings else 0
                         for e, (ratings, halves, _) in self.rated_games().items()}
        return self._ptp

    def apro(self) -> dict[int, int]:
        return self._average_of_opponents(self.tpr())

    def appo(self) -> dict[int, int]:
        return self._average_of_opponents(self.ptp())

    def _average_of_opponents(self, perf: dict[int, int]) -> dict[int, int]:
        """Average of the opponents' performances; one without a rated game has none."""
        rated = self.rated_games()
        out = {}
        for e in self.ids:
            values = [perf[x.opp] for x in self.records[e]
                      if x.kind == GAME and rated[x.opp][0]]
            out[e] = _half_up(Fraction(sum(values), len(values))) if values else 0
        return out

    def koya(self) -> dict[int, Fraction]:
        limit = self.rounds * self.win // 2
        return {e: Fraction(sum(x.points for x in self.records[e]
                                if self.is_game(x) and self.score[x.opp] >= limit),
                            self.unit)
                for e in self.ids}

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
