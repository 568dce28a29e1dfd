"""The director's PDF reports: order one, watch its progress, download it.

Ordering returns at once (the PDF renders in Celery); the list polls a small
htmx fragment while a report is queued or running and stops polling when
none is. The chess outputs (cross table, progress table, player cards, DWZ
evaluation) and the standings by category can also be looked at as pages
before they are printed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.contrib import messages
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_safe

from ..chess import outputs as chess_outputs
from ..chess import player_list as chess_player_list
from ..links import public_base
from ..models import Report, Round, Tournament
from ..services import Actor, ServiceError
from ..services import reports as report_service
from ..services.public import category_tables
from ..services.reports import download_name, request_report
from .access import director_view

PENDING = (Report.Status.QUEUED, Report.Status.RUNNING)
LIST_LENGTH = 30
STALLED_AFTER = timedelta(minutes=15)  # a report still queued then has lost its worker


@dataclass(frozen=True)
class ReportRow:
    """One line of the report list: the report, its title and whether it has stalled."""

    report: Report
    title: str
    stalled: bool  # still pending long after it was ordered: its worker is gone


def list_context(t: Tournament) -> dict[str, Any]:
    """The latest reports; the list polls only while one is pending and not given up on."""
    give_up = timezone.now() - STALLED_AFTER
    rows = [ReportRow(r, report_service.title(r), r.status in PENDING and r.created < give_up)
            for r in t.reports.all()[:LIST_LENGTH]]
    pending = any(row.report.status in PENDING and not row.stalled for row in rows)
    return {"t": t, "reports": rows, "pending": pending}


@require_http_methods(["GET", "HEAD", "POST"])
@director_view
def report_list(request: HttpRequest, t: Tournament) -> HttpResponse:
    errors: dict[str, list[str]] = {}
    posted: dict[str, str] = {}
    if request.method == "POST":
        posted = {k: request.POST.get(k, "") for k in ("kind", "round_number", "layout")}
        try:
            request_report(t, Actor.of(request.user), posted["kind"],
                           posted["round_number"] or None,
                           base_url=public_base(request),
                           layout=posted["layout"] or None)
        except ServiceError as exc:
            errors = exc.errors
        else:
            messages.success(request, _("The report has been ordered; it will be ready in a "
                                        "moment."))
            return redirect("reports:list", slug=t.slug)
    rounds = list(t.rounds.order_by("number"))
    kinds = report_service.kinds_for(t)
    context = {**list_context(t), "rounds": rounds,
               "shown_rounds": [r for r in rounds if r.status != Round.Status.PREVIEW],
               "outputs": [o for o in OUTPUTS.values() if o.kind in kinds],
               "latest": rounds[-1].number if rounds else None,
               "errors": errors, "posted": posted,
               "general_errors": [*errors.get("__all__", []), *errors.get("kind", [])]}
    return render(request, "reports/list.html", context, status=400 if errors else 200)


@require_safe
@director_view
def report_status(request: HttpRequest, t: Tournament) -> HttpResponse:
    """The report list alone, for polling while something renders."""
    return render(request, "reports/_list.html", list_context(t))


@require_safe
@director_view
def report_download(request: HttpRequest, t: Tournament, pk: int) -> FileResponse:
    report = get_object_or_404(Report, pk=pk, tournament=t)
    if report.status != Report.Status.DONE or not report.file:
        raise Http404("this report is not ready")
    try:
        handle = report.file.open("rb")
    except FileNotFoundError:
        raise Http404("the file of this report is gone; order it again") from None
    return FileResponse(handle, as_attachment=True, filename=download_name(report),
                        content_type="application/pdf")


# -- the chess outputs and category standings as pages ------------------------------------------

def _after_round(t: Tournament, params: QueryDict) -> int | None:
    """``?round=N`` if round N is shown (not a preview), else None (the current state)."""
    try:
        n = int(params.get("round") or 0)
    except ValueError:
        return None
    shown = t.rounds.exclude(status=Round.Status.PREVIEW).filter(number=n).exists()
    return n if n > 0 and shown else None


def _cross(t: Tournament, after: int | None, params: QueryDict) -> dict[str, Any]:
    order = "rank" if params.get("order") == "rank" else "number"
    return {"cross": chess_outputs.cross_table(t, after, order)}


def _progress(t: Tournament, after: int | None, params: QueryDict) -> dict[str, Any]:
    by = "number" if params.get("by") == "number" else "rank"
    return {"progress": chess_outputs.progress_table(t, after, by)}


def _cards(t: Tournament, after: int | None, params: QueryDict) -> dict[str, Any]:
    return {"cards": chess_outputs.player_cards(t)}


def _categories(t: Tournament, after: int | None, params: QueryDict) -> dict[str, Any]:
    return {"tables": category_tables(t, after)}


def _dwz(t: Tournament, after: int | None, params: QueryDict) -> dict[str, Any]:
    return {"dwz": chess_outputs.dwz_report(t)}


def _players(t: Tournament, after: int | None, params: QueryDict) -> dict[str, Any]:
    return {"players": chess_player_list.player_list(
        t, chess_player_list.form_of(params.get("form")))}


ORDER = gettext_lazy("Order")


@dataclass(frozen=True)
class Output:
    """A report kind that is also a page: how to build it and what it may be asked."""

    kind: str
    url_name: str
    heading: Any
    partial: str
    build: Callable[[Tournament, int | None, QueryDict], dict[str, Any]]
    after_round: bool = True  # may show an earlier state ("after round N")
    choices: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] = ()  # GET options
    choice_label: Any = ORDER  # the label of the GET options
    layout_option: str = ""  # the GET option the PDF is ordered with as its ``layout``


OUTPUTS: dict[str, Output] = {o.url_name: o for o in (
    Output(report_service.CROSS_TABLE, "cross_table", gettext_lazy("Cross table"),
           "reports/_cross_table.html", _cross,
           choices=(("order", (("number", gettext_lazy("by number")),
                               ("rank", gettext_lazy("by rank")))),)),
    Output(report_service.PROGRESS_TABLE, "progress_table", gettext_lazy("Progress table"),
           "reports/_progress_table.html", _progress,
           choices=(("by", (("rank", gettext_lazy("opponents by rank")),
                            ("number", gettext_lazy("opponents by number")))),)),
    Output(report_service.PLAYER_CARDS, "player_cards", gettext_lazy("Player cards"),
           "reports/_player_cards.html", _cards, after_round=False),
    Output(report_service.CATEGORY_STANDINGS, "category_standings",
           gettext_lazy("Standings by category"), "reports/_category_tables.html", _categories),
    Output(report_service.DWZ, "dwz", gettext_lazy("DWZ evaluation"), "reports/_dwz.html", _dwz,
           after_round=False),
    Output(report_service.PLAYER_LIST, "player_list", gettext_lazy("Player list"),
           "reports/_player_list.html", _players, after_round=False,
           choices=(("form", chess_player_list.FORMS),), choice_label=gettext_lazy("Form"),
           layout_option="form"),
)}


@require_safe
@director_view
def output_page(request: HttpRequest, t: Tournament, output: str) -> HttpResponse:
    """One chess output (or the category standings) as a page, with a button to print it."""
    spec = OUTPUTS[output]
    if spec.kind not in report_service.kinds_for(t):
        raise Http404("this output does not fit this tournament")
    after = _after_round(t, request.GET) if spec.after_round else None
    options = [(name, [(value, label, request.GET.get(name, values[0][0]) == value)
                       for value, label in values]) for name, values in spec.choices]
    layout = next((value for name, values in options if name == spec.layout_option
                   for value, _label, selected in values if selected), "")
    context = {"t": t, "spec": spec, "after_round": after, "options": options,
               "layout": layout,
               "shown_rounds": list(t.rounds.exclude(status=Round.Status.PREVIEW)
                                    .order_by("number")),
               **spec.build(t, after, request.GET)}
    return render(request, "reports/output.html", context)
