"""Tabletop: one player against one over three missions; tournament points by a system."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, gettext_lazy

from pairing import Layout
from scoring.tabletop import MISSION_LEAD, TOTAL, mission_kinds

from .. import settings_spec as spec
from ..base import RoundChoice, WebDiscipline
from ..settings_spec import DRAWN, NUMBER
from ..settings_spec import Setting as Field
from ..whatif import CHOICE, Setting, Spec

MISSIONS = (gettext_lazy("Primary"), gettext_lazy("Secondary"), gettext_lazy("Tertiary"))
MISSION_KINDS = {"eternal_war": gettext_lazy("Eternal War"),
                 "maelstrom": gettext_lazy("Maelstrom"),
                 "tertiary": gettext_lazy("Tertiary")}
assert set(MISSION_KINDS) == set(MISSION_LEAD)
# Between missions in a line: the no-break space ties "·" to the mission before it, so a
# narrow column breaks after a separator and never starts a line with one.
SEPARATOR = "\u00a0· "

SYSTEMS = (
    ("ttm20", gettext_lazy("TTM 20 (capped missions)")),
    ("matrix20", gettext_lazy("20 matrix")),
    ("sun", gettext_lazy("SUN (2:0 / 1:1)")),
    ("matrix12", gettext_lazy("12 matrix")),
    ("percent", gettext_lazy("percent matrix")),
)


def mission_labels(rnd: Any) -> list[str]:
    """The missions of a round, each with its kind where the round names one."""
    kinds = list((rnd.extra or {}).get("missions") or [])
    labels = []
    for k, label in enumerate(MISSIONS):
        kind = kinds[k] if k < len(kinds) else None
        extra = MISSION_KINDS.get(kind, kind) if kind else None
        labels.append(f"{label} ({extra})" if extra and str(extra) != str(label) else str(label))
    return labels


class Tabletop(WebDiscipline):
    name = "tabletop"
    label = gettext_lazy("Tabletop")
    preset = {"system": "ttm20"}
    entrant_kinds = ("single",)
    layouts = {"single": Layout(sides=2, per_side=1, bye_kind="bye")}
    methods = ("swiss_score",)
    cell_words = {"missions": gettext_lazy("Mission")}
    round_choices_title = gettext_lazy("Missions of this round")
    planned_rounds = 5
    round_extra = {"missions": ["eternal_war", "maelstrom", "tertiary"]}
    options = ("avoid_same_club",)

    side_word = gettext_lazy("Player")
    side_labels = (gettext_lazy("Player 1"), gettext_lazy("Player 2"))

    whatif = Spec(
        settings=(Setting("system", gettext_lazy("Scoring system"), CHOICE, choices=SYSTEMS),),
        shown=("tp",))

    settings_fields = (
        Field("system", gettext_lazy("Scoring system"), spec.CHOICE, choices=SYSTEMS,
              default="ttm20", locked=DRAWN,
              locked_reason=gettext_lazy("Fixed once round 1 is drawn: each round's "
                                         "missions are drawn for the system.")),
        Field("bye_tp", gettext_lazy("Tournament points for a bye"), NUMBER, minimum=0,
              maximum=max(TOTAL.values()), optional=True, omit_empty=True,
              empty=gettext_lazy("full points"),
              help=gettext_lazy("Leave empty for a won game's full points (20 in TTM 20, "
                                "2 in SUN).")),
    )

    def round_extra_for(self, t: Any) -> dict[str, Any]:
        """The missions' kinds matter to the 12 matrix only: the tournament's default (the
        scoring's ``missions``) if it names one, else Eternal War, Maelstrom, tertiary."""
        settings = self.settings(t)
        if settings.system != "matrix12":
            return {}
        if settings.missions is not None:
            return {"missions": list(settings.missions)}
        return {"missions": list(self.round_extra["missions"])}

    def _by_kind(self, t: Any) -> bool:
        return bool(self.settings(t).system == "matrix12")

    def _kinds(self, t: Any, rnd: Any) -> list[str]:
        kinds = mission_kinds((rnd.extra or {}).get("missions"))
        return list(kinds) if kinds else self.round_extra_for(t).get("missions", [])

    def round_choices(self, t: Any, rnd: Any) -> list[RoundChoice]:
        """Under the 12 matrix the director sets each mission's kind per round."""
        if not self._by_kind(t):
            return []
        kinds = self._kinds(t, rnd)
        choices = tuple((k, str(label)) for k, label in MISSION_KINDS.items())
        return [RoundChoice(f"missions.{k}", str(label), choices, kinds[k])
                for k, label in enumerate(MISSIONS)]

    def clean_round_choices(self, t: Any, raw: Mapping[str, Any]
                            ) -> tuple[dict[str, Any], dict[str, list[str]]]:
        if not self._by_kind(t):
            return {}, {"missions": [gettext(
                "only the 12 matrix scores by the missions' kinds; this tournament uses "
                "another scoring system")]}
        unknown = sorted(str(k) for k in raw if k != "missions")
        if unknown:
            return {}, {k: [gettext("unknown field; a round's choices are: missions")]
                        for k in unknown}
        kinds = mission_kinds(raw.get("missions"))
        if kinds is None:
            return {}, {"missions": [gettext(
                "three mission kinds (primary, secondary, tertiary), each one of %(kinds)s")
                % {"kinds": ", ".join(MISSION_KINDS)}]}
        return {"missions": list(kinds)}, {}

    def round_note(self, t: Any, rnd: Any) -> str:
        if not self._by_kind(t):
            return ""
        return gettext("Missions: %(missions)s") % {"missions": SEPARATOR.join(
            mission_labels(rnd))}

    def example(self, t: Any, seats: list[Any]) -> dict[str, Any]:
        return {"missions": [[12, 8], [6, 6], [4, 2]]}

    def result_line(self, payload: dict[str, Any], table: Any, settings: Any) -> str:
        from ...common.numbers import number

        missions = payload.get("missions") or []
        parts = SEPARATOR.join(f"{number(a)}:{number(b)}" for a, b in missions)
        total = (sum(float(m[0]) for m in missions), sum(float(m[1]) for m in missions))
        return f"{parts} (Σ\u00a0{number(total[0])}:{number(total[1])})"

    def sheet_rows(self, t: Any, rnd: Any) -> dict[str, Any]:
        return {"missions": mission_labels(rnd)}
