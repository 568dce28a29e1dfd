"""A Schafkopf table's list as the API takes it (for the OpenAPI schema; the scoring core
checks every line by the tournament's tariff: docs/schafkopf.md, docs/format.md)."""

from rest_framework import serializers

from scoring.schafkopf import GAMES, SUITS

from ...api.serializers.common import Serializer


class SchafkopfGame(Serializer):
    game = serializers.ChoiceField(choices=list(GAMES), help_text=(
        "only the games the tournament allows (setting games); passed: everyone passed, the "
        "line has only its dealer and the same dealer deals again"))
    dealer = serializers.IntegerField(required=False, help_text=(
        "entrant id; required at a table of five, where the dealer sits out"))
    player = serializers.IntegerField(required=False, help_text=(
        "entrant id of the player (a Ramsch: the one who lost it); not for passed"))
    partner = serializers.IntegerField(required=False, help_text=(
        "a Sauspiel's partner (who held the called Sau); only there"))
    suit = serializers.ChoiceField(choices=list(SUITS), required=False, help_text=(
        "optional: the called Sau, or a solo's trump suit (herz: the Herz-Solo tariff)"))
    won = serializers.BooleanField(required=False, help_text=(
        "the player's party won (a Ramsch: a Durchmarsch); required but for passed"))
    schneider = serializers.BooleanField(required=False)
    schwarz = serializers.BooleanField(required=False, help_text="also Schneider")
    laufende = serializers.IntegerField(required=False, min_value=0, max_value=14)
    tout = serializers.BooleanField(required=False)
    sie = serializers.BooleanField(required=False)
    kontra = serializers.IntegerField(required=False, min_value=0, max_value=2, help_text=(
        "1 Kontra, 2 Kontra and Re; only where the setting kontra allows it"))
    eyes = serializers.IntegerField(required=False, min_value=0, max_value=120, help_text=(
        "optional: the card points of the player's party; must agree with won and Schneider"))
    jungfrau = serializers.ListField(child=serializers.IntegerField(), required=False,
                                     help_text="a lost Ramsch: the players who took no trick")
    scores = serializers.DictField(child=serializers.IntegerField(), required=False, help_text=(
        "optional: each player's points as written, keyed by entrant id as a string; they "
        "must be the tariff's"))


class SchafkopfResult(Serializer):
    games = SchafkopfGame(many=True, help_text="the round's list, one game a line (at most 99)")


RESULT_BODY = SchafkopfResult
