"""Rounds, tables, seats, byes, the draw and the cleanup of the draw at registration."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from ...core_messages import lines
from ...models import Result, Round
from .common import one_of


class CleanupMoveSerializer(serializers.Serializer):
    entrant = serializers.IntegerField(source="entrant.start_number")
    name = serializers.CharField(source="entrant.name")
    # An output field named like Field.source: the stubs see a clash, DRF does not.
    source = serializers.CharField(  # type: ignore[assignment]
        help_text="The seat now, in words.")
    target = serializers.CharField(help_text="The seat after the cleanup, in words.")
    keeps_role = serializers.BooleanField(help_text="Stays pair 1 or pair 2.")


class CleanupSerializer(serializers.Serializer):
    tables = serializers.IntegerField(help_text="Tables 1..tables are full after the cleanup.")
    moves = CleanupMoveSerializer(many=True)
    released = serializers.SerializerMethodField(
        help_text="Start numbers of absent or withdrawn entrants whose seat is given back.")
    error = serializers.CharField(help_text="Why there is no cleanup yet (e.g. a pair "
                                            "missing for full tables), or empty.")

    def get_released(self, plan: Any) -> list[int]:
        return [e.start_number for e in plan.released]


class DrawSerializer(serializers.Serializer):
    seed = serializers.CharField(max_length=64, required=False, allow_blank=True, help_text=(
        "Replays a recorded draw; a new random seed when missing."))
    method = serializers.CharField(max_length=30, required=False, allow_blank=True,
                                   help_text="Draw method; the tournament's when missing.")
    missions = serializers.ListField(
        child=serializers.CharField(max_length=40), max_length=3, required=False,
        help_text="Tabletop's 12 matrix: the new round's mission kinds (primary, secondary, "
                  "tertiary); the tournament's default when missing.")


class SeatSerializer(serializers.Serializer):
    entrant = serializers.IntegerField(source="entrant.start_number",
                                       help_text="Start number.")
    name = serializers.CharField(source="entrant.name")
    side = serializers.IntegerField(allow_null=True)
    position = serializers.IntegerField()


def _result(table: Any) -> Result | None:
    try:
        return table.result
    except Result.DoesNotExist:
        return None


class TableSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    seats = SeatSerializer(many=True, source="seats.all")
    result_status = serializers.SerializerMethodField()
    result = serializers.SerializerMethodField()
    captain_token = serializers.CharField(source="token", help_text=(
        "The table captain's link: /c/<token>/ and /api/v1/captain/<token>/."))

    @extend_schema_field(serializers.CharField(allow_null=True, help_text=one_of(Result.Status)))
    def get_result_status(self, table: Any) -> str | None:
        res = _result(table)
        return res.status if res else None

    @extend_schema_field(OpenApiTypes.OBJECT)
    def get_result(self, table: Any) -> Any:
        res = _result(table)
        return res.payload if res else None


class ByeSerializer(serializers.Serializer):
    entrant = serializers.IntegerField(source="entrant.start_number")
    name = serializers.CharField(source="entrant.name")
    kind = serializers.CharField()


class RoundSummarySerializer(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.CharField(help_text=one_of(Round.Status))
    draw_method = serializers.CharField()
    tables = serializers.IntegerField(source="table_count")
    results = serializers.IntegerField(source="result_count",
                                       help_text="Tables with a result that is not disputed.")


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.CharField(help_text=one_of(Round.Status))
    draw_method = serializers.CharField()
    draw_seed = serializers.CharField()
    draw_explanation = serializers.SerializerMethodField(
        help_text="The draw's explanation, one line each, in the request's language.")
    extra = serializers.JSONField()
    tables = TableSerializer(many=True, source="tables.all")
    byes = ByeSerializer(many=True, source="byes.all")

    def get_draw_explanation(self, rnd: Round) -> list[str]:
        return lines(rnd.draw_explanation or [])


class RoundChoicesSerializer(serializers.Serializer):
    """What the director sets for a round; which values are allowed is the service's."""

    missions = serializers.ListField(
        child=serializers.CharField(max_length=40), max_length=3, required=False,
        help_text="The kinds of the primary, secondary and tertiary mission "
                  "(eternal_war, maelstrom, tertiary); tabletop's 12 matrix only.")
    title = serializers.CharField(
        max_length=80, required=False, allow_blank=True, trim_whitespace=True,
        help_text="The game this round plays (board games only; empty: none). Shown on the "
                  "pairings, the score sheets and the captains' pages; the scoring is the "
                  "same.")


class UndoSerializer(serializers.Serializer):
    undone = serializers.IntegerField(help_text="Number of the round that was deleted.")
