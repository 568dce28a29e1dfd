"""Events with sections: one day's event holding several tournaments run side by side.

An open with groups A/B/C by rating, an age group, or a rapid and a blitz the same day:
each *section* is a whole tournament (it draws, pairs and closes its rounds on its own),
joined to an :class:`~tournaments.models.Event` with a label and the limits the desk
checks (``section_limits``): a rating range (the rating the section ranks by:
:meth:`~tournaments.disciplines.base.WebDiscipline.desk_rating`, Elo or DWZ for chess, the
plain rating otherwise) and a range of birth years. A section without limits is open to
everybody's free choice. Nothing here knows a discipline: any discipline can have sections.

Limits and the unknown (docs/sections.md): a player without a rating passes a maximum
(unrated players play in the lower groups, as opens' regulations put them) but not a
minimum; a player without a birth year passes no birth-year limit.

Writes go through :func:`~.base.change` of the section concerned; an event's own entries
(creating it, :func:`~.base.creation`) are logged without a tournament
(``ActionLog.tournament`` is empty).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from ..common.text import check_single_line
from ..models import Entrant, Event, Registration, Role, Round, Tournament
from .base import Actor, Conflict, ServiceError, change, creation
from .finish import _said
from .registration import entrant_snapshot, register_person, sign_up
from .tournaments import RESERVED_SLUGS, create_tournament

LIMIT_KEYS = ("rating_min", "rating_max", "born_from", "born_to")
MAX_RATING = 4000
YEARS = (1900, 2100)
LABEL_LENGTH = 40
MAX_SECTIONS = 20


# ----------------------------------------------------------------------------- reading


def sections(event: Event) -> QuerySet[Tournament]:
    """The event's sections by label."""
    return event.sections.order_by("section_label", "pk")


def events_of(user: Any) -> QuerySet[Event]:
    """The events ``user`` created or directs a section of."""
    if getattr(user, "is_superuser", False):
        return Event.objects.all()
    return Event.objects.filter(
        Q(created_by=user) | Q(sections__roles__user=user,
                               sections__roles__kind=Role.Kind.DIRECTOR)).distinct()


# ----------------------------------------------------------------------------- limits


def check_limits(raw: Any) -> dict[str, int]:
    """The section's limits, normalised: whole numbers in range, minimum not above maximum.
    Missing or empty keys are no limit."""
    if raw in (None, ""):
        return {}
    if not isinstance(raw, dict):
        raise ServiceError(_("limits are an object of rating_min, rating_max, born_from, "
                             "born_to"), "limits")
    unknown = sorted(set(raw) - set(LIMIT_KEYS))
    if unknown:
        raise ServiceError(_("unknown limit %(key)s") % {"key": unknown[0]}, "limits")
    out: dict[str, int] = {}
    for key in LIMIT_KEYS:
        value = raw.get(key)
        if value in (None, ""):
            continue
        low, high = (0, MAX_RATING) if key.startswith("rating") else YEARS
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise ServiceError(_("a whole number from %(low)s to %(high)s")
                               % {"low": low, "high": high}, key)
        out[key] = value
    for first, last in (("rating_min", "rating_max"), ("born_from", "born_to")):
        if first in out and last in out and out[first] > out[last]:
            raise ServiceError(_("the minimum is above the maximum"), last)
    return out


@dataclass(frozen=True)
class Facts:
    """What the limits ask of a person: the ratings and the birth year (None: unknown)."""

    rating: int | None = None  # Elo
    dwz: int | None = None
    birth_year: int | None = None

    def rating_for(self, t: Tournament) -> int | None:
        return self.dwz if t.disc.desk_rating(t)[0] == "dwz" else self.rating


def facts_of_entrant(e: Entrant) -> Facts:
    person = e.players.first()
    birth = person.birth_date if person is not None else None
    return Facts(rating=e.rating if e.rating is not None else (
                     person.rating if person is not None else None),
                 dwz=person.dwz if person is not None else None,
                 birth_year=birth.year if birth is not None else None)


def refusal(t: Tournament, facts: Facts) -> str | None:
    """Why the section's limits refuse the person, or None when they admit him."""
    limits = t.section_limits or {}
    rating = facts.rating_for(t)
    label = str(t.disc.desk_rating(t)[1])
    if "rating_min" in limits and (rating is None or rating < limits["rating_min"]):
        return (_("%(section)s needs %(kind)s %(min)s or more (no rating given)")
                if rating is None else
                _("%(section)s needs %(kind)s %(min)s or more, not %(rating)s")) % {
                    "section": section_name(t), "kind": label, "min": limits["rating_min"],
                    "rating": rating}
    if "rating_max" in limits and rating is not None and rating > limits["rating_max"]:
        return _("%(section)s is for %(kind)s up to %(max)s, not %(rating)s") % {
            "section": section_name(t), "kind": label, "max": limits["rating_max"],
            "rating": rating}
    year = facts.birth_year
    low, high = limits.get("born_from"), limits.get("born_to")
    if (low is not None or high is not None) and year is None:
        return _("%(section)s has an age limit: give the birth year") % {
            "section": section_name(t)}
    if year is not None and ((low is not None and year < low)
                             or (high is not None and year > high)):
        return _("%(section)s is for players born %(from)s to %(to)s, not %(year)s") % {
            "section": section_name(t), "from": low if low is not None else "…",
            "to": high if high is not None else "…", "year": year}
    return None


def limits_text(t: Tournament) -> str:
    """The limits in words for the pages ("Elo 1800–2199, born 2008 or later")."""
    limits = t.section_limits or {}
    parts = []
    kind = str(t.disc.desk_rating(t)[1])
    low, high = limits.get("rating_min"), limits.get("rating_max")
    if low is not None and high is not None:
        parts.append(f"{kind} {low}–{high}")
    elif low is not None:
        parts.append(_("%(kind)s %(n)s or more") % {"kind": kind, "n": low})
    elif high is not None:
        parts.append(_("%(kind)s up to %(n)s") % {"kind": kind, "n": high})
    low, high = limits.get("born_from"), limits.get("born_to")
    if low is not None and high is not None:
        parts.append(_("born %(a)s to %(b)s") % {"a": low, "b": high})
    elif low is not None:
        parts.append(_("born %(n)s or later") % {"n": low})
    elif high is not None:
        parts.append(_("born %(n)s or earlier") % {"n": high})
    return ", ".join(parts) or _("open to everybody")


def section_name(t: Tournament) -> str:
    return t.section_label or t.name


def fitting(event: Event, facts: Facts) -> list[Tournament]:
    """The sections whose limits admit the person (not finished ones)."""
    return [t for t in sections(event) if t.status != Tournament.Status.FINISHED
            and refusal(t, facts) is None]


# ----------------------------------------------------------------------------- writes


def unique_event_slug(name: str) -> str:
    base = slugify(name)[:60] or "event"
    if base in RESERVED_SLUGS:  # /api/v1/events/import/ is the import, not an event
        base = f"{base}-event"
    slug, n = base, 1
    while Event.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def create_event(actor: Actor, name: str, day: date | None = None, organiser: str = "",
                 slug: str | None = None) -> Event:
    """A new event without sections yet; logged as the event's own entry."""
    name = (name or "").strip()
    organiser = (organiser or "").strip()
    if not name or len(name) > 200:
        raise ServiceError(_("an event needs a name of 1 to 200 characters"), "name")
    check_single_line(name, "name")
    check_single_line(organiser, "organiser")
    if len(organiser) > 200:
        raise ServiceError(_("at most %(n)s characters") % {"n": 200}, "organiser")
    if slug is not None and (slug in RESERVED_SLUGS or slug != slugify(slug) or not slug
                             or len(slug) > 80):
        raise ServiceError(_("an address of letters, digits and dashes"), "slug")
    try:
        with creation(actor, "create_event", of_tournament=False) as c:
            event = Event.objects.create(slug=slug or unique_event_slug(name), name=name,
                                         date=day, organiser=organiser,
                                         created_by=actor.user)
            c.target = event.slug
            c.wrote(f"event:{event.pk}")
            c.after = {"name": name, "date": day.isoformat() if day else None,
                       "organiser": organiser}
    except IntegrityError:
        raise Conflict(_("the address %(slug)s is taken") % {"slug": repr(slug)},
                       "slug") from None
    return event


def _check_label(event: Event, label: str, t: Tournament) -> str:
    label = (label or "").strip()
    check_single_line(label, "label")
    if not label or len(label) > LABEL_LENGTH:
        raise ServiceError(_("a section label of 1 to %(n)s characters") % {"n": LABEL_LENGTH},
                           "label")
    if event.sections.filter(section_label__iexact=label).exclude(pk=t.pk).exists():
        raise ServiceError(_("the event has a section %(label)s already") % {"label": label},
                           "label")
    return label


def set_section(event: Event, t: Tournament, actor: Actor, label: str,
                limits: Any = None) -> Tournament:
    """Make ``t`` a section of ``event`` (or change its label and limits).

    Refused for a tournament of another event; the limits are checked here and by the
    desk at every sign-up (a changed limit does not move anybody already signed up)."""
    clean = check_limits(limits)
    with change(t.pk, actor, "set_section") as c:
        t = c.tournament
        if t.event_id is not None and t.event_id != event.pk:
            raise ServiceError(_("this tournament is a section of another event"),
                               "tournament")
        if t.event_id is None and event.sections.count() >= MAX_SECTIONS:
            raise ServiceError(_("at most %(n)s sections") % {"n": MAX_SECTIONS}, "tournament")
        label = _check_label(event, label, t)
        before = {"event": t.event_id, "label": t.section_label, "limits": t.section_limits}
        after = {"event": event.pk, "label": label, "limits": clean}
        if before == after:
            c.unchanged = True
            return t
        c.target = t.name
        c.wrote("tournament")
        c.before = before
        c.after = {**after, "sentence": _said(
            gettext_noop("Section %(label)s of the event %(event)s."),
            label=label, event=event.name)}
        t.event, t.section_label, t.section_limits = event, label, clean
        t.save(update_fields=["event", "section_label", "section_limits"])
    return t


def create_section(event: Event, actor: Actor, label: str, name: str, discipline: str,
                   limits: Any = None, **options: Any) -> Tournament:
    """A new tournament (the discipline's preset, :func:`create_tournament`) as a section
    of ``event``, all or nothing."""
    check_limits(limits)
    with transaction.atomic():
        t = create_tournament(actor, name, discipline, **options)
        return set_section(event, t, actor, label, limits)


def sign_up_at_event(event: Event, actor: Actor, person: dict[str, Any],
                     section: Tournament | None = None,
                     status: str = Entrant.Status.PRESENT) -> Entrant:
    """The event's desk: sign ``person`` up in the section the limits allow.

    ``person``: name, club, rating (Elo), dwz, birth_year (each but the name optional).
    With ``section`` given, its limits are checked; without, the one section that admits
    the person is taken, and when several do the refusal (code ``choose``) names them so
    the desk asks. The sign-up itself is the section's own (:func:`register_person`)."""
    for key, (low, high) in (("rating", (0, MAX_RATING)), ("dwz", (0, MAX_RATING)),
                             ("birth_year", YEARS)):
        value = person.get(key)
        if value is not None and (not isinstance(value, int) or isinstance(value, bool)
                                  or not low <= value <= high):
            raise ServiceError(_("a whole number from %(low)s to %(high)s")
                               % {"low": low, "high": high}, key)
    birth_year = person.get("birth_year")
    facts = Facts(rating=person.get("rating"), dwz=person.get("dwz"), birth_year=birth_year)
    if section is not None:
        section = Tournament.objects.get(pk=section.pk)  # its limits as stored now
        if section.event_id != event.pk:
            raise ServiceError(_("no such section in this event"), "section")
        why = refusal(section, facts)
        if why:
            raise ServiceError(why, "section", code="limits")
        target = section
    else:
        fit = fitting(event, facts)
        if not fit:
            raise ServiceError(_("no section of this event admits this player"), "section",
                               code="no_section")
        if len(fit) > 1:
            raise ServiceError(_("several sections fit: %(names)s. Choose one.")
                               % {"names": ", ".join(section_name(t) for t in fit)},
                               "section", code="choose")
        target = fit[0]
    spec = {k: person.get(k) for k in ("name", "club", "rating", "dwz")}
    if birth_year is not None:
        spec["birth_date"] = date(birth_year, 1, 1)  # a year alone is kept as 1 January
    return register_person(target, actor, [spec], status=status)


def move_entrant(entrant: Entrant, target: Tournament, actor: Actor) -> Entrant:
    """Move an entrant to another section of the same event before round 1 of either.

    One step, all or nothing: the entrant leaves its section and is signed up in the other
    with the same people, status and rating (a new start number there); both sections log
    it (``move_section``). Refused with the field when the limits of ``target`` forbid it."""
    source = Tournament.objects.get(pk=entrant.tournament_id)
    target = Tournament.objects.get(pk=target.pk)
    if source.event_id is None or target.event_id != source.event_id:
        raise ServiceError(_("the other section must belong to the same event"), "section")
    if target.pk == source.pk:
        raise ServiceError(_("the player is in this section already"), "section")
    if Registration.objects.filter(entrant=entrant).exclude(
            place=Registration.Place.WITHDRAWN).exists():  # its place and fee go with it
        raise ServiceError(_("%(name)s registered online: move the registration on the "
                             "registrations page") % {"name": entrant.name}, "section")
    first, second = sorted((source.pk, target.pk))
    with transaction.atomic():
        # Both rows locked in one order, so two moves the other way round never deadlock.
        list(Tournament.objects.select_for_update().filter(pk__in=(first, second))
             .order_by("pk"))
        for t in (source, target):
            if Round.objects.filter(tournament=t).exists():
                raise ServiceError(_("%(section)s has drawn round 1 already: players move "
                                     "only before it") % {"section": section_name(t)},
                                   "section")
        entrant = Entrant.objects.select_for_update().get(pk=entrant.pk)
        why = refusal(target, facts_of_entrant(entrant))
        if why:
            raise ServiceError(why, "section", code="limits")
        people = list(entrant.players.all())
        snapshot = entrant_snapshot(entrant)
        with change(target.pk, actor, "move_section") as c:
            moved = sign_up(c, people, name=entrant.name, status=entrant.status,
                            club=entrant.club, rating=entrant.rating,
                            preregistered=entrant.preregistered, actor=actor)
            c.after = {**(c.after or {}), "from": section_name(source), "sentence": _said(
                gettext_noop("%(name)s moved here from section %(from)s."),
                name=entrant.name, **{"from": section_name(source)})}
        with change(source.pk, actor, "move_section") as c:
            c.target = f"{entrant.start_number}. {entrant.name}"
            c.wrote(f"entrant:{entrant.pk}")
            c.before = snapshot
            c.after = {"to": section_name(target), "sentence": _said(
                gettext_noop("%(name)s moved to section %(to)s."),
                name=entrant.name, to=section_name(target))}
            entrant.delete()
    return moved
