"""Doppelkopf by the DDV's Turnierspielregeln: tables of four (five with the dealer sitting
out, where the tournament allows it), rounds of 24 games, one list line per game with the
Re party, the kind of game, the announcements and each player's score, compulsory solos.

The scoring rules are in ``scoring/doppelkopf.py`` (docs/doppelkopf.md); this class is what
the web app's pages, forms and draws need to know.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from pairing import Layout
from scoring.cardlist import MAX_GAMES
from scoring.doppelkopf import SOLOS, time_limit_for
from scoring.doppelkopf import Settings as DoppelkopfSettings

from ..base import WebDiscipline, Words
from ..settings_spec import CHOICE, FLAG, NAMES
from ..settings_spec import Setting as Field
from ..whatif import Spec

if TYPE_CHECKING:
    from ...models import Round, Seat, Tournament

KIND_WORDS: dict[str, Any] = {
    "normal": gettext_lazy("Normal game"), "wedding": gettext_lazy("Wedding"),
    "queens": gettext_lazy("Queens solo"), "jacks": gettext_lazy("Jacks solo"),
    "fleischlos": gettext_lazy("Fleischloser"), "diamonds": gettext_lazy("Diamonds solo"),
    "hearts": gettext_lazy("Hearts solo"), "spades": gettext_lazy("Spades solo"),
    "clubs": gettext_lazy("Clubs solo"), "silent_solo": gettext_lazy("Silent solo"),
}
"""The kinds of game in the order the captain's list offers them (scoring.doppelkopf.KINDS)."""

ANNOUNCE_WORDS: dict[str, Any] = {
    "re": gettext_lazy("Re"), "kontra": gettext_lazy("Kontra"),
    "90": gettext_lazy("no 90"), "60": gettext_lazy("no 60"), "30": gettext_lazy("no 30"),
    "schwarz": gettext_lazy("black"),
}

NO_WINNER_WORDS: tuple[tuple[str, Any], ...] = (
    ("reached", gettext_lazy("only what each party reached against the other's "
                             "announcements (and the special points)")),
    ("levels", gettext_lazy("also the other party's levels: below 90, 60, 30, black")),
)
"""The setting ``no_winner`` (scoring.doppelkopf.NO_WINNER) in words."""

SPECIAL_WORDS: dict[str, Any] = {
    "gegen_die_alten": gettext_lazy("gegen die Alten (Kontra wins against the Kreuz-Damen)"),
    "doppelkopf": gettext_lazy("Doppelkopf (a trick of 40 card points or more)"),
    "fuchs": gettext_lazy("Fuchs caught (the other party's Karo-Ass)"),
    "karlchen": gettext_lazy("Karlchen (the Kreuz-Bube takes the last trick)"),
}
"""The special points of the TSR (scoring.doppelkopf.SPECIALS), as the settings page offers
them."""

COLUMN_WORDS: dict[str, Words] = {
    "points": Words(gettext_lazy("Pts"),
                    gettext_lazy("Points")),
    "games": Words(gettext_lazy("Games"),
                   gettext_lazy("Games played")),
    "won": Words(gettext_lazy("Won"),
                 gettext_lazy("Games with a plus score")),
    "lost": Words(gettext_lazy("Lost"),
                  gettext_lazy("Games with a minus score")),
    "solos": Words(gettext_lazy("Solos"),
                   gettext_lazy("Solos played as soloist")),
    "solos_won": Words(gettext_lazy("Solos won"),
                       gettext_lazy("Solos won as soloist")),  # its own line in the legend
    "solos_missing": Words(gettext_lazy("Solos owed"),
                           gettext_lazy("Compulsory solos still owed")),
    "penalties": Words(gettext_lazy("Penalty"),
                       gettext_lazy("Penalty points (TSR 9.3, 9.4): lines of penalty points")),
}


class Doppelkopf(WebDiscipline[DoppelkopfSettings]):
    name = "doppelkopf"
    label = gettext_lazy("Doppelkopf")
    column_words = COLUMN_WORDS
    preset = {"games_per_round": {"4": 24, "5": 30}, "compulsory_solos": 1, "time_limit": 100}
    entrant_kinds = ("single",)
    # Tables of four (TSR 8.3); where the tournament allows tables of five
    # (``table_of_five``), up to three of them fill up a field that is no multiple of four
    # (9 = 4 + 5, 14 = 4 + 5 + 5; 7 and 11 cannot be seated), see layout_for.
    layouts = {"single": Layout(sides=0, table_size=4, max_short=0, bye_kind="zero")}
    methods = ("standings_tables", "random_tables")
    # A line of a list in a report or the log: its keys, and the kinds of game by their names.
    cell_words = {"games": gettext_lazy("Game"), "kind": gettext_lazy("Game"),
                  "re": gettext_lazy("Re"), "kontra": gettext_lazy("Kontra"),
                  "dealer": gettext_lazy("Dealer"), "compulsory": gettext_lazy("Compulsory solo"),
                  "announce": gettext_lazy("Announcements"), "scores": gettext_lazy("Points"),
                  "re_eyes": gettext_lazy("Card points"), "schwarz": gettext_lazy("black"),
                  "specials": gettext_lazy("Special points"), **KIND_WORDS}
    planned_rounds = 3

    side_word = gettext_lazy("Player")
    side_labels = None  # parties change game by game; a player scores for themselves
    pairings_note = gettext_lazy("Pts: points before this round. Round 1 is seated by lot, "
                                 "later rounds by the running score: the leaders at table 1.")

    whatif = Spec(settings=(), shown=("points", "solos", "solos_missing"))

    settings_fields = (
        Field("games_per_round.4", gettext_lazy("Games per round, table of 4"),
              minimum=1, maximum=MAX_GAMES, default=24,
              help=gettext_lazy("24 by the DDV's tournament rules; fewer for a club evening.")),
        Field("games_per_round.5", gettext_lazy("Games per round, table of 5"),
              minimum=1, maximum=MAX_GAMES, default=30,
              help=gettext_lazy("Where a table of five plays (the dealer sits out each game).")),
        Field("table_of_five", gettext_lazy("Tables of five to fill up"), FLAG, default=False,
              help=gettext_lazy("Up to three tables of five where the field is no multiple of "
                                "four; the dealer sits out each game.")),
        Field("time_limit", gettext_lazy("Time limit per round (minutes)"), minimum=1,
              maximum=1440, optional=True, empty=gettext_lazy("no time limit"), default=100,
              help=gettext_lazy("The game started is finished; after the time limit only owed "
                                "compulsory solos are played.")),
        Field("time_limit_five", gettext_lazy("Time limit per round at a table of 5 (minutes)"),
              minimum=1, maximum=1440, optional=True, empty=gettext_lazy("no time limit"),
              default=125,
              help=gettext_lazy("Where tables of five play: 125 minutes for their 30 games "
                                "(TSR 10).")),
        Field("no_winner", gettext_lazy("A game nobody wins"), CHOICE,
              choices=NO_WINNER_WORDS, default="reached",
              help=gettext_lazy("Both parties broke their own announcements; the sources "
                                "of the rules count this differently.")),
        Field("compulsory_solos", gettext_lazy("Compulsory solos per player and round"),
              minimum=0, maximum=4, default=1,
              help=gettext_lazy("1 by the DDV's rules; 0 for no compulsory solo.")),
        Field("missing_solo_penalty", gettext_lazy("Points off per owed compulsory solo"),
              minimum=0, maximum=100, default=0,
              help=gettext_lazy("Taken off a player who ends a round still owing a compulsory "
                                "solo; 0: none (the rules have the solo played late).")),
        Field("specials", gettext_lazy("Special points counted"), NAMES,
              choices=tuple(SPECIAL_WORDS.items()), default=list(SPECIAL_WORDS),
              help=gettext_lazy("All four by the DDV's rules; only in normal games and "
                                "weddings, never in a solo. None ticked: no special points.")),
        Field("solos", gettext_lazy("Solos played"), NAMES,
              choices=tuple((k, KIND_WORDS[k]) for k in SOLOS), default=list(SOLOS),
              help=gettext_lazy("The captain's list offers only these; a compulsory solo must "
                                "be one of them.")),
    )

    def settings_errors(self, values: Any) -> dict[str, Any]:
        """A compulsory solo needs a solo to play (scoring.doppelkopf says the same for the
        API)."""
        solos, owed = values.get("solos"), values.get("compulsory_solos")
        if solos is not None and not solos and owed:
            return {"solos": _("tick at least one solo: every player owes a compulsory solo "
                               "each round (or set the compulsory solos to 0)")}
        return {}

    def layout_for(self, t: Tournament) -> Layout:
        base = self.layout(t.entrant_kind)
        return replace(base, max_long=3) if self.settings(t).table_of_five else base

    def time_limit(self, t: Tournament, size: int | None = None) -> int | None:
        """100 minutes at a table of four (TSR 8.5), 125 at five (TSR 10), as set."""
        return time_limit_for(self.settings(t), size or 4)

    def other_time_limits(self, t: Tournament) -> dict[int, int]:
        s = self.settings(t)
        five = time_limit_for(s, 5)
        return {5: five} if s.table_of_five and five is not None else {}

    def round_games(self, t: Tournament, size: int) -> int:
        """The games of a round at a table of ``size``."""
        return int(self.settings(t).games_per_round.get(size, 24 if size == 4 else 30))

    def column_header(self, t: Tournament, key: str) -> str | None:
        if key.startswith("round_") and key[6:].isdecimal():
            return str(self.round_short) % {"n": key[6:]}
        return super().column_header(t, key)

    def column_title(self, t: Tournament, key: str) -> str | None:
        if key.startswith("round_") and key[6:].isdecimal():
            return _("Points in round %(n)s") % {"n": key[6:]}
        return super().column_title(t, key)

    def example(self, t: Tournament | None, seats: list[Seat]) -> dict[str, Any]:
        """Two lines: a normal game Re won by 2, and a compulsory queens solo lost by 4;
        each names its dealer (place 1, then place 2: the deal passes on, TSR 3.3)."""
        n = [s.entrant.start_number for s in seats] or [1, 2, 3, 4]
        a, b, c, d = (n + n)[:4]
        return {"games": [
            {"kind": "normal", "re": [a, c], "dealer": a,
             "scores": {str(a): 2, str(b): -2, str(c): 2, str(d): -2}},
            {"kind": "queens", "re": [b], "dealer": b, "compulsory": True,
             "announce": {"re": "re"},
             "scores": {str(a): 4, str(b): -12, str(c): 4, str(d): 4}},
        ]}

    def result_line(self, payload: dict[str, Any], table: Any, settings: Any) -> str:
        games = payload.get("games") or []
        if not games:
            return "–"
        points: dict[int, int] = {s.start_number: 0 for s in table.seats}
        try:
            for g in games:
                for key, value in (g.get("scores") or {}).items():
                    points[int(key)] = points.get(int(key), 0) + int(value)
        except (AttributeError, TypeError, ValueError):
            return ngettext("%(n)s game", "%(n)s games", len(games)) % {"n": len(games)}
        names = {s.start_number: s.name for s in table.seats}
        ordered = sorted(points.items(), key=lambda kv: -kv[1])
        text = ", ".join(f"{names.get(k, k)} {v:+d}" for k, v in ordered)
        return text + " " + ngettext("(%(n)s game)", "(%(n)s games)", len(games)) % {
            "n": len(games)}

    def standings_totals(self, t: Tournament, rows: list[dict[str, Any]]) -> list[str]:
        """Who still owes a compulsory solo, for the director at the end of a round."""
        owing = [r for r in rows if (r["values"].get("solos_missing") or 0) > 0]
        if not owing:
            return []
        return [_("Compulsory solos still owed: %(names)s") % {"names": ", ".join(
            f"{r.get('name', r['entrant'])}"
            + (f" ({r['values']['solos_missing']})" if r["values"]["solos_missing"] > 1 else "")
            for r in owing)}]

    def sheet_rows(self, t: Tournament, rnd: Round) -> dict[str, Any]:
        s = self.settings(t)
        most = max(s.games_per_round.values()) if s.table_of_five else s.games_per_round[4]
        return {"games": range(1, min(max(most, 1), MAX_GAMES) + 1),
                "compulsory": s.compulsory_solos}
