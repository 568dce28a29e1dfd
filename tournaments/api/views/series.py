"""A Pussi series' own number of games (issue 18): PUT it, the round comes back."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from ...services.series_games import MAX_REASON, set_series_games
from .. import serializers as s
from ..schema import ROUND, responses
from .base import DirectorView


class SeriesGamesSerializer(serializers.Serializer):
    games_per_series = serializers.JSONField(help_text=(
        "Games this series plays, 1 to 99; null for the tournament's number."))
    reason = serializers.CharField(max_length=MAX_REASON, required=False, allow_blank=True,
                                   help_text="Why; required once results of the series are in.")


class SeriesGamesView(DirectorView):
    @extend_schema(parameters=ROUND, summary="Set a series' own number of games (Pussi)",
                   request=SeriesGamesSerializer, responses=responses(s.RoundSerializer),
                   examples=[OpenApiExample("series cut to 6 games", request_only=True,
                                            value={"games_per_series": 6,
                                                   "reason": "the hall closes at 23:00"})])
    def put(self, request: Request, slug: str, number: int) -> Response:
        self.get_round(number)  # 404 for a round that does not exist
        form = SeriesGamesSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        set_series_games(self.tournament, self.actor, number,
                         form.validated_data.get("games_per_series"),
                         form.validated_data.get("reason", ""))
        return Response(self.round_data(number))
