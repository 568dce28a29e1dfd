"""Tabletop: one player against one over three missions; tournament points by a system."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext, gettext_lazy

from pairing import Layout
from scoring.tabletop import (
    MAX_MISSION_POINTS,
    MISSION_LEAD,
    PRESET_MISSION_MAX,
    TOTAL,
    mission_kinds,
)
from scoring.tabletop import Settings as TabletopSettings

from .. import settings_spec as spec
from ..base import POINTS_WORDS, RoundChoice, WebDiscipline, Words
from ..settings_spec import DRAWN, NUMBER
from ..settings_spec import Setting as Field
from ..whatif import CHOICE, Setting, Spec
from ..words import OTHER_SIDE

if TYPE_CHECKING:
    from ...models import Round, Seat, Tournament

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


def mission_labels(rnd: Round) -> list[str]:
    """The missions of a round, each with its kind where the round names one."""
    kinds = list((rnd.extra or {}).get("missions") or [])
    labels = []
    for k, label in enumerate(MISSIONS):
        kind = kinds[k] if k < len(kinds) else None
        extra = MISSION_KINDS.get(kind, kind) if kind else None
        labels.append(f"{label} ({extra})" if extra and str(extra) != str(label) else str(label))
    return labels


@dataclass(frozen=True)
class _SideTeam:
    """A team as ``scoring.teams.member_sum_ranking`` reads it: a name and member ids."""

    name: str
    members: tuple[int, ...]


def _number(value: Any) -> Any:
    """A summed Fraction as the page shows it: whole numbers whole."""
    return int(value) if getattr(value, "denominator", 1) == 1 else float(value)


class Tabletop(WebDiscipline[TabletopSettings]):
    name = "tabletop"
    label = gettext_lazy("Tabletop")
    # A new tournament bounds each mission's points (the seed gives no maximum; a 99 typed for
    # a 9 is refused at its mission): scoring.tabletop.PRESET_MISSION_MAX.
    preset = {"system": "ttm20", "mission_max": dict(PRESET_MISSION_MAX)}
    entrant_kinds = ("single",)
    layouts = {"single": Layout(sides=2, per_side=1, bye_kind="bye")}
    methods = ("swiss_score",)
    cell_words = {"missions": gettext_lazy("Mission")}
    # Every column named in full for the printed legend (issue 31: "TP", "Secondary").
    column_words = {
        "points": POINTS_WORDS,
        "tp": Words(gettext_lazy("TP"), gettext_lazy("Tournament points")),
        "secondary": Words(gettext_lazy("Secondary"),
                           gettext_lazy("Own minus opponents' mission points, summed")),
        "mission_points": Words(gettext_lazy("Mission pts"),
                                gettext_lazy("Mission points, own, summed")),
    }
    round_choices_title = gettext_lazy("Missions of this round")
    planned_rounds = 5
    round_extra = {"missions": ["eternal_war", "maelstrom", "tertiary"]}
    options = ("avoid_same_club",)
    # BCP-style team events: teams of 2 to 8 players (ETC teams are 8, most club events 3
    # to 5), each member playing his own games; up to 2 substitutes (services.side_teams).
    side_team_sizes = (2, 8, 2)

    side_word = gettext_lazy("Player")
    side_labels = (gettext_lazy("Player 1"), gettext_lazy("Player 2"))
    second_report_words = OTHER_SIDE  # who confirms a report from another phone

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
        *(Field(f"mission_max.{key}", label, NUMBER, minimum=1, maximum=MAX_MISSION_POINTS,
                default=MAX_MISSION_POINTS,
                help=gettext_lazy("The most points a player can score in this mission; a "
                                  "result above it is refused at the mission (a typing "
                                  "slip such as 99 for 9). A new tournament starts at "
                                  "40, 20 and 10."))
          for key, label in (("primary", gettext_lazy("Most points, primary mission")),
                             ("secondary", gettext_lazy("Most points, secondary mission")),
                             ("tertiary", gettext_lazy("Most points, tertiary mission")))),
    )

    def column_title(self, t: Tournament, key: str) -> str | None:
        """Under ``percent`` the secondary tie-break is the own mission points alone."""
        if key == "secondary" and self.settings(t).system == "percent":
            return str(gettext_lazy("Own mission points, summed"))
        return super().column_title(t, key)

    def side_rankings(self, t: Tournament, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The team ranking of a BCP-style team event: each team signed up at the desk's
        teams page (``Team`` rows, the team model of team chess) scores the sum of its
        members' tournament points, then secondary and mission points
        (``scoring.teams.member_sum_ranking``, pure); substitutes count with what they
        played. None without teams."""
        from scoring.teams import member_sum_ranking

        from ...team_models import side_groups

        groups = side_groups(t.pk) if t.pk is not None else []
        if not groups:
            return []
        values = {r["entrant"]: r["values"] for r in rows}
        names = {r["entrant"]: r["name"] for r in rows}
        keys = ("tp", "secondary", "mission_points")
        teams = [_SideTeam(name, (*members, *spare)) for _id, name, members, spare in groups]
        ranked = member_sum_ranking(teams, values, [(k, True) for k in keys])
        for r in ranked:
            r["who"] = ", ".join(f"{names.get(m, '?')} ({m})" for m in r["members"])
            r["cells"] = [_number(r[k]) for k in keys]
        return [{"title": str(gettext_lazy("Team ranking")), "rows": ranked,
                 "columns": [str(self.column_words[k].header) for k in keys]}]

    def round_extra_for(self, t: Tournament) -> dict[str, Any]:
        """The missions' kinds matter to the 12 matrix only: the tournament's default (the
        scoring's ``missions``) if it names one, else Eternal War, Maelstrom, tertiary."""
        settings = self.settings(t)
        if settings.system != "matrix12":
            return {}
        if settings.missions is not None:
            return {"missions": list(settings.missions)}
        return {"missions": list(self.round_extra["missions"])}

    def _by_kind(self, t: Tournament) -> bool:
        return bool(self.settings(t).system == "matrix12")

    def _kinds(self, t: Tournament, rnd: Round) -> list[str]:
        kinds = mission_kinds((rnd.extra or {}).get("missions"))
        return list(kinds) if kinds else self.round_extra_for(t).get("missions", [])

    def round_choices(self, t: Tournament, rnd: Round) -> list[RoundChoice]:
        """Under the 12 matrix the director sets each mission's kind per round."""
        if not self._by_kind(t):
            return []
        kinds = self._kinds(t, rnd)
        choices = tuple((k, str(label)) for k, label in MISSION_KINDS.items())
        return [RoundChoice(f"missions.{k}", str(label), choices, kinds[k])
                for k, label in enumerate(MISSIONS)]

    def clean_round_choices(self, t: Tournament, raw: Mapping[str, Any]
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

    def round_note(self, t: Tournament, rnd: Round) -> str:
        if not self._by_kind(t):
            return ""
        return gettext("Missions: %(missions)s") % {"missions": SEPARATOR.join(
            mission_labels(rnd))}

    def example(self, t: Tournament | None, seats: list[Seat]) -> dict[str, Any]:
        return {"missions": [[12, 8], [6, 6], [4, 2]]}

    def result_line(self, payload: dict[str, Any], table: Any, settings: Any) -> str:
        from ...common.numbers import number

        missions = payload.get("missions") or []
        parts = SEPARATOR.join(f"{number(a)}:{number(b)}" for a, b in missions)
        total = (sum(float(m[0]) for m in missions), sum(float(m[1]) for m in missions))
        return f"{parts} (Σ\u00a0{number(total[0])}:{number(total[1])})"

    def sheet_rows(self, t: Tournament, rnd: Round) -> dict[str, Any]:
        return {"missions": mission_labels(rnd)}
