"""The registration desk: sign-up, check-in, absent, withdraw, late entries, corrections.

Start numbers are taken under the tournament's row lock, and the database
refuses a second entrant with the same name or number, so several desks at
once never hand out one number twice. The desk's markers and the pairing up of
players who came alone are :mod:`.markers`.
"""
from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from ..common.text import check_single_line
from ..disciplines.base import WebDiscipline
from ..models import ActionLog, Entrant, Player, RegistrationSeat, Round, Tournament
from . import players as people
from .base import Actor, Change, ServiceError, change
from .entrant_words import sentence  # the log's words, in English and German
from .limits import max_length
from .seating import give_seat, per_side, release_seat, seat_label
from .signing import seatable, sign_up
from .waiting import entrant_back, entrant_left


def register(tournament: Tournament, actor: Actor, players: list[Any], name: str = "",
             status: str = Entrant.Status.REGISTERED, club: str = "",
             rating: int | None = None, preregistered: bool = False,
             alone: bool = False) -> Entrant:
    """Sign up one entrant (a player, or a fixed pair of two) with the next start number.

    ``preregistered``: signed up ahead (the desk took a call), no seat until checked in.
    ``alone``: in a fixed-pairs tournament, one player who came without a partner.
    """
    with change(tournament.pk, actor, "register") as c:
        return sign_up(c, players, name=name, status=status, club=club, rating=rating,
                       preregistered=preregistered, alone=alone, actor=actor)


def register_person(tournament: Tournament, actor: Actor, players: list[Any],
                    facts: dict[str, Any] | None = None, **fields: Any) -> Entrant:
    """Sign up an entrant and give its one person the facts (Chaos's AddPlayer), all or
    nothing: a known player's new DWZ is part of the sign-up, and a refused fact leaves
    no entrant behind. The facts go through :func:`update_entrant`, so a person entered
    elsewhere too is changed (and logged) by the same rule as any later correction."""
    with transaction.atomic():
        entrant = register(tournament, actor, players, **fields)
        if facts:
            update_entrant(entrant, actor, **facts)
    return entrant


def apply_status(c: Change, e: Entrant, status: str,
                 registration: bool = True) -> RegistrationSeat | None:
    """Set the status inside :func:`change`; returns a seat newly drawn for the entrant.

    Checking in (present) takes the pre-registered marker off and records the arrival;
    whoever may sit gets a seat of the window draw; withdrawing gives it back, and the
    place of the entrant's online registration with it (the first waiting one moves up;
    back from withdrawn, the registration has its place again). ``registration=False``:
    the caller (withdrawing the registration itself) sees to that.
    """
    if status not in Entrant.Status.values:
        raise ServiceError(_("unknown status"), "status")
    c.target = str(e)
    c.wrote(f"entrant:{e.pk}")
    c.before, c.after = {"status": e.status}, {"status": status}
    before = e.status
    e.status = status
    # Withdrawn from the first round not drawn yet (chess.withdraw names another round);
    # coming back clears it. Other changes keep an announced withdrawal. ``before`` keeps
    # every other field this changes, so an undo can put it back.
    if status == Entrant.Status.WITHDRAWN and before != status:
        c.before["withdrawn_from_round"] = e.withdrawn_from_round
        e.withdrawn_from_round = (Round.objects.filter(tournament=c.tournament)
                                  .aggregate(m=Max("number"))["m"] or 0) + 1
    elif before == Entrant.Status.WITHDRAWN and status != before:
        c.before["withdrawn_from_round"] = e.withdrawn_from_round
        e.withdrawn_from_round = None
    if status == Entrant.Status.PRESENT:
        if e.preregistered:
            e.preregistered = False
            c.before["preregistered"], c.after["preregistered"] = True, False
        if e.arrived is None:
            c.before["arrived"] = None
            e.arrived = timezone.now()
    e.save(update_fields=["status", "withdrawn_from_round", "preregistered", "arrived"])
    if registration and before != status and Entrant.Status.WITHDRAWN in (before, status):
        was, now = (entrant_left if status == Entrant.Status.WITHDRAWN else entrant_back)(c, e)
        c.before.update(was)
        c.after.update(now)
    if status == Entrant.Status.WITHDRAWN:
        released = release_seat(e)
        if released is not None:
            c.before["seat"] = released
        return None
    had_seat = RegistrationSeat.objects.filter(entrant=e).exists()
    seat = give_seat(c.tournament, e) if seatable(e) else None
    if seat is None or had_seat:
        return None
    c.after["seat"] = seat_label(seat.table, seat.side, seat.position, per_side(c.tournament))
    return seat


def set_status(entrant: Entrant, actor: Actor, status: str) -> Entrant:
    """Check in (present), mark absent, withdraw, or back to registered."""
    if status not in Entrant.Status.values:
        raise ServiceError(_("unknown status"), "status")
    with change(entrant.tournament_id, actor, "entrant_status") as c:
        e = Entrant.objects.get(pk=entrant.pk)
        apply_status(c, e, status)
    return e


# ---------------------------------------------------------------- changing and deleting

# A person's facts, stored on the Player: only an entrant of one player has them.
PERSON_FIELDS = ("dwz", "dwz_index", "dwz_provisional", "birth_date", "fide_id", "title",
                 "federation", "sex", "zps", "pkz")
ENTRANT_FIELDS = ("name", "club", "elo", "categories")
MAX_RATING = 9999


def _checked(field: str, value: Any, discipline: WebDiscipline) -> Any:
    """One field of :func:`update_entrant`, normalised; a bad value is refused by its name.
    The discipline checks what its rules say of a person (chess: a FIDE title, a ZPS)."""
    import datetime

    if field in ("name", "club", "fide_id", "title", "federation", "sex", "zps", "pkz"):
        if not isinstance(value, str):
            raise ServiceError(_("give a text"), field)
        value = value.strip()
        check_single_line(value, field)
    if field == "name":
        if not value:
            raise ServiceError(_("the name must not be empty"), field)
        if len(value) > max_length(Entrant, "name"):
            raise ServiceError(_("at most %(n)s characters")
                               % {"n": max_length(Entrant, "name")}, field)
    elif field == "club" and len(value) > max_length(Player, "club"):
        raise ServiceError(_("at most %(n)s characters")
                           % {"n": max_length(Player, "club")}, field)
    elif field in ("elo", "dwz", "dwz_index") and value is not None:
        top = 999 if field == "dwz_index" else MAX_RATING
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= top:
            raise ServiceError(_("a whole number from 0 to %(n)s, or empty") % {"n": top},
                               field)
    elif field == "dwz_provisional" and not isinstance(value, bool):
        raise ServiceError(_("true or false"), field)
    elif field == "birth_date" and value is not None:
        if not isinstance(value, datetime.date) or not (
                datetime.date(1900, 1, 1) <= value <= datetime.date.today()):
            raise ServiceError(_("a date between 1900 and today, or empty"), field)
    elif field == "fide_id" and value and not (value.isdecimal() and len(value) <= 11):
        raise ServiceError(_("a FIDE ID is a number of at most 11 digits"), field)
    elif field == "federation" and value:
        value = value.upper()
        if not (len(value) == 3 and value.isalpha() and value.isascii()):
            raise ServiceError(_("a federation is three letters (GER, AUT …)"), field)
    elif field == "sex" and value:
        value = value.lower()
        if value not in ("m", "w"):
            raise ServiceError(_("m or w, or empty"), field)
    elif field == "categories":
        if not isinstance(value, list) or not all(
                isinstance(x, str) and x.strip() and len(x) <= 30 for x in value):
            raise ServiceError(_("a list of category names (senior, youth-a …)"), field)
        for x in value:
            check_single_line(x, field)
        value = sorted({x.strip() for x in value})
    return discipline.clean_person_field(field, value)


# The entrant's own fields, by the name update_entrant takes; a single player has them too.
OWN = {"name": "name", "club": "club", "elo": "rating", "categories": "categories"}


def _person_of(e: Entrant) -> Player | None:
    players = list(e.players.all())
    return players[0] if len(players) == 1 else None


def _differences(e: Entrant, values: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(before, after) of the fields whose value changes; a person's field on a pair is refused."""
    person = _person_of(e)
    before: dict[str, Any] = {}
    after: dict[str, Any] = {}
    for k, v in values.items():
        if k not in OWN and person is None:
            raise ServiceError(_("only an entrant of one player has this"), k)
        old = getattr(e, OWN[k]) if k in OWN else getattr(person, k)
        stale_person = k in OWN and person is not None and getattr(person, OWN[k]) != v
        if old != v or stale_person:
            before[k], after[k] = old, v
    return before, after


def update_entrant(entrant: Entrant, actor: Actor, **fields: Any) -> Entrant:
    """Change only the given facts of an entrant (Chaos's ModifyPlayer); no change, no log.

    ``name``, ``club``, ``elo`` (the rating the draw ranks by) and ``categories`` are the
    entrant's, and for an entrant of one player also the player's. ``dwz``, ``dwz_index``,
    ``birth_date``, ``fide_id``, ``title``, ``federation`` and ``sex`` are facts of the
    person and exist only for an entrant of one player. Only a real change is logged, so
    the API may pass every field it was given.

    The person may be entered in other tournaments too. If ``actor`` directs all of them
    the change is the person's: it shows everywhere and is logged in each of those
    tournaments as ``update_player``; otherwise this entrant gets its own copy of the
    person and the others keep theirs (:mod:`.players` says why).
    """
    unknown = sorted(set(fields) - set(PERSON_FIELDS) - set(ENTRANT_FIELDS))
    if unknown:
        raise ServiceError(_("unknown field"), unknown[0])
    current = Entrant.objects.select_related("tournament").get(pk=entrant.pk)
    values = {k: _checked(k, v, current.tournament.disc) for k, v in fields.items()}
    if not _differences(current, values)[1]:
        return current  # no change() at all: nothing to log, the version stays
    home = current.tournament_id
    person = _person_of(current)
    elsewhere = [tid for tid in people.tournaments_showing(person) if tid != home] \
        if person is not None else []
    shared = people.directs_all(actor.user, elsewhere)
    with people.change_all([home, *elsewhere] if shared else [home], actor,
                           {home: "update_entrant"}) as records:
        c = records[home]
        e = Entrant.objects.get(pk=entrant.pk)
        person, (before, after) = _person_of(e), _differences(e, values)
        longest = max_length(Player, "name")
        if person is not None and len(after.get("name", "")) > longest:
            raise ServiceError(_("at most %(n)s characters") % {"n": longest}, "name")
        if "name" in after and Entrant.objects.filter(
                tournament_id=e.tournament_id, name__iexact=after["name"]).exclude(
                pk=e.pk).exists():
            raise ServiceError(_("%(name)s is already registered in this tournament")
                               % {"name": after["name"]}, "name")
        copied = person is not None and not shared
        if copied and person is not None:
            person = people.copy_for(e, person)
        for k, v in after.items():
            if k in OWN:
                setattr(e, OWN[k], v)
                if person is not None:
                    setattr(person, OWN[k], v)
            else:
                setattr(person, k, v)
        try:
            e.save()
            if person is not None:
                person.save()
        except IntegrityError:
            raise ServiceError(_("%(name)s is already registered in this tournament")
                               % {"name": e.name}, "name") from None
        c.target = str(e)
        c.wrote(f"entrant:{e.pk}", *([f"player:{person.pk}"] if person is not None else []))
        c.before = {k: _loggable(v) for k, v in before.items()}
        c.after = {k: _loggable(v) for k, v in after.items()}
        if copied:
            c.after["own_copy_of_player"] = True  # the other tournaments keep the old facts
        c.after["sentence"] = sentence(str(e), c.before, c.after)
        for tid, other in records.items():  # the same person, entered there too
            if tid != home and person is not None:
                other.target = people.describe(person, tid)
                other.wrote(f"player:{person.pk}")
                other.before = dict(c.before)
                other.after = {**c.after, "changed_in": c.tournament.slug}
    return e


def modify_entrant(entrant: Entrant, actor: Actor, status: str | None = None,
                   **fields: Any) -> Entrant:
    """Change facts (:func:`update_entrant`) and the status (:func:`set_status`) of one
    entrant together (Chaos's ModifyPlayer): both or neither."""
    with transaction.atomic():
        if fields:
            update_entrant(entrant, actor, **fields)
        if status is not None:
            set_status(entrant, actor, status)
    return Entrant.objects.get(pk=entrant.pk)


def _loggable(value: Any) -> Any:
    """JSON for the action log: dates as ISO text."""
    return value.isoformat() if hasattr(value, "isoformat") else value


def _last_round(tournament_id: int) -> int:
    return Round.objects.filter(tournament_id=tournament_id).aggregate(
        m=Max("number"))["m"] or 0


def never_played(entrants: list[Entrant], last_round: int | None = None) -> set[int]:
    """The ids of those ``entrants`` (of one tournament) that :func:`delete_entrant` deletes
    rather than withdraws: no seat or bye in any round, and no round drawn since their
    registration. Three queries for any number of them (the desk asks per page of rows)."""
    from ..models import Bye, Seat  # only here: the rest of the desk needs none

    if not entrants:
        return set()
    if last_round is None:
        last_round = _last_round(entrants[0].tournament_id)
    ids = [e.pk for e in entrants if last_round < e.joined_round]
    busy = set(Seat.objects.filter(entrant__in=ids).values_list("entrant_id", flat=True))
    busy.update(Bye.objects.filter(entrant__in=ids).values_list("entrant_id", flat=True))
    return set(ids) - busy


def delete_entrant(entrant: Entrant, actor: Actor, withdraw_played: bool = True) -> str:
    """Delete an entrant who never played (Chaos's DeletePlayer); otherwise withdraw them.

    Deleted means gone: no seat or bye in any round, and no round drawn since the
    registration (a drawn round was drawn with them in the field). Anyone else has
    results or pairings that rest on them, so they are withdrawn from the first round
    not drawn yet and their games stay. A set pairing of theirs in a round to come is
    refused first, as its opponent needs the director's decision. Returns ``"deleted"``
    or ``"withdrawn"``. ``withdraw_played=False`` (the desk's delete: :func:`delete_unplayed`)
    refuses instead of withdrawing.
    """
    e = Entrant.objects.select_related("tournament").get(pk=entrant.pk)
    refusal = e.tournament.disc.deletion_refusal(e)
    if refusal:
        raise ServiceError(refusal, "entrant")
    if not never_played([e]):
        if not withdraw_played:
            raise ServiceError(_("%(name)s has played or was drawn: an entrant with games "
                                 "is withdrawn, not deleted") % {"name": e.name}, "entrant")
        if e.status == Entrant.Status.WITHDRAWN:
            raise ServiceError(_("%(name)s has played and has already withdrawn; an entrant "
                                 "with games stays in the tournament") % {"name": e.name},
                               "entrant")
        if not e.tournament.disc.withdraw_played(e, actor):
            set_status(e, actor, Entrant.Status.WITHDRAWN)
        return "withdrawn"
    with change(e.tournament_id, actor, "delete_entrant") as c:
        e = Entrant.objects.get(pk=e.pk)
        if not never_played([e]):  # a round was drawn meanwhile
            raise ServiceError(_("a round was just drawn with %(name)s; try again to withdraw "
                                 "instead") % {"name": e.name}, "entrant")
        c.target = str(e)
        c.wrote(f"entrant:{e.pk}")
        c.before = entrant_snapshot(e)
        was, now = entrant_left(c, e)
        if was:
            c.before["registration"] = e.registration.pk
            c.after = now
        release_seat(e)
        e.delete()
    return "deleted"


def delete_unplayed(entrant: Entrant, actor: Actor) -> ActionLog:
    """The desk's delete: an entry typed wrong goes away, logged and undoable (the desk's
    Undo, or the action log); an entrant with games is refused (withdraw them instead).
    Returns the log entry of the deletion, which the desk's Undo names."""
    target = str(Entrant.objects.get(pk=entrant.pk))
    delete_entrant(entrant, actor, withdraw_played=False)
    entry = ActionLog.objects.filter(tournament_id=entrant.tournament_id,
                                     action="delete_entrant", target=target).order_by(
        "-id").first()
    assert entry is not None  # written in the deletion's own transaction
    return entry


def entrant_snapshot(e: Entrant) -> dict[str, Any]:
    """Everything of an entrant that a deletion takes away, as the action log keeps it.

    The entrant's own fields, its players (their ids and facts: a player outlives the
    entrant, but the facts say who it was), what the discipline keeps of it (chess:
    requested byes and pairing rules, deleted with the entrant), and the seat of the draw at
    registration: enough for ``services.undo`` to bring the entrant back as it was.
    """
    from .seating import seat_record

    fields = {f.name: _loggable(getattr(e, f.name)) for f in Entrant._meta.concrete_fields
              if f.name not in ("tournament",)}
    players = [{"id": p.pk, "name": p.name, "club": p.club, "rating": p.rating, "dwz": p.dwz,
                "fide_id": p.fide_id, "birth_date": _loggable(p.birth_date)}
               for p in (link.player for link in Entrant.players.through.objects.filter(
                   entrant=e).select_related("player").order_by("id"))]
    seat = RegistrationSeat.objects.filter(entrant=e).first()
    return {**fields, "players": players, **e.tournament.disc.entrant_extras(e),
            "seat": seat_record(seat) if seat else None}
