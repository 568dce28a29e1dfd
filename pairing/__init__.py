"""Turnierwart's draws: pure Python over plain data (no Django).

The web app asks for the next round with a :class:`~pairing.base.DrawRequest`
and gets a :class:`~pairing.base.Draw` back; which method draws is looked up
by name in :data:`~pairing.base.METHODS`. The simple methods here (random
tables, round robin, score order without rematches) are the first
implementations of that interface; the FIDE Dutch engine and the card-hall
draws plug in the same way.
"""

from .base import (
                   METHODS,
                   Competitor,
                   Draw,
                   DrawError,
                   DrawnTable,
                   DrawRequest,
                   Layout,
                   PastTable,
                   get,
)

__all__ = ["METHODS", "Competitor", "Draw", "DrawError", "DrawRequest", "DrawnTable", "Layout",
           "PastTable", "get"]
