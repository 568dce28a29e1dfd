"""A table's result and its revisions."""

from __future__ import annotations

from rest_framework import serializers

from ...models import Result, ResultRevision
from .common import PayloadField, one_of


class RevisionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    payload = PayloadField()
    # An output field named like Field.source: the stubs see a clash, DRF does not.
    source = serializers.CharField(  # type: ignore[assignment]
        help_text=one_of(ResultRevision.Source))
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
