"""The tabletop demo: eight players, three missions a game."""

from __future__ import annotations

from ..demo import Demo

DEMO = Demo("demo-tabletop", "Tabletop-Turnier (Demo)", "single", 8,
            lambda rng, t: {"missions": [[rng.randrange(16), rng.randrange(16)],
                                         [rng.randrange(10), rng.randrange(10)],
                                         [rng.randrange(5), rng.randrange(5)]]})
