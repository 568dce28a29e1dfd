"""The views' bases: JSON in and out, who may call, and the tournament of the URL."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from django.shortcuts import get_object_or_404
from rest_framework import status
from rest_framework.exceptions import APIException
from rest_framework.permissions import IsAuthenticated
from rest_framework.views import APIView

from ...models import Round, Table, Tournament
from ...permissions import MayCreateTournaments
from ...selectors.rounds import round_list_full, table_list
from ...services import Actor
from .. import serializers as s
from ..parsers import BoundedJSONParser
from ..permissions import IsTournamentDirector


class Conflict(APIException):
    """The request is fine but the state is not (a round that is not open)."""

    status_code = status.HTTP_409_CONFLICT
    default_detail = "conflict"
    default_code = "conflict"


class APIBase(APIView):
    """JSON in, JSON out: form bodies are refused (415) instead of being half-understood.
    JSON is read by the bounded parser (size, depth, numbers, text: see .parsers)."""

    parser_classes = [BoundedJSONParser]
    # A service's fields as the view's body names them (``round_number`` is ``round`` here);
    # the exception handler (.errors) applies it.
    error_fields: dict[str, str] = {}

    @property
    def actor(self) -> Actor:
        return Actor.of(self.request.user)


class DirectorView(APIBase):
    """Only the tournament's directors: 401 without credentials, 403 for anyone else."""

    # (the docstring is the schema's description of every view that has none.) An unknown
    # slug is a 404 after the 401 (:class:`~tournaments.api.permissions.IsTournamentDirector`).
    permission_classes = [IsAuthenticated, IsTournamentDirector]

    @cached_property
    def tournament(self) -> Tournament:
        return get_object_or_404(Tournament, slug=self.kwargs.get("slug"))

    def get_round(self, number: int) -> Round:
        return get_object_or_404(Round, tournament=self.tournament, number=number)

    def get_table(self, number: int, table: int) -> Table:
        return get_object_or_404(table_list(self.tournament), round__number=number,
                                 number=table)

    def round_data(self, number: int) -> dict[str, Any]:
        """The round with its tables, seats, results and byes; 404 if there is none."""
        rnd = get_object_or_404(round_list_full(self.tournament), number=number)
        return s.RoundSerializer(rnd).data


class CreatorView(APIBase):
    """Views that create tournaments: reading is for every account, a POST needs the right
    the administrator gives (:func:`~tournaments.permissions.may_create_tournaments`), as
    on the director's home page."""

    permission_classes = [IsAuthenticated, MayCreateTournaments]
