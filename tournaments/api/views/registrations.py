"""Online registrations and their entry fees (docs/registration.md): the list with the
totals per fee state, and the desk's fee change, through the same services as the desk's
registrations page."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from ...models import Registration
from ...services import online
from .. import serializers as s
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
