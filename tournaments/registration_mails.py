"""The registration's mails written and sent (docs/registration.md, "Mails").

Called by the task ``send_registration_mail`` with a :class:`~tournaments.models.MailRecord`
queued by :mod:`tournaments.services.registration_mail`. The text is written in the
player's language at the moment of sending (the state it tells is the state then), with the
personal link ``/r/<token>/`` whose QR code the desk scans at check-in. A record is claimed
before it is sent (:func:`deliver`), so it leaves at most once.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from .common.numbers import money
from .links import public_base
from .models import MailRecord, Registration
from .services.waiting import waiting_number


def personal_link(reg: Registration, base: str = "") -> str:
    return (base or public_base(None)) + reverse("online:mine", args=[reg.token])


def _fee_lines(reg: Registration) -> list[str]:
    a = getattr(reg.tournament, "announcement", None)
    if reg.place == Registration.Place.WAITING and reg.fee_state == Registration.Fee.DUE:
        # The house asks money only for a place (reminders go to those with one): a waiting
        # person who paid might never play, and the desk would have to refund.
        return [_("Entry fee: %(amount)s €, due only once you have a place; please do not "
                  "pay before. The mail that gives you a place tells you how.")
                % {"amount": money(reg.fee_cents / 100)}]
    if reg.fee_state != Registration.Fee.DUE:
        return [_("Entry fee: %(state)s.") % {"state": reg.get_fee_state_display()}]
    lines = [_("Entry fee: %(amount)s €, please transfer it with the reference %(ref)s.")
             % {"amount": money(reg.fee_cents / 100), "ref": reg.reference}]
    if a is not None and a.account:
        lines.append(_("Account: %(bank)s") % {"bank": a.account})
    return lines


def write(record: MailRecord) -> tuple[str, str]:
    """The subject and body of a mail, in its registration's language."""
    reg = record.registration
    assert reg is not None
    t = reg.tournament
    link = personal_link(reg, record.base)
    with translation.override(reg.language):
        hello = _("Hello %(name)s,") % {"name": reg.name}
        if record.kind == "confirmation":
            subject = _("Registration for %(t)s") % {"t": t.name}
            if reg.place == Registration.Place.WAITING:
                state = [_("the tournament is full: you are on the waiting list, number "
                           "%(n)s. You have no place yet; when one frees up you move up and "
                           "we tell you.") % {"n": waiting_number(reg) or "?"},
                         *_fee_lines(reg)]
            else:
                state = [_("you are registered; you have a place."), *_fee_lines(reg)]
        elif record.kind == "moved_up":
            subject = _("You have a place: %(t)s") % {"t": t.name}
            state = [_("a place has freed up: you have moved up from the waiting list and "
                       "are registered now."), *_fee_lines(reg)]
        elif record.kind == "section":
            subject = _("Moved to section %(t)s") % {"t": t.name}
            state = [_("your registration was moved to the section %(t)s.") % {"t": t.name},
                     _("you have a place.") if reg.place == Registration.Place.PLACED
                     else _("the section is full: you are on its waiting list, number "
                            "%(n)s.") % {"n": waiting_number(reg) or "?"},
                     *_fee_lines(reg)]
        else:
            subject = _("Entry fee reminder: %(t)s") % {"t": t.name}
            state = [_("we have not received your entry fee yet."), *_fee_lines(reg)]
        if reg.place == Registration.Place.WAITING:
            about = _("Your personal link (your number on the waiting list, or take your name "
                      "off it; the QR code for the check-in comes with a place):")
        else:
            about = _("Your personal link (see or withdraw your registration; at the hall, "
                      "show its QR code at the desk to check in):")
        body = "\n".join([
            hello, "", *state, "", about, link, "",
            _("This mail was sent by Turnierwart for the organisers of %(t)s.")
            % {"t": t.name}])
    return str(subject)[:200], body[:5000]


def deliver(record_id: int) -> bool:
    """Send the mail once; False when it was sent (or is being sent) before, or its
    registration is gone.

    The record is claimed in a short transaction (its ``sent_at`` set under the row lock),
    then the mail leaves outside any transaction, so a slow mail server never holds the
    database (SQLite's write lock above all). A failed send gives the claim back with the
    error, for the task's retry; a process that dies while sending leaves the mail counted
    as sent: at most once, never twice."""
    with transaction.atomic():
        record = MailRecord.objects.select_for_update(of=("self",)).select_related(
            "registration__tournament").filter(pk=record_id).first()
        if record is None or record.sent_at is not None or record.registration is None:
            return False
        subject, body = write(record)
        record.subject, record.body, record.sent_at, record.error = subject, body, \
            timezone.now(), ""
        record.save(update_fields=["subject", "body", "sent_at", "error"])
    try:
        send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [record.to])
    except Exception as exc:
        attempts = record.attempts + 1
        MailRecord.objects.filter(pk=record_id).update(
            sent_at=None, error=f"{type(exc).__name__}: {exc}"[:300], attempts=attempts,
            next_try=next_try(attempts))
        raise
    return True


def next_try(attempts: int) -> datetime | None:
    """When a mail that failed ``attempts`` times is tried again: ``MAIL_RETRY_SECONDS``
    doubled each time (1, 2, 4, 8 minutes by default); None after ``MAIL_RETRY_ATTEMPTS``
    (the outbox shows it failed, "send again" starts over)."""
    limit = int(getattr(settings, "MAIL_RETRY_ATTEMPTS", 5))
    if attempts >= limit:
        return None
    base = int(getattr(settings, "MAIL_RETRY_SECONDS", 60))
    return timezone.now() + timedelta(seconds=base * 2 ** (attempts - 1))
