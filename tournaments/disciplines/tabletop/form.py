"""The tabletop result form: mission points of both players."""

from __future__ import annotations

from typing import Any

from ...models import Table
from ...result_forms import (
    Data,
    Errors,
    ResultForm,
    by_number,
    make_input,
    make_row,
    pair_inputs,
    read_number,
    side_heads,
    side_rows,
)
from ..registry import DISCIPLINES
from .discipline import MISSION_KINDS, MISSIONS

DISCIPLINE = DISCIPLINES["tabletop"]


def tabletop_payload(post: Data, table: Table) -> dict[str, Any]:
    return side_rows(post, "missions", len(MISSIONS), read_number)


def tabletop_post(payload: Any, table: Table) -> dict[str, str]:
    return pair_inputs(payload, "missions", "missions")


def tabletop_context(table: Table, data: Data | None, errors: Errors) -> dict[str, Any]:
    kinds = (table.round.extra or {}).get("missions")
    if not (isinstance(kinds, list) and len(kinds) == len(MISSIONS)):
        kinds = [None] * len(MISSIONS)
    side1, side2 = DISCIPLINE.side_label(1), DISCIPLINE.side_label(2)
    rows = []
    for k, (mission, kind) in enumerate(zip(MISSIONS, kinds, strict=True)):
        key = f"missions[{k}]"
        rows.append(make_row(key, str(mission), [
            make_input(f"{key}.side1", side1, data, errors, "decimal"),
            make_input(f"{key}.side2", side2, data, errors, "decimal")], errors,
            kind=str(MISSION_KINDS.get(kind, kind)) if kind else ""))
    return {"rows": rows, "heads": side_heads(table),
            "system": DISCIPLINE.settings(table.round.tournament).system}


FORM = ResultForm("captain/inputs/tabletop.html", tabletop_payload, tabletop_context,
                  tabletop_post,
                  relocate=by_number("result", r"(?i)^mission (\d+):", "missions[{}]", -1))
