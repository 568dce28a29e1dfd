"""The typed fields of the settings page (:mod:`.settings`): numbers with a decimal comma
within a setting's bounds, points per place, and some of a setting's choices as ticks."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from django import forms
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from ..settings_spec import WHOLE, Setting

LARGEST = Decimal(10 ** 15)  # above every setting's maximum (the largest: 1,000,000)


def number_text(value: Any) -> str:
    """A number as the director writes it: 0.5, 21, 1 (not 1.0)."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def local_number(value: Any) -> str:
    """A number as the field shows it: a decimal comma in German (0,5); either is read."""
    text = number_text(value)
    return text.replace(".", ",") if (get_language() or "").startswith("de") else text


def plain_number(value: Decimal) -> int | float:
    """A form's decimal as it is stored in the JSON settings (1 and 0.2, not "1.00")."""
    return int(value) if value == value.to_integral_value() else float(value)


def _range_message(setting: Setting, whole: bool) -> str:
    bounds = {"min": number_text(setting.minimum), "max": number_text(setting.maximum)}
    if whole:
        return str(_("must be a whole number from %(min)s to %(max)s") % bounds)
    return str(_("must be a number from %(min)s to %(max)s (at most two decimals)") % bounds)


class NumberSetting(forms.Field):
    """A whole number or a number with up to two decimals (a decimal comma is fine), within
    the setting's bounds; empty is None where the setting is optional."""

    def __init__(self, setting: Setting, **kwargs: Any) -> None:
        self.setting, self.whole = setting, setting.kind == WHOLE
        attrs = {"inputmode": "numeric" if self.whole else "decimal", "class": "number"}
        widget: forms.Widget
        if self.whole:  # a decimal number is text: "0,5" is what a German director types
            attrs["step"] = "1"
            if setting.minimum is not None:
                attrs["min"] = number_text(setting.minimum)
            if setting.maximum is not None:
                attrs["max"] = number_text(setting.maximum)
        if setting.optional:
            attrs["placeholder"] = str(setting.empty)
        widget = (forms.NumberInput if self.whole else forms.TextInput)(attrs=attrs)
        super().__init__(required=not setting.optional, widget=widget, **kwargs)

    def to_python(self, value: Any) -> Decimal | None:
        text = str(value if value is not None else "").strip().replace(",", ".")
        if not text:
            return None
        try:
            number = Decimal(text)
        except InvalidOperation:
            raise forms.ValidationError(_range_message(self.setting, self.whole)) from None
        # beyond any bound (and beyond what quantize can hold: it raises from 10**26 on)
        if (not number.is_finite() or abs(number) >= LARGEST
                or (self.whole and number != number.to_integral_value())
                or (not self.whole and number != number.quantize(Decimal("0.01"),
                                                                 rounding="ROUND_DOWN"))):
            raise forms.ValidationError(_range_message(self.setting, self.whole))
        return number

    def validate(self, value: Any) -> None:
        super().validate(value)
        s = self.setting
        if value is not None and ((s.minimum is not None and value < Decimal(str(s.minimum)))
                                  or (s.maximum is not None
                                      and value > Decimal(str(s.maximum)))):
            raise forms.ValidationError(_range_message(s, self.whole))


class PointsSetting(forms.CharField):
    """Points per place, from first to last: "5, 3, 2, 1"."""

    def __init__(self, setting: Setting, **kwargs: Any) -> None:
        self.setting = setting
        super().__init__(max_length=200, widget=forms.TextInput(attrs={"inputmode": "decimal"}),
                         **kwargs)

    def clean(self, value: Any) -> list[int | float]:
        text = str(super().clean(value))
        parts = [p for p in text.replace(";", ",").replace(" ", ",").split(",") if p]
        s = self.setting
        message = _("needs %(n)s numbers from %(min)s to %(max)s, one per place from first "
                    "to last, separated by commas") % {
            "n": s.size, "min": number_text(s.minimum), "max": number_text(s.maximum)}
        try:
            numbers = [Decimal(p) for p in parts]
        except InvalidOperation:
            raise forms.ValidationError(message) from None
        if len(numbers) != s.size or any(
                not n.is_finite() or n < Decimal(str(s.minimum)) or n > Decimal(str(s.maximum))
                for n in numbers):
            raise forms.ValidationError(message)
        return [plain_number(n) for n in numbers]


class NamesSetting(forms.MultipleChoiceField):
    """Some of the setting's choices, as checkboxes (Doppelkopf's special points and solos);
    stored as a list in the choices' order, so the same ticks are the same setting."""

    def __init__(self, setting: Setting, choices: list[tuple[str, Any]], **kwargs: Any) -> None:
        self.setting, self.order = setting, [key for key, _label in choices]
        super().__init__(choices=choices, required=False,
                         widget=forms.CheckboxSelectMultiple, **kwargs)

    def clean(self, value: Any) -> list[str]:
        picked = set(super().clean(value))
        return [key for key in self.order if key in picked]
