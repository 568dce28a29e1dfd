"""The director's dashboard of a whole event: where each section stands and its next step.

A director running a three-section open wants one page that says, for every section,
which round it is in, how many results are in, missing or disputed, and the one button
that moves it on (draw, publish, close, finish). The state is read here; the buttons call
the sections' own services (:func:`step`), so every step is validated, logged and
versioned exactly as on the section's own page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from django.db.models import Count, Q
from django.utils.translation import gettext as _

from ..models import Entrant, Event, Result, Round, Tournament
from . import rounds as round_services
from .base import Actor, ServiceError
from .events import limits_text, section_name, sections
from .finish import finish_tournament, planned_rounds_done

Step = Literal["draw", "publish", "close", "finish", ""]
STEPS = ("draw", "publish", "close", "finish")


@dataclass(frozen=True)
class SectionState:
    """One section's line on the dashboard."""

    t: Tournament
    label: str
    limits: str
    entrants: int  # present or registered (not absent or withdrawn)
    round: int  # the last round drawn, 0 before round 1
    round_status: str  # Round.Status value, "" before round 1
    tables: int
    results: int  # agreed (not disputed)
    missing: int
    disputed: int
    step: Step  # the next action the dashboard offers
    why: str  # what the section waits for when there is no button (or what the button does)

    @property
    def finished(self) -> bool:
        return self.t.status == Tournament.Status.FINISHED


def _next(t: Tournament, last: Round | None, missing: int, disputed: int,
          entrants: int) -> tuple[Step, str]:
    """The one step that moves the section on, and why (or what it waits for)."""
    if t.status == Tournament.Status.FINISHED:
        return "", _("finished")
    if last is None:
        if entrants < 2:
            return "", _("waiting for sign-ups")
        return "draw", _("draw round 1")
    if last.status == Round.Status.PREVIEW:
        return "publish", _("check the preview, then publish round %(n)s") % {"n": last.number}
    if last.status == Round.Status.OPEN:
        if disputed:
            return "", _("%(n)s disputed result(s) to settle") % {"n": disputed}
        if missing:
            return "", _("waiting for %(n)s result(s)") % {"n": missing}
        return "close", _("every result is in: close round %(n)s") % {"n": last.number}
    if planned_rounds_done(t):
        return "finish", _("all planned rounds are played: finish the tournament")
    return "draw", _("draw round %(n)s") % {"n": last.number + 1}


def states(event: Event) -> list[SectionState]:
    """Every section's state, by label; a few queries per section (at most 20 sections)."""
    out = []
    for t in sections(event).annotate(n_entrants=Count(
            "entrants", distinct=True, filter=Q(entrants__status__in=(
                Entrant.Status.PRESENT, Entrant.Status.REGISTERED)))):
        last = (t.rounds.order_by("-number").annotate(
            n_tables=Count("tables", distinct=True),
            n_results=Count("tables__result", distinct=True,
                            filter=~Q(tables__result__status=Result.Status.DISPUTED)),
            n_disputed=Count("tables__result", distinct=True,
                             filter=Q(tables__result__status=Result.Status.DISPUTED))).first())
        tables = last.n_tables if last is not None else 0
        results = last.n_results if last is not None else 0
        disputed = last.n_disputed if last is not None else 0
        # A preview is not played yet: nothing is missing before it is published.
        open_round = last is not None and last.status == Round.Status.OPEN
        missing = max(tables - results - disputed, 0) if open_round else 0
        entrants = t.n_entrants
        step, why = _next(t, last, missing, disputed, entrants)
        out.append(SectionState(
            t=t, label=section_name(t), limits=limits_text(t), entrants=entrants,
            round=last.number if last is not None else 0,
            round_status=last.status if last is not None else "", tables=tables,
            results=results, missing=missing, disputed=disputed, step=step, why=why))
    return out


def step(t: Tournament, actor: Actor, action: str, expected_round: int) -> str:
    """Do ``action`` on section ``t`` through the section's own service; returns what was
    done in words.

    ``expected_round`` is the round the dashboard showed: when another director (or a tab
    left open) moved the section on meanwhile, the step is refused instead of, say,
    drawing a second round by a double click."""
    if action not in STEPS:
        raise ServiceError(_("unknown action"), "action")
    last = t.rounds.order_by("-number").first()
    now = last.number if last is not None else 0
    if now != expected_round:
        raise ServiceError(_("%(section)s has moved on meanwhile (round %(n)s): look again")
                           % {"section": section_name(t), "n": now}, "round")
    offered, _why = _next(t, last, *_open_counts(last), entrants=2)
    if action != offered:
        raise ServiceError(_("%(section)s: this step is not due now") % {
            "section": section_name(t)}, "action")
    if action == "draw":
        rnd = round_services.draw_round(t, actor)
        return _("%(section)s: round %(n)s drawn as a preview") % {
            "section": section_name(t), "n": rnd.number}
    if action == "publish":
        round_services.publish_round(t, actor, now)
        return _("%(section)s: round %(n)s published") % {"section": section_name(t), "n": now}
    if action == "close":
        round_services.close_round(t, actor, now)
        return _("%(section)s: round %(n)s closed") % {"section": section_name(t), "n": now}
    finish_tournament(t, actor)
    return _("%(section)s: finished") % {"section": section_name(t)}


def _open_counts(last: Round | None) -> tuple[int, int]:
    """(missing, disputed) of the last round."""
    if last is None:
        return 0, 0
    tables = last.tables.count()
    disputed = Result.objects.filter(table__round=last,
                                     status=Result.Status.DISPUTED).count()
    agreed = Result.objects.filter(table__round=last).exclude(
        status=Result.Status.DISPUTED).count()
    return max(tables - agreed - disputed, 0), disputed


def totals(rows: list[SectionState]) -> dict[str, Any]:
    """The event's sums for the head of the dashboard."""
    return {"entrants": sum(r.entrants for r in rows),
            "missing": sum(r.missing for r in rows),
            "disputed": sum(r.disputed for r in rows),
            "finished": sum(1 for r in rows if r.finished), "sections": len(rows)}
