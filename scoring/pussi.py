"""Pussi: two parties of two players per table, partners drawn anew each series.

A series (a round of the document) is a score sheet of games. For each game
the captain writes the declaring party (it won the bidding), its bid
(Spielansage) and both running totals. The checks of the seed's spreadsheet,
with the previous totals (0 before the first game):

- the declarer's total changes by +bid (won), -bid (lost) or -2×bid (lost and
  played Schwarz);
- the other party's total grows by the card points it made (>= 0), or falls by
  exactly 2×bid (it was played Schwarz).

Counts per party (and so per player): own games won/lost (as declarer), the
opponents' games it won/lost, Schwarz won (the other party fell by 2×bid) and
Schwarz lost (this party fell by 2×bid).

Premium: the first party whose total reaches ``premium_at`` after a game wins it
and keeps it. If both reach it in the same game: the higher total; then the
larger change in that game; then the party that did not declare.

Series result of a party = ``weight_points`` × final total + ``weight_difference``
× (own − opponents' final total) + premium; the tournament ``total`` is the sum
over series. A table whose number of games differs from its series' number is scored
as written and flagged; a series may set its own number (``games_per_series`` on the
round, :func:`series_games`), else the tournament's counts. Pussi has no byes; a player
who sits out a series may be recorded as a ``zero`` bye.

The captain's phone may take a game in outcome form instead (:class:`Entry`: the
declarer's outcome and the other party's card points, or "played Schwarz") and compute
the totals (:func:`entry_totals`); :func:`entry_problem` refuses what the seed says no
game gives. The payload keeps the totals either way.

Ranges (real sheets stay far inside; unbounded numbers once took every public page
down):

- a sheet has at most :data:`MAX_GAMES` games (the seed's spreadsheet has 12 rows);
  ``games_per_series`` is 1 to :data:`MAX_GAMES`;
- a bid is 1 to :data:`MAX_BID` (real bids are a few hundred);
- a running total is within ±:data:`MAX_TOTAL`: 99 games of the highest bid, all lost
  Schwarz, stay inside, so no sheet of allowed bids is refused for its totals;
- ``weight_points`` and ``weight_difference`` are 0 to :data:`MAX_WEIGHT` (1 and 0.2 in
  the seed), ``premium`` and ``premium_at`` 0 (1) to :data:`MAX_PREMIUM` (100 and 500).
"""

from __future__ import annotations

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
)
from .i18n import N_, Message
from .model import Problems, Round, Seat, Table, Tournament
from .ranking import Criterion

COUNTS = ("own_won", "own_lost", "opp_won", "opp_lost", "schwarz_won", "schwarz_lost")
MAX_GAMES = 99
MAX_BID = 5_000
MAX_TOTAL = 1_000_000
MAX_WEIGHT = 100
MAX_PREMIUM = 100_000
GAME_KEYS = ("declarer", "bid", "totals")
CRITERIA = (Criterion("total"),)
FURTHER = ("points", "difference", "premiums", *COUNTS)


@dataclass(frozen=True)
class Settings:
    weight_points: Fraction = Fraction(1)
    weight_difference: Fraction = Fraction(1, 5)
    premium: Fraction = Fraction(100)
    premium_at: int = 500
    games_per_series: int = 8


@dataclass(frozen=True)
class Game:
    declarer: int
    bid: int
    totals: tuple[int, int]


@dataclass(frozen=True)
class Quick:
    """A sheet entered in a hurry (the seed allows it): both parties' final totals, the
    party (index) that crossed ``premium_at`` first and the game (1-based) in which it
    did, or None; and how many games were played, if said."""

    final: tuple[int, int]
    premium: int | None
    premium_game: int | None
    played: int | None


@dataclass(frozen=True)
class Result:
    games: tuple[Game, ...]  # empty for a quick entry
    quick: Quick | None = None

    @property
    def played(self) -> int | None:
        """How many games the table played (None: a quick entry that does not say)."""
        return self.quick.played if self.quick is not None else len(self.games)


@dataclass
class SheetTally:
    """What one score sheet gives each party (index 0 = side 1)."""

    totals: tuple[int, int]
    premium: int | None  # side that won the premium
    counts: tuple[dict[str, int], dict[str, int]]


def check_game(prev: tuple[int, int], game: Game) -> Message | None:
    """Why ``game`` does not follow from ``prev`` under the rules, or None if it does."""
    d = game.declarer - 1
    o = 1 - d
    bid = game.bid
    change_d = game.totals[d] - prev[d]
    change_o = game.totals[o] - prev[o]
    if change_d not in (bid, -bid, -2 * bid):
        return N_("declarer's total %(total)s does not follow from %(prev)s with bid %(bid)s "
                  "(won: %(won)s, lost: %(lost)s, lost Schwarz: %(schwarz)s)",
                  total=game.totals[d], prev=prev[d], bid=bid, won=prev[d] + bid,
                  lost=prev[d] - bid, schwarz=prev[d] - 2 * bid)
    if change_o < 0 and change_o != -2 * bid:
        return N_("the other party's total %(total)s does not follow from %(prev)s: it can "
                  "only grow by its card points or fall by 2×%(bid)s to %(schwarz)s (played "
                  "Schwarz)", total=game.totals[o], prev=prev[o], bid=bid,
                  schwarz=prev[o] - 2 * bid)
    return None


def tally(games: Sequence[Game], premium_at: int) -> SheetTally:
    """Replay a valid score sheet: final totals, the premium and the counts per party."""
    counts: tuple[dict[str, int], dict[str, int]] = (dict.fromkeys(COUNTS, 0),
                                                     dict.fromkeys(COUNTS, 0))
    prev = (0, 0)
    premium: int | None = None
    for g in games:
        d, o = g.declarer - 1, 2 - g.declarer
        change = (g.totals[0] - prev[0], g.totals[1] - prev[1])
        if change[d] == g.bid:
            counts[d]["own_won"] += 1
            counts[o]["opp_lost"] += 1
        else:
            counts[d]["own_lost"] += 1
            counts[o]["opp_won"] += 1
        for side in (0, 1):
            if change[side] == -2 * g.bid:
                counts[side]["schwarz_lost"] += 1
                counts[1 - side]["schwarz_won"] += 1
        if premium is None and max(g.totals) >= premium_at:
            premium = _premium_winner(g, change, d)
        prev = g.totals
    return SheetTally(prev, premium, counts)


def result_tally(result: Result, premium_at: int) -> SheetTally:
    """What a result gives each party: replayed game by game, or, for a quick entry, its
    final totals and premium as entered (the game-by-game counts are unknown: zero)."""
    if result.quick is None:
        return tally(result.games, premium_at)
    return SheetTally(result.quick.final, result.quick.premium,
                      (dict.fromkeys(COUNTS, 0), dict.fromkeys(COUNTS, 0)))


def _premium_winner(g: Game, change: tuple[int, int], declarer: int) -> int:
    if g.totals[0] != g.totals[1]:
        return 0 if g.totals[0] > g.totals[1] else 1
    if change[0] != change[1]:
        return 0 if change[0] > change[1] else 1
    return 1 - declarer


def series_games(settings: Settings, round_extra: Any) -> int:
    """The number of games a series plays: its own (the round's ``games_per_series``) or
    the tournament's."""
    return round_extra if isinstance(round_extra, int) else settings.games_per_series


# --- a game as the captain writes it: the outcome, not the totals -------------------------------

OUTCOMES = ("won", "lost", "schwarz")
"""The declarer's outcome: +bid, -bid, or -2×bid (it was played Schwarz)."""

CARD_POINTS_BELOW = 500
"""The other party's card points in one game stay below this. The seed (III c) relies on the
party that did not declare never reaching 500 points in the first game of a table."""


@dataclass(frozen=True)
class Entry:
    """One game in outcome form: who declared, the bid, how it ended, and what the other
    party made (``points=None``: it was played Schwarz). The totals follow from it."""

    declarer: int
    bid: int
    outcome: str
    points: int | None


def entry_problem(entry: Entry) -> str | None:
    """Why no real game looks like ``entry`` (a code the app words), or None.

    Both codes concern what the other party made: ``points_range``, card points below 0 or
    not below :data:`CARD_POINTS_BELOW`; ``schwarz_needs_won``, the other party pays 2×bid
    for being played Schwarz only when the declarer won. Against a lost game it scores its
    card points (0): the seed (III b) names that case, "der Gegner spielt uns Schwarz aber
    verliert sein Spiel", as one that leaves our total unchanged. And a declarer played
    Schwarz cannot have played the other party Schwarz too: someone took the tricks.
    """
    if entry.points is None:
        return None if entry.outcome == "won" else "schwarz_needs_won"
    if not 0 <= entry.points < CARD_POINTS_BELOW:
        return "points_range"
    return None


def entry_totals(prev: tuple[int, int], entry: Entry) -> tuple[int, int]:
    """The running totals after ``entry``: the sheet as the paper has it."""
    d = entry.declarer - 1
    change_d = {"won": entry.bid, "lost": -entry.bid, "schwarz": -2 * entry.bid}[entry.outcome]
    change_o = -2 * entry.bid if entry.points is None else entry.points
    totals = [0, 0]
    totals[d] = prev[d] + change_d
    totals[1 - d] = prev[1 - d] + change_o
    return totals[0], totals[1]


def entry_of(prev: tuple[int, int], game: Game) -> Entry | None:
    """The outcome form of a game written as totals, or None if it has none (the totals do
    not follow the rules, or show a game :func:`entry_problem` refuses)."""
    if game.declarer not in (1, 2) or game.bid <= 0 or check_game(prev, game):
        return None
    d = game.declarer - 1
    change_d = game.totals[d] - prev[d]
    change_o = game.totals[1 - d] - prev[1 - d]
    outcome = {game.bid: "won", -game.bid: "lost", -2 * game.bid: "schwarz"}[change_d]
    entry = Entry(game.declarer, game.bid, outcome, None if change_o < 0 else change_o)
    return None if entry_problem(entry) else entry


def premium_game(games: Sequence[Game], premium_at: int) -> tuple[int, int] | None:
    """``(side index, game index)`` of the premium: who reached ``premium_at`` first, and
    in which game; None while nobody has. The same rule as :func:`tally`."""
    prev = (0, 0)
    for k, g in enumerate(games):
        if max(g.totals) >= premium_at:
            change = (g.totals[0] - prev[0], g.totals[1] - prev[1])
            return _premium_winner(g, change, g.declarer - 1), k
        prev = g.totals
    return None


def _series_flag(played: int, want: int) -> Message:
    """The warning on a table that played another number of games than its series."""
    return N_("%(n)s games played, the series is set to %(want)s", n=played, want=want)


class Pussi(Discipline[Settings]):
    name = "pussi"
    bye_kinds = frozenset({"zero"})
    result_keys = ("games", "final", "premium", "played")
    settings_keys = ("weight_points", "weight_difference", "premium", "premium_at",
                     "games_per_series")

    def parse_settings(self, raw: Mapping[str, Any], problems: Problems, at: str) -> Settings:
        known_keys(raw, self.settings_keys, problems, at, what=N_("Pussi scoring"), warn=True)
        d = Settings()
        out: dict[str, Any] = {}
        for key, top in (("weight_points", MAX_WEIGHT), ("weight_difference", MAX_WEIGHT),
                         ("premium", MAX_PREMIUM)):
            value = raw.get(key, getattr(d, key))
            why = range_problem(value, 0, top, whole=False)
            if why:
                problems.error(f"{at}.{key}", why)
                value = getattr(d, key)
            out[key] = exact(value)
        for key, top in (("premium_at", MAX_PREMIUM), ("games_per_series", MAX_GAMES)):
            value = raw.get(key, getattr(d, key))
            why = range_problem(value, 1, top)
            if why:
                problems.error(f"{at}.{key}", why)
                value = getattr(d, key)
            out[key] = value
        return Settings(**out)

    def check_seats(self, seats: Sequence[Seat], problems: Problems, at: str, hint: str) -> None:
        check_two_sides(seats, problems, at, hint, per_side=(2,))

    def parse_round(self, raw: Mapping[str, Any], settings: Settings, problems: Problems,
                    at: str, hint: str) -> int | None:
        """A series' own number of games (``games_per_series`` on the round), or None: the
        tournament's. A series cut short (or played longer) is set here, so its tables are
        checked against it and not flagged."""
        value = raw.get("games_per_series")
        if value is None:
            return None
        why = range_problem(value, 1, MAX_GAMES)
        if why:
            problems.error(f"{at}.games_per_series", why, hint)
            return None
        return int(value)

    def parse_result(self, raw: Any, table: Table, round_extra: Any, settings: Settings,
                     problems: Problems, at: str, hint: str) -> Result | None:
        if isinstance(raw, Mapping) and "final" in raw:
            return self._parse_quick(raw, table, round_extra, settings, problems, at, hint)
        games = raw.get("games") if isinstance(raw, Mapping) else None
        if not isinstance(games, list) or not games:
            problems.error(at, N_('needs "games": the score sheet, one entry per game (or '
                                  '"final": the final totals of a quick entry)'), hint)
            return None
        for key in ("premium", "played"):
            if key in raw:
                problems.error(f"{at}.{key}", N_('belongs to a quick entry ("final"); a sheet '
                                                 "of games has its premium and length in the "
                                                 "games"), hint)
                return None
        if len(games) > MAX_GAMES:
            problems.error(f"{at}.games", N_("%(n)s games; a sheet has at most %(max)s",
                                             n=len(games), max=MAX_GAMES), hint)
            return None
        out: list[Game] = []
        prev = (0, 0)
        for k, g in enumerate(games):
            gat = f"{at}.games[{k}]"
            ghint = N_("%(where)s, game %(n)s", where=hint, n=k + 1)  # as a card list's
            if not isinstance(g, Mapping):
                problems.error(gat, N_("must be an object"), ghint)
                return None
            if not known_keys(g, GAME_KEYS, problems, gat, ghint, N_("a game")):
                return None
            bid: Any  # raw JSON until checked below
            declarer, bid, totals = g.get("declarer"), g.get("bid"), g.get("totals")
            if declarer not in (1, 2) or isinstance(declarer, bool | float):
                problems.error(f"{gat}.declarer", N_("must be 1 or 2, not %(value)s",
                                                     value=show(declarer)), ghint)
                return None
            why = range_problem(bid, 1, MAX_BID)
            if why:
                problems.error(f"{gat}.bid", why, ghint)
                return None
            if (not isinstance(totals, list) or len(totals) != 2
                    or range_problem(totals[0], -MAX_TOTAL, MAX_TOTAL)
                    or range_problem(totals[1], -MAX_TOTAL, MAX_TOTAL)):
                problems.error(f"{gat}.totals", N_(
                    "must be the two parties' running totals (whole numbers from %(low)s to "
                    "%(high)s), not %(value)s", low=-MAX_TOTAL, high=MAX_TOTAL,
                    value=show(totals)), ghint)
                return None
            game = Game(declarer, bid, (totals[0], totals[1]))
            why = check_game(prev, game)
            if why:
                rest = len(games) - k - 1  # later rows build on this one: fix it first
                if rest:
                    why = (N_("%(why)s; game %(n)s not checked", why=why, n=k + 2) if rest == 1
                           else N_("%(why)s; games %(first)s-%(last)s not checked", why=why,
                                   first=k + 2, last=len(games)))
                problems.error(f"{gat}.totals", why, ghint)
                return None
            out.append(game)
            prev = game.totals
        want = series_games(settings, round_extra)
        if len(out) != want:
            problems.warning(table.place, _series_flag(len(out), want), hint)
        return Result(tuple(out))

    def _parse_quick(self, raw: Mapping[str, Any], table: Table, round_extra: Any,
                     settings: Settings, problems: Problems, at: str, hint: str
                     ) -> Result | None:
        """A quick entry: ``final`` totals, the ``premium`` (``{"side", "game"}`` or null)
        and optionally ``played``, the number of games."""
        if "games" in raw:
            problems.error(f"{at}.final", N_('a result is either "games" (game by game) or '
                                             '"final" (a quick entry), not both'), hint)
            return None
        final = raw.get("final")
        if (not isinstance(final, list) or len(final) != 2
                or range_problem(final[0], -MAX_TOTAL, MAX_TOTAL)
                or range_problem(final[1], -MAX_TOTAL, MAX_TOTAL)):
            problems.error(f"{at}.final", N_(
                "must be the two parties' final totals (whole numbers from %(low)s to "
                "%(high)s), not %(value)s", low=-MAX_TOTAL, high=MAX_TOTAL, value=show(final)),
                hint)
            return None
        played = raw.get("played")
        if played is not None:
            why = range_problem(played, 1, MAX_GAMES)
            if why:
                problems.error(f"{at}.played", why, hint)
                return None
        premium = raw.get("premium")
        side: int | None = None
        game: int | None = None
        if premium is not None:
            if not isinstance(premium, Mapping) or set(premium) != {"side", "game"}:
                problems.error(f"{at}.premium", N_(
                    'must be {"side": 1 or 2, "game": the game in which %(at)s was crossed} or '
                    "null, not %(value)s", at=settings.premium_at, value=show(premium)), hint)
                return None
            if premium["side"] not in (1, 2) or isinstance(premium["side"], bool | float):
                problems.error(f"{at}.premium.side", N_("must be 1 or 2, not %(value)s",
                                                        value=show(premium["side"])), hint)
                return None
            why = range_problem(premium["game"], 1, played or MAX_GAMES)
            if why:
                problems.error(f"{at}.premium.game",
                               N_("%(why)s (the games played)", why=why) if played else why,
                               hint)
                return None
            side, game = premium["side"] - 1, premium["game"]
        elif max(final) >= settings.premium_at:
            problems.error(f"{at}.premium", N_(
                "a party ends at %(total)s, so it crossed %(at)s: say who crossed it first "
                "and in which game", total=max(final), at=settings.premium_at), hint)
            return None
        want = series_games(settings, round_extra)
        if played is not None and played != want:
            problems.warning(table.place, _series_flag(played, want), hint)
        return Result((), Quick((final[0], final[1]), side, game, played))

    def standings(self, tournament: Tournament, rounds: Sequence[Round]) -> Standings:
        s: Settings = tournament.settings
        zero = Fraction(0)
        values: dict[int, dict[str, Any]] = {
            e.id: {"total": zero, "points": zero, "difference": zero, "premiums": 0,
                   **dict.fromkeys(COUNTS, 0)} for e in tournament.entrants}
        flags = []
        for rnd, table in played(rounds):
            count = table.result.played
            want = series_games(s, rnd.extra)
            if count is not None and count != want:
                flags.append({"place": table.place, "hint": table.hint,
                              "message": _series_flag(count, want)})
            t = result_tally(table.result, s.premium_at)
            for side in (0, 1):
                own, opp = t.totals[side], t.totals[1 - side]
                points = s.weight_points * own
                difference = s.weight_difference * (own - opp)
                won = t.premium == side
                for e in table.side(side + 1):
                    v = values[e]
                    v["points"] += points
                    v["difference"] += difference
                    v["total"] += points + difference + (s.premium if won else 0)
                    v["premiums"] += int(won)
                    for k in COUNTS:
                        v[k] += t.counts[side][k]
        return Standings(ranked(tournament, values, CRITERIA, FURTHER), flags)


PUSSI = Pussi()
