"""A tabletop game's result as the API takes it (for the OpenAPI schema; the scoring core
checks the body)."""

from rest_framework import serializers

from ...api.serializers.common import Serializer


class TabletopResult(Serializer):
    missions = serializers.ListField(
        child=serializers.ListField(child=serializers.FloatField(min_value=0, max_value=1000),
                                    min_length=2, max_length=2),
        min_length=3, max_length=3,
        help_text="[side 1, side 2] mission points: primary, secondary, tertiary")


RESULT_BODY = TabletopResult
