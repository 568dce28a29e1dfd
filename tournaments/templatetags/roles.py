"""Which staff areas the visitor may open, for the links a page offers (no link to a 403)."""

from __future__ import annotations

from typing import Any

from django import template

register = template.Library()


@register.simple_tag(takes_context=True)
def staff_links(context: Any) -> dict[str, bool]:
    """``{% staff_links as links %}``: ``links.desk``, ``links.director`` (once per request)."""
    from ..views.errors import staff_links as links_of

    request = context.get("request")
    cached = getattr(request, "_staff_links", None) if request is not None else None
    if cached is not None:
        return cached
    links = links_of(context.get("user"))
    if request is not None:
        request._staff_links = links
    return links
