"""Template tags of the links that follow the evening (issue 19), for pages that are not
this feature's own: the seat slip and the pre-registration code show the personal link, the
closed captain page points to the same table number in the open round."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse

from ..links import absolute
from ..models import Entrant, Table
from ..services import hall_links
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


@register.simple_tag
def next_place(table: Table) -> str:
    """For a closed round's table: the permanent code's address of the same table number,
    when it has one and another round is open now (else "")."""
    rnd = hall_links.open_round(table.round.tournament)
    if rnd is None or rnd.pk == table.round_id:
        return ""
    tc = hall_links.code_for(table.round.tournament, table.number)
    return reverse("links:table", args=[tc.code]) if tc else ""
