"""The board-game demo: a qualifier of ten players at tables of three and four."""

from __future__ import annotations

from ..demo import Demo

DEMO = Demo("demo-brettspiel", "Brettspiel-Qualifikation (Demo)", "single", 10,
            lambda rng, t: {"points": {str(s.entrant.start_number): rng.randrange(40, 140)
                                       for s in t.seats.all()}})
