"""Online registrations and their entry fees (docs/registration.md): the list with the
totals per fee state, and the desk's fee change, through the same services as the desk's
registrations page."""

from __future__ import annotations

import io
from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from ...bodylimit import IMPORT_BYTES
from ...links import public_base
from ...models import Registration
from ...services import ServiceError, online, payment_import
from .. import serializers as s
from ..parsers import BoundedJSONParser, TextXmlBodyParser, XmlBodyParser
from ..schema import REGISTRATION, responses
from .base import DirectorView


class RegistrationListView(DirectorView):
    @extend_schema(operation_id="tournaments_registrations_list",
                   summary="Online registrations with their fees, and the totals per fee "
                           "state",
                   responses=responses(s.RegistrationListSerializer, bad=False))
    def get(self, request: Request, slug: str) -> Response:
        regs = Registration.objects.filter(tournament=self.tournament).select_related(
            "entrant").order_by("number")
        return Response(s.RegistrationListSerializer(
            {"totals": online.totals(self.tournament), "registrations": regs}).data)


class RegistrationDetailView(DirectorView):
    def registration(self, number: int) -> Registration:
        return get_object_or_404(Registration.objects.select_related("entrant", "tournament"),
                                 tournament=self.tournament, number=number)

    @extend_schema(parameters=REGISTRATION, summary="One registration",
                   responses=responses(s.RegistrationSerializer, bad=False))
    def get(self, request: Request, slug: str, number: int) -> Response:
        return Response(s.RegistrationSerializer(self.registration(number)).data)

    @extend_schema(
        parameters=REGISTRATION, summary="Set a registration's fee state",
        description=("due, paid (`paid_via`: bank, cash or desk, the default; `paid_cents` "
                     "when the amount is not the fee), waived or refunded. Logged like the "
                     "desk's change; the same state again changes nothing."),
        request=s.FeeUpdateSerializer, responses=responses(s.RegistrationSerializer),
        examples=[OpenApiExample("cash at the desk", request_only=True,
                                 value={"fee_state": "paid", "paid_via": "cash"}),
                  OpenApiExample("waived", request_only=True, value={"fee_state": "waived"})])
    def patch(self, request: Request, slug: str, number: int) -> Response:
        form = s.FeeUpdateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        reg = online.set_fee(self.registration(number), self.actor, data["fee_state"],
                             data.get("paid_via", ""), data.get("paid_cents"))
        return Response(s.RegistrationSerializer(self.registration(reg.number)).data)


def _no_fields(data: Any) -> None:
    """A body with fields the endpoint does not take is refused at them."""
    if isinstance(data, dict) and data:
        raise ServiceError({k[:40]: [_("unknown field")] for k in data})
    if data not in (None, {}, b"", "") and not isinstance(data, dict):
        raise ServiceError(_("no body, or an empty object"), "__all__")


class RegistrationWithdrawView(RegistrationDetailView):
    @extend_schema(
        parameters=REGISTRATION, summary="Withdraw a registration",
        description=("As the desk's button: an entrant with the place is withdrawn with it, "
                     "the first waiting registration moves up (before round 1) and is told "
                     "by mail; logged (`withdraw_online`). An empty body; a registration "
                     "withdrawn already is refused (400)."),
        request=None, responses=responses(s.RegistrationSerializer))
    def post(self, request: Request, slug: str, number: int) -> Response:
        _no_fields(request.data)
        reg = online.withdraw(self.registration(number), self.actor,
                              base=public_base(request._request))
        return Response(s.RegistrationSerializer(self.registration(reg.number)).data)


class StatementImportView(DirectorView):
    """The bank statement's import, as on the desk's registrations page."""

    parser_classes = [XmlBodyParser, TextXmlBodyParser, BoundedJSONParser]
    max_body_bytes = IMPORT_BYTES  # 20 MB, as the page's upload

    @extend_schema(
        summary="Import a bank statement (camt.053)",
        description=(
            "The body is the statement's XML as the bank exported it (`Content-Type: "
            "application/xml`, at most 20 MB; `?file_name=` for the log). The same reader "
            "as the page: streamed with expat, a document type declaration (entities) "
            "refused where it starts, bounded elements, depth and text; another message, "
            "malformed XML or a bad amount is refused with the line at the field "
            "`statement` (400) and nothing is written. Matched registrations are paid, the "
            "rest is listed for the desk; all in one transaction."),
        parameters=[OpenApiParameter("file_name", str, required=False,
                                     description="the file's name, kept with listed lines")],
        request={"application/xml": {"type": "string", "format": "binary"}},
        responses=responses(s.StatementImportSerializer))
    def post(self, request: Request, slug: str) -> Response:
        raw = request.data
        if not isinstance(raw, bytes) or not raw:
            raise ServiceError(_("send the statement's XML with Content-Type "
                                 "application/xml"), "statement")
        name = str(request.query_params.get("file_name", ""))[:200]
        paid, listed = payment_import.import_statement(self.tournament, self.actor,
                                                       io.BytesIO(raw), name)
        return Response(s.StatementImportSerializer(
            {"paid": paid, "listed": listed, "totals": online.totals(self.tournament)}).data)


class RegistrationCheckInView(DirectorView):
    @extend_schema(
        summary="Check in by the personal link's token (the mail's QR code)",
        description=("As the desk's scan field: the link, the token alone (any case), the "
                     "payment reference (TW-…), or a pre-registration code. A waiting or "
                     "withdrawn registration, an unknown code and a second scan are refused "
                     "at `code` (400)."),
        request=s.CheckInSerializer, responses=responses(s.CheckedInSerializer),
        examples=[OpenApiExample("scanned link", request_only=True,
                                 value={"code": "https://turnier.example.org/r/"
                                                "7K3QM4XP9ABCDEFGHJKM/"})])
    def post(self, request: Request, slug: str) -> Response:
        form = s.CheckInSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        entrant, seat = online.check_in(self.tournament, self.actor,
                                        form.validated_data["code"])
        return Response(s.CheckedInSerializer({
            "start_number": entrant.start_number, "name": entrant.name,
            "status": entrant.status, "seat": str(seat) if seat is not None else None}).data)
