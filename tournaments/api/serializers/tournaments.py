"""Tournaments and the turnier/1 document."""

from __future__ import annotations

from rest_framework import serializers

from ...common.text import validate_single_line as one_line
from ...disciplines import DISCIPLINES
from ...models import Tournament
from .common import one_of

ENTRANT_KINDS = Tournament.EntrantKind.values


class TournamentSerializer(serializers.Serializer):
    slug = serializers.SlugField(read_only=True)
    name = serializers.CharField(read_only=True)
    discipline = serializers.CharField(read_only=True)
    entrant_kind = serializers.CharField(read_only=True)
    scoring = serializers.JSONField(read_only=True)
    pairing = serializers.CharField(read_only=True)
    draw_options = serializers.JSONField(read_only=True, help_text=(
        "double (round robin twice), avoid_same_club (members of one club apart as far as "
        "the draw allows: tabletop's Swiss pairs them with others, Skat seats them (and a "
        "team's members) at different tables), registration (the window draw at "
        "registration: window, random_up_to, sequential_from, seed). Which options a "
        "discipline has: docs/draws.md."))
    planned_rounds = serializers.IntegerField(read_only=True)
    status = serializers.CharField(read_only=True, help_text=one_of(Tournament.Status))
    public = serializers.BooleanField(read_only=True)
    version = serializers.IntegerField(read_only=True,
                                       help_text="Bumped by every change of the tournament.")
    created = serializers.DateTimeField(read_only=True)


class TournamentCreateSerializer(serializers.Serializer):
    name = serializers.CharField(validators=[one_line], max_length=200)
    discipline = serializers.ChoiceField(choices=sorted(DISCIPLINES))
    entrant_kind = serializers.ChoiceField(choices=ENTRANT_KINDS, default="single")
    scoring = serializers.DictField(required=False, help_text=(
        "Scoring settings of the discipline (docs/format.md); missing ones come from its preset."))
    planned_rounds = serializers.IntegerField(required=False)
    pairing = serializers.CharField(required=False, help_text="Draw method of the discipline.")


class TournamentUpdateSerializer(serializers.Serializer):
    name = serializers.CharField(validators=[one_line], max_length=200, required=False)
    scoring = serializers.DictField(required=False)
    planned_rounds = serializers.IntegerField(required=False)
    pairing = serializers.CharField(required=False)
    draw_options = serializers.DictField(required=False, help_text=(
        "Draw options of the discipline; the registration draw's recorded seed is kept."))
    public = serializers.BooleanField(required=False)
    status = serializers.ChoiceField(choices=Tournament.Status.values, required=False)


class DocumentSerializer(serializers.Serializer):
    """A ``turnier/1`` document (docs/format.md); ``scoring`` checks it, not this serializer."""

    format = serializers.CharField(default="turnier/1")
    name = serializers.CharField()
    discipline = serializers.CharField()
    scoring = serializers.DictField(required=False)
    entrants = serializers.ListField(child=serializers.DictField())
    rounds = serializers.ListField(child=serializers.DictField(), required=False)


class ImportedSerializer(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()
