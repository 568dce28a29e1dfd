"""Pussi: two parties of two at a table play a series of games (bid, declarer, totals)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from pairing import Layout
from scoring.pussi import MAX_GAMES, MAX_PREMIUM, MAX_WEIGHT
from scoring.pussi import Settings as PussiSettings

from ..base import POINTS_WORDS, WebDiscipline, Words
from ..settings_spec import NUMBER
from ..settings_spec import Setting as Field
from ..whatif import OFF, WHOLE, Setting, Spec

if TYPE_CHECKING:
    from ...models import Round, Seat, Tournament

SHEET_GAMES = 12  # the printed sheet has at most this many rows
ADVISED_SERIES = 3  # the seed's workbook: at least 3 series (a hint below it)


class Pussi(WebDiscipline[PussiSettings]):
    name = "pussi"
    label = gettext_lazy("Pussi")
    preset = {"weight_points": 1.0, "weight_difference": 0.2, "premium": 100, "premium_at": 500,
              "games_per_series": 8}
    entrant_kinds = ("single",)
    layouts = {"single": Layout(sides=2, per_side=2, bye_kind="zero")}
    methods = ("pussi_partners", "random_tables")
    cell_words = {"games": gettext_lazy("Game"), "totals": gettext_lazy("Totals"),
                  "final": gettext_lazy("Final totals"), "played": gettext_lazy("Games played"),
                  "premium": gettext_lazy("Premium"), "declarer": gettext_lazy("Declaring party"),
                  "bid": gettext_lazy("Bid")}
    column_words = {
        "points": POINTS_WORDS,
        # each named in full for the printed legend (issue 31: "Eig. gew." stood unexplained)
        "total": Words(gettext_lazy("Total"), gettext_lazy("Total of the series results")),
        "difference": Words(gettext_lazy("Diff."),
                            gettext_lazy("Weighted difference to the opponents' totals")),
        "premiums": Words(gettext_lazy("Premiums"), gettext_lazy("Premiums won")),
        "own_won": Words(gettext_lazy("Own won"), gettext_lazy("Own games won as declarer")),
        "own_lost": Words(gettext_lazy("Own lost"),
                          gettext_lazy("Own games lost as declarer")),
        "opp_won": Words(gettext_lazy("Opp. won"),
                         gettext_lazy("Opponents' games won against them")),
        "opp_lost": Words(gettext_lazy("Opp. lost"),
                          gettext_lazy("Opponents' games lost against them")),
        "schwarz_won": Words(gettext_lazy("Schwarz won"),
                             gettext_lazy("Games won Schwarz (the other party fell by 2×bid)")),
        "schwarz_lost": Words(gettext_lazy("Schwarz lost"),
                              gettext_lazy("Games lost Schwarz (fell by 2×bid)")),
    }
    planned_rounds = 3
    options = ("registration",)

    side_word = gettext_lazy("Party")
    side_labels = (gettext_lazy("Party 1"), gettext_lazy("Party 2"))
    round_word = gettext_lazy("Series")
    round_word_in_text = gettext_lazy("series")
    rounds_word = pgettext_lazy("plural", "Series")
    rounds_word_in_text = pgettext_lazy("plural", "series")
    round_short = gettext_lazy("S%(n)s")
    round_results_title = gettext_lazy("Series results")

    has_series_games = True
    whatif = Spec(
        settings=(
            Setting("weight_points", gettext_lazy("Weight of the points")),
            Setting("weight_difference", gettext_lazy("Weight of the difference")),
            Setting("premium", gettext_lazy("Premium")),
            Setting("no_premium", gettext_lazy("no premium"), OFF, key="premium",
                    help=gettext_lazy("as if nobody won a premium")),
            Setting("premium_at", gettext_lazy("Premium at"), WHOLE,
                    help=gettext_lazy("the total that wins the premium")),
        ),
        shown=("total", "points", "difference", "premiums"))

    settings_fields = (
        Field("weight_points", gettext_lazy("Weight of the points"), NUMBER, minimum=0,
              maximum=MAX_WEIGHT, default=1,
              help=gettext_lazy("A series counts: points × this weight + difference × the "
                                "weight of the difference + premium.")),
        Field("weight_difference", gettext_lazy("Weight of the difference"), NUMBER,
              minimum=0, maximum=MAX_WEIGHT, default=0.2,
              help=gettext_lazy("The difference is the own total minus the opponents'.")),
        Field("premium", gettext_lazy("Premium"), NUMBER, minimum=0, maximum=MAX_PREMIUM,
              default=100, help=gettext_lazy("What the first party to reach the premium "
                                             "total gets; 0: no premium.")),
        Field("premium_at", gettext_lazy("Premium at"), minimum=1, maximum=MAX_PREMIUM,
              default=500, help=gettext_lazy("the total that wins the premium")),
        Field("games_per_series", gettext_lazy("Games per series"), minimum=1,
              maximum=MAX_GAMES, default=8,
              help=gettext_lazy("The rows of the printed sheet; a sheet with another number "
                                "of games is pointed out to the captain.")),
    )

    def value_level(self, key: str, value: Any) -> str:
        """The seed's fixed limits (points and total ±1000, difference ±200), as on the
        result sheet; places and counts are marked there only, against the others."""
        from fractions import Fraction

        from scoring.pussi_stats import SEED_LIMITS, level

        if key not in SEED_LIMITS:
            return ""
        try:
            return level(key, Fraction(str(value)))
        except (TypeError, ValueError):
            return ""

    def planning_hint(self, t: Tournament) -> str:
        """The seed's workbook advises at least 3 series, so that strong and weak partners
        even out over the tournament; fewer are allowed, the director is only told."""
        if t.planned_rounds >= ADVISED_SERIES:
            return ""
        return ngettext("Only %(n)s series is planned. At least %(advised)s series are "
                        "advised, so that strong and weak partners even out.",
                        "Only %(n)s series are planned. At least %(advised)s series are "
                        "advised, so that strong and weak partners even out.",
                        t.planned_rounds) % {"n": t.planned_rounds, "advised": ADVISED_SERIES}

    def example(self, t: Tournament | None, seats: list[Seat]) -> dict[str, Any]:
        """A consistent score sheet: the declarer wins its bid of 60, the others make 30."""
        totals = [0, 0]
        games = []
        for k in range(self.series_games(t, seats[0].round if seats else None)):
            declarer = 1 + k % 2
            totals[declarer - 1] += 60
            totals[2 - declarer] += 30
            games.append({"declarer": declarer, "bid": 60, "totals": list(totals)})
        return {"games": games}

    def series_games(self, t: Tournament | None, rnd: Round | None = None) -> int:
        """The games a series plays: the round's own number, else the tournament's."""
        if rnd is not None and t is not None:
            from ...services.series_games import series_games_of as series_games

            return series_games(t, rnd)
        return int(self.settings(t).games_per_series)

    def report_notice(self, t: Tournament, payload: Any, rnd: Round | None = None) -> str:
        """A series written with fewer or more games than it plays is scored as written
        (the scoring core flags it): the captain is told at once, while the sheet is still
        at hand."""
        games = payload.get("games") if isinstance(payload, dict) else None
        want = self.series_games(t, rnd)
        if isinstance(payload, dict) and isinstance(payload.get("played"), int):
            games = [None] * payload["played"]  # a quick entry that says its games
        if not isinstance(games, list) or len(games) == want:
            return ""
        return ngettext("Only %(n)s game of %(want)s is written. If the series had more, "
                        "send the sheet again with every game.",
                        "%(n)s games of %(want)s are written. If the series had a different "
                        "number, send the sheet again with every game.",
                        len(games)) % {"n": len(games), "want": want}

    def statistics_extra(self, t: Tournament) -> dict[str, Any] | None:
        """The seed's result sheet of the whole evening (per player and per series)."""
        from .stats import pussi_statistics

        return {"template": "stats/_pussi_block.html", "section_class": "pussi-stats",
                "css": ("css/pussi-stats.css",), "pussi_stats": pussi_statistics(t)}

    def result_line(self, payload: dict[str, Any], table: Any, settings: Any) -> str:
        from ...common.numbers import number

        final = payload.get("final")
        if isinstance(final, list) and len(final) == 2:  # a quick entry: no games
            return _("%(a)s:%(b)s (final totals only)") % {"a": number(final[0]),
                                                           "b": number(final[1])}
        games = payload.get("games") or []
        if not games:
            return "–"
        a, b = games[-1]["totals"]
        n = len(games)
        return ngettext("%(a)s:%(b)s after %(n)s game", "%(a)s:%(b)s after %(n)s games", n) % {
            "a": number(a), "b": number(b), "n": n}

    def sheet_rows(self, t: Tournament, rnd: Round) -> dict[str, Any]:
        games = self.series_games(t, rnd)
        return {"games": range(1, min(max(games, 1), SHEET_GAMES) + 1)}
