"""A Pussi table's score sheet as the API takes it (for the OpenAPI schema; the scoring
core checks the body: every game against the totals before it)."""

from rest_framework import serializers

from ...api.serializers.common import Serializer


class PussiGame(Serializer):
    declarer = serializers.ChoiceField(choices=[1, 2], help_text="the side that won the bid")
    bid = serializers.IntegerField(min_value=1, max_value=5000)
    totals = serializers.ListField(child=serializers.IntegerField(), min_length=2,
                                   max_length=2, help_text="both sides' running totals")


class PussiResult(Serializer):
    games = PussiGame(many=True, required=False, help_text="the sheet, one game a line")
    final = serializers.ListField(child=serializers.IntegerField(), required=False,
                                  help_text="quick entry instead of games: both final totals")
    premium = serializers.DictField(required=False, allow_null=True, help_text=(
        "quick entry: {side, game} of the party that crossed premium_at first"))
    played = serializers.IntegerField(required=False, min_value=1, max_value=99,
                                      help_text="quick entry: the games played")


RESULT_BODY = PussiResult
