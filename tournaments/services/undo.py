"""Undo from the action log: take back an action, or the last N, newest first.

Every change is an :class:`ActionLog` entry whose ``before`` holds what it replaced and
whose ``writes``/``reads`` name what it touched (:func:`services.base.change`). Undoing an
entry puts ``before`` back and is itself a new entry (action ``undo``) that points at the
undone one through ``undoes``; the log is never edited, and the database refuses a second
undo of the same entry (``undoes`` is one-to-one).

What can be undone is one table, :data:`UNDO`: an action kind and the function that takes
it back. Each function checks that the state is still the one the entry left (else
something later changed it) and says in a sentence what it did, kept in English and German.

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

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils import translation
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..models import (
    ActionLog,
    ByeRequest,
    Entrant,
    PairingRule,
    Player,
    Result,
    ResultRevision,
    Round,
    Table,
    Tournament,
)
from .base import Actor, Change, ServiceError, change
from .registration import OWN, PERSON_FIELDS, _person_of
from .results import result_state
from .rounds import delete_last_round, mark_later_rounds_stale
from .seating import release_seat, restore_seat

MAX_AT_ONCE = 50  # the most entries one "undo the last N" takes back


@dataclass(frozen=True)
class Sentence:
    """What an undo did, as an English msgid and its values (lazy texts allowed)."""

    text: str
    values: dict[str, Any] = field(default_factory=dict)

    def said(self) -> dict[str, str]:
        """The sentence in English and German, as the undo's log entry keeps it."""
        out = {}
        for language in ("en", "de"):
            with translation.override(language):
                out[language] = _(self.text) % {k: str(v) for k, v in self.values.items()}
        return out


Undo = Callable[[Change, ActionLog], Sentence]


# ----------------------------------------------------------------------------- helpers


def _refuse(text: str) -> ServiceError:
    return ServiceError(text, "entry")


def _old_entry() -> ServiceError:
    return _refuse(_("this entry was recorded before undo was possible; correct it with a "
                     "new action instead"))


def _entrant(c: Change, entry: ActionLog) -> Entrant:
    """The entrant an entry wrote (its ``entrant:<id>`` key)."""
    keys = [k for k in entry.writes if k.startswith("entrant:") and k != "entrant:*"]
    if not keys:
        raise _old_entry()
    e = Entrant.objects.filter(tournament=c.tournament, pk=int(keys[0].split(":")[1])).first()
    if e is None:
        raise _refuse(_("%(what)s is no longer in the tournament") % {"what": entry.target})
    return e


def _changed_since(what: Any) -> ServiceError:
    return _refuse(_("%(what)s has changed since in a way the log does not show; correct it "
                     "with a new action instead") % {"what": what})


def _status_label(model: Any, value: str) -> Any:
    return model.Status(value).label if value in model.Status.values else value


# ----------------------------------------------------------------------------- results


def _undo_result(c: Change, entry: ActionLog) -> Sentence:
    """A captain's report or the director's entry: the table's result as it was before,
    the report no longer counting (its revision is marked undone)."""
    before, after = entry.before or {}, entry.after or {}
    if "result" not in before or "revision" not in after:
        raise _old_entry()
    table = Table.objects.select_related("round").filter(
        pk=after["table"], round__tournament=c.tournament).first()
    if table is None:
        raise _refuse(_("the table is gone (its round's draw was undone)"))
    rnd = table.round
    result = Result.objects.select_for_update().filter(table=table).first()
    now, then = result_state(result), before["result"]
    if now is None or [now["payload"], now["status"]] != [after["result"]["payload"],
                                                         after["result"]["status"]]:
        raise _changed_since(entry.target)
    agreed = then is not None and then["status"] != Result.Status.DISPUTED
    if rnd.status == Round.Status.CLOSED and not agreed:
        raise _refuse(_("round %(n)s is closed, and table %(table)s would be left without an "
                        "agreed result; open the round again first")
                      % {"n": rnd.number, "table": table.number})
    assert result is not None
    if then is None:
        result.delete()
    else:
        result.payload, result.status = then["payload"], then["status"]
        result.version += 1
        result.save(update_fields=["payload", "status", "version", "updated"])
    ResultRevision.objects.filter(pk=after["revision"], table=table).update(undone=True)
    c.before = {"result": now}
    c.after = {"result": result_state(result) if then is not None else None,
               "revision_undone": after["revision"], "table": table.pk, "round": rnd.number}
    counted_now = now["payload"] if now["status"] != Result.Status.DISPUTED else None
    if counted_now != (then["payload"] if agreed else None):
        _restale(c, entry, rnd.number, table.number)
    state = (_status_label(Result, then["status"]) if then is not None
             else gettext_lazy("no result"))
    return Sentence(gettext_lazy("The result of table %(table)s in round %(n)s is back to "
                                 "what it was: %(state)s."),
                    {"table": table.number, "n": rnd.number, "state": state})


def _restale(c: Change, entry: ActionLog, number: int, table: int) -> None:
    """The counted result changed again: later rounds are stale, except those the undone
    entry flagged and nobody touched since (they were drawn on the result now back)."""
    rounds = {str(r.number): r for r in c.tournament.rounds.filter(number__gt=number)}
    flags_before = (entry.before or {}).get("stale_flags", {})
    back = {n for n, flags in (entry.after or {}).get("stale_flags", {}).items()
            if n in rounds and [rounds[n].stale, rounds[n].stale_reason] == flags}
    stale = mark_later_rounds_stale(
        c.tournament, number, _("drawn before the result of table %(table)s in round %(n)s "
                                "was undone") % {"table": table, "n": number})
    for n in back:
        Round.objects.filter(pk=rounds[n].pk).update(stale=flags_before[n][0],
                                                     stale_reason=flags_before[n][1])
    if stale:
        c.after["stale_rounds"] = [n for n in stale if str(n) not in back]
    if back:
        c.after["stale_flags_restored"] = sorted(int(n) for n in back)


# ----------------------------------------------------------------------------- rounds


def _round_of(c: Change, entry: ActionLog) -> Round:
    after = entry.after or {}
    if "round" not in after:
        raise _old_entry()
    rnd = Round.objects.filter(tournament=c.tournament, number=after["round"]).first()
    if rnd is None:
        raise _refuse(_("round %(n)s is gone (its draw was undone)") % {"n": after["round"]})
    return rnd


def _undo_round_status(c: Change, entry: ActionLog) -> Sentence:
    """Publishing, closing or reopening a round: the round's status as it was."""
    rnd = _round_of(c, entry)
    before, after = entry.before or {}, entry.after or {}
    if rnd.status != after.get("status"):
        raise _changed_since(_("round %(n)s") % {"n": rnd.number})
    target = before["status"]
    if target == Round.Status.PREVIEW and ResultRevision.objects.filter(
            table__round=rnd, undone=False).exists():
        raise _refuse(_("round %(n)s has results; undo them first") % {"n": rnd.number})
    if target == Round.Status.OPEN and c.tournament.rounds.filter(
            number__gt=rnd.number).exists():
        raise _refuse(_("round %(next)s is drawn; undo its draw first")
                      % {"next": rnd.number + 1})
    if target == Round.Status.CLOSED:
        from .round_check import blockers, blocking_sentence

        found = blockers(rnd)
        if found:
            raise _refuse(blocking_sentence(found))
    c.before = {"round": rnd.number, "status": rnd.status}
    rnd.status = target
    rnd.save(update_fields=["status"])
    c.after = {"round": rnd.number, "status": target}
    text = {
        Round.Status.PREVIEW: gettext_lazy("Round %(n)s is a preview again: captains cannot "
                                           "submit results."),
        Round.Status.OPEN: gettext_lazy("Round %(n)s is open again for results."),
        Round.Status.CLOSED: gettext_lazy("Round %(n)s is closed again."),
    }[target]
    return Sentence(text, {"n": rnd.number})


def _undo_draw(c: Change, entry: ActionLog) -> Sentence:
    """A draw: the round is deleted, and what the draw changed besides comes back (the
    tournament's status, withdrawals that took effect with it)."""
    rnd = _round_of(c, entry)
    before = entry.before or {}
    if "tournament_status" not in before:
        raise _old_entry()
    last = c.tournament.rounds.order_by("-number").first()
    if last is None or last.pk != rnd.pk:
        raise _refuse(_("only the last round's draw can be undone"))
    delete_last_round(c, rnd)
    t = c.tournament
    if t.status != before["tournament_status"] and not t.rounds.exists():
        c.before["tournament_status"] = t.status
        t.status = before["tournament_status"]
        t.save(update_fields=["status"])
    for pk, status in before["statuses"].items():
        Entrant.objects.filter(tournament=t, pk=int(pk),
                               status=Entrant.Status.WITHDRAWN).update(status=status)
    c.after = {"round": rnd.number, "deleted": True}
    return Sentence(gettext_lazy("The draw of round %(n)s is undone."), {"n": rnd.number})


# ----------------------------------------------------------------------------- entrants


def _undo_status(c: Change, entry: ActionLog) -> Sentence:
    """A status change (check-in, absent, withdrawn, back): status, withdrawal round,
    pre-registered marker, arrival and the seat of the draw at registration as before."""
    e = _entrant(c, entry)
    before, after = entry.before or {}, entry.after or {}
    if e.status != after.get("status"):
        raise _changed_since(e)
    e.status = before["status"]
    for name in ("withdrawn_from_round", "preregistered"):
        if name in before:
            setattr(e, name, before[name])
    if "arrived" in before:
        e.arrived = parse_datetime(before["arrived"]) if before["arrived"] else None
    e.save(update_fields=["status", "withdrawn_from_round", "preregistered", "arrived"])
    if "seat" in after:  # this change gave a seat: it goes back to the draw
        release_seat(e)
    if "seat" in before:  # this change released a seat: the entrant gets it back
        restore_seat(c.tournament, e, before["seat"])
    c.wrote(f"entrant:{e.pk}")
    c.before, c.after = {"status": after["status"]}, {"status": e.status}
    return Sentence(gettext_lazy("%(entrant)s is %(status)s again, as before."),
                    {"entrant": e, "status": _status_label(Entrant, e.status)})


def _undo_withdrawal(c: Change, entry: ActionLog) -> Sentence:
    """A withdrawal (or a return): status and withdrawal round as before, requested byes
    it cancelled and the seat it released back."""
    e = _entrant(c, entry)
    before, after = entry.before or {}, entry.after or {}
    if [e.status, e.withdrawn_from_round] != [after.get("status"),
                                              after.get("withdrawn_from_round")]:
        raise _changed_since(e)
    e.status, e.withdrawn_from_round = before["status"], before["withdrawn_from_round"]
    e.save(update_fields=["status", "withdrawn_from_round"])
    for bye in before.get("bye_requests", []):
        ByeRequest.objects.get_or_create(tournament=c.tournament, entrant=e,
                                         round_number=bye["round_number"],
                                         defaults={"kind": bye["kind"]})
    if "seat" in before:
        restore_seat(c.tournament, e, before["seat"])
    c.wrote(f"entrant:{e.pk}")
    c.before = {"status": after["status"], "withdrawn_from_round": after["withdrawn_from_round"]}
    c.after = {"status": e.status, "withdrawn_from_round": e.withdrawn_from_round,
               "byes_back": [b["round_number"] for b in before.get("bye_requests", [])]}
    if after.get("withdrawn_from_round") is None:
        return Sentence(gettext_lazy("%(entrant)s is withdrawn again, as before."),
                        {"entrant": e})
    return Sentence(gettext_lazy("The withdrawal of %(entrant)s is undone."), {"entrant": e})


def _value(name: str, logged: Any) -> Any:
    return parse_date(logged) if name == "birth_date" and logged else logged


def _undo_correction(c: Change, entry: ActionLog) -> Sentence:
    """A correction of an entrant's facts (name, club, rating …, a person's facts)."""
    e = _entrant(c, entry)
    facts = set(OWN) | set(PERSON_FIELDS)  # the log may carry notes besides the facts
    before = {k: v for k, v in (entry.before or {}).items() if k in facts}
    after = {k: v for k, v in (entry.after or {}).items() if k in facts}
    person = _person_of(e)
    if person is not None and Entrant.objects.filter(players=person).exclude(
            tournament=c.tournament).exists():
        # Putting the old facts back would change the person in those tournaments too,
        # past their logs (services.players): a new correction goes through that rule.
        raise _refuse(_("%(name)s is also entered in other tournaments; correct the facts "
                        "instead") % {"name": e.name})
    for name, value in after.items():
        holder = e if name in OWN else person
        if holder is None:
            raise _changed_since(e)
        current = getattr(holder, OWN.get(name, name))
        shown = current.isoformat() if hasattr(current, "isoformat") else current
        if shown != value:
            raise _changed_since(e)
    if "name" in before and Entrant.objects.filter(
            tournament=c.tournament, name__iexact=before["name"]).exclude(pk=e.pk).exists():
        raise _refuse(_("%(name)s is the name of another entrant now") % {"name": before["name"]})
    for name, value in before.items():
        value = _value(name, value)
        if name in OWN:
            setattr(e, OWN[name], value)
            if person is not None:
                setattr(person, OWN[name], value)
        elif person is not None:
            setattr(person, name, value)
    e.save()
    if person is not None:
        person.save()
    c.wrote(f"entrant:{e.pk}")
    c.before, c.after = dict(after), dict(before)
    return Sentence(gettext_lazy("The correction of %(entrant)s is undone."), {"entrant": e})


ENTRANT_RESTORED = ("start_number", "name", "status", "rating", "club", "categories",
                    "joined_round", "withdrawn_from_round", "preregistered", "alone",
                    "draw_missing", "code_digest")


def _undo_deletion(c: Change, entry: ActionLog) -> Sentence:
    """A deleted entrant comes back with everything the deletion took: start number, name,
    club, rating, categories, markers, arrival, players, requested byes, pairing rules and
    the seat of the draw at registration."""
    snap = entry.before or {}
    if "players" not in snap or "id" not in snap:
        raise _old_entry()
    t = c.tournament
    taken = Entrant.objects.filter(tournament=t, start_number=snap["start_number"]).first()
    if taken is not None:
        raise _refuse(_("start number %(n)s has been given to %(entrant)s since")
                      % {"n": snap["start_number"], "entrant": taken})
    if Entrant.objects.filter(tournament=t, name__iexact=snap["name"]).exists():
        raise _refuse(_("%(name)s is registered again") % {"name": snap["name"]})
    ids = [p["id"] for p in snap["players"]]
    players = {p.pk: p for p in Player.objects.filter(pk__in=ids)}
    if len(players) != len(ids):
        raise _refuse(_("a player of %(name)s no longer exists") % {"name": snap["name"]})
    again = Entrant.objects.filter(tournament=t, players__in=players.values()).first()
    if again is not None:
        raise _refuse(_("a player of %(name)s is registered again as %(entrant)s")
                      % {"name": snap["name"], "entrant": again})
    e = Entrant(tournament=t, **{k: snap[k] for k in ENTRANT_RESTORED},
                arrived=parse_datetime(snap["arrived"]) if snap.get("arrived") else None)
    if not Entrant.objects.filter(pk=snap["id"]).exists():
        e.pk = snap["id"]  # the same id: the log's earlier entries name it
    e.save(force_insert=True)
    if snap.get("created"):
        Entrant.objects.filter(pk=e.pk).update(created=parse_datetime(snap["created"]))
    Entrant.players.through.objects.bulk_create(
        [Entrant.players.through(entrant=e, player=players[pk]) for pk in ids])
    ByeRequest.objects.bulk_create([ByeRequest(tournament=t, entrant=e, **b)
                                    for b in snap.get("bye_requests", [])])
    skipped = []
    for rule in snap.get("pairing_rules", []):
        ends = [e.pk if x == snap["id"] else x for x in (rule["first"], rule["second"])]
        if Entrant.objects.filter(tournament=t, pk__in=ends).count() != 2:
            skipped.append(rule)
            continue
        PairingRule.objects.create(tournament=t, kind=rule["kind"],
                                   round_number=rule["round_number"], first_id=ends[0],
                                   second_id=ends[1],
                                   colour_clash_confirmed=rule["colour_clash_confirmed"],
                                   note=rule["note"])
    if snap.get("seat"):
        restore_seat(t, e, snap["seat"])
    c.wrote(f"entrant:{e.pk}")
    c.after = {"start_number": e.start_number, "name": e.name, "entrant": e.pk,
               **({"rules_not_restored": skipped} if skipped else {})}
    return Sentence(gettext_lazy("%(entrant)s is back in the tournament, with all their "
                                 "data."), {"entrant": e})


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
                         "undo that first") % {"action": action_label(other.action),
                                              "target": other.target, "id": other.pk}
        return None


def action_label(action: str) -> str:
    """The log's name of an action kind, in the current language."""
    from .. import log_labels

    return str(log_labels.ACTION_LABELS.get(action, action))


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
            raise ServiceError(_("there is no entry %(id)s in this tournament's log")
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
                why = " ".join(" ".join(v) for v in exc.errors.values())
                raise ServiceError(_("%(action)s, %(target)s (entry %(id)s) cannot be undone: "
                                     "%(why)s") % {"action": action_label(entry.action),
                                                   "target": entry.target, "id": entry.pk,
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
           "undo_entry", "undo_last", "undo_rows", "undoable"]
