"""What the director's pages need beyond the shared services.

Read helpers (who directs what, a round laid out for the page, an example
result payload per discipline) and one change the shared services lack:
taking a role away again. What differs per discipline (its example payload, its
side words) is asked of its class (:mod:`tournaments.disciplines`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, QuerySet
from django.utils.translation import gettext as _

from ..disciplines import of
from ..models import (
    Entrant,
    Result,
    ResultRevision,
    Role,
    Round,
    Seat,
    Table,
    Tournament,
    seats_with_entrants,
)
from . import reporters
from .base import Actor, ServiceError, change

# ----------------------------------------------------------------------------- examples


def example_payload(t: Tournament, seats: list[Seat]) -> dict[str, Any]:
    """A valid-looking result for the table, to show the director the payload's shape."""
    return of(t).example(t, seats)


# ----------------------------------------------------------------------------- reading


def directed_by(user: Any) -> QuerySet[Tournament]:
    """The tournaments a user directs (superusers: all)."""
    qs = Tournament.objects.all()
    if not getattr(user, "is_superuser", False):
        qs = qs.filter(roles__user=user, roles__kind=Role.Kind.DIRECTOR)
    return qs.distinct().order_by("-created")


def entrant_counts(t: Tournament) -> dict[str, int]:
    """Entrants by status, every status present (zeros included), plus the total."""
    counts = dict.fromkeys(Entrant.Status.values, 0)
    for row in t.entrants.values("status").annotate(n=Count("id")):
        counts[row["status"]] = row["n"]
    counts["total"] = sum(counts.values())
    return counts


@dataclass
class SeatView:
    start_number: int
    name: str
    side: int | None
    side_label: str


@dataclass
class ReportView:
    """One report of a table as the director compares it: its cells in the discipline's
    words, each marked where the reports that count differ."""

    revision: ResultRevision
    cells: list[tuple[str, str, bool]]  # label, value, differs from another report
    who: str = ""  # which phone, link or person sent it ("table captain, phone 2")


def reporter_labels(disc: Any, revisions: list[ResultRevision]) -> dict[int, str]:
    """Who sent each report, in words the director can tell apart (issue 31 #14: the dispute
    card read "table captain" twice): a captain's phones are numbered in the order they
    first reported at this table (the reporter key is a digest, never shown), a personal
    link names its entrant and side, the director's entry its user."""
    phones: dict[str, int] = {}
    entrant_ids = {int(r.reporter.split(":", 1)[1]) for r in revisions
                   if r.reporter.startswith("entrant:") and r.reporter[8:].isdecimal()}
    entrants: dict[int, tuple[str, str]] = {}
    if entrant_ids:
        for seat in Seat.objects.filter(table_id=revisions[0].table_id,
                                        entrant_id__in=entrant_ids).select_related("entrant"):
            entrants[seat.entrant_id] = (seat.entrant.name, disc.side_label(seat.side) or "")
    out: dict[int, str] = {}
    for r in revisions:
        source = r.get_source_display()
        key = r.reporter
        if r.source == ResultRevision.Source.DIRECTOR and r.user is not None:
            out[r.pk] = f"{source} ({r.user.get_username()})"
        elif key == reporters.ANONYMOUS:
            out[r.pk] = _("%(source)s, a phone without an id") % {"source": source}
        elif key.startswith("device:"):
            n = phones.setdefault(key, len(phones) + 1)
            out[r.pk] = _("%(source)s, phone %(n)s") % {"source": source, "n": n}
        elif key.startswith("entrant:") and key[8:].isdecimal() and int(key[8:]) in entrants:
            name, side = entrants[int(key[8:])]
            out[r.pk] = (_("personal link of %(name)s (%(side)s)") % {"name": name, "side": side}
                         if side else _("personal link of %(name)s") % {"name": name})
        else:
            out[r.pk] = str(source)
    return out


def report_views(disc: Any, revisions: list[ResultRevision]) -> list[ReportView]:
    """The table's reports cell by cell; a cell differs when the reports still counting
    (not undone) do not all say the same there (or one of them lacks it)."""
    cells = {r.pk: disc.result_cells(r.payload) for r in revisions}
    counting = [dict(cells[r.pk]) for r in revisions if not r.undone]
    labels = {label for c in counting for label in c}
    differs = {label for label in labels
               if len({c.get(label) for c in counting}) > 1} if len(counting) > 1 else set()
    who = reporter_labels(disc, revisions) if revisions else {}
    return [ReportView(r, [(label, text, label in differs) for label, text in cells[r.pk]],
                       who.get(r.pk, ""))
            for r in revisions]


@dataclass
class TableView:
    table: Table
    seats: list[SeatView]
    result: Result | None
    revisions: list[ResultRevision]
    example: dict[str, Any]
    sides: list[tuple[str, list[SeatView]]] = field(default_factory=list)
    form: Any = None  # the page's result form, set by the view
    inputs: Any = None  # the page's result inputs, set by the view (None: no results yet)
    on_demand: bool = False  # set by the view: the inputs are there once opened
    summary: str = ""  # set by the view: the result in one line, beside the closed inputs
    reports: list[ReportView] = field(default_factory=list)  # the revisions, cell by cell

    @property
    def status(self) -> str:
        return self.result.status if self.result else ""

    @property
    def disputed(self) -> bool:
        return self.status == Result.Status.DISPUTED


def round_tables(rnd: Round, number: int | None = None, cells: bool = True
                 ) -> list[TableView]:
    """The round's tables (only table ``number`` when given) with seats grouped by side,
    current result and every revision (with ``cells``: each report cell by cell, see
    :func:`report_views`; without, the caller fills ``reports`` where it shows them)."""
    t = rnd.tournament
    disc = of(t)
    tables = (rnd.tables.prefetch_related(seats_with_entrants(), "revisions")
              .select_related("result").order_by("number"))
    if number is not None:
        tables = tables.filter(number=number)
    out = []
    for table in tables:
        seats = sorted(table.seats.all(), key=lambda s: (s.side or 0, s.position))
        views = [SeatView(s.entrant.start_number, s.entrant.name, s.side,
                          disc.side_label(s.side)) for s in seats]
        sides: list[tuple[str, list[SeatView]]] = []
        for v in views:
            if sides and sides[-1][0] == v.side_label:
                sides[-1][1].append(v)
            else:
                sides.append((v.side_label, [v]))
        revisions = list(table.revisions.all())
        out.append(TableView(table, views, getattr(table, "result", None), revisions,
                             example_payload(t, seats), sides,
                             reports=report_views(disc, revisions) if cells else []))
    return out


# ----------------------------------------------------------------------------- changes


def revoke_role(tournament: Tournament, actor: Actor, user: Any, kind: str) -> None:
    """Take a role away; the last director of a tournament keeps theirs (someone must direct)."""
    if kind not in Role.Kind.values:
        raise ServiceError(_("unknown role"), "kind")
    with change(tournament.pk, actor, "revoke_role") as c:
        roles = Role.objects.filter(tournament=c.tournament, kind=kind)
        if not roles.filter(user=user).exists():
            raise ServiceError(_("%(user)s has no such role") % {"user": user.get_username()},
                               "username")
        if kind == Role.Kind.DIRECTOR and roles.count() == 1:
            raise ServiceError(_("the last director cannot be removed"), "username")
        roles.filter(user=user).delete()
        c.target = user.get_username()
        c.wrote("roles")
        c.before = {"role": kind}
