"""The director's PDF reports: order one, watch its progress, download it.

Ordering returns at once (the PDF renders in Celery); the list polls a small
htmx fragment while a report is queued or running and stops polling when
none is.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib import messages
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from ..models import Report, Tournament
from ..services import Actor, ServiceError
from ..services.reports import download_name, request_report
from .access import director_view

PENDING = (Report.Status.QUEUED, Report.Status.RUNNING)
LIST_LENGTH = 30
STALLED_AFTER = timedelta(minutes=15)  # a report still queued then has lost its worker


def list_context(t: Tournament) -> dict[str, Any]:
    """The latest reports; the list polls only while one is pending and not given up on."""
    reports = list(t.reports.all()[:LIST_LENGTH])
    give_up = timezone.now() - STALLED_AFTER
    for r in reports:
        r.stalled = r.status in PENDING and r.created < give_up  # type: ignore[attr-defined]
    pending = any(r.status in PENDING and not r.stalled for r in reports)  # type: ignore
    return {"t": t, "reports": reports, "pending": pending}


@require_http_methods(["GET", "POST"])
@director_view
def report_list(request: HttpRequest, t: Tournament) -> HttpResponse:
    errors: dict[str, list[str]] = {}
    posted: dict[str, str] = {}
    if request.method == "POST":
        posted = {k: request.POST.get(k, "") for k in ("kind", "round_number")}
        try:
            request_report(t, Actor.of(request.user), posted["kind"],
                           posted["round_number"] or None,
                           base_url=request.build_absolute_uri("/"))
        except ServiceError as exc:
            errors = exc.errors
        else:
            messages.success(request, _("The report has been ordered; it will be ready in a "
                                        "moment."))
            return redirect("reports:list", slug=t.slug)
    rounds = list(t.rounds.order_by("number"))
    context = {**list_context(t), "rounds": rounds,
               "latest": rounds[-1].number if rounds else None,
               "errors": errors, "posted": posted,
               "general_errors": [*errors.get("__all__", []), *errors.get("kind", [])]}
    return render(request, "reports/list.html", context, status=400 if errors else 200)


@require_GET
@director_view
def report_status(request: HttpRequest, t: Tournament) -> HttpResponse:
    """The report list alone, for polling while something renders."""
    return render(request, "reports/_list.html", list_context(t))


@require_GET
@director_view
def report_download(request: HttpRequest, t: Tournament, pk: int) -> HttpResponse:
    report = get_object_or_404(Report, pk=pk, tournament=t)
    if report.status != Report.Status.DONE or not report.file:
        raise Http404("this report is not ready")
    try:
        handle = report.file.open("rb")
    except FileNotFoundError:
        raise Http404("the file of this report is gone; order it again") from None
    return FileResponse(handle, as_attachment=True, filename=download_name(report),
                        content_type="application/pdf")
