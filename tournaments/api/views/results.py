"""A table's result: read it, enter or correct it, settle a dispute."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from ... import services
from ...selectors.results import revision_get, table_result_get
from .. import serializers as s
from ..schema import PAYLOAD_EXAMPLES, RESULT_BODY, TABLE, responses
from .base import DirectorView


class ResultView(DirectorView):
    @extend_schema(parameters=TABLE, summary="A table's result and every revision of it",
                   responses=responses(s.TableResultSerializer, bad=False))
    def get(self, request: Request, slug: str, number: int, table: int) -> Response:
        tb = self.get_table(number, table)
        return Response(s.TableResultSerializer(table_result_get(tb)).data)

    @extend_schema(parameters=TABLE, summary="Enter or correct a table's result (it is confirmed)",
                   description="The body is the discipline's result payload (docs/format.md).",
                   request=RESULT_BODY, examples=PAYLOAD_EXAMPLES,
                   responses=responses(s.TableResultSerializer))
    def put(self, request: Request, slug: str, number: int, table: int) -> Response:
        tb = self.get_table(number, table)
        services.director_set_result(tb, self.actor, request.data)
        return Response(s.TableResultSerializer(table_result_get(tb)).data)


    @extend_schema(parameters=TABLE, summary="Clear a table's result (Chaos: result -1)",
                   description=("The table is back to \"not played yet\"; refused (409) in a "
                                "closed round, 400 at a table without a result."),
                   request=None, responses=responses(None, code=204))
    def delete(self, request: Request, slug: str, number: int, table: int) -> Response:
        tb = self.get_table(number, table)
        services.clear_result(tb, self.actor)
        return Response(status=status.HTTP_204_NO_CONTENT)


class AcceptView(DirectorView):
    @extend_schema(parameters=TABLE, summary="Settle a dispute by accepting one revision",
                   request=s.AcceptSerializer, responses=responses(s.TableResultSerializer))
    def post(self, request: Request, slug: str, number: int, table: int) -> Response:
        tb = self.get_table(number, table)
        form = s.AcceptSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        services.accept_revision(revision_get(tb, form.validated_data["revision"]), self.actor)
        return Response(s.TableResultSerializer(table_result_get(tb)).data)
