"""Pussi statistics from the database: the seed's result sheet for the statistics page.

``pussi_statistics(t)`` is :func:`scoring.pussi_stats.pussi_stats` over the tournament as
the scoring core sees it (the results that count: submitted or confirmed, not disputed),
cached by the tournament's version like the standings. The package's
``templates/stats/_pussi.html`` renders it (context name ``pussi_stats``); Pussi's
``statistics_extra`` puts it on the statistics page and in its PDF.
"""

from __future__ import annotations

from django.core.cache import cache

from scoring.pussi_stats import PussiStats, pussi_stats

from ...models import Tournament
from ...services.documents import scoring_tournament
from ...services.standings import version_key


def pussi_statistics(t: Tournament) -> PussiStats | None:
    """The statistics of a Pussi tournament (None for another discipline's)."""
    if t.discipline != "pussi":
        return None
    key = f"pussi-stats:seed2:{version_key(t)}"  # 2: counts per series
    stats: PussiStats | None = cache.get(key)
    if stats is None:
        stats = pussi_stats(scoring_tournament(t), seed=True)  # marked as the seed's sheet
        cache.set(key, stats, None)
    return stats
