"""Drawing, publishing, closing and undoing rounds.

A draw goes through :mod:`pairing` with plain data: the active entrants in
standings order, earlier tables and byes, the table layout of the discipline
and a recorded seed, so the draw can be replayed and shown to anyone who
doubts it. A new round starts as a preview; publishing opens it for captains.
Chess Swiss ("dutch") is drawn by :mod:`.chess` with the director's wishes. When a
result of an earlier round is corrected, later rounds drawn on the old result are
marked stale; the last one can be drawn again with its seed (:func:`redraw_round`).
"""

from __future__ import annotations

import secrets
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction

from django.utils.translation import gettext as _

import pairing
from scoring.i18n import N_

from ..core_messages import say, stored_lines
from ..disciplines import of
from ..models import ActionLog, Bye, Entrant, ResultRevision, Round, Seat, Table, Tournament
from . import seating
from .base import Actor, Change, Conflict, NotFound, RoundNotOpen, ServiceError, change
from .locks import ensure_not_finished
from .round_check import blockers, blocking_sentence, fixed_rounds_refusal
from .seating import BOOLEAN_OPTIONS
from .standings import standings
from .warming import warm_after_commit


def draw_request(t: Tournament, number: int, seed: str) -> pairing.DrawRequest:
    info = of(t)
    active = {e.start_number: e for e in t.entrants.all() if e.active}
    rows = standings(t)["standings"] if number > 1 else []
    order = [r["entrant"] for r in rows if r["entrant"] in active]
    order += sorted(n for n in active if n not in order)
    first_value = {r["entrant"]: next(iter(r["values"].values()), 0) for r in rows}
    competitors = tuple(pairing.Competitor(
        id=active[n].pk, start_number=n, score=Fraction(str(first_value.get(n, 0))),
        rating=active[n].rating, club=active[n].club or None) for n in order)
    history = []
    layout = info.layout_for(t)
    # Who sat out earlier rounds, and how often: the byes the draws gave (the layout's kind:
    # "zero" at Pussi and Mucken's single players), not the byes a chess player requested.
    sat_out: Counter[int] = Counter()
    for r in t.rounds.prefetch_related("tables__seats", "byes"):
        tables = []
        for table in r.tables.all():
            seats = sorted(table.seats.all(), key=lambda s: (s.side or 0, s.position))
            sides = sorted({s.side for s in seats}, key=lambda x: x or 0)
            tables.append(pairing.PastTable(tuple(tuple(s.entrant_id for s in seats
                                                        if s.side == side) for side in sides)))
        history.append(tuple(tables))
        sat_out.update(b.entrant_id for b in r.byes.all() if b.kind == layout.bye_kind)
    options = {k: v for k, v in (t.draw_options or {}).items() if k in BOOLEAN_OPTIONS}
    return pairing.DrawRequest(number, competitors, layout, seed, tuple(history),
                               frozenset(sat_out), options, bye_counts=dict(sat_out))


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
        (N_("draw at registration (window +%(window)s), seed %(seed)s",
            window=t.draw_options["registration"]["window"], seed=seed),))
    return drawn, seed


def _registration(t: Tournament, number: int, seed: str) -> tuple[pairing.Draw, str]:
    return registration_draw(t)


# The callables of the methods the app draws itself (``pairing.METHODS`` lists them with
# ``draw=None`` and their capabilities): they need the database beyond a DrawRequest (the
# seats given at registration). method -> draw(t, number, seed), giving the draw and the
# seed as recorded. A discipline draws its own such methods (``WebDiscipline.app_draws``:
# chess's Dutch system with the director's wishes).
APP_DRAWS: dict[str, Callable[[Tournament, int, str], tuple[pairing.Draw, str]]] = {
    pairing.REGISTRATION: _registration,
}

# Methods whose draw depends on the results so far (from the registry).
RESULT_DEPENDENT = pairing.RESULT_DEPENDENT


def _drawn(t: Tournament, number: int, seed: str, method: str) -> tuple[pairing.Draw, str, str]:
    """The draw of round ``number``: (draw, method as recorded, seed as recorded)."""
    if method in of(t).app_draws:
        drawn, seed = of(t).app_draw(t, method, number, seed)
        return drawn, method, seed
    request = draw_request(t, number, seed)
    extra = of(t).draw_options_for(t, number, seed, method, request.competitors)
    if extra:
        request = replace(request, options={**request.options, **extra})
    if len(request.competitors) < 2:
        raise ServiceError(_("at least two active entrants are needed for a draw"))
    if number == 1 and seating.window_settings(t) is not None:
        # The window draw seated round 1 as they registered, whatever the round's method.
        method = pairing.REGISTRATION
    try:
        if method in APP_DRAWS:
            drawn, seed = APP_DRAWS[method](t, number, seed)
            return drawn, method, seed
        return pairing.get(method)(request), method, seed
    except pairing.DrawError as exc:
        raise ServiceError(say(exc)) from None


def _explained(t: Tournament, drawn: pairing.Draw) -> list[object]:
    """The draw's explanation as the round keeps it (said in the reader's language)."""
    return stored_lines(drawn.explanation, dict(t.entrants.values_list("pk", "start_number")))


def _store(rnd: Round, drawn: pairing.Draw) -> None:
    """The draw's tables (board order), seats and byes."""
    for k, dt in enumerate(drawn.tables, start=1):
        table = Table.objects.create(round=rnd, number=k)
        Seat.objects.bulk_create([Seat(table=table, round=rnd, entrant_id=e, side=side,
                                       position=pos) for pos, (e, side) in
                                  enumerate(dt.seats)])
    Bye.objects.bulk_create([Bye(round=rnd, entrant_id=e, kind=kind)
                             for e, kind in drawn.byes])


def draw_round(t: Tournament, actor: Actor, seed: str | None = None,
               method: str | None = None) -> Round:
    """Draw the next round as a preview; the previous round must be closed."""
    info = of(t)
    method = method or t.pairing or info.methods[0]
    if method not in info.methods:
        raise ServiceError(_("draw method must be one of %(methods)s")
                           % {"methods": ", ".join(info.methods)}, "method")
    allowed = info.draw_methods(t)
    if method not in allowed:  # the mode lock: a draw cannot switch the mode either
        raise ServiceError(_("the tournament's mode draws with %(methods)s, not %(method)s; "
                             "another mode is chosen in the settings before round 1 is drawn")
                           % {"methods": ", ".join(allowed), "method": method}, "method")
    seed = seed or secrets.token_hex(8)
    with change(t.pk, actor, "draw_round") as c:
        t = c.tournament
        ensure_not_finished(t)
        last = t.rounds.order_by("-number").first()
        if last is not None and last.status != Round.Status.CLOSED:
            raise Conflict(_("round %(n)s is not closed yet") % {"n": last.number})
        number = (last.number if last else 0) + 1
        refusal = fixed_rounds_refusal(t, number)
        if refusal:
            raise Conflict(refusal)
        alone = list(t.entrants.filter(alone=True).exclude(
            status=Entrant.Status.WITHDRAWN).order_by("start_number"))
        if alone:  # as Muckturnier's cleanup: nobody waits for a partner when the round starts
            raise ServiceError(_("players who came alone still wait for a partner: %(names)s "
                                 "(pair them up at the desk or withdraw them)")
                               % {"names": ", ".join(str(e) for e in alone)})
        # What the draw changes besides the new round, kept for an undo: the tournament's
        # status, and announced withdrawals that take effect with this round.
        c.before = {"tournament_status": t.status, "statuses": {
            str(e.pk): e.status for e in t.entrants.filter(
                withdrawn_from_round__lte=number).exclude(status=Entrant.Status.WITHDRAWN)}}
        renumbered = _start_list(t, info.start_order_at_first_draw(t, method)) \
            if number == 1 else {}
        if renumbered:  # kept for the undo, which gives the old numbers back
            c.before["start_numbers"] = {str(pk): old for pk, (old, _new) in renumbered.items()}
        drawn, method, seed = _drawn(t, number, seed, method)
        if renumbered:
            drawn = replace(drawn, explanation=(N_(
                "Start numbers given by the initial ranking (the start list): %(n)s of "
                "%(total)s entrants renumbered", n=len(renumbered),
                total=t.entrants.count()), *drawn.explanation))
        rnd = Round.objects.create(tournament=t, number=number, draw_method=method,
                                   draw_seed=seed, draw_explanation=_explained(t, drawn),
                                   extra=info.round_extra_for(t))
        _store(rnd, drawn)
        if t.status == Tournament.Status.SETUP:
            t.status = Tournament.Status.RUNNING
            t.save(update_fields=["status"])
        c.target = f"round {number}"
        c.wrote(f"round:{number}", *(f"entrant:{pk}" for pk in c.before["statuses"]),
                *(f"entrant:{pk}" for pk in renumbered if str(pk) not in c.before["statuses"]))
        c.reads.add("entrant:*")
        c.after = {"round": number, "method": method, "seed": seed,
                   "tables": len(drawn.tables), "byes": len(drawn.byes),
                   **info.draw_log(t, number, seed, method)}
        if renumbered:
            c.after["start_numbers"] = {str(pk): new for pk, (_old, new) in renumbered.items()}
    return rnd


def set_start_numbers(t: Tournament, numbers: dict[int, int]) -> None:
    """Give entrants (id -> number) new start numbers; the others keep theirs. In two steps
    above every number in use, so no two entrants share a number on the way."""
    if not numbers:
        return
    entrants = {e.pk: e for e in t.entrants.filter(pk__in=numbers)}
    top = max(t.entrants.order_by("-start_number").values_list("start_number", flat=True)[:1]
              or [0])
    top = max(top, *numbers.values())
    for k, e in enumerate(entrants.values(), start=1):
        e.start_number = top + k
    Entrant.objects.bulk_update(list(entrants.values()), ["start_number"])
    for pk, e in entrants.items():
        e.start_number = numbers[pk]
    Entrant.objects.bulk_update(list(entrants.values()), ["start_number"])


def _start_list(t: Tournament, order: list[int] | None) -> dict[int, tuple[int, int]]:
    """Number the entrants 1, 2, … in ``order`` (the discipline's start list at round 1;
    entrants it leaves out follow by their old numbers). Entrant id -> (old, new) of those
    whose number changes."""
    if not order:
        return {}
    old = dict(t.entrants.values_list("pk", "start_number"))
    ranked = [pk for pk in order if pk in old]
    ranked += sorted((pk for pk in old if pk not in set(ranked)), key=old.__getitem__)
    changes = {pk: (old[pk], k) for k, pk in enumerate(ranked, start=1) if old[pk] != k}
    set_start_numbers(t, {pk: new for pk, (_old, new) in changes.items()})
    return changes


def redraw_round(t: Tournament, actor: Actor, number: int) -> Round:
    """Draw the last round again (same method, same seed) while it has no result.

    For a round drawn before a result of an earlier round was corrected (``stale``):
    the new draw rests on the corrected results and the flag is cleared. The round
    is a preview again, to be checked and published.
    """
    with change(t.pk, actor, "redraw_round") as c:
        t = c.tournament
        ensure_not_finished(t)
        rnd = _round(t, number)
        last = t.rounds.order_by("-number").first()
        if last is None or last.pk != rnd.pk:
            raise ServiceError(_("only the last round can be drawn again"), "round")
        if ResultRevision.objects.filter(table__round=rnd, undone=False).exists():
            raise ServiceError(_("round %(n)s has results; it cannot be drawn again")
                               % {"n": number}, "round")
        if rnd.draw_method in ("import", pairing.REGISTRATION, ""):
            raise ServiceError(_("round %(n)s was not drawn here; it cannot be drawn again")
                               % {"n": number}, "round")
        c.target = f"round {number}"
        c.wrote(f"round:{number}")
        c.reads.add("entrant:*")
        c.before = {"round": number, **_round_record(rnd)}
        drawn, _method, _seed = _drawn(t, number, rnd.draw_seed, rnd.draw_method)
        rnd.tables.all().delete()
        rnd.byes.all().delete()
        _store(rnd, drawn)
        rnd.draw_explanation = _explained(t, drawn)
        rnd.status = Round.Status.PREVIEW
        rnd.stale, rnd.stale_reason = False, ""
        rnd.save(update_fields=["draw_explanation", "status", "stale", "stale_reason"])
        c.after = {"method": rnd.draw_method, "seed": rnd.draw_seed, "tables": _tables_of(rnd)}
    return rnd


def _tables_of(rnd: Round) -> list[list[tuple[int, int | None]]]:
    return [[(s.entrant.start_number, s.side) for s in tb.seats.all()]
            for tb in rnd.tables.prefetch_related("seats__entrant")]


def _round_record(rnd: Round) -> dict[str, object]:
    """A drawn round as the action log keeps it when the draw is replaced or deleted:
    method, seed, status, flags, explanation, tables (start numbers and sides) and byes."""
    return {"method": rnd.draw_method, "seed": rnd.draw_seed, "status": rnd.status,
            "stale": rnd.stale, "stale_reason": rnd.stale_reason, "extra": rnd.extra,
            "explanation": rnd.draw_explanation, "tables": _tables_of(rnd),
            "byes": [[b.entrant.start_number, b.kind]
                     for b in rnd.byes.select_related("entrant").order_by("entrant__start_number")]}


def mark_later_rounds_stale(t: Tournament, number: int, reason: str) -> list[int]:
    """A result of round ``number`` changed: later rounds drawn on the old one are stale.

    Call inside :func:`change`. Returns the numbers of the rounds flagged.
    """
    flagged = []
    for rnd in t.rounds.filter(number__gt=number, draw_method__in=RESULT_DEPENDENT):
        reasons = rnd.stale_reason.split("; ") if rnd.stale and rnd.stale_reason else []
        if reason not in reasons:
            reasons.append(reason)
        rnd.stale, rnd.stale_reason = True, "; ".join(reasons)[:300]
        rnd.save(update_fields=["stale", "stale_reason"])
        flagged.append(rnd.number)
    return flagged


def _round(t: Tournament, number: int) -> Round:
    try:
        return Round.objects.get(tournament=t, number=number)
    except Round.DoesNotExist:
        raise NotFound(_("there is no round %(n)s") % {"n": number}, "round") from None


def publish_round(t: Tournament, actor: Actor, number: int) -> Round:
    with change(t.pk, actor, "publish_round") as c:
        rnd = _round(c.tournament, number)
        if rnd.status != Round.Status.PREVIEW:
            raise Conflict(_("round %(n)s is already published") % {"n": number})
        rnd.status = Round.Status.OPEN
        rnd.save(update_fields=["status"])
        _round_status_logged(c, rnd, Round.Status.PREVIEW)
    # every phone in the hall opens the pairings now: render them before it asks
    warm_after_commit(t.pk)
    return rnd


def _round_status_logged(c: Change, rnd: Round, before: str) -> None:
    c.target = f"round {rnd.number}"
    c.wrote(f"round:{rnd.number}")
    c.before = {"round": rnd.number, "status": before}
    c.after = {"round": rnd.number, "status": rnd.status}


def close_round(t: Tournament, actor: Actor, number: int) -> Round:
    """Close a round once every table has a result that is not disputed."""
    with change(t.pk, actor, "close_round") as c:
        rnd = _round(c.tournament, number)
        if rnd.status != Round.Status.OPEN:
            raise RoundNotOpen(_("round %(n)s is not open") % {"n": number})
        found = blockers(rnd)
        if found:
            raise ServiceError(blocking_sentence(found))
        rnd.status = Round.Status.CLOSED
        rnd.save(update_fields=["status"])
        _round_status_logged(c, rnd, Round.Status.OPEN)
    return rnd


def reopen_round(t: Tournament, actor: Actor, number: int) -> Round:
    """Open the last round again (to correct results by captains); later rounds must not exist."""
    with change(t.pk, actor, "reopen_round") as c:
        ensure_not_finished(c.tournament)
        rnd = _round(c.tournament, number)
        if rnd.status != Round.Status.CLOSED or c.tournament.rounds.filter(
                number__gt=number).exists():
            raise Conflict(_("only the last round can be opened again, once it is closed"))
        rnd.status = Round.Status.OPEN
        rnd.save(update_fields=["status"])
        _round_status_logged(c, rnd, Round.Status.CLOSED)
    return rnd


def undo_draw(t: Tournament, actor: Actor) -> int:
    """Delete the last round while no result has come in for it."""
    with change(t.pk, actor, "undo_draw") as c:
        ensure_not_finished(c.tournament)
        rnd = c.tournament.rounds.order_by("-number").first()
        if rnd is None:
            raise NotFound(_("there is no round to undo"))
        delete_last_round(c, rnd)
    return rnd.number


def delete_last_round(c: Change, rnd: Round) -> None:
    """Delete the last round inside :func:`change` while no result that counts is in.

    Results taken back by an undo go with it (the log keeps them).
    """
    if ResultRevision.objects.filter(table__round=rnd, undone=False).exists():
        raise ServiceError(_("round %(n)s has results; correct them instead")
                           % {"n": rnd.number})
    c.target = f"round {rnd.number}"
    c.wrote(f"round:{rnd.number}")
    c.before = {"round": rnd.number, **_round_record(rnd)}
    t = rnd.tournament
    rnd.delete()
    # Who signed up while this round was the last one drawn joined from the next round;
    # with this round gone they play it (issue 24: a late entry stayed out after an undo
    # and a new draw).
    late = list(t.entrants.filter(joined_round=rnd.number + 1).values_list("pk", flat=True))
    if late:
        t.entrants.filter(pk__in=late).update(joined_round=rnd.number)
        c.before["joined_round"] = {str(pk): rnd.number + 1 for pk in late}
        c.wrote(*(f"entrant:{pk}" for pk in late))
    if rnd.number == 1:  # round 1 gave the start list: the numbers of registration come back
        drawn = ActionLog.objects.filter(tournament=t, action="draw_round",
                                         after__round=1).order_by("-id").first()
        numbers: dict[str, int] = ((drawn.before or {}).get("start_numbers") or {}
                                   if drawn is not None else {})
        if drawn is not None and numbers:
            set_start_numbers(t, {int(pk): n for pk, n in numbers.items()})
            c.before["start_numbers"] = (drawn.after or {}).get("start_numbers", {})
            c.wrote(*(f"entrant:{pk}" for pk in numbers))

