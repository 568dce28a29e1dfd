"""Celery tasks: long work that pages must not wait for (docs/design.md, House rules).

With no broker configured (the embedded default) Celery runs these in-process
(``CELERY_TASK_ALWAYS_EAGER``); with Redis a worker does. Tasks are
``acks_late``: a worker that dies mid-task leaves the message for another, so a
task must be safe to run twice (a finished report is not rendered again).

A task only calls a service and decides about retries; the work (rendering, writing the
PDF) lives in :mod:`tournaments.services`.
"""

from __future__ import annotations

import logging
from typing import Any

from celery import shared_task
from django.db import OperationalError

from .models import MailRecord, Report
from .registration_mails import deliver
from .services import housekeeping as housekeeping_service
from .services import reports as report_service
from .views.warm import warm_public

log = logging.getLogger(__name__)


@shared_task(bind=True, acks_late=True, max_retries=3)
def render_report(self, report_id: int, base_url: str = "", language: str | None = None,
                  options: dict[str, Any] | None = None) -> str:
    """Render one report to PDF (:func:`~tournaments.services.reports.render_report`);
    a database that is busy or away is tried again a few times, then the report fails."""
    try:
        return report_service.render_report(report_id, base_url, language, options)
    except OperationalError as exc:  # the database was busy or away: worth another try
        if self.request.retries < self.max_retries:
            report_service.set_progress(report_id, 0, Report.Status.QUEUED)
            raise self.retry(exc=exc, countdown=5 * (self.request.retries + 1)) from exc
        log.exception("report %s failed", report_id)
        report_service.mark_failed(report_id, f"{type(exc).__name__}: {exc}")
        return "failed"


@shared_task(bind=True, acks_late=True, max_retries=5)
def send_registration_mail(self, record_id: int) -> str:
    """Send one registration mail (:func:`tournaments.registration_mails.deliver`): sent
    once, whatever retries; a mail server that is away is tried again a few times."""
    try:
        return "sent" if deliver(record_id) else "sent before"
    except (OSError, OperationalError) as exc:  # smtplib's errors are OSErrors
        # In-process (no broker) a retry would run at once, in the request: the outbox
        # shows the mail unsent and "send again" tries later.
        if self.request.retries < self.max_retries and not self.request.is_eager:
            raise self.retry(exc=exc, countdown=30 * (self.request.retries + 1)) from exc
        log.exception("registration mail %s failed", record_id)
        MailRecord.objects.filter(pk=record_id).update(error=f"{type(exc).__name__}"[:300])
        return "failed"


@shared_task(acks_late=True)
def housekeeping() -> dict[str, Any]:
    """Celery beat's periodic run (``CELERY_BEAT_SCHEDULE``): registrants' data deleted
    after the retention period, failed registration mails tried again
    (:func:`tournaments.services.housekeeping.run`). Safe to run twice: a deletion is
    checked again under the tournament's lock, a mail is claimed before it leaves."""
    done = housekeeping_service.run()
    return {"purged": done.purged, "sent": done.sent, "failed": done.failed}


@shared_task(acks_late=True, ignore_result=True)
def warm_public_pages(tournament_id: int) -> int:
    """Render a tournament's public blocks and page before the hall's phones ask
    (:mod:`tournaments.views.warm`; queued by ``services.warming`` when a round is
    published). Rendering is a page's work, so this task calls the page layer, not a
    service. Safe to run twice: a current rendering is kept, not made again."""
    return warm_public(tournament_id)
