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
from collections.abc import Callable
from pathlib import Path
from typing import Any

import segno
from django.conf import settings
from django.core.files.base import ContentFile
from django.db import OperationalError, transaction
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..chess import outputs as chess_outputs
from ..chess import player_list as chess_player_list
from ..disciplines import of
from ..models import Report, Round, Tournament
from .base import Actor, ServiceError, change
from .public import (
    categories_present,
    category_tables,
    round_tables,
    standings_table,
)

# Kinds beyond ``Report.Kind`` (the kind column is free text; these need no migration).
CROSS_TABLE, PROGRESS_TABLE, PLAYER_CARDS = "cross_table", "progress_table", "player_cards"
CATEGORY_STANDINGS, DWZ = "category_standings", "dwz"
PLAYER_LIST = "player_list"
KIND_LABELS: dict[str, Any] = {
    **dict(Report.Kind.choices),
    CROSS_TABLE: gettext_lazy("cross table"),
    PROGRESS_TABLE: gettext_lazy("progress table"),
    PLAYER_CARDS: gettext_lazy("player cards"),
    CATEGORY_STANDINGS: gettext_lazy("standings by category"),
    DWZ: gettext_lazy("DWZ evaluation"),
    PLAYER_LIST: gettext_lazy("player list"),
}
NEEDS_ROUND = (Report.Kind.PAIRINGS, Report.Kind.SCORE_SHEETS)
AFTER_ROUND = (Report.Kind.STANDINGS, CROSS_TABLE, PROGRESS_TABLE, CATEGORY_STANDINGS)


log = logging.getLogger(__name__)

def _not_chess(t: Tournament) -> str | None:
    return None if of(t).chess_outputs else _("this output is for chess tournaments")


def _cross_table_fits(t: Tournament) -> str | None:
    if not of(t).chess_outputs or not chess_outputs.is_round_robin(t):
        return _("the cross table is for round robins; a Swiss tournament has the progress "
                 "table")
    return None


def _has_categories(t: Tournament) -> str | None:
    return None if categories_present(t) else _("no entrant has a category")


# Why a kind does not fit a tournament (None: it fits).
KIND_FITS: dict[str, Callable[[Tournament], str | None]] = {
    CROSS_TABLE: _cross_table_fits, PROGRESS_TABLE: _not_chess, PLAYER_CARDS: _not_chess,
    DWZ: _not_chess, CATEGORY_STANDINGS: _has_categories, PLAYER_LIST: _not_chess,
}


def kinds_for(t: Tournament) -> list[str]:
    """The report kinds this tournament can print."""
    return [k for k in KIND_LABELS if KIND_FITS.get(k, lambda _t: None)(t) is None]


def title(report: Report) -> str:
    """What a report is, for the list of ordered reports."""
    n = report.round_number
    if report.kind == Report.Kind.PAIRINGS:
        return _("Pairings of round %(n)s") % {"n": n}
    if report.kind == Report.Kind.SCORE_SHEETS:
        return _("Score sheets of round %(n)s") % {"n": n}
    label = str(KIND_LABELS.get(report.kind, report.kind))
    label = label[:1].upper() + label[1:]
    return f"{label} ({_('after round %(n)s') % {'n': n}})" if n else label


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


SHEET_LAYOUTS = ("vertical", "horizontal")  # the Mucken score pad: Bobbl as rows or as columns


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
    if kind not in KIND_LABELS:
        raise ServiceError(_("unknown kind of report"), "kind")
    if layout and kind == PLAYER_LIST and layout not in chess_player_list.FORM_NAMES:
        raise ServiceError(_("choose the long or the short form"), "layout")
    if layout and kind != PLAYER_LIST and (kind != Report.Kind.SCORE_SHEETS
                                           or layout not in SHEET_LAYOUTS):
        raise ServiceError(_("choose a horizontal or vertical layout"), "layout")
    extra = {"options": {"layout": layout}} if layout else {}
    unfit = KIND_FITS.get(kind, lambda _t: None)(t)
    if unfit:
        raise ServiceError(unfit, "kind")
    number = _round_number(round_number) if kind in NEEDS_ROUND + AFTER_ROUND else None
    if kind in NEEDS_ROUND and number is None:
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


def qr_data_uri(url: str) -> str:
    """The table's captain link as an inline SVG QR code: no file, no network."""
    return segno.make(url, error="m").svg_data_uri(scale=4, border=2)


def captain_url(base_url: str, token: str) -> str:
    return f"{base_url.rstrip('/')}/c/{token}/"


def _standings(report: Report, context: dict[str, Any]) -> None:
    context["table"] = standings_table(report.tournament, after_round=report.round_number)


def _round_context(report: Report, context: dict[str, Any]) -> None:
    t = report.tournament
    assert report.round_number is not None  # a round's report names its round
    rnd = Round.objects.select_related("tournament").get(tournament=t,
                                                         number=report.round_number)
    disc = of(t)
    with_results = report.kind == Report.Kind.PAIRINGS and disc.pairings_with_results
    tables = round_tables(rnd, with_results=with_results)
    context.update(round=rnd, tables=tables, byes=disc.round_byes(rnd),
                   table_word=disc.table_word, show_results=with_results,
                   round_note=disc.round_note(t, rnd))
    if report.kind == Report.Kind.SCORE_SHEETS:
        context["rows"] = disc.sheet_rows(t, rnd)
        context["settings"] = disc.settings(t)
        context["sheet_template"] = disc.score_sheet_template
        for table in tables:
            table.url = captain_url(context["base_url"], table.token)  # type: ignore[attr-defined]
            table.qr = qr_data_uri(table.url)  # type: ignore[attr-defined]


def _cross_table(report: Report, context: dict[str, Any]) -> None:
    context["cross"] = chess_outputs.cross_table(report.tournament, report.round_number)


def _progress_table(report: Report, context: dict[str, Any]) -> None:
    context["progress"] = chess_outputs.progress_table(report.tournament, report.round_number)


def _player_cards(report: Report, context: dict[str, Any]) -> None:
    context["cards"] = chess_outputs.player_cards(report.tournament)


def _category_standings(report: Report, context: dict[str, Any]) -> None:
    context["tables"] = category_tables(report.tournament, report.round_number)


def _dwz(report: Report, context: dict[str, Any]) -> None:
    context["dwz"] = chess_outputs.dwz_report(report.tournament)


def _player_list(report: Report, context: dict[str, Any]) -> None:
    form = (getattr(report, "options", None) or {}).get("layout")
    context["players"] = chess_player_list.player_list(report.tournament, form or "long")


# What each kind's template gets beyond the common context.
CONTEXTS: dict[str, Callable[[Report, dict[str, Any]], None]] = {
    Report.Kind.STANDINGS: _standings, Report.Kind.PAIRINGS: _round_context,
    Report.Kind.SCORE_SHEETS: _round_context, CROSS_TABLE: _cross_table,
    PROGRESS_TABLE: _progress_table, PLAYER_CARDS: _player_cards,
    CATEGORY_STANDINGS: _category_standings, DWZ: _dwz, PLAYER_LIST: _player_list,
}


def _statistics(report: Report, context: dict[str, Any]) -> None:
    from .statistics import statistics  # only this kind needs the charts

    context["stats"] = statistics(report.tournament, ident="stats-print")


# The statistics (rank progression, distributions; charts as inline SVG), for every discipline.
STATISTICS = "statistics"
KIND_LABELS[STATISTICS] = gettext_lazy("statistics")
CONTEXTS[STATISTICS] = _statistics

def report_context(report: Report, base_url: str = "") -> dict[str, Any]:
    t = report.tournament
    context: dict[str, Any] = {
        "report": report, "t": t, "discipline": of(t).label,
        "now": timezone.localtime(), "base_url": base_url,
        "kind_label": KIND_LABELS.get(report.kind, report.kind),
    }
    CONTEXTS[report.kind](report, context)
    return context


def render_html(report: Report, base_url: str = "") -> str:
    return render_to_string(f"reports/{report.kind}.html", report_context(report, base_url))


# -- writing the PDF (called by the task) ------------------------------------------------

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


from . import finish  # noqa: E402,F401  (registers the certificates, services.finish)
