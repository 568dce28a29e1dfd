"""Board games: three or four players at a table, ranked by game points; no sides."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy

from pairing import Layout
from scoring.boardgame import MAX_PLACEMENT

from . import settings_spec as spec
from .base import WebDiscipline
from .settings_spec import Setting as Field
from .whatif import POINTS, Setting, Spec


class Boardgame(WebDiscipline):
    name = "boardgame"
    label = gettext_lazy("Board game")
    preset = {"placement": {"4": [5, 3, 2, 1], "3": [5, 3, 1]}}
    entrant_kinds = ("single",)
    layouts = {"single": Layout(sides=0, table_size=4, max_short=3, bye_kind="zero")}
    methods = ("standings_tables", "random_tables")
    cell_words = {"points": gettext_lazy("No.")}
    planned_rounds = 3
    rounds_fixed = gettext_lazy("The board-game qualifier has exactly three rounds")

    side_word = gettext_lazy("Player")
    side_labels = None  # everyone at the table plays for themselves

    whatif = Spec(
        settings=(Setting("placement_4", gettext_lazy("Placement points, table of 4"), POINTS,
                          key="placement.4", help=gettext_lazy("e.g. 5, 3, 2, 1")),
                  Setting("placement_3", gettext_lazy("Placement points, table of 3"), POINTS,
                          key="placement.3", help=gettext_lazy("e.g. 5, 3, 1"))),
        shown=("points",))

    settings_fields = (
        Field("placement.4", gettext_lazy("Placement points, table of 4"), spec.POINTS, size=4,
              minimum=0, maximum=MAX_PLACEMENT, default=(5, 3, 2, 1),
              help=gettext_lazy("From first to last place, separated by commas, e.g. "
                                "5, 3, 2, 1.")),
        Field("placement.3", gettext_lazy("Placement points, table of 3"), spec.POINTS, size=3,
              minimum=0, maximum=MAX_PLACEMENT, default=(5, 3, 1),
              help=gettext_lazy("From first to last place, e.g. 5, 3, 1.")),
    )

    def example(self, t: Any, seats: list[Any]) -> dict[str, Any]:
        points = (87, 65, 52, 40, 31, 20)
        return {"points": {str(s.entrant.start_number): points[k % len(points)]
                           for k, s in enumerate(seats)}}

    def result_line(self, payload: dict[str, Any], table: Any, settings: Any) -> str:
        from ..services.public import number

        points = payload.get("points") or {}
        names = {str(s.start_number): s.name for s in table.seats}
        ordered = sorted(points.items(), key=lambda kv: -float(kv[1]))
        return ", ".join(f"{names.get(k, k)} {number(v)}" for k, v in ordered)
