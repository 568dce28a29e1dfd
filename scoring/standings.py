"""Standings of a tournament as the plain data of docs/format.md, "Standings output"."""

from __future__ import annotations

from typing import Any

from . import registry
from .model import Tournament


def standings(tournament: Tournament, after_round: int | None = None,
              category: str | None = None) -> dict[str, Any]:
    """Ranked rows (``rank``, ``entrant``, ``name``, ``values``) and any flags.

    ``after_round`` counts only rounds numbered up to it. ``category`` keeps the
    entrants of that category in their overall order and numbers them anew,
    sharing a rank where the overall standings share one.
    """
    discipline = registry.DISCIPLINES[tournament.discipline]
    result = discipline.standings(tournament, tournament.rounds_until(after_round))
    names = {e.id: e.name for e in tournament.entrants}
    rows = result.rows
    if category is not None:
        members = {e.id for e in tournament.entrants if category in e.categories}
        kept = [(r, row) for r, row in rows if row.entrant in members]
        rows = []
        for i, (overall, row) in enumerate(kept):
            shared = i > 0 and kept[i - 1][0] == overall
            rows.append((rows[-1][0] if shared else i + 1, row))
    out: dict[str, Any] = {"standings": [
        {"rank": position, "entrant": row.entrant, "name": names[row.entrant],
         "values": row.values} for position, row in rows]}
    if result.flags:
        out["flags"] = result.flags
    return out
