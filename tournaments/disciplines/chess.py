"""Chess: one player against one, White and Black on a board; Swiss (Dutch) or round robin."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from pairing import Layout

from .base import WebDiscipline
from .whatif import Setting, Spec

SCORES = {"1-0": "1 – 0", "0-1": "0 – 1", "1/2-1/2": "½ – ½",
          "+-": "+ – −", "-+": "− – +", "--": "− – −"}


class Chess(WebDiscipline):
    name = "chess"
    label = gettext_lazy("Chess")
    preset = {"win": 1, "draw": 0.5, "loss": 0, "bye": 1, "system": "swiss",
              "tiebreaks": ["buchholz_cut1", "buchholz", "sonneborn_berger"]}
    entrant_kinds = ("single",)
    layouts = {"single": Layout(sides=2, per_side=1, bye_kind="bye")}
    methods = ("dutch", "round_robin", "round_robin_shift", "score_order")
    cell_words = {"score": gettext_lazy("Result")}
    planned_rounds = 7
    options = ("double",)

    table_word = gettext_lazy("Board")
    tables_word = gettext_lazy("Boards")
    side_word = gettext_lazy("Colour")
    side_labels = (gettext_lazy("White"), gettext_lazy("Black"))
    pairings_note = gettext_lazy("Pts: points before this round. Boards in order: the higher "
                                 "score first.")
    blocking_tables = gettext_lazy("boards without an agreed result: %(tables)s")
    blocking_missing = gettext_lazy("board %(n)s (no result yet)")
    blocking_disputed = gettext_lazy("board %(n)s (disputed)")
    bye_labels = {"bye": gettext_lazy("pairing-allocated bye"),
                  "half": gettext_lazy("half-point bye (requested)")}

    has_trf = True
    chess_outputs = True
    pairings_with_results = True
    has_tiebreak_picker = True
    has_ratings = True
    has_quick_entry = True
    whatif = Spec(
        settings=(Setting("win", gettext_lazy("Points for a win")),
                  Setting("draw", gettext_lazy("Points for a draw")),
                  Setting("loss", gettext_lazy("Points for a loss")),
                  Setting("bye", gettext_lazy("Points for a bye"))),
        shown=("points",))

    def standings_columns(self, t: Any, names: list[str]) -> list[str]:
        """Points and the tie-breaks the director chose, in their order: the scoring core
        also reports the common FIDE values for every player, but a hall reads the ones
        that decide the ranking (issue 16: 3 chosen, 10 shown)."""
        chosen = ["points", *self.settings(t).tiebreaks]
        shown = [k for k in chosen if k in names]
        return shown or names

    def column_header(self, t: Any, key: str) -> str | None:
        """FIDE C.07's abbreviation (BH, BH-C1, SB …) where the scoring core names one, in
        the tournament's rules version (GE became REP in 2026)."""
        from scoring import chess as scoring_chess

        if key not in scoring_chess.ABBREVIATIONS or key == "points":  # points keep "Pkt."
            return None
        return str(scoring_chess.abbreviation(key, self.settings(t).rules))

    def example(self, t: Any, seats: list[Any]) -> dict[str, Any]:
        return {"score": "1-0"}

    def result_line(self, payload: dict[str, Any], table: Any, settings: Any) -> str:
        score = str(payload.get("score", ""))
        text = SCORES.get(score, score)
        if score in ("+-", "-+", "--"):
            text += " " + _("(forfeit)")
        return text

    def round_byes(self, rnd: Any) -> list[Any]:
        from ..chess.outputs import chess_byes

        return chess_byes(rnd)
