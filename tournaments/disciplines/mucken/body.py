"""A Mucken table's result as the API takes it (for the OpenAPI schema; the scoring core
checks the body)."""

from rest_framework import serializers

from ...api.serializers.common import Serializer


class MuckenResult(Serializer):
    bobbl = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField(min_value=0), min_length=2,
                                    max_length=2),
        max_length=20, help_text="Each Bobbl's points as [party 1, party 2]; one party "
                                 "reached the target.")
    unfinished = serializers.IntegerField(required=False, allow_null=True, help_text=(
        "The number of the last Bobbl when time ran out during it; it counts by the "
        "tournament's `unfinished` rule (leader, void, as_played)."))


RESULT_BODY = MuckenResult
