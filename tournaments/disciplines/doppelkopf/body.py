"""A Doppelkopf table's list as the API takes it (for the OpenAPI schema; the scoring core
checks every line by the DDV's Turnierspielregeln: docs/doppelkopf.md)."""

from rest_framework import serializers

from ...api.serializers.common import Serializer


class DoppelkopfGame(Serializer):
    kind = serializers.CharField(required=False, help_text=(
        "normal (default), wedding, silent_solo, or a solo: queens, jacks, fleischlos, "
        "diamonds, hearts, spades, clubs; or penalty: a line of penalty points (TSR 9.3, "
        "9.4) with offender, points and optionally scores, no dealer"))
    re = serializers.ListField(child=serializers.IntegerField(), required=False, help_text=(
        "entrant ids of the Re party (the soloist alone in a solo); every game has it"))
    dealer = serializers.IntegerField(required=False, help_text=(
        "entrant id; required at a table of five, where the dealer sits out; where every "
        "line names one, the order of the deal is checked (after a compulsory solo the same "
        "dealer may deal again, TSR 3.3)"))
    offender = serializers.IntegerField(required=False, help_text=(
        "a line of penalty points: the entrant id of the player who broke the rules"))
    points = serializers.IntegerField(required=False, min_value=1, max_value=25, help_text=(
        "a line of penalty points: what each other player gets (1: minor breach, 4: serious"
        " one); the offender loses their sum"))
    compulsory = serializers.BooleanField(required=False, help_text="a compulsory solo")
    re_eyes = serializers.IntegerField(required=False, min_value=0, max_value=240)
    announce = serializers.DictField(required=False, help_text=(
        "{re, kontra}: each party's highest announcement"))
    schwarz = serializers.ChoiceField(choices=["re", "kontra"], required=False)
    specials = serializers.DictField(required=False, help_text=(
        "{re: {...}, kontra: {...}}: counts of doppelkopf, fuchs, karlchen"))
    scores = serializers.DictField(child=serializers.IntegerField(), required=False, help_text=(
        "each player's score keyed by entrant id as a string"))


class DoppelkopfResult(Serializer):
    games = DoppelkopfGame(many=True, help_text="the round's list, one game a line (at most 99)")


RESULT_BODY = DoppelkopfResult
