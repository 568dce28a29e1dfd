"""Standings, also as if the tournament ranked by other tiebreaks."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

import scoring

from .. import services
from ..disciplines import of
from ..models import Tournament
from ..services.base import ServiceError


def standings_with_tiebreaks(t: Tournament, tiebreaks: list[str], after_round: int | None,
                             category: str | None) -> dict[str, Any]:
    """Standings as if the tournament ranked by ``tiebreaks``: nothing is stored or cached."""
    if not of(t).has_tiebreak_picker:
        raise ServiceError(_("other tiebreaks can be asked for in chess only"), "tiebreaks")
    doc = services.scoring_document(t)
    doc["scoring"] = {**(doc.get("scoring") or {}), "tiebreaks": tiebreaks}
    parsed, problems = scoring.check(doc)
    if parsed is None:
        raise ServiceError("; ".join(str(p) for p in problems.errors), "tiebreaks")
    return scoring.standings(parsed, after_round, category)


def standings_get(t: Tournament, after_round: int | None = None, category: str | None = None,
                  tiebreaks: list[str] | None = None) -> dict[str, Any]:
    """The standings after ``after_round`` (all rounds: None), of one ``category`` or all;
    with ``tiebreaks`` (a list, even empty) ranked by those instead of the tournament's."""
    if tiebreaks is not None:
        return standings_with_tiebreaks(t, tiebreaks, after_round, category)
    return services.standings(t, after_round, category)
