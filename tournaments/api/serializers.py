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
from ..services.text import validate_single_line as one_line

ENTRANT_KINDS = Tournament.EntrantKind.values
MAX_RATING = 9999  # Elo and DWZ stay far below; keeps a typo from reaching a column's limit
MAX_ID = 2_147_483_647
PLAYER_NAME = 120  # Player.name's length; an entrant's name may be longer (a pair's)


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


# ---------------------------------------------------------------- entrants


# Chaos's FLAGS letters and the categories the scoring and the standings filter use.
FLAG_CATEGORIES = {"s": "senior", "j": "junior", "w": "women", "a": "youth-a", "b": "youth-b",
                   "c": "youth-c", "d": "youth-d", "e": "youth-e"}
CATEGORY_FLAGS = {v: k for k, v in FLAG_CATEGORIES.items()}
PERSON_ONLY = ("dwz_index", "fide_id", "title", "federation", "sex")
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
    birth_date = serializers.DateField(required=False, allow_null=True)
    fide_id = serializers.CharField(max_length=11, required=False, allow_blank=True)
    title = serializers.CharField(max_length=4, required=False, allow_blank=True,
                                  help_text="FIDE title: GM, IM, WGM, FM, WIM, CM, WFM, WCM.")
    federation = serializers.CharField(max_length=3, required=False, allow_blank=True,
                                       help_text="Three letters, e.g. GER.")
    sex = serializers.CharField(max_length=1, required=False, allow_blank=True,
                                help_text="m or w, as in a TRF file.")
    categories = serializers.ListField(child=serializers.CharField(max_length=30),
                                       required=False,
                                       help_text="senior, junior, women, youth-a … youth-e")
    flags = serializers.CharField(max_length=20, required=False, allow_blank=True,
                                  help_text=FLAGS_HELP)

    def validate_flags(self, value: str) -> list[str]:
        return flag_categories(value)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
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
        "birth_date": {"type": "string", "format": "date", "nullable": True},
        "fide_id": {"type": "string"}, "title": {"type": "string"},
        "federation": {"type": "string"}, "sex": {"type": "string"},
        "flags": {"type": "string"},
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
    birth_date = serializers.DateField(allow_null=True)
    fide_id = serializers.CharField()
    title = serializers.CharField()
    federation = serializers.CharField()
    sex = serializers.CharField()


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
        "birth_date, fide_id, title, federation, sex."))
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


# ---------------------------------------------------------------- the action log and undo


class LogEntrySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    action = serializers.CharField()
    label = serializers.CharField(help_text="The action in words, in the request's language.")
    actor = serializers.CharField()
    target = serializers.CharField()
    before = serializers.JSONField(allow_null=True)
    after = serializers.JSONField(allow_null=True)
    created = serializers.DateTimeField()
    undoes = serializers.IntegerField(allow_null=True,
                                      help_text="An undo: the id of the entry it took back.")
    sentence = serializers.CharField(help_text="An undo: what it did, in words.")
    undone_by = serializers.IntegerField(allow_null=True,
                                         help_text="Undone: the id of the undo's entry.")
    undoable = serializers.BooleanField(help_text="May be undone now (as far as the log "
                                                  "tells; the undo checks the state too).")
    refusal = serializers.CharField(allow_null=True,
                                    help_text="Why an action of an undoable kind cannot be "
                                              "undone now.")


class LogQuerySerializer(serializers.Serializer):
    limit = serializers.IntegerField(min_value=1, max_value=200, default=50)
    before = serializers.IntegerField(min_value=1, max_value=2**63 - 1, required=False,
                                      help_text="Only entries older than this id (paging).")


class UndoRequestSerializer(serializers.Serializer):
    entry = serializers.IntegerField(min_value=1, max_value=2**63 - 1, required=False,
                                     help_text="Undo this entry of the log.")
    last = serializers.IntegerField(min_value=1, max_value=50, required=False,
                                    help_text="Or: undo the last N undoable actions, newest "
                                              "first, all or none.")
    round = serializers.IntegerField(min_value=1, max_value=999, required=False,
                                     allow_null=True,
                                     help_text="With `last`: only actions of this round.")

    def validate(self, data: dict[str, Any]) -> dict[str, Any]:
        if ("entry" in data) == ("last" in data):
            raise serializers.ValidationError({"entry": [_("give either entry or last")]})
        if "entry" in data and data.get("round") is not None:
            raise serializers.ValidationError({"round": [_("round goes with last")]})
        return data


class UndoneSerializer(serializers.Serializer):
    undone = LogEntrySerializer(many=True, help_text="The undos' own entries, newest first.")


# ---------------------------------------------------------------- results


@extend_schema_field(OpenApiTypes.OBJECT)
class PayloadField(serializers.JSONField):
    """A result payload of docs/format.md; the discipline's module checks it."""


class ResultPayloadSerializer(serializers.Serializer):
    """Only for the schema: the body *is* the payload, passed to the service untouched."""

    bobbl = serializers.ListField(child=serializers.ListField(child=serializers.IntegerField()),
                                  required=False, help_text="mucken")
    unfinished = serializers.IntegerField(required=False, allow_null=True, help_text=(
        "mucken: the number of the last Bobbl when time ran out during it; it counts by the "
        "tournament's `unfinished` rule (leader, void, as_played)."))
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
    reporter = serializers.SerializerMethodField(help_text=(
        "Who sent it, shortened: the same value means the same device (a keyed hash, "
        "never the device id itself); 'device:anonymous' for a client that sent none, "
        "'director' for the director."))
    undone = serializers.BooleanField(help_text="Taken back by an undo: no longer counts.")
    created = serializers.DateTimeField()

    def get_reporter(self, revision: ResultRevision) -> str:
        kind, _sep, key = (revision.reporter or "").partition(":")
        return f"{kind}:{key[:12]}" if key else kind


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
        "The table's status now: submitted (waiting for a second device or the director), "
        "confirmed (a second device agreed, or the director entered it) or disputed."))
    outcome = serializers.CharField(help_text=(
        "What this submission did: submitted (the first report), received (the same "
        "device sent the same again: nothing changed), replaced (the only reporter so far "
        "corrected its report), confirmed, or disputed."))
    detail = serializers.CharField(help_text="The same in words, in the request's language.")


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


# ---------------------------------------------------------------- chess: Chaos's batch commands

NUMBER = {"min_value": 1, "max_value": MAX_ID}
CHESS_SCORES = ("1-0", "1/2-1/2", "0-1", "+-", "-+", "--")


class PairingRuleCreateSerializer(serializers.Serializer):
    """A set game of a round to come (``forced``), or two who never meet (``forbidden``)."""

    kind = serializers.CharField(help_text="forced or forbidden")
    round = serializers.IntegerField(required=False, min_value=1, max_value=32767,
                                     help_text="forced: the round (not drawn yet)")
    white = serializers.IntegerField(required=False, help_text="forced: start number",
                                     **NUMBER)
    black = serializers.IntegerField(required=False, help_text="forced: start number",
                                     **NUMBER)
    confirm_colour_clash = serializers.BooleanField(default=False, help_text=(
        "forced: set it although a player would break the absolute colour rules "
        "(Chaos's FORCE)"))
    a = serializers.IntegerField(required=False, help_text="forbidden: start number", **NUMBER)
    b = serializers.IntegerField(required=False, help_text="forbidden: start number", **NUMBER)

    NEEDS = {"forced": ("round", "white", "black"), "forbidden": ("a", "b")}

    def validate_kind(self, value: str) -> str:
        if value not in self.NEEDS:
            raise serializers.ValidationError(_("forced or forbidden"))
        return value

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        missing = {f: [_("needed for a %(kind)s pairing") % {"kind": attrs["kind"]}]
                   for f in self.NEEDS[attrs["kind"]] if f not in attrs}
        if missing:
            raise serializers.ValidationError(missing)
        return attrs


class PairingRuleSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.CharField(help_text="forced or forbidden")
    round = serializers.IntegerField(source="round_number", allow_null=True,
                                     help_text="forced: the round; forbidden: null (every round)")
    first = serializers.IntegerField(source="first.start_number",
                                     help_text="forced: white; forbidden: a")
    first_name = serializers.CharField(source="first.name")
    second = serializers.IntegerField(source="second.start_number",
                                      help_text="forced: black; forbidden: b")
    second_name = serializers.CharField(source="second.name")
    colour_clash_confirmed = serializers.BooleanField()


class ByeRequestCreateSerializer(serializers.Serializer):
    entrant = serializers.IntegerField(help_text="start number", **NUMBER)
    round = serializers.IntegerField(min_value=1, max_value=32767,
                                     help_text="a round not drawn yet")
    kind = serializers.CharField(default="half", help_text="half (½ point) or zero (0 points)")

    def validate_kind(self, value: str) -> str:
        if value not in ("half", "zero"):
            raise serializers.ValidationError(_("half or zero"))
        return value


class ByeRequestKeySerializer(serializers.Serializer):
    entrant = serializers.IntegerField(help_text="start number", **NUMBER)
    round = serializers.IntegerField(min_value=1, max_value=32767)


class ByeRequestSerializer(serializers.Serializer):
    entrant = serializers.IntegerField(source="entrant.start_number")
    name = serializers.CharField(source="entrant.name")
    round = serializers.IntegerField(source="round_number")
    kind = serializers.CharField(help_text="half or zero")


class GameResultSerializer(serializers.Serializer):
    """Chaos's EnterResult WHITE BLACK RESULT [NOTPLAYED]."""

    white = serializers.IntegerField(help_text="start number of the player with white", **NUMBER)
    black = serializers.IntegerField(help_text="start number of the player with black", **NUMBER)
    result = serializers.ChoiceField(choices=CHESS_SCORES, help_text=(
        "1-0, 1/2-1/2, 0-1; not played (forfeit): +- (white wins), -+ (black wins), "
        "-- (both lose)"))
    round = serializers.IntegerField(required=False, min_value=1, max_value=32767, help_text=(
        "The round of the game; the latest round in which they met when left out."))


class TrfImportSerializer(serializers.Serializer):
    trf = serializers.CharField(trim_whitespace=False, help_text="The TRF-16 file's text.")
    slug = serializers.SlugField(max_length=80, required=False, help_text=(
        "The tournament's address; made from the name when left out."))
    name = serializers.CharField(
        validators=[one_line], max_length=200, required=False, help_text=(
        "The tournament's name; the file's (012) when left out."))


class RankingRowSerializer(serializers.Serializer):
    pairing_number = serializers.IntegerField()
    entrant = serializers.IntegerField(help_text="start number")
    name = serializers.CharField()
    elo = serializers.IntegerField(allow_null=True)
    dwz = serializers.IntegerField(allow_null=True)
    title = serializers.CharField()
    status = serializers.CharField(help_text=one_of(Entrant.Status))


class ColumnSerializer(serializers.Serializer):
    key = serializers.CharField(help_text="the value's name in values")
    header = serializers.CharField()
    title = serializers.CharField()


class CellSerializer(serializers.Serializer):
    """One round of one player, from the player's side."""

    round = serializers.IntegerField()
    kind = serializers.CharField(help_text=(
        "game, forfeit, pending (in play), absent, or a bye: bye, half, zero, forfeit-win"))
    symbol = serializers.CharField(help_text="1 ½ 0 + − (empty while in play)")
    opponent = serializers.IntegerField(allow_null=True, help_text="start number")
    opponent_name = serializers.CharField()
    opponent_rank = serializers.IntegerField(allow_null=True)
    colour = serializers.CharField(help_text="w, b, or empty")
    points = serializers.FloatField(allow_null=True, help_text="null while in play")
    running = serializers.FloatField(allow_null=True, help_text="score after this round")
    note = serializers.CharField(help_text="what an unplayed round was, in words")


class PlayerLineSerializer(serializers.Serializer):
    entrant = serializers.IntegerField(help_text="start number")
    name = serializers.CharField()
    club = serializers.CharField()
    elo = serializers.IntegerField(allow_null=True)
    dwz = serializers.IntegerField(allow_null=True)
    rank = serializers.IntegerField(allow_null=True)
    values = serializers.DictField(child=serializers.FloatField(allow_null=True),
                                   help_text="points and tiebreaks by key (see columns)")


class CrossRowSerializer(PlayerLineSerializer):
    position = serializers.IntegerField(help_text="the row's number (Berger number or rank)")
    cells = serializers.ListField(child=serializers.CharField(), help_text=(
        "per column (in the order of positions): the results against that opponent, "
        "× for the player himself"))
    points = serializers.CharField(help_text="as a chess table writes it: 3½")


class CrossTableSerializer(serializers.Serializer):
    order = serializers.CharField(help_text="number (Berger numbers) or rank")
    double = serializers.BooleanField()
    rounds = serializers.ListField(child=serializers.IntegerField())
    positions = serializers.ListField(child=serializers.IntegerField())
    columns = ColumnSerializer(many=True, help_text="the tiebreak columns after the points")
    rows = CrossRowSerializer(many=True)


class ProgressRowSerializer(PlayerLineSerializer):
    cells = CellSerializer(many=True)


class ProgressTableSerializer(serializers.Serializer):
    rounds = serializers.ListField(child=serializers.IntegerField())
    opponent_by = serializers.CharField(help_text="rank or number: how opponents are named")
    columns = ColumnSerializer(many=True)
    rows = ProgressRowSerializer(many=True, help_text="by current rank")


class CardRowSerializer(CellSerializer):
    kind = serializers.CharField(allow_null=True, help_text=(
        "as in a cell; null for a round not drawn yet (a round robin names the scheduled "
        "opponent and colour)"))
    points = serializers.FloatField(allow_null=True)
    running = serializers.FloatField(allow_null=True)


class CardSerializer(PlayerLineSerializer):
    rows = CardRowSerializer(many=True)
    remaining = serializers.IntegerField(help_text="rounds still to be played")


class EloChangeSerializer(serializers.Serializer):
    rating = serializers.IntegerField()
    k = serializers.IntegerField()
    games = serializers.IntegerField()
    score = serializers.FloatField()
    expected = serializers.FloatField()
    change = serializers.IntegerField()
    new = serializers.IntegerField()


class DwzLineSerializer(serializers.Serializer):
    entrant = serializers.IntegerField(help_text="start number")
    name = serializers.CharField()
    club = serializers.CharField()
    birth_date = serializers.DateField(allow_null=True)
    age = serializers.IntegerField(allow_null=True, help_text="reached in the year it ends")
    ro = serializers.IntegerField(allow_null=True, help_text="DWZ before (null: unrated)")
    index_before = serializers.IntegerField(allow_null=True)
    ro_text = serializers.CharField(help_text="as the DSB writes it: 1834-23")
    w = serializers.FloatField(help_text="points against rated opponents")
    n = serializers.IntegerField(help_text="games against rated opponents")
    we = serializers.FloatField(allow_null=True, help_text="expected points")
    e = serializers.IntegerField(allow_null=True, help_text="development coefficient")
    rh = serializers.IntegerField(allow_null=True, help_text="performance")
    rn = serializers.IntegerField(allow_null=True, help_text="DWZ after")
    index = serializers.IntegerField(allow_null=True, help_text="DWZ index after")
    rn_text = serializers.CharField()
    note = serializers.CharField()
    elo = EloChangeSerializer(allow_null=True)


class DwzReportSerializer(serializers.Serializer):
    end = serializers.DateField(help_text="the day the ages are taken from")
    with_elo = serializers.BooleanField()
    lines = DwzLineSerializer(many=True)
