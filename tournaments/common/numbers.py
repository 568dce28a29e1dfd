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
