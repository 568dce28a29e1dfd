"""The organiser's registrations page at the desk: totals per fee state, the list with its
fees, the bank statement's import and the lines it could not place, check-in by the mail's
QR code, closing the check-in, reminders, the outbox, the payments list as CSV and PDF,
and a person's data exported or deleted (docs/registration.md).

Every change goes through :mod:`tournaments.services.online` or
:mod:`~tournaments.services.payment_import`; a refusal is shown at its field with 400.
Desk and director may work here; a person's export and deletion are the director's.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST, require_safe

from ..bodylimit import MULTIPART_OVERHEAD, allow_body
from ..common.numbers import money
from ..links import public_base
from ..models import MailRecord, Registration, Tournament, UnmatchedPayment
from ..permissions import is_director
from ..services import (
    Actor,
    ServiceError,
    event_registration,
    housekeeping,
    online,
    payment_import,
    registration_mail,
)
from ..services import announcement as announcements
from ..services.reports import write_pdf
from .access import desk_view

MAX_UPLOAD = 20 * 1024 * 1024


class StatementForm(forms.Form):
    statement = forms.FileField(label=_("Bank statement (camt.053, XML)"))


def _actor(request: HttpRequest) -> Actor:
    return Actor(request.user, f"desk {request.user.get_username()}")


def _reg(t: Tournament, number: int) -> Registration:
    return get_object_or_404(Registration, tournament=t, number=number)


def _context(request: HttpRequest, t: Tournament, **extra: Any) -> dict[str, Any]:
    regs = list(Registration.objects.filter(tournament=t).select_related("entrant")
                .order_by("number")[:online.MAX_REGISTRATIONS])
    return {
        "t": t, "a": announcements.of(t), "regs": regs, "totals": online.totals(t),
        "states": Registration.Fee.choices, "vias": Registration.Via.choices[1:],
        "unmatched": UnmatchedPayment.objects.filter(tournament=t, settled=False)[:500],
        "paid_absent": online.paid_absent(t),
        "mails": MailRecord.objects.filter(registration__tournament=t).select_related(
            "registration").order_by("-created")[:200],
        "form": extra.pop("form", None) or StatementForm(),
        "director": is_director(request.user, t),
        "move_to": move_targets_of(t), **extra}


@require_safe
@desk_view
def page(request: HttpRequest, t: Tournament) -> HttpResponse:
    response = render(request, "desk/registrations.html", _context(request, t))
    housekeeping.kick()  # embedded mode: deletions and mail retries that are due
    return response


def _back(t: Tournament, anchor: str = "") -> HttpResponse:
    response = redirect("desk:registrations", t.slug)
    response["Location"] += anchor
    return response


def _refused(request: HttpRequest, t: Tournament, error: ServiceError,
             **extra: Any) -> HttpResponse:
    return render(request, "desk/registrations.html",
                  _context(request, t, error=" ".join(error.messages), **extra), status=400)


@require_POST
@desk_view
def fee(request: HttpRequest, t: Tournament, number: int) -> HttpResponse:
    reg = _reg(t, number)
    try:
        online.set_fee(reg, _actor(request), request.POST.get("fee_state", ""),
                       request.POST.get("paid_via", ""))
    except ServiceError as e:
        return _refused(request, t, e)
    return _back(t, f"#r{number}")


@require_POST
@desk_view
def withdraw(request: HttpRequest, t: Tournament, number: int) -> HttpResponse:
    """Withdraw after asking (as the desk's list asks before withdrawing an entrant): the
    first POST shows the question in the registration's row, "Yes" sends ``confirmed``;
    then the message names who was withdrawn and who moved up."""
    reg = _reg(t, number)
    if request.POST.get("confirmed") != "1":
        if reg.place == Registration.Place.WITHDRAWN:
            return _back(t, f"#r{number}")
        return render(request, "desk/registrations.html", _context(request, t, asking=number))
    moved: list[str] = []
    try:
        online.withdraw(reg, _actor(request), base=public_base(request), moved_up=moved)
    except ServiceError as e:
        return _refused(request, t, e)
    text = gettext("Withdrawn: %(number)s. %(name)s") % {"number": number, "name": reg.name}
    if moved:
        text += " · " + gettext("moved up from the waiting list: %(names)s") % {
            "names": ", ".join(moved)}
    messages.success(request, text)
    return _back(t, f"#r{number}")


@require_POST
@desk_view
def move(request: HttpRequest, t: Tournament, number: int) -> HttpResponse:
    """Move a registration to another section of the event (before round 1)."""
    raw = request.POST.get("section", "").strip()
    target = Tournament.objects.filter(pk=int(raw), event_id=t.event_id).first() \
        if raw.isdigit() and len(raw) <= 12 and t.event_id else None
    if target is None:
        return _refused(request, t, ServiceError(gettext("no such section in this event"),
                                                 "section"))
    try:
        moved = event_registration.move_registration(_reg(t, number), target,
                                                     _actor(request), base=public_base(request))
    except ServiceError as e:
        return _refused(request, t, e)
    messages.success(request, gettext("%(name)s moved to section %(section)s.")
                     % {"name": moved.name, "section": target.section_label or target.name})
    return _back(t, "#list-h")


def move_targets_of(t: Tournament) -> list[Tournament]:
    """The sections a registration of ``t`` may move to (none after round 1)."""
    if t.event_id is None or t.status != Tournament.Status.SETUP or t.rounds.exists():
        return []
    probe = Registration(tournament=t, place=Registration.Place.PLACED)
    return event_registration.move_targets(probe)


@allow_body(MAX_UPLOAD + MULTIPART_OVERHEAD)  # the form says 20 MB: the body may be that large
@require_POST
@desk_view
def statement(request: HttpRequest, t: Tournament) -> HttpResponse:
    form = StatementForm(request.POST, request.FILES)
    if form.is_valid():
        upload = form.cleaned_data["statement"]
        if upload.size > MAX_UPLOAD:
            form.add_error("statement", gettext("the file is larger than 20 MB"))
        else:
            try:
                paid, listed = payment_import.import_statement(
                    t, _actor(request), upload.file, upload.name or "")
            except ServiceError as e:
                for msg in e.messages:
                    form.add_error("statement", msg)
            else:
                messages.success(request, gettext(
                    "Statement imported: %(paid)s paid, %(listed)s lines for the desk.")
                    % {"paid": paid, "listed": listed})
                return _back(t, "#payments")
    return render(request, "desk/registrations.html", _context(request, t, form=form),
                  status=400)


@require_POST
@desk_view
def settle(request: HttpRequest, t: Tournament, line: int) -> HttpResponse:
    raw = request.POST.get("registration", "").strip()
    if raw and not (raw.isdecimal() and len(raw) <= 6):
        return _refused(request, t, ServiceError(gettext("a registration number"),
                                                 "registration"))
    try:
        payment_import.settle_line(t, _actor(request), line, int(raw) if raw else None)
    except ServiceError as e:
        return _refused(request, t, e)
    return _back(t, "#payments")


@require_POST
@desk_view
def check_in(request: HttpRequest, t: Tournament) -> HttpResponse:
    code = request.POST.get("code", "")[:300]
    try:
        entrant, _seat = online.check_in(t, _actor(request), code)
    except ServiceError as e:
        return _refused(request, t, e, code=code, code_error=True)
    messages.success(request, gettext("Checked in: %(number)s. %(name)s")
                     % {"number": entrant.start_number, "name": entrant.name})
    return _back(t, "#checkin")


@require_POST
@desk_view
def close_check_in(request: HttpRequest, t: Tournament) -> HttpResponse:
    try:
        n = online.close_check_in(t, _actor(request))
    except ServiceError as e:
        return _refused(request, t, e)
    messages.success(request, gettext("Check-in closed: %(n)s not here, marked absent.")
                     % {"n": n})
    return _back(t, "#checkin")


@require_POST
@desk_view
def remind(request: HttpRequest, t: Tournament) -> HttpResponse:
    n = online.remind(t, _actor(request), base=public_base(request))
    messages.success(request, gettext("Payment reminders queued: %(n)s.") % {"n": n})
    return _back(t, "#mails")


@require_POST
@desk_view
def send_unsent(request: HttpRequest, t: Tournament) -> HttpResponse:
    n = registration_mail.send_unsent(t.pk)
    messages.success(request, gettext("Unsent mails queued again: %(n)s.") % {"n": n})
    return _back(t, "#mails")


def _rows(t: Tournament) -> list[Registration]:
    return list(Registration.objects.filter(tournament=t).order_by("number")
                [:online.MAX_REGISTRATIONS])


@require_safe
@desk_view
def payments_csv(request: HttpRequest, t: Tournament) -> HttpResponse:
    out = io.StringIO()
    w = csv.writer(out, delimiter=";")
    w.writerow([gettext("No."), gettext("Name"), gettext("Club"), gettext("Place"),
                gettext("Reference"), gettext("Fee owed"), gettext("Fee"),
                gettext("Amount paid"), gettext("Paid by"), gettext("Paid at")])
    for r in _rows(t):
        w.writerow([r.number, _cell(r.name), _cell(r.club), r.get_place_display(),
                    r.reference, money(r.fee_cents / 100), r.fee_label(),
                    money(r.paid_cents / 100), r.get_paid_via_display() if r.paid_via else "",
                    r.paid_at.date().isoformat() if r.paid_at else ""])
    response = HttpResponse("\ufeff" + out.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{t.slug}-payments.csv"'
    return response


def _cell(text: str) -> str:
    """A cell a spreadsheet never runs as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


@require_safe
@desk_view
def payments_pdf(request: HttpRequest, t: Tournament) -> HttpResponse:
    html = render_to_string("desk/payments_pdf.html", {
        "t": t, "regs": _rows(t), "totals": online.totals(t)}, request=request)
    response = HttpResponse(write_pdf(html), content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{t.slug}-payments.pdf"'
    return response


def _director(request: HttpRequest, t: Tournament) -> None:
    if not is_director(request.user, t):
        raise PermissionDenied("the director's")


@require_safe
@desk_view
def person_export(request: HttpRequest, t: Tournament, number: int) -> HttpResponse:
    _director(request, t)
    data = online.person_data(_reg(t, number))
    response = HttpResponse(json.dumps(data, ensure_ascii=False, indent=1),
                            content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="registration-{number}.json"'
    return response


@require_POST
@desk_view
def person_delete(request: HttpRequest, t: Tournament, number: int) -> HttpResponse:
    _director(request, t)
    reg = _reg(t, number)
    if request.POST.get("confirm") != "yes":
        return _refused(request, t, ServiceError(gettext("Tick the box to delete.")))
    online.delete_person(reg, Actor(request.user, request.user.get_username()))
    messages.success(request, gettext("The data of registration %(n)s are deleted.")
                     % {"n": number})
    return _back(t)


@require_POST
@desk_view
def delete_all(request: HttpRequest, t: Tournament) -> HttpResponse:
    _director(request, t)
    if request.POST.get("confirm") != "yes":
        return _refused(request, t, ServiceError(gettext("Tick the box to delete.")))
    try:
        n = online.delete_all(t, Actor(request.user, request.user.get_username()))
    except ServiceError as e:
        return _refused(request, t, e)
    messages.success(request, gettext("The data of %(n)s registrations are deleted.")
                     % {"n": n})
    return _back(t)
