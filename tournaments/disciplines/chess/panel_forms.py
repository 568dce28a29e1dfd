"""The forms of the chess Swiss panel on the director's tournament page ("Next round")."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from ...models import Entrant, Tournament
from .models import ByeRequest


class EntrantField(forms.ModelChoiceField):  # type: ignore[type-arg]  # generic in stubs only
    """An entrant of the tournament, shown as "start number. name"."""

    def label_from_instance(self, obj: Any) -> str:
        return f"{obj.start_number}. {obj.name}"


class _ChessForm(forms.Form):
    """The chess panel's forms: entrant choices of the tournament, the next round preset."""

    entrant_fields: tuple[str, ...] = ()
    round_field = "round_number"

    def __init__(self, tournament: Tournament, *args: Any, next_round: int = 1,
                 **kwargs: Any) -> None:
        kwargs.setdefault("initial", {self.round_field: next_round})
        super().__init__(*args, **kwargs)
        playing = tournament.entrants.exclude(status=Entrant.Status.WITHDRAWN)
        for name in self.entrant_fields:
            field = self.fields[name]
            assert isinstance(field, forms.ModelChoiceField), name
            field.queryset = playing.order_by("start_number")
        if self.round_field in self.fields:
            self.fields[self.round_field].widget.attrs.update(
                {"min": next_round, "max": tournament.planned_rounds})


class ByeRequestForm(_ChessForm):
    entrant = EntrantField(label=_("Player"), queryset=Entrant.objects.none())
    round_number = forms.IntegerField(label=_("Round"), min_value=1)
    kind = forms.ChoiceField(label=_("Bye"), choices=ByeRequest.Kind.choices,
                             initial=ByeRequest.Kind.HALF)
    entrant_fields = ("entrant",)


class ForcedPairingForm(_ChessForm):
    """A game the director sets; the colour-clash checkbox appears once a clash is named."""

    round_number = forms.IntegerField(label=_("Round"), min_value=1)
    white = EntrantField(label=_("White"), queryset=Entrant.objects.none())
    black = EntrantField(label=_("Black"), queryset=Entrant.objects.none())
    by_program = forms.BooleanField(
        label=_("Colours by the program"), required=False,
        help_text=_("The draw gives the colours by the colour rules, as for any game; "
                    "otherwise the first named has White."))
    confirm_colour_clash = forms.BooleanField(
        label=_("Set the game despite the colour clash"), required=False,
        widget=forms.HiddenInput)
    entrant_fields = ("white", "black")

    def ask_to_confirm(self) -> None:
        self.fields["confirm_colour_clash"].widget = forms.CheckboxInput()

    @property
    def confirming(self) -> bool:
        return isinstance(self.fields["confirm_colour_clash"].widget, forms.CheckboxInput)


class ForbiddenPairingForm(_ChessForm):
    a = EntrantField(label=_("Player"), queryset=Entrant.objects.none())
    b = EntrantField(label=_("never against"), queryset=Entrant.objects.none())
    entrant_fields = ("a", "b")


class WithdrawForm(_ChessForm):
    entrant = EntrantField(label=_("Player"), queryset=Entrant.objects.none())
    from_round = forms.IntegerField(label=_("From round"), min_value=1)
    entrant_fields = ("entrant",)
    round_field = "from_round"


__all__ = ["ByeRequestForm", "EntrantField", "ForbiddenPairingForm", "ForcedPairingForm",
           "WithdrawForm"]
