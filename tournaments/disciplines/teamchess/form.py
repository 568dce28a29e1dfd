"""The match result form: one result per board, from the first-named team's side.

Each board shows who plays it (the line-ups, ``services.teams.match_lines``) and the first
team's colour there, so a captain reads "Board 2: Black Meier – Weiß Schulz" and taps the
result as it stands on the board sheet; the stored result is always the first team's view.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from scoring.teams import RESULTS

from ...common.errors import ServiceError
from ...models import Table
from ...result_forms import Data, Errors, ResultForm, by_number
from ...services.teams import match_lines
from ..registry import DISCIPLINES
from .score import SHOWN

DISCIPLINE = DISCIPLINES["teamchess"]
MAIN = ("1-0", "1/2-1/2", "0-1")
MORE = (("+-", "+ −"), ("-+", "− +"), ("--", "− −"))


def _boards(table: Table) -> int:
    return int(DISCIPLINE.settings(table.round.tournament).boards)


def match_payload(post: Data, table: Table) -> dict[str, Any]:
    errors: dict[str, list[str]] = {}
    boards: list[str] = []
    for k in range(1, _boards(table) + 1):
        value = (post.get(f"board_{k}") or "").strip()
        if not value:
            errors[f"board_{k}"] = [_("choose the result of board %(n)s") % {"n": k}]
        elif value not in RESULTS:
            errors[f"board_{k}"] = [_("not a chess result")]
        boards.append(value)
    if errors:
        raise ServiceError(errors)
    return {"boards": boards}


def match_post(payload: Any, table: Table) -> dict[str, str]:
    boards = payload.get("boards") if isinstance(payload, dict) else None
    if not isinstance(boards, list):
        return {}
    return {f"board_{k}": b for k, b in enumerate(boards, 1) if isinstance(b, str)}


def match_context(table: Table, data: Data | None, errors: Errors) -> dict[str, Any]:
    lines = {line.board: line for line in match_lines(table)}
    rows = []
    for k in range(1, _boards(table) + 1):
        key = f"board_{k}"
        chosen = (data.get(key) or "") if data is not None else ""
        line = lines.get(k)
        white_first = line is None or line.first_colour == "W"
        rows.append({
            "key": key, "board": k, "errors": errors.under(key),
            "first": line.first if line else "", "second": line.second if line else "",
            "first_colour": _("White") if white_first else _("Black"),
            "second_colour": _("Black") if white_first else _("White"),
            "main": [{"value": v, "label": SHOWN[v], "checked": v == chosen} for v in MAIN],
            "more": [{"value": v, "label": label, "checked": v == chosen} for v, label in MORE],
            "more_open": chosen in dict(MORE),
        })
    return {"rows": rows}


FORM = ResultForm("captain/inputs/teamchess.html", match_payload, match_context, match_post,
                  relocate=by_number("result", r"board (\d+):", "board_{}", 0))
