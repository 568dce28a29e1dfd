"""What the director's pages need beyond the shared services.

Read helpers (who directs what, a round laid out for the page, an example
result payload per discipline) and one change the shared services lack:
taking a role away again. Example payloads live in a registry keyed by the
discipline's name, so a new discipline adds an entry instead of a branch.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..models import Entrant, Result, ResultRevision, Role, Round, Seat, Table, Tournament
from .base import Actor, ServiceError, change

# ----------------------------------------------------------------------------- examples


def _chess(t: Tournament, seats: list[Seat]) -> dict[str, Any]:
    return {"score": "1-0"}


def _mucken(t: Tournament, seats: list[Seat]) -> dict[str, Any]:
    target = t.scoring.get("target", 21)
    count = t.scoring.get("bobbl_per_round", 2)
    lost = (min(15, target - 1), min(18, target - 1))
    return {"bobbl": [[target, lost[0]] if k % 2 == 0 else [lost[1], target]
                      for k in range(count)]}


def _pussi(t: Tournament, seats: list[Seat]) -> dict[str, Any]:
    """A consistent score sheet: the declarer wins its bid of 60, the others make 30."""
    totals = [0, 0]
    games = []
    for k in range(t.scoring.get("games_per_series", 8)):
        declarer = 1 + k % 2
        totals[declarer - 1] += 60
        totals[2 - declarer] += 30
        games.append({"declarer": declarer, "bid": 60, "totals": list(totals)})
    return {"games": games}


def _boardgame(t: Tournament, seats: list[Seat]) -> dict[str, Any]:
    points = (87, 65, 52, 40, 31, 20)
    return {"points": {str(s.entrant.start_number): points[k % len(points)]
                       for k, s in enumerate(seats)}}


def _tabletop(t: Tournament, seats: list[Seat]) -> dict[str, Any]:
    return {"missions": [[12, 8], [6, 6], [4, 2]]}


EXAMPLES: dict[str, Callable[[Tournament, list[Seat]], dict[str, Any]]] = {
    "chess": _chess, "mucken": _mucken, "pussi": _pussi, "boardgame": _boardgame,
    "tabletop": _tabletop,
}

# How the two sides of a table are called; disciplines not listed say "Side 1/2".
SIDE_LABELS: dict[str, tuple[Any, Any]] = {
    "chess": (gettext_lazy("White"), gettext_lazy("Black")),
}


def example_payload(t: Tournament, seats: list[Seat]) -> dict[str, Any]:
    """A valid-looking result for the table, to show the director the payload's shape."""
    maker = EXAMPLES.get(t.discipline)
    return maker(t, seats) if maker else {}


def side_label(discipline: str, side: int | None) -> str:
    if side is None:
        return ""
    labels = SIDE_LABELS.get(discipline)
    if labels and side in (1, 2):
        return str(labels[side - 1])
    return _("Side %(side)s") % {"side": side}


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
class TableView:
    table: Table
    seats: list[SeatView]
    result: Result | None
    revisions: list[ResultRevision]
    example: dict[str, Any]
    sides: list[tuple[str, list[SeatView]]] = field(default_factory=list)
    form: Any = None  # the page's result form, set by the view

    @property
    def status(self) -> str:
        return self.result.status if self.result else ""

    @property
    def disputed(self) -> bool:
        return self.status == Result.Status.DISPUTED


def round_tables(rnd: Round) -> list[TableView]:
    """The round's tables with seats grouped by side, current result and every revision."""
    t = rnd.tournament
    tables = (rnd.tables.prefetch_related("seats__entrant", "revisions")
              .select_related("result").order_by("number"))
    out = []
    for table in tables:
        seats = sorted(table.seats.all(), key=lambda s: (s.side or 0, s.position))
        views = [SeatView(s.entrant.start_number, s.entrant.name, s.side,
                          side_label(t.discipline, s.side)) for s in seats]
        sides: list[tuple[str, list[SeatView]]] = []
        for v in views:
            if sides and sides[-1][0] == v.side_label:
                sides[-1][1].append(v)
            else:
                sides.append((v.side_label, [v]))
        revisions = list(table.revisions.all())
        for rev in revisions:
            rev.payload_text = json.dumps(rev.payload, ensure_ascii=False)  # type: ignore[attr-defined]
        out.append(TableView(table, views, getattr(table, "result", None), revisions,
                             example_payload(t, seats), sides))
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
