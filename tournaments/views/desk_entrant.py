"""One row of the desk's list: status, markers, deleting an entry typed wrong, and its Undo.

Withdrawing and deleting ask first: the row turns into the question with "Yes" and
"Cancel" (``asking``), the same with and without JavaScript (the page then shows that
row asking). Only an entrant who never played offers "Delete"
(:func:`services.registration.never_played`); the deletion is logged, and the desk's
message carries an Undo button (:func:`services.undo.undo_deletion`), as the director's
action log does.
"""

from __future__ import annotations

import logging
from typing import Any

from django.contrib import messages
from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.utils.translation import gettext
from django.views.decorators.http import require_POST, require_safe

from .. import services
from ..models import ActionLog, Entrant, Tournament
from ..services import ServiceError, registration, seating
from ..services import markers as marking
from ..services import undo as undoing
from .access import desk_view
from .desk_form import SignUpForm
from .desk_list import (
    _back,
    _flash,
    _list_context,
    _page_context,
    _pager_now,
    _row_context,
    _side_context,
    _slip_link,
    _tally,
)
from .desk_rows import MARKS, _actor, _filters, _page_number, _seat

log = logging.getLogger(__name__)


def _where(request: HttpRequest) -> tuple[str, str, str, int]:
    """The filter and page the list is shown with (the row's hidden fields, or the query)."""
    data = request.POST if request.method == "POST" else request.GET
    return (*_filters(data), _page_number(data))


def _row_change(request: HttpRequest, t: Tournament, start_number: int, action: Any,
                done: Any) -> HttpResponse:
    """Run one change of a row; htmx gets the new row, else a redirect with a message."""
    entrant = get_object_or_404(Entrant, tournament=t, start_number=start_number)
    error = ""
    try:
        entrant = action(entrant)
    except ServiceError as e:
        error = " ".join(e.messages)
    except DatabaseError:
        log.warning("desk change of a row failed in the database", exc_info=True)
        error = gettext("The database was busy. Please try again.")
    show, mark, q, page = _where(request)
    if request.htmx:
        ctx = _row_context(request, t, entrant, show, mark, q, page, error=error)
        return render(request, "desk/_status.html", ctx)
    if error:
        messages.error(request, f"{entrant}: {error}")
    else:
        messages.success(request, done(entrant))
    return _back(t, show, mark, q, f"#e{entrant.start_number}", page)


def _ask(request: HttpRequest, t: Tournament, start_number: int, what: str) -> HttpResponse:
    """The row asks first ("withdraw" or "delete"): htmx gets the row with the question,
    the page without JavaScript the desk page with that row asking."""
    entrant = get_object_or_404(Entrant, tournament=t, start_number=start_number)
    show, mark, q, page = _where(request)
    if request.htmx:
        return HttpResponse(_row_context(request, t, entrant, show, mark, q, page,
                                         asking=what)["row_html"])
    form = SignUpForm(pair=t.entrant_kind == Tournament.EntrantKind.PAIR,
                      rating=t.disc.desk_rating(t))
    return render(request, "desk/tournament.html", _page_context(
        request, t, form, show, q, mark, page, asking=(start_number, what)))


@require_POST
@desk_view
def status(request: HttpRequest, t: Tournament, start_number: int) -> HttpResponse:
    """Check in, mark absent, withdraw (after asking) or set back to registered; htmx gets
    the new row."""
    new = request.POST.get("status", "")
    if new == Entrant.Status.WITHDRAWN and request.POST.get("confirmed") != "1":
        current = get_object_or_404(Entrant, tournament=t, start_number=start_number)
        if current.status != Entrant.Status.WITHDRAWN:
            return _ask(request, t, start_number, "withdraw")

    def done(e: Entrant) -> str:
        text = gettext("%(entrant)s: %(status)s") % {"entrant": e, "status": e.get_status_display()}
        seat = _seat(e, seating.per_side(t)) if e.status == Entrant.Status.PRESENT else ""
        return _flash(text + (" · " + gettext("Seat: %(seat)s") % {"seat": seat} if seat else ""),
                      _slip_link(t, e) if seat else "")

    return _row_change(request, t, start_number, lambda e: services.set_status(
        e, _actor(request), new), done)


@require_POST
@desk_view
def marker(request: HttpRequest, t: Tournament, start_number: int) -> HttpResponse:
    """Set or clear a marker of one entrant (``marker``, ``on`` = 1 or 0)."""
    name, on = request.POST.get("marker", ""), request.POST.get("on") == "1"
    labels = {m: label for m, label, _title in MARKS}

    def done(e: Entrant) -> str:
        text = gettext("%(entrant)s: marked %(marker)s") if on else gettext(
            "%(entrant)s: no longer %(marker)s")
        return text % {"entrant": e, "marker": labels.get(name, name)}

    return _row_change(request, t, start_number, lambda e: marking.set_marker(
        e, _actor(request), name, on), done)


@require_safe
@desk_view
def row(request: HttpRequest, t: Tournament, start_number: int) -> HttpResponse:
    """One row as it is ("Cancel" of a question)."""
    entrant = get_object_or_404(Entrant, tournament=t, start_number=start_number)
    show, mark, q, page = _where(request)
    return HttpResponse(_row_context(request, t, entrant, show, mark, q, page)["row_html"])


def _undo_button(request: HttpRequest, t: Tournament, entry: ActionLog) -> str:
    return render_to_string("desk/_undo.html", {"t": t, "entry": entry}, request=request)


@require_POST
@desk_view
def delete(request: HttpRequest, t: Tournament, start_number: int) -> HttpResponse:
    """Delete an entry typed wrong (after asking): only one who never played; logged, and
    undone by the Undo of the message (or the action log)."""
    if request.POST.get("confirmed") != "1":
        return _ask(request, t, start_number, "delete")
    entrant = get_object_or_404(Entrant, tournament=t, start_number=start_number)
    show, mark, q, page = _where(request)
    error = ""
    try:
        entry = registration.delete_unplayed(entrant, _actor(request))
    except ServiceError as e:
        error = " ".join(e.messages)
    except DatabaseError:
        log.warning("desk deletion failed in the database", exc_info=True)
        error = gettext("The database was busy. Please try again.")
    if error:
        if request.htmx:
            ctx = _row_context(request, t, entrant, show, mark, q, page, error=error)
            return render(request, "desk/_status.html", ctx)
        messages.error(request, f"{entrant}: {error}")
        return _back(t, show, mark, q, f"#e{start_number}", page)
    done = _flash(gettext("Deleted: %(entrant)s") % {"entrant": entrant},
                  _undo_button(request, t, entry))
    if request.htmx:  # the row goes (an empty answer for it), the rest out of band
        tally = _tally(t)
        return render(request, "desk/_deleted.html", {
            "t": t, "done": done, "oob": True, **_side_context(t, mark, tally),
            "pager": _pager_now(t, show, mark, q, page, tally)})
    messages.success(request, done)
    return _back(t, show, mark, q, "", page)


@require_POST
@desk_view
def undo_delete(request: HttpRequest, t: Tournament, entry: int) -> HttpResponse:
    """The Undo of a deletion's message: the entrant comes back as it was."""
    show, mark, q, page = _where(request)
    error, done, back = "", "", None
    try:
        undone = undoing.undo_deletion(t, _actor(request), entry)
    except ServiceError as e:
        error = " ".join(e.messages)
    except DatabaseError:
        log.warning("desk undo failed in the database", exc_info=True)
        error = gettext("The database was busy. Please try again.")
    else:
        restored = (undone.after or {}).get("entrant")
        back = Entrant.objects.filter(tournament=t, pk=restored).first() if isinstance(
            restored, int) else None
        done = gettext("Back again: %(entrant)s") % {"entrant": back or undone.target}
    if request.htmx:
        ctx = {"t": t, "done": done, "error": error, "oob": True,
               **_list_context(request, t, show, q, mark, page,
                               back.start_number if back else None)}
        return render(request, "desk/_undone.html", ctx)
    if error:
        messages.error(request, error)
    else:
        messages.success(request, done)
    return _back(t, show, mark, q, f"#e{back.start_number}" if back else "", page)
