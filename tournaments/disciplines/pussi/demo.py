"""Pussi's demo: sixteen players, series of eight games."""

from __future__ import annotations

import random
from typing import Any

from ..demo import Demo


def pussi_sheet(rng: random.Random, games: int) -> list[dict[str, Any]]:
    totals, out = [0, 0], []
    for _ in range(games):
        d = rng.randrange(2)
        bid = rng.choice([60, 80, 100, 120])
        totals[d] += bid if rng.random() < 0.65 else -bid
        totals[1 - d] += rng.randrange(0, 100, 5)
        out.append({"declarer": d + 1, "bid": bid, "totals": list(totals)})
    return out


DEMO = Demo("demo-pussi", "Pussi-Turnier (Demo)", "single", 16,
            lambda rng, t: {"games": pussi_sheet(rng, 8)})
