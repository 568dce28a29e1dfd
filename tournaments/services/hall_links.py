"""Links that follow the evening (issue 19): a permanent code per physical table, a personal
link per entrant, and the party's own confirmation of its table's result.

**Table codes.** ``/tc/<code>/`` names a table *number* of a tournament
(:class:`~tournaments.models.TableCode`): it leads to the table of that number in the round
that is open now, so a card printed once and taped to the table serves the whole evening.
The director makes the codes for tables 1..N (:func:`make_table_codes`); existing codes never
change.

**Personal links.** ``/e/<code>/`` (``Entrant.link_code``, given at registration).

**The party's confirmation.** On the personal link an entrant sees the result reported for
their table in the open round and confirms it (a report of the same result) or says it is
wrong (the table becomes disputed; the director decides). The rule, on top of
:func:`reporters.decide`:

- The reporter key is ``entrant:<entrant id>``; :func:`reporters.decide` treats it as one
  more independent reporter.
- A *party* is one side of the table (a fixed pair, or the players of one side). A
  confirmation counts only if the report it confirms was not made by the confirming party
  itself: it is refused when the report that stands came through the personal link of an
  entrant of the same side, or from this very phone (the captain page's device id, which
  the browser sends to the confirmation address under ``/c/``).
- What a captain's phone reported carries no party (a table's link is shared by both
  parties). So the rule holds per entrant, not per device (issue 32, finding 10): a party's
  link agreeing with a phone's report is kept ("agreed") but confirms only once a link of
  the *other* party agrees too; otherwise a captain of party A could report on one phone
  and confirm with A's personal link in a second browser. (A second captain phone that
  agrees still confirms, as before: the table's link is the table's, not a party's.)
- After the director has decided a table (entered or accepted its result), nothing reopens
  it: a later "that is wrong" is logged and a later report kept on record, both for the
  director to see, and the director's result stands (finding 3).
- A withdrawn entrant's link no longer confirms or disputes anything.
- The director can replace a table's card code (with the captain link of that table in the
  open round) and an entrant's personal link: the old ones stop working at once
  (:func:`rotate_table_code`, :func:`rotate_entrant_link`).
- The confirmation names the result version it was shown; if the result changed since, it
  is refused ("look again") instead of confirming something the entrant never saw.
"""

from __future__ import annotations

import hmac
from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext as _

from ..models import (
    Entrant,
    Result,
    ResultRevision,
    Round,
    Seat,
    Table,
    TableCode,
    Tournament,
    new_token,
)
from . import reporters
from .base import Actor, InvalidToken, RoundNotOpen, ServiceError, change
from .locks import ensure_not_finished
from .results import Submission, live_reports, result_state, submit_report

PREFIX = 8  # characters looked up through the index; the rest compared in constant time
MAX_TABLES = 500  # the most table cards one tournament gets


def _by_code(queryset: QuerySet[Any], field: str, code: str) -> Any:
    """The row whose ``field`` is ``code``, compared in constant time beyond a prefix
    (as :func:`services.results.table_for_token` does for captains' tokens)."""
    if not code or len(code) > 64 or not code.isascii():
        raise InvalidToken(_("this link is not valid"), "code")
    found = None
    for row in queryset.filter(**{f"{field}__startswith": code[:PREFIX]})[:16]:
        if hmac.compare_digest(getattr(row, field).encode(), code.encode()):
            found = row
    if found is None:
        raise InvalidToken(_("this link is not valid"), "code")
    return found


def table_code(code: str) -> TableCode:
    return _by_code(TableCode.objects.select_related("tournament"), "code", code)


def entrant_for_link(code: str) -> Entrant:
    return _by_code(Entrant.objects.select_related("tournament"), "link_code", code)


def open_round(t: Tournament) -> Round | None:
    """The round results are taken for now (the latest open one), or None."""
    return t.rounds.filter(status=Round.Status.OPEN).order_by("-number").first()


def open_table(tc: TableCode) -> Table | None:
    """The table of this number in the open round, or None (no round open, or the open
    round has fewer tables)."""
    rnd = open_round(tc.tournament)
    if rnd is None:
        return None
    return Table.objects.select_related("round__tournament").filter(
        round=rnd, number=tc.number).first()


def code_for(t: Tournament, number: int) -> TableCode | None:
    return TableCode.objects.filter(tournament=t, number=number).first()


def next_table(table: Table, device_id: str | None) -> Table | None:
    """For a phone on a closed round's captain page: the same table number in the open round,
    if that phone is the table's own.

    Only a phone that reported at this very table (its device id cookie) in the round just
    before the open one is led on, and to the open round's captain link, not to the table's
    permanent card code: anyone holding an old round's link (a photo, an old score sheet)
    used to be shown the permanent code and with it every later round of that table (issue
    32, finding 8).
    """
    rnd = open_round(table.round.tournament)
    if rnd is None or rnd.pk == table.round_id or table.round.number != rnd.number - 1:
        return None
    if not device_id or not ResultRevision.objects.filter(
            table=table, reporter=reporters.device_reporter(table.pk, device_id)).exists():
        return None
    return Table.objects.filter(round=rnd, number=table.number).first()


def tables_needed(t: Tournament) -> int:
    """How many table cards the evening needs as far as it is known: the most tables of any
    round, or of the draw at registration."""
    most = max((r.tables.count() for r in t.rounds.all()), default=0)
    seats = t.registration_seats.order_by("-table").values_list("table", flat=True).first()
    return max(most, seats or 0)


def make_table_codes(t: Tournament, actor: Actor, count: Any) -> list[TableCode]:
    """Give tables 1..``count`` a permanent code each (those that have one keep it)."""
    try:
        n = int(count)
    except (TypeError, ValueError):
        raise ServiceError(_("a whole number of tables"), "count") from None
    if not 1 <= n <= MAX_TABLES:
        raise ServiceError(_("between 1 and %(n)s tables") % {"n": MAX_TABLES}, "count")
    with change(t.pk, actor, "table_codes") as c:
        have = set(TableCode.objects.filter(tournament=t).values_list("number", flat=True))
        new = [TableCode(tournament=t, number=k) for k in range(1, n + 1) if k not in have]
        if not new:
            c.unchanged = True
        else:
            TableCode.objects.bulk_create(new)
            c.wrote("table_codes")
            c.after = {"tables": [tc.number for tc in new]}
    return list(TableCode.objects.filter(tournament=t, number__lte=n))


# ------------------------------------------------------------------ the party's confirmation


def entrant_reporter(entrant: Entrant) -> str:
    return f"entrant:{entrant.pk}"


def seat_in(entrant: Entrant, rnd: Round) -> Seat | None:
    return Seat.objects.select_related("table").filter(round=rnd, entrant=entrant).first()


def party_keys(entrant: Entrant, table: Table, device_id: str | None) -> set[str]:
    """The reporter keys that count as this entrant's own party at ``table``: the personal
    links of every entrant on the same side, and this phone's captain device (if known)."""
    mine = Seat.objects.filter(table=table, entrant=entrant).first()
    if mine is None:
        return set()
    side = Seat.objects.filter(table=table)
    side = side.filter(side=mine.side) if mine.side is not None else side.filter(entrant=entrant)
    keys = {f"entrant:{pk}" for pk in side.values_list("entrant_id", flat=True)}
    if device_id:
        keys.add(reporters.device_reporter(table.pk, device_id))
    return keys


# What an entrant's press did (the page says it in words): confirmed (it counts as the
# second party's report), agreed (the party agrees; the other party has yet to), received
# (counted, nothing new), own (this phone's own report: not counted), disputed, kept (the
# director has decided: kept on record, nothing reopened).
CONFIRMED, RECEIVED, OWN, DISPUTED = "confirmed", "received", "own", "disputed"
AGREED, KEPT = "agreed", "kept"


def _actor(entrant: Entrant) -> Actor:
    """The entrant by start number and name: names read the same in either language."""
    return Actor(None, f"{entrant.start_number}. {entrant.name[:80]}")


def _checked(entrant: Entrant, version: Any) -> tuple[Table, Result]:
    """The entrant's table in the open round and its result, as the entrant saw it."""
    if entrant.status == Entrant.Status.WITHDRAWN:
        raise ServiceError(_("you have withdrawn from the tournament; your link no longer "
                             "confirms results"), "entrant")
    rnd = open_round(entrant.tournament)
    seat = seat_in(entrant, rnd) if rnd else None
    if seat is None:
        raise RoundNotOpen(_("you have no table in an open round"), "table")
    result = Result.objects.filter(table=seat.table).first()
    if result is None:
        raise ServiceError(_("no result has been reported for your table yet"), "table")
    try:
        seen = int(version)
    except (TypeError, ValueError):
        seen = -1
    if seen != result.version:
        raise ServiceError(_("the result has changed meanwhile; please look at it again"),
                           "version")
    return seat.table, result


def confirm(entrant: Entrant, version: Any, device_id: str | None = None) -> str:
    """The entrant's party confirms the result that stands for its table (see the module doc)."""
    table, result = _checked(entrant, version)
    if result.status == Result.Status.DISPUTED:
        return DISPUTED
    phone = (ResultRevision.objects.filter(table=table, undone=False)
             .exclude(reporter__startswith="entrant:")
             .order_by("-created", "-id").only("reporter").first())
    if result.status == Result.Status.SUBMITTED and phone is not None and \
            phone.reporter in party_keys(entrant, table, device_id):
        return OWN
    # A report the party itself made as a party (a team captain's own match link reports as
    # its team): its own personal link cannot confirm it either.
    if result.status == Result.Status.SUBMITTED and phone is None and \
            ResultRevision.objects.filter(table=table, undone=False,
                                          reporter=entrant_reporter(entrant)).exists():
        return OWN
    submission: Submission = submit_report(table, _actor(entrant), result.payload,
                                           entrant_reporter(entrant), note="confirmed by link")
    if submission.outcome == reporters.Outcome.CONFIRMED:
        return CONFIRMED
    return AGREED if submission.status == Result.Status.SUBMITTED else RECEIVED


def dispute(entrant: Entrant, version: Any) -> str:
    """The entrant says the reported result is wrong: the table is disputed, the director
    decides (the reported result stays on record, nothing is replaced)."""
    table, result = _checked(entrant, version)
    if result.status == Result.Status.DISPUTED:
        return DISPUTED
    with change(table.round.tournament_id, _actor(entrant), "entrant_dispute") as c:
        ensure_not_finished(c.tournament)
        rnd = Round.objects.get(pk=table.round_id)
        if rnd.status != Round.Status.OPEN:
            raise RoundNotOpen(_("this round is not open for results"), "table")
        locked = Result.objects.select_for_update().get(pk=result.pk)
        c.target = f"round {rnd.number}, table {table.number}"
        if reporters.decided(live_reports(table)):
            # The director's decision stands; the objection is on record in the log. It
            # neither writes nor reads the table, so it cannot block undoing the decision.
            c.before = c.after = {"result": result_state(locked), "table": table.pk,
                                  "round": rnd.number, "entrant": entrant.pk, "kept": True}
            return KEPT
        c.wrote(f"table:{table.pk}")
        c.reads.add(f"round:{rnd.number}")
        c.before = {"result": result_state(locked)}
        locked.status = Result.Status.DISPUTED
        locked.version += 1
        locked.save(update_fields=["status", "version", "updated"])
        c.after = {"result": result_state(locked), "table": table.pk, "round": rnd.number,
                   "entrant": entrant.pk}
    return DISPUTED


# ------------------------------------------------------------------ replacing a link


def rotate_table_code(t: Tournament, actor: Actor, number: Any) -> TableCode:
    """A new card code for table ``number``, and a new captain link for that table in every
    round not closed yet: the old card and link stop working at once (a card that got
    into the wrong hands, or a photo of it). The card has to be printed again."""
    try:
        n = int(number)
    except (TypeError, ValueError):
        raise ServiceError(_("a table number"), "table") from None
    with change(t.pk, actor, "rotate_table_code") as c:
        tc = TableCode.objects.filter(tournament=t, number=n).first() if 0 < n < 10_000 \
            else None
        if tc is None:
            raise ServiceError(_("table %(n)s has no card yet") % {"n": number}, "table")
        tc.code = new_token()
        tc.save(update_fields=["code"])
        tables = list(Table.objects.filter(round__tournament=t, number=n).exclude(
            round__status=Round.Status.CLOSED))
        for table in tables:
            table.token = new_token()
            table.save(update_fields=["token"])
        c.target = f"table {n}"
        c.wrote(f"link:table:{n}")  # never an old or new code: the log is no key ring
        c.after = {"table": n, "captain_links": len(tables)}
    return tc


def rotate_entrant_link(t: Tournament, actor: Actor, start_number: Any) -> Entrant:
    """A new personal link for the entrant of ``start_number``: the old one stops working."""
    try:
        n = int(start_number)
    except (TypeError, ValueError):
        raise ServiceError(_("a start number"), "entrant") from None
    with change(t.pk, actor, "rotate_entrant_link") as c:
        entrant = Entrant.objects.filter(tournament=t, start_number=n).first() \
            if 0 < n < 100_000 else None
        if entrant is None:
            raise ServiceError(_("no entrant has start number %(n)s") % {"n": start_number},
                               "entrant")
        entrant.link_code = new_token()
        entrant.save(update_fields=["link_code"])
        c.target = str(entrant)[:100]
        c.wrote(f"link:entrant:{entrant.pk}")
        c.after = {"entrant": entrant.pk, "start_number": n}
    return entrant
