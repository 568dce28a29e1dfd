"""The registration's mails, queued once each (docs/registration.md, "Mails").

A mail is a :class:`~tournaments.models.MailRecord` with a unique ``key`` (its kind, the
registration and, for a reminder, the day): queuing the same key again finds the record
and queues nothing, and the task that sends it (``tournaments.tasks.send_registration_mail``,
known here by its name only) sends a record once, under a row lock, and marks it sent. So a
retried task, a repeated click or two workers never send a mail twice. The text is written
when it is sent, in the player's language (:mod:`tournaments.registration_mails`).
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction

from ..models import MailRecord, Registration

log = logging.getLogger(__name__)
SEND_TASK = "tournaments.tasks.send_registration_mail"
KINDS = ("confirmation", "reminder", "moved_up", "section")


def send_task() -> Any:
    from celery import current_app
    return current_app.tasks[SEND_TASK]


def queue(reg: Registration, kind: str, base: str, occasion: str = "") -> MailRecord | None:
    """Queue the mail ``kind`` for ``reg`` (inside the caller's transaction; it leaves once
    that commits). None when the same mail was queued before."""
    assert kind in KINDS, kind
    key = f"{kind}:{reg.pk}" + (f":{occasion}" if occasion else "")
    record, created = MailRecord.objects.get_or_create(
        key=key, defaults={"kind": kind, "registration": reg, "to": reg.email,
                           "base": base[:200]})
    if not created:
        return None

    def enqueue() -> None:
        try:
            send_task().delay(record.pk)
        except Exception as exc:  # the broker is away: the outbox shows it unsent
            log.warning("mail %s not queued: %s", record.pk, exc)
            MailRecord.objects.filter(pk=record.pk).update(error=str(exc)[:300])

    transaction.on_commit(enqueue)
    return record


def send_unsent(tournament_id: int) -> int:
    """Queue again every mail of the tournament that has not left (its server was away);
    each is still sent at most once. Returns how many were queued."""
    found = MailRecord.objects.filter(registration__tournament_id=tournament_id,
                                      sent_at__isnull=True)
    pending = list(found.values_list("pk", flat=True))
    found.update(attempts=0, next_try=None)  # the desk's "again" starts the count over

    def enqueue() -> None:
        for pk in pending:
            try:
                send_task().delay(pk)
            except Exception as exc:
                log.warning("mail %s not queued: %s", pk, exc)

    transaction.on_commit(enqueue)
    return len(pending)
