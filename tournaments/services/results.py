"""Results: captains submit, the director enters, corrects and resolves disputes.

A payload is checked by the discipline's module in :mod:`scoring` before
anything is written; errors name the field (``games[3].totals``). A second
report from *another* device that agrees confirms the result; one that differs
marks the table disputed and keeps both revisions for the director
(:mod:`.reporters` has the rule). Nothing is overwritten silently: every report
that changes something is a :class:`ResultRevision`.
"""

from __future__ import annotations

import hmac
import re
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from scoring import registry as scoring_registry
from scoring.model import Problems
from scoring.model import Seat as ScoringSeat
from scoring.model import Table as ScoringTable

from ..core_messages import say
from ..models import Result, ResultRevision, Round, SubmissionKey, Table
from . import reporters
from .base import Actor, Change, InvalidToken, RoundNotOpen, ServiceError, change
from .locks import ensure_not_finished
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
    # The discipline's keys, ranges, list lengths, size and depth: nothing else is stored.
    discipline.read_result(payload, stable, extra, settings, problems, "result", "")
    errors: dict[str, list[str]] = {}
    for p in problems.errors:
        field = p.place.removeprefix("result").lstrip(".") or "result"
        errors.setdefault(field, []).append(say(p.message))
    if errors:
        raise ServiceError(errors)
    return payload


TOKEN_PREFIX = 8  # characters looked up through the index; the rest compared in constant time


def tables_without_result(rnd: Round) -> list[int]:
    """The numbers of a round's tables (boards, matches) with no result yet, in order: what
    a discipline's quick entry lists as still to come."""
    done = set(Result.objects.filter(table__round=rnd).values_list("table__number", flat=True))
    return [n for n in rnd.tables.order_by("number").values_list("number", flat=True)
            if n not in done]


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
        raise InvalidToken(_("this link is not valid"), "token")
    prefix = token[:TOKEN_PREFIX]
    found = None
    candidates = Table.objects.select_related("round__tournament").filter(
        token__startswith=prefix)
    for table in candidates[:16]:
        if hmac.compare_digest(table.token.encode(), token.encode()):
            found = table
    if found is None:
        raise InvalidToken(_("this link is not valid"), "token")
    return found


@dataclass(frozen=True)
class Submission:
    """A captain's report as it was taken: the table's result and what the report did."""

    result: Result
    outcome: str  # reporters.Outcome

    @property
    def status(self) -> str:
        return self.result.status

    @property
    def answer(self) -> str:
        t = self.result.table.round.tournament
        return reporters.answer(self.outcome, self.result.status, t.disc.second_report_words)


def result_state(result: Result | None) -> dict[str, Any] | None:
    """A table's result as the action log keeps it: enough to put it back (None: none yet)."""
    if result is None:
        return None
    return {"payload": result.payload, "status": result.status, "version": result.version}


def parties(table: Table) -> dict[str, str]:
    """The personal links' reporter keys at ``table`` and the party each belongs to: the
    side (``side:2``), or the entrant itself at a table without sides."""
    return {f"entrant:{entrant}": f"side:{side}" if side is not None else f"entrant:{entrant}"
            for entrant, side in table.seats.values_list("entrant_id", "side")}


def live_reports(table: Table, party: dict[str, str] | None = None) -> list[reporters.Report]:
    """The table's reports that count (not undone), oldest first, each with its party."""
    party = parties(table) if party is None else party
    return [reporters.Report(r.reporter, r.payload, party.get(r.reporter))
            for r in ResultRevision.objects.filter(table=table, undone=False)
            .order_by("created", "id").only("reporter", "payload")]


SUBMISSION_KEY = re.compile(r"[A-Za-z0-9_-]{16,64}")


def check_submission_key(value: Any) -> str | None:
    """A client's submission key as given, None when none was given; refused when malformed.

    16 to 64 letters, digits, ``-`` or ``_`` (a UUID from ``crypto.randomUUID()`` is 36):
    bounded, and long enough that one phone never makes the same key twice by chance.
    """
    if value is None or value == "":
        return None
    if not isinstance(value, str) or not SUBMISSION_KEY.fullmatch(value):
        raise ServiceError(_("a submission key is 16 to 64 letters, digits, - or _ "
                             "(a UUID will do)"), "key")
    return value


def captain_submit(token: str, payload: Any, note: str = "",
                   device_id: str | None = None, key: str | None = None,
                   team: str | None = None) -> Submission:
    """A table captain's report through the table's link, from one device.

    ``device_id``: the phone's id (the captain page's cookie, the API's ``X-Device-Id``);
    None counts as the link's one anonymous device. What the report does is
    :func:`reporters.decide`'s rule: only a second device (or the director) confirms.

    ``key``: the submission's own key, made by the phone when the captain pressed "send"
    (:func:`check_submission_key`). The first copy to arrive is taken; every later copy
    of the same key at this table gets the first one's outcome and the table's result
    as it is now, writes nothing and is not checked again (whatever it carries, and even
    once the round is closed: it was stored while the round was open).

    ``team``: the mark of a team captain's own link to this match
    (:func:`reporters.team_mark`); the report is that team's (the party's key, not the
    device's), refused when the mark is not this table's.
    """
    key = check_submission_key(key)
    table = table_for_token(token)
    party = None
    if team:
        side = reporters.side_of_mark(table.pk, team)
        party = table.seats.filter(side=side).select_related("entrant").first() \
            if side is not None else None
        if party is None:
            raise InvalidToken(_("this team link is not one of this match"), "team")
    if key is not None:
        seen = submission_for_key(table, key)
        if seen is not None:
            return seen
    if table.round.status != Round.Status.OPEN:
        raise RoundNotOpen(_("this round is not open for results"), "token")
    check_payload(table, payload)
    reporter = reporters.device_reporter(table.pk, reporters.check_device_id(device_id))
    actor = Actor(None, f"captain of table {table.number}, round {table.round.number}")
    if party is not None:
        reporter = reporters.party_reporter(party.entrant_id)
        actor = Actor(None, f"captain of {party.entrant.name[:80]}, round {table.round.number}")
    return submit_report(table, actor, payload, reporter, note=note, key=key)


def submission_for_key(table: Table, key: str) -> Submission | None:
    """The outcome of the submission already stored under ``key`` at ``table``, if any.

    Its result is the table's as it stands now; when the director has cleared it since,
    an unsaved empty stand-in (nothing is written again for a key once taken).
    """
    known = SubmissionKey.objects.filter(table=table, key=key).only("outcome").first()
    if known is None:
        return None
    result = (Result.objects.filter(table=table).first()
              or Result(table=table, payload={}, status=Result.Status.SUBMITTED))
    return Submission(result, known.outcome)


def submit_report(table: Table, actor: Actor, payload: Any, reporter: str,
                  note: str = "", key: str | None = None) -> Submission:
    """Take one checked report of ``reporter`` for an open round's table.

    The one place the rule is applied, whatever kind of link the report came through
    (a table's captain link today, a personal link tomorrow). ``key`` (checked) is stored
    with the outcome in the same transaction, under the tournament's lock, so two copies
    arriving at once are taken once.
    """
    with change(table.round.tournament_id, actor, "captain_submit") as c:
        if key is not None:
            seen = submission_for_key(table, key)  # a copy that overtook this one while it waited
            if seen is not None:
                c.unchanged = True
                return seen
        ensure_not_finished(c.tournament)
        rnd = Round.objects.get(pk=table.round_id)
        if rnd.status != Round.Status.OPEN:
            raise RoundNotOpen(_("this round is not open for results"), "token")
        result = Result.objects.select_for_update().filter(table=table).first()
        party = parties(table)
        decision = reporters.decide(result.status if result else None,
                                    result.payload if result else None,
                                    live_reports(table, party),
                                    reporters.Report(reporter, payload, party.get(reporter)),
                                    parties_only=bool(getattr(c.tournament.disc, "has_teams",
                                                              False)))
        if key is not None:
            SubmissionKey.objects.create(table=table, key=key, outcome=str(decision.outcome))
        if not decision.record:
            c.unchanged = True  # the same report again: no revision, no log entry
            assert result is not None  # a repeated report repeats a stored result
            return Submission(result, decision.outcome)
        c.target = f"round {rnd.number}, table {table.number}"
        c.wrote(f"table:{table.pk}")
        c.reads.add(f"round:{rnd.number}")
        c.before = {"result": result_state(result)}
        revision = ResultRevision.objects.create(table=table, payload=payload, source="captain",
                                                 note=note[:200], reporter=reporter)
        if result is None:
            result = Result.objects.create(table=table, payload=payload)
        else:
            result.payload, result.status = decision.payload, decision.status
            result.version += 1
            result.save(update_fields=["payload", "status", "version", "updated"])
        c.after = {"result": result_state(result), "outcome": str(decision.outcome),
                   "revision": revision.pk, "table": table.pk, "round": rnd.number}
    return Submission(result, decision.outcome)


def director_set_result(table: Table, actor: Actor, payload: Any, note: str = "") -> Result:
    """Enter, correct, or settle a dispute: the director's result is confirmed.

    If the result that counts changes while later rounds exist, those rounds were drawn
    on the old result: they are marked stale (the round page offers to draw again).
    """
    check_payload(table, payload)
    with change(table.round.tournament_id, actor, "set_result") as c:
        ensure_not_finished(c.tournament)
        revision = ResultRevision.objects.create(table=table, payload=payload,
                                                 source="director", user=actor.user,
                                                 note=note[:200], reporter=reporters.DIRECTOR)
        result = Result.objects.select_for_update().filter(table=table).first()
        number = table.round.number
        c.target = f"round {number}, table {table.number}"
        c.wrote(f"table:{table.pk}")
        c.reads.add(f"round:{number}")
        c.before = {"result": result_state(result)}
        counted = None
        if result is None:
            result = Result.objects.create(table=table, payload=payload,
                                           status=Result.Status.CONFIRMED)
        else:
            if result.status != Result.Status.DISPUTED:
                counted = result.payload
            result.payload = payload
            result.status = Result.Status.CONFIRMED
            result.version += 1
            result.save()
        c.after = {"result": result_state(result), "revision": revision.pk,
                   "table": table.pk, "round": number}
        if counted != payload:
            mark_stale(c, number, _("drawn before the result of table %(table)s in round "
                                    "%(n)s changed") % {"table": table.number, "n": number})
    return result


def clear_result(table: Table, actor: Actor) -> None:
    """Take a table's result back to "not played yet" (the seed's program: result ``-1``).

    Refused in a closed round (every table there keeps an agreed result: open it again
    first) and at a table without a result. The reports sent so far stop counting (their
    revisions are marked undone, kept on record), so the next report starts afresh; later
    rounds drawn on the cleared result are marked stale.
    """
    with change(table.round.tournament_id, actor, "clear_result") as c:
        ensure_not_finished(c.tournament)
        rnd = Round.objects.get(pk=table.round_id)
        where = c.tournament.disc.table_label(table.number)
        if rnd.status == Round.Status.CLOSED:
            raise RoundNotOpen(_("round %(n)s is closed; open it again to clear the result "
                                 "of %(table)s") % {"n": rnd.number, "table": where}, "table")
        result = Result.objects.select_for_update().filter(table=table).first()
        if result is None:
            raise ServiceError(_("%(table)s has no result to clear") % {"table": where},
                               "table")
        c.target = f"round {rnd.number}, table {table.number}"
        c.wrote(f"table:{table.pk}")
        c.reads.add(f"round:{rnd.number}")
        c.before = {"result": result_state(result)}
        counted = result.payload if result.status != Result.Status.DISPUTED else None
        undone = list(ResultRevision.objects.filter(table=table, undone=False)
                      .values_list("pk", flat=True))
        ResultRevision.objects.filter(pk__in=undone).update(undone=True)
        result.delete()
        c.after = {"result": None, "table": table.pk, "round": rnd.number,
                   "revisions_undone": undone}
        if counted is not None:
            mark_stale(c, rnd.number, _("drawn before the result of table %(table)s in round "
                                        "%(n)s was cleared") % {"table": table.number,
                                                                 "n": rnd.number})


def mark_stale(c: Change, number: int, reason: str) -> None:
    """Flag the rounds after ``number`` as drawn on an old result, keeping in the entry how
    they were flagged before and after (so an undo can put the flags back)."""
    before = {str(r.number): [r.stale, r.stale_reason] for r in c.tournament.rounds.filter(
        number__gt=number)}
    stale = mark_later_rounds_stale(c.tournament, number, reason)
    if stale:
        c.after["stale_rounds"] = stale
        c.after["stale_flags"] = {str(r.number): [r.stale, r.stale_reason] for r in
                                  c.tournament.rounds.filter(number__in=stale)}
        c.before["stale_flags"] = {str(n): before[str(n)] for n in stale}


def accept_revision(revision: ResultRevision, actor: Actor) -> Result:
    """Settle a dispute by taking one of the submitted revisions (not one taken back)."""
    if revision.undone:
        raise ServiceError(_("this submission was undone; it cannot be accepted"), "revision")
    return director_set_result(revision.table, actor, revision.payload,
                               note=f"accepted revision {revision.pk}")
