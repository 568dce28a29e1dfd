"""The board game result form: game points per player."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from ...models import Table
from ...result_forms import (
    Data,
    ErrorDict,
    Errors,
    ResultForm,
    as_text,
    by_number,
    make_input,
    make_row,
    raise_errors,
    read_number,
    seats_of,
)


def boardgame_payload(post: Data, table: Table) -> dict[str, Any]:
    """Game points by START NUMBER (the entrant ids of docs/format.md)."""
    errors: ErrorDict = {}
    points: dict[str, Any] = {}
    for s in seats_of(table):
        n = s.entrant.start_number
        value = read_number(post, f"points[{n}]", errors)
        points[str(n)] = value
    raise_errors(errors)
    return {"points": points}


def boardgame_post(payload: Any, table: Table) -> dict[str, str]:
    points = payload.get("points") if isinstance(payload, dict) else None
    if not isinstance(points, dict):
        return {}
    return {f"points[{n}]": as_text(v) for n, v in points.items()}


def boardgame_context(table: Table, data: Data | None, errors: Errors) -> dict[str, Any]:
    rows = []
    for s in seats_of(table):
        e = s.entrant
        key = f"points[{e.start_number}]"
        label = f"{e.start_number}. {e.name}"
        rows.append(make_row(key, label, [make_input(key, str(_("Game points")), data, errors,
                                             "decimal")], errors))
    return {"rows": rows}


FORM = ResultForm("captain/inputs/boardgame.html", boardgame_payload, boardgame_context,
                  boardgame_post,
                  relocate=by_number("points", r"entrant (\d+)", "points[{}]", 0))
