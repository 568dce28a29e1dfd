"""The action log and undo."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers


# A :class:`~tournaments.selectors.log.LogRow`: the entry and what undo says of it.
class LogEntrySerializer(serializers.Serializer):
    id = serializers.IntegerField(source="entry.pk")
    action = serializers.CharField(source="entry.action")
    # An output field named like Field.label: the stubs see a clash, DRF does not.
    label = serializers.CharField(  # type: ignore[assignment]
        help_text="The action in words, in the request's language.")
    actor = serializers.CharField(source="entry.actor")
    target = serializers.CharField(source="entry.target")
    before = serializers.JSONField(source="entry.before", allow_null=True)
    after = serializers.JSONField(source="entry.after", allow_null=True)
    created = serializers.DateTimeField(source="entry.created")
    undoes = serializers.IntegerField(source="entry.undoes_id", allow_null=True,
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
