"""Template tags of the links that follow the evening (issue 19), for pages that are not
this feature's own: the seat slip and the pre-registration code show the personal link, the
closed captain page points its own phone to the same table number in the open round."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse

from ..links import absolute
from ..models import Entrant, Table
from ..services import ServiceError, hall_links, reporters
from ..services.reports import qr_data_uri

register = template.Library()


@register.simple_tag(takes_context=True)
def entrant_link(context: dict[str, Any], entrant: Entrant) -> str:
    """The absolute personal link of ``entrant`` (what a phone opens)."""
    return absolute(context.get("request"), reverse("links:entrant", args=[entrant.link_code]))


@register.simple_tag
def link_qr(url: str) -> str:
    """A QR code of ``url`` as an SVG data URI."""
    return qr_data_uri(url)


@register.simple_tag(takes_context=True)
def next_place(context: dict[str, Any], table: Table) -> str:
    """For a closed round's table: the open round's captain link of the same table number,
    for the phone that reported at this table in the round before (else "": see
    :func:`services.hall_links.next_table`)."""
    request = context.get("request")
    try:
        device = reporters.check_device_id(
            request.COOKIES.get(reporters.DEVICE_COOKIE) if request is not None else None)
    except ServiceError:
        device = None
    nxt = hall_links.next_table(table, device)
    return reverse("captain:table", args=[nxt.token]) if nxt is not None else ""
