"""Tournaments a user may see."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from ..models import Tournament


def tournament_list_directed(user: Any) -> QuerySet[Tournament]:
    """The tournaments ``user`` directs (a superuser: all)."""
    if user.is_superuser:
        return Tournament.objects.all()
    return Tournament.objects.filter(roles__user=user, roles__kind="director").distinct()
