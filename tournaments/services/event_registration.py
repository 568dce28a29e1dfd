"""Online registration for a whole event of sections (docs/registration.md, "An event's
announcement").

The unit of places, fees and the waiting list stays the section (each section is a
tournament with its own :class:`~tournaments.models.Announcement`); what the event adds is
one page and one form: the person gives the facts the sections' limits ask (the rating each
section ranks by, the birth year), chooses a section or lets the limits place him, and is
registered in that section by :func:`.online.register_online`. The limits are checked here,
on the server, by the same rule as the event's desk (:func:`.events.refusal`), so a
2100-rated player never enters "under 1600" whatever the browser sent.

A registration moves to another section of the event before round 1 of both
(:func:`move_registration`): one step, all or nothing, logged in both sections.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scoring import payments
from scoring.payments import Applicant

from ..models import Announcement, Event, Registration, Round, Tournament
from . import announcement as announcements
from .base import Actor, ServiceError, change
from .events import MAX_RATING, YEARS, Facts, refusal, section_name, sections
from .finish import _said
from .online import closed_reason, register_online
from .registration_mail import queue
from .waiting import fill_places, give_place, has_room, placed, waiting

FACT_KEYS = ("rating", "dwz", "birth_year")


@dataclass
class SectionOffer:
    """One section as the event's announcement shows it."""

    tournament: Tournament
    announcement: Announcement
    closed: str  # why it takes no sign-ups now; "" while it does
    placed: int
    waiting: int

    @property
    def places_left(self) -> int | None:
        cap = self.announcement.capacity
        return None if cap is None else max(cap - self.placed, 0)


def offers(event: Event, today: date | None = None) -> list[SectionOffer]:
    """The event's sections that have an announcement, by label."""
    today = today or timezone.localdate()
    found = {a.tournament_id: a for a in Announcement.objects.filter(
        tournament__event=event)}
    out = []
    for t in sections(event):
        a = found.get(t.pk)
        if a is None:
            continue
        out.append(SectionOffer(t, a, closed_reason(t, a, today), placed(t),
                                waiting(t, a.waiting_order).count()))
    return out


def rating_kinds(shown: list[SectionOffer]) -> list[tuple[str, Any]]:
    """The rating fields the form asks: one per kind a section on the announcement ranks
    by ("rating" and/or "dwz", each with the discipline's label), in the sections' order."""
    kinds: dict[str, Any] = {}
    for t in (o.tournament for o in shown):
        kind, label = t.disc.desk_rating(t)
        kinds.setdefault(kind, label)
    return list(kinds.items())


def check_facts(raw: dict[str, Any]) -> dict[str, int | None]:
    """The facts as whole numbers in range (None: not given); refused at their field."""
    out: dict[str, int | None] = {}
    for key in FACT_KEYS:
        value = raw.get(key)
        if value in (None, ""):
            out[key] = None
            continue
        low, high = YEARS if key == "birth_year" else (0, MAX_RATING)
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise ServiceError(_("a whole number from %(low)s to %(high)s")
                               % {"low": low, "high": high}, key)
        out[key] = value
    return out


def choose_section(event: Event, facts: dict[str, int | None], section: int | None,
                   today: date) -> Tournament:
    """The section the person registers in: the one chosen (its limits must admit him),
    or the one section taking sign-ups whose limits admit him. Refused at ``section``."""
    person = Facts(rating=facts["rating"], dwz=facts["dwz"], birth_year=facts["birth_year"])
    taking = [o.tournament for o in offers(event, today) if not o.closed]
    if section is not None:
        chosen = next((o for o in offers(event, today) if o.tournament.pk == section), None)
        if chosen is None:
            raise ServiceError(_("no such section in this event"), "section")
        if chosen.closed:
            raise ServiceError(chosen.closed, "section")
        why = refusal(chosen.tournament, person)
        if why:
            raise ServiceError(why, "section", code="limits")
        return chosen.tournament
    if not taking:
        raise ServiceError(_("Registration is not open."))
    fit = [t for t in taking if refusal(t, person) is None]
    if not fit:
        raise ServiceError(_("no section of this event admits you: %(why)s")
                           % {"why": "; ".join(str(refusal(t, person)) for t in taking)},
                           "section", code="no_section")
    if len(fit) > 1:
        raise ServiceError(_("several sections fit: %(names)s. Choose one.")
                           % {"names": ", ".join(section_name(t) for t in fit)},
                           "section", code="choose")
    return fit[0]


def register_at_event(event: Event, name: str, email: str, club: str = "", *,
                      section: int | None = None, facts: dict[str, Any] | None = None,
                      youth: bool = False, member: bool = False, titled: bool = False,
                      language: str = "de", base: str = "",
                      today: date | None = None) -> Registration:
    """Register once for the event: in the chosen section, or in the one the limits
    place the person in; then as on the section's own announcement (place or waiting
    list of that section, its fee, the confirmation mail)."""
    clean = check_facts(facts or {})
    today = today or timezone.localdate()
    target = choose_section(event, clean, section, today)
    return register_online(target, name, email, club, youth=youth, member=member,
                           titled=titled, language=language, base=base, today=today,
                           facts=clean)


def move_targets(reg: Registration) -> list[Tournament]:
    """The other sections of the event a registration may move to now (limits aside)."""
    t = reg.tournament
    if t.event is None or reg.place == Registration.Place.WITHDRAWN:
        return []
    return [s for s in sections(t.event) if s.pk != t.pk
            and Announcement.objects.filter(tournament=s).exists()
            and s.status == Tournament.Status.SETUP]


def move_registration(reg: Registration, target: Tournament, actor: Actor,
                      base: str = "") -> Registration:
    """Move a registration to another section of its event, before round 1 of both.

    All or nothing, both tournament rows locked in one order: the registration gets the
    next number of ``target``, a place there while it has room (else its waiting list),
    its entrant in the old section goes (nobody played it yet) and the place freed there
    goes to the first waiting one. A fee still due is the target's fee by the rules of
    the day of registering; a settled fee stays settled. Logged in both sections
    (``move_registration``), the player is told by mail. Not undone from the log: move
    the registration back."""
    source = Tournament.objects.get(pk=reg.tournament_id)
    target = Tournament.objects.get(pk=target.pk)
    if source.event_id is None or target.event_id != source.event_id:
        raise ServiceError(_("the other section must belong to the same event"), "section")
    if target.pk == source.pk:
        raise ServiceError(_("the registration is in this section already"), "section")
    first, second = sorted((source.pk, target.pk))
    with transaction.atomic():
        list(Tournament.objects.select_for_update().filter(pk__in=(first, second))
             .order_by("pk"))
        for t in (source, target):
            if Round.objects.filter(tournament=t).exists() or \
                    t.status != Tournament.Status.SETUP:
                raise ServiceError(_("%(section)s has drawn round 1 already: registrations "
                                     "move only before it") % {"section": section_name(t)},
                                   "section")
        r = Registration.objects.select_for_update(of=("self",)).select_related("entrant").get(
            pk=reg.pk)
        if r.place == Registration.Place.WITHDRAWN:
            raise ServiceError(_("This registration is already withdrawn."), "section")
        a = Announcement.objects.filter(tournament=target).first()
        if a is None:
            raise ServiceError(_("%(section)s has no announcement")
                               % {"section": section_name(target)}, "section")
        why = refusal(target, Facts(rating=r.rating, dwz=r.dwz, birth_year=r.birth_year))
        if why:
            raise ServiceError(why, "section", code="limits")
        if Registration.objects.filter(tournament=target, name__iexact=r.name).exclude(
                place=Registration.Place.WITHDRAWN).exists():
            raise ServiceError(_("%(name)s is already registered") % {"name": r.name},
                               "section")
        old = {"section": section_name(source), "number": r.number, "place": r.place,
               "fee_cents": r.fee_cents}
        old_entrant = r.entrant
        with change(target.pk, actor, "move_registration") as c:
            r.tournament = target
            r.entrant = None
            r.place = Registration.Place.WAITING
            r.number = (Registration.objects.filter(tournament=target).aggregate(
                m=Max("number"))["m"] or 0) + 1
            if r.fee_state == Registration.Fee.DUE:
                r.fee_cents = payments.fee(
                    announcements.rules(a),
                    Applicant(youth=r.youth, member=r.member, titled=r.titled),
                    timezone.localdate(r.created))
                if not r.fee_cents:
                    r.fee_state = Registration.Fee.WAIVED
            r.save()
            if has_room(target, a):
                give_place(c, r)
            c.target = str(r)
            c.wrote(f"registration:{r.pk}")
            c.before = old
            c.after = {"section": section_name(target), "number": r.number,
                       "place": r.place, "fee_cents": r.fee_cents, "sentence": _said(
                           gettext_noop("%(name)s's registration moved here from section "
                                        "%(from)s."),
                           name=r.name, **{"from": section_name(source)})}
        with change(source.pk, actor, "move_registration") as c:
            c.target = f"{old['number']}. {r.name}"
            c.wrote(f"registration:{r.pk}")
            if old_entrant is not None:
                from .seating import release_seat
                release_seat(old_entrant)
                c.wrote(f"entrant:{old_entrant.pk}")
                old_entrant.delete()
            a_source = Announcement.objects.filter(tournament=source).first()
            # first: a place given writes its own entry's words
            moved = fill_places(c, a_source, base) if a_source is not None and \
                old["place"] == Registration.Place.PLACED else []
            c.target = f"{old['number']}. {r.name}"
            c.before = old
            c.after = {"to": section_name(target), "sentence": _said(
                gettext_noop("%(name)s's registration moved to section %(to)s."),
                name=r.name, to=section_name(target))}
            if moved:
                c.after["moved_up"] = moved
        queue(r, "section", base, occasion=f"{target.pk}:{r.number}")
    return r
