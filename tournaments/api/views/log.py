"""The action log, and undo from it."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from ...selectors.log import log_list, log_rows
from ...services import undo
from .. import serializers as s
from ..schema import responses
from .base import DirectorView


class LogView(DirectorView):
    @extend_schema(summary="The action log, newest first, with what can be undone",
                   parameters=[s.LogQuerySerializer],
                   responses=responses(s.LogEntrySerializer(many=True)))
    def get(self, request: Request, slug: str) -> Response:
        query = s.LogQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        rows = log_list(self.tournament, query.validated_data["limit"],
                        query.validated_data.get("before"))
        return Response(s.LogEntrySerializer(rows, many=True).data)


class UndoView(DirectorView):
    @extend_schema(
        summary="Undo an action of the log, or the last N (of a round)",
        description=(
            "Results (captains' and the director's), round status changes (publish, close, "
            "reopen), draws, withdrawals, entrant status changes, corrections and deletions "
            "can be undone, newest first within what depends on them: an action that a later "
            "one rests on is refused with the reason (`entry`/`last`). Undoing a result of a "
            "round with later rounds marks those rounds stale. Each undo is an entry of its "
            "own (`undoes`), the undone entry stays and shows `undone_by`."),
        request=s.UndoRequestSerializer, responses=responses(s.UndoneSerializer),
        examples=[OpenApiExample("one entry", request_only=True, value={"entry": 812}),
                  OpenApiExample("the last three of round 4", request_only=True,
                                 value={"last": 3, "round": 4})])
    def post(self, request: Request, slug: str) -> Response:
        form = s.UndoRequestSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        d = form.validated_data
        if "entry" in d:
            done = [undo.undo_entry(self.tournament, self.actor, d["entry"])]
        else:
            done = undo.undo_last(self.tournament, self.actor, d["last"], d.get("round"))
        return Response(s.UndoneSerializer({"undone": log_rows(self.tournament, done)}).data)
