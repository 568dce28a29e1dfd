"""Turnierwart's draws: pure Python over plain data (no Django).

The web app asks for the next round with a :class:`~pairing.base.DrawRequest`
and gets a :class:`~pairing.base.Draw` back; which method draws is looked up
by name in :data:`~pairing.base.METHODS`: :mod:`pairing.simple` (random
tables, tables by standings, score order), :mod:`pairing.roundrobin` (Berger
tables, shift system), :mod:`pairing.cards` (the card halls' rotations),
:mod:`pairing.scoreswiss` (Swiss by tournament points). :mod:`pairing.window`
draws seats at registration; :mod:`pairing.dutch` is the FIDE Dutch engine.
See ``docs/draws.md``.
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
