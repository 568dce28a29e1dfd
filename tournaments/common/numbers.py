"""How the app writes numbers and money: one place, so a standings cell, a PDF and a
discipline's own line read alike in the reader's locale."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

from django.utils import formats


def number(value: Any) -> str:
    """A standings value as people write it: whole numbers plain, others to two places."""
    if isinstance(value, bool) or value is None:
        return "" if value is None else str(int(value))
    if isinstance(value, int):
        return str(value)
    try:
        x = float(value)
    except (TypeError, ValueError):
        return str(value)
    if x.is_integer():
        return str(int(x))
    return formats.number_format(round(x, 2), use_l10n=True)


def _places(value: Any) -> int:
    """Decimal places a value needs at two places at most (0 for whole numbers and text)."""
    if isinstance(value, (bool, int)) or value is None:
        return 0
    try:
        x = round(float(value), 2)
    except (TypeError, ValueError):
        return 0
    if x.is_integer():
        return 0
    return 1 if round(x, 1) == x else 2


def column_numbers(values: list[Any]) -> list[str]:
    """A column of standings values: :func:`number` each, but every fraction with the
    column's places, so a share of 0,80 stands beside 0,82 (not 0,8; issue 31). Whole numbers
    stay plain (chess: 3 beside 2,5)."""
    places = max((_places(v) for v in values), default=0)
    out = []
    for value in values:
        if places and _places(value):
            out.append(formats.number_format(round(float(value), places), places,
                                             use_l10n=True))
        else:
            out.append(number(value))
    return out


def money(value: Any) -> str:
    """An amount of money: always two decimals in the locale's format (0,50 / 0.50), so a
    column of fees and its total read alike."""
    if value is None or value == "":
        return ""
    try:
        exact = (Decimal(value.numerator) / Decimal(value.denominator)
                 if isinstance(value, Fraction) else Decimal(str(value)))
        amount = exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    except (InvalidOperation, ValueError, TypeError):
        return str(value)
    return formats.number_format(amount, 2, use_l10n=True)
