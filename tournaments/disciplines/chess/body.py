"""A chess board's result as the API takes it (for the OpenAPI schema; the scoring core
checks the body)."""

from rest_framework import serializers

from scoring.chess import SCORES

from ...api.serializers.common import Serializer


class ChessResult(Serializer):
    score = serializers.ChoiceField(choices=SCORES, help_text=(
        "1-0, 0-1 or 1/2-1/2 over the board; +- or -+ a win by forfeit; -- both forfeit"))


RESULT_BODY = ChessResult
