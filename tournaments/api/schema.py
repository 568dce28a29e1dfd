"""What the OpenAPI schema says around the views: the usual error answers, path
parameters and example bodies (drf-spectacular)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    PolymorphicProxySerializer,
)

from ..disciplines import DISCIPLINES
from . import serializers as s

ERRORS = OpenApiResponse(OpenApiTypes.OBJECT, description=(
    "Bad input: every problem under the field or place it concerns ('__all__' for general)."),
    examples=[OpenApiExample("Pussi sheet", value={
        "games[2].totals": ["declarer's total 140 does not follow from 80 and the bid 60"]})])
DENIED = {401: OpenApiResponse(s.MessageSerializer, description="No or bad credentials."),
          403: OpenApiResponse(s.MessageSerializer, description="Not a director of it."),
          404: OpenApiResponse(s.MessageSerializer, description="Unknown tournament.")}
CREATOR_ONLY = OpenApiResponse(s.MessageSerializer, description=(
    "The account may not create tournaments (the administrator gives the permission "
    "tournaments.add_tournament)."))


def number(name: str, what: str) -> OpenApiParameter:
    return OpenApiParameter(name, int, OpenApiParameter.PATH, description=what)


ENTRANT = [number("start_number", "the entrant's start number")]
ROUND = [number("number", "round number")]
REGISTRATION = [number("number", "the registration's number")]
TABLE = [*ROUND, number("table", "table number in the round")]


def responses(ok: Any, code: int = 200, bad: bool = True) -> dict[int, Any]:
    """The usual answers of a director's endpoint around the successful one."""
    out: dict[int, Any] = {code: ok, **DENIED}
    if bad:
        out[400] = ERRORS
    return out


# Every discipline's result body and an example of it, from its class: a new discipline
# appears here by being installed (tests/integration/test_api_schema.py).
PAYLOAD_EXAMPLES = [
    OpenApiExample(name, value=d.api_example(), summary=str(d.label),
                   description=f"A {name} table seated with the entrants 1, 2, … in seat order.")
    for name, d in DISCIPLINES.items()]
RESULT_BODY = PolymorphicProxySerializer(
    component_name="ResultBody", resource_type_field_name=None,
    serializers={name: d.result_body for name, d in DISCIPLINES.items()})
DOCUMENT_EXAMPLE = OpenApiExample("a Mucken tournament", value={
    "format": "turnier/1", "name": "Muckturnier 2026", "discipline": "mucken",
    "scoring": {"target": 21},
    "entrants": [{"id": 1, "name": "Fritz / Hans", "players": ["Fritz", "Hans"]},
                 {"id": 2, "name": "Anna / Berta", "players": ["Anna", "Berta"]}],
    "rounds": [{"number": 1, "tables": [{"number": 1, "seats": [
        {"entrant": 1, "side": 1}, {"entrant": 2, "side": 2}],
        "result": {"bobbl": [[21, 11], [17, 21]]}}], "byes": []}]})
