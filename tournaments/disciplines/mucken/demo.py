"""Mucken's demo: twelve fixed pairs, two Bobbl to 21 a round."""

from __future__ import annotations

import random

from ..demo import Demo


def bobbl(rng: random.Random) -> list[list[int]]:
    out = []
    for _ in range(2):
        loser = rng.randrange(0, 21)
        out.append([21, loser] if rng.random() < 0.5 else [loser, 21])
    return out


DEMO = Demo("demo-mucken", "Muckturnier Leupoldsgrün (Demo)", "pair", 12,
            lambda rng, t: {"bobbl": bobbl(rng)})
