"""Board-game qualifier (seed 003): tables of 4, at most three tables of 3.

Per table the entrants are placed by game points; placement points come from
``scoring.placement`` (5-3-2-1 at four, 5-3-1 at three) and tied places share
the sum of their placement points equally ((5+3)/2 = 4 for two tied first).
Ranking: placement points, then the sum of relative shares (own game points ÷
the table's total; a table of three adds a virtual fourth player scoring the
mean of the three, so the total is 4/3 of the sum), then the sum of game points.
A table where nobody scored gives everyone an equal share (1/4).

Board games have no byes; an absent player may be recorded as a ``zero`` bye.

Ranges (a game's score sheet stays far inside; unbounded numbers once took every
public page down):

- game points of a player: ±:data:`MAX_GAME_POINTS` (a million; board games score in
  tens or hundreds, some in thousands of coins or points), any decimal;
- ``placement``: tables of 2 to :data:`MAX_TABLE` players, each place worth 0 to
  :data:`MAX_PLACEMENT` points (5-3-2-1 in the seed).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .discipline import (
    Discipline,
    Standings,
    exact,
    key_text,
    known_keys,
    played,
    range_problem,
    ranked,
    zeros,
)
from .i18n import N_, join
from .model import Problems, Round, Seat, Table, Tournament
from .ranking import Criterion

DEFAULT_PLACEMENT = {4: (5, 3, 2, 1), 3: (5, 3, 1)}
MAX_GAME_POINTS = 1_000_000
MAX_TABLE = 12
MAX_PLACEMENT = 1_000
_ID = re.compile(r"[1-9][0-9]{0,9}")  # an entrant id or a table size as a JSON key
CRITERIA = (Criterion("points"), Criterion("share"), Criterion("game_points"))


@dataclass(frozen=True)
class Settings:
    placement: Mapping[int, tuple[Fraction, ...]]


@dataclass(frozen=True)
class Result:
    points: Mapping[int, Fraction]


def placement_points(points: Mapping[int, Fraction],
                     scheme: Sequence[Fraction]) -> dict[int, Fraction]:
    """Placement points per entrant; tied entrants share the points of the places they cover."""
    order = sorted(points, key=lambda e: points[e], reverse=True)
    out: dict[int, Fraction] = {}
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and points[order[j + 1]] == points[order[i]]:
            j += 1
        share = sum(scheme[i:j + 1], Fraction(0)) / (j - i + 1)
        for e in order[i:j + 1]:
            out[e] = share
        i = j + 1
    return out


def shares(points: Mapping[int, Fraction], seats_full: int = 4) -> dict[int, Fraction]:
    """Relative share of each entrant, with virtual players at the table's mean up to four."""
    n = len(points)
    total = sum(points.values(), Fraction(0))
    if n < seats_full:
        total = total * seats_full / n
    if total == 0:
        return {e: Fraction(1, seats_full) for e in points}
    return {e: p / total for e, p in points.items()}


class Boardgame(Discipline[Settings]):
    name = "boardgame"
    bye_kinds = frozenset({"zero"})
    result_keys = ("points",)
    settings_keys = ("placement",)

    def parse_settings(self, raw: Mapping[str, Any], problems: Problems, at: str) -> Settings:
        known_keys(raw, self.settings_keys, problems, at, what=N_("board-game scoring"), warn=True)
        raw_placement = raw.get("placement")
        if raw_placement is None:
            return Settings({k: tuple(map(Fraction, v)) for k, v in DEFAULT_PLACEMENT.items()})
        placement: dict[int, tuple[Fraction, ...]] = {}
        if not isinstance(raw_placement, Mapping):
            problems.error(f"{at}.placement", N_('must map a table size to its points, e.g. '
                                                 '%(example)s',
                                                 example='{"4": [5, 3, 2, 1], "3": [5, 3, 1]}'))
            return Settings(placement)
        for key, pts in raw_placement.items():
            size = int(key) if isinstance(key, str) and _ID.fullmatch(key) else 0
            if not 2 <= size <= MAX_TABLE:
                problems.error(f"{at}.placement.{key_text(key)}",
                               N_("must be a table size from 2 to %(max)s", max=MAX_TABLE))
                continue
            if not isinstance(pts, list) or len(pts) != size:
                problems.error(f"{at}.placement.{key}", N_("must list one number per place "
                                                           "of a table of %(n)s", n=key))
                continue
            why = next(filter(None, (range_problem(p, 0, MAX_PLACEMENT, whole=False)
                                     for p in pts)), None)
            if why:
                problems.error(f"{at}.placement.{key}", N_("placement points %(why)s",
                                                           why=why))
                continue
            placement[size] = tuple(exact(p) for p in pts)
        return Settings(placement)

    def check_seats(self, seats: Sequence[Seat], problems: Problems, at: str, hint: str) -> None:
        if any(s.side is not None for s in seats):
            problems.error(f"{at}.seats", N_("board-game tables have no sides (omit side)"),
                           hint)

    def parse_result(self, raw: Any, table: Table, round_extra: Any, settings: Settings,
                     problems: Problems, at: str, hint: str) -> Result | None:
        n = len(table.seats)
        if n not in settings.placement:
            sizes = ", ".join(str(k) for k in sorted(settings.placement))
            problems.error(f"{table.place}.seats", N_("a table of %(n)s has no placement "
                                                      "points (tables of %(sizes)s)", n=n,
                                                      sizes=sizes), hint)
            return None
        points = raw.get("points") if isinstance(raw, Mapping) else None
        if not isinstance(points, Mapping):
            problems.error(at, N_('needs "points": game points by entrant id'), hint)
            return None
        seated = set(table.entrants)
        out: dict[int, Fraction] = {}
        ok = True
        for key, value in points.items():
            eid = int(key) if isinstance(key, str) and _ID.fullmatch(key) else None
            why = range_problem(value, -MAX_GAME_POINTS, MAX_GAME_POINTS, whole=False)
            if eid not in seated:
                problems.error(f"{at}.points", N_("points for entrant %(entrant)s, who is not "
                                                  "seated at this table",
                                                  entrant=key_text(key)), hint)
                ok = False
            elif why:
                problems.error(f"{at}.points", N_("entrant %(entrant)s: game points %(why)s",
                                                  entrant=key, why=why), hint)
                ok = False
            else:
                out[eid] = exact(value)
        missing = sorted(seated - set(out))
        if ok and missing:
            problems.error(f"{at}.points", N_("no game points for %(entrants)s",
                                              entrants=join([N_("entrant %(n)s", n=e)
                                                             for e in missing], ", ")), hint)
            ok = False
        return Result(out) if ok else None

    def standings(self, tournament: Tournament, rounds: Sequence[Round]) -> Standings:
        s: Settings = tournament.settings
        values = zeros(tournament, ("points", "share", "game_points"))
        for _, table in played(rounds):
            pts = table.result.points
            placed = placement_points(pts, s.placement[len(pts)])
            share = shares(pts)
            for e, p in pts.items():
                v = values[e]
                v["points"] += placed[e]
                v["share"] += share[e]
                v["game_points"] += p
        return Standings(ranked(tournament, values, CRITERIA))


BOARDGAME = Boardgame()
