"""The registration desk: sign-up, check-in, absent, withdraw, late entries.

Start numbers are taken under the tournament's row lock, and the database
refuses a second entrant with the same name or number, so several desks at
once never hand out one number twice.
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError
from django.db.models import Max, Q
from django.utils.translation import gettext as _

from ..models import Entrant, Player, Round, Tournament
from .base import Actor, ServiceError, change
from .seating import give_seat, per_side, release_seat, seat_label


def find_players(query: str, limit: int = 10) -> list[Player]:
    """Players whose name or club contains every word of ``query`` (search-as-you-type)."""
    words = [w for w in (query or "").split() if w]
    if not words:
        return []
    qs = Player.objects.all()
    for w in words:
        qs = qs.filter(Q(name__icontains=w) | Q(club__icontains=w))
    return list(qs.order_by("name")[:limit])


def _player(spec: Any) -> Player:
    """A Player from an id, a Player, or a dict with at least ``name``."""
    if isinstance(spec, Player):
        return spec
    if isinstance(spec, int):
        try:
            return Player.objects.get(pk=spec)
        except Player.DoesNotExist:
            raise ServiceError(f"unknown player {spec}", "players") from None
    if isinstance(spec, dict):
        name = str(spec.get("name", "")).strip()
        if not name:
            raise ServiceError(_("every player needs a name"), "players")
        fields = {k: spec[k] for k in ("club", "rating", "dwz", "birth_date", "categories")
                  if spec.get(k) not in (None, "")}
        existing = Player.objects.filter(name__iexact=name, club=fields.get("club", "")).first()
        return existing or Player.objects.create(name=name, **fields)
    raise ServiceError("a player is an id or an object with a name", "players")


def register(tournament: Tournament, actor: Actor, players: list[Any], name: str = "",
             status: str = Entrant.Status.REGISTERED, club: str = "",
             rating: int | None = None) -> Entrant:
    """Sign up one entrant (a player, or a fixed pair of two) with the next start number."""
    need = 2 if tournament.entrant_kind == "pair" else 1
    if len(players) != need:
        raise ServiceError(_("an entrant of this tournament is %(n)s player(s)") % {"n": need},
                           "players")
    if status not in Entrant.Status.values:
        raise ServiceError("unknown status", "status")
    with change(tournament.pk, actor, "register") as c:
        t = c.tournament
        resolved = [_player(p) for p in players]  # inside: a refusal leaves no stray Player
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
                categories=categories, joined_round=rounds_open + 1)
        except IntegrityError:
            raise ServiceError(_("%(name)s is already registered in this tournament")
                               % {"name": name}, "name") from None
        entrant.players.set(resolved)
        c.target = f"{number}. {name}"
        c.after = {"start_number": number, "name": name, "status": status,
                   "late": rounds_open > 0}
        seat = give_seat(t, entrant)
        if seat is not None:  # the window draw: the seat, the seed's index, replayable
            c.after["seat"] = {"table": seat.table, "side": seat.side,
                               "position": seat.position, "draw_index": seat.draw_index}
    return entrant


def set_status(entrant: Entrant, actor: Actor, status: str) -> Entrant:
    """Check in (present), mark absent, withdraw, or back to registered."""
    if status not in Entrant.Status.values:
        raise ServiceError("unknown status", "status")
    with change(entrant.tournament_id, actor, "entrant_status") as c:
        e = Entrant.objects.get(pk=entrant.pk)
        c.target = str(e)
        c.before, c.after = {"status": e.status}, {"status": status}
        e.status = status
        e.save(update_fields=["status"])
        if status == Entrant.Status.WITHDRAWN:
            release_seat(e)
        else:
            seat = give_seat(c.tournament, e)
            if seat is not None and c.before["status"] == Entrant.Status.WITHDRAWN:
                c.after["seat"] = seat_label(seat.table, seat.side, seat.position,
                                             per_side(c.tournament))
    return e
