"""A table captain's link: no account, the token opens its own table and nothing else."""

from __future__ import annotations

from functools import cached_property

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.exceptions import NotFound, Throttled
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from ... import ratelimit, services
from ...models import Round, Table
from ...selectors.captain import captain_table_get
from ...services import InvalidToken, RoundNotOpen, ServiceError, reporters
from .. import serializers as s
from ..permissions import HoldsCaptainLink
from ..schema import ERRORS, PAYLOAD_EXAMPLES, RESULT_BODY
from .base import APIBase, Conflict

DEVICE_HEADER = reporters.DEVICE_HEADER
# The submission's own key (the IETF draft's header name): the same key sent again, however
# often and whenever, is taken once (services.captain_submit).
KEY_HEADER = "Idempotency-Key"


class CaptainView(APIBase):
    """A table captain's link: no account, the token opens its own table and nothing else."""

    authentication_classes: list = []
    permission_classes = [AllowAny, HoldsCaptainLink]
    max_body_bytes = 64 * 1024  # a result is at most 16 KB (scoring.discipline)

    @cached_property
    def table(self) -> Table:
        """The link's table; 404 if unknown. Rate limits (tournaments.ratelimit): a valid
        link on its own budget, unknown tokens per address; over either 429 + Retry-After."""
        token = self.kwargs["token"]
        try:
            table = services.table_for_token(token)
        except ServiceError:
            retry = ratelimit.failed_lookup(self.request)
            if retry:
                raise Throttled(wait=retry, detail=ratelimit.message()) from None
            raise NotFound(_("This link is not valid.")) from None
        retry = ratelimit.link_request(self.request, token)
        if retry:
            raise Throttled(wait=retry, detail=ratelimit.message())
        return table

    @extend_schema(summary="The captain's table", parameters=[OpenApiParameter(
        "token", OpenApiTypes.STR, OpenApiParameter.PATH, description="from the QR code")],
        responses={200: s.CaptainTableSerializer, 404: s.MessageSerializer,
                   409: OpenApiResponse(s.MessageSerializer,
                                        description="The round is not published yet.")})
    def get(self, request: Request, token: str) -> Response:
        table = self.table
        if table.round.status == Round.Status.PREVIEW:
            raise Conflict(_("This round has not been published yet."))
        return Response(s.CaptainTableSerializer(captain_table_get(table)).data)

    @extend_schema(summary="Submit the table's result",
                   description=(
                       "The body is the discipline's result payload (docs/format.md). Send the "
                       "phone's own device id in the `X-Device-Id` header (generate a random "
                       "UUID once and keep it). A result is confirmed by a second *device* "
                       "that agrees (or by the director); one that differs marks the table "
                       "disputed for the director. The same device sending the same result "
                       "again changes nothing (`outcome` received); a different one replaces "
                       "its own report while nobody else has reported (`outcome` replaced). "
                       "Without the header every submission through the link counts as one "
                       "anonymous device, which can never confirm its own result."),
                   parameters=[OpenApiParameter("token", OpenApiTypes.STR,
                                                OpenApiParameter.PATH),
                               OpenApiParameter(
                                   DEVICE_HEADER, OpenApiTypes.STR, OpenApiParameter.HEADER,
                                   required=False, description=(
                                       "This phone's own id, 16 to 128 letters, digits or "
                                       "- _ . : ~ (a random UUID); the same on every "
                                       "submission from this phone.")),
                               OpenApiParameter(
                                   KEY_HEADER, OpenApiTypes.STR, OpenApiParameter.HEADER,
                                   required=False, description=(
                                       "This submission's own key, 16 to 64 letters, digits, "
                                       "- or _ (a new UUID per press of \"send\"). Sending "
                                       "it again after a lost answer is safe: the first copy "
                                       "is stored, every later one gets its outcome back, "
                                       "even after the round closed."))],
                   request=RESULT_BODY, examples=PAYLOAD_EXAMPLES,
                   responses={200: s.CaptainSubmittedSerializer, 400: ERRORS,
                              404: s.MessageSerializer,
                              409: OpenApiResponse(s.MessageSerializer,
                                                   description="The round is not open.")})
    def post(self, request: Request, token: str) -> Response:
        table = self.table
        closed = Conflict(_("This round is not open for results."))
        key = request.headers.get(KEY_HEADER)
        if table.round.status != Round.Status.OPEN and not key:
            raise closed  # with a key the service answers a copy of what it stored then
        device = reporters.check_device_id(request.headers.get(DEVICE_HEADER))
        try:
            submission = services.captain_submit(token, request.data, device_id=device,
                                                 key=key)
        except (InvalidToken, RoundNotOpen):
            # The round was closed meanwhile: said as the check above says it (409, detail).
            raise closed from None
        return Response(s.CaptainSubmittedSerializer(submission).data)
