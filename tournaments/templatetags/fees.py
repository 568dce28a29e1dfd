"""``{{ cents|euros }}``: an amount in cents as the reader's locale writes euros (30,00 €)."""

from __future__ import annotations

from django import template

from ..common.numbers import money

register = template.Library()


@register.filter
def euros(cents: object) -> str:
    if not isinstance(cents, int) or isinstance(cents, bool):
        return ""
    return f"{money(cents / 100)}\u00a0€"
