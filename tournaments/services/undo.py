"""Undo from the action log: take back an action, or the last N, newest first.

Every change is an :class:`ActionLog` entry whose ``before`` holds what it replaced and
whose ``writes``/``reads`` name what it touched (:func:`services.base.change`). Undoing an
entry puts ``before`` back and is itself a new entry (action ``undo``) that points at the
undone one through ``undoes``; the log is never edited, and the database refuses a second
undo of the same entry (``undoes`` is one-to-one).

What can be undone is one table, :data:`UNDO`: an action kind and the function that takes
it back (:mod:`.undo_steps`). Each function checks that the state is still the one the
entry left (else something later changed it) and says in a sentence what it did, kept in
English and German.

Order. An entry is undone only when no later entry that still counts (not undone, not an
undo) wrote or read something the entry wrote: the newest first, within what depends on
it. Two things are decided here on purpose:

- A draw reads every entrant (``entrant:*``): a registration, status change, withdrawal,
  correction or deletion before the latest draw stays (the draw rests on the field as it
  was; correct it with a new action instead).
- A draw does not read results: a result of a round with later rounds may be undone, like a
  director's correction may be made, and the later rounds drawn on the result are marked
  *stale* (``rounds.mark_later_rounds_stale``); the director decides whether to draw again.
  If the undo brings back the very result those rounds were drawn on, their earlier flags
  come back instead. A closed round keeps an agreed result at every table: an undo that
  would leave a table of a closed round without one is refused.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from ..models import ActionLog, Round, Tournament
from .base import Actor, NotFound, ServiceError, change
from .team_undo import (
    undo_captain,
    undo_lineup,
    undo_lineup_deadline,
    undo_member_add,
    undo_member_late,
    undo_member_remove,
    undo_side_team_add,
    undo_side_team_remove,
)
from .undo_steps import (
    Sentence,
    Undo,
    _old_entry,
    _undo_correction,
    _undo_deletion,
    _undo_draw,
    _undo_result,
    _undo_round_choices,
    _undo_round_status,
    _undo_status,
    _undo_withdrawal,
)

MAX_AT_ONCE = 50  # the most entries one "undo the last N" takes back


# ----------------------------------------------------------------------------- the table

UNDO: dict[str, Undo] = {
    "captain_submit": _undo_result,
    "set_result": _undo_result,
    "withdraw": _undo_withdrawal,
    "entrant_status": _undo_status,
    "checkin_code": _undo_status,
    "update_entrant": _undo_correction,
    "delete_entrant": _undo_deletion,
    "draw_round": _undo_draw,
    "publish_round": _undo_round_status,
    "close_round": _undo_round_status,
    "reopen_round": _undo_round_status,
    "set_round_missions": _undo_round_choices,
    "team_member_add": undo_member_add,
    "team_member_late": undo_member_late,
    "team_member_remove": undo_member_remove,
    "team_captain": undo_captain,
    "set_lineup": undo_lineup,
    "set_lineup_deadline": undo_lineup_deadline,
    "side_team_add": undo_side_team_add,
    "side_team_remove": undo_side_team_remove,
}


# ----------------------------------------------------------------------------- order


def _covers(a: str, b: str) -> bool:
    return a == b or (a.endswith(":*") and b.startswith(a[:-1])) or (
        b.endswith(":*") and a.startswith(b[:-1]))


def touches(later: ActionLog, entry: ActionLog) -> bool:
    """Whether ``later`` wrote or read something ``entry`` wrote."""
    return any(_covers(a, b) for a in (*later.writes, *later.reads) for b in entry.writes)


@dataclass
class LogState:
    """The log as undo sees it: which entries are undone (and by which entry)."""

    tournament: Tournament
    undone: dict[int, int]  # undone entry id -> id of the undo

    @classmethod
    def of(cls, t: Tournament) -> LogState:
        return cls(t, dict(ActionLog.objects.filter(tournament=t, undoes__isnull=False)
                           .values_list("undoes_id", "id")))

    def counts(self, entry: ActionLog) -> bool:
        """Still in force: neither undone nor an undo."""
        return entry.undoes_id is None and entry.pk not in self.undone

    def refusal(self, entry: ActionLog, later: Iterable[ActionLog] | None = None) -> str | None:
        """Why ``entry`` cannot be undone now (None: it can, as far as the log tells).

        ``later``: the entries after it (read from the database when not given).
        """
        if entry.undoes_id is not None:
            return _("an undo is not undone; make the change again instead")
        if entry.pk in self.undone:
            return _("undone already (entry %(id)s)") % {"id": self.undone[entry.pk]}
        if entry.action not in UNDO:
            return _("this kind of action cannot be undone here")
        if not entry.writes:
            return str(_old_entry().errors["entry"][0])
        if later is None:
            later = ActionLog.objects.filter(tournament=self.tournament, pk__gt=entry.pk
                                             ).order_by("id")
        for other in later:
            if other.pk > entry.pk and self.counts(other) and touches(other, entry):
                return _("a later action rests on it: %(action)s, %(target)s (entry %(id)s); "
                         "undo that first") % {"action": action_label(other.action,
                                                                      self.tournament),
                                              "target": target_words(other.target,
                                                                     self.tournament),
                                              "id": other.pk}
        return None


def action_label(action: str, t: Tournament | None = None) -> str:
    """The log's name of an action kind, in the current language (and ``t``'s words)."""
    from .. import log_labels

    return log_labels.entry_label(action, t)


def target_words(target: str, t: Tournament | None = None) -> str:
    """What an entry was done to ("round 2, table 1"), in the current language (and ``t``'s
    words: "series 2" at Skat)."""
    from .. import log_labels

    return log_labels.target_words(target, t)


def entry_round(entry: ActionLog) -> int | None:
    """The round an entry belongs to (results, draws, round status), else None."""
    for record in (entry.after, entry.before):
        if isinstance(record, dict) and isinstance(record.get("round"), int):
            return record["round"]
    return None


# ----------------------------------------------------------------------------- undoing


def undo_entry(t: Tournament, actor: Actor, entry_id: int) -> ActionLog:
    """Undo one entry of the tournament's log; returns the undo's own entry."""
    if isinstance(entry_id, bool) or not isinstance(entry_id, int) or entry_id < 1:
        raise ServiceError(_("give the entry's number"), "entry")
    with change(t.pk, actor, "undo") as c:
        entry = ActionLog.objects.filter(tournament=c.tournament, pk=entry_id).first()
        if entry is None:
            raise NotFound(_("there is no entry %(id)s in this tournament's log")
                               % {"id": entry_id}, "entry")
        if any(k.startswith(("table:", "round:")) for k in entry.writes or []):
            from .locks import ensure_not_finished  # results are locked once finished

            ensure_not_finished(c.tournament)
        reason = LogState.of(c.tournament).refusal(entry)
        if reason:
            raise ServiceError(reason, "entry")
        sentence = UNDO[entry.action](c, entry)
        c.undoes = entry.pk
        c.target = entry.target
        c.wrote(*entry.writes)
        c.after = {**(c.after or {}), "undoes": entry.pk, "action": entry.action,
                   "sentence": sentence.said()}
    return ActionLog.objects.get(undoes_id=entry_id)


def undo_deletion(t: Tournament, actor: Actor, entry_id: int) -> ActionLog:
    """The desk's Undo of a deletion it made (the Undo button of its message): only a
    deletion's entry, by the rules of :func:`undo_entry`. The desk takes back nothing else;
    the director's action log takes back anything."""
    if isinstance(entry_id, bool) or not isinstance(entry_id, int) or not ActionLog.objects.filter(
            tournament=t, pk=entry_id, action="delete_entrant").exists():
        raise NotFound(_("there is no deletion %(id)s in this tournament's log")
                       % {"id": entry_id}, "entry")
    return undo_entry(t, actor, entry_id)


def undoable(t: Tournament, round_number: int | None = None) -> list[ActionLog]:
    """Entries still in force that an undo knows how to take back, newest first."""
    state = LogState.of(t)
    entries = ActionLog.objects.filter(tournament=t, action__in=list(UNDO),
                                       undoes__isnull=True).order_by("-id")
    return [e for e in entries if state.counts(e) and (
        round_number is None or entry_round(e) == round_number)]


def undo_last(t: Tournament, actor: Actor, count: int,
              round_number: int | None = None) -> list[ActionLog]:
    """Undo the last ``count`` actions (of round ``round_number``), newest first, all or none.

    Returns the undos' entries. A refused one names the entry and why; then nothing is
    undone.
    """
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_AT_ONCE:
        raise ServiceError(_("a whole number from 1 to %(n)s") % {"n": MAX_AT_ONCE}, "last")
    if round_number is not None and (isinstance(round_number, bool) or not isinstance(
            round_number, int) or not Round.objects.filter(tournament=t,
                                                           number=round_number).exists()):
        raise ServiceError(_("there is no round %(n)s") % {"n": round_number}, "round")
    with transaction.atomic():
        Tournament.objects.select_for_update().get(pk=t.pk)  # nobody adds entries meanwhile
        picked = undoable(t, round_number)[:count]
        if len(picked) < count:
            raise ServiceError(_("only %(k)s actions can be undone here, not %(n)s")
                               % {"k": len(picked), "n": count}, "last")
        done = []
        for entry in picked:
            try:
                done.append(undo_entry(t, actor, entry.pk))
            except ServiceError as exc:
                why = " ".join(exc.messages)
                raise ServiceError(_("%(action)s, %(target)s (entry %(id)s) cannot be undone: "
                                     "%(why)s") % {"action": action_label(entry.action, t),
                                                   "target": target_words(entry.target, t),
                                                   "id": entry.pk,
                                                   "why": why}, "last") from None
    return done


def undo_rows(t: Tournament, entries: list[ActionLog]) -> dict[int, dict[str, Any]]:
    """For the log page: per entry id, whether it is undone (by which entry), whether it
    can be undone now, or why not (only for kinds an undo knows)."""
    state = LogState.of(t)
    if not entries:
        return {}
    first = min(e.pk for e in entries)
    later = list(ActionLog.objects.filter(tournament=t, pk__gt=first).only(
        "id", "action", "target", "writes", "reads", "undoes_id").order_by("id"))
    rows = {}
    for e in entries:
        row: dict[str, Any] = {"undone_by": state.undone.get(e.pk), "undoes": e.undoes_id}
        if e.action in UNDO and state.counts(e):
            row["refusal"] = state.refusal(e, later)
            row["undoable"] = row["refusal"] is None
        rows[e.pk] = row
    return rows


def blocking(t: Tournament, entry: ActionLog) -> list[ActionLog]:
    """The later entries in force that rest on ``entry`` (for explanations and tests)."""
    state = LogState.of(t)
    return [o for o in ActionLog.objects.filter(tournament=t, pk__gt=entry.pk).order_by("id")
            if state.counts(o) and touches(o, entry)]


__all__ = ["UNDO", "LogState", "Sentence", "blocking", "entry_round", "touches",
           "undo_deletion", "undo_entry", "undo_last", "undo_rows", "undoable"]
