"""Standings."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from scoring.chess import TIEBREAKS


class StandingsRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    entrant = serializers.IntegerField(help_text="Start number.")
    name = serializers.CharField()
    values = serializers.DictField(child=serializers.FloatField())


class StandingsSerializer(serializers.Serializer):
    standings = StandingsRowSerializer(many=True)
    flags = serializers.ListField(child=serializers.DictField(), required=False)


class StandingsQuerySerializer(serializers.Serializer):
    after_round = serializers.IntegerField(min_value=0, max_value=32767, required=False,
                                             help_text="Count only rounds up to this one.")
    category = serializers.CharField(required=False, help_text=(
        "Only this category, ranked anew within it (Chaos's PLRMODE): senior, junior, women, "
        "youth-a … youth-e."))
    tiebreaks = serializers.CharField(required=False, allow_blank=True, help_text=(
        "Chess: rank by these tiebreaks instead of the tournament's, comma-separated; empty "
        "for points only (Chaos's TABMODE 0 = empty, 1 = buchholz, 2 = fine_buchholz, "
        "3 = sonneborn_berger). Known: " + ", ".join(TIEBREAKS) + "."))

    def validate_tiebreaks(self, value: str) -> list[str]:
        names = [x.strip() for x in value.split(",") if x.strip()]
        unknown = [x for x in names if x not in TIEBREAKS]
        if unknown:
            raise serializers.ValidationError(
                _("unknown tiebreak %(name)s (known: %(known)s)")
                % {"name": unknown[0], "known": ", ".join(TIEBREAKS)})
        if len(set(names)) != len(names):
            raise serializers.ValidationError(_("a tiebreak is listed twice"))
        return names

