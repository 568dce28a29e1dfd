"""Chess: Chaos's batch commands and the chess outputs as data."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from ....api.serializers.common import NUMBER, Serializer, one_of
from ....common.text import validate_single_line as one_line
from ....models import Entrant
from .. import outputs as chess_outputs

CHESS_SCORES = ("1-0", "1/2-1/2", "0-1", "+-", "-+", "--")


class PairingRuleCreateSerializer(Serializer):
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
    colours = serializers.ChoiceField(choices=("set", "program"), default="set", help_text=(
        "forced: set (white has White, Chaos's SETCOLORS) or program (the draw gives the "
        "colours by the colour rules)"))
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


class PairingRuleSerializer(Serializer):
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


class ByeRequestCreateSerializer(Serializer):
    entrant = serializers.IntegerField(help_text="start number", **NUMBER)
    round = serializers.IntegerField(min_value=1, max_value=32767,
                                     help_text="a round not drawn yet")
    kind = serializers.CharField(default="half", help_text=(
        "half (½ point) or zero (0 points), asked for by the player; full: the full-point "
        "bye (Freilos) the director gives"))

    def validate_kind(self, value: str) -> str:
        if value not in ("half", "zero", "full"):
            raise serializers.ValidationError(_("half, zero or full"))
        return value


class ByeRequestKeySerializer(Serializer):
    entrant = serializers.IntegerField(help_text="start number", **NUMBER)
    round = serializers.IntegerField(min_value=1, max_value=32767)


class ByeRequestSerializer(Serializer):
    entrant = serializers.IntegerField(source="entrant.start_number")
    name = serializers.CharField(source="entrant.name")
    round = serializers.IntegerField(source="round_number")
    kind = serializers.CharField(help_text="half, zero or full")


class GameResultSerializer(Serializer):
    """Chaos's EnterResult WHITE BLACK RESULT [NOTPLAYED]."""

    white = serializers.IntegerField(help_text="start number of the player with white", **NUMBER)
    black = serializers.IntegerField(help_text="start number of the player with black", **NUMBER)
    result = serializers.ChoiceField(choices=CHESS_SCORES, help_text=(
        "1-0, 1/2-1/2, 0-1; not played (forfeit): +- (white wins), -+ (black wins), "
        "-- (both lose)"))
    round = serializers.IntegerField(required=False, min_value=1, max_value=32767, help_text=(
        "The round of the game; the latest round in which they met when left out."))


class TrfImportSerializer(Serializer):
    trf = serializers.CharField(trim_whitespace=False, help_text="The TRF-16 file's text.")
    slug = serializers.SlugField(max_length=80, required=False, help_text=(
        "The tournament's address; made from the name when left out."))
    name = serializers.CharField(
        validators=[one_line], max_length=200, required=False, help_text=(
        "The tournament's name; the file's (012) when left out."))


# A :class:`~tournaments.selectors.chess.RankingRow`.
class RankingRowSerializer(Serializer):
    pairing_number = serializers.IntegerField()
    entrant = serializers.IntegerField(help_text="start number")
    name = serializers.CharField()
    elo = serializers.IntegerField(allow_null=True)
    dwz = serializers.IntegerField(allow_null=True)
    dwz_text = serializers.CharField(help_text="1834-23; a provisional DWZ: 1457-(3)")
    title = serializers.CharField()
    status = serializers.CharField(help_text=one_of(Entrant.Status))


# The chess outputs as data (the printed ones are the reports): cross table, progress
# table, player cards, DWZ evaluation; each serializer takes what chess.outputs
# returns.


class LooseFloatField(serializers.FloatField):
    """A number as a float (exact fractions too); anything that is no number is null."""

    def to_representation(self, value: Any) -> Any:  # float | None (the stubs say str)
        if value is None or isinstance(value, bool):
            return None
        try:
            return float(Fraction(value)) if isinstance(value, Fraction) else float(value)
        except (TypeError, ValueError):
            return None


class ColourField(serializers.CharField):
    """The colour as the API says it, whatever the language: w or b (empty for none)."""

    def to_representation(self, value: Any) -> str:
        return {str(chess_outputs.WHITE): "w", str(chess_outputs.BLACK): "b"}.get(str(value), "")


class ColumnSerializer(Serializer):
    key = serializers.CharField(help_text="the value's name in values")
    header = serializers.CharField()
    title = serializers.CharField()


class CellSerializer(Serializer):
    """One round of one player, from the player's side."""

    round = serializers.IntegerField()
    kind = serializers.CharField(help_text=(
        "game, forfeit, pending (in play), absent, or a bye: bye, half, zero, forfeit-win"))
    symbol = serializers.CharField(help_text="1 ½ 0 + − (empty while in play)")
    opponent = serializers.IntegerField(allow_null=True, help_text="start number")
    opponent_name = serializers.CharField()
    opponent_rank = serializers.IntegerField(allow_null=True)
    colour = ColourField(help_text="w, b, or empty")
    points = LooseFloatField(allow_null=True, help_text="null while in play")
    running = LooseFloatField(allow_null=True, help_text="score after this round")
    note = serializers.CharField(help_text="what an unplayed round was, in words")


# A player's :class:`~tournaments.chess.outputs.Line`; a row that holds one
# (``row.line``: a cross table's row, a card) gives these fields from its line and the
# others from itself.
class PlayerLineSerializer(Serializer):
    LINE_FIELDS = ("entrant", "name", "club", "elo", "dwz", "dwz_text", "rank", "values")

    entrant = serializers.IntegerField(source="number", help_text="start number")
    name = serializers.CharField()
    club = serializers.CharField()
    elo = serializers.IntegerField(source="rating", allow_null=True)
    dwz = serializers.IntegerField(allow_null=True)
    dwz_text = serializers.CharField(help_text="1834-23; a provisional DWZ: 1457-(3)")
    rank = serializers.IntegerField(allow_null=True)
    values = serializers.DictField(child=LooseFloatField(allow_null=True),
                                   help_text="points and tiebreaks by key (see columns)")

    def to_representation(self, instance: Any) -> dict[str, Any]:
        line = getattr(instance, "line", instance)
        out: dict[str, Any] = {}
        for field in self._readable_fields:
            name = field.field_name
            assert name is not None  # a bound field has its name
            value = field.get_attribute(line if name in self.LINE_FIELDS else instance)
            out[name] = None if value is None else field.to_representation(value)
        return out


class CrossRowSerializer(PlayerLineSerializer):
    position = serializers.IntegerField(help_text="the row's number (Berger number or rank)")
    cells = serializers.ListField(child=serializers.CharField(), help_text=(
        "per column (in the order of positions): the results against that opponent, "
        "× for the player himself"))
    points = serializers.CharField(help_text="as a chess table writes it: 3½")


class CrossTableSerializer(Serializer):
    order = serializers.CharField(help_text="number (Berger numbers) or rank")
    double = serializers.BooleanField()
    rounds = serializers.ListField(child=serializers.IntegerField())
    positions = serializers.ListField(child=serializers.IntegerField())
    columns = ColumnSerializer(many=True, help_text="the tiebreak columns after the points")
    rows = CrossRowSerializer(many=True)


class ProgressRowSerializer(PlayerLineSerializer):
    cells = CellSerializer(many=True)


class ProgressTableSerializer(Serializer):
    rounds = serializers.ListField(child=serializers.IntegerField())
    opponent_by = serializers.CharField(help_text="rank or number: how opponents are named")
    columns = ColumnSerializer(many=True)
    rows = ProgressRowSerializer(many=True, help_text="by current rank")


@dataclass
class NotDrawn:
    """A card's row of a round not drawn yet, as a cell: nothing but the schedule."""

    round: int
    opponent: int | None
    opponent_name: str
    colour: str
    kind: None = None
    symbol: str = ""
    opponent_rank: None = None
    points: None = None
    running: None = None
    note: str = ""


# A :class:`~tournaments.chess.outputs.CardRow`: its cell, or for a round not
# drawn yet the scheduled opponent and colour (a round robin's) and nothing else.
class CardRowSerializer(CellSerializer):
    kind = serializers.CharField(allow_null=True, help_text=(
        "as in a cell; null for a round not drawn yet (a round robin names the scheduled "
        "opponent and colour)"))
    points = LooseFloatField(allow_null=True)
    running = LooseFloatField(allow_null=True)

    def to_representation(self, instance: Any) -> dict[str, Any]:
        if instance.cell is not None:
            return super().to_representation(instance.cell)
        return super().to_representation(NotDrawn(instance.round, instance.opponent,
                                                  instance.opponent_name, instance.colour))


class CardSerializer(PlayerLineSerializer):
    rows = CardRowSerializer(many=True)
    remaining = serializers.IntegerField(help_text="rounds still to be played")


class EloChangeSerializer(Serializer):
    rating = serializers.IntegerField()
    k = serializers.IntegerField()
    games = serializers.IntegerField()
    score = LooseFloatField()
    expected = serializers.FloatField()
    change = serializers.IntegerField()
    new = serializers.IntegerField()


# A :class:`~tournaments.chess.outputs.DwzLine`.
class DwzLineSerializer(Serializer):
    entrant = serializers.IntegerField(source="line.number", help_text="start number")
    name = serializers.CharField(source="line.name")
    club = serializers.CharField(source="line.club")
    birth_date = serializers.DateField(source="birth", allow_null=True)
    age = serializers.IntegerField(allow_null=True, help_text="reached in the year it ends")
    ro = serializers.IntegerField(source="dwz.ro", allow_null=True,
                                  help_text="DWZ before (null: unrated)")
    index_before = serializers.IntegerField(allow_null=True)
    ro_text = serializers.CharField(help_text="as the DSB writes it: 1834-23; a provisional "
                                    "DWZ with its games in brackets: 1457-(3)")
    w = LooseFloatField(source="dwz.w", help_text="points against rated opponents")
    n = serializers.IntegerField(source="dwz.n", help_text="games against rated opponents")
    we = serializers.FloatField(source="dwz.we", allow_null=True, help_text="expected points")
    e = serializers.IntegerField(source="dwz.e", allow_null=True,
                                 help_text="development coefficient")
    rh = serializers.IntegerField(source="dwz.rh", allow_null=True, help_text="performance")
    rn = serializers.IntegerField(source="dwz.rn", allow_null=True, help_text="DWZ after")
    index = serializers.IntegerField(source="dwz.index", allow_null=True,
                                     help_text="DWZ index after")
    rn_text = serializers.CharField()
    provisional = serializers.BooleanField(source="dwz.provisional", help_text=(
        "rn is a provisional DWZ (fewer than 5 rated games); index is then their number"))
    note = serializers.CharField(source="dwz.note")
    elo = EloChangeSerializer(allow_null=True)


class DwzReportSerializer(Serializer):
    end = serializers.DateField(help_text="the day the ages are taken from")
    with_elo = serializers.BooleanField()
    lines = DwzLineSerializer(many=True)
    missing_birth_dates = serializers.SerializerMethodField(help_text=(
        "Start numbers of players with rated games and no birth date: enter them before "
        "the report is sent (until then they count as over 25)."))

    def get_missing_birth_dates(self, report: Any) -> list[int]:
        return [x.line.number for x in report.missing_birth_dates]


class RatingChangeSerializer(Serializer):
    number = serializers.IntegerField(help_text="start number")
    name = serializers.CharField()
    dwz_before = serializers.IntegerField(allow_null=True)
    index_before = serializers.IntegerField(allow_null=True)
    dwz_after = serializers.IntegerField(allow_null=True)
    index_after = serializers.IntegerField(allow_null=True)
    elo_before = serializers.IntegerField(allow_null=True)
    elo_after = serializers.IntegerField(allow_null=True)
    provisional_before = serializers.BooleanField()
    provisional_after = serializers.BooleanField(help_text="a provisional DWZ: 1457-(3)")
    dwz_before_text = serializers.CharField()
    dwz_after_text = serializers.CharField()


class RatingUpdateSerializer(Serializer):
    confirmed = serializers.ListField(child=serializers.IntegerField(**NUMBER), max_length=10000,
                                      help_text="start numbers of the list as checked")


# The chess outputs as data (the printed ones are the reports): query parameters.


class OutputQuerySerializer(Serializer):
    after_round = serializers.IntegerField(min_value=0, max_value=32767, required=False,
                                           help_text="Only rounds up to this one.")


class CrossTableQuerySerializer(OutputQuerySerializer):
    order = serializers.ChoiceField(choices=["number", "rank"], default="number", help_text=(
        "Rows and columns by Berger number, or by rank."))


class ProgressQuerySerializer(OutputQuerySerializer):
    opponent_by = serializers.ChoiceField(choices=["rank", "number"], default="rank",
                                          help_text="Name the opponents by rank or number.")

