"""Tabletop wargames: two sides, three missions (primary, secondary, tertiary).

Tournament points (``tp``) per game by the scoring system (seed 004, docs/rules.md):

- ``ttm20``: per mission the difference capped at ±11/±6/±3, summed to D; the
  winner gets 10 + ⌈|D|/2⌉ (at most 20), the loser the rest of 20; D = 0 is 10:10.
- ``matrix20``: the same on the uncapped total difference.
- ``sun``: a total lead of 5 or more wins 2:0, anything else is 1:1.
- ``matrix12``: the primary mission is worth 6, the secondary 4, the tertiary 2;
  a mission is won by a lead of 3 (Maelstrom), 2 (Eternal War) or 1 (tertiary),
  otherwise its points are split. The round names its mission kinds
  (``"missions": ["eternal_war", "maelstrom", "tertiary"]``); a round that names none
  takes the scoring's ``missions``, the tournament's default, if it has one.
- ``percent``: own ÷ (own + opponent) × 100, truncated to two decimals
  (20:10 gives 66.66 and 33.33, so a game's points may sum to 99.99); 0:0 is 50:50.

Tiebreaks: ``secondary`` is the sum of own minus opponents' mission points
(``percent``: own mission points), then ``mission_points`` (own, summed).

Byes: ``bye`` and ``forfeit-win`` give the game's full points (``scoring.bye_tp``
if set), ``half`` half of them, ``zero`` nothing; a bye adds no mission points.

Ranges: mission points are 0 to :data:`MAX_MISSION_POINTS` per side and mission, and at
most the tournament's ``mission_max`` for that mission (``{"primary": 40, "secondary":
20, "tertiary": 10}``; each 1 to 1000, a missing one is 1000). The seed gives no maximum;
a new tournament starts from :data:`PRESET_MISSION_MAX` (the web app's preset), so a 99
typed for a 9 is refused at its mission instead of deciding a tie-break. ``bye_tp`` is 0
to the system's total of a game (a bye is worth at most a won game).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .discipline import (
    Discipline,
    Standings,
    check_two_sides,
    exact,
    known_keys,
    played,
    range_problem,
    ranked,
    show,
    zeros,
)
from .i18n import N_, Message
from .model import Problems, Round, Seat, Table, Tournament
from .ranking import Criterion

TOTAL = {"ttm20": 20, "matrix20": 20, "sun": 2, "matrix12": 12, "percent": 100}
TTM20_CAPS = (11, 6, 3)
# The share of a game's full points that a bye of each kind gives (see the docstring).
BYE_SHARE = {"bye": Fraction(1), "forfeit-win": Fraction(1), "half": Fraction(1, 2),
             "zero": Fraction(0)}
MATRIX12_POINTS = (6, 4, 2)
MISSION_LEAD = {"maelstrom": 3, "eternal_war": 2, "tertiary": 1}
MAX_MISSION_POINTS = 1000
MISSION_NAMES = ("primary", "secondary", "tertiary")
# What a new tournament allows per mission (the seed's examples stay below 14, 12 and 6).
PRESET_MISSION_MAX = {"primary": 40, "secondary": 20, "tertiary": 10}
MISSION_WORDS = (N_("primary"), N_("secondary"), N_("tertiary"))


@dataclass(frozen=True)
class Settings:
    system: str
    bye_tp: Fraction
    missions: tuple[str, ...] | None = None  # the default mission kinds of a round
    # The most points a side can score in each mission (primary, secondary, tertiary).
    mission_max: tuple[Fraction, ...] = (Fraction(MAX_MISSION_POINTS),) * 3


@dataclass(frozen=True)
class Result:
    missions: tuple[tuple[Fraction, Fraction], ...]


def mission_kinds(raw: Any) -> tuple[str, ...] | None:
    """Three mission kinds (primary, secondary, tertiary) from :data:`MISSION_LEAD`, or None."""
    if (not isinstance(raw, list | tuple) or len(raw) != len(MATRIX12_POINTS)
            or any(not isinstance(k, str) or k not in MISSION_LEAD for k in raw)):
        return None
    return tuple(raw)


def _kinds_problem(raw: Any) -> Message:
    return N_("three mission kinds from %(known)s, not %(value)s",
              known=", ".join(MISSION_LEAD), value=show(raw))


def _number(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else str(float(x))


def _mission_max(raw: Any, problems: Problems, at: str) -> tuple[Fraction, ...]:
    """The most points per mission (``mission_max``); a missing mission is unbounded (1000)."""
    top = Fraction(MAX_MISSION_POINTS)
    if raw is None:
        return (top,) * len(MISSION_NAMES)
    if not isinstance(raw, Mapping):
        problems.error(f"{at}.mission_max", N_("must map %(missions)s to numbers",
                                               missions=", ".join(MISSION_NAMES)))
        return (top,) * len(MISSION_NAMES)
    known_keys(raw, MISSION_NAMES, problems, f"{at}.mission_max", what=N_("missions"))
    out = []
    for name in MISSION_NAMES:
        value = raw.get(name, MAX_MISSION_POINTS)
        why = range_problem(value, 1, MAX_MISSION_POINTS, whole=False)
        if why:
            problems.error(f"{at}.mission_max.{name}", why)
            value = MAX_MISSION_POINTS
        out.append(exact(value))
    return tuple(out)


CRITERIA = (Criterion("tp"), Criterion("secondary"), Criterion("mission_points"))


def _difference_matrix(d: Fraction) -> tuple[Fraction, Fraction]:
    if d == 0:
        return Fraction(10), Fraction(10)
    win = Fraction(min(20, 10 + math.ceil(abs(d) / 2)))
    return (win, 20 - win) if d > 0 else (20 - win, win)


def tournament_points(system: str, missions: Sequence[tuple[Fraction, Fraction]],
                      kinds: Sequence[str] | None = None) -> tuple[Fraction, Fraction]:
    """Tournament points of side 1 and side 2 for one game."""
    own = sum((m[0] for m in missions), Fraction(0))
    opp = sum((m[1] for m in missions), Fraction(0))
    if system == "ttm20":
        capped = (max(Fraction(-cap), min(Fraction(cap), a - b))
                  for (a, b), cap in zip(missions, TTM20_CAPS, strict=True))
        d = sum(capped, Fraction(0))
        return _difference_matrix(d)
    if system == "matrix20":
        return _difference_matrix(own - opp)
    if system == "sun":
        if abs(own - opp) >= 5:
            return (Fraction(2), Fraction(0)) if own > opp else (Fraction(0), Fraction(2))
        return Fraction(1), Fraction(1)
    if system == "matrix12":
        assert kinds is not None
        a_tp = b_tp = Fraction(0)
        for (a, b), kind, worth in zip(missions, kinds, MATRIX12_POINTS, strict=True):
            lead = MISSION_LEAD[kind]
            if a - b >= lead:
                a_tp += worth
            elif b - a >= lead:
                b_tp += worth
            else:
                a_tp += Fraction(worth, 2)
                b_tp += Fraction(worth, 2)
        return a_tp, b_tp
    if system == "percent":
        if own + opp == 0:
            return Fraction(50), Fraction(50)
        return (Fraction(math.floor(own * 10000 / (own + opp)), 100),
                Fraction(math.floor(opp * 10000 / (own + opp)), 100))
    raise ValueError(f"unknown tabletop system {system!r}")


class Tabletop(Discipline[Settings]):
    name = "tabletop"
    bye_kinds = frozenset({"bye", "half", "zero", "forfeit-win"})
    result_keys = ("missions",)
    settings_keys = ("system", "bye_tp", "missions", "mission_max")

    def parse_settings(self, raw: Mapping[str, Any], problems: Problems, at: str) -> Settings:
        known_keys(raw, self.settings_keys, problems, at, what=N_("tabletop scoring"), warn=True)
        system = raw.get("system")
        if not isinstance(system, str) or system not in TOTAL:
            problems.error(f"{at}.system", N_("unknown tabletop system %(value)s (known: "
                                              "%(known)s)", value=show(system),
                                              known=", ".join(TOTAL)))
            return Settings("unknown", Fraction(0))
        bye_tp = raw.get("bye_tp", TOTAL[system])
        why = range_problem(bye_tp, 0, TOTAL[system], whole=False)
        if why:
            problems.error(f"{at}.bye_tp", why)
            bye_tp = TOTAL[system]
        missions = None
        if "missions" in raw:
            missions = mission_kinds(raw["missions"])
            if missions is None:
                problems.error(f"{at}.missions", _kinds_problem(raw["missions"]))
        return Settings(system, exact(bye_tp), missions,
                        _mission_max(raw.get("mission_max"), problems, at))

    def check_seats(self, seats: Sequence[Seat], problems: Problems, at: str, hint: str) -> None:
        check_two_sides(seats, problems, at, hint)

    def parse_round(self, raw: Mapping[str, Any], settings: Settings, problems: Problems,
                    at: str, hint: str) -> tuple[str, ...] | None:
        if settings.system != "matrix12":
            return None
        if "missions" not in raw and settings.missions is not None:
            return settings.missions
        kinds = mission_kinds(raw.get("missions"))
        if kinds is None:
            problems.error(f"{at}.missions", N_("the 12er matrix needs the round's %(kinds)s",
                                                kinds=_kinds_problem(raw.get("missions"))),
                           hint)
        return kinds

    def parse_result(self, raw: Any, table: Table, round_extra: Any, settings: Settings,
                     problems: Problems, at: str, hint: str) -> Result | None:
        missions = raw.get("missions") if isinstance(raw, Mapping) else None
        if not isinstance(missions, list) or len(missions) != 3:
            problems.error(at, N_('needs "missions": three [side 1, side 2] pairs '
                                  "(primary, secondary, tertiary)"), hint)
            return None
        out = []
        for k, m in enumerate(missions, start=1):
            if (not isinstance(m, list) or len(m) != 2
                    or any(range_problem(x, 0, MAX_MISSION_POINTS, whole=False) for x in m)):
                problems.error(at, N_("mission %(k)s: must be two numbers from 0 to %(max)s, "
                                      "not %(value)s", k=k, max=MAX_MISSION_POINTS,
                                      value=show(m)), hint)
                return None
            most = settings.mission_max[k - 1]
            if any(exact(x) > most for x in m):
                problems.error(at, N_("mission %(k)s: at most %(max)s points (the tournament's "
                                      "most for the %(mission)s mission), not %(value)s", k=k,
                                      max=_number(most), mission=MISSION_WORDS[k - 1],
                                      value=show(m)), hint)
                return None
            out.append((exact(m[0]), exact(m[1])))
        return Result(tuple(out))

    def standings(self, tournament: Tournament, rounds: Sequence[Round]) -> Standings:
        s: Settings = tournament.settings
        zero = Fraction(0)
        values = zeros(tournament, ("tp", "secondary", "mission_points"))
        for rnd, table in played(rounds):
            missions = table.result.missions
            tps = tournament_points(s.system, missions, rnd.extra)
            own = (sum((m[0] for m in missions), zero), sum((m[1] for m in missions), zero))
            for side in (1, 2):
                mine, theirs = own[side - 1], own[2 - side]
                for e in table.side(side):
                    v = values[e]
                    v["tp"] += tps[side - 1]
                    v["secondary"] += mine if s.system == "percent" else mine - theirs
                    v["mission_points"] += mine
        for rnd in rounds:
            for bye in rnd.byes:
                values[bye.entrant]["tp"] += s.bye_tp * BYE_SHARE[bye.kind]
        integral = s.system in ("ttm20", "matrix20", "sun")
        for vals in values.values():
            for k, x in vals.items():
                if x.denominator == 1 and (integral or k != "tp"):
                    vals[k] = int(x)  # whole numbers print as such
        return Standings(ranked(tournament, values, CRITERIA))


TABLETOP = Tabletop()
