"""Mucken: two parties (a fixed pair, or two single players drawn together) play Bobbl
to a target; a round is a number of Bobbl."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from pairing import Layout
from scoring.mucken import MAX_BOBBL, MAX_TARGET, MAX_TIME_LIMIT
from scoring.mucken import Settings as MuckenSettings

from .. import settings_spec as spec
from ..base import POINTS_WORDS, WebDiscipline, Words
from ..settings_spec import Setting as Field
from ..whatif import CHOICE, WHOLE, Setting, Spec

if TYPE_CHECKING:
    from ...models import Round, Seat, Tournament


def _relevant(doc: Mapping[str, Any]) -> set[str]:
    """Settings that change something here: what a bye is worth, if one scores; what a
    Bobbl cut by time counts, if a result has one."""
    rounds = doc.get("rounds", [])
    out = set()
    if any(b.get("kind", "bye") in ("bye", "forfeit-win") for r in rounds
           for b in r.get("byes", [])):
        out.add("bobbl_per_round")
    if any(isinstance(t.get("result"), Mapping) and t["result"].get("unfinished")
           for r in rounds for t in r.get("tables", [])):
        out.add("unfinished")
    return out


UNFINISHED = (
    ("leader", gettext_lazy("the party ahead wins it (a tie counts for nobody)")),
    ("void", gettext_lazy("it counts for nobody")),
    ("as_played", gettext_lazy("both parties' points count as Tore; nobody wins it")),
)


class Mucken(WebDiscipline[MuckenSettings]):
    name = "mucken"
    label = gettext_lazy("Mucken")
    preset = {"target": 21, "bobbl_per_round": 2, "time_limit": None, "unfinished": "leader"}
    entrant_kinds = ("pair", "single")
    layouts = {"pair": Layout(sides=2, per_side=1, bye_kind="bye"),
               "single": Layout(sides=2, per_side=2, bye_kind="zero")}
    methods = ("rotation", "fixed_rotation", "random_tables")
    cell_words = {"bobbl": gettext_lazy("Bobbl"), "unfinished": gettext_lazy("cut by time")}
    column_words = {
        "points": POINTS_WORDS,
        # each named in full for the printed legend (issue 31)
        "bobbl": Words(gettext_lazy("Bobbl"), gettext_lazy("Bobbl won")),
        "tore": Words(gettext_lazy("Goals"), gettext_lazy("Points scored in lost Bobbl")),
        "gegentore": Words(gettext_lazy("Goals against"),
                           gettext_lazy("The opponents' points in Bobbl won (fewer is "
                                        "better)")),
        "plus": Words(gettext_lazy("Plus"),
                      gettext_lazy("Own points, a won Bobbl counted at the target")),
        "plus_minus": Words(gettext_lazy("+/−"), gettext_lazy("Own minus opponents' points")),
    }
    planned_rounds = 3
    options = ("registration",)

    side_word = gettext_lazy("Party")
    side_labels = (gettext_lazy("Party 1"), gettext_lazy("Party 2"))

    sheet_layouts = (("vertical", gettext_lazy("vertical (Bobbl as rows, portrait)")),
                     ("horizontal", gettext_lazy("horizontal (Bobbl as columns, landscape)")))
    sheet_css = ("css/mucken-pad.css",)
    whatif = Spec(
        settings=(Setting("bobbl_per_round", gettext_lazy("Bobbl for a bye"), WHOLE,
                          help=gettext_lazy("what a bye or a win by forfeit counts")),
                  Setting("unfinished", gettext_lazy("A Bobbl cut by time"), CHOICE,
                          choices=UNFINISHED)),
        shown=("bobbl", "tore", "gegentore"),
        rankings=(("plus", gettext_lazy("by Plus")),
                  ("plus_minus", gettext_lazy("by Plus-Minus"))),
        relevant=_relevant)

    settings_fields = (
        Field("target", gettext_lazy("Points to win a Bobbl"), minimum=1, maximum=MAX_TARGET,
              default=21, help=gettext_lazy("Usually 21; some halls play to 31 or 41.")),
        Field("bobbl_per_round", gettext_lazy("Bobbl per round"), minimum=1,
              maximum=MAX_BOBBL, default=2,
              help=gettext_lazy("Also what a bye or a win by forfeit counts.")),
        Field("time_limit", gettext_lazy("Time limit per round (minutes)"), minimum=1,
              maximum=MAX_TIME_LIMIT, optional=True, empty=gettext_lazy("no time limit"),
              help=gettext_lazy("Leave empty for no time limit. Shown on the score pad, the "
                                "captains' phones and the projector.")),
        Field("unfinished", gettext_lazy("A Bobbl cut by time"), spec.CHOICE, choices=UNFINISHED,
              default="leader",
              help=gettext_lazy("When the time is up in the middle of a Bobbl.")),
    )

    def example(self, t: Tournament | None, seats: list[Seat]) -> dict[str, Any]:
        s = self.settings(t)
        lost = (min(15, s.target - 1), min(18, s.target - 1))
        return {"bobbl": [[s.target, lost[0]] if k % 2 == 0 else [lost[1], s.target]
                          for k in range(s.bobbl_per_round)]}

    def result_line(self, payload: dict[str, Any], table: Any, settings: Any) -> str:
        """Bobbl won per party, with a Bobbl cut by time counted by the tournament's rule."""
        from scoring.mucken import outcome

        from ...common.numbers import number

        bobbl = payload.get("bobbl") or []
        cut = payload.get("unfinished")
        won = [0, 0]
        for k, (a, b) in enumerate(bobbl, start=1):
            for side, (own, opp) in enumerate(((a, b), (b, a))):
                if outcome(own, opp, settings.target, k == cut, settings.unfinished) == "won":
                    won[side] += 1
        games = ", ".join(f"{number(a)}:{number(b)}" + ("*" if k == cut else "")
                          for k, (a, b) in enumerate(bobbl, start=1))
        text = _("Bobbl %(a)s:%(b)s (%(games)s)") % {"a": won[0], "b": won[1], "games": games}
        return text + (" " + _("* cut by time") if cut else "")

    def sheet_rows(self, t: Tournament, rnd: Round) -> dict[str, Any]:
        return {"bobbl": range(1, self.settings(t).bobbl_per_round + 2)}  # one spare row
