"""Chess's background work (Celery finds this module as the chess app's ``tasks``): reading
an uploaded rating list. The task only calls the service and decides about retries."""

from __future__ import annotations

import logging

from celery import shared_task
from django.db import OperationalError

from .rating_lists import service as rating_lists

log = logging.getLogger(__name__)


@shared_task(bind=True, acks_late=True, max_retries=3)
def import_rating_list(self, list_id: int) -> str:
    """Read an uploaded rating list into the database (the service does the work)."""
    try:
        return rating_lists.run_import(list_id)
    except OperationalError as exc:  # the database was busy or away: worth another try
        if self.request.retries < self.max_retries:
            raise self.retry(exc=exc, countdown=5 * (self.request.retries + 1)) from exc
        log.exception("rating list %s failed", list_id)
        rating_lists.mark_failed(list_id, f"{type(exc).__name__}: {exc}")
        return "failed"
