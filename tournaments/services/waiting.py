"""Places and the waiting list: who gets a place when one frees (docs/registration.md).

A registration with a place has an entrant (pre-registered: no seat until checked in); one
on the waiting list has none. :func:`fill_places` gives the free places to the first
waiting registrations, in the announcement's order (of registration, or of payment: paid
ones first, by the day the money came, then the others by registration), inside the
caller's :func:`~.base.change`, and queues each one's "moved up" mail.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from django.db import transaction
from django.db.models import F, QuerySet

from ..models import Announcement, Entrant, Registration, Tournament
from .base import Change, ServiceError
from .registration_mail import queue
from .signing import sign_up

ONLINE = "online registration"


def placed(t: Tournament) -> int:
    return Registration.objects.filter(tournament=t, place=Registration.Place.PLACED).count()


def waiting(t: Tournament, order: str) -> QuerySet[Registration]:
    """The waiting list in the order it moves up."""
    found = Registration.objects.filter(tournament=t, place=Registration.Place.WAITING)
    if order == Announcement.WaitingOrder.PAYMENT:
        return found.order_by(F("paid_at").asc(nulls_last=True), "number")
    return found.order_by("number")


def waiting_number(reg: Registration) -> int | None:
    """Where ``reg`` stands on its waiting list (1 = moves up next); None unless waiting.
    The personal page and the mails tell it, so a waiting person knows it is no place."""
    if reg.place != Registration.Place.WAITING:
        return None
    a = Announcement.objects.filter(tournament_id=reg.tournament_id).first()
    order = a.waiting_order if a is not None else Announcement.WaitingOrder.REGISTRATION
    pks = list(waiting(reg.tournament, order).values_list("pk", flat=True))
    return pks.index(reg.pk) + 1 if reg.pk in pks else None


def has_room(t: Tournament, a: Announcement) -> bool:
    return a.capacity is None or placed(t) < a.capacity


def give_place(c: Change, reg: Registration) -> Entrant:
    """Make ``reg`` an entrant of the tournament (pre-registered, not here yet)."""
    from .base import Actor
    pair = c.tournament.entrant_kind == Tournament.EntrantKind.PAIR
    person: dict[str, Any] = {"name": reg.name, "club": reg.club}
    if reg.rating is not None:
        person["rating"] = reg.rating
    if reg.dwz is not None:
        person["dwz"] = reg.dwz
    if reg.birth_year is not None:
        person["birth_date"] = date(reg.birth_year, 1, 1)  # a year alone: 1 January
    try:
        entrant = sign_up(c, [person], club=reg.club, rating=reg.rating,
                          status=Entrant.Status.REGISTERED, preregistered=True, alone=pair,
                          actor=Actor(None, ONLINE))
    except ServiceError as e:  # the desk's field names, said as the form's
        where = {"players": "name", "club": "club", "name": "name"}
        raise type(e)({where.get(k, "__all__"): v for k, v in e.errors.items()},
                      code=e.code) from None
    reg.entrant = entrant
    reg.place = Registration.Place.PLACED
    reg.save(update_fields=["entrant", "place"])
    return entrant


def fill_places(c: Change, a: Announcement, base: str = "",
                skipped: list[str] | None = None) -> list[str]:
    """Move waiting registrations up while there is room; their names, for the log.

    One who cannot become an entrant (the desk signed up somebody of the same name
    meanwhile) keeps waiting and is named in ``skipped`` (the log says so), never blocks
    the ones after them."""
    moved: list[str] = []
    if c.tournament.rounds.exists():
        return moved
    for reg in waiting(c.tournament, a.waiting_order):
        if not has_room(c.tournament, a):
            break
        try:
            with transaction.atomic():  # a refusal leaves nothing half-made
                give_place(c, reg)
        except ServiceError:
            reg.refresh_from_db()
            if skipped is not None:
                skipped.append(str(reg))
            continue
        c.wrote(f"registration:{reg.pk}")
        queue(reg, "moved_up", base)
        moved.append(str(reg))
    return moved


def release(c: Change, reg: Registration, base: str = "",
            skipped: list[str] | None = None) -> list[str]:
    """``reg`` is withdrawn; a place it had goes to the first waiting ones (before the
    first round), who are told by mail. Their names, for the log."""
    before = reg.place
    reg.place = Registration.Place.WITHDRAWN
    reg.save(update_fields=["place"])
    c.wrote(f"registration:{reg.pk}")
    a = Announcement.objects.filter(tournament=c.tournament).first()
    if before != Registration.Place.PLACED or a is None:
        return []
    return fill_places(c, a, base, skipped)


def entrant_left(c: Change, e: Entrant) -> tuple[dict[str, Any], dict[str, Any]]:
    """The desk withdrew or deletes ``e``: its online registration, if it has a place,
    is withdrawn with it and the place goes to the first waiting one, so an entrant gone
    from the desk's list never keeps a place from the waiting list. The log's (before,
    after) words: nothing when ``e`` came without an online registration."""
    reg = Registration.objects.select_for_update().filter(
        entrant=e, place=Registration.Place.PLACED).first()
    if reg is None:
        return {}, {}
    skipped: list[str] = []
    words = c.target, c.before, c.after  # a place given writes its own entry's words
    moved = release(c, reg, "", skipped)
    c.target, c.before, c.after = words
    after: dict[str, Any] = {"place": reg.place}
    if moved:
        after["moved_up"] = moved
    if skipped:
        after["still_waiting"] = skipped
    return {"place": Registration.Place.PLACED}, after


def entrant_back(c: Change, e: Entrant) -> tuple[dict[str, Any], dict[str, Any]]:
    """``e`` comes back after a withdrawal (the desk, or an undo): its registration has a
    place again (those moved up meanwhile keep theirs: the desk decided)."""
    reg = Registration.objects.select_for_update().filter(
        entrant=e, place=Registration.Place.WITHDRAWN).first()
    if reg is None:
        return {}, {}
    reg.place = Registration.Place.PLACED
    reg.save(update_fields=["place"])
    c.wrote(f"registration:{reg.pk}")
    return {"place": Registration.Place.WITHDRAWN}, {"place": reg.place}
