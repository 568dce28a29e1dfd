"""The director's dashboard of a whole event (``/director/events/<event>/dashboard/``): every
section's round, results in, missing and disputed, and the button of its next step, so a
director runs a three-section open from one page (docs/sections.md).

The state is :mod:`tournaments.services.event_dashboard`; a button calls the section's own
service there (draw, publish, close, finish), which needs the director role of that section.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from ..models import Event
from ..permissions import directs_event, is_director
from ..services import Actor, ServiceError
from ..services import event_dashboard as dash
from ..services.event_documents import export_event
from .events import event_view


def _page(request: HttpRequest, event: Event, status: int = 200) -> HttpResponse:
    rows = dash.states(event)
    return render(request, "events/dashboard.html", {
        "event": event, "rows": rows, "totals": dash.totals(rows),
        "mine": {r.t.pk for r in rows if is_director(request.user, r.t)}}, status=status)


@event_view(directs_event)
@require_http_methods(["GET", "HEAD", "POST"])
def dashboard(request: HttpRequest, event: Event) -> HttpResponse:
    """GET: the state of every section. POST ``section``, ``action``, ``round``: the
    section's next step; back to this page with what was done, or with the refusal (400)."""
    if request.method != "POST":
        return _page(request, event)
    section = next((t for t in event.sections.all()
                    if str(t.pk) == request.POST.get("section", "")), None)
    if section is None:
        messages.error(request, _("No such section in this event."))
        return _page(request, event, 400)
    if not is_director(request.user, section):
        raise PermissionDenied
    try:
        expected = int(request.POST.get("round", ""))
    except ValueError:
        expected = -1
    try:
        done = dash.step(section, Actor.of(request.user), request.POST.get("action", ""),
                         expected)
    except ServiceError as exc:
        for message in exc.messages:
            messages.error(request, message)
        return _page(request, event, 400)
    messages.success(request, done)
    return redirect(f"{request.path}#section-{section.pk}")


@event_view(directs_event)
@require_safe
def export(request: HttpRequest, event: Event) -> HttpResponse:
    """The ``event/1`` document with the sections this director directs, as a download."""
    mine = [t for t in event.sections.order_by("section_label", "pk")
            if is_director(request.user, t)]
    response = JsonResponse(export_event(event, mine),
                            json_dumps_params={"ensure_ascii": False, "indent": 2})
    response["Content-Disposition"] = f'attachment; filename="{event.slug}.event.json"'
    return response
