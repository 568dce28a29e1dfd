"""Who may do what in a tournament (docs/design.md, Access)."""

from __future__ import annotations

from typing import Any

from .models import Role, Tournament


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
