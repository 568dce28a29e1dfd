"""Celery tasks: long work that pages must not wait for (docs/design.md, House rules).

With no broker configured (the embedded default) Celery runs these in-process
(``CELERY_TASK_ALWAYS_EAGER``); with Redis a worker does. Tasks are
``acks_late``: a worker that dies mid-task leaves the message for another, so a
task must be safe to run twice (a finished report is not rendered again).
"""

from __future__ import annotations

import logging
from typing import Any

from celery import shared_task
from django.core.files.base import ContentFile
from django.db import OperationalError
from django.utils import translation

from .models import Report
from .services import reports as report_service

log = logging.getLogger(__name__)


OFFLINE_PROTOCOLS = ("file", "data")


def offline_fetcher() -> Any:
    """A weasyprint URL fetcher for local files and data: URIs only; reports need no network."""
    from weasyprint import urls

    if hasattr(urls, "URLFetcher"):  # weasyprint >= 70
        return urls.URLFetcher(allowed_protocols=OFFLINE_PROTOCOLS, fail_on_errors=False)

    def fetch(url: str, *args: Any, **kwargs: Any) -> Any:  # older weasyprint: a function
        if not url.startswith(tuple(f"{p}:" for p in OFFLINE_PROTOCOLS)):
            raise ValueError(f"URI uses disallowed protocol: {url}")
        return urls.default_url_fetcher(url, *args, **kwargs)

    return fetch


def write_pdf(html: str) -> bytes:
    """HTML to PDF; relative links (``css/print.css``) resolve against the static folder."""
    from weasyprint import HTML

    base = report_service.static_dir().resolve().as_uri() + "/"
    return HTML(string=html, base_url=base, url_fetcher=offline_fetcher()).write_pdf()


@shared_task(bind=True, acks_late=True, max_retries=3)
def render_report(self, report_id: int, base_url: str = "", language: str | None = None,
                  options: dict[str, Any] | None = None) -> str:
    """Render one report to PDF: running 10 → 60 → 100, then done; or failed with the reason.

    ``options`` are what was ordered with it (score sheets: ``layout``); the templates read
    them as ``report.options``.
    """
    report = Report.objects.select_related("tournament").filter(pk=report_id).first()
    if report is None:
        log.warning("report %s is gone; nothing to render", report_id)
        return "missing"
    report.options = dict(options or {})  # type: ignore[attr-defined]
    if report.status == Report.Status.DONE and report.file:
        return "done"  # delivered twice (acks_late): the first run finished it
    try:
        with translation.override(language or translation.get_language()):
            report_service.set_progress(report.pk, 10)
            html = report_service.render_html(report, base_url)
            report_service.set_progress(report.pk, 60)
            pdf = write_pdf(html)
        report.file.save(report_service.file_name(report), ContentFile(pdf), save=False)
        Report.objects.filter(pk=report.pk).update(file=report.file.name, progress=100,
                                                   status=Report.Status.DONE, error="")
        return "done"
    except OperationalError as exc:  # the database was busy or away: worth another try
        if self.request.retries < self.max_retries:
            report_service.set_progress(report.pk, 0, Report.Status.QUEUED)
            raise self.retry(exc=exc, countdown=5 * (self.request.retries + 1)) from exc
        log.exception("report %s failed", report_id)
        report_service.mark_failed(report.pk, f"{type(exc).__name__}: {exc}")
        return "failed"
    except Exception as exc:  # anything else will fail again: say why instead of retrying
        log.exception("report %s failed", report_id)
        report_service.mark_failed(report.pk, f"{type(exc).__name__}: {exc}")
        return "failed"
