"""Bavarian Schafkopf (Preisschafkopf): tables of four (five with the dealer sitting out,
where the tournament allows it), rounds of 32 games, one list line per game, each line
worth what the tournament's tariff says.

The scoring rules and tariffs are in ``scoring/schafkopf.py`` (docs/schafkopf.md); this class
is what the web app's pages, forms and draws need to know.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from pairing import Layout
from scoring.cardlist import MAX_GAMES
from scoring.schafkopf import ALONE, GAMES, MAX_TARIFF, read_line
from scoring.schafkopf import Settings as SchafkopfSettings

from ..base import WebDiscipline, Words
from ..settings_spec import CHOICE, FLAG, NAMES, WHOLE
from ..settings_spec import Setting as Field
from ..whatif import Spec

if TYPE_CHECKING:
    from ...models import Round, Seat, Tournament

GAME_WORDS: dict[str, Any] = {
    "sauspiel": gettext_lazy("Sauspiel"), "solo": gettext_lazy("Solo"),
    "wenz": gettext_lazy("Wenz"), "geier": gettext_lazy("Geier"),
    "farbwenz": gettext_lazy("Farbwenz"), "farbgeier": gettext_lazy("Farbgeier"),
    "bettel": gettext_lazy("Bettel"), "ramsch": gettext_lazy("Ramsch"),
    "passed": gettext_lazy("passed (dealt again)"),
}
"""The games in the order of scoring.schafkopf.GAMES, as the list and the settings name them."""
HERZ_SOLO = gettext_lazy("Herz-Solo")
PASSED_SHORT = gettext_lazy("all passed")  # the list's select is narrow on a phone

SUIT_WORDS: dict[str, Any] = {
    "eichel": gettext_lazy("Acorns"), "gras": gettext_lazy("Leaves"),
    "herz": gettext_lazy("Hearts"), "schellen": gettext_lazy("Bells"),
}

COLUMN_WORDS: dict[str, Words] = {
    "points": Words(gettext_lazy("Pts"),
                    gettext_lazy("Points by the tournament's tariff")),
    "games": Words(gettext_lazy("Games"),
                   gettext_lazy("Games played (not those the player sat out as dealer)")),
    "won": Words(gettext_lazy("Won"),
                 gettext_lazy("Games won, as player, partner or opponent")),
    "lost": Words(gettext_lazy("Lost"),
                  gettext_lazy("Games lost, as player, partner or opponent")),
    "declared": Words(gettext_lazy("Played"),
                      gettext_lazy("Games the player announced (Sauspiel or solo)")),
    "declared_won": Words(gettext_lazy("Played, won"),
                          gettext_lazy("Games the player announced and won")),
    "solos": Words(gettext_lazy("Solos"),
                   gettext_lazy("Games played alone against three (Solo, Wenz, Geier, Bettel)")),
    "solos_won": Words(gettext_lazy("Solos won"),
                       gettext_lazy("Solos won")),
    "cash": Words(gettext_lazy("Cash"),
                  gettext_lazy("Balance in euros for the cash desk")),
}

STATISTICS_ONLY = frozenset({"declared", "declared_won", "solos", "solos_won"})
"""Values of the scoring core shown on the statistics page, not as standings columns."""

PRESET: dict[str, Any] = {"games_per_series": {"4": 32, "5": 40},
                          "games": ["sauspiel", "solo", "wenz"]}
"""The tournament point table of the notices (docs/schafkopf.md): Sauspiel 1, Schneider and
Schwarz 1 each, Solo and Wenz 5, Tout doubled, Sie four times; no Laufende, no Kontra."""


def _tariff(key: str, label: Any, default: int) -> Field:
    return Field(f"tariff.{key}", label, WHOLE, minimum=0, maximum=MAX_TARIFF, default=default)


class Schafkopf(WebDiscipline[SchafkopfSettings]):
    name = "schafkopf"
    label = gettext_lazy("Schafkopf")
    column_words = COLUMN_WORDS
    preset = PRESET
    entrant_kinds = ("single",)
    # Tables of four (Schafkopfschule 1.2.1); where the tournament allows tables of five
    # (``table_of_five``), up to three of them fill up a field that is no multiple of four,
    # see layout_for. A player left over sits the round out (a bye worth nothing).
    layouts = {"single": Layout(sides=0, table_size=4, max_short=0, bye_kind="zero")}
    # Round 1 by lot (standings_tables draws it at random), later rounds by the running
    # score: "Nach 30 Spielen wird neu ausgelost" (docs/schafkopf.md, "Tables and series").
    methods = ("standings_tables", "random_tables")
    money_columns = ("cash",)
    sheet_css = ("css/schafkopf-sheet.css",)  # the printed list's lower rows
    # A line of a list in a report or the log: its keys, the games and the suits by name.
    cell_words = {"games": gettext_lazy("Game"), "game": gettext_lazy("Game"),
                  "player": gettext_lazy("Player"), "partner": gettext_lazy("Partner"),
                  "dealer": gettext_lazy("Dealer"), "won": gettext_lazy("won"),
                  "suit": gettext_lazy("Suit"), "schneider": gettext_lazy("Schneider"),
                  "schwarz": gettext_lazy("Schwarz"), "laufende": gettext_lazy("Laufende"),
                  "tout": gettext_lazy("Tout"), "sie": gettext_lazy("Sie"),
                  "kontra": gettext_lazy("Kontra"), "eyes": gettext_lazy("Card points"),
                  "jungfrau": gettext_lazy("Jungfrau"), "scores": gettext_lazy("Points"),
                  **GAME_WORDS, **SUIT_WORDS}
    planned_rounds = 2

    side_word = gettext_lazy("Player")
    side_labels = None  # the parties change game by game; a player scores for themselves
    pairings_note = gettext_lazy("Pts: points before this round. Round 1 is seated by lot, "
                                 "later rounds by the running score: the leaders at table 1.")

    whatif = Spec(settings=(), shown=("points", "won", "lost"))

    settings_fields = (
        Field("games_per_series.4", gettext_lazy("Games per round, table of 4"), WHOLE,
              minimum=1, maximum=MAX_GAMES, default=32,
              help=gettext_lazy("32 on most notices (each player deals eight times); 30 or 40 "
                                "on others. A game everyone passed does not count.")),
        Field("games_per_series.5", gettext_lazy("Games per round, table of 5"), WHOLE,
              minimum=1, maximum=MAX_GAMES, default=40,
              help=gettext_lazy("Where a table of five plays (the dealer sits out each game).")),
        Field("table_of_five", gettext_lazy("Tables of five to fill up"), FLAG, default=False,
              help=gettext_lazy("Up to three tables of five where the field is no multiple of "
                                "four; the dealer sits out each game.")),
        Field("games", gettext_lazy("Games allowed"), NAMES,
              choices=tuple(GAME_WORDS.items()), default=list(PRESET["games"]),
              help=gettext_lazy("The captain's list offers only these. Sauspiel, Solo and "
                                "Wenz on most notices; a game everyone passed is dealt again "
                                "(tick it to write it on the list).")),
        Field("tout", gettext_lazy("Tout allowed"), FLAG, default=True,
              help=gettext_lazy("A solo announced to take every trick: its value times the "
                                "Tout factor.")),
        Field("sie", gettext_lazy("Sie allowed"), FLAG, default=True,
              help=gettext_lazy("All four Ober and Unter in one hand: a Solo that cannot be "
                                "lost, its value times the Sie factor.")),
        Field("kontra", gettext_lazy("Kontra and Re allowed"), FLAG, default=False,
              help=gettext_lazy("Each doubles the game. The tournament notices we know "
                                "forbid them.")),
        Field("system", gettext_lazy("What the list writes"), CHOICE, default="plus_minus",
              choices=(("plus_minus", gettext_lazy(
                  "Plus and minus: every loser pays every winner, a line sums to zero")),
                       ("winners_only", gettext_lazy(
                  "Winners only (\"nur Gute\"): each winner writes the value, the losers "
                  "nothing")))),
        Field("unit", gettext_lazy("Unit of the values"), CHOICE, default="points",
              choices=(("points", gettext_lazy("Tournament points")),
                       ("cent", gettext_lazy("Cents (a money tariff): the standings add each "
                                             "player's balance in euros for the cash desk")))),
        _tariff("sauspiel", gettext_lazy("Value of a Sauspiel"), 1),
        _tariff("solo", gettext_lazy("Value of a Solo"), 5),
        Field("tariff.herz_solo", gettext_lazy("Value of a Herz-Solo"), WHOLE, minimum=0,
              maximum=MAX_TARIFF, optional=True, omit_empty=True,
              empty=gettext_lazy("as a Solo"),
              help=gettext_lazy("Some notices pay a heart solo more; empty: as any Solo.")),
        _tariff("wenz", gettext_lazy("Value of a Wenz"), 5),
        _tariff("geier", gettext_lazy("Value of a Geier"), 5),
        _tariff("farbwenz", gettext_lazy("Value of a Farbwenz"), 5),
        _tariff("farbgeier", gettext_lazy("Value of a Farbgeier"), 5),
        _tariff("bettel", gettext_lazy("Value of a Bettel"), 5),
        _tariff("ramsch", gettext_lazy("Value of a Ramsch"), 1),
        Field("schneider", gettext_lazy("Schneider adds"), WHOLE, minimum=0,
              maximum=MAX_TARIFF, default=1),
        Field("schwarz", gettext_lazy("Schwarz adds (on top of Schneider)"), WHOLE, minimum=0,
              maximum=MAX_TARIFF, default=1),
        Field("solo_schneider", gettext_lazy("Schneider and Schwarz count in solos too"), FLAG,
              default=True,
              help=gettext_lazy("Off: only in a Sauspiel (\"Schneider nur im Rufspiel\").")),
        Field("laufende", gettext_lazy("Value per Laufender"), WHOLE, minimum=0,
              maximum=MAX_TARIFF, default=0,
              help=gettext_lazy("0: Laufende are not counted (the tournament point tables); "
                                "the captain's list then does not ask for them.")),
        Field("laufende_from", gettext_lazy("Laufende count from"), WHOLE, minimum=1,
              maximum=14, default=3),
        Field("laufende_from_short", gettext_lazy("Laufende in Wenz and Geier count from"),
              WHOLE, minimum=1, maximum=4, default=2,
              help=gettext_lazy("They have only four trumps.")),
        Field("laufende_max", gettext_lazy("Laufende counted at most"), WHOLE, minimum=1,
              maximum=14, optional=True, empty=gettext_lazy("all of them")),
        Field("tout_factor", gettext_lazy("A Tout multiplies by"), WHOLE, minimum=1, maximum=8,
              default=2),
        Field("sie_factor", gettext_lazy("A Sie multiplies by"), WHOLE, minimum=1, maximum=16,
              default=4),
        Field("tout_counts_schneider", gettext_lazy("A Tout or Sie counts Schneider and Schwarz"),
              FLAG, default=False,
              help=gettext_lazy("Off: the base value (with the Laufende) is multiplied; on: "
                                "Schneider and Schwarz are added before.")),
    )

    def settings_errors(self, values: Any) -> dict[str, Any]:
        """A list needs a game to write (scoring.schafkopf says the same for the API)."""
        games = values.get("games")
        if games is not None and not [g for g in games if g != "passed"]:
            return {"games": _("tick at least one game that is played")}
        return {}

    def layout_for(self, t: Tournament) -> Layout:
        base = self.layout(t.entrant_kind)
        return replace(base, max_long=3) if self.settings(t).table_of_five else base

    def series_games(self, t: Tournament, size: int) -> int:
        """The games of a round at a table of ``size``."""
        return int(self.settings(t).games_per_series.get(size, 32 if size == 4 else 40))

    def column_header(self, t: Tournament, key: str) -> str | None:
        if key.startswith("series_") and key[7:].isdecimal():
            return str(self.round_short) % {"n": key[7:]}
        return super().column_header(t, key)

    def column_title(self, t: Tournament, key: str) -> str | None:
        if key.startswith("series_") and key[7:].isdecimal():
            return _("Points in round %(n)s") % {"n": key[7:]}
        return super().column_title(t, key)

    def standings_columns(self, t: Tournament, names: list[str]) -> list[str]:
        """Points, games, won and lost, the balance and each round's points: the games a
        player announced and the solos are the statistics page's (``statistics_extra``),
        so the standings fit a printed page and a phone."""
        return [k for k in names if k not in STATISTICS_ONLY]

    def standings_totals(self, t: Tournament, rows: list[dict[str, Any]]) -> list[str]:
        """The cash desk's two sums where the tournament plays for money (``unit: cent``):
        what the players behind pay in and what the players ahead are paid out (equal in
        plus and minus; winners only: all of it paid out)."""
        from ...common.numbers import money

        if self.settings(t).unit != "cent":
            return []
        cash = [Decimal(str(r["values"].get("cash") or 0)) for r in rows]
        paid_in = -sum((c for c in cash if c < 0), Decimal(0))
        paid_out = sum((c for c in cash if c > 0), Decimal(0))
        return [_("Cash desk: %(in)s € paid in by the players with a minus, %(out)s € paid "
                  "out to those with a plus") % {"in": money(paid_in), "out": money(paid_out)}]

    def statistics_extra(self, t: Tournament) -> dict[str, Any] | None:
        """Per player: games, games announced and won, solos and solos won, the best round;
        and the field's games by kind, with how often the player's party won them."""
        from ...services import standings
        from .stats import games_by_kind

        rows = standings(t).get("standings", [])
        if not any(r["values"].get("games") for r in rows):
            return None
        players = []
        for r in rows:
            v = r["values"]
            series = [(int(k[7:]), v[k]) for k in v
                      if k.startswith("series_") and k[7:].isdecimal()]
            best = max(series, key=lambda s: (s[1], -s[0]), default=None)
            players.append({"rank": r["rank"], "entrant": r["entrant"], "name": r["name"],
                            "games": v.get("games", 0), "declared": v.get("declared", 0),
                            "declared_won": v.get("declared_won", 0),
                            "solos": v.get("solos", 0), "solos_won": v.get("solos_won", 0),
                            "best": best})
        kinds = [{"game": GAME_WORDS.get(k, k), "played": n,
                  "won": None if k == "passed" else won}
                 for k, (n, won) in games_by_kind(t).items()]
        return {"template": "stats/_schafkopf.html", "players": players, "kinds": kinds}

    def example(self, t: Tournament | None, seats: list[Seat]) -> dict[str, Any]:
        """Two lines: a Sauspiel won with the partner, and a solo game lost Schneider."""
        n = [s.entrant.start_number for s in seats] or [1, 2, 3, 4]
        allowed = self.settings(t).games
        alone = next((g for g in GAMES if g in allowed and g in ALONE and g != "bettel"),
                     None)
        first: dict[str, Any] = {"dealer": n[0], "game": "sauspiel", "player": n[1],
                                 "partner": n[3], "won": True}
        if "sauspiel" not in allowed:
            first = {"dealer": n[0], "game": alone or "sauspiel", "player": n[1], "won": True}
        second: dict[str, Any] = {"dealer": n[1], "game": alone or "sauspiel", "player": n[2],
                                  "won": False, "schneider": True}
        if alone is None:
            second["partner"] = n[4 if len(n) == 5 else 0]
        return {"games": [first, second]}

    def result_line(self, payload: dict[str, Any], table: Any, settings: Any) -> str:
        games = payload.get("games") or []
        if not games:
            return "–"
        players = [s.start_number for s in table.seats]
        points: dict[int, int] = dict.fromkeys(players, 0)
        played = 0
        for line in games:
            game = read_line(line, players, settings)
            if game is None:
                return ngettext("%(n)s line", "%(n)s lines", len(games)) % {"n": len(games)}
            played += int(game.game != "passed")
            for e, score in game.scores.items():
                points[e] += score
        names = {s.start_number: s.name for s in table.seats}
        ordered = sorted(points.items(), key=lambda kv: -kv[1])
        text = ", ".join(f"{names.get(k, k)} {v:+d}" for k, v in ordered)
        return text + " " + ngettext("(%(n)s game)", "(%(n)s games)", played) % {"n": played}

    def sheet_rows(self, t: Tournament, rnd: Round) -> dict[str, Any]:
        """A row per game of the longest round (and a few for games everyone passed where
        the list writes them), and the tariff in one line above it."""
        s = self.settings(t)
        most = max(s.games_per_series.values()) if s.table_of_five else s.games_per_series[4]
        spare = 4 if "passed" in s.games else 0
        return {"games": range(1, min(max(most, 1) + spare, MAX_GAMES) + 1),
                "tariff": tariff_text(s)}


def tariff_text(s: SchafkopfSettings) -> str:
    """The tariff as a list's head prints it: "Sauspiel 1, Solo 5, Wenz 5; Schneider +1,
    Schwarz +1; Tout ×2, Sie ×4"."""
    values = []
    for game in GAMES:
        if game in s.games and game != "passed":
            values.append(f"{GAME_WORDS[game]} {s.tariff[game]}")
            if game == "solo" and s.tariff["herz_solo"] != s.tariff["solo"]:
                values.append(f"{HERZ_SOLO} {s.tariff['herz_solo']}")
    parts = [", ".join(values)]
    if s.schneider or s.schwarz:
        levels = _("Schneider +%(schneider)s, Schwarz +%(schwarz)s") % {
            "schneider": s.schneider, "schwarz": s.schwarz}
        parts.append(levels if s.solo_schneider else _("%(levels)s (only in a Sauspiel)") % {
            "levels": levels})
    if s.laufende:
        parts.append(_("Laufende %(value)s each from %(start)s (Wenz and Geier from "
                       "%(short)s)") % {"value": s.laufende, "start": s.laufende_from,
                                        "short": s.laufende_from_short})
    factors = ([f"{_('Tout')} ×{s.tout_factor}"] if s.tout else []) + (
        [f"{_('Sie')} ×{s.sie_factor}"] if s.sie else [])
    if s.kontra:
        factors.append(_("Kontra and Re double"))
    if factors:
        parts.append(", ".join(factors))
    if s.system == "winners_only":
        parts.append(_("only the winners write"))
    if s.unit == "cent":
        parts.append(_("in cents"))
    return "; ".join(parts)
