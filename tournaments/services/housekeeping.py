"""Work that is due by the clock rather than by a click: registrants' data deleted after
the retention period (:mod:`.retention`) and registration mails whose send failed tried
again (docs/registration.md).

Three ways it runs, one function (:func:`run`):

- the services tier: Celery beat queues ``tournaments.tasks.housekeeping`` every
  ``HOUSEKEEPING_INTERVAL`` seconds and a worker runs it;
- embedded (no worker, tasks in-process): an authenticated person's request to the
  director's or desk's pages starts it (:func:`kick`) at most once per interval, in a
  thread of its own after the page (``HOUSEKEEPING_ON_REQUEST="thread"``, the default), or
  inside the request (``"inline"``), or never (``"off"``);
- by hand or cron: ``python manage.py housekeeping``.

A mail is claimed under its row lock before it leaves
(:func:`tournaments.registration_mails.deliver`), so two of these running at once, or one
beside a worker's retry, never send it twice.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field
from datetime import date

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.utils import timezone

from ..models import MailRecord
from ..registration_mails import deliver
from . import retention

log = logging.getLogger(__name__)
MAILS_PER_RUN = 50  # a mail server that is slow never keeps one run going for long
CACHE_KEY = "turnierwart:housekeeping"


@dataclass
class Done:
    purged: dict[str, int] = field(default_factory=dict)
    sent: int = 0
    failed: int = 0


def retry_mails(limit: int = MAILS_PER_RUN) -> tuple[int, int]:
    """Send the failed mails whose next try is due; (sent, failed again)."""
    sent = failed = 0
    due = MailRecord.objects.filter(sent_at__isnull=True, next_try__isnull=False,
                                    next_try__lte=timezone.now()).order_by("next_try")
    for pk in list(due.values_list("pk", flat=True)[:limit]):
        try:
            if deliver(pk):
                sent += 1
        except Exception as exc:  # the server is still away: deliver set the next try
            log.warning("registration mail %s failed again: %s", pk, exc)
            failed += 1
    return sent, failed


def run(today: date | None = None) -> Done:
    """Everything that is due now."""
    done = Done(purged=retention.purge_due(today))
    done.sent, done.failed = retry_mails()
    if done.purged or done.sent or done.failed:
        log.info("housekeeping: %s", done)
    return done


def _in_thread() -> None:
    try:
        run()
    except Exception:  # logged, never raised into a thread nobody waits for
        log.exception("housekeeping failed")
    finally:
        connection.close()


last_thread: threading.Thread | None = None  # for the tests to wait on


def kick() -> str:
    """Embedded mode: run the housekeeping if the interval has passed since the last run
    in this cache; returns how ("thread", "inline") or "" when it did not run."""
    global last_thread
    how = getattr(settings, "HOUSEKEEPING_ON_REQUEST", "thread")
    if how == "off" or not getattr(settings, "CELERY_TASK_ALWAYS_EAGER", False):
        return ""  # a worker and beat do it
    interval = int(getattr(settings, "HOUSEKEEPING_INTERVAL", 600))
    if not cache.add(CACHE_KEY, timezone.now().isoformat(), timeout=interval):
        return ""
    if how == "inline":
        run()
        return "inline"
    last_thread = threading.Thread(target=_in_thread, name="housekeeping", daemon=True)
    last_thread.start()
    return "thread"
