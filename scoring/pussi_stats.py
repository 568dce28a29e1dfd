"""Pussi statistics: the seed's result sheet ("Ergebnis ...") and its per-series statistics.

Per player, over all series: own games won and lost (as declarer) and their sum, the
opponents' games won and lost, Schwarz won and lost (own or opponents' game alike, split
as well), weighted points, premiums won (the party reached 500 first) and lost (the
opponents did), weighted difference, the total and the place. Per series: the games, how
the declarers fared, the Schwarz games, and the highest and lowest points, difference and
series result with the players who had them. For every column the best and the worst
values are marked, so a page can highlight them; ties are all marked.

The seed's result sheet highlights a band around the extremes (within 2 games, within 1
Schwarz game, places 1-3 and the last three; premiums only where they equal the best or
worst) and fixed limits of the weighted values: points and total (and each series result)
of 1000 or more are good and of -1000 or less bad, the weighted difference likewise at
200 and -200 (and nothing else: a weighted value inside the limits is not marked, however
near the best or worst it is). ``pussi_stats(..., seed=True)`` marks that way
(:data:`SEED_BANDS`, :data:`SEED_LIMITS`, :func:`level`), the app's result sheet does; the
default marks the extremes only.

A table entered quickly (final totals only) counts with its totals and premium; the
game-by-game counts leave it out, and :attr:`PussiStats.quick` names it with its players.
Built on :mod:`scoring.pussi` (same tally, same premium rule), pure Python.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .discipline import played
from .model import Tournament
from .pussi import COUNTS, Game, Settings, result_tally, series_games

HIGH, LOW = 1, -1  # which way a column gets better

PLAYER_COLUMNS: tuple[tuple[str, int], ...] = (
    ("own_won", HIGH), ("own_lost", LOW), ("own_games", HIGH),
    ("opp_won", HIGH), ("opp_lost", LOW),
    ("schwarz_won", HIGH), ("schwarz_lost", LOW),
    ("points", HIGH), ("premiums_won", HIGH), ("premiums_lost", LOW),
    ("difference", HIGH), ("total", HIGH), ("rank", LOW),
)
"""The result sheet's columns C to O, in its order, with the direction that is better."""

SCHWARZ_COLUMNS: tuple[tuple[str, int], ...] = (
    ("own_schwarz_won", HIGH), ("opp_schwarz_won", HIGH),
    ("own_schwarz_lost", LOW), ("opp_schwarz_lost", LOW),
)
"""Schwarz split by whose game it was: own (this party declared) or the opponents'."""

SERIES_EXTREMES = ("points", "difference", "result")

SERIES_COUNT_COLUMNS: tuple[tuple[str, int], ...] = tuple(
    (k, better) for k, better in PLAYER_COLUMNS if k in COUNTS)
"""The counts the seed's sheet shows per series and player: own and opponents' games won
and lost, Schwarz won and lost (marked with the same bands as over all series)."""

SEED_BANDS: Mapping[str, int] = {
    "own_won": 2, "own_lost": 2, "own_games": 2, "opp_won": 2, "opp_lost": 2,
    "schwarz_won": 1, "schwarz_lost": 1, "rank": 2, "premiums_won": 0, "premiums_lost": 0,
    "own_schwarz_won": 1, "opp_schwarz_won": 1, "own_schwarz_lost": 1, "opp_schwarz_lost": 1,
}
"""The seed's "good" and "bad": within this much of the best (worst) value: 2 games,
1 Schwarz game (also split by whose game it was), 2 places (so places 1-3 and the last
three are marked); premiums won or lost only when they equal the best (worst) count."""

SEED_LIMITS: Mapping[str, int] = {"points": 1000, "difference": 200, "total": 1000,
                                  "result": 1000}
"""The seed's fixed limits of the weighted values: ``high`` at this much or more, ``low``
at minus this much or less. The difference's 200 is 1000 card points at the weight 0.2;
a series result is judged like the total."""

PODIUM = 3
"""Places 1 to this are marked as the seed's sheet marks them."""

Number = int | Fraction
Shown = int | float


@dataclass(frozen=True)
class Cell:
    """One value of a table and whether it is among the best or the worst of its column."""

    key: str
    value: Shown | None
    mark: str = ""  # "best", "worst" or ""
    level: str = ""  # the seed's fixed marks: "high", "low" (SEED_LIMITS), "podium" (place)


@dataclass(frozen=True)
class SeriesCounts:
    """One player's counts in one series (:data:`SERIES_COUNT_COLUMNS`)."""

    number: int  # the series
    cells: tuple[Cell, ...]  # empty: did not play the series
    quick: bool = False  # the table gave final totals only: no counts (the cells are None)


@dataclass(frozen=True)
class PlayerRow:
    entrant: int  # the start number (the document's entrant id)
    name: str
    values: dict[str, Number]  # exact: weighted values are Fractions
    cells: tuple[Cell, ...]  # PLAYER_COLUMNS
    schwarz: tuple[Cell, ...]  # SCHWARZ_COLUMNS
    series: tuple[Cell, ...]  # the series result per series; None: did not play
    series_counts: tuple[SeriesCounts, ...] = ()  # the counts per series, as ``series``

    @property
    def rank(self) -> int:
        return int(self.values["rank"])


@dataclass(frozen=True)
class Extreme:
    """The highest and lowest value of one kind in a series, with who had it."""

    key: str  # points, difference or result
    high: Shown
    high_players: tuple[tuple[int, str], ...]
    low: Shown
    low_players: tuple[tuple[int, str], ...]


@dataclass(frozen=True)
class SeriesRow:
    number: int
    tables: int  # tables with a result
    games: int
    declarer_won: int
    declarer_lost: int
    schwarz: int  # games in which a party was played Schwarz
    premiums: int  # tables at which a party reached the premium
    flagged: tuple[int, ...]  # tables whose number of games is not the series' set number
    extremes: tuple[Extreme, ...]
    games_per_series: int = 8  # the series' set number (its own or the tournament's)
    quick: tuple[int, ...] = ()  # tables entered with final totals only (no game data)


@dataclass(frozen=True)
class QuickTable:
    """A table entered with final totals only: its games, declarers and Schwarz games are
    unknown, so the game-by-game counts leave it out (its players' counts are partial)."""

    series: int
    table: int
    players: tuple[tuple[int, str], ...]
    played: int | None  # the games it played, if said


@dataclass(frozen=True)
class PussiStats:
    players: tuple[PlayerRow, ...]  # in ranking order
    series: tuple[SeriesRow, ...]
    totals: dict[str, int] = field(default_factory=dict)  # games, declarer_won, ... overall
    games_per_series: int = 8
    premium_at: int = 500
    quick: tuple[QuickTable, ...] = ()  # tables without game-by-game data

    @property
    def columns(self) -> tuple[str, ...]:
        return tuple(k for k, _ in PLAYER_COLUMNS)

    @property
    def series_numbers(self) -> tuple[int, ...]:
        return tuple(s.number for s in self.series)


def game_facts(prev: tuple[int, int], game: Game) -> tuple[bool, tuple[bool, bool]]:
    """Whether the declarer won, and which side (index) was played Schwarz."""
    d = game.declarer - 1
    won = game.totals[d] - prev[d] == game.bid
    fell = tuple(game.totals[s] - prev[s] == -2 * game.bid for s in (0, 1))
    return won, (fell[0], fell[1])


def marks(values: Mapping[Any, Number | None], better: int, band: Number = 0
          ) -> dict[Any, str]:
    """``best`` / ``worst`` for the values within ``band`` of the best / worst one.

    Nothing is marked when all values are equal (nobody stands out), and a value within
    the band of both ends is neither.
    """
    present = {k: v for k, v in values.items() if v is not None}
    if not present:
        return {}
    hi, lo = max(present.values()), min(present.values())
    if hi == lo:
        return {}
    best, worst = (hi, lo) if better == HIGH else (lo, hi)
    out = {}
    for k, v in present.items():
        is_best = abs(Fraction(v) - best) <= band
        is_worst = abs(Fraction(v) - worst) <= band
        if is_best != is_worst:
            out[k] = "best" if is_best else "worst"
    return out


def _number(x: Number) -> int | float:
    """A value to show: whole values as int, weighted ones (0.2 × difference) as float."""
    if isinstance(x, Fraction):
        return int(x) if x.denominator == 1 else float(x)
    return x


def level(key: str, value: Number) -> str:
    """The seed's fixed mark of a value: ``high`` / ``low`` beyond :data:`SEED_LIMITS`
    (points, difference, total, a series result), ``podium`` for places 1-3."""
    if key in SEED_LIMITS:
        limit = SEED_LIMITS[key]
        return "high" if value >= limit else "low" if value <= -limit else ""
    if key == "rank":
        return "podium" if value <= PODIUM else ""
    return ""


def pussi_stats(tournament: Tournament, bands: Mapping[str, Number] | None = None,
                seed: bool = False) -> PussiStats:
    """The statistics of a parsed Pussi tournament (all its rounds, results as they count).

    ``seed``: highlight as the seed's result sheet does (:data:`SEED_BANDS` unless
    ``bands`` are given, and the fixed marks of :func:`level`); else only the extremes."""
    s: Settings = tournament.settings
    bands = bands if bands is not None else SEED_BANDS if seed else {}
    names = {e.id: e.name for e in tournament.entrants}
    zero = Fraction(0)
    keys = [*COUNTS, *(k for k, _ in SCHWARZ_COLUMNS), "own_games", "premiums_won",
            "premiums_lost", "quick"]
    values: dict[int, dict[str, Any]] = {
        e: {**dict.fromkeys(keys, 0), "points": zero, "difference": zero, "total": zero}
        for e in names}
    series_result: dict[int, dict[int, Fraction]] = {}  # round -> entrant -> result
    series_values: dict[int, dict[str, dict[int, Fraction]]] = {}
    counts: dict[int, dict[int, dict[str, int] | None]] = {}  # round -> entrant -> counts
    rows: dict[int, dict[str, Any]] = {}
    for rnd in tournament.rounds:
        rows.setdefault(rnd.number, {"tables": 0, "games": 0, "declarer_won": 0,
                                     "declarer_lost": 0, "schwarz": 0, "premiums": 0,
                                     "flagged": [], "want": series_games(s, rnd.extra),
                                     "quick": []})
        series_result.setdefault(rnd.number, {})
        series_values.setdefault(rnd.number, {k: {} for k in SERIES_EXTREMES})
        counts.setdefault(rnd.number, {})
    quick: list[QuickTable] = []
    for rnd, table in played(tournament.rounds):
        games = table.result.games
        row = rows[rnd.number]
        row["tables"] += 1
        row["games"] += table.result.played or 0
        row["want"] = series_games(s, rnd.extra)
        count = table.result.played
        if count is not None and count != row["want"]:
            row["flagged"].append(table.number)
        if table.result.quick is not None:  # final totals only: no game-by-game counts
            row["quick"].append(table.number)
            seated = tuple((e, names[e]) for side in (1, 2) for e in table.side(side))
            quick.append(QuickTable(rnd.number, table.number, seated, count))
            for e, _name in seated:
                values[e]["quick"] += 1
        t = result_tally(table.result, s.premium_at)
        row["premiums"] += t.premium is not None
        split = _schwarz_split(games)
        prev = (0, 0)
        for g in games:
            won, fell = game_facts(prev, g)
            row["declarer_won" if won else "declarer_lost"] += 1
            row["schwarz"] += any(fell)
            prev = g.totals
        for side in (0, 1):
            own, opp = t.totals[side], t.totals[1 - side]
            points = s.weight_points * own
            difference = s.weight_difference * (own - opp)
            premium = s.premium if t.premium == side else zero
            result = points + difference + premium
            for e in table.side(side + 1):
                v = values[e]
                for k in COUNTS:
                    v[k] += t.counts[side][k]
                for k, n in split[side].items():
                    v[k] += n
                v["points"] += points
                v["difference"] += difference
                v["total"] += result
                v["premiums_won"] += t.premium == side
                v["premiums_lost"] += t.premium == 1 - side
                series_result[rnd.number][e] = result
                counts[rnd.number][e] = (None if table.result.quick is not None else
                                         {k: t.counts[side][k] for k in COUNTS})
                per = series_values[rnd.number]
                per["points"][e], per["difference"][e], per["result"][e] = (
                    points, difference, result)
    for v in values.values():
        v["own_games"] = v["own_won"] + v["own_lost"]
    totals = sorted((v["total"] for v in values.values()), reverse=True)
    for v in values.values():
        v["rank"] = 1 + totals.index(v["total"])
    partial = {*COUNTS, "own_games", *(k for k, _ in SCHWARZ_COLUMNS)}
    # a player with a quick-entry table has partial counts: they are not compared
    # The seed judges the weighted values by its fixed limits only (level), so with seed=True
    # a total of 400 that happens to be the best gets no "near the best" mark.
    limited = set(SEED_LIMITS) if seed else set()
    column_marks = {k: {} if k in limited else
                    marks({e: None if k in partial and v["quick"] else v[k]
                           for e, v in values.items()}, better, bands.get(k, 0))
                    for k, better in (*PLAYER_COLUMNS, *SCHWARZ_COLUMNS)}
    numbers = sorted(rows)
    result_marks = {n: {} if "result" in limited else
                    marks(series_result[n], HIGH, bands.get("result", 0)) for n in numbers}
    count_marks = {(n, k): marks({e: None if c is None else c[k]
                                  for e, c in counts[n].items()}, better, bands.get(k, 0))
                   for n in numbers for k, better in SERIES_COUNT_COLUMNS}
    order = sorted(values, key=lambda e: (values[e]["rank"], e))
    players = tuple(
        PlayerRow(e, names[e], dict(values[e]),
                  tuple(Cell(k, _number(values[e][k]), column_marks[k].get(e, ""),
                             level(k, values[e][k]) if seed else "")
                        for k, _ in PLAYER_COLUMNS),
                  tuple(Cell(k, values[e][k], column_marks[k].get(e, ""))
                        for k, _ in SCHWARZ_COLUMNS),
                  tuple(Cell("result", _number(series_result[n][e])
                             if e in series_result[n] else None,
                             result_marks[n].get(e, ""),
                             level("result", series_result[n][e])
                             if seed and e in series_result[n] else "") for n in numbers),
                  tuple(_series_counts(n, counts[n], e, count_marks) for n in numbers))
        for e in order)
    series = tuple(
        SeriesRow(n, rows[n]["tables"], rows[n]["games"], rows[n]["declarer_won"],
                  rows[n]["declarer_lost"], rows[n]["schwarz"], rows[n]["premiums"],
                  tuple(rows[n]["flagged"]),
                  tuple(_extreme(k, series_values[n][k], names) for k in SERIES_EXTREMES
                        if series_values[n][k]), rows[n]["want"], tuple(rows[n]["quick"]))
        for n in numbers)
    overall = {k: sum(r[k] for r in rows.values())
               for k in ("tables", "games", "declarer_won", "declarer_lost", "schwarz",
                         "premiums")}
    return PussiStats(players, series, overall, s.games_per_series, s.premium_at,
                      tuple(quick))


def _series_counts(n: int, played_counts: dict[int, dict[str, int] | None], e: int,
                   count_marks: dict[tuple[int, str], dict[Any, str]]) -> SeriesCounts:
    """Player ``e``'s counts in series ``n``: none if he did not play it, unknown (None
    values, unmarked) if his table gave final totals only."""
    if e not in played_counts:
        return SeriesCounts(n, ())
    c = played_counts[e]
    if c is None:
        return SeriesCounts(n, tuple(Cell(k, None) for k, _ in SERIES_COUNT_COLUMNS), True)
    return SeriesCounts(n, tuple(Cell(k, c[k], count_marks[(n, k)].get(e, ""))
                                 for k, _ in SERIES_COUNT_COLUMNS))


def _schwarz_split(games: tuple[Game, ...]) -> tuple[dict[str, int], dict[str, int]]:
    """Per side: Schwarz won and lost in its own games and in the opponents' games."""
    out = ({k: 0 for k, _ in SCHWARZ_COLUMNS}, {k: 0 for k, _ in SCHWARZ_COLUMNS})
    prev = (0, 0)
    for g in games:
        _won, fell = game_facts(prev, g)
        d = g.declarer - 1
        for side in (0, 1):
            if fell[side]:
                whose = "own" if side == d else "opp"
                out[side][f"{whose}_schwarz_lost"] += 1
                out[1 - side][f"{'opp' if side == d else 'own'}_schwarz_won"] += 1
        prev = g.totals
    return out


def _extreme(key: str, values: dict[int, Fraction], names: dict[int, str]) -> Extreme:
    hi, lo = max(values.values()), min(values.values())
    return Extreme(key, _number(hi), tuple((e, names[e]) for e in sorted(values)
                                           if values[e] == hi),
                   _number(lo), tuple((e, names[e]) for e in sorted(values)
                                      if values[e] == lo))
