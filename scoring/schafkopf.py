"""Bavarian Schafkopf as tournaments (Preisschafkopf, Schafkopfturniere) play it.

A round of the document is a series ("Runde", "Durchgang") at tables of four; where the
tournament allows it (``table_of_five``) a fifth player sits at the table and the dealer sits
out each game. Each table writes its list: one line per game with the player, the game, the
partner of a Sauspiel, won or lost, Schneider and Schwarz, the Laufende, Tout or Sie,
Kontra and Re where allowed.

What a game is worth is the tournament's tariff, not a federation's: the rule books (the
Bayerischer Schafkopf-Verein's Schafkopfordnung, the Schafkopfschule's rules) leave the tariff
to the players, and tournament notices print their own. docs/schafkopf.md has the sources;
the settings here are their parts:

- a base value per game (Sauspiel, Solo, Herz-Solo, Wenz, Geier, Farbwenz, Farbgeier, Bettel,
  Ramsch), plus ``schneider`` and ``schwarz`` (Schwarz is also Schneider), plus ``laufende``
  per Laufender from ``laufende_from`` on (``laufende_from_short`` in Wenz and Geier, whose
  trumps are only four), at most ``laufende_max`` of them;
- a Tout times ``tout_factor``, a Sie times ``sie_factor``; each Kontra/Re doubles;
- ``plus_minus``: every loser pays every winner the value (a soloist wins or pays it three
  times), so each line sums to zero, as money and the "Turnierpunkte" lists do;
  ``winners_only``: each winner writes the value and nobody loses anything ("nur Gute").

The default is the tournament point table of the notices (Rufspiel 1, Schneider 2, Schwarz 3;
Solo and Wenz 5, 6, 7 per opponent; Tout doubled; Sie four times; no Laufende, no Kontra).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from .cardlist import (
    MAX_GAMES,
    REPEAT_MUST,
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
    key_text,
    known_keys,
    played,
    ranked,
    setting_flag,
    show,
)
from .i18n import N_, join
from .model import Problems, Round, Seat, Table, Tournament
from .ranking import Criterion

GAMES = ("sauspiel", "solo", "wenz", "geier", "farbwenz", "farbgeier", "bettel", "ramsch",
         "passed")
"""Sauspiel (Rufspiel), the solo games, Bettel, Ramsch, and a game everyone passed."""
ALONE = frozenset({"solo", "wenz", "geier", "farbwenz", "farbgeier", "bettel"})
"""One player against three."""
TOUT_GAMES = frozenset({"solo", "wenz", "geier", "farbwenz", "farbgeier"})
SHORT = frozenset({"wenz", "geier"})
"""Four trumps only (the Unter or the Ober): Laufende count from ``laufende_from_short``."""
SUITS = ("eichel", "gras", "herz", "schellen")
CALLABLE = ("eichel", "gras", "schellen")
"""A Sauspiel calls the Sau of a suit other than hearts (hearts are trumps)."""
SUITED = frozenset({"solo", "farbwenz", "farbgeier"})
LAUFENDE_MAX = {"sauspiel": 14, "solo": 14, "wenz": 4, "geier": 4, "farbwenz": 11,
                "farbgeier": 11}
"""Every trump of the game in one hand's unbroken order: 4 Ober, 4 Unter and 6 cards of the
trump suit (14); Wenz and Geier have four trumps; Farbwenz and Farbgeier 4 + 7."""
SIE_LAUFENDE = 8
EYES = 120
"""All card points (Augen) of a game: Sau 11, Zehn 10, König 4, Ober 3, Unter 2, 4 × 30."""

TABLE_SIZES = (4, 5)
DEFAULT_GAMES = {4: 32, 5: 40}
"""Each player deals eight times; notices print 2 × 30, 2 × 32 and 3 × 40 (docs)."""
SYSTEMS = ("plus_minus", "winners_only")
UNITS = ("points", "cent")
TARIFF_KEYS = ("sauspiel", "solo", "herz_solo", "wenz", "geier", "farbwenz", "farbgeier",
               "bettel", "ramsch")
DEFAULT_TARIFF = {"sauspiel": 1, "solo": 5, "wenz": 5, "geier": 5, "farbwenz": 5,
                  "farbgeier": 5, "bettel": 5, "ramsch": 1}
"""The tournament points; ``herz_solo`` is the Solo's value unless set."""
MAX_TARIFF = 10_000
"""A base value, e.g. 100 € in cents; a line can be worth at most a few million."""
MAX_SCORE = 10_000_000
DEFAULT_ALLOWED = frozenset({"sauspiel", "solo", "wenz"})

LINE_KEYS = ("game", "player", "partner", "suit", "won", "schneider", "schwarz", "laufende",
             "tout", "sie", "kontra", "eyes", "jungfrau", "dealer", "scores")


@dataclass(frozen=True)
class Settings:
    games_per_series: Mapping[int, int]
    tariff: Mapping[str, int]
    system: str = "plus_minus"
    unit: str = "points"
    schneider: int = 1
    schwarz: int = 1
    solo_schneider: bool = True
    laufende: int = 0
    laufende_from: int = 3
    laufende_from_short: int = 2
    laufende_max: int | None = None
    tout_factor: int = 2
    sie_factor: int = 4
    tout_counts_schneider: bool = False
    kontra: bool = False
    games: frozenset[str] = DEFAULT_ALLOWED
    tout: bool = True
    sie: bool = True
    table_of_five: bool = False


@dataclass(frozen=True)
class Facts:
    """What decides a game's value (not who played it)."""

    game: str
    won: bool
    suit: str | None = None
    schneider: bool = False
    schwarz: bool = False
    laufende: int = 0
    tout: bool = False
    sie: bool = False
    kontra: int = 0


@dataclass(frozen=True)
class Game:
    """One line of the list; ``player`` is None for a game everyone passed."""

    game: str
    player: int | None
    partner: int | None
    won: bool
    dealer: int | None
    value: int
    scores: Mapping[int, int]
    tout: bool = False
    sie: bool = False


@dataclass(frozen=True)
class Result:
    games: tuple[Game, ...]


def game_value(f: Facts, s: Settings) -> int:
    """What the game is worth per loser and winner (a soloist gets or pays it three times).

    Base value, + Schneider, + Schwarz (a Schwarz game is also Schneider), + the Laufende
    that count; a Tout and a Sie multiply that (with Schneider and Schwarz only where
    ``tout_counts_schneider``: a Tout is won only Schwarz), each Kontra/Re doubles."""
    if f.game == "ramsch":
        return s.tariff["ramsch"]
    base = s.tariff["herz_solo"] if f.game == "solo" and f.suit == "herz" else s.tariff[f.game]
    value = base
    if f.game != "bettel":
        levels = f.game == "sauspiel" or s.solo_schneider
        if f.tout or f.sie:
            if s.tout_counts_schneider and levels:
                value += s.schneider + s.schwarz
        elif levels:
            value += s.schneider * int(f.schneider or f.schwarz) + s.schwarz * int(f.schwarz)
        laufende = SIE_LAUFENDE if f.sie else f.laufende
        start = s.laufende_from_short if f.game in SHORT else s.laufende_from
        if laufende >= start:
            counted = laufende if s.laufende_max is None else min(laufende, s.laufende_max)
            value += s.laufende * counted
    if f.tout:
        value *= s.tout_factor
    if f.sie:
        value *= s.sie_factor
    return value * (1 << f.kontra)


def durchmarsch_value(s: Settings) -> int:
    """A Ramsch in which one player took every trick counts as a Solo won Schwarz (the
    Bayerischer Schafkopf-Verein's tariff annex)."""
    return game_value(Facts("solo", True, schneider=True, schwarz=True), s)


def scores_of(game: str, player: int, partner: int | None, active: Sequence[int], won: bool,
              value: int, system: str, jungfrau: Sequence[int] = ()) -> dict[int, int]:
    """Each player's line. ``plus_minus``: every loser pays every winner ``value`` (a Ramsch:
    the loser pays each other player, a Jungfrau twice); ``winners_only``: each winner
    writes ``value`` (a Jungfrau twice), the losers nothing."""
    out = dict.fromkeys(active, 0)
    plus = system == "plus_minus"
    if game == "ramsch" and not won:
        for e in active:
            if e != player:
                out[e] = value * (2 if e in jungfrau else 1)
        if plus:
            out[player] = -sum(out.values())
        return out
    party = {player} if partner is None else {player, partner}
    winners = party if won else set(active) - party
    for e in active:
        if e in winners:
            out[e] = value
        elif plus:
            out[e] = -value
    if plus and len(party) == 1:  # one against three: the soloist gets or pays three times
        out[player] *= len(active) - 1
    return out


def _int(raw: Mapping[str, Any], key: str, default: int, low: int, high: int,
         problems: Problems, at: str) -> int:
    value = raw.get(key, default)
    if not is_int(value) or not low <= value <= high:
        problems.error(f"{at}.{key}", N_("must be a whole number from %(low)s to %(high)s, not "
                                         "%(value)s", low=low, high=high, value=show(value)))
        return default
    return value


def _choice(raw: Mapping[str, Any], key: str, known: Sequence[str], problems: Problems,
            at: str) -> str:
    value = raw.get(key, known[0])
    if value not in known:
        problems.error(f"{at}.{key}", N_("must be one of %(known)s, not %(value)s",
                                         known=", ".join(known), value=show(value)))
        return known[0]
    return str(value)


class Schafkopf(Discipline[Settings]):
    name = "schafkopf"
    bye_kinds = frozenset({"zero"})
    result_keys = ("games",)
    settings_keys = ("games_per_series", "system", "unit", "tariff", "schneider", "schwarz",
                     "solo_schneider", "laufende", "laufende_from", "laufende_from_short",
                     "laufende_max", "tout_factor", "sie_factor", "tout_counts_schneider",
                     "kontra", "games", "tout", "sie", "table_of_five")
    result_bytes = 32 * 1024
    """99 lines with every key and the scores as written stay below 32 KB."""

    def parse_settings(self, raw: Mapping[str, Any], problems: Problems, at: str) -> Settings:
        known_keys(raw, self.settings_keys, problems, at, what=N_("Schafkopf scoring"),
                   warn=True)
        games = per_table_setting(raw.get("games_per_series"), DEFAULT_GAMES, TABLE_SIZES,
                                  1, MAX_GAMES, problems, f"{at}.games_per_series")
        tariff = self._tariff(raw.get("tariff"), problems, f"{at}.tariff")
        laufende_max = raw.get("laufende_max")
        if laufende_max is not None and (not is_int(laufende_max)
                                         or not 1 <= laufende_max <= 14):
            problems.error(f"{at}.laufende_max", N_(
                "the most Laufende that count, 1 to 14, or null for all, not %(value)s",
                value=show(laufende_max)))
            laufende_max = None
        allowed = raw.get("games", sorted(DEFAULT_ALLOWED))
        if (not isinstance(allowed, list) or not allowed
                or not all(isinstance(g, str) and g in GAMES for g in allowed)):
            problems.error(f"{at}.games", N_("must list some of %(known)s, not %(value)s",
                                             known=", ".join(GAMES), value=show(allowed)))
            allowed = sorted(DEFAULT_ALLOWED)
        return Settings(
            games, tariff,
            system=_choice(raw, "system", SYSTEMS, problems, at),
            unit=_choice(raw, "unit", UNITS, problems, at),
            schneider=_int(raw, "schneider", 1, 0, MAX_TARIFF, problems, at),
            schwarz=_int(raw, "schwarz", 1, 0, MAX_TARIFF, problems, at),
            solo_schneider=(setting_flag(raw, "solo_schneider", problems, at)
                            if "solo_schneider" in raw else True),
            laufende=_int(raw, "laufende", 0, 0, MAX_TARIFF, problems, at),
            laufende_from=_int(raw, "laufende_from", 3, 1, 14, problems, at),
            laufende_from_short=_int(raw, "laufende_from_short", 2, 1, 4, problems, at),
            laufende_max=laufende_max,
            tout_factor=_int(raw, "tout_factor", 2, 1, 8, problems, at),
            sie_factor=_int(raw, "sie_factor", 4, 1, 16, problems, at),
            tout_counts_schneider=setting_flag(raw, "tout_counts_schneider", problems, at),
            kontra=setting_flag(raw, "kontra", problems, at),
            games=frozenset(allowed),
            tout=setting_flag(raw, "tout", problems, at) if "tout" in raw else True,
            sie=setting_flag(raw, "sie", problems, at) if "sie" in raw else True,
            table_of_five=setting_flag(raw, "table_of_five", problems, at))

    @staticmethod
    def _tariff(raw: Any, problems: Problems, at: str) -> dict[str, int]:
        out = dict(DEFAULT_TARIFF)
        if raw is not None and not isinstance(raw, Mapping):
            problems.error(at, N_("must map games to their base values, e.g. %(example)s",
                                  example='{"sauspiel": 10, "solo": 50}'))
            raw = None
        for key, value in (raw or {}).items():
            if key not in TARIFF_KEYS:
                problems.error(f"{at}.{key_text(key)}", N_("unknown game (known: %(known)s)",
                                                           known=", ".join(TARIFF_KEYS)))
            elif not is_int(value) or not 0 <= value <= MAX_TARIFF:
                problems.error(f"{at}.{key}", N_("must be a whole number from 0 to %(high)s, "
                                                 "not %(value)s", high=MAX_TARIFF,
                                                 value=show(value)))
            else:
                out[key] = value
        out.setdefault("herz_solo", out["solo"])
        return out

    def check_seats(self, seats: Sequence[Seat], problems: Problems, at: str, hint: str) -> None:
        check_seat_count(seats, TABLE_SIZES, "Schafkopf", problems, at, hint)

    def parse_result(self, raw: Any, table: Table, round_extra: Any, settings: Settings,
                     problems: Problems, at: str, hint: str) -> Result | None:
        players = table.entrants
        n = len(players)
        if n == 5 and not settings.table_of_five:
            problems.error(f"{table.place}.seats", N_(
                "tables of five are not allowed in this tournament (set "
                "scoring.table_of_five)"), hint)
            return None
        out = read_games(raw, LINE_KEYS, lambda line, place, line_hint: self._line(
            line, players, settings, problems, place, line_hint), problems, at, hint)
        if out is None:
            return None
        why = deal_order_problem([g.dealer for g in out],
                                 [REPEAT_MUST if g.game == "passed" else REPEAT_NO
                                  for g in out], n)
        if why is not None:
            k, message = why
            problems.error(f"{at}.games[{k}].dealer", message, game_hint(hint, k))
            return None
        counted = sum(1 for g in out if g.game != "passed")
        if counted != settings.games_per_series[n]:
            problems.warning(table.place, N_(
                "%(played)s games played, the series at a table of %(size)s is set to "
                "%(games)s", played=counted, size=n, games=settings.games_per_series[n]), hint)
        return Result(tuple(out))

    def _line(self, line: Mapping[str, Any], players: Sequence[int], s: Settings,
              problems: Problems, at: str, hint: str) -> Game | None:
        game = line.get("game")
        if game not in GAMES:
            problems.error(f"{at}.game", N_("unknown game %(game)s (known: %(known)s)",
                                            game=show(game), known=", ".join(GAMES)), hint)
            return None
        if game not in s.games:
            problems.error(f"{at}.game", N_("this tournament does not play %(game)s (allowed: "
                                            "%(allowed)s)", game=game,
                                            allowed=", ".join(sorted(s.games))), hint)
            return None
        ok, dealer = dealer_of(line, players, 5, problems, at, hint)
        if not ok:
            return None
        active = [e for e in players if not (len(players) == 5 and e == dealer)]
        if game == "passed":
            extra = [k for k in line if k not in ("game", "dealer")]
            if extra:
                problems.error(f"{at}.{extra[0]}", N_("a game everyone passed has only its "
                                                      "dealer"), hint)
                return None
            return Game("passed", None, None, False, dealer, 0, {})
        player = self._seat(line.get("player"), active, dealer, N_("player"), problems,
                            f"{at}.player", hint)
        if player is None:
            return None
        partner = self._partner(line, game, player, active, dealer, problems, at, hint)
        if partner is False:
            return None
        facts = self._facts(line, game, s, problems, at, hint)
        if facts is None:
            return None
        jungfrau = self._jungfrau(line.get("jungfrau"), game, facts.won, player, active,
                                  problems, f"{at}.jungfrau", hint)
        if jungfrau is None:
            return None
        value = durchmarsch_value(s) if game == "ramsch" and facts.won else game_value(facts, s)
        computed = scores_of(game, player, partner, active, facts.won, value, s.system,
                             jungfrau)
        written = line.get("scores")
        if written is not None and not self._same_scores(written, computed, problems,
                                                         f"{at}.scores", hint):
            return None
        return Game(game, player, partner, facts.won, dealer, value, computed, facts.tout,
                    facts.sie)

    @staticmethod
    def _seat(raw: Any, active: Sequence[int], dealer: int | None, role: str,
              problems: Problems, place: str, hint: str) -> int | None:
        if raw is not None and raw == dealer and raw not in active:
            problems.error(place, N_("entrant %(entrant)s deals this game and sits it out at a "
                                     "table of five", entrant=raw), hint)
            return None
        return entrant_at(raw, active, role, problems, place, hint)

    def _partner(self, line: Mapping[str, Any], game: str, player: int, active: Sequence[int],
                 dealer: int | None, problems: Problems, at: str,
                 hint: str) -> int | Literal[False] | None:
        raw = line.get("partner")
        if game != "sauspiel":
            if raw is not None:
                problems.error(f"{at}.partner", N_("only a Sauspiel has a partner; in %(game)s "
                                                   "one plays against the others",
                                                   game=game), hint)
                return False
            return None
        if raw is None:
            problems.error(f"{at}.partner", N_("a Sauspiel needs the partner (who held the "
                                               "called Sau)"), hint)
            return False
        if raw == player:
            problems.error(f"{at}.partner", N_("the partner is another player than the one "
                                               "who called the Sau"), hint)
            return False
        partner = self._seat(raw, active, dealer, N_("partner"), problems, f"{at}.partner",
                             hint)
        return False if partner is None else partner

    @staticmethod
    def _flag(line: Mapping[str, Any], key: str, problems: Problems, at: str,
              hint: str) -> bool | None:
        value = line.get(key, False)
        if not isinstance(value, bool):
            problems.error(f"{at}.{key}", N_("must be true or false, not %(value)s",
                                             value=show(value)), hint)
            return None
        return value

    def _facts(self, line: Mapping[str, Any], game: str, s: Settings, problems: Problems,
               at: str, hint: str) -> Facts | None:
        flags = {}
        for key in ("won", "schneider", "schwarz", "tout", "sie"):
            value = self._flag(line, key, problems, at, hint)
            if value is None:
                return None
            flags[key] = value
        if "won" not in line:
            problems.error(f"{at}.won", N_("must say whether the player's party won (true or "
                                           "false)"), hint)
            return None
        won, tout, sie = flags["won"], flags["tout"], flags["sie"]
        suit = line.get("suit")
        why = self._suit_problem(game, suit)
        if why:
            problems.error(f"{at}.suit", why, hint)
            return None
        if tout and (game not in TOUT_GAMES or not s.tout):
            problems.error(f"{at}.tout", N_("this tournament plays no Tout") if not s.tout else
                           N_("a %(game)s cannot be played Tout (only %(games)s)", game=game,
                              games=", ".join(sorted(TOUT_GAMES))), hint)
            return None
        if sie and (tout or game != "solo" or not s.sie):
            problems.error(f"{at}.sie", N_("a game is a Tout or a Sie, not both") if tout else
                           N_("this tournament plays no Sie") if not s.sie else
                           N_("a Sie is a Solo (all Ober and Unter in one hand)"), hint)
            return None
        if sie and not won:
            problems.error(f"{at}.won", N_("a Sie (all Ober and Unter) cannot be lost"), hint)
            return None
        no_levels = game in ("bettel", "ramsch") or tout or sie
        for key in ("schneider", "schwarz"):
            if flags[key] and no_levels:
                problems.error(f"{at}.{key}", N_(
                    "%(what)s is not written for a %(game)s (a Tout is won only Schwarz, a "
                    "Bettel and a Ramsch have no Schneider)", what=key.capitalize(),
                    game=("Sie" if sie else "Tout") if (tout or sie) else game), hint)
                return None
        if flags["schwarz"] and line.get("schneider") is False:
            problems.error(f"{at}.schneider", N_("a game won or lost Schwarz is also "
                                                 "Schneider"), hint)
            return None
        laufende = self._laufende(line.get("laufende"), game, sie, problems,
                                  f"{at}.laufende", hint)
        if laufende is None:
            return None
        kontra = line.get("kontra", 0)
        if not is_int(kontra) or not 0 <= kontra <= 2:
            problems.error(f"{at}.kontra", N_("0, 1 (Kontra) or 2 (Kontra and Re), not "
                                              "%(value)s", value=show(kontra)), hint)
            return None
        if kontra and (not s.kontra or game == "ramsch"):
            problems.error(f"{at}.kontra", N_("Kontra is not allowed in this tournament (set "
                                              "scoring.kontra)") if not s.kontra else
                           N_("there is no Kontra in a Ramsch"), hint)
            return None
        facts = Facts(game, won, suit, flags["schneider"] or flags["schwarz"], flags["schwarz"],
                      laufende, tout, sie, kontra)
        if not self._eyes_fit(line.get("eyes"), facts, problems, at, hint):
            return None
        return facts

    @staticmethod
    def _suit_problem(game: str, suit: Any) -> str | None:
        if suit is None:
            return None
        if game == "sauspiel":
            if suit not in CALLABLE:
                return N_("a Sauspiel calls the Sau of %(known)s (hearts are trumps), not "
                          "%(value)s", known=", ".join(CALLABLE), value=show(suit))
            return None
        if game in SUITED:
            if suit not in SUITS:
                return N_("the trump suit: %(known)s, not %(value)s", known=", ".join(SUITS),
                          value=show(suit))
            return None
        return N_("a %(game)s has no suit", game=game)

    @staticmethod
    def _laufende(raw: Any, game: str, sie: bool, problems: Problems, place: str,
                  hint: str) -> int | None:
        if raw is None or (is_int(raw) and raw == 0):
            return 0
        most = LAUFENDE_MAX.get(game, 0)
        if sie and raw != SIE_LAUFENDE:
            problems.error(place, N_("a Sie holds all eight Ober and Unter: 8 Laufende, not "
                                     "%(value)s", value=show(raw)), hint)
            return None
        if not is_int(raw) or not 0 <= raw <= most:
            problems.error(place, N_("a %(game)s has at most %(most)s Laufende, not %(value)s",
                                     game=game, most=most, value=show(raw)) if most else
                           N_("a %(game)s has no Laufende", game=game), hint)
            return None
        return raw

    @staticmethod
    def _eyes_fit(raw: Any, f: Facts, problems: Problems, at: str, hint: str) -> bool:
        """The card points of the player's party, where written, must agree with won,
        Schneider and Schwarz: the player wins with 61, is Schneider with 30 or fewer, and
        makes the others Schneider with 91 or more (they are free with 30)."""
        if raw is None:
            return True
        if f.game in ("bettel", "ramsch"):
            problems.error(f"{at}.eyes", N_("a %(game)s is not decided by card points",
                                            game=f.game), hint)
            return False
        if not is_int(raw) or not 0 <= raw <= EYES:
            problems.error(f"{at}.eyes", N_("the card points of the player's party, 0 to 120, "
                                            "not %(value)s", value=show(raw)), hint)
            return False
        won = raw > EYES // 2
        if f.tout or f.sie:
            if f.won and raw != EYES:
                problems.error(f"{at}.eyes", N_("a Tout is won only with every trick, so with "
                                                "all 120 card points, not %(value)s",
                                                value=raw), hint)
                return False
            return True
        if won != f.won:
            problems.error(f"{at}.won", N_("with %(eyes)s card points the player's party has "
                                           "%(outcome)s (61 win)", eyes=raw,
                                           outcome=N_("won") if won else N_("lost")), hint)
            return False
        schneider = raw >= 91 if won else raw <= 30
        if schneider != f.schneider:
            problems.error(f"{at}.schneider", N_(
                "with %(eyes)s card points of the player's party the game is Schneider (the "
                "losers are Schneider with 30 or fewer of their own)", eyes=raw) if schneider
                else N_("with %(eyes)s card points of the player's party the game is not "
                        "Schneider (the losers are Schneider with 30 or fewer of their own)",
                        eyes=raw), hint)
            return False
        if f.schwarz and raw not in (0, EYES):
            problems.error(f"{at}.schwarz", N_("a party that took no trick has no card points; "
                                               "the player's party has %(eyes)s", eyes=raw), hint)
            return False
        return True

    @staticmethod
    def _jungfrau(raw: Any, game: str, won: bool, player: int, active: Sequence[int],
                  problems: Problems, place: str, hint: str) -> tuple[int, ...] | None:
        """Players of a lost Ramsch who took no trick (each is paid twice)."""
        if raw is None or raw == []:
            return ()
        if game != "ramsch" or won:
            problems.error(place, N_("only a Ramsch that one player lost has Jungfrauen"), hint)
            return None
        others = [e for e in active if e != player]
        if (not isinstance(raw, list) or len(raw) > len(others) - 1
                or len(set(map(repr, raw))) != len(raw) or not all(e in others for e in raw)):
            problems.error(place, N_("the other players who took no trick (at most %(most)s of "
                                     "entrant %(others)s), not %(value)s", most=len(others) - 1,
                                     others=", ".join(map(str, others)), value=show(raw)),
                           hint)
            return None
        return tuple(raw)

    @staticmethod
    def _same_scores(raw: Any, computed: Mapping[int, int], problems: Problems, place: str,
                     hint: str) -> bool:
        keys = {str(e): e for e in computed}
        if (not isinstance(raw, Mapping) or set(raw) != set(keys)
                or not all(is_int(v) and abs(v) <= MAX_SCORE for v in raw.values())):
            problems.error(place, N_("must give each player of the game a whole number, keyed "
                                     "by entrant id (%(keys)s), not %(value)s",
                                     keys=", ".join(keys), value=show(raw)), hint)
            return False
        if {keys[k]: v for k, v in raw.items()} != dict(computed):
            problems.error(place, N_(
                "the scores do not follow from the line: by the tournament's tariff they are "
                "%(scores)s", scores=join([N_("entrant %(entrant)s %(score)s", entrant=e,
                                              score=f"{v:+d}") for e, v in computed.items()],
                                          ", ")), hint)
            return False
        return True

    def standings(self, tournament: Tournament, rounds: Sequence[Round]) -> Standings:
        s: Settings = tournament.settings
        values: dict[int, dict[str, Any]] = {e.id: dict.fromkeys(KEYS, 0)
                                             for e in tournament.entrants}
        flags = []
        series: list[str] = []
        for rnd, table in played(rounds):
            games = table.result.games
            n = len(table.seats)
            counted = sum(1 for g in games if g.game != "passed")
            if counted != s.games_per_series[n]:
                flags.append({"place": table.place, "hint": table.hint, "message": N_(
                    "%(played)s games played, the series at a table of %(size)s is set to "
                    "%(games)s", played=counted, size=n, games=s.games_per_series[n])})
            key = series_key("series", rnd.number)
            if key not in series:
                series.append(key)
            for e in table.entrants:
                values[e][key] = values[e].get(key, 0)
            for g in games:
                tally_game(g, values)
                for e, score in g.scores.items():
                    values[e][key] += score
        if s.unit == "cent":
            for v in values.values():
                v["cash"] = Fraction(v["points"], 100)
        series.sort(key=lambda k: int(k.split("_")[1]))
        further = (*FURTHER, *(("cash",) if s.unit == "cent" else ()), *series)
        return Standings(ranked(tournament, values, CRITERIA, further), flags)


KEYS = ("points", "games", "won", "lost", "declared", "declared_won", "solos", "solos_won")


def tally_game(g: Game, values: dict[int, dict[str, Any]]) -> None:
    """Add one line to the players' values: points, games played (the dealer sitting out
    and a game everyone passed are none), games won and lost (by the line's sign in
    ``plus_minus``, by the party in ``winners_only``), games declared and solos."""
    if g.game == "passed" or g.player is None:
        return
    party = {g.player} if g.partner is None else {g.player, g.partner}
    for e, score in g.scores.items():
        v = values[e]
        v["points"] += score
        v["games"] += 1
        on_party = e in party if g.game != "ramsch" else e == g.player
        won = g.won == on_party
        v["won"] += int(won)
        v["lost"] += int(not won)
    v = values[g.player]
    v["declared"] += int(g.game != "ramsch")
    v["declared_won"] += int(g.game != "ramsch" and g.won)
    v["solos"] += int(g.game in ALONE)
    v["solos_won"] += int(g.game in ALONE and g.won)


CRITERIA = (Criterion("points"),)
FURTHER = KEYS[1:]

SCHAFKOPF = Schafkopf()


def read_line(line: Any, players: Sequence[int], s: Settings) -> Game | None:
    """One line of a list as the core reads it, with its scores by the tariff: the web app's
    one-line summary and statistics read stored lists with it; None for a line the core
    refuses (the refusal's reasons are :meth:`Schafkopf.parse_result`'s)."""
    if not isinstance(line, Mapping):
        return None
    return SCHAFKOPF._line(line, players, s, Problems(), "line", "")
