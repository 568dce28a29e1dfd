"""Who may do what (docs/design.md, Access): the one place pages and API ask.

Creating a tournament is not a role in a tournament but a right the administrator
gives: the ``tournaments.add_tournament`` permission (directly or through a group,
in the admin), or being a superuser. Directing a tournament is not enough, because
any director can make anyone else a director of their own tournament; if that
made the other one a creator too, every account would be one step from creating
tournaments (and importing files of any size). The director's pages
(:func:`may_create_tournaments`) and the API (:class:`MayCreateTournaments`) ask
the same function.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework.permissions import SAFE_METHODS, BasePermission

from .models import Event, Role, Tournament

CREATE_PERMISSION = "tournaments.add_tournament"


def may_create_tournaments(user: Any) -> bool:
    """Superusers, and accounts the administrator gave ``tournaments.add_tournament``."""
    if not getattr(user, "is_authenticated", False) or not getattr(user, "is_active", True):
        return False
    return bool(user.is_superuser or user.has_perm(CREATE_PERMISSION))


def directs_any(user: Any) -> bool:
    """Directs at least one tournament (superusers direct all)."""
    if not getattr(user, "is_authenticated", False):
        return False
    return bool(user.is_superuser
                or Role.objects.filter(user=user, kind=Role.Kind.DIRECTOR).exists())


def is_director(user: Any, tournament: Tournament) -> bool:
    if not getattr(user, "is_authenticated", False):
        return False
    if user.is_superuser:
        return True
    return Role.objects.filter(tournament=tournament, user=user,
                               kind=Role.Kind.DIRECTOR).exists()


def is_desk(user: Any, tournament: Tournament) -> bool:
    """Desk work is allowed to the desk role and to directors."""
    if is_director(user, tournament):
        return True
    return bool(getattr(user, "is_authenticated", False)) and Role.objects.filter(
        tournament=tournament, user=user, kind=Role.Kind.DESK).exists()


def directs_event(user: Any, event: Event) -> bool:
    """The event's creator, or a director of one of its sections (superusers: all)."""
    if not getattr(user, "is_authenticated", False):
        return False
    if user.is_superuser or (event.created_by_id is not None
                             and event.created_by_id == user.pk):
        return True
    return Role.objects.filter(user=user, kind=Role.Kind.DIRECTOR,
                               tournament__event=event).exists()


def desks_event(user: Any, event: Event) -> bool:
    """May work the event's desk: its directors and the desk of any of its sections."""
    if directs_event(user, event):
        return True
    return bool(getattr(user, "is_authenticated", False)) and Role.objects.filter(
        user=user, tournament__event=event).exists()


class MayCreateTournaments(BasePermission):
    """API views that create tournaments: a write needs :func:`may_create_tournaments`.

    Reading (the list of one's own tournaments) stays open to every account; a POST
    from an account without the right is a 403 before the body is looked at.
    """

    message = _("Only accounts the administrator allowed to create tournaments may do this.")

    def has_permission(self, request: Any, view: Any) -> bool:
        if request.method in SAFE_METHODS:
            return True
        return may_create_tournaments(request.user)
