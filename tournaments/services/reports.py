"""PDF reports: ordering one, and what the Celery task needs to render it.

Ordering is a change like any other (validated, logged, version bumped); the
rendering runs in :func:`tournaments.tasks.render_report` after the order is
committed, so a page never waits for weasyprint. The task's status and
progress updates are bookkeeping of the report row only; they are not
tournament data, so they neither log nor bump the version (which would
invalidate every spectator's cached page a few times per PDF).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import segno
from django.conf import settings
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..disciplines import DISCIPLINES
from ..models import Report, Round, Tournament
from .base import Actor, ServiceError, change
from .public import round_byes, round_tables, standings_table

NEEDS_ROUND = (Report.Kind.PAIRINGS, Report.Kind.SCORE_SHEETS)


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
                   base_url: str = "") -> Report:
    """Order a PDF; it is rendered in the background once this transaction commits.

    ``base_url`` (e.g. ``https://turnier.example/``) comes from the request that
    ordered the report, so QR codes on score sheets point at the address the
    hall's phones can reach, without a setting for it.
    """
    if kind not in Report.Kind.values:
        raise ServiceError(_("unknown kind of report"), "kind")
    number = _round_number(round_number)
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
        c.after = {"kind": kind, "round": number}

    from ..tasks import render_report  # the task module imports this one

    transaction.on_commit(lambda: render_report.delay(report.pk, base_url=base_url,
                                                      language=language))
    return report


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


MISSIONS = (gettext_lazy("Primary"), gettext_lazy("Secondary"), gettext_lazy("Tertiary"))
MISSION_KINDS = {"eternal_war": gettext_lazy("Eternal War"),
                 "maelstrom": gettext_lazy("Maelstrom"), "tertiary": gettext_lazy("Tertiary")}


def mission_labels(rnd: Round) -> list[str]:
    """Primary, secondary, tertiary; with the round's mission kinds where the system has them."""
    kinds = list(rnd.extra.get("missions") or [])
    labels = []
    for k, label in enumerate(MISSIONS):
        kind = kinds[k] if k < len(kinds) else None
        extra = MISSION_KINDS.get(kind, kind) if kind else None
        labels.append(f"{label} ({extra})" if extra and str(extra) != str(label) else str(label))
    return labels


def sheet_rows(t: Tournament, rnd: Round) -> dict[str, Any]:
    """How many blank rows each discipline's score sheet needs (from its scoring settings)."""
    s = t.scoring or {}
    games = int(s.get("games_per_series", 8) or 8)
    return {
        "bobbl": range(1, int(s.get("bobbl_per_round", 2) or 2) + 2),  # one spare row
        "games": range(1, min(max(games, 1), 12) + 1),
        "missions": mission_labels(rnd),
    }


def report_context(report: Report, base_url: str = "") -> dict[str, Any]:
    t = report.tournament
    context: dict[str, Any] = {
        "report": report, "t": t, "discipline": DISCIPLINES[t.discipline].label,
        "now": timezone.localtime(), "base_url": base_url,
    }
    if report.kind == Report.Kind.STANDINGS:
        context["table"] = standings_table(t, after_round=report.round_number)
        return context
    rnd = Round.objects.select_related("tournament").get(tournament=t,
                                                         number=report.round_number)
    tables = round_tables(rnd, with_results=False)
    context.update(round=rnd, tables=tables, byes=round_byes(rnd))
    if report.kind == Report.Kind.SCORE_SHEETS:
        context["rows"] = sheet_rows(t, rnd)
        context["sheet_template"] = f"reports/sheets/{t.discipline}.html"
        for table in tables:
            table.url = captain_url(base_url, table.token)  # type: ignore[attr-defined]
            table.qr = qr_data_uri(table.url)  # type: ignore[attr-defined]
    return context


def render_html(report: Report, base_url: str = "") -> str:
    return render_to_string(f"reports/{report.kind}.html", report_context(report, base_url))
