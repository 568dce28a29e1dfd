"""Results: captains submit, the director enters, corrects and resolves disputes.

A payload is checked by the discipline's module in :mod:`scoring` before
anything is written; errors name the field (``games[3].totals``). A
captain's second submission that agrees confirms the result; one that differs
marks the table disputed and keeps both revisions for the director. Nothing
is overwritten silently: every submission is a :class:`ResultRevision`.
"""

from __future__ import annotations

import hmac
from typing import Any

from django.utils.translation import gettext as _

from scoring import registry as scoring_registry
from scoring.model import Problems
from scoring.model import Seat as ScoringSeat
from scoring.model import Table as ScoringTable

from ..models import Result, ResultRevision, Round, Table
from .base import Actor, ServiceError, change
from .rounds import mark_later_rounds_stale


def check_payload(table: Table, payload: Any) -> Any:
    """Validate ``payload`` for ``table``; raise :class:`ServiceError` naming each bad field."""
    t = table.round.tournament
    discipline = scoring_registry.DISCIPLINES[t.discipline]
    problems = Problems()
    settings = discipline.parse_settings(t.scoring, problems, "scoring")
    extra = discipline.parse_round(table.round.extra, settings, problems, "round", "")
    seats = tuple(ScoringSeat(s.entrant.start_number, s.side)
                  for s in table.seats.select_related("entrant"))
    stable = ScoringTable(table.number, seats, None, "table", "")
    if payload is None or not isinstance(payload, dict):
        raise ServiceError(_("a result is an object"), "result")
    discipline.parse_result(payload, stable, extra, settings, problems, "result", "")
    errors: dict[str, list[str]] = {}
    for p in problems.errors:
        field = p.place.removeprefix("result").lstrip(".") or "result"
        errors.setdefault(field, []).append(p.message)
    if errors:
        raise ServiceError(errors)
    return payload


TOKEN_PREFIX = 8  # characters looked up through the index; the rest compared in constant time


def table_for_token(token: str) -> Table:
    """The table of a captain's token, found without the token leaking through timing.

    A plain ``filter(token=token)`` compares the secret inside the database's index walk
    and string comparison, which in principle takes longer the more leading characters of a
    guess are right. So only the first ``TOKEN_PREFIX`` characters go to the database (a
    prefix lookup, ``LIKE 'abcdefgh%'``), and every candidate is compared in full with
    :func:`hmac.compare_digest`, whose time does not depend on where the strings differ.
    Timing can therefore tell at most the first 8 characters (48 bits) of some token; the
    other 24 (144 bits) are only ever compared in constant time. No extra column and no
    migration are needed. Tokens are ASCII (``secrets.token_urlsafe``); anything else is no
    token.
    """
    if not token or len(token) > 64 or not token.isascii():
        raise ServiceError(_("this link is not valid"), "token")
    prefix = token[:TOKEN_PREFIX]
    found = None
    candidates = Table.objects.select_related("round__tournament").filter(
        token__startswith=prefix)
    for table in candidates[:16]:
        if hmac.compare_digest(table.token.encode(), token.encode()):
            found = table
    if found is None:
        raise ServiceError(_("this link is not valid"), "token")
    return found


def captain_submit(token: str, payload: Any, note: str = "") -> Result:
    """A table captain's submission through the table's link."""
    table = table_for_token(token)
    if table.round.status != Round.Status.OPEN:
        raise ServiceError(_("this round is not open for results"), "token")
    check_payload(table, payload)
    actor = Actor(None, f"captain of table {table.number}, round {table.round.number}")
    with change(table.round.tournament_id, actor, "captain_submit") as c:
        rnd = Round.objects.get(pk=table.round_id)
        if rnd.status != Round.Status.OPEN:
            raise ServiceError(_("this round is not open for results"), "token")
        ResultRevision.objects.create(table=table, payload=payload, source="captain",
                                      note=note[:200])
        result = Result.objects.select_for_update().filter(table=table).first()
        c.target = f"round {rnd.number}, table {table.number}"
        if result is None:
            result = Result.objects.create(table=table, payload=payload)
        else:
            c.before = {"payload": result.payload, "status": result.status}
            if result.status != Result.Status.DISPUTED:
                result.status = (Result.Status.CONFIRMED if result.payload == payload
                                 else Result.Status.DISPUTED)
                result.version += 1
                result.save(update_fields=["status", "version", "updated"])
        c.after = {"payload": payload, "status": result.status}
    return result


def director_set_result(table: Table, actor: Actor, payload: Any, note: str = "") -> Result:
    """Enter, correct, or settle a dispute: the director's result is confirmed.

    If the result that counts changes while later rounds exist, those rounds were drawn
    on the old result: they are marked stale (the round page offers to draw again).
    """
    check_payload(table, payload)
    with change(table.round.tournament_id, actor, "set_result") as c:
        ResultRevision.objects.create(table=table, payload=payload, source="director",
                                      user=actor.user, note=note[:200])
        result = Result.objects.select_for_update().filter(table=table).first()
        number = table.round.number
        c.target = f"round {number}, table {table.number}"
        counted = None
        if result is None:
            result = Result.objects.create(table=table, payload=payload,
                                           status=Result.Status.CONFIRMED)
        else:
            c.before = {"payload": result.payload, "status": result.status}
            if result.status != Result.Status.DISPUTED:
                counted = result.payload
            result.payload = payload
            result.status = Result.Status.CONFIRMED
            result.version += 1
            result.save()
        c.after = {"payload": payload, "status": result.status}
        if counted != payload:
            stale = mark_later_rounds_stale(
                c.tournament, number,
                _("drawn before the result of table %(table)s in round %(n)s changed")
                % {"table": table.number, "n": number})
            if stale:
                c.after["stale_rounds"] = stale
    return result


def accept_revision(revision: ResultRevision, actor: Actor) -> Result:
    """Settle a dispute by taking one of the submitted revisions."""
    return director_set_result(revision.table, actor, revision.payload,
                               note=f"accepted revision {revision.pk}")
