"""A Skat table's list as the API takes it (for the OpenAPI schema; the scoring core checks
every line by the ISkO: docs/skat.md)."""

from rest_framework import serializers

from scoring.skat import GAMES

from ...api.serializers.common import Serializer


class SkatGame(Serializer):
    game = serializers.ChoiceField(choices=sorted(GAMES))
    declarer = serializers.IntegerField(required=False, help_text=(
        "entrant id of the declarer; not the dealer at a table of four; not for passed"))
    dealer = serializers.IntegerField(required=False, help_text=(
        "entrant id; required at a table of four, where the dealer sits out"))
    value = serializers.IntegerField(required=False, help_text="the game's value")
    won = serializers.BooleanField(required=False)
    bid = serializers.IntegerField(required=False, help_text="optional: the bid it was played at")


class SkatResult(Serializer):
    games = SkatGame(many=True, help_text="the series' list, one game a line (at most 99)")


RESULT_BODY = SkatResult
