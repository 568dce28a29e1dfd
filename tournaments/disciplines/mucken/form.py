"""Mucken's result form: the score pad, Bobbl by Bobbl, with "cut by time"."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from ...models import Table
from ...result_forms import (
    Data,
    ErrorDict,
    Errors,
    Input,
    ResultForm,
    add_error,
    by_number,
    clean,
    is_ticked,
    list_at,
    make_input,
    make_row,
    pair_inputs,
    raise_errors,
    read_whole,
    side_heads,
    side_rows,
)
from ..registry import DISCIPLINES

DISCIPLINE = DISCIPLINES["mucken"]


def _bobbl_rows(table: Table) -> int:
    return int(DISCIPLINE.settings(table.round.tournament).bobbl_per_round)


def mucken_payload(post: Data, table: Table) -> dict[str, Any]:
    """Every Bobbl row, as before; with a row ticked "cut by time", the rows up to it and
    ``unfinished`` (its number): the round ended there, so the rows after it stay empty."""
    rows = _bobbl_rows(table)
    cut = [k for k in range(rows) if is_ticked(post, f"bobbl[{k}].cut")]
    if not cut:
        return side_rows(post, "bobbl", rows, read_whole)
    last = cut[-1]
    messages = mucken_messages()
    errors: ErrorDict = {}
    for k in cut[:-1]:
        add_error(errors, f"bobbl[{k}].cut", messages["one_cut"])
    for k in range(last + 1, rows):
        if any(clean(post, f"bobbl[{k}].side{s}") for s in (1, 2)):
            add_error(errors, f"bobbl[{k}]", messages["after_cut"].replace("{n}", str(last + 1)))
    values = [[read_whole(post, f"bobbl[{k}].side{s}", errors) for s in (1, 2)]
              for k in range(last + 1)]
    raise_errors(errors)
    return {"bobbl": values, "unfinished": last + 1}


def mucken_post(payload: Any, table: Table) -> dict[str, str]:
    out = pair_inputs(payload, "bobbl", "bobbl")
    cut = payload.get("unfinished") if isinstance(payload, dict) else None
    if isinstance(cut, int) and not isinstance(cut, bool) and 0 < cut <= len(
            list_at(payload, "bobbl")):
        out[f"bobbl[{cut - 1}].cut"] = "1"
    return out



def mucken_time(table: Table) -> tuple[int | None, str]:
    """The round's time limit in minutes (None: none) and the rule for a Bobbl it cuts."""
    settings = DISCIPLINE.settings(table.round.tournament)
    return settings.time_limit, settings.unfinished


def mucken_messages() -> dict[str, str]:
    """The live check's messages (captain.js) and the form's own; ``{…}`` are filled in."""
    return {
        "incomplete": _("enter the points of both parties"),
        "whole": _("points are whole numbers from 0 up"),
        "both": _("both parties reached {target}: only the winner of a Bobbl reaches it"),
        "neither": _("neither party reached {target}: the winner of a Bobbl reaches it"),
        "neither_cut": _("neither party reached {target}: the winner of a Bobbl reaches it. "
                         "If time ran out during this Bobbl, tick “cut by time”."),
        "cut_finished": _("cut by time, but a party reached {target}: this Bobbl was finished; "
                          "untick “cut by time”"),
        "one_cut": _("only the last Bobbl written can be cut by time"),
        "after_cut": _("Bobbl {n} was cut by time, so no Bobbl follows it: clear this row or "
                       "untick “cut by time” there"),
        "cut_leader": _("cut by time: {party} is ahead and wins this Bobbl; the other "
                        "party's {points} points count as its Tore"),
        "party1": DISCIPLINE.side_label(1),
        "party2": DISCIPLINE.side_label(2),
        "cut_tie": _("cut by time at a tie: this Bobbl counts for nobody"),
        "cut_void": _("cut by time: this Bobbl counts for nobody"),
        "cut_as_played": _("cut by time: both parties' points count as Tore; nobody wins "
                           "this Bobbl"),
        "summary": _("Please correct the marked Bobbl before sending."),
    }


def mucken_context(table: Table, data: Data | None, errors: Errors) -> dict[str, Any]:
    """The pad's rows (Bobbl × party) and, with a time limit, a "cut by time" box per row
    (captain.js shows the one of the last row written)."""
    heads = side_heads(table)
    count = _bobbl_rows(table)
    ticked = [data is not None and is_ticked(data, f"bobbl[{k}].cut") for k in range(count)]
    limit, rule = mucken_time(table)
    rows = []
    side1, side2 = DISCIPLINE.side_label(1), DISCIPLINE.side_label(2)
    for k in range(count):
        key, cut = f"bobbl[{k}]", f"bobbl[{k}].cut"
        rows.append(make_row(key, _("Bobbl %(n)d") % {"n": k + 1},
                         [make_input(f"{key}.side1", side1, data, errors),
                          make_input(f"{key}.side2", side2, data, errors)], errors,
                         cut_name=cut, cut_id=Input(cut, "").id, cut=ticked[k],
                         cut_invalid=errors.has(cut)))
    target = DISCIPLINE.settings(table.round.tournament).target
    return {"rows": rows, "heads": heads, "target": target, "time_limit": limit,
            "rule": rule, "cut_shown": limit is not None or any(ticked),
            "check_messages": mucken_messages()}


FORM = ResultForm("captain/inputs/mucken.html", mucken_payload, mucken_context, mucken_post,
                  relocate=by_number("result", r"^bobbl (\d+):", "bobbl[{}]", -1))
