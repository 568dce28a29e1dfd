"""A table captain's link."""

from __future__ import annotations

from rest_framework import serializers

from ...models import Result, Round
from .common import one_of
from .rounds import SeatSerializer


# A :class:`~tournaments.selectors.captain.CaptainTable`.
class CaptainTableSerializer(serializers.Serializer):
    tournament = serializers.CharField()
    discipline = serializers.CharField()
    round = serializers.IntegerField()
    round_status = serializers.CharField(help_text=one_of(Round.Status))
    table = serializers.IntegerField()
    seats = SeatSerializer(many=True)
    result_status = serializers.CharField(allow_null=True, help_text=one_of(Result.Status))
    accepting = serializers.BooleanField(help_text="True while the round takes results.")


# A :class:`~tournaments.services.results.Submission`: the table's result and what the
# report did.
class CaptainSubmittedSerializer(serializers.Serializer):
    table = serializers.IntegerField(source="result.table.number")
    round = serializers.IntegerField(source="result.table.round.number")
    status = serializers.CharField(help_text=(
        "The table's status now: submitted (waiting for a second device or the director), "
        "confirmed (a second device agreed, or the director entered it) or disputed."))
    outcome = serializers.CharField(help_text=(
        "What this submission did: submitted (the first report), received (the same "
        "device sent the same again: nothing changed), replaced (the only reporter so far "
        "corrected its report), confirmed, disputed, or kept (the director had decided the "
        "table already: the report is kept on record, the director's result stands)."))
    detail = serializers.CharField(source="answer",
                                   help_text="The same in words, in the request's language.")
