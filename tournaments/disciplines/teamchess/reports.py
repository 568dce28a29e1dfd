"""Team chess's own report: the rating evaluation of the board games (:mod:`.ratings`),
a page for the director to look at and a PDF to send with the TRF.

:meth:`TeamChess.report_kinds` hands it to the reports service, which knows no team chess.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext_lazy

from ...models import Report, Tournament
from ...services.report_kinds import ReportKind, ReportPage
from .ratings import team_ratings

if TYPE_CHECKING:
    from django.http import QueryDict

CSS = ("css/reports-teamchess.css",)


def _ratings(report: Report, context: dict[str, Any]) -> None:
    context["ratings"] = team_ratings(report.tournament)


def _ratings_page(t: Tournament, after: int | None, params: QueryDict) -> dict[str, Any]:
    return {"ratings": team_ratings(t)}


KINDS: tuple[ReportKind, ...] = (
    ReportKind("team_ratings", gettext_lazy("rating evaluation of the boards"), _ratings,
               css=CSS,
               page=ReportPage("team-ratings", gettext_lazy("Rating evaluation of the boards"),
                               "reports/_team_ratings.html", _ratings_page)),
)
