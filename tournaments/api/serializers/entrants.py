"""Entrants and their players (Chaos's AddPlayer, ModifyPlayer, DeletePlayer)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ObjectDoesNotExist
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from scoring.ratings import dwz_text

from ...common.text import validate_single_line as one_line
from ...models import Entrant
from .common import MAX_ID, MAX_RATING, PLAYER_NAME, one_of

# Chaos's FLAGS letters and the categories the scoring and the standings filter use.
FLAG_CATEGORIES = {"s": "senior", "j": "junior", "w": "women", "a": "youth-a", "b": "youth-b",
                   "c": "youth-c", "d": "youth-d", "e": "youth-e"}
CATEGORY_FLAGS = {v: k for k, v in FLAG_CATEGORIES.items()}
PERSON_ONLY = ("dwz_index", "dwz_provisional", "fide_id", "title", "federation", "sex", "zps",
               "pkz")
FLAGS_HELP = ("Chaos's FLAGS: letters s (senior), j (junior), w (women), a–e (youth A–E); "
              "they set the categories, together with any given in categories.")


def flag_categories(flags: str) -> list[str]:
    """``"sw"`` -> ``["senior", "women"]``; an unknown letter is refused by name."""
    unknown = sorted({c for c in flags.lower() if c not in FLAG_CATEGORIES and not c.isspace()})
    if unknown:
        raise serializers.ValidationError(
            _("unknown flag %(flag)s (known: s, j, w, a–e)") % {"flag": ", ".join(unknown)})
    return [FLAG_CATEGORIES[c] for c in flags.lower() if c in FLAG_CATEGORIES]


class PersonSerializer(serializers.Serializer):
    """A person's facts (Chaos's AddPlayer/ModifyPlayer), all optional; the service checks them."""

    elo = serializers.IntegerField(min_value=0, max_value=MAX_RATING, required=False,
                                   allow_null=True, help_text="Elo (Chaos: ELO).")
    dwz = serializers.IntegerField(min_value=0, max_value=MAX_RATING, required=False,
                                   allow_null=True, help_text="DWZ (Chaos: RATING).")
    dwz_index = serializers.IntegerField(min_value=0, max_value=999, required=False,
                                         allow_null=True,
                                         help_text="Number of earlier DWZ evaluations.")
    dwz_provisional = serializers.BooleanField(required=False, help_text=(
        "A provisional DWZ (too few rated games for a first DWZ; written 1457-(3)): "
        "dwz_index is then the number of those games."))
    birth_date = serializers.DateField(required=False, allow_null=True)
    fide_id = serializers.CharField(max_length=11, required=False, allow_blank=True)
    title = serializers.CharField(max_length=4, required=False, allow_blank=True,
                                  help_text="FIDE title: GM, IM, WGM, FM, WIM, CM, WFM, WCM.")
    federation = serializers.CharField(max_length=3, required=False, allow_blank=True,
                                       help_text="Three letters, e.g. GER.")
    sex = serializers.CharField(max_length=1, required=False, allow_blank=True,
                                help_text="m or w, as in a TRF file.")
    zps = serializers.CharField(max_length=10, required=False, allow_blank=True,
                                help_text="The DSB membership number, e.g. C0327-12.")
    pkz = serializers.CharField(max_length=11, required=False, allow_blank=True,
                                help_text="The DSB's person number (digits), for a DWZ "
                                          "report of a player without ZPS.")
    categories = serializers.ListField(child=serializers.CharField(max_length=30),
                                       required=False,
                                       help_text="senior, junior, women, youth-a … youth-e")
    flags = serializers.CharField(max_length=20, required=False, allow_blank=True,
                                  help_text=FLAGS_HELP)

    def validate_flags(self, value: str) -> list[str]:
        return flag_categories(value)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if attrs.get("dwz_provisional") and not 1 <= (attrs.get("dwz_index") or 0) <= 4:
            raise serializers.ValidationError({"dwz_index": [
                _("a provisional DWZ needs dwz_index: the number of its games, 1 to 4")]})
        flags = attrs.pop("flags", None)
        if flags is not None:
            attrs["categories"] = sorted({*attrs.get("categories", []), *flags})
        return attrs


class PlayerSpecSerializer(PersonSerializer):
    name = serializers.CharField(validators=[one_line], max_length=120)
    club = serializers.CharField(validators=[one_line], max_length=120, required=False,
                                 allow_blank=True)
    rating = serializers.IntegerField(min_value=0, max_value=MAX_RATING, required=False,
                                      allow_null=True, help_text="Elo (the same as elo).")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        attrs = super().validate(attrs)
        if "elo" in attrs:
            if "rating" in attrs and attrs["rating"] != attrs["elo"]:
                raise serializers.ValidationError({"elo": [_("rating and elo differ")]})
            attrs["rating"] = attrs.pop("elo")
        return attrs


@extend_schema_field({"oneOf": [
    {"type": "integer", "description": "id of a known player"},
    {"type": "object", "required": ["name"], "properties": {
        "name": {"type": "string"}, "club": {"type": "string"},
        "rating": {"type": "integer", "nullable": True},
        "elo": {"type": "integer", "nullable": True},
        "dwz": {"type": "integer", "nullable": True},
        "dwz_index": {"type": "integer", "nullable": True},
        "dwz_provisional": {"type": "boolean"},
        "birth_date": {"type": "string", "format": "date", "nullable": True},
        "fide_id": {"type": "string"}, "title": {"type": "string"},
        "federation": {"type": "string"}, "sex": {"type": "string"},
        "zps": {"type": "string"}, "pkz": {"type": "string"}, "flags": {"type": "string"},
        "categories": {"type": "array", "items": {"type": "string"}}}},
]})
class PlayerSpecField(serializers.Field):
    """A player: the id of a known one, or ``{name, club?, rating?, dwz? …}`` for a new one."""

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


class EntrantCreateSerializer(PersonSerializer):
    """``players`` for any entrant; a single player may also be given flat (Chaos's AddPlayer)."""

    players = serializers.ListField(child=PlayerSpecField(), min_length=1, max_length=2,
                                    required=False, help_text=(
                                        "The entrant's players; leave out to register the one "
                                        "player given by name, club, elo, dwz … of this body."))
    status = serializers.CharField(required=False, help_text=one_of(Entrant.Status))
    name = serializers.CharField(
        validators=[one_line], max_length=250, required=False, allow_blank=True, help_text=(
        "With players: the entrant's name (defaults to the players' names joined by ' / '). "
        "Without: the player's name."))
    club = serializers.CharField(validators=[one_line], max_length=120, required=False,
                                 allow_blank=True)
    rating = serializers.IntegerField(min_value=0, max_value=MAX_RATING, required=False,
                                      allow_null=True, help_text=(
                                          "The entrant's rating for the draw; defaults to "
                                          "the player's Elo."))

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        attrs = super().validate(attrs)
        players = attrs.get("players")
        if players is None and not (attrs.get("name") or "").strip():
            raise serializers.ValidationError({"name": [
                _("give the player's name (or the players)")]})
        if players is None and len(attrs["name"].strip()) > PLAYER_NAME:
            raise serializers.ValidationError({"name": [
                _("at most %(n)s characters") % {"n": PLAYER_NAME}]})
        if players is not None and len(players) == 2:
            for k, p in enumerate(players):
                given = [f for f in PERSON_ONLY if isinstance(p, dict) and p.get(f)]
                if given:
                    raise serializers.ValidationError({"players": [
                        _("player %(k)s: %(field)s only for an entrant of one player")
                        % {"k": k + 1, "field": given[0]}]})
        return attrs


class EntrantUpdateSerializer(PersonSerializer):
    """Chaos's ModifyPlayer: only the fields given change; ``status`` checks in or withdraws."""

    status = serializers.ChoiceField(choices=Entrant.Status.values, required=False)
    name = serializers.CharField(validators=[one_line], max_length=250, required=False)
    club = serializers.CharField(validators=[one_line], max_length=120, required=False,
                                 allow_blank=True)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if not self.initial_data or not isinstance(self.initial_data, dict):
            raise serializers.ValidationError({"__all__": [_("give at least one field")]})
        return super().validate(attrs)


class PlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    club = serializers.CharField()
    rating = serializers.IntegerField(allow_null=True)


class PersonOutSerializer(serializers.Serializer):
    elo = serializers.IntegerField(source="rating", allow_null=True)
    dwz = serializers.IntegerField(allow_null=True)
    dwz_index = serializers.IntegerField(allow_null=True)
    dwz_provisional = serializers.BooleanField()
    dwz_text = serializers.SerializerMethodField(help_text="as the DSB writes it: 1834-23, "
                                                 "or 1457-(3) for a provisional DWZ")
    birth_date = serializers.DateField(allow_null=True)
    fide_id = serializers.CharField()
    title = serializers.CharField()
    federation = serializers.CharField()
    sex = serializers.CharField()
    zps = serializers.CharField()
    pkz = serializers.CharField()

    def get_dwz_text(self, person: Any) -> str:
        return dwz_text(person.dwz, person.dwz_index, person.dwz_provisional)


def _person(entrant: Entrant) -> Any:
    """The entrant's one player (prefetched), or None for a pair."""
    players = list(entrant.players.all())
    return players[0] if len(players) == 1 else None


class EntrantSerializer(serializers.Serializer):
    start_number = serializers.IntegerField()
    name = serializers.CharField()
    status = serializers.CharField(help_text=one_of(Entrant.Status))
    club = serializers.CharField()
    rating = serializers.IntegerField(allow_null=True, help_text="The rating the draw uses (Elo).")
    categories = serializers.ListField(child=serializers.CharField())
    flags = serializers.SerializerMethodField(help_text="The categories as Chaos's FLAGS.")
    joined_round = serializers.IntegerField()
    withdrawn_from_round = serializers.IntegerField(allow_null=True, help_text=(
        "Withdrawn: the first round not played, else null."))
    person = serializers.SerializerMethodField(help_text=(
        "The facts of the entrant's one player (null for a pair): elo, dwz, dwz_index, "
        "dwz_provisional, dwz_text, birth_date, fide_id, title, federation, sex, zps, pkz."))
    players = PlayerSerializer(many=True, source="players.all")
    seat = serializers.SerializerMethodField(help_text=(
        "The round-1 seat from the draw at registration (side 1/2 = pair 1/2, position "
        "within the side), or null."))

    def get_flags(self, entrant: Entrant) -> str:
        return "".join(CATEGORY_FLAGS[c] for c in entrant.categories or []
                       if c in CATEGORY_FLAGS)

    @extend_schema_field(PersonOutSerializer(allow_null=True))
    def get_person(self, entrant: Entrant) -> dict[str, Any] | None:
        p = _person(entrant)
        return PersonOutSerializer(p).data if p is not None else None

    def get_seat(self, entrant: Entrant) -> dict[str, int] | None:
        try:
            s = entrant.registration_seat
        except ObjectDoesNotExist:
            return None
        return {"table": s.table, "side": s.side, "position": s.position}


class EntrantRemovedSerializer(serializers.Serializer):
    outcome = serializers.CharField(help_text=(
        "deleted (it had never played), or withdrawn (it has games: they stay)."))
    detail = serializers.CharField()
    entrant = EntrantSerializer(allow_null=True, help_text="The withdrawn entrant, or null.")
