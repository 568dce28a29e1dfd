"""Board games: three or four players at a table, ranked by game points; no sides."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext, gettext_lazy

from pairing import Layout
from scoring.boardgame import MAX_PLACEMENT
from scoring.boardgame import Settings as BoardgameSettings

from .. import settings_spec as spec
from ..base import RoundChoice, WebDiscipline, Words
from ..settings_spec import Setting as Field
from ..whatif import POINTS, Setting, Spec

if TYPE_CHECKING:
    from ...models import Round, Seat, Tournament

TITLE_LENGTH = 80  # a round's game, as the pairings print it


class Boardgame(WebDiscipline[BoardgameSettings]):
    name = "boardgame"
    label = gettext_lazy("Board game")
    preset = {"placement": {"4": [5, 3, 2, 1], "3": [5, 3, 1]}}
    entrant_kinds = ("single",)
    layouts = {"single": Layout(sides=0, table_size=4, max_short=3, bye_kind="zero")}
    methods = ("standings_tables", "random_tables")
    cell_words = {"points": gettext_lazy("No.")}
    # Every column named in full for the printed legend (issue 31: "Share" stood unexplained).
    column_words = {
        "points": Words(gettext_lazy("Pts"),
                        gettext_lazy("Placement points at each table")),
        "share": Words(gettext_lazy("Share"),
                       gettext_lazy("Own game points ÷ the table's total, summed")),
        "game_points": Words(gettext_lazy("Game pts"), gettext_lazy("Game points, summed")),
    }
    planned_rounds = 3
    rounds_fixed = gettext_lazy("The board-game qualifier has exactly three rounds")

    side_word = gettext_lazy("Player")
    side_labels = None  # everyone at the table plays for themselves
    round_choices_title = gettext_lazy("Game of this round")
    round_choices_rescore = False  # the title says what is played; the scoring is the same

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

    def round_choices(self, t: Tournament, rnd: Round) -> list[RoundChoice]:
        """The qualifier plays one game in rounds 1-2 and another in round 3: the director
        may name each round's game (optional; pairings, score sheets and captains show it)."""
        return [RoundChoice("title", str(gettext("Game (optional)")), (),
                            str((rnd.extra or {}).get("title", "")), TITLE_LENGTH)]

    def clean_round_choices(self, t: Tournament, raw: Mapping[str, Any]
                            ) -> tuple[dict[str, Any], dict[str, list[str]]]:
        from ...common.text import text_problem

        unknown = sorted(str(k) for k in raw if k != "title")
        if unknown:
            return {}, {k: [gettext("unknown field; a round's choices are: title")]
                        for k in unknown}
        title = raw.get("title", "")
        if not isinstance(title, str):
            return {}, {"title": [gettext("must be text")]}
        title = title.strip()
        if len(title) > TITLE_LENGTH:
            return {}, {"title": [gettext("at most %(n)s characters") % {"n": TITLE_LENGTH}]}
        why = text_problem(title)
        if why:
            return {}, {"title": [why]}
        return {"title": title}, {}

    def round_note(self, t: Tournament, rnd: Round) -> str:
        title = (rnd.extra or {}).get("title") if rnd is not None else None
        return gettext("Game: %(title)s") % {"title": title} if title else ""

    def example(self, t: Tournament | None, seats: list[Seat]) -> dict[str, Any]:
        points = (87, 65, 52, 40, 31, 20)
        return {"points": {str(s.entrant.start_number): points[k % len(points)]
                           for k, s in enumerate(seats)}}

    def api_example(self) -> dict[str, Any]:
        return {"points": {"1": 87, "2": 65, "3": 65, "4": 40}}

    def result_line(self, payload: dict[str, Any], table: Any, settings: Any) -> str:
        from ...common.numbers import number

        points = payload.get("points") or {}
        names = {str(s.start_number): s.name for s in table.seats}
        ordered = sorted(points.items(), key=lambda kv: -float(kv[1]))
        return ", ".join(f"{names.get(k, k)} {number(v)}" for k, v in ordered)
