"""Standings through the scoring core, cached by the tournament's version.

The cache key carries the version, so any change (which bumps the version)
makes every cached page of the tournament stale at once; no timeouts needed.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.core.cache import cache

import scoring

from ..models import Tournament
from .documents import scoring_tournament


def identity_key(t: Tournament) -> str:
    """Names this tournament across restores (ids can repeat after one; creation times not)."""
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
