"""Online registrations and their entry fees (docs/registration.md)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from ...models import Registration
from ...services.announcement import MAX_CENTS
from .common import Serializer, one_of


class RegistrationSerializer(Serializer):
    """A registration as the desk's registrations page lists it (no personal link: that
    token is the player's key)."""

    number = serializers.IntegerField(help_text="Registration number (order of signing up).")
    name = serializers.CharField()
    club = serializers.CharField()
    email = serializers.CharField()
    language = serializers.CharField(help_text="The player's language: their mails' too.")
    youth = serializers.BooleanField(help_text="Under 18 on the first day.")
    member = serializers.BooleanField(help_text="Member of the organising club.")
    titled = serializers.BooleanField()
    rating = serializers.IntegerField(allow_null=True, help_text=(
        "Given on an event's announcement for the sections' limits (as dwz, birth_year)."))
    dwz = serializers.IntegerField(allow_null=True)
    birth_year = serializers.IntegerField(allow_null=True)
    place = serializers.CharField(help_text=one_of(Registration.Place))
    start_number = serializers.IntegerField(source="entrant.start_number", allow_null=True,
                                            default=None,
                                            help_text="The entrant's, with a place.")
    fee_state = serializers.CharField(help_text=one_of(Registration.Fee))
    fee_cents = serializers.IntegerField(help_text="The fee owed, in cents.")
    paid_cents = serializers.IntegerField()
    paid_via = serializers.CharField(help_text=one_of(Registration.Via) + " ('': not paid)")
    paid_at = serializers.DateTimeField(allow_null=True)
    reference = serializers.CharField(help_text="The payment reference (TW-…).")
    registered = serializers.DateTimeField(source="created")


class FeeTotalSerializer(Serializer):
    count = serializers.IntegerField()
    cents = serializers.IntegerField()


class FeeTotalsSerializer(Serializer):
    """Counts and sums per fee state; withdrawn registrations whose fee was due are left
    out."""

    due = FeeTotalSerializer()
    paid = FeeTotalSerializer()
    waived = FeeTotalSerializer()
    refunded = FeeTotalSerializer()
    placed = serializers.IntegerField()
    waiting = serializers.IntegerField()


class RegistrationListSerializer(Serializer):
    totals = FeeTotalsSerializer()
    registrations = RegistrationSerializer(many=True)


class FeeUpdateSerializer(Serializer):
    """The desk's fee change: a state, and how it was paid."""

    fee_state = serializers.ChoiceField(choices=Registration.Fee.values)
    paid_via = serializers.ChoiceField(
        choices=[v for v in Registration.Via.values if v], required=False,
        help_text="With paid: bank, cash or desk (the default: simply marked paid).")
    paid_cents = serializers.IntegerField(
        min_value=0, max_value=MAX_CENTS, required=False,
        help_text="With paid: the amount, when it is not the fee.")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        extra = sorted(set(self.initial_data) - set(self.fields)) \
            if isinstance(self.initial_data, dict) else []
        if extra:
            raise serializers.ValidationError({k: [_("unknown field")] for k in extra})
        if attrs["fee_state"] != Registration.Fee.PAID:
            for name in ("paid_via", "paid_cents"):
                if name in attrs:
                    raise serializers.ValidationError(
                        {name: [_("only with the state paid")]})
        return attrs


class StatementImportSerializer(Serializer):
    """What an imported bank statement did."""

    paid = serializers.IntegerField(help_text="Registrations now paid by the statement.")
    listed = serializers.IntegerField(help_text="Lines listed for the desk (matched nobody).")
    totals = FeeTotalsSerializer()


class CheckInSerializer(Serializer):
    """The desk's scan: the personal link of the mail (or its token), or a pre-registration
    code."""

    code = serializers.CharField(max_length=300, help_text=(
        "What the scanner typed: the personal link /r/<token>/, the token alone, the "
        "payment reference (TW-…), or a pre-registration code."))

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        extra = sorted(set(self.initial_data) - set(self.fields)) \
            if isinstance(self.initial_data, dict) else []
        if extra:
            raise serializers.ValidationError({k: [_("unknown field")] for k in extra})
        return attrs


class CheckedInSerializer(Serializer):
    start_number = serializers.IntegerField()
    name = serializers.CharField()
    status = serializers.CharField()
    seat = serializers.CharField(allow_null=True, help_text=(
        "The seat of the window draw given at check-in, if the tournament has one."))
