"""Ask the worker to render the spectators' pages once a change is committed (a round
published): the rendering itself is a page's job (:mod:`tournaments.views.warm`), so the
task is named, never imported, as the reports' is (layers import downwards only)."""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from django.db import transaction

log = logging.getLogger(__name__)
WARM_TASK = "tournaments.tasks.warm_public_pages"


def warm_task() -> Any:
    """The Celery task that renders a tournament's public pages (registered when the app is
    ready)."""
    from celery import current_app

    return current_app.tasks[WARM_TASK]


def warm_after_commit(tournament_id: int) -> None:
    """Queue the rendering of the tournament's public pages for when the caller's
    transaction commits. Only a worker does it: without one (``CELERY_TASK_ALWAYS_EAGER``:
    the embedded ``make run``, the tests) the task would run inside the director's request
    and make it wait for renderings no proxy needs; the first visitor renders them as
    before. A broker that is away costs the warm-up, never the publication."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return

    def enqueue() -> None:
        try:
            warm_task().delay(tournament_id)
        except Exception as exc:  # kombu's OperationalError: the broker is away (faults.md)
            log.warning("public pages of tournament %s not warmed: %s", tournament_id, exc)

    transaction.on_commit(enqueue)
