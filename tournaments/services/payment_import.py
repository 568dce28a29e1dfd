"""A bank statement (camt.053) imported for a tournament's fees (docs/registration.md).

The file is read whole by the pure reader (:mod:`scoring.camt`, bounded, refusing with the
line) and matched by :func:`scoring.payments.match` before anything is written; then one
:func:`~.base.change` marks the matched registrations paid and lists the lines nobody's fee
was found for, for the desk. A refused file writes nothing; so does an error half-way
(the transaction). A line imported twice (the same statement again) is recognised by its
reference being paid already and listed as a duplicate, never paid twice.
"""

from __future__ import annotations

from datetime import datetime, time
from typing import IO

from django.utils import timezone
from django.utils.translation import gettext as _

from scoring import camt, payments

from ..core_messages import say
from ..models import Registration, Tournament, UnmatchedPayment
from .base import Actor, ServiceError, change

MAX_UNMATCHED = 5_000  # lines kept for the desk per tournament


def _when(line: camt.StatementLine) -> datetime:
    if line.date is None:
        return timezone.now()
    return timezone.make_aware(datetime.combine(line.date, time(12)))


def import_statement(t: Tournament, actor: Actor, stream: IO[bytes],
                     file_name: str = "") -> tuple[int, int]:
    """Mark paid what the statement pays; returns (paid, listed for the desk)."""
    try:
        statement = camt.read(stream)
    except camt.CamtError as exc:
        raise ServiceError(_("line %(line)s: %(why)s") % {"line": exc.line,
                                                           "why": say(exc.message)},
                           "statement", code="camt") from None
    with change(t.pk, actor, "import_statement") as c:
        regs = {r.pk: r for r in Registration.objects.select_for_update().filter(
            tournament=c.tournament).exclude(place=Registration.Place.WITHDRAWN)}
        dues = [payments.Due(r.pk, r.reference, r.name, r.fee_cents) for r in regs.values()
                if r.fee_state == Registration.Fee.DUE]
        paid = [r.reference for r in regs.values() if r.fee_state != Registration.Fee.DUE]
        found = payments.match(statement.lines, dues, paid=paid)
        for m in found.matches:
            r = regs[m.key]
            r.fee_state, r.paid_via = Registration.Fee.PAID, Registration.Via.BANK
            r.paid_cents, r.paid_at = m.line.amount_cents, _when(m.line)
            r.save(update_fields=["fee_state", "paid_via", "paid_cents", "paid_at"])
            c.wrote(f"registration:{r.pk}")
        listed = [u for u in found.unmatched if u.reason != "debit"]
        if UnmatchedPayment.objects.filter(tournament=c.tournament).count() + len(listed) \
                > MAX_UNMATCHED:
            raise ServiceError(_("too many unmatched lines are listed already; settle "
                                 "them first"), "statement")
        UnmatchedPayment.objects.bulk_create(UnmatchedPayment(
            tournament=c.tournament, reason=u.reason, booked_on=u.line.date,
            amount_cents=u.line.amount_cents, name=u.line.name[:140],
            remittance=u.line.remittance[:500], line=u.line.line,
            file_name=file_name[:200]) for u in listed)
        c.target = file_name[:200] or c.tournament.slug
        c.after = {"paid": [str(regs[m.key]) for m in found.matches],
                   "unmatched": len(listed), "lines": len(statement.lines)}
    return len(found.matches), len(listed)


def settle_line(t: Tournament, actor: Actor, line_id: int,
                registration: int | None = None) -> UnmatchedPayment:
    """The desk settles a listed line: pays the registration it names with it, or just
    marks the line seen (not a fee)."""
    with change(t.pk, actor, "settle_payment") as c:
        line = UnmatchedPayment.objects.filter(tournament=c.tournament, pk=line_id,
                                               settled=False).first()
        if line is None:
            raise ServiceError(_("no such open line"), "line")
        c.target = f"{line.name} {line.amount_cents / 100:.2f}"
        c.after = {"line": line.line}
        if registration is not None:
            r = Registration.objects.filter(tournament=c.tournament, number=registration
                                            ).first()
            if r is None:
                raise ServiceError(_("no registration with this number"), "registration")
            if r.fee_state == Registration.Fee.PAID:
                raise ServiceError(_("%(name)s has paid already") % {"name": r.name},
                                   "registration")
            r.fee_state, r.paid_via = Registration.Fee.PAID, Registration.Via.BANK
            r.paid_cents = max(0, line.amount_cents)
            r.paid_at = timezone.make_aware(datetime.combine(line.booked_on, time(12))) \
                if line.booked_on else timezone.now()
            r.save(update_fields=["fee_state", "paid_via", "paid_cents", "paid_at"])
            c.wrote(f"registration:{r.pk}")
            c.after["paid"] = str(r)
        line.settled = True
        line.save(update_fields=["settled"])
    return line
