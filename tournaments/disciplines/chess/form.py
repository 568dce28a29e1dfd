"""The chess result form: 1-0, ½-½, 0-1 and the forfeits."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.chess import SCORES as CHESS_SCORES

from ...common.errors import ServiceError
from ...models import Table
from ...result_forms import (
    Data,
    Errors,
    ResultForm,
)

CHESS_MAIN = (("1-0", "1-0"), ("1/2-1/2", "½-½"), ("0-1", "0-1"))
CHESS_MORE = (("+-", "+ −", gettext_lazy("White wins by forfeit")),
              ("-+", "− +", gettext_lazy("Black wins by forfeit")),
              ("--", "− −", gettext_lazy("both forfeit")))
assert {v for v, *_rest in CHESS_MAIN + CHESS_MORE} == set(CHESS_SCORES)


def chess_payload(post: Data, table: Table) -> dict[str, Any]:
    score = (post.get("score") or "").strip()
    if not score:
        raise ServiceError({"score": [_("choose a result")]})
    if score not in CHESS_SCORES:
        raise ServiceError({"score": [_("not a chess result")]})
    return {"score": score}


def chess_post(payload: Any, table: Table) -> dict[str, str]:
    score = payload.get("score") if isinstance(payload, dict) else None
    return {"score": score} if isinstance(score, str) else {}


def chess_context(table: Table, data: Data | None, errors: Errors) -> dict[str, Any]:
    chosen = (data.get("score") or "") if data is not None else ""
    main = [{"value": v, "label": label, "checked": v == chosen} for v, label in CHESS_MAIN]
    more = [{"value": v, "label": label, "note": str(note), "checked": v == chosen}
            for v, label, note in CHESS_MORE]
    return {"main": main, "more": more, "more_open": any(m["checked"] for m in more),
            "score_errors": errors.under("score")}


FORM = ResultForm("captain/inputs/chess.html", chess_payload, chess_context, chess_post)
