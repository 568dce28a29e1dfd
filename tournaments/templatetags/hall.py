"""``{% hall_address_warning %}``: the notice that printed links would not open on phones."""

from __future__ import annotations

from typing import Any

from django import template

from ..links import loopback_warning

register = template.Library()


@register.inclusion_tag("director/_hall_address.html", takes_context=True)
def hall_address_warning(context: dict[str, Any]) -> dict[str, Any]:
    request = context.get("request")
    return {"warning": loopback_warning(request) if request is not None else None}
