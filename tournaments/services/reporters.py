"""Who reported a table's result, and what one more report does to it.

A result is confirmed by a second, independent report, never by the same phone twice
(a captain who taps "send" again, or sends the same result from the same link again, has
not been checked by anybody). So every report carries a *reporter*: an opaque key that
says who sent it, compared only for equality.

- A captain's phone: the captain page sets a long-lived random device id cookie, and an
  app on the captain API sends its own id in the ``X-Device-Id`` header. The key is
  ``device:`` and an HMAC of the table and the id, keyed with the site's secret, so the
  database neither holds the id nor lets anyone link one phone's reports across tables.
- No device id (an old client, a script): ``device:anonymous``, one anonymous device per
  link, which therefore can never confirm its own report.
- The director: ``director``; the director's entry is confirmed anyway.

A personal link per entrant is one more kind of key (``entrant:<id>``); a team's captain
link to one match (:func:`team_mark`) reports with the same key as the team's personal
link, so the two captains of a match are two parties whatever phones they use, and one
team's captain never confirms his own report. :func:`decide` compares keys and never
looks inside them.

This stops one phone (or one careless captain) from confirming alone; it does not stop a
determined cheat with two browsers, which is why every report stays on record for the
director and a dispute always goes to the director.
"""

from __future__ import annotations

import hmac
import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _

from ..disciplines.words import OTHER_PARTY, SecondReport
from .base import ServiceError

ANONYMOUS = "device:anonymous"
DIRECTOR = "director"
DEVICE_HEADER = "X-Device-Id"
DEVICE_COOKIE = "tw_device"
DEVICE_COOKIE_DAYS = 400  # browsers cap cookies at about 400 days
DEVICE_ID = re.compile(r"[A-Za-z0-9._~:-]{16,128}")

# The table's status as a word (the values of models.Result.Status), kept here so the
# rule below is plain Python with no database in it.
SUBMITTED, CONFIRMED, DISPUTED = "submitted", "confirmed", "disputed"


class Outcome(StrEnum):
    """What one report did; the captain's answer says it."""

    FIRST = "submitted"  # the table's first report: waiting for a second one
    REPEATED = "received"  # the same reporter sent the same again: nothing changes
    REPLACED = "replaced"  # the only reporter so far corrected their own report
    CONFIRMED = "confirmed"  # another reporter agrees (or the result was confirmed already)
    DISPUTED = "disputed"  # another reporter differs: the director decides
    AGREED = "agreed"  # a party's personal link agrees: the other party still has to
    KEPT = "kept"  # differs from the director's decision: on record, the decision stands


OUTCOMES = frozenset(o.value for o in Outcome)


@dataclass(frozen=True)
class Report:
    """One report. ``party``: the side of the table a personal link's entrant plays on
    (``side:2``; ``entrant:<id>`` at a table without sides), None for a captain's phone or
    the director, whose party nobody knows."""

    reporter: str
    payload: Any
    party: str | None = None


@dataclass(frozen=True)
class Decision:
    outcome: Outcome
    status: str  # the table's status afterwards
    payload: Any  # the result that counts afterwards
    record: bool  # whether the report is kept as a new revision


def check_device_id(value: Any, field: str = DEVICE_HEADER) -> str | None:
    """A client's device id as given, or None when none was given; refused when malformed.

    16 to 128 characters of letters, digits and ``- _ . : ~`` (a UUID, a random token):
    short enough to bound, long enough that two phones do not pick the same by chance.
    """
    if value is None or value == "":
        return None
    if not isinstance(value, str) or not DEVICE_ID.fullmatch(value):
        raise ServiceError(_("a device id is 16 to 128 letters, digits or - _ . : ~ "
                             "(a UUID will do)"), field)
    return value


def device_reporter(table_id: int, device_id: str | None) -> str:
    """The reporter key of a captain's device at one table (see the module doc)."""
    if not device_id:
        return ANONYMOUS
    digest = salted_hmac("turnierwart.device", f"{table_id}:{device_id}",
                         algorithm="sha256").hexdigest()
    return f"device:{digest}"


def decided(reports: Sequence[Report]) -> bool:
    """Whether the director has decided the table: a report of the director's still counts
    (an undo or clearing the result takes it back)."""
    return any(r.reporter == DIRECTOR for r in reports)


TEAM_MARK = re.compile(r"([12])-([0-9a-f]{20})")


def team_mark(table_id: int, side: int) -> str:
    """The mark of one team's captain link to one match (``/c/<token>/?team=<mark>``): the
    side and an HMAC of table and side keyed with the site's secret, so a captain cannot
    make the other team's link from his own."""
    digest = salted_hmac("turnierwart.team-match", f"{table_id}:{side}",
                         algorithm="sha256").hexdigest()[:20]
    return f"{side}-{digest}"


def side_of_mark(table_id: int, mark: Any) -> int | None:
    """The side a team's match link names, or None when the mark is not this table's."""
    found = TEAM_MARK.fullmatch(mark) if isinstance(mark, str) else None
    if found is None:
        return None
    side = int(found.group(1))
    return side if hmac.compare_digest(team_mark(table_id, side), mark) else None


def party_reporter(entrant_id: int) -> str:
    """The reporter key of a party (a team, a pair): its personal link and its captain's
    match link report as the same party, so they never confirm each other."""
    return f"entrant:{entrant_id}"


def decide(status: str | None, current: Any, reports: Sequence[Report],
           new: Report, parties_only: bool = False) -> Decision:
    """What ``new`` does to a table whose result has ``status`` and ``current`` payload.

    ``parties_only``: a table whose two parties have links of their own (a team match:
    each captain's match link and each team's personal link). There a phone on the
    table's plain link, whose party nobody knows, agrees with a report a party made but
    never confirms it: the phone could be that very party, which would otherwise confirm
    itself just by cutting the mark off its own link (fourth review, finding 1). Two
    phones on the plain link still confirm each other, as at every table (see the module
    doc): a later differing report of the other team disputes the match.

    ``reports``: the table's reports that count (not undone), oldest first. Rules:

    - no result yet: the report is the result, submitted, waiting for another reporter;
    - submitted: its reporter is the last phone (or the director) that reported; the same
      reporter again with the same result changes nothing, with another result replaces its
      own report (a typo corrected before anyone confirmed is no dispute); another reporter
      confirms by agreeing or disputes by differing;
    - submitted, and the new report comes through an entrant's personal link (it has a
      ``party``): the two-party rule holds per entrant (issue 32, finding 10). Nobody
      knows which party a captain's phone belongs to, so a party's link agreeing with a
      phone's report could be that very party agreeing with itself from a second browser:
      it is kept (``agreed``) and confirms only once a link of *another* party has agreed
      with the same result too;
    - confirmed: agreeing confirms again (nothing new if this reporter agreed before),
      differing disputes;
    - disputed: stays disputed until the director decides; a reporter repeating its own
      last report adds nothing;
    - decided (a report of the director's still counts): the director's result stands.
      Another report is kept on record (agreeing confirms again, differing is ``kept``),
      but it never reopens the table: otherwise anyone with the table's card or a
      personal link, or a phone sending a late offline report, could make a decided table
      disputed again and again and keep the round from closing (issue 32, finding 3).
    """
    if status is None:
        return Decision(Outcome.FIRST, SUBMITTED, new.payload, True)
    mine = [r for r in reports if r.reporter == new.reporter]
    same = new.payload == current
    if decided(reports):
        since = reports[max(i for i, r in enumerate(reports) if r.reporter == DIRECTOR) + 1:]
        if any(r.reporter == new.reporter and r.payload == new.payload for r in since):
            return Decision(Outcome.REPEATED, status, current, False)
        return Decision(Outcome.CONFIRMED if same else Outcome.KEPT, status, current, True)
    if status == SUBMITTED:
        phones = [r for r in reports if r.party is None]
        owner = (phones or list(reports) or [new])[-1].reporter
        if new.party is not None and same:
            others = {r.party for r in reports if r.party is not None
                      and r.payload == current} - {new.party}
            if others:
                return Decision(Outcome.CONFIRMED, CONFIRMED, current, True)
            if any(r.payload == current for r in mine):
                return Decision(Outcome.REPEATED, SUBMITTED, current, False)
            return Decision(Outcome.AGREED, SUBMITTED, current, True)
        if parties_only and same and new.party is None and owner != new.reporter and any(
                r.party is not None and r.payload == current for r in reports):
            if any(r.payload == current for r in mine):
                return Decision(Outcome.REPEATED, SUBMITTED, current, False)
            return Decision(Outcome.AGREED, SUBMITTED, current, True)
        if owner == new.reporter:
            if same:
                return Decision(Outcome.REPEATED, SUBMITTED, current, False)
            return Decision(Outcome.REPLACED, SUBMITTED, new.payload, True)
        if same:
            return Decision(Outcome.CONFIRMED, CONFIRMED, current, True)
        return Decision(Outcome.DISPUTED, DISPUTED, current, True)
    if status == CONFIRMED:
        if not same:
            return Decision(Outcome.DISPUTED, DISPUTED, current, True)
        if any(r.payload == current for r in mine):
            return Decision(Outcome.REPEATED, CONFIRMED, current, False)
        return Decision(Outcome.CONFIRMED, CONFIRMED, current, True)
    if mine and mine[-1].payload == new.payload:
        return Decision(Outcome.REPEATED, DISPUTED, current, False)
    return Decision(Outcome.DISPUTED, DISPUTED, current, True)


def answer(outcome: str, status: str, second: SecondReport = OTHER_PARTY) -> str:
    """The sentence a captain reads after sending (page and API); ``second`` names whose
    phone the second report comes from (the discipline's ``second_report_words``)."""
    words = {"phone": second.phone, "who": second.who}
    sentences: dict[str, str] = {
        Outcome.FIRST: _("Received. Waiting for a second report (%(phone)s) or for the "
                         "director.") % words,
        Outcome.REPLACED: _("Your earlier result is replaced by this one. Waiting for a "
                            "second report (%(phone)s) or for the director.") % words,
        Outcome.CONFIRMED: _("Confirmed: your result agrees with the one reported before."),
        Outcome.DISPUTED: _("Your result differs from one reported before. Both are kept; "
                            "the director will decide."),
        Outcome.AGREED: _("Thank you: your party agrees. The other party confirms it "
                          "through its own link, or the director decides."),
        Outcome.KEPT: _("The director has already decided this table's result. Yours "
                        "differs; it is kept on record, and the director's result stands. "
                        "Please speak to the director if it is wrong."),
    }
    said = sentences.get(outcome)
    if said is not None:
        return said
    return {
        CONFIRMED: _("Already received. The result is confirmed."),
        DISPUTED: _("Already received. The director will decide."),
    }.get(status, _("Already received, waiting for %(who)s.") % words)
