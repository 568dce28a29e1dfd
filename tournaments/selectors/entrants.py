"""Entrants with what their output needs (players, the registration seat)."""

from __future__ import annotations

from django.db.models import QuerySet

from ..models import Entrant, Tournament


def entrant_list(t: Tournament) -> QuerySet[Entrant]:
    """The tournament's entrants with their players and registration seat, start-number order
    (the model's)."""
    return Entrant.objects.filter(tournament=t).select_related(
        "registration_seat").prefetch_related("players")
