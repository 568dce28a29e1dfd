"""Doppelkopf by the Turnierspielregeln (TSR) of the Deutscher Doppelkopf-Verband (DDV).

A round of the document is a round of play ("Spielrunde") at tables of four; where the
tournament allows it (``table_of_five``) a fifth player sits at the table and the dealer sits
out each game. Each table writes its list: one line per game with the Re party (the soloist
alone in a solo), the kind of game, the announcements, the Re party's card points, the
special points, and, as on the paper list, each player's score.

The counting (TSR 7.1, 7.2; docs/doppelkopf.md has the worked examples):

- the Re party wins with 121 card points, the Kontra party with 120 (121 when only Kontra
  was announced); an announcement "keine 90" etc. is kept only if the other party stays
  below it, and a party also wins by reaching what the other party said it would not;
- the winner scores 1 for winning, +1 for each of "unter 90/60/30" and "schwarz" of the
  loser, +2 for each of "Re" and "Kontra" announced, +1 for each "keine 90/60/30/schwarz"
  announced by either party, and +1 for each of the loser's announcements it reached
  against (120 against "keine 90", 90 against "keine 60", 60 against "keine 30", 30 against
  "schwarz"); where neither party wins, only those last points count, for each party;
- special points ("Sonderpunkte", normal games and a wedding only): "gegen die Alten"
  (Kontra won), each Doppelkopf (a trick of 40 or more), each Fuchs caught, Karlchen (the
  Kreuz-Bube takes the last trick); they are netted against the game's points;
- each Re player gets the result, each Kontra player its negative; a soloist gets three times
  the result, so every line sums to zero over the table.

A line without card points gives the scores as written; then only their shape is checked
(zero sum, partners equal, a soloist three times each opponent).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from .cardlist import (
    MAX_GAMES,
    REPEAT_MAY,
    REPEAT_NO,
    check_seat_count,
    deal_order_problem,
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
    is_int,
    known_keys,
    played,
    ranked,
    setting_flag,
    show,
)
from .i18n import N_, Message, join
from .model import Problems, Round, Seat, Table, Tournament
from .ranking import Criterion

SOLOS = ("queens", "jacks", "fleischlos", "diamonds", "hearts", "spades", "clubs")
"""The solos of the TSR: Damen-, Buben-, Fleischlos- and Farbsolo (Karo is the Trumpfsolo)."""
KINDS = ("normal", "wedding", "silent_solo", *SOLOS)
PENALTY = "penalty"
"""A line of penalty points (TSR 9.3, 9.4), written between the games; not a game."""
PENALTY_KEYS = ("kind", "offender", "points", "scores")
MAX_PENALTY = 25
"""Penalty points each other player gets: 1 for a minor breach (the offender -3 at a table
of four), 4 for a serious one (-12); a referee's larger penalty still fits."""
NO_WINNER = ("reached", "levels")
"""What a game nobody wins counts (docs/doppelkopf.md): only what each party reached against
the other's Absagen, or also the other party's "unter 90/60/30" and "schwarz"."""
SPECIALS = ("gegen_die_alten", "doppelkopf", "fuchs", "karlchen")
COUNTED_SPECIALS = ("doppelkopf", "fuchs", "karlchen")  # written on the line per party
SPECIAL_MAX = {"doppelkopf": 6, "fuchs": 2, "karlchen": 1}
"""At most six tricks of 40 or more (240 card points), two foxes, one last trick."""

LEVELS = {"re": 1, "kontra": 1, "90": 2, "60": 3, "30": 4, "schwarz": 5}
"""An announcement and how far it goes; each one includes those before it (TSR 6)."""
BREAK = {2: 90, 3: 60, 4: 30}
"""The card points that break the other party's "keine 90/60/30"; "schwarz" breaks by a trick."""
AGAINST = {2: 120, 3: 90, 4: 60, 5: 30}
"""What the winner must have reached against the loser's announcement for the extra point."""

LINE_KEYS = ("kind", "re", "dealer", "compulsory", "re_eyes", "announce", "schwarz",
             "specials", "scores", "offender", "points")
TABLE_SIZES = (4, 5)
DEFAULT_GAMES = {4: 24, 5: 30}
"""TSR 8.5 (24 games at four) and, at a table of five, TSR 10 (30 games)."""
DEFAULT_TIME = {4: 100, 5: 125}
"""Minutes per round: TSR 8.5 at four, TSR 10 at five."""
SOLO_FACTOR = 3


@dataclass(frozen=True)
class Settings:
    games_per_round: Mapping[int, int]
    table_of_five: bool = False
    compulsory_solos: int = 1
    missing_solo_penalty: int = 0
    specials: frozenset[str] = frozenset(SPECIALS)
    solos: frozenset[str] = frozenset(SOLOS)
    time_limit: int | None = 100
    time_limit_five: int | None = 125
    no_winner: str = "reached"


@dataclass(frozen=True)
class Facts:
    """What happened at the table, enough to count the game by the TSR."""

    re_eyes: int
    announce: tuple[int, int]  # levels of Re and Kontra, 0 = none
    schwarz: str | None  # "re" or "kontra": that party took no trick
    specials: tuple[Mapping[str, int], Mapping[str, int]]


@dataclass(frozen=True)
class Game:
    kind: str
    re: tuple[int, ...]
    kontra: tuple[int, ...]
    compulsory: bool
    dealer: int | None
    scores: Mapping[int, int]


@dataclass(frozen=True)
class Result:
    games: tuple[Game, ...]


def is_solo(kind: str, re: Sequence[int]) -> bool:
    """A solo is scored three to one; a wedding whose partner never came is one too (TSR 4.4)."""
    return kind in SOLOS or kind == "silent_solo" or (kind == "wedding" and len(re) == 1)


def winner(facts: Facts) -> str | None:
    """Which party won (TSR 7.1), or None when both broke their own announcements."""
    re_eyes, ko_eyes = facts.re_eyes, 240 - facts.re_eyes
    re_lv, ko_lv = facts.announce
    re_trick, ko_trick = facts.schwarz != "re", facts.schwarz != "kontra"
    re_need, ko_need = (120, 121) if ko_lv and not re_lv else (121, 120)

    def kept(level: int, other_eyes: int, other_trick: bool) -> bool:
        if level < 2:
            return True
        return not other_trick if level == 5 else other_eyes < BREAK[level]

    def broke(other_level: int, eyes: int, trick: bool) -> bool:
        if other_level < 2:
            return False
        return trick if other_level == 5 else eyes >= BREAK[other_level]

    if (re_eyes >= re_need or broke(ko_lv, re_eyes, re_trick)) and kept(re_lv, ko_eyes,
                                                                        ko_trick):
        return "re"
    if (ko_eyes >= ko_need or broke(re_lv, ko_eyes, ko_trick)) and kept(ko_lv, re_eyes,
                                                                        re_trick):
        return "kontra"
    return None


def game_points(facts: Facts, party: str) -> int:
    """The TSR 7.2 points of the winning ``party`` (specials not included)."""
    re_lv, ko_lv = facts.announce
    mine = facts.re_eyes if party == "re" else 240 - facts.re_eyes
    other = 240 - mine
    other_lv = ko_lv if party == "re" else re_lv
    points = 1
    points += sum(1 for limit in (90, 60, 30) if other < limit)
    points += int(facts.schwarz is not None and facts.schwarz != party)
    points += 2 * (int(re_lv >= 1) + int(ko_lv >= 1))
    points += max(re_lv - 1, 0) + max(ko_lv - 1, 0)
    points += reached_against(mine, other_lv)
    return points


def reached_against(eyes: int, other_level: int) -> int:
    """Points for what a party reached against the other's announcements (TSR 7.2.2 c)."""
    return sum(1 for level in range(2, other_level + 1) if eyes >= AGAINST[level])


def below_levels(eyes: int, black: bool) -> int:
    """How many of "unter 90", "unter 60", "unter 30" and "schwarz" a party with ``eyes``
    card points (``black``: no trick) was."""
    return sum(1 for limit in (90, 60, 30) if eyes < limit) + int(black)


def re_result(kind: str, re: Sequence[int], facts: Facts, enabled: frozenset[str],
              no_winner_levels: bool = False) -> int:
    """What each Re player scores (a soloist: what each opponent loses), by the TSR.

    In a game nobody wins, each party counts what it reached against the other's Absagen;
    with ``no_winner_levels`` also the other party's "unter 90/60/30" and "schwarz" (the
    sources disagree, docs/doppelkopf.md)."""
    won = winner(facts)
    if won == "re":
        result = game_points(facts, "re")
    elif won == "kontra":
        result = -game_points(facts, "kontra")
    else:
        result = (reached_against(facts.re_eyes, facts.announce[1])
                  - reached_against(240 - facts.re_eyes, facts.announce[0]))
        if no_winner_levels:
            result += (below_levels(240 - facts.re_eyes, facts.schwarz == "kontra")
                       - below_levels(facts.re_eyes, facts.schwarz == "re"))
    if not is_solo(kind, re):
        re_sp, ko_sp = (sum(v for k, v in side.items() if k in enabled)
                        for side in facts.specials)
        if won == "kontra" and "gegen_die_alten" in enabled:
            ko_sp += 1
        result += re_sp - ko_sp
    return result


def scores_of(kind: str, re: Sequence[int], kontra: Sequence[int], result: int) -> dict[int, int]:
    """Each player's line: Re players +result, Kontra -result, a soloist 3 × result."""
    factor = SOLO_FACTOR if is_solo(kind, re) else 1
    return {**{e: factor * result for e in re}, **{e: -result for e in kontra}}


def shape_problem(re: Sequence[int], kontra: Sequence[int],
                  scores: Mapping[int, int]) -> str | None:
    """Why written scores cannot be a Doppelkopf line, or None."""
    total = sum(scores.values())
    if total != 0:
        terms = " ".join(f"{v:+d}" for v in scores.values())
        return N_("the scores do not sum to zero (%(terms)s = %(total)s)", terms=terms,
                  total=f"{total:+d}")
    if len({scores[e] for e in kontra}) != 1 or len({scores[e] for e in re}) != 1:
        return N_("the players of one party score the same")
    return None  # with a zero sum, a soloist then has three times what each opponent loses


class Doppelkopf(Discipline[Settings]):
    name = "doppelkopf"
    bye_kinds = frozenset({"zero"})
    result_keys = ("games",)
    settings_keys = ("games_per_round", "table_of_five", "compulsory_solos",
                     "missing_solo_penalty", "specials", "solos", "time_limit",
                     "time_limit_five", "no_winner")
    result_bytes = 48 * 1024
    result_depth = 5
    """A line's special points are the fifth level: ``{"games": [{"specials": {"re": {…}}}]}``;
    99 lines with card points, announcements, special points and scores stay below 48 KB."""

    def parse_settings(self, raw: Mapping[str, Any], problems: Problems, at: str) -> Settings:
        known_keys(raw, self.settings_keys, problems, at, what=N_("Doppelkopf scoring"),
                   warn=True)
        games = per_table_setting(raw.get("games_per_round"), DEFAULT_GAMES, TABLE_SIZES,
                                  1, MAX_GAMES, problems, f"{at}.games_per_round")
        five = setting_flag(raw, "table_of_five", problems, at)
        out: dict[str, Any] = {}
        for key, low, high, default in (("compulsory_solos", 0, 4, 1),
                                        ("missing_solo_penalty", 0, 100, 0)):
            value = raw.get(key, default)
            if not is_int(value) or not low <= value <= high:
                problems.error(f"{at}.{key}", N_("must be a whole number from %(low)s to "
                                                 "%(high)s, not %(value)s", low=low,
                                                 high=high, value=show(value)))
                value = default
            out[key] = value
        limits = []
        for key, size in (("time_limit", 4), ("time_limit_five", 5)):
            limit = raw.get(key, DEFAULT_TIME[size])
            if limit is not None and (not is_int(limit) or not 1 <= limit <= 1440):
                problems.error(f"{at}.{key}", N_("minutes per round, 1 to 1440, or null, "
                                                 "not %(value)s", value=show(limit)))
                limit = DEFAULT_TIME[size]
            limits.append(limit)
        no_winner = raw.get("no_winner", NO_WINNER[0])
        if no_winner not in NO_WINNER:
            problems.error(f"{at}.no_winner", N_("must be one of %(known)s, not %(value)s",
                                                 known=", ".join(NO_WINNER),
                                                 value=show(no_winner)))
            no_winner = NO_WINNER[0]
        solos = self._names(raw, "solos", SOLOS, problems, at)
        if not solos and out["compulsory_solos"]:
            problems.error(f"{at}.solos", N_(
                "lists no solo, but every player owes %(n)s compulsory solo(s) a round; list "
                "one or set compulsory_solos to 0", n=out["compulsory_solos"]))
        return Settings(games, five, out["compulsory_solos"], out["missing_solo_penalty"],
                        self._names(raw, "specials", SPECIALS, problems, at), solos,
                        limits[0], limits[1], str(no_winner))

    @staticmethod
    def _names(raw: Mapping[str, Any], key: str, known: Sequence[str], problems: Problems,
               at: str) -> frozenset[str]:
        value = raw.get(key, list(known))
        if (not isinstance(value, list) or not all(isinstance(v, str) for v in value)
                or not set(value) <= set(known)):
            problems.error(f"{at}.{key}", N_("must list some of %(known)s, not %(value)s",
                                             known=", ".join(known), value=show(value)))
            return frozenset(known)
        return frozenset(value)

    def check_seats(self, seats: Sequence[Seat], problems: Problems, at: str, hint: str) -> None:
        check_seat_count(seats, TABLE_SIZES, "Doppelkopf", problems, at, hint)

    def parse_result(self, raw: Any, table: Table, round_extra: Any, settings: Settings,
                     problems: Problems, at: str, hint: str) -> Result | None:
        n = len(table.seats)
        if n == 5 and not settings.table_of_five:
            problems.error(f"{table.place}.seats", N_(
                "tables of five are not allowed in this tournament (set "
                "scoring.table_of_five)"), hint)
            return None
        out = read_games(raw, LINE_KEYS, lambda line, place, line_hint: self._line(
            line, table.entrants, settings, problems, place, line_hint), problems, at, hint)
        if out is None:
            return None
        before = len(problems.errors)
        self._check_solos(out, table.entrants, settings, problems, at, hint)
        if len(problems.errors) > before:
            return None
        dealt = [(k, g) for k, g in enumerate(out) if g.kind != PENALTY]
        why = deal_order_problem(
            [g.dealer for _, g in dealt],
            [REPEAT_MAY if g.kind in SOLOS and g.compulsory else REPEAT_NO for _, g in dealt],
            n)
        if why is not None:
            k = dealt[why[0]][0]
            problems.error(f"{at}.games[{k}].dealer", why[1], game_hint(hint, k))
            return None
        for message in table_flags(out, table.entrants, settings):
            problems.warning(table.place, message, hint)
        return Result(tuple(out))

    def _line(self, line: Mapping[str, Any], players: Sequence[int], settings: Settings,
              problems: Problems, at: str, hint: str) -> Game | None:
        kind = line.get("kind", "normal")
        if kind == PENALTY:
            return self._penalty(line, players, problems, at, hint)
        if kind not in KINDS:
            problems.error(f"{at}.kind", N_("unknown game %(game)s (known: %(known)s)",
                                            game=show(kind), known=", ".join((*KINDS, PENALTY))),
                           hint)
            return None
        if kind in SOLOS and kind not in settings.solos:
            problems.error(f"{at}.kind", N_("this tournament does not play the %(kind)s solo "
                                            "(allowed: %(allowed)s)", kind=kind,
                                            allowed=", ".join(sorted(settings.solos))), hint)
            return None
        for key in ("offender", "points"):
            if key in line:
                problems.error(f"{at}.{key}", N_('only a line of penalty points ("kind": '
                                                 '"penalty") has %(key)s', key=key), hint)
                return None
        active = list(players)
        ok, dealer = dealer_of(line, players, 5, problems, at, hint)
        if not ok:
            return None
        if dealer is not None and len(players) == 5:
            active.remove(dealer)
        re = self._re(line.get("re"), kind, active, dealer, problems, f"{at}.re", hint)
        if re is None:
            return None
        kontra = tuple(e for e in active if e not in re)
        compulsory = line.get("compulsory", False)
        if not isinstance(compulsory, bool):
            problems.error(f"{at}.compulsory", N_("must be true or false, not %(value)s",
                                                  value=show(compulsory)), hint)
            return None
        if compulsory and kind not in SOLOS:
            problems.error(f"{at}.compulsory", N_(
                "only a solo that was announced as one is a compulsory solo (a silent solo or "
                "a wedding without partner is not, TSR 4.4)"), hint)
            return None
        written = self._scores(line.get("scores"), active, problems, f"{at}.scores", hint)
        if written is False:
            return None
        facts = self._facts(line, kind, re, settings, problems, at, hint)
        if facts is False:
            return None
        if facts is None and written is None:
            problems.error(at, N_('needs "re_eyes" (the Re party\'s card points) or "scores" '
                                  "(each player's score as written)"), hint)
            return None
        if written is not None:
            why = shape_problem(re, kontra, written)
            if why:
                problems.error(f"{at}.scores", why, hint)
                return None
        if facts is not None:
            computed = scores_of(kind, re, kontra, re_result(
                kind, re, facts, settings.specials, settings.no_winner == "levels"))
            if written is not None and written != computed:
                problems.error(f"{at}.scores", N_(
                    "the scores do not follow from the line: by the TSR they are %(scores)s",
                    scores=join([N_("entrant %(entrant)s %(score)s", entrant=e,
                                    score=f"{v:+d}") for e, v in computed.items()], ", ")),
                    hint)
                return None
            written = computed
        assert written is not None
        return Game(kind, re, kontra, compulsory, dealer, written)

    @staticmethod
    def _penalty(line: Mapping[str, Any], players: Sequence[int], problems: Problems, at: str,
                 hint: str) -> Game | None:
        """Penalty points (TSR 9.3, 9.4): the offender gives ``points`` to each other player
        at the table (a minor breach 1, the offender -3 at a table of four; a serious one 4,
        -12). ``scores`` may give them as written instead, e.g. at a table of five: the
        offender below zero, every other player named there the same above zero, summing
        to zero."""
        extra = [k for k in line if k not in PENALTY_KEYS]
        if extra:
            problems.error(f"{at}.{extra[0]}", N_("a line of penalty points has only %(keys)s",
                                                  keys=", ".join(PENALTY_KEYS)), hint)
            return None
        offender = entrant_at(line.get("offender"), players, N_("offender"), problems,
                              f"{at}.offender", hint)
        if offender is None:
            return None
        points, raw = line.get("points"), line.get("scores")
        if points is None and raw is None:
            problems.error(f"{at}.points", N_('needs "points" (what each other player gets, 1 '
                                              'to %(max)s) or "scores"', max=MAX_PENALTY), hint)
            return None
        if points is not None and not (is_int(points) and 1 <= points <= MAX_PENALTY):
            problems.error(f"{at}.points", N_("what each other player gets, 1 to %(max)s, not "
                                              "%(value)s", max=MAX_PENALTY, value=show(points)),
                           hint)
            return None
        others = [e for e in players if e != offender]
        if raw is None:
            assert points is not None
            return Game(PENALTY, (offender,), (), False, None,
                        {offender: -points * len(others), **dict.fromkeys(others, points)})
        keys = {str(e): e for e in players}
        if (not isinstance(raw, Mapping) or not set(raw) <= set(keys) or str(offender) not in raw
                or not all(is_int(v) and abs(v) <= MAX_PENALTY * 4 for v in raw.values())):
            problems.error(f"{at}.scores", N_("must give the offender and the players who get "
                                              "penalty points a whole number each, keyed by "
                                              "entrant id (of %(keys)s), not %(value)s",
                                              keys=", ".join(keys), value=show(raw)), hint)
            return None
        scores = {keys[k]: v for k, v in raw.items()}
        gets = {v for e, v in scores.items() if e != offender}
        if (scores[offender] >= 0 or len(gets) != 1 or min(gets) <= 0
                or sum(scores.values()) != 0 or (points is not None and gets != {points})):
            problems.error(f"{at}.scores", N_(
                "the offender loses what the others get: every other player named gets the "
                "same points%(each)s, and the line sums to zero",
                each=N_(" (%(points)s each)", points=points) if points is not None else ""),
                hint)
            return None
        return Game(PENALTY, (offender,), (), False, None, scores)

    @staticmethod
    def _re(raw: Any, kind: str, active: Sequence[int], dealer: int | None,
            problems: Problems, at: str, hint: str) -> tuple[int, ...] | None:
        sizes = {"normal": (2,), "wedding": (1, 2)}.get(kind, (1,))
        want = " or ".join(str(s) for s in sizes)
        if (not isinstance(raw, list) or len(raw) not in sizes
                or len(set(map(repr, raw))) != len(raw)):
            problems.error(at, N_("a %(kind)s game has %(want)s player(s) on Re (the soloist "
                                  "alone in a solo), not %(value)s",
                                  kind=kind.replace("_", " "), want=want, value=show(raw)),
                           hint)
            return None
        out = []
        for e in raw:
            if e == dealer and e not in active:
                problems.error(at, N_("entrant %(entrant)s deals this game and sits it out at "
                                      "a table of five", entrant=e), hint)
                return None
            found = entrant_at(e, active, N_("Re player"), problems, at, hint)
            if found is None:
                return None
            out.append(found)
        return tuple(out)

    @staticmethod
    def _scores(raw: Any, active: Sequence[int], problems: Problems, at: str,
                hint: str) -> dict[int, int] | Literal[False] | None:
        """The scores as written (None if not given, False after a problem)."""
        if raw is None:
            return None
        keys = {str(e): e for e in active}
        if (not isinstance(raw, Mapping) or set(raw) != set(keys)
                or not all(is_int(v) and abs(v) <= 1000 for v in raw.values())):
            problems.error(at, N_("must give each player of the game a whole number, keyed "
                                  "by entrant id (%(keys)s), not %(value)s",
                                  keys=", ".join(keys), value=show(raw)), hint)
            return False
        return {keys[k]: v for k, v in raw.items()}

    @staticmethod
    def _facts(line: Mapping[str, Any], kind: str, re: Sequence[int], settings: Settings,
               problems: Problems, at: str, hint: str) -> Facts | Literal[False] | None:
        """The facts of the game (None without card points, False after a problem)."""
        eyes = line.get("re_eyes")
        raw_announce = line.get("announce", {})
        raw_specials = line.get("specials", {})
        schwarz = line.get("schwarz")
        if eyes is not None and (not is_int(eyes) or not 0 <= eyes <= 240):
            problems.error(f"{at}.re_eyes", N_("the Re party's card points, 0 to 240, not "
                                               "%(value)s", value=show(eyes)), hint)
            return False
        if not isinstance(raw_announce, Mapping) or not set(raw_announce) <= {"re", "kontra"}:
            problems.error(f"{at}.announce", N_('must be {"re": …, "kontra": …}, each the '
                                                "party's highest announcement"), hint)
            return False
        levels = []
        for party in ("re", "kontra"):
            said = raw_announce.get(party)
            allowed = (party, "90", "60", "30", "schwarz")
            if said is not None and said not in allowed:
                problems.error(f"{at}.announce.{party}", N_(
                    "must be one of %(allowed)s or null, not %(value)s",
                    allowed=", ".join(allowed), value=show(said)), hint)
                return False
            levels.append(LEVELS[said] if said is not None else 0)
        if schwarz is not None:
            # the party that took no trick has no card points; without card points on the
            # line, only the name is checked
            eyes_of = {"re": eyes, "kontra": None if eyes is None else 240 - eyes}
            if schwarz not in ("re", "kontra") or eyes_of[schwarz] not in (0, None):
                problems.error(f"{at}.schwarz", N_(
                    'names the party that took no trick ("re" or "kontra"), which then has 0 '
                    "card points, not %(value)s", value=show(schwarz)), hint)
                return False
        specials = Doppelkopf._specials(raw_specials, kind, re, settings, problems,
                                        f"{at}.specials", hint)
        if specials is None:
            return False
        if eyes is None:
            return None  # the scores as written stand for the result
        return Facts(eyes, (levels[0], levels[1]), schwarz, specials)

    @staticmethod
    def _specials(raw: Any, kind: str, re: Sequence[int], settings: Settings,
                  problems: Problems, at: str,
                  hint: str) -> tuple[Mapping[str, int], Mapping[str, int]] | None:
        if not isinstance(raw, Mapping) or not set(raw) <= {"re", "kontra"}:
            problems.error(at, N_('must be {"re": {…}, "kontra": {…}}'), hint)
            return None
        sides = []
        for party in ("re", "kontra"):
            side = raw.get(party, {})
            if not isinstance(side, Mapping) or not all(
                    k in COUNTED_SPECIALS and is_int(v) and v >= 0 for k, v in side.items()):
                problems.error(f"{at}.{party}", N_(
                    "counts of special points: %(known)s (gegen die Alten follows from the "
                    "result), not %(value)s", known=", ".join(COUNTED_SPECIALS),
                    value=show(side)), hint)
                return None
            sides.append(side)
        for k in COUNTED_SPECIALS:
            count = sum(side.get(k, 0) for side in sides)
            if count > SPECIAL_MAX[k]:
                problems.error(at, N_("%(count)s × %(special)s in one game; there can be at "
                                      "most %(max)s", count=count, special=k,
                                      max=SPECIAL_MAX[k]), hint)
                return None
            if count and k not in settings.specials:
                problems.error(at, N_("this tournament does not count %(special)s (special "
                                      "points: %(counted)s)", special=k,
                                      counted=", ".join(sorted(settings.specials))
                                      or N_("none")), hint)
                return None
        if is_solo(kind, re) and any(v for side in sides for v in side.values()):
            problems.error(at, N_("there are no special points in a solo (TSR 7.2)"), hint)
            return None
        return sides[0], sides[1]

    @staticmethod
    def _check_solos(games: Sequence[Game], players: Sequence[int], settings: Settings,
                     problems: Problems, at: str, hint: str) -> None:
        """Compulsory solos (TSR 4.2, 4.3, 8.5, 8.6): each player owes ``compulsory_solos``
        per round; a voluntary solo needs one's own compulsory solos played first; after the
        round's games only owed compulsory solos are played."""
        done = dict.fromkeys(players, 0)
        limit = settings.games_per_round[len(players)]
        number = 0  # the game's number in the round; penalty lines are no games
        for k, g in enumerate(games):
            place, ghint = f"{at}.games[{k}]", game_hint(hint, k)
            if g.kind == PENALTY:
                continue
            number += 1
            if g.kind in SOLOS:
                soloist = g.re[0]
                if g.compulsory:
                    if done[soloist] >= settings.compulsory_solos:
                        problems.error(f"{place}.compulsory", N_(
                            "entrant %(entrant)s owes no more compulsory solos this round (the "
                            "tournament asks %(n)s of each player); this solo is a voluntary "
                            "one", entrant=soloist, n=settings.compulsory_solos), ghint)
                        return
                    done[soloist] += 1
                elif done[soloist] < settings.compulsory_solos:
                    problems.error(f"{place}.compulsory", N_(
                        "entrant %(entrant)s plays a voluntary solo before the own compulsory "
                        "solo; the first solo of a player is the compulsory one (TSR 4.3)",
                        entrant=soloist), ghint)
                    return
            if number > limit and not (g.kind in SOLOS and g.compulsory):
                problems.error(place, N_("game %(game)s comes after the round's %(limit)s "
                                         "games; only owed compulsory solos are played then "
                                         "(TSR 8.6)", game=number, limit=limit), ghint)
                return

    def standings(self, tournament: Tournament, rounds: Sequence[Round]) -> Standings:
        s: Settings = tournament.settings
        keys = ("points", "won", "lost", "games", "solos", "solos_won", "solos_missing",
                "penalties")
        values: dict[int, dict[str, Any]] = {e.id: dict.fromkeys(keys, 0)
                                             for e in tournament.entrants}
        flags = []
        rounds_seen: list[str] = []
        for rnd, table in played(rounds):
            games = table.result.games
            for message in table_flags(games, table.entrants, s):
                flags.append({"place": table.place, "hint": table.hint, "message": message})
            key = series_key("round", rnd.number)
            if key not in rounds_seen:
                rounds_seen.append(key)
            missing = owed_solos(games, table.entrants, s)
            for e in table.entrants:
                v = values[e]
                total = -s.missing_solo_penalty * missing[e]
                for g in games:
                    if e not in g.scores:
                        continue  # the dealer sitting out at a table of five
                    score = g.scores[e]
                    total += score
                    if g.kind == PENALTY:
                        v["penalties"] += score
                        continue
                    v["games"] += 1
                    v["won"] += int(score > 0)
                    v["lost"] += int(score < 0)
                    if is_solo(g.kind, g.re) and g.re[0] == e:
                        v["solos"] += 1
                        v["solos_won"] += int(score > 0)
                v["points"] += total
                v["solos_missing"] += missing[e]
                v[key] = v.get(key, 0) + total
        rounds_seen.sort(key=lambda k: int(k.split("_")[1]))
        return Standings(ranked(tournament, values, CRITERIA, (*FURTHER, *rounds_seen)), flags)


def owed_solos(games: Sequence[Game], players: Sequence[int], settings: Settings
               ) -> dict[int, int]:
    """Compulsory solos each player still owes at the end of this list."""
    done = dict.fromkeys(players, 0)
    for g in games:
        if g.kind in SOLOS and g.compulsory:
            done[g.re[0]] += 1
    return {e: max(settings.compulsory_solos - done[e], 0) for e in players}


def table_flags(games: Sequence[Game], players: Sequence[int], settings: Settings
                ) -> list[Message]:
    """What a director should look at: a short round (time limit) and owed solos."""
    out = []
    limit = settings.games_per_round[len(players)]
    regular = min(sum(1 for g in games if g.kind != PENALTY), limit)
    if regular < limit:
        out.append(N_("%(played)s games played, the round at a table of %(size)s is set to "
                      "%(limit)s", played=regular, size=len(players), limit=limit))
    for e, owed in owed_solos(games, players, settings).items():
        if owed and settings.missing_solo_penalty:
            out.append(N_("entrant %(entrant)s owes %(owed)s compulsory solo(s); %(points)s "
                          "points off for each", entrant=e, owed=owed,
                          points=settings.missing_solo_penalty))
        elif owed:
            out.append(N_("entrant %(entrant)s owes %(owed)s compulsory solo(s)", entrant=e,
                          owed=owed))
    return out


CRITERIA = (Criterion("points"),)
FURTHER = ("games", "won", "lost", "solos", "solos_won", "solos_missing", "penalties")


def time_limit_for(settings: Settings, size: int) -> int | None:
    """The minutes of a round at a table of ``size`` (TSR 8.5: 100 at four; TSR 10: 125 at
    five), or None where the tournament sets none."""
    return settings.time_limit_five if size == 5 else settings.time_limit

DOPPELKOPF = Doppelkopf()
