"""How each kind of action is taken back: the functions of :data:`.undo.UNDO`.

Each checks that the state is still the one the log entry left (else something later
changed it), puts the entry's ``before`` back and says in a :class:`Sentence` what it did.
Which entries may be undone, and in which order, is :mod:`.undo`'s to decide.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.utils import translation
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

from ..models import (
    ActionLog,
    Entrant,
    Player,
    Registration,
    Result,
    ResultRevision,
    Round,
    Table,
)
from .base import Change, ServiceError
from .registration import OWN, PERSON_FIELDS, _person_of
from .results import result_state
from .rounds import delete_last_round, mark_later_rounds_stale
from .seating import release_seat, restore_seat


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


def _moved_up(entry: ActionLog) -> None:
    """Refuse to take back a withdrawal or deletion whose freed place went to somebody
    from the waiting list: the place is theirs now (docs/registration.md)."""
    moved = (entry.after or {}).get("moved_up") if isinstance(entry.after, dict) else None
    if moved:
        raise _refuse(_("%(names)s moved up from the waiting list to the freed place; "
                        "set the status at the desk instead") % {"names": ", ".join(moved)})


def _registration_place(c: Change, e: Entrant, place: str) -> None:
    """The entrant's online registration gets the place it had before the entry."""
    reg = Registration.objects.filter(entrant=e).first()
    if reg is not None:
        reg.place = place
        reg.save(update_fields=["place"])
        c.wrote(f"registration:{reg.pk}")


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
    return Sentence(gettext_noop("The result of table %(table)s in round %(n)s is back to "
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
        Round.Status.PREVIEW: gettext_noop("Round %(n)s is a preview again: captains cannot "
                                           "submit results."),
        Round.Status.OPEN: gettext_noop("Round %(n)s is open again for results."),
        Round.Status.CLOSED: gettext_noop("Round %(n)s is closed again."),
    }[target]
    return Sentence(text, {"n": rnd.number})


def _undo_round_choices(c: Change, entry: ActionLog) -> Sentence:
    """A round's mission kinds: back as they were; results in count by them again, and the
    later rounds the entry flagged as stale (untouched since) lose that flag again."""
    rnd = _round_of(c, entry)
    before, after = entry.before or {}, entry.after or {}
    if "extra" not in before or (rnd.extra or {}) != after.get("extra"):
        raise _changed_since(_("round %(n)s") % {"n": rnd.number})
    c.before = {"round": rnd.number, "extra": rnd.extra}
    rnd.extra = before["extra"] or {}
    rnd.save(update_fields=["extra"])
    c.after = {"round": rnd.number, "extra": rnd.extra}
    flags_before = before.get("stale_flags", {})
    for n, flags in after.get("stale_flags", {}).items():
        later = c.tournament.rounds.filter(number=int(n)).first()
        if later is not None and [later.stale, later.stale_reason] == flags:
            later.stale, later.stale_reason = flags_before[n]
            later.save(update_fields=["stale", "stale_reason"])
    return Sentence(gettext_noop("The missions of round %(n)s are as they were; results in "
                                 "count by them again."), {"n": rnd.number})


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
    return Sentence(gettext_noop("The draw of round %(n)s is undone."), {"n": rnd.number})


# ----------------------------------------------------------------------------- entrants


def _undo_status(c: Change, entry: ActionLog) -> Sentence:
    """A status change (check-in, absent, withdrawn, back): status, withdrawal round,
    pre-registered marker, arrival and the seat of the draw at registration as before,
    and the place of the entrant's online registration."""
    _moved_up(entry)
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
    if "place" in before:
        _registration_place(c, e, before["place"])
    c.wrote(f"entrant:{e.pk}")
    c.before, c.after = {"status": after["status"]}, {"status": e.status}
    return Sentence(gettext_noop("%(entrant)s is %(status)s again, as before."),
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
    back = c.tournament.disc.restore_withdrawal_extras(c.tournament, e, before)
    if "seat" in before:
        restore_seat(c.tournament, e, before["seat"])
    c.wrote(f"entrant:{e.pk}")
    c.before = {"status": after["status"], "withdrawn_from_round": after["withdrawn_from_round"]}
    c.after = {"status": e.status, "withdrawn_from_round": e.withdrawn_from_round,
               "byes_back": back}
    if after.get("withdrawn_from_round") is None:
        return Sentence(gettext_noop("%(entrant)s is withdrawn again, as before."),
                        {"entrant": e})
    return Sentence(gettext_noop("The withdrawal of %(entrant)s is undone."), {"entrant": e})


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
    return Sentence(gettext_noop("The correction of %(entrant)s is undone."), {"entrant": e})


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
    _moved_up(entry)
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
    skipped = t.disc.restore_entrant_extras(t, e, snap)
    if snap.get("seat"):
        restore_seat(t, e, snap["seat"])
    if snap.get("registration"):  # its online registration has its place again
        Registration.objects.filter(tournament=t, pk=snap["registration"],
                                    entrant__isnull=True).update(
            entrant=e, place=Registration.Place.PLACED)
        c.wrote(f"registration:{snap['registration']}")
    c.wrote(f"entrant:{e.pk}")
    c.after = {"start_number": e.start_number, "name": e.name, "entrant": e.pk,
               **({"rules_not_restored": skipped} if skipped else {})}
    return Sentence(gettext_noop("%(entrant)s is back in the tournament, with all their "
                                 "data."), {"entrant": e})
