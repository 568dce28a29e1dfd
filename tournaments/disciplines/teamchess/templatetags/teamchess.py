"""``{% match_boards round number as boards %}``: the boards of a match (line-ups and
colours) for the printed match sheet and the public pages."""

from __future__ import annotations

from typing import Any

from django import template

from ....models import Table
from ....services.teams import BoardLine, match_lines

register = template.Library()


@register.simple_tag
def match_boards(rnd: Any, number: int) -> list[BoardLine]:
    table = (Table.objects.select_related("round__tournament")
             .filter(round=rnd, number=number).first())
    return match_lines(table) if table is not None else []
