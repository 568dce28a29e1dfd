"""Registrants' personal data deleted automatically some days after the tournament ended
(docs/registration.md, "Privacy": the GDPR's storage limitation, Art. 5(1)(e)).

What goes: every registration (name, club, e-mail address, language, rating and birth
year given for the limits, fee and payment reference, the personal link), its mails (to,
subject, body) and the bank lines nobody matched (payer and remittance). What stays: the
entrants, their games and standings, under the names the results are published with, and
the log (which never holds an e-mail address). The days are the setting
``REGISTRATION_RETENTION_DAYS`` (default 30).

The tournament "ended" on the day it was finished (the last ``finish_tournament`` entry of
its log), or, finished without one (an imported tournament), on the announcement's last
day. Each deletion is one logged change of its tournament (``purge_registrations``).
"""

from __future__ import annotations

from datetime import date, timedelta

from django.conf import settings
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from ..models import ActionLog, Announcement, MailRecord, Registration, Tournament, UnmatchedPayment
from .base import Actor, change

AUTOMATIC = Actor(None, "automatic deletion")


def retention_days() -> int:
    return int(getattr(settings, "REGISTRATION_RETENTION_DAYS", 30))


def ended_on(t: Tournament) -> date | None:
    """The day ``t`` ended (None while it is not finished)."""
    if t.status != Tournament.Status.FINISHED:
        return None
    last = ActionLog.objects.filter(tournament=t, action="finish_tournament",
                                    undone_by__isnull=True).order_by("-id").first()
    if last is not None:
        return timezone.localdate(last.created)
    a = Announcement.objects.filter(tournament=t).first()
    return a.ends_on if a is not None else None


def holding_data() -> list[Tournament]:
    """Finished tournaments that still hold registrations or bank lines."""
    regs = Registration.objects.filter(tournament=OuterRef("pk"))
    lines = UnmatchedPayment.objects.filter(tournament=OuterRef("pk"))
    return list(Tournament.objects.filter(status=Tournament.Status.FINISHED).filter(
        Q(Exists(regs)) | Q(Exists(lines))).order_by("pk"))


def due(today: date | None = None) -> list[Tournament]:
    """The tournaments whose registrations' data are due for deletion on ``today``."""
    today = today or timezone.localdate()
    days = retention_days()
    out = []
    for t in holding_data():
        end = ended_on(t)
        if end is not None and end + timedelta(days=days) <= today:
            out.append(t)
    return out


def purge(t: Tournament, today: date | None = None) -> int:
    """Delete the registrations' personal data of ``t`` if they are due (checked again
    under the tournament's lock); how many registrations went."""
    today = today or timezone.localdate()
    with change(t.pk, AUTOMATIC, "purge_registrations") as c:
        end = ended_on(c.tournament)
        regs = Registration.objects.filter(tournament=c.tournament)
        lines = UnmatchedPayment.objects.filter(tournament=c.tournament)
        if end is None or end + timedelta(days=retention_days()) > today or not (
                regs.exists() or lines.exists()):
            c.unchanged = True
            return 0
        n, n_lines = regs.count(), lines.count()
        n_mails = MailRecord.objects.filter(registration__tournament=c.tournament).count()
        MailRecord.objects.filter(registration__tournament=c.tournament).delete()
        regs.delete()
        lines.delete()
        c.target = c.tournament.slug
        c.wrote("registration:*")
        c.before = {"registrations": n, "mails": n_mails, "bank_lines": n_lines,
                    "ended": end.isoformat(), "days": retention_days()}
        c.after = {"registrations": 0}
    return n


def purge_due(today: date | None = None) -> dict[str, int]:
    """Every tournament that is due: its slug and how many registrations went."""
    return {t.slug: purge(t, today) for t in due(today)}
