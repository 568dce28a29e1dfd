"""Turnierwart's draws: pure Python over plain data (no Django).

The web app asks for the next round with a :class:`~pairing.base.DrawRequest`
and gets a :class:`~pairing.base.Draw` back; which method draws is looked up
by name in :data:`~pairing.methods.METHODS`, the one explicit registry with each
method's capabilities: :mod:`pairing.simple` (random
tables, tables by standings, score order), :mod:`pairing.roundrobin` (Berger
tables, shift system), :mod:`pairing.cards` (the card halls' rotations),
:mod:`pairing.scoreswiss` (Swiss by tournament points). :mod:`pairing.window`
draws seats at registration; :mod:`pairing.dutch` is the FIDE Dutch engine.
See ``docs/draws.md``.
"""

from .base import (
                   Competitor,
                   Draw,
                   DrawError,
                   DrawnTable,
                   DrawRequest,
                   Layout,
                   PastTable,
)
from .methods import METHODS, REGISTRATION, RESULT_DEPENDENT, DrawMethod, get

__all__ = ["METHODS", "REGISTRATION", "RESULT_DEPENDENT", "Competitor", "Draw", "DrawError",
           "DrawMethod", "DrawRequest", "DrawnTable", "Layout", "PastTable", "get"]
