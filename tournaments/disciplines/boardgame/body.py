"""A board-game table's result as the API takes it (for the OpenAPI schema; the scoring
core checks the body)."""

from rest_framework import serializers

from ...api.serializers.common import Serializer


class BoardgameResult(Serializer):
    points = serializers.DictField(child=serializers.IntegerField(), help_text=(
        "every seated entrant's game points, keyed by entrant id as a string"))


RESULT_BODY = BoardgameResult
