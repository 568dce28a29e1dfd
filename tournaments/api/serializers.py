"""Serializers of the API: they check the shape of a request; the services check its meaning.

Input serializers stop what would otherwise crash a service (a rating that is
not a number, a list that is an object) with a 400 naming the field; every
rule of the tournament itself (a draw method of the discipline, a Bobbl that
nobody won) is the service's, so the API and the pages refuse the same things
with the same words. Output serializers describe the JSON for the schema.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ObjectDoesNotExist
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from ..disciplines import DISCIPLINES
from ..models import Entrant, Result, ResultRevision, Round, Tournament

ENTRANT_KINDS = Tournament.EntrantKind.values
MAX_RATING = 9999  # Elo and DWZ stay far below; keeps a typo from reaching a column's limit
MAX_ID = 2_147_483_647


def one_of(choices: Any) -> str:
    """Help text for an output status; such fields are plain strings in the schema, because
    several choice sets share the name ``status`` and each would need an enum name override."""
    return "one of: " + ", ".join(choices.values)


# ---------------------------------------------------------------- tournaments


class TournamentSerializer(serializers.Serializer):
    slug = serializers.SlugField(read_only=True)
    name = serializers.CharField(read_only=True)
    discipline = serializers.CharField(read_only=True)
    entrant_kind = serializers.CharField(read_only=True)
    scoring = serializers.JSONField(read_only=True)
    pairing = serializers.CharField(read_only=True)
    draw_options = serializers.JSONField(read_only=True, help_text=(
        "double (round robin twice), avoid_same_club (Swiss), registration (the window "
        "draw at registration: window, random_up_to, sequential_from, seed)."))
    planned_rounds = serializers.IntegerField(read_only=True)
    status = serializers.CharField(read_only=True, help_text=one_of(Tournament.Status))
    public = serializers.BooleanField(read_only=True)
    version = serializers.IntegerField(read_only=True,
                                       help_text="Bumped by every change of the tournament.")
    created = serializers.DateTimeField(read_only=True)


class TournamentCreateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=200)
    discipline = serializers.ChoiceField(choices=sorted(DISCIPLINES))
    entrant_kind = serializers.ChoiceField(choices=ENTRANT_KINDS, default="single")
    scoring = serializers.DictField(required=False, help_text=(
        "Scoring settings of the discipline (FORMAT.md); missing ones come from its preset."))
    planned_rounds = serializers.IntegerField(required=False)
    pairing = serializers.CharField(required=False, help_text="Draw method of the discipline.")


class TournamentUpdateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=200, required=False)
    scoring = serializers.DictField(required=False)
    planned_rounds = serializers.IntegerField(required=False)
    pairing = serializers.CharField(required=False)
    draw_options = serializers.DictField(required=False, help_text=(
        "Draw options of the discipline; the registration draw's recorded seed is kept."))
    public = serializers.BooleanField(required=False)
    status = serializers.ChoiceField(choices=Tournament.Status.values, required=False)


# ---------------------------------------------------------------- entrants


class PlayerSpecSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    club = serializers.CharField(max_length=120, required=False, allow_blank=True)
    rating = serializers.IntegerField(min_value=0, max_value=MAX_RATING, required=False,
                                      allow_null=True)
    categories = serializers.ListField(child=serializers.CharField(max_length=30),
                                       required=False, help_text="e.g. senior, junior, women")


@extend_schema_field({"oneOf": [
    {"type": "integer", "description": "id of a known player"},
    {"type": "object", "required": ["name"], "properties": {
        "name": {"type": "string"}, "club": {"type": "string"},
        "rating": {"type": "integer", "nullable": True},
        "categories": {"type": "array", "items": {"type": "string"}}}},
]})
class PlayerSpecField(serializers.Field):
    """A player: the id of a known one, or ``{name, club?, rating?}`` for a new one."""

    default_error_messages = {"invalid": _("a player is an id or an object with a name")}

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, bool):
            self.fail("invalid")
        if isinstance(data, int):
            if not 1 <= data <= MAX_ID:
                raise serializers.ValidationError(_("unknown player"))
            return data
        if isinstance(data, dict):
            spec = PlayerSpecSerializer(data=data)
            spec.is_valid(raise_exception=True)
            return dict(spec.validated_data)
        self.fail("invalid")

    def to_representation(self, value: Any) -> Any:
        return value


class EntrantCreateSerializer(serializers.Serializer):
    players = serializers.ListField(child=PlayerSpecField(), min_length=1, max_length=2)
    status = serializers.CharField(required=False, help_text=one_of(Entrant.Status))
    name = serializers.CharField(max_length=250, required=False, allow_blank=True, help_text=(
        "Defaults to the players' names joined by ' / '."))
    club = serializers.CharField(max_length=120, required=False, allow_blank=True)
    rating = serializers.IntegerField(min_value=0, max_value=MAX_RATING, required=False,
                                      allow_null=True)


class EntrantStatusSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=Entrant.Status.values)


class PlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    club = serializers.CharField()
    rating = serializers.IntegerField(allow_null=True)


class EntrantSerializer(serializers.Serializer):
    start_number = serializers.IntegerField()
    name = serializers.CharField()
    status = serializers.CharField(help_text=one_of(Entrant.Status))
    club = serializers.CharField()
    rating = serializers.IntegerField(allow_null=True)
    categories = serializers.ListField(child=serializers.CharField())
    joined_round = serializers.IntegerField()
    players = PlayerSerializer(many=True, source="players.all")
    seat = serializers.SerializerMethodField(help_text=(
        "The round-1 seat from the draw at registration (side 1/2 = pair 1/2, position "
        "within the side), or null."))

    def get_seat(self, entrant: Entrant) -> dict[str, int] | None:
        try:
            s = entrant.registration_seat
        except ObjectDoesNotExist:
            return None
        return {"table": s.table, "side": s.side, "position": s.position}


class CleanupMoveSerializer(serializers.Serializer):
    entrant = serializers.IntegerField(source="entrant.start_number")
    name = serializers.CharField(source="entrant.name")
    source = serializers.CharField(help_text="The seat now, in words.")
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


# ---------------------------------------------------------------- rounds


class DrawSerializer(serializers.Serializer):
    seed = serializers.CharField(max_length=64, required=False, allow_blank=True, help_text=(
        "Replays a recorded draw; a new random seed when missing."))
    method = serializers.CharField(max_length=30, required=False, allow_blank=True,
                                   help_text="Draw method; the tournament's when missing.")


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
    draw_explanation = serializers.JSONField()
    extra = serializers.JSONField()
    tables = TableSerializer(many=True, source="tables.all")
    byes = ByeSerializer(many=True, source="byes.all")


class UndoSerializer(serializers.Serializer):
    undone = serializers.IntegerField(help_text="Number of the round that was deleted.")


# ---------------------------------------------------------------- results


@extend_schema_field(OpenApiTypes.OBJECT)
class PayloadField(serializers.JSONField):
    """A result payload of FORMAT.md; the discipline's module checks it."""


class ResultPayloadSerializer(serializers.Serializer):
    """Only for the schema: the body *is* the payload, passed to the service untouched."""

    bobbl = serializers.ListField(child=serializers.ListField(child=serializers.IntegerField()),
                                  required=False, help_text="mucken")
    games = serializers.ListField(child=serializers.DictField(), required=False,
                                  help_text="pussi")
    score = serializers.CharField(required=False, help_text="chess")
    points = serializers.DictField(child=serializers.IntegerField(), required=False,
                                   help_text="boardgame")
    missions = serializers.ListField(child=serializers.ListField(
        child=serializers.IntegerField()), required=False, help_text="tabletop")


class RevisionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    payload = PayloadField()
    source = serializers.CharField(help_text=one_of(ResultRevision.Source))
    user = serializers.CharField(source="user.username", allow_null=True, default=None)
    note = serializers.CharField()
    created = serializers.DateTimeField()


class TableResultSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    status = serializers.CharField(allow_null=True, help_text=one_of(Result.Status))
    payload = PayloadField(allow_null=True)
    version = serializers.IntegerField(allow_null=True)
    revisions = RevisionSerializer(many=True)


class AcceptSerializer(serializers.Serializer):
    revision = serializers.IntegerField(min_value=1, max_value=2**63 - 1,
                                        help_text="id of one of the table's revisions")


# ---------------------------------------------------------------- captain


class CaptainTableSerializer(serializers.Serializer):
    tournament = serializers.CharField()
    discipline = serializers.CharField()
    round = serializers.IntegerField()
    round_status = serializers.CharField(help_text=one_of(Round.Status))
    table = serializers.IntegerField()
    seats = SeatSerializer(many=True)
    result_status = serializers.CharField(allow_null=True, help_text=one_of(Result.Status))
    accepting = serializers.BooleanField(help_text="True while the round takes results.")


class CaptainSubmittedSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    round = serializers.IntegerField()
    status = serializers.CharField(help_text=(
        "submitted (first), confirmed (a second agreeing one) or disputed."))


class MessageSerializer(serializers.Serializer):
    detail = serializers.CharField()


# ---------------------------------------------------------------- standings, documents


class StandingsRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    entrant = serializers.IntegerField(help_text="Start number.")
    name = serializers.CharField()
    values = serializers.DictField(child=serializers.FloatField())


class StandingsSerializer(serializers.Serializer):
    standings = StandingsRowSerializer(many=True)
    flags = serializers.ListField(child=serializers.DictField(), required=False)


class DocumentSerializer(serializers.Serializer):
    """A ``turnier/1`` document (FORMAT.md); ``scoring`` checks it, not this serializer."""

    format = serializers.CharField(default="turnier/1")
    name = serializers.CharField()
    discipline = serializers.CharField()
    scoring = serializers.DictField(required=False)
    entrants = serializers.ListField(child=serializers.DictField())
    rounds = serializers.ListField(child=serializers.DictField(), required=False)


class ImportedSerializer(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()
