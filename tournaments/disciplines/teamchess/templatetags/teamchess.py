"""Tags of the printed match sheet: ``{% match_boards round number as boards %}``, the
boards of a match (line-ups and colours), and ``{% captain_links round number base_url as
links %}``, each team's captain link to this match (``/c/<token>/?team=<mark>``) and the
team's personal link (``/e/<code>/``)."""

from __future__ import annotations

from typing import Any

from django import template

from ....models import Table
from ....services.reporters import team_mark
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
    """Both teams' captain links to this match with their QR codes: each captain reports
    the boards on his own link, so the two-party rule counts the two teams (one team's two
    phones never confirm each other); and the team's personal link, which follows the team
    from match to match."""
    table = Table.objects.filter(round=rnd, number=number).first()
    if table is None:
        return []
    links = []
    for seat in table.seats.select_related("entrant").order_by("side"):
        e = seat.entrant
        base = base_url.rstrip("/")
        url = f"{base}/c/{table.token}/?team={team_mark(table.pk, seat.side or 1)}"
        links.append({"side": str(rnd.tournament.disc.side_label(seat.side)), "name": e.name,
                      "url": url, "qr": qr_data_uri(url), "own": f"{base}/e/{e.link_code}/"})
    return links
