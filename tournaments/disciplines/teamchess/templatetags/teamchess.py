"""Tags of the printed match sheet: ``{% match_boards round number as boards %}``, the
boards of a match (line-ups and colours), and ``{% captain_links round number base_url as
links %}``, each team's own link for its captain (the team's personal link, ``/e/<code>/``)."""

from __future__ import annotations

from typing import Any

from django import template

from ....models import Table
from ....services.reports import qr_data_uri
from ....services.teams import BoardLine, match_lines

register = template.Library()


@register.simple_tag
def match_boards(rnd: Any, number: int) -> list[BoardLine]:
    table = (Table.objects.select_related("round__tournament")
             .filter(round=rnd, number=number).first())
    return match_lines(table) if table is not None else []


@register.simple_tag
def captain_links(rnd: Any, number: int, base_url: str) -> list[dict[str, str]]:
    """Both teams' personal links with their QR codes: a captain opens the team's link to
    see the match and confirm (or object to) the result the other captain reported; the
    link follows the team from match to match."""
    table = Table.objects.filter(round=rnd, number=number).first()
    if table is None:
        return []
    links = []
    for seat in table.seats.select_related("entrant").order_by("side"):
        e = seat.entrant
        url = f"{base_url.rstrip('/')}/e/{e.link_code}/"
        links.append({"side": str(rnd.tournament.disc.side_label(seat.side)), "name": e.name,
                      "url": url, "qr": qr_data_uri(url)})
    return links
