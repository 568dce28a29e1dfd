"""A match's result as the API takes it (for the OpenAPI schema; the scoring core checks
the body)."""

from rest_framework import serializers

from ...api.serializers.common import Serializer


class TeamChessResult(Serializer):
    boards = serializers.ListField(child=serializers.CharField(), help_text=(
        "one result per board, from the first-named team's side: 1-0, 1/2-1/2, 0-1, +-, -+ "
        "or --"))


RESULT_BODY = TeamChessResult
