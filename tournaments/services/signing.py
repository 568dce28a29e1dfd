"""The one way an entrant is born (:func:`sign_up`), shared by the desk, the public
pre-registration, pairing up and online registration's places (:mod:`.waiting`); apart
from :mod:`.registration` so that the waiting list, which the desk's withdrawals move up,
is below the desk.
"""
from __future__ import annotations

from typing import Any

from django.db import IntegrityError
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from ..common.text import check_single_line
from ..models import Entrant, Player, Round, Tournament
from . import players as people
from .base import Actor, Change, ServiceError
from .limits import max_length
from .seating import give_seat


def seatable(entrant: Entrant) -> bool:
    """May sit in the window draw now: plays (not alone) and is here or signed up in person."""
    return entrant.active and not entrant.preregistered


def _joined_club(players: list[Player]) -> str:
    """A pair's club: the one club of both, or both clubs while that fits."""
    clubs = [p.club for p in players if p.club]
    joined = clubs[0] if len(set(clubs)) == 1 else " / ".join(clubs)
    return joined if len(joined) <= max_length(Entrant, "club") else ""


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
        raise ServiceError(_("unknown status"), "status")
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
