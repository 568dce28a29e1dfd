"""The chess outputs as report kinds: cross table, progress table, player cards, the DWZ
evaluation and the player list, each a PDF and a page to look at before printing.

:meth:`Chess.report_kinds` hands these to the reports service, which knows no chess.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ...models import Report, Tournament
from ...services.report_kinds import ReportKind, ReportPage
from . import outputs, player_list

if TYPE_CHECKING:
    from django.http import QueryDict

CSS = ("css/reports-chess.css",)


def _cross_table_refusal(t: Tournament) -> str | None:
    if not outputs.is_round_robin(t):
        return _("the cross table is for round robins; a Swiss tournament has the progress "
                 "table")
    return None


def _cross(report: Report, context: dict[str, Any]) -> None:
    context["cross"] = outputs.cross_table(report.tournament, report.round_number)


def _cross_page(t: Tournament, after: int | None, params: QueryDict) -> dict[str, Any]:
    order = "rank" if params.get("order") == "rank" else "number"
    return {"cross": outputs.cross_table(t, after, order)}


def _progress(report: Report, context: dict[str, Any]) -> None:
    context["progress"] = outputs.progress_table(report.tournament, report.round_number)


def _progress_page(t: Tournament, after: int | None, params: QueryDict) -> dict[str, Any]:
    by = "number" if params.get("by") == "number" else "rank"
    return {"progress": outputs.progress_table(t, after, by)}


def _cards(report: Report, context: dict[str, Any]) -> None:
    context["cards"] = outputs.player_cards(report.tournament)


def _cards_page(t: Tournament, after: int | None, params: QueryDict) -> dict[str, Any]:
    return {"cards": outputs.player_cards(t)}


def _dwz(report: Report, context: dict[str, Any]) -> None:
    context["dwz"] = outputs.dwz_report(report.tournament)


def _dwz_page(t: Tournament, after: int | None, params: QueryDict) -> dict[str, Any]:
    """The report, and on the page (not in the PDF) the choice of an age group for each
    player without a birth date, as the seed's program asked before its report."""
    from django.urls import reverse

    return {"dwz": outputs.dwz_report(t),
            "age_group_url": reverse("director:dwz_age_group", args=[t.slug]),
            "age_groups": [(k, label) for k, (_age, label) in outputs.AGE_GROUPS.items()]}


def _players(report: Report, context: dict[str, Any]) -> None:
    form = (getattr(report, "options", None) or {}).get("layout")
    context["players"] = player_list.player_list(report.tournament, form or "long")


def _players_page(t: Tournament, after: int | None, params: QueryDict) -> dict[str, Any]:
    return {"players": player_list.player_list(t, player_list.form_of(params.get("form")))}


KINDS: tuple[ReportKind, ...] = (
    ReportKind("cross_table", gettext_lazy("cross table"), _cross, after_round=True,
               refusal=_cross_table_refusal, css=CSS,
               page=ReportPage("cross-table", gettext_lazy("Cross table"),
                               "reports/_cross_table.html", _cross_page,
                               choices=(("order", (("number", gettext_lazy("by number")),
                                                   ("rank", gettext_lazy("by rank")))),))),
    ReportKind("progress_table", gettext_lazy("progress table"), _progress, after_round=True,
               css=CSS,
               page=ReportPage("progress-table", gettext_lazy("Progress table"),
                               "reports/_progress_table.html", _progress_page,
                               choices=(("by", (("rank", gettext_lazy("opponents by rank")),
                                                ("number",
                                                 gettext_lazy("opponents by number")))),))),
    ReportKind("player_cards", gettext_lazy("player cards"), _cards, css=CSS,
               page=ReportPage("player-cards", gettext_lazy("Player cards"),
                               "reports/_player_cards.html", _cards_page)),
    ReportKind("dwz", gettext_lazy("DWZ evaluation"), _dwz, css=CSS,
               page=ReportPage("dwz", gettext_lazy("DWZ evaluation"), "reports/_dwz.html",
                               _dwz_page)),
    ReportKind("player_list", gettext_lazy("player list"), _players, css=CSS,
               layouts=player_list.FORM_NAMES,
               layout_error=gettext_lazy("choose the long or the short form"),
               page=ReportPage("players", gettext_lazy("Player list"),
                               "reports/_player_list.html", _players_page,
                               choices=(("form", player_list.FORMS),),
                               choice_label=gettext_lazy("Form"), layout_option="form")),
)
