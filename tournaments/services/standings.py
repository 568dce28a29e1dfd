"""Standings through the scoring core, cached by the tournament's version.

The cache key carries the version, so any change (which bumps the version)
makes every cached page of the tournament stale at once; no timeouts needed.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Any

from django.core.cache import cache

import scoring

from ..models import Tournament
from .documents import scoring_tournament


def identity_key(t: Tournament) -> str:
    """Names this tournament across restores: after one, an id can be given again to a new
    tournament, a creation time not. A restored tournament keeps both (and its version),
    which is why ``manage.py restore`` empties the cache (tournaments.backup)."""
    return f"{t.pk}.{t.created.timestamp():.6f}"


def version_key(t: Tournament) -> str:
    """Names this state of this tournament."""
    return f"{identity_key(t)}.{t.version}"


def standings_key(t: Tournament, after_round: int | None = None,
                  category: str | None = None) -> str:
    """A cache key; the category comes from a query string, so it enters only as a digest."""
    tag = hashlib.sha256(category.encode()).hexdigest()[:16] if category else "-"
    return f"standings:{version_key(t)}:{after_round}:{tag}"


def standings(t: Tournament, after_round: int | None = None,
              category: str | None = None) -> dict[str, Any]:
    key = standings_key(t, after_round, category)
    result = cache.get(key)
    if result is None:
        result = scoring.standings(scoring_tournament(t), after_round, category)
        cache.set(key, result, None)
    return result


def standings_after(t: Tournament, rounds: Iterable[int | None]) -> dict[int | None, Any]:
    """The standings after each of ``rounds`` (None: all rounds), each cached as
    :func:`standings` caches it.

    The tournament is read from the database and parsed once for all of them: reading
    it is linear in its games, so reading it again for each round (as calling
    :func:`standings` per round does) made the statistics quadratic in the rounds.
    """
    wanted = list(dict.fromkeys(rounds))
    keys = {r: standings_key(t, r) for r in wanted}
    found = cache.get_many(list(keys.values()))
    out = {r: found[k] for r, k in keys.items() if k in found}
    missing = [r for r in wanted if r not in out]
    if missing:
        doc = scoring_tournament(t)
        fresh = {r: scoring.standings(doc, r) for r in missing}
        cache.set_many({keys[r]: v for r, v in fresh.items()}, None)
        out.update(fresh)
    return out
