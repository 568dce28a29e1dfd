"""Standings (Chaos: Table TABMODE PLRMODE)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from ...selectors.standings import standings_get
from .. import serializers as s
from ..schema import responses
from .base import DirectorView


class StandingsView(DirectorView):
    @extend_schema(summary="Standings (docs/format.md; Chaos: Table TABMODE PLRMODE)",
                   parameters=[s.StandingsQuerySerializer],
                   responses=responses(s.StandingsSerializer))
    def get(self, request: Request, slug: str) -> Response:
        query = s.StandingsQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        d = query.validated_data
        return Response(standings_get(self.tournament, d.get("after_round"),
                                      d.get("category") or None, d.get("tiebreaks")))
