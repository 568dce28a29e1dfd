"""What the serializers share: limits, the status help text, messages, payloads."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

if TYPE_CHECKING:  # DRF's serializers are generic in the stubs, not at run time
    Serializer = serializers.Serializer[Any]
else:
    Serializer = serializers.Serializer
"""The base of a serializer whose instance is any object (what the stubs' generic asks)."""

MAX_RATING = 9999  # Elo and DWZ stay far below; keeps a typo from reaching a column's limit
MAX_ID = 2_147_483_647
PLAYER_NAME = 120  # Player.name's length; an entrant's name may be longer (a pair's)


class IdRange(TypedDict):
    """Bounds of an IntegerField, for ``**NUMBER``."""

    min_value: int
    max_value: int


NUMBER: IdRange = {"min_value": 1, "max_value": MAX_ID}  # a start number


def one_of(choices: Any) -> str:
    """Help text for an output status; such fields are plain strings in the schema, because
    several choice sets share the name ``status`` and each would need an enum name override."""
    return "one of: " + ", ".join(choices.values)


@extend_schema_field(OpenApiTypes.OBJECT)
class PayloadField(serializers.JSONField):
    """A result payload of docs/format.md; the discipline's module checks it."""


class MessageSerializer(serializers.Serializer):
    detail = serializers.CharField()
