"""Chess's demo: a club's Swiss of ten players."""

from __future__ import annotations

from ..demo import Demo

DEMO = Demo("demo-schach", "Vereinsturnier Schach (Demo)", "single", 10,
            lambda rng, t: {"score": rng.choice(["1-0", "0-1", "1/2-1/2"])})
