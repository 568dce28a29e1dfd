"""The registration desk: sign-up, check-in, absent, withdraw, late entries, markers, pairing up.

Start numbers are taken under the tournament's row lock, and the database
refuses a second entrant with the same name or number, so several desks at
once never hand out one number twice.

Markers (Muckturnier's "Markierungen") say what is still open about an entrant:
``preregistered`` (came through pre-registration, not here yet: no seat until the
check-in, so a no-show leaves no gap in the window draw), ``alone`` (a player of a
fixed-pairs tournament without a partner yet: see :func:`pair_up`) and
``draw_missing`` (no seat from the draw yet: the window draw knows it by itself,
without it the desk sets it, e.g. for a paper draw of seat slips).
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Max, Q
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext as _

from ..models import Entrant, Player, RegistrationSeat, Round, Tournament
from . import players as people
from .base import Actor, Change, ServiceError, change
from .seating import give_seat, per_side, release_seat, seat_label, window_settings
from .text import check_single_line

MARKERS = ("preregistered", "alone", "draw_missing")
SETTABLE_MARKERS = ("preregistered", "draw_missing")  # "alone" comes and goes with the players


def seatable(entrant: Entrant) -> bool:
    """May sit in the window draw now: plays (not alone) and is here or signed up in person."""
    return entrant.active and not entrant.preregistered


def _joined_club(players: list[Player]) -> str:
    """A pair's club: the one club of both, or both clubs while that fits."""
    clubs = [p.club for p in players if p.club]
    joined = clubs[0] if len(set(clubs)) == 1 else " / ".join(clubs)
    return joined if len(joined) <= Entrant._meta.get_field("club").max_length else ""


def sign_up(c: Change, players: list[Any], name: str = "",
            status: str = Entrant.Status.REGISTERED, club: str = "", rating: int | None = None,
            preregistered: bool = False, alone: bool = False,
            number: int | None = None, *, actor: Actor) -> Entrant:
    """Create one entrant inside the tournament's :func:`change` and fill in its log entry.

    The one way an entrant is born, shared by the desk (:func:`register`), the public
    pre-registration (``prereg.preregister``) and :func:`pair_up` (which passes the
    ``number`` the pair keeps). A seat of the window draw comes with it when it may sit.
    A known player (an id, or a name and club) is found only among those ``actor``
    reaches (:func:`.players.reachable`).
    """
    t = c.tournament
    pair = t.entrant_kind == Tournament.EntrantKind.PAIR
    if alone and not pair:
        raise ServiceError(_("only a tournament of fixed pairs has players who came alone"),
                           "alone")
    need = 2 if pair and not alone else 1
    if len(players) != need:
        raise ServiceError(_("an entrant of this tournament is %(n)s player(s)") % {"n": need},
                           "players")
    if status not in Entrant.Status.values:
        raise ServiceError("unknown status", "status")
    check_single_line(name, "name")
    check_single_line(club, "club")
    # Inside the change: a refusal leaves no stray Player.
    resolved = [people.resolve(p, actor) for p in players]
    name = (name or " / ".join(p.name for p in resolved)).strip()
    if len({p.pk for p in resolved}) != len(resolved):
        raise ServiceError(_("the same player twice in one entrant"), "players")
    if Entrant.objects.filter(tournament=t, name__iexact=name).exists():
        raise ServiceError(_("%(name)s is already registered in this tournament")
                           % {"name": name}, "name")
    taken = Entrant.objects.filter(tournament=t, players__in=resolved).first()
    if taken:
        raise ServiceError(_("already registered as %(number)s. %(name)s")
                           % {"number": taken.start_number, "name": taken.name}, "players")
    if number is None:
        number = (Entrant.objects.filter(tournament=t).aggregate(m=Max("start_number"))["m"]
                  or 0) + 1
    rounds_open = Round.objects.filter(tournament=t).count()
    categories = sorted({c for p in resolved for c in (p.categories or [])})
    try:
        entrant = Entrant.objects.create(
            tournament=t, start_number=number, name=name, status=status,
            club=club or (resolved[0].club if need == 1 else ""),
            rating=rating if rating is not None else (resolved[0].rating if need == 1
                                                      else None),
            categories=categories, joined_round=rounds_open + 1,
            preregistered=preregistered, alone=alone,
            arrived=timezone.now() if status == Entrant.Status.PRESENT else None)
    except IntegrityError:
        raise ServiceError(_("%(name)s is already registered in this tournament")
                           % {"name": name}, "name") from None
    entrant.players.set(resolved)
    c.target = f"{number}. {name}"
    c.wrote(f"entrant:{entrant.pk}")
    c.after = {"start_number": number, "name": name, "status": status,
               "late": rounds_open > 0}
    c.after.update({m: True for m in ("preregistered", "alone") if getattr(entrant, m)})
    seat = give_seat(t, entrant) if seatable(entrant) else None
    if seat is not None:  # the window draw: the seat, the seed's index, replayable
        c.after["seat"] = {"table": seat.table, "side": seat.side,
                           "position": seat.position, "draw_index": seat.draw_index}
    return entrant


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


def apply_status(c: Change, e: Entrant, status: str) -> RegistrationSeat | None:
    """Set the status inside :func:`change`; returns a seat newly drawn for the entrant.

    Checking in (present) takes the pre-registered marker off and records the arrival;
    whoever may sit gets a seat of the window draw; withdrawing gives it back.
    """
    if status not in Entrant.Status.values:
        raise ServiceError("unknown status", "status")
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
        raise ServiceError("unknown status", "status")
    with change(entrant.tournament_id, actor, "entrant_status") as c:
        e = Entrant.objects.get(pk=entrant.pk)
        apply_status(c, e, status)
    return e


# ---------------------------------------------------------------- markers


def draw_missing_is_computed(t: Tournament) -> bool:
    """With the window draw the seats say who has none; otherwise the desk sets the marker."""
    return window_settings(t) is not None


def markers(t: Tournament, entrants: list[Entrant] | None = None) -> dict[int, list[str]]:
    """Each entrant's markers by id, in the order of :data:`MARKERS`."""
    if entrants is None:
        entrants = list(Entrant.objects.filter(tournament=t))
    computed = draw_missing_is_computed(t)
    drawing = computed and not t.rounds.exists()
    seated = set(RegistrationSeat.objects.filter(tournament=t).values_list("entrant_id",
                                                                          flat=True))
    out: dict[int, list[str]] = {}
    for e in entrants:
        missing = (drawing and e.active and e.pk not in seated) if computed else e.draw_missing
        out[e.pk] = [m for m, on in (("preregistered", e.preregistered), ("alone", e.alone),
                                     ("draw_missing", missing)) if on]
    return out


def marker_counts(marks: dict[int, list[str]]) -> dict[str, int]:
    """How many entrants carry each marker."""
    return {m: sum(m in ms for ms in marks.values()) for m in MARKERS}


def set_marker(entrant: Entrant, actor: Actor, marker: str, on: bool) -> Entrant:
    """Set or clear a marker by hand; no change, no log.

    "came alone" is not set by hand: it comes with the sign-up of one player and goes
    with :func:`pair_up`. "draw missing" is the window draw's to say where it is on.
    Clearing "pre-registered" of someone who may now sit gives the seat at once.
    """
    if marker not in MARKERS:
        raise ServiceError(_("unknown marker"), "marker")
    if marker not in SETTABLE_MARKERS:
        raise ServiceError(_("'came alone' comes with the sign-up of one player and goes "
                             "when the desk pairs them up"), "marker")
    e = Entrant.objects.select_related("tournament").get(pk=entrant.pk)
    if marker == "draw_missing" and draw_missing_is_computed(e.tournament):
        raise ServiceError(_("with the draw at registration the seats show who has none"),
                           "marker")
    if getattr(e, marker) == bool(on):
        return e
    with change(e.tournament_id, actor, "entrant_marker") as c:
        e = Entrant.objects.get(pk=entrant.pk)
        if marker == "preregistered" and on and e.status == Entrant.Status.PRESENT:
            raise ServiceError(_("%(entrant)s is checked in already") % {"entrant": e},
                               "marker")
        c.target = str(e)
        c.wrote(f"entrant:{e.pk}")
        c.before, c.after = {marker: getattr(e, marker)}, {marker: bool(on)}
        setattr(e, marker, bool(on))
        e.save(update_fields=[marker])
        seat = give_seat(c.tournament, e) if seatable(e) else None
        if seat is not None:
            c.after["seat"] = seat_label(seat.table, seat.side, seat.position,
                                         per_side(c.tournament))
    return e


# ---------------------------------------------------------------- players who came alone


def waiting_alone(t: Tournament) -> list[Entrant]:
    """Players who came alone and are here, in the order they arrived."""
    return list(Entrant.objects.filter(tournament=t, alone=True,
                                       status=Entrant.Status.PRESENT)
                .annotate(came=Coalesce("arrived", "created"))
                .order_by("came", "start_number").prefetch_related("players"))


def pair_suggestions(t: Tournament) -> list[tuple[Entrant, Entrant]]:
    """The waiting players two by two in arrival order: the first with the second, …"""
    waiting = waiting_alone(t)
    return list(zip(waiting[0::2], waiting[1::2], strict=False))


def pair_up(tournament: Tournament, actor: Actor, first: Entrant | int, second: Entrant | int,
            name: str = "") -> Entrant:
    """Join two players who came alone into one fixed pair; returns the pair.

    Why it works this way: a player who comes without a partner is signed up at once as
    an entrant of one player marked "came alone", so the desk keeps no paper list, the
    arrival time is recorded, and a pre-registration code works for them too. Such an
    entrant does not play (``Entrant.active`` is false): it is never seated or drawn. The
    desk joins two of them when both are here; :func:`pair_suggestions` proposes them in
    arrival order (whoever waited longest gets the next partner, and the window draw gives
    the seat, so no extra lot is needed), and the desk confirms, because people who know
    each other may rather play together. The pair is a new entrant under the earlier of
    the two start numbers; the two single entrants are deleted (they never played, so
    nothing rests on them), and the one log entry keeps both, with their players, as
    ``before``. The pair is present and gets its seat of the window draw in the same step.
    """
    ids = [x.pk if isinstance(x, Entrant) else x for x in (first, second)]
    if ids[0] == ids[1]:
        raise ServiceError(_("choose two different players"), "second")
    with change(tournament.pk, actor, "pair_up") as c:
        singles = []
        for field, pk in zip(("first", "second"), ids, strict=True):
            e = Entrant.objects.filter(tournament=c.tournament, pk=pk).first()
            if e is None or not e.alone:
                raise ServiceError(_("not a player who came alone (paired up already?)"),
                                   field)
            if e.status != Entrant.Status.PRESENT:
                raise ServiceError(_("%(entrant)s is not checked in") % {"entrant": e}, field)
            singles.append(e)
        singles.sort(key=lambda e: e.start_number)
        players = [p for e in singles for p in e.players.all()]
        before = [entrant_snapshot(e) for e in singles]
        c.wrote(*(f"entrant:{e.pk}" for e in singles))
        for e in singles:
            release_seat(e)
            e.delete()
        pair = sign_up(c, players, name=name, status=Entrant.Status.PRESENT,
                       club=_joined_club(players), number=singles[0].start_number, actor=actor)
        c.before = {"singles": before}
    return pair


# ---------------------------------------------------------------- changing and deleting

# A person's facts, stored on the Player: only an entrant of one player has them.
PERSON_FIELDS = ("dwz", "dwz_index", "birth_date", "fide_id", "title", "federation", "sex")
ENTRANT_FIELDS = ("name", "club", "elo", "categories")
MAX_RATING = 9999


def _checked(field: str, value: Any) -> Any:
    """One field of :func:`update_entrant`, normalised; a bad value is refused by its name."""
    import datetime

    from .trf import TITLE_ORDER, normal_title  # the title rules live with the TRF

    if field in ("name", "club", "fide_id", "title", "federation", "sex"):
        if not isinstance(value, str):
            raise ServiceError(_("give a text"), field)
        value = value.strip()
        check_single_line(value, field)
    if field == "name":
        if not value:
            raise ServiceError(_("the name must not be empty"), field)
        if len(value) > Entrant._meta.get_field("name").max_length:
            raise ServiceError(_("at most %(n)s characters")
                               % {"n": Entrant._meta.get_field("name").max_length}, field)
    elif field == "club" and len(value) > Player._meta.get_field("club").max_length:
        raise ServiceError(_("at most %(n)s characters")
                           % {"n": Player._meta.get_field("club").max_length}, field)
    elif field in ("elo", "dwz", "dwz_index") and value is not None:
        top = 999 if field == "dwz_index" else MAX_RATING
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= top:
            raise ServiceError(_("a whole number from 0 to %(n)s, or empty") % {"n": top},
                               field)
    elif field == "birth_date" and value is not None:
        if not isinstance(value, datetime.date) or not (
                datetime.date(1900, 1, 1) <= value <= datetime.date.today()):
            raise ServiceError(_("a date between 1900 and today, or empty"), field)
    elif field == "fide_id" and value and not (value.isdigit() and len(value) <= 11):
        raise ServiceError(_("a FIDE ID is a number of at most 11 digits"), field)
    elif field == "title" and value:
        value = normal_title(value)
        if value not in TITLE_ORDER:
            raise ServiceError(_("a FIDE title: %(titles)s") % {"titles": ", ".join(TITLE_ORDER)},
                               field)
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
    return value


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
    values = {k: _checked(k, v) for k, v in fields.items()}
    current = Entrant.objects.get(pk=entrant.pk)
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
        longest = Player._meta.get_field("name").max_length
        if person is not None and len(after.get("name", "")) > longest:
            raise ServiceError(_("at most %(n)s characters") % {"n": longest}, "name")
        if "name" in after and Entrant.objects.filter(
                tournament_id=e.tournament_id, name__iexact=after["name"]).exclude(
                pk=e.pk).exists():
            raise ServiceError(_("%(name)s is already registered in this tournament")
                               % {"name": after["name"]}, "name")
        copied = person is not None and not shared
        if copied:
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
        from .entrant_edit import sentence  # the log's words, in English and German

        c.after["sentence"] = sentence(str(e), c.before, c.after)
        for tid, other in records.items():  # the same person, entered there too
            if tid != home:
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


def delete_entrant(entrant: Entrant, actor: Actor) -> str:
    """Delete an entrant who never played (Chaos's DeletePlayer); otherwise withdraw them.

    Deleted means gone: no seat or bye in any round, and no round drawn since the
    registration (a drawn round was drawn with them in the field). Anyone else has
    results or pairings that rest on them, so they are withdrawn from the first round
    not drawn yet and their games stay. A set pairing of theirs in a round to come is
    refused first, as its opponent needs the director's decision. Returns ``"deleted"``
    or ``"withdrawn"``.
    """
    from ..models import Bye, PairingRule, Seat  # only here: the rest of the desk needs none

    def deletable(e: Entrant) -> bool:
        last = Round.objects.filter(tournament_id=e.tournament_id).aggregate(
            m=Max("number"))["m"] or 0
        return (last < e.joined_round and not Seat.objects.filter(entrant=e).exists()
                and not Bye.objects.filter(entrant=e).exists())

    e = Entrant.objects.select_related("tournament").get(pk=entrant.pk)
    forced = PairingRule.objects.filter(Q(first=e) | Q(second=e), kind=PairingRule.Kind.FORCED,
                                        round_number__gt=Round.objects.filter(
                                            tournament_id=e.tournament_id).aggregate(
                                            m=Max("number"))["m"] or 0).first()
    if forced is not None:
        raise ServiceError(_("%(name)s has a set pairing in round %(n)s; delete it first")
                           % {"name": e.name, "n": forced.round_number}, "entrant")
    if not deletable(e):
        if e.status == Entrant.Status.WITHDRAWN:
            raise ServiceError(_("%(name)s has played and has already withdrawn; an entrant "
                                 "with games stays in the tournament") % {"name": e.name},
                               "entrant")
        if e.tournament.discipline == "chess":
            from .chess import next_round_number, withdraw

            withdraw(e.tournament, actor, e, next_round_number(e.tournament))
        else:
            set_status(e, actor, Entrant.Status.WITHDRAWN)
        return "withdrawn"
    with change(e.tournament_id, actor, "delete_entrant") as c:
        e = Entrant.objects.get(pk=e.pk)
        if not deletable(e):  # a round was drawn meanwhile
            raise ServiceError(_("a round was just drawn with %(name)s; try again to withdraw "
                                 "instead") % {"name": e.name}, "entrant")
        c.target = str(e)
        c.wrote(f"entrant:{e.pk}")
        c.before = entrant_snapshot(e)
        release_seat(e)
        e.delete()
    return "deleted"


def entrant_snapshot(e: Entrant) -> dict[str, Any]:
    """Everything of an entrant that a deletion takes away, as the action log keeps it.

    The entrant's own fields, its players (their ids and facts: a player outlives the
    entrant, but the facts say who it was), requested byes, pairing rules (deleted with
    the entrant), and the seat of the draw at registration: enough for
    ``services.undo`` to bring the entrant back as it was.
    """
    from ..models import PairingRule
    from .seating import seat_record

    fields = {f.name: _loggable(getattr(e, f.name)) for f in Entrant._meta.concrete_fields
              if f.name not in ("tournament",)}
    players = [{"id": p.pk, "name": p.name, "club": p.club, "rating": p.rating, "dwz": p.dwz,
                "fide_id": p.fide_id, "birth_date": _loggable(p.birth_date)}
               for p in (link.player for link in Entrant.players.through.objects.filter(
                   entrant=e).select_related("player").order_by("id"))]
    rules = [{"kind": r.kind, "round_number": r.round_number, "first": r.first_id,
              "second": r.second_id, "colour_clash_confirmed": r.colour_clash_confirmed,
              "note": r.note}
             for r in PairingRule.objects.filter(Q(first=e) | Q(second=e)).order_by("pk")]
    seat = RegistrationSeat.objects.filter(entrant=e).first()
    return {**fields, "players": players,
            "bye_requests": [{"round_number": b.round_number, "kind": b.kind}
                             for b in e.bye_requests.order_by("round_number")],
            "pairing_rules": rules, "seat": seat_record(seat) if seat else None}
