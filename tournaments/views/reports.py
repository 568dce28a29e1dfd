"""The director's PDF reports: order one, watch its progress, download it.

Ordering returns at once (the PDF renders in Celery); the list polls a small
htmx fragment while a report is queued or running and stops polling when
none is. The chess outputs (cross table, progress table, player cards, DWZ
evaluation) and the standings by category can also be looked at as pages
before they are printed.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.contrib import messages
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, QueryDict
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe
from django_htmx.http import HttpResponseClientRedirect

from ..links import public_base
from ..models import Report, Round, Tournament
from ..services import Actor, ServiceError, report_kinds
from ..services import reports as report_service
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
            report = request_report(t, Actor.of(request.user), posted["kind"],
                           posted["round_number"] or None,
                           base_url=public_base(request),
                           layout=posted["layout"] or None)
        except ServiceError as exc:
            errors = exc.errors
        else:
            if request.POST.get("open"):  # "Print final standings": straight to the PDF
                return redirect("reports:open", slug=t.slug, pk=report.pk)
            messages.success(request, _("The report has been ordered; it will be ready in a "
                                        "moment."))
            return redirect("reports:list", slug=t.slug)
    rounds = list(t.rounds.order_by("number"))
    kinds = report_kinds.kinds_for(t)
    context = {**list_context(t), "rounds": rounds,
               "shown_rounds": [r for r in rounds if r.status != Round.Status.PREVIEW],
               "outputs": [PageSpec.of(k) for k in kinds if k.page is not None],
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
def report_open(request: HttpRequest, t: Tournament, pk: int) -> HttpResponseBase:
    """One ordered report: the PDF itself once it is done (shown in the browser, to print it),
    until then a page that waits for it and opens it (issue 31: the final page's "Print" buttons
    no longer leave the director on the report list for a second click).

    htmx polls this URL; while the report renders it answers the waiting card, when it is done
    it answers ``HX-Redirect`` to itself, so the browser loads the PDF. Without JavaScript the
    page offers a link to try again.
    """
    report = get_object_or_404(Report, pk=pk, tournament=t)
    done = report.status == Report.Status.DONE and bool(report.file)
    if done and not getattr(request, "htmx", None):
        return _pdf(report, attachment=False)
    if done:
        return HttpResponseClientRedirect(request.path)
    row = ReportRow(report, report_service.title(report),
                    report.status in PENDING and report.created < timezone.now() - STALLED_AFTER)
    context = {"t": t, "row": row,
               "waiting": report.status in PENDING and not row.stalled}
    template = "reports/_wait.html" if getattr(request, "htmx", None) else "reports/wait.html"
    return render(request, template, context)


def _pdf(report: Report, attachment: bool) -> FileResponse:
    """The report's file, to save (``attachment``) or to show in the browser's PDF viewer."""
    try:
        handle = report.file.open("rb")
    except FileNotFoundError:
        raise Http404("the file of this report is gone; order it again") from None
    return FileResponse(handle, as_attachment=attachment, filename=download_name(report),
                        content_type="application/pdf")


@require_safe
@director_view
def report_download(request: HttpRequest, t: Tournament, pk: int) -> FileResponse:
    report = get_object_or_404(Report, pk=pk, tournament=t)
    if report.status != Report.Status.DONE or not report.file:
        raise Http404("this report is not ready")
    return _pdf(report, attachment=True)


# -- the kinds that are pages too (a discipline's outputs, the standings by category) ----------

def _after_round(t: Tournament, params: QueryDict) -> int | None:
    """``?round=N`` if round N is shown (not a preview), else None (the current state)."""
    try:
        n = int(params.get("round") or 0)
    except ValueError:
        return None
    shown = t.rounds.exclude(status=Round.Status.PREVIEW).filter(number=n).exists()
    return n if n > 0 and shown else None


@dataclass(frozen=True)
class PageSpec:
    """What the output page's template reads of a kind and its page."""

    kind: str
    url_name: str
    heading: Any
    partial: str
    after_round: bool
    choice_label: Any
    css: tuple[str, ...]
    choices: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...]
    layout_option: str

    @classmethod
    def of(cls, kind: report_kinds.ReportKind) -> PageSpec:
        page = kind.page
        assert page is not None
        return cls(kind.name, kind.name, page.heading, page.partial, kind.after_round,
                   page.choice_label, kind.css, page.choices, page.layout_option)


@require_safe
@director_view
def output_page(request: HttpRequest, t: Tournament, output: str) -> HttpResponse:
    """A report kind as a page (a chess cross table, the standings by category …), with a
    button to print it."""
    kind = report_kinds.kind_of(output)
    if kind is None or kind.page is None or kind not in report_kinds.kinds_for(t):
        raise Http404("this output does not fit this tournament")
    page = kind.page
    after = _after_round(t, request.GET) if kind.after_round else None
    options = [(name, [(value, label, request.GET.get(name, values[0][0]) == value)
                       for value, label in values]) for name, values in page.choices]
    layout = next((value for name, values in options if name == page.layout_option
                   for value, _label, selected in values if selected), "")
    spec = PageSpec.of(kind)
    context = {"t": t, "spec": spec, "after_round": after, "options": options,
               "layout": layout,
               "shown_rounds": list(t.rounds.exclude(status=Round.Status.PREVIEW)
                                    .order_by("number")),
               **page.build(t, after, request.GET)}
    return render(request, "reports/output.html", context)
