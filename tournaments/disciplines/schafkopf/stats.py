"""Schafkopf statistics from the database: the games of every list by kind, for the
statistics page and its PDF (``Schafkopf.statistics_extra``).

The lists are read as the scoring core reads them (the results that count: submitted or
confirmed, not disputed), cached by the tournament's version like the standings.
"""

from __future__ import annotations

from django.core.cache import cache

from scoring.discipline import played
from scoring.schafkopf import GAMES, Result

from ...models import Tournament
from ...services.documents import scoring_tournament
from ...services.standings import version_key


def games_by_kind(t: Tournament) -> dict[str, tuple[int, int]]:
    """Per kind of game in the order of ``scoring.schafkopf.GAMES``: how often it was
    played and how often the player's party won it (a Ramsch: a Durchmarsch); only kinds
    that were played."""
    key = f"schafkopf-kinds:{version_key(t)}"
    found: dict[str, tuple[int, int]] | None = cache.get(key)
    if found is None:
        counts = {g: [0, 0] for g in GAMES}
        for _rnd, table in played(scoring_tournament(t).rounds):
            result: Result = table.result
            for game in result.games:
                counts[game.game][0] += 1
                counts[game.game][1] += int(game.won)
        found = {g: (n, won) for g, (n, won) in counts.items() if n}
        cache.set(key, found, None)
    return found
