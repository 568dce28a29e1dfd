"""Skat by the Internationale Skatordnung (ISkO) and the Skatwettspielordnung (SkWO).

A round of the document is a series ("Serie"); each table writes its list ("Spielliste"):
one line per game with the declarer, the game, its value and whether it was won. Tables
seat four (the dealer sits out each game) or three; a series has 48 games at a table of
four and 36 at a table of three (``games_per_series``). Another number of games is scored
as written and flagged, like a Pussi sheet: a table cut short is the director's call.

Which values a game can have (ISkO 2.4.3, 5.1, 5.2, 5.4; docs/skat.md):

- suit games: the base value (clubs 12, spades 11, hearts 10, diamonds 9) times 2 to 18
  (with/without 1-11 tops, +1 game, +1 each for hand, schneider, schneider announced,
  schwarz, schwarz announced, ouvert); Grand: 24 times 2 to 11 (1-4 tops);
- Null 23, Null Hand 35, Null ouvert 46, Null ouvert Hand 59;
- a lost game the declarer overbid is charged the smallest multiple of the base value that
  reaches the bid (ISkO 5.4.2): the line carries the ``bid``, and only then a value beyond
  the usual multipliers is accepted.

Scoring (SkWO 5.1, the extended Seeger system known as Seeger-Fabian): a won game scores
its value + 50 for the declarer, a lost game -2 × value - 50; for every game a declarer
loses, each other player at the table, the dealer sitting out at a table of four included,
gets 40 at a table of three and 30 at a table of four. Ties: more games won, then fewer
games lost, then the lot (which the director draws; the rows share the rank).

Ramsch is no part of the ISkO; a game everyone passed is written as ``passed`` and counts as
a game of the series. ``ramsch: true`` allows a house-rule Ramsch line (docs/skat.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .cardlist import (
    MAX_GAMES,
    check_seat_count,
    dealer_of,
    entrant_at,
    game_hint,
    per_table_setting,
    read_games,
    series_key,
)
from .discipline import (
    Discipline,
    Standings,
    exact,
    is_int,
    is_number,
    known_keys,
    played,
    ranked,
    setting_flag,
    show,
)
from .i18n import N_
from .model import Problems, Round, Seat, Table, Tournament
from .ranking import Criterion

SUITS = {"clubs": 12, "spades": 11, "hearts": 10, "diamonds": 9}
BASE = {**SUITS, "grand": 24}
MULTIPLIERS = {**{suit: range(2, 19) for suit in SUITS}, "grand": range(2, 12)}
"""(ISkO 2.4.3, 5.2) Suits: with or without 1-11 tops; Grand: 1-4 tops. Plus 1 for the game
and up to 6 levels (hand, schneider, schneider announced, schwarz, schwarz announced,
ouvert), so suits go from 2 to 18 and Grand from 2 to 11 (Grand ouvert with four: 11 × 24)."""
NULL = {"null": 23, "null_hand": 35, "null_ouvert": 46, "null_ouvert_hand": 59}
GAMES = (*BASE, *NULL, "passed", "ramsch")

WON_BONUS = 50
OPPONENT_BONUS = {3: 40, 4: 30}
TABLE_SIZES = (3, 4)
DEFAULT_GAMES = {3: 36, 4: 48}

RAMSCH_MAX = 240  # all 120 card points, doubled for a player who took no trick
LINE_KEYS = ("game", "declarer", "dealer", "value", "won", "bid")


def values_of(game: str) -> tuple[int, ...]:
    """Every value a won (or normally lost) game of this kind can have."""
    if game in NULL:
        return (NULL[game],)
    return tuple(BASE[game] * m for m in MULTIPLIERS[game])


BIDS = frozenset(v for game in (*BASE, *NULL) for v in values_of(game))
"""The bids (Reizwerte) are exactly the values games can have; the lowest is 18 (ISkO 3.3.1)."""
MAX_VALUE = max(BIDS)  # 264, Grand ouvert with four


def overbid_value(game: str, bid: int) -> int:
    """The value a lost, overbid game is charged: the smallest multiple of the base value
    of the announced game that reaches the bid (ISkO 5.4.2)."""
    base = BASE[game]
    return -(-bid // base) * base


def value_problem(game: str, value: int, won: bool, bid: int | None) -> str | None:
    """Why ``value`` is not a value this game can be written with, or None."""
    if game in NULL:
        if value != NULL[game]:
            return N_("%(game)s is worth %(worth)s, not %(value)s (Null 23, Null Hand 35, "
                      "Null ouvert 46, Null ouvert Hand 59)", game=game.replace("_", " "),
                      worth=NULL[game], value=value)
        if bid is not None and bid > value:
            return N_("a %(game)s is worth %(value)s; it cannot be played after a bid of "
                      "%(bid)s, a Null game has no multiple to charge",
                      game=game.replace("_", " "), value=value, bid=bid)
        return None
    usual = values_of(game)
    if value in usual:
        if bid is not None and bid > value:
            return N_("a %(game)s game worth %(value)s does not reach the bid %(bid)s: it is "
                      "overbid and lost, charged %(charged)s (ISkO 5.4.2)", game=game,
                      value=value, bid=bid, charged=overbid_value(game, bid))
        return None
    if not won and bid is not None and value == overbid_value(game, bid):
        return None
    m = MULTIPLIERS[game]
    base = BASE[game]
    params = {"game": game, "base": base, "low": m.start, "high": m.stop - 1,
              "first": usual[0], "second": usual[1], "last": usual[-1], "value": value}
    if not won:
        return N_("a %(game)s game is worth %(base)s × %(low)s to %(base)s × %(high)s "
                  "(%(first)s, %(second)s, … %(last)s), not %(value)s; a lost, overbid game "
                  "is charged the first multiple of %(base)s that reaches its bid: give the "
                  "bid", **params)
    return N_("a %(game)s game is worth %(base)s × %(low)s to %(base)s × %(high)s "
              "(%(first)s, %(second)s, … %(last)s), not %(value)s", **params)


GROUP_SIZES = {"teams": 4, "tandems": 2}  # Preisskat side rankings: teams of 4, tandems of 2
GROUP_SUBSTITUTES = {"teams": 4, "tandems": 0}
"""How many substitutes a group may name: a team up to four (the notice says how many; four
is a second team, so nothing a notice plausibly allows is refused), a tandem none."""
MAX_GROUPS = 200
GROUP_NAME_LENGTH = 60


@dataclass(frozen=True)
class Group:
    """A team or a tandem of a side ranking: its name, its members' start numbers and the
    substitutes who may take a member's place in a series (docs/skat.md, "Teams")."""

    name: str
    members: tuple[int, ...]
    substitutes: tuple[int, ...] = ()


@dataclass(frozen=True)
class Settings:
    games_per_series: Mapping[int, int]
    ramsch: bool = False
    loss_fee: Fraction = Fraction(0)
    loss_fee_higher: Fraction | None = None
    loss_fee_from: int | None = None
    teams: tuple[Group, ...] = ()
    tandems: tuple[Group, ...] = ()


def parse_groups(raw: Any, size: int, problems: Problems, at: str,
                 substitutes: int = 0) -> tuple[Group, ...]:
    """``[{"name": "Herz Dame", "members": [3, 7, 12, 15], "substitutes": [21]}, …]``: each
    group of ``size`` start numbers and up to ``substitutes`` more (optional), no name and
    no player in two groups; an error drops the whole setting."""
    if raw is None:
        return ()
    if not isinstance(raw, list) or len(raw) > MAX_GROUPS:
        problems.error(at, N_('must be a list of at most %(n)s groups, each {"name": …, '
                              '"members": [start numbers]}', n=MAX_GROUPS))
        return ()
    out: list[Group] = []
    names: set[str] = set()
    seen: set[int] = set()
    for k, item in enumerate(raw):
        place = f"{at}[{k}]"
        name = item.get("name") if isinstance(item, Mapping) else None
        members = item.get("members") if isinstance(item, Mapping) else None
        if not isinstance(name, str) or not 0 < len(name.strip()) <= GROUP_NAME_LENGTH:
            problems.error(f"{place}.name", N_("a name of 1 to %(n)s characters",
                                               n=GROUP_NAME_LENGTH))
            return ()
        if (not isinstance(members, list) or len(members) != size
                or not all(is_int(m) and 0 < m < 100_000 for m in members)
                or len(set(members)) != size):
            problems.error(f"{place}.members", N_("%(n)s different start numbers", n=size))
            return ()
        spare = item.get("substitutes", [])
        if (not isinstance(spare, list) or len(spare) > substitutes
                or not all(is_int(m) and 0 < m < 100_000 for m in spare)
                or len(set(spare)) != len(spare) or set(spare) & set(members)):
            problems.error(f"{place}.substitutes", N_(
                "up to %(n)s start numbers, none of them a member", n=substitutes)
                if substitutes else N_("a group of this kind has no substitutes"))
            return ()
        if name.strip().casefold() in names or seen & {*members, *spare}:
            problems.error(place, N_("%(name)s: a name or a player is in two groups",
                                     name=name))
            return ()
        names.add(name.strip().casefold())
        seen.update(members, spare)
        out.append(Group(name.strip(), tuple(members), tuple(spare)))
    return tuple(out)


SeriesTallies = Mapping[int, Mapping[int, tuple[int, int, int]]]
"""Per entrant (start number) and series (round number): (points, won, lost)."""


def series_tallies(rounds: Sequence[Round]) -> dict[int, dict[int, tuple[int, int, int]]]:
    """Each player's Seeger-Fabian points, won and lost games per series, from the lists."""
    out: dict[int, dict[int, tuple[int, int, int]]] = {}
    for rnd, table in played(rounds):
        t = tally(table.result.games, table.entrants)
        for e in table.entrants:
            p, w, lost = out.setdefault(e, {}).get(rnd.number, (0, 0, 0))
            out[e][rnd.number] = (p + t.points[e], w + t.won[e], lost + t.lost[e])
    return out


def counted_members(group: Group, series: SeriesTallies) -> dict[int, tuple[int, ...]]:
    """Who counts for a group in each series: its members who played it and, for each
    member who did not, a substitute who did, in the order the group lists them; as many
    as the group has members."""
    roster = (*group.members, *group.substitutes)
    numbers = sorted({n for e in roster for n in series.get(e, {})})
    return {n: tuple(e for e in roster if n in series.get(e, {}))[:len(group.members)]
            for n in numbers}


def side_ranking(values: Mapping[int, Mapping[str, Any]], groups: Sequence[Group],
                 series: SeriesTallies | None = None) -> list[dict[str, Any]]:
    """A side ranking: each group's points, won and lost games summed over its members
    (``values`` by start number; a member not in the standings adds nothing), ranked by the
    players' criteria (points, more won, fewer lost); groups still level share the rank.
    A group with substitutes is summed series by series (``series``, from
    :func:`series_tallies`): only who counts in that series (:func:`counted_members`);
    ``stood_in`` names the substitutes who counted."""
    rows: list[dict[str, Any]] = []
    for g in groups:
        if g.substitutes and series is not None:
            sums, stood_in = [0, 0, 0], []
            for n, who in counted_members(g, series).items():
                for e in who:
                    sums = [a + b for a, b in zip(sums, series[e][n], strict=True)]
                    if e in g.substitutes and e not in stood_in:
                        stood_in.append(e)
            rows.append({"name": g.name, "members": g.members, "substitutes": g.substitutes,
                         "stood_in": tuple(stood_in),
                         **dict(zip(("points", "won", "lost"), sums, strict=True))})
            continue
        got = [values[m] for m in g.members if m in values]
        rows.append({"name": g.name, "members": g.members, "substitutes": g.substitutes,
                     "stood_in": (),
                     **{k: sum(int(v.get(k) or 0) for v in got)
                        for k in ("points", "won", "lost")}})
    rows.sort(key=lambda r: (-int(r["points"]), -int(r["won"]), int(r["lost"]), str(r["name"])))
    for k, r in enumerate(rows):
        before = rows[k - 1] if k else None
        same = before is not None and all(before[c] == r[c] for c in ("points", "won", "lost"))
        r["rank"] = before["rank"] if same and before else k + 1
    return rows


@dataclass(frozen=True)
class Game:
    """One line of the list. ``declarer`` is None for a passed game."""

    game: str
    declarer: int | None
    value: int
    won: bool
    dealer: int | None
    bid: int | None = None


@dataclass(frozen=True)
class Result:
    games: tuple[Game, ...]


def line_points(game: Game, table_size: int) -> tuple[int, int]:
    """(declarer's points, each other player's points) of one line by Seeger-Fabian."""
    if game.game == "passed":
        return 0, 0
    if game.game == "ramsch":  # a house rule: the points as written, nothing more
        return (game.value if game.won else -game.value), 0
    if game.won:
        return game.value + WON_BONUS, 0
    return -2 * game.value - WON_BONUS, OPPONENT_BONUS[table_size]


def loss_fee(lost: int, settings: Settings) -> Fraction:
    """The fee for ``lost`` lost games in one list: the base fee, and from the n-th lost
    game on the higher fee where one is set."""
    total = Fraction(0)
    for k in range(1, lost + 1):
        higher = settings.loss_fee_from is not None and k >= settings.loss_fee_from
        total += settings.loss_fee_higher if higher and settings.loss_fee_higher is not None \
            else settings.loss_fee
    return total


@dataclass
class Tally:
    """One list summed up per player."""

    points: dict[int, int]
    game_points: dict[int, int]
    won: dict[int, int]
    lost: dict[int, int]
    opp_lost: dict[int, int]


def tally(games: Sequence[Game], players: Sequence[int]) -> Tally:
    """Seeger-Fabian totals of one table's list."""
    n = len(players)
    t = Tally(*(dict.fromkeys(players, 0) for _ in range(5)))
    for g in games:
        if g.declarer is None:
            continue
        own, others = line_points(g, n)
        t.points[g.declarer] += own
        if g.game == "ramsch":
            t.game_points[g.declarer] += own
            continue
        t.game_points[g.declarer] += own - (WON_BONUS if g.won else -WON_BONUS)
        if g.won:
            t.won[g.declarer] += 1
            continue
        t.lost[g.declarer] += 1
        for e in players:
            if e != g.declarer:
                t.points[e] += others
                t.opp_lost[e] += 1
    return t


@dataclass(frozen=True)
class SummaryRow:
    """The summary rows under one player's column of a list, as the DSkV's printed list
    has them: the game points, the won games and their +50 each, the lost games and their
    -50 each, the games the others at the table lost and their 40 (table of three) or 30
    (table of four) each, and the total, which is the player's Seeger-Fabian score."""

    entrant: int
    game_points: int
    won: int
    won_points: int
    lost: int
    lost_points: int
    others_lost: int
    others_points: int
    total: int


def list_summary(games: Sequence[Game], players: Sequence[int]) -> list[SummaryRow]:
    """The summary of one table's list, a row per player in the order of ``players``
    (SkWO 5.1; docs/skat.md "The list's summary"). Each row's parts add up to its total."""
    t = tally(games, players)
    bonus = OPPONENT_BONUS[len(players)]
    rows = []
    for e in players:
        row = SummaryRow(e, t.game_points[e], t.won[e], WON_BONUS * t.won[e], t.lost[e],
                         -WON_BONUS * t.lost[e], t.opp_lost[e], bonus * t.opp_lost[e],
                         t.points[e])
        assert row.total == (row.game_points + row.won_points + row.lost_points
                             + row.others_points)
        rows.append(row)
    return rows


CRITERIA = (Criterion("points"), Criterion("won"), Criterion("lost", higher_is_better=False))
FURTHER = ("games", "game_points", "opp_lost", "loss_fee")


class Skat(Discipline[Settings]):
    name = "skat"
    bye_kinds = frozenset({"zero"})
    result_keys = ("games",)
    settings_keys = ("games_per_series", "ramsch", "loss_fee", "loss_fee_higher",
                     "loss_fee_from", "teams", "tandems")

    def parse_settings(self, raw: Mapping[str, Any], problems: Problems, at: str) -> Settings:
        known_keys(raw, self.settings_keys, problems, at, what=N_("Skat scoring"), warn=True)
        games = per_table_setting(raw.get("games_per_series"), DEFAULT_GAMES, TABLE_SIZES,
                                  1, MAX_GAMES, problems, f"{at}.games_per_series")
        ramsch = setting_flag(raw, "ramsch", problems, at)
        fee = self._money(raw.get("loss_fee", 0), problems, f"{at}.loss_fee") or Fraction(0)
        higher = raw.get("loss_fee_higher")
        start = raw.get("loss_fee_from")
        higher_fee = None if higher is None else self._money(higher, problems,
                                                             f"{at}.loss_fee_higher")
        if start is not None and (not is_int(start) or not 1 <= start <= MAX_GAMES):
            problems.error(f"{at}.loss_fee_from", N_(
                "must be the number of the first lost game that costs the higher fee, 1 to "
                "%(max)s, not %(value)s", max=MAX_GAMES, value=show(start)))
            start = None
        if (higher is None) != (raw.get("loss_fee_from") is None):
            problems.error(f"{at}.loss_fee_from", N_(
                "loss_fee_higher and loss_fee_from go together: the higher fee, and from "
                "which lost game on it is due"))
        teams = parse_groups(raw.get("teams"), GROUP_SIZES["teams"], problems, f"{at}.teams",
                             GROUP_SUBSTITUTES["teams"])
        tandems = parse_groups(raw.get("tandems"), GROUP_SIZES["tandems"], problems,
                               f"{at}.tandems", GROUP_SUBSTITUTES["tandems"])
        return Settings(games, ramsch, fee, higher_fee, start, teams, tandems)

    @staticmethod
    def _money(value: Any, problems: Problems, place: str) -> Fraction | None:
        if not is_number(value) or not 0 <= value <= 1000:
            problems.error(place, N_("must be an amount from 0 to 1000, not %(value)s",
                                     value=show(value)))
            return None
        return exact(value)

    def check_seats(self, seats: Sequence[Seat], problems: Problems, at: str, hint: str) -> None:
        check_seat_count(seats, TABLE_SIZES, "Skat", problems, at, hint)

    def parse_result(self, raw: Any, table: Table, round_extra: Any, settings: Settings,
                     problems: Problems, at: str, hint: str) -> Result | None:
        players = table.entrants
        n = len(players)
        out = read_games(raw, LINE_KEYS, lambda line, place, line_hint: self._line(
            line, players, settings, problems, place, line_hint), problems, at, hint)
        if out is None:
            return None
        before = len(problems.errors)
        self._check_dealers(out, n, problems, at, hint)
        if len(problems.errors) > before:
            return None
        if len(out) != settings.games_per_series[n]:
            problems.warning(table.place, N_(
                "%(played)s games played, the series at a table of %(size)s is set to "
                "%(games)s", played=len(out), size=n, games=settings.games_per_series[n]),
                hint)
        return Result(tuple(out))

    def _line(self, line: Mapping[str, Any], players: Sequence[int], settings: Settings,
              problems: Problems, at: str, hint: str) -> Game | None:
        n = len(players)
        kind = line.get("game")
        if kind not in GAMES:
            problems.error(f"{at}.game", N_("unknown game %(game)s (known: %(known)s)",
                                            game=show(kind), known=", ".join(GAMES)), hint)
            return None
        ok, dealer = dealer_of(line, players, 4, problems, at, hint)
        if not ok:
            return None
        if kind == "passed":
            return Game("passed", None, 0, False, dealer)
        if kind == "ramsch" and not settings.ramsch:
            problems.error(f"{at}.game", N_(
                'Ramsch is no part of the Skatordnung; a game everyone passed is written as '
                '"passed" (set scoring.ramsch to allow Ramsch)'), hint)
            return None
        declarer = entrant_at(line.get("declarer"), players, N_("declarer"), problems,
                              f"{at}.declarer", hint)
        if declarer is None:
            return None
        if n == 4 and declarer == dealer:
            problems.error(f"{at}.declarer", N_(
                "entrant %(entrant)s deals this game and sits it out at a table of four; the "
                "declarer is one of the other three", entrant=declarer), hint)
            return None
        won = line.get("won")
        if not isinstance(won, bool):
            problems.error(f"{at}.won", N_("must be true or false, not %(value)s",
                                           value=show(won)), hint)
            return None
        value, bid = line.get("value"), line.get("bid")
        if kind == "ramsch":
            return self._ramsch(declarer, value, won, dealer, problems, at, hint)
        if bid is not None and (not is_int(bid) or bid not in BIDS):
            problems.error(f"{at}.bid", N_("%(bid)s is no bid: bids are the values games can "
                                           "have (18, 20, 22, 23, 24, 27, 30 …)",
                                           bid=show(bid)), hint)
            return None
        if not is_int(value) or value <= 0:
            problems.error(f"{at}.value", N_("must be the game's value, a positive whole "
                                             "number, not %(value)s", value=show(value)), hint)
            return None
        why = value_problem(kind, value, won, bid)
        if why:
            problems.error(f"{at}.value", why, hint)
            return None
        return Game(kind, declarer, value, won, dealer, bid)

    @staticmethod
    def _ramsch(declarer: int, value: Any, won: bool, dealer: int | None, problems: Problems,
                at: str, hint: str) -> Game | None:
        if won and value != 120:
            problems.error(f"{at}.value", N_("a Ramsch won by the player is a Durchmarsch "
                                             "(all tricks) worth 120, not %(value)s",
                                             value=show(value)), hint)
            return None
        if not is_int(value) or not 0 < value <= RAMSCH_MAX:
            problems.error(f"{at}.value", N_("a lost Ramsch costs its card points, 1 to "
                                             "%(max)s, not %(value)s", max=RAMSCH_MAX,
                                             value=show(value)), hint)
            return None
        return Game("ramsch", declarer, value, won, dealer)

    @staticmethod
    def _check_dealers(games: Sequence[Game], n: int, problems: Problems, at: str,
                       hint: str) -> None:
        """The deal passes to the next player after every game, a passed one included
        (ISkO 3.2): each of the first n games has its own dealer, and game k is dealt by the
        dealer of game k - n. Lines without a dealer (allowed at a table of three) are not
        compared."""
        first: dict[int, int] = {}
        for k, g in enumerate(games):
            if g.dealer is None:
                continue
            if k < n:
                if g.dealer in first:
                    problems.error(f"{at}.games[{k}].dealer", N_(
                        "entrant %(entrant)s also dealt game %(game)s; the deal passes on "
                        "after every game", entrant=g.dealer, game=first[g.dealer] + 1),
                        game_hint(hint, k))
                    return
                first[g.dealer] = k
            elif games[k - n].dealer is not None and games[k - n].dealer != g.dealer:
                problems.error(f"{at}.games[{k}].dealer", N_(
                    "game %(game)s is dealt by entrant %(entrant)s, who dealt game %(before)s; "
                    "the deal goes round the %(n)s players in turn", game=k + 1,
                    entrant=games[k - n].dealer, before=k - n + 1, n=n), game_hint(hint, k))
                return

    def standings(self, tournament: Tournament, rounds: Sequence[Round]) -> Standings:
        s: Settings = tournament.settings
        keys = ("points", "won", "lost", "games", "game_points", "opp_lost")
        values: dict[int, dict[str, Any]] = {
            e.id: {**dict.fromkeys(keys, 0), "loss_fee": Fraction(0)}
            for e in tournament.entrants}
        flags = []
        series: list[str] = []
        for rnd, table in played(rounds):
            games = table.result.games
            n = len(table.seats)
            if len(games) != s.games_per_series[n]:
                flags.append({"place": table.place, "hint": table.hint,
                              "message": f"{len(games)} games played, the series at a table "
                                         f"of {n} is set to {s.games_per_series[n]}"})
            key = series_key("series", rnd.number)
            if key not in series:
                series.append(key)
            t = tally(games, table.entrants)
            for e in table.entrants:
                v = values[e]
                v["points"] += t.points[e]
                v["game_points"] += t.game_points[e]
                v["won"] += t.won[e]
                v["lost"] += t.lost[e]
                v["opp_lost"] += t.opp_lost[e]
                v["games"] += len(games)
                v["loss_fee"] += loss_fee(t.lost[e], s)
                v[key] = v.get(key, 0) + t.points[e]
        series.sort(key=lambda k: int(k.split("_")[1]))
        return Standings(ranked(tournament, values, CRITERIA, (*FURTHER, *series)), flags)


SKAT = Skat()
