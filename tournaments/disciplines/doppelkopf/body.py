"""A Doppelkopf table's list as the API takes it (for the OpenAPI schema; the scoring core
checks every line by the DDV's Turnierspielregeln: docs/doppelkopf.md)."""

from rest_framework import serializers

from ...api.serializers.common import Serializer


class DoppelkopfGame(Serializer):
    kind = serializers.CharField(required=False, help_text=(
        "normal (default), wedding, silent_solo, or a solo: queens, jacks, fleischlos, "
        "diamonds, hearts, spades, clubs"))
    re = serializers.ListField(child=serializers.IntegerField(), help_text=(
        "entrant ids of the Re party (the soloist alone in a solo)"))
    dealer = serializers.IntegerField(required=False, help_text=(
        "entrant id; required at a table of five, where the dealer sits out"))
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
