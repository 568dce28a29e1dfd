"""Drawing, publishing, closing and undoing rounds.

A draw goes through :mod:`pairing` with plain data: the active entrants in
standings order, earlier tables and byes, the table layout of the discipline
and a recorded seed, so the draw can be replayed and shown to anyone who
doubts it. A new round starts as a preview; publishing opens it for captains.
"""

from __future__ import annotations

import secrets
from fractions import Fraction

from django.utils.translation import gettext as _

import pairing

from ..disciplines import DISCIPLINES
from ..models import Bye, Entrant, Result, ResultRevision, Round, Seat, Table, Tournament
from . import seating
from .base import Actor, ServiceError, change
from .seating import BOOLEAN_OPTIONS
from .standings import standings


def draw_request(t: Tournament, number: int, seed: str) -> pairing.DrawRequest:
    info = DISCIPLINES[t.discipline]
    active = {e.start_number: e for e in t.entrants.all() if e.active}
    rows = standings(t)["standings"] if number > 1 else []
    order = [r["entrant"] for r in rows if r["entrant"] in active]
    order += sorted(n for n in active if n not in order)
    first_value = {r["entrant"]: next(iter(r["values"].values()), 0) for r in rows}
    competitors = tuple(pairing.Competitor(
        id=active[n].pk, start_number=n, score=Fraction(str(first_value.get(n, 0))),
        rating=active[n].rating, club=active[n].club or None) for n in order)
    history = []
    past_byes: set[int] = set()
    for r in t.rounds.prefetch_related("tables__seats", "byes"):
        tables = []
        for table in r.tables.all():
            seats = sorted(table.seats.all(), key=lambda s: (s.side or 0, s.position))
            sides = sorted({s.side for s in seats}, key=lambda x: x or 0)
            tables.append(pairing.PastTable(tuple(tuple(s.entrant_id for s in seats
                                                        if s.side == side) for side in sides)))
        history.append(tuple(tables))
        past_byes.update(b.entrant_id for b in r.byes.all() if b.kind == "bye")
    options = {k: v for k, v in (t.draw_options or {}).items() if k in BOOLEAN_OPTIONS}
    return pairing.DrawRequest(number, competitors, info.layout(t.entrant_kind), seed,
                               tuple(history), frozenset(past_byes), options)


def registration_draw(t: Tournament) -> tuple[pairing.Draw, str]:
    """Round 1 as the window draw at registration seated it (after the cleanup)."""
    tables = seating.round_one_tables(t)
    seed = t.draw_options["registration"].get("seed", "")
    seated = {e for table in tables for e, _side, _pos in table}
    left = [e.pk for e in t.entrants.all() if e.active and e.pk not in seated]
    if left:
        raise ServiceError(_("entrants without a seat from the draw at registration: %(n)s")
                           % {"n": len(left)})
    drawn = pairing.Draw(
        tuple(pairing.DrawnTable(tuple((e, side) for e, side, _pos in table))
              for table in tables), (),
        (f"draw at registration (window +{t.draw_options['registration']['window']}), "
         f"seed {seed}",))
    return drawn, seed


def draw_round(t: Tournament, actor: Actor, seed: str | None = None,
               method: str | None = None) -> Round:
    """Draw the next round as a preview; the previous round must be closed."""
    info = DISCIPLINES[t.discipline]
    method = method or t.pairing or info.methods[0]
    if method not in info.methods:
        raise ServiceError(f"draw method must be one of {', '.join(info.methods)}", "method")
    seed = seed or secrets.token_hex(8)
    with change(t.pk, actor, "draw_round") as c:
        t = c.tournament
        last = t.rounds.order_by("-number").first()
        if last is not None and last.status != Round.Status.CLOSED:
            raise ServiceError(_("round %(n)s is not closed yet") % {"n": last.number})
        number = (last.number if last else 0) + 1
        request = draw_request(t, number, seed)
        if len(request.competitors) < 2:
            raise ServiceError(_("at least two active entrants are needed for a draw"))
        if number == 1 and seating.window_settings(t) is not None:
            drawn, seed = registration_draw(t)
            method = "registration"
        else:
            try:
                drawn = pairing.get(method)(request)
            except pairing.DrawError as exc:
                raise ServiceError(str(exc)) from None
        rnd = Round.objects.create(tournament=t, number=number, draw_method=method,
                                   draw_seed=seed, draw_explanation=list(drawn.explanation),
                                   extra=dict(info.round_extra) if
                                   t.scoring.get("system") == "matrix12" else {})
        for k, dt in enumerate(drawn.tables, start=1):
            table = Table.objects.create(round=rnd, number=k)
            Seat.objects.bulk_create([Seat(table=table, round=rnd, entrant_id=e, side=side,
                                           position=pos) for pos, (e, side) in
                                      enumerate(dt.seats)])
        Bye.objects.bulk_create([Bye(round=rnd, entrant_id=e, kind=kind)
                                 for e, kind in drawn.byes])
        if t.status == Tournament.Status.SETUP:
            t.status = Tournament.Status.RUNNING
            t.save(update_fields=["status"])
        c.target = f"round {number}"
        c.after = {"method": method, "seed": seed, "tables": len(drawn.tables),
                   "byes": len(drawn.byes)}
    return rnd


def _round(t: Tournament, number: int) -> Round:
    try:
        return Round.objects.get(tournament=t, number=number)
    except Round.DoesNotExist:
        raise ServiceError(_("there is no round %(n)s") % {"n": number}, "round") from None


def publish_round(t: Tournament, actor: Actor, number: int) -> Round:
    with change(t.pk, actor, "publish_round") as c:
        rnd = _round(c.tournament, number)
        if rnd.status != Round.Status.PREVIEW:
            raise ServiceError(_("round %(n)s is already published") % {"n": number})
        rnd.status = Round.Status.OPEN
        rnd.save(update_fields=["status"])
        c.target = f"round {number}"
    return rnd


def close_round(t: Tournament, actor: Actor, number: int) -> Round:
    """Close a round once every table has a result that is not disputed."""
    with change(t.pk, actor, "close_round") as c:
        rnd = _round(c.tournament, number)
        if rnd.status != Round.Status.OPEN:
            raise ServiceError(_("round %(n)s is not open") % {"n": number})
        missing = [tb.number for tb in rnd.tables.all()
                   if not Result.objects.filter(table=tb).exclude(
                       status=Result.Status.DISPUTED).exists()]
        if missing:
            raise ServiceError(_("tables without an agreed result: %(tables)s")
                               % {"tables": ", ".join(str(n) for n in missing)})
        rnd.status = Round.Status.CLOSED
        rnd.save(update_fields=["status"])
        c.target = f"round {number}"
    return rnd


def reopen_round(t: Tournament, actor: Actor, number: int) -> Round:
    """Open the last round again (to correct results by captains); later rounds must not exist."""
    with change(t.pk, actor, "reopen_round") as c:
        rnd = _round(c.tournament, number)
        if rnd.status != Round.Status.CLOSED or c.tournament.rounds.filter(
                number__gt=number).exists():
            raise ServiceError(_("only the last round can be opened again, once it is closed"))
        rnd.status = Round.Status.OPEN
        rnd.save(update_fields=["status"])
        c.target = f"round {number}"
    return rnd


def undo_draw(t: Tournament, actor: Actor) -> int:
    """Delete the last round while no result has come in for it."""
    with change(t.pk, actor, "undo_draw") as c:
        rnd = c.tournament.rounds.order_by("-number").first()
        if rnd is None:
            raise ServiceError(_("there is no round to undo"))
        if ResultRevision.objects.filter(table__round=rnd).exists():
            raise ServiceError(_("round %(n)s has results; correct them instead")
                               % {"n": rnd.number})
        c.target = f"round {rnd.number}"
        c.before = {"method": rnd.draw_method, "seed": rnd.draw_seed,
                    "tables": [[(s.entrant.start_number, s.side) for s in tb.seats.all()]
                               for tb in rnd.tables.prefetch_related("seats__entrant")]}
        number = rnd.number
        rnd.delete()
    return number


def active_entrants(t: Tournament) -> list[Entrant]:
    return [e for e in t.entrants.all() if e.active]
