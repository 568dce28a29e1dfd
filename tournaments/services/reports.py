"""PDF reports: ordering one, and rendering it to a PDF.

Ordering is a change like any other (validated, logged, version bumped); the
rendering (:func:`render_report`, HTML by the templates, PDF by weasyprint) runs in the
Celery task ``tournaments.tasks.render_report`` after the order is committed, so a page
never waits for weasyprint. The task calls this module; this module knows the task only
by its name (:data:`RENDER_TASK`), so the two do not import each other. The task's status and
progress updates are bookkeeping of the report row only; they are not
tournament data, so they neither log nor bump the version (which would
invalidate every spectator's cached page a few times per PDF).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.files.base import ContentFile
from django.db import OperationalError, transaction
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from ..disciplines import of
from ..models import Report, Round, Tournament
from . import report_kinds
from .base import Actor, ServiceError, change
from .report_kinds import captain_url, qr_data_uri  # noqa: F401 (tests and views)

log = logging.getLogger(__name__)


def kinds_for(t: Tournament) -> list[str]:
    """The names of the report kinds this tournament can print."""
    return [k.name for k in report_kinds.kinds_for(t)]


def label(kind: str) -> str:
    found = report_kinds.kind_of(kind)
    return str(found.label) if found is not None else kind


def title(report: Report) -> str:
    """What a report is, for the list of ordered reports."""
    n = report.round_number
    if report.kind == Report.Kind.PAIRINGS:
        return _("Pairings of round %(n)s") % {"n": n}
    if report.kind == Report.Kind.SCORE_SHEETS:
        return _("Score sheets of round %(n)s") % {"n": n}
    said = label(report.kind)
    said = said[:1].upper() + said[1:]
    return f"{said} ({_('after round %(n)s') % {'n': n}})" if n else said


def _round_number(value: Any) -> int | None:
    if value in (None, ""):
        return None
    try:
        n = int(value)
    except (TypeError, ValueError):
        raise ServiceError(_("must be a round number"), "round_number") from None
    if n < 1:
        raise ServiceError(_("must be a round number"), "round_number")
    return n


def request_report(t: Tournament, actor: Actor, kind: str, round_number: Any = None,
                   base_url: str = "", layout: str | None = None) -> Report:
    """Order a PDF; it is rendered in the background once this transaction commits.

    ``layout`` is also the player list's form (``long`` or ``short``).
    ``base_url`` (e.g. ``https://turnier.example/``) comes from the request that
    ordered the report, so QR codes on score sheets point at the address the
    hall's phones can reach, without a setting for it. ``layout`` (score sheets,
    one of ``SHEET_LAYOUTS``) travels with the task the same way; the templates
    read it as ``report.options.layout``.
    """
    spec = report_kinds.kind_of(kind) if isinstance(kind, str) else None
    if spec is None:
        raise ServiceError(_("unknown kind of report"), "kind")
    if spec not in report_kinds.own_kinds(t):
        raise ServiceError(_("this kind of report is not made for a tournament of %(what)s")
                           % {"what": of(t).label}, "kind")
    if layout and layout not in spec.layouts:
        raise ServiceError(str(spec.layout_error), "layout")
    extra = {"options": {"layout": layout}} if layout else {}
    unfit = spec.fits(t)
    if unfit:
        raise ServiceError(unfit, "kind")
    number = (_round_number(round_number) if spec.needs_round or spec.after_round
              else None)
    if spec.needs_round and number is None:
        raise ServiceError(_("choose a round"), "round_number")
    language = translation.get_language() or settings.LANGUAGE_CODE
    with change(t.pk, actor, "request_report") as c:
        if number is not None and not Round.objects.filter(tournament=c.tournament,
                                                           number=number).exists():
            raise ServiceError(_("there is no round %(n)s") % {"n": number}, "round_number")
        report = Report.objects.create(tournament=c.tournament, kind=kind, round_number=number,
                                       created_by=actor.user)
        c.target = f"report {report.pk}"
        c.wrote(f"report:{report.pk}")
        c.after = {"kind": kind, "round": number, **extra.get("options", {})}

    def enqueue() -> None:
        try:
            render_task().delay(report.pk, base_url=base_url, language=language, **extra)
        except Exception as exc:  # kombu's OperationalError: the broker is away (faults.md)
            log.warning("report %s not queued: %s", report.pk, exc)
            mark_failed(report.pk, _("The report queue is not reachable; order it again in "
                                     "a moment."))
            report.status = Report.Status.FAILED

    transaction.on_commit(enqueue)
    return report


RENDER_TASK = "tournaments.tasks.render_report"


def render_task() -> Any:
    """The Celery task that renders a report (registered when the app is ready)."""
    from celery import current_app

    return current_app.tasks[RENDER_TASK]


# -- bookkeeping of a running report (no action log, no version bump; see the module doc) ----

def set_progress(report_id: int, progress: int, status: str = Report.Status.RUNNING) -> None:
    Report.objects.filter(pk=report_id).update(status=status, progress=progress, error="")


def mark_failed(report_id: int, error: str) -> None:
    Report.objects.filter(pk=report_id).update(status=Report.Status.FAILED,
                                               error=error[:2000] or "failed")


def file_name(report: Report) -> str:
    return f"{report.tournament.slug}-{report.kind}-{report.pk}.pdf"


def download_name(report: Report) -> str:
    """A filename that says what is in the file, for the director's downloads folder."""
    suffix = f"-r{report.round_number}" if report.round_number else ""
    return f"{report.tournament.slug}-{report.kind}{suffix}.pdf"


# -- what the templates get -------------------------------------------------------------------

def static_dir() -> Path:
    dirs = list(getattr(settings, "STATICFILES_DIRS", []))
    return Path(dirs[0]) if dirs else Path(settings.BASE_DIR) / "static"


def report_context(report: Report, base_url: str = "") -> dict[str, Any]:
    t = report.tournament
    context: dict[str, Any] = {
        "report": report, "t": t, "discipline": of(t).label,
        "now": timezone.localtime(), "base_url": base_url,
        "kind_label": label(report.kind),
    }
    spec = report_kinds.kind_of(report.kind)
    context["report_css"] = spec.css if spec is not None else ()
    if spec is None:
        raise ValueError(f"no report kind {report.kind!r}")
    spec.context(report, context)
    return context


def render_html(report: Report, base_url: str = "") -> str:
    spec = report_kinds.kind_of(report.kind)
    template = spec.template if spec is not None else f"reports/{report.kind}.html"
    return render_to_string(template, report_context(report, base_url))


# -- writing the PDF (called by the task) ------------------------------------------------

OFFLINE_PROTOCOLS = ("file", "data")


def found_static(url: str) -> str:
    """A report's relative link (``css/print.css``, resolved against the static folder) as
    the file the static files finders find: a discipline package's own style sheet lives in
    its app's ``static/``, not in the project's folder."""
    from django.contrib.staticfiles import finders

    base = static_dir().resolve().as_uri() + "/"
    if not url.startswith(base) or Path(url.removeprefix("file://")).exists():
        return url
    found = finders.find(url[len(base):])
    return Path(found).resolve().as_uri() if isinstance(found, str) else url


def offline_fetcher() -> Any:
    """A weasyprint URL fetcher for local files and data: URIs only; reports need no network."""
    from weasyprint import urls

    if hasattr(urls, "URLFetcher"):  # weasyprint >= 70
        class StaticFetcher(urls.URLFetcher):  # type: ignore[misc]
            def fetch(self, url: str, headers: Any = None) -> Any:
                return super().fetch(found_static(url), headers)

        return StaticFetcher(allowed_protocols=OFFLINE_PROTOCOLS, fail_on_errors=False)

    def fetch(url: str, *args: Any, **kwargs: Any) -> Any:  # older weasyprint: a function
        if not url.startswith(tuple(f"{p}:" for p in OFFLINE_PROTOCOLS)):
            raise ValueError(f"URI uses disallowed protocol: {url}")
        return urls.default_url_fetcher(found_static(url), *args, **kwargs)

    return fetch


def write_pdf(html: str) -> bytes:
    """HTML to PDF; relative links (``css/print.css``) resolve against the static folder."""
    from weasyprint import HTML

    base = static_dir().resolve().as_uri() + "/"
    return HTML(string=html, base_url=base, url_fetcher=offline_fetcher()).write_pdf()


def render_report(report_id: int, base_url: str = "", language: str | None = None,
                  options: dict[str, Any] | None = None) -> str:
    """Render one report to PDF: running 10 → 60 → 100, then done; or failed with the reason.

    Returns "done", "missing" (the row is gone) or "failed". Safe to run twice (a finished
    report is not rendered again). A database that is busy or away (``OperationalError``)
    is raised for the caller to try again; anything else marks the report failed.
    ``options`` are what was ordered with it (score sheets: ``layout``); the templates read
    them as ``report.options``.
    """
    report = Report.objects.select_related("tournament").filter(pk=report_id).first()
    if report is None:
        log.warning("report %s is gone; nothing to render", report_id)
        return "missing"
    report.options = dict(options or {})
    if report.status == Report.Status.DONE and report.file:
        return "done"  # delivered twice (acks_late): the first run finished it
    try:
        with translation.override(language or translation.get_language()):
            set_progress(report.pk, 10)
            html = render_html(report, base_url)
            set_progress(report.pk, 60)
            pdf = write_pdf(html)
        report.file.save(file_name(report), ContentFile(pdf), save=False)
        Report.objects.filter(pk=report.pk).update(file=report.file.name, progress=100,
                                                   status=Report.Status.DONE, error="")
        return "done"
    except OperationalError:
        raise
    except Exception as exc:  # anything else will fail again: say why instead of retrying
        log.exception("report %s failed", report_id)
        mark_failed(report.pk, f"{type(exc).__name__}: {exc}")
        return "failed"

