"""The Dutch engine as it was before the large-field work (issue 36): the test oracle.

A frozen copy of ``pairing/dutch/`` at the commit before the speed-ups, imported only by the
tests and ``tools/dutch_large.py``: at sizes the reference engine cannot finish (5,000 and
9,999 players) the new engine must pair exactly as this one did. Never imported by
production code; never changed except to keep it importable.

The original module docstring follows.

The FIDE Dutch System (C.04.3, 2025/26 rules) over plain data: ``pair(state) -> pairing``.

:mod:`.model` derives what the rules ask about each player, :mod:`.criteria` packs the
criteria into matching weights, :mod:`.brackets` pairs bracket by bracket, :mod:`.colours`
allocates the colours and :mod:`.explain` writes the director's explanation.
"""

from __future__ import annotations

from pairing.swiss import SwissPairing, SwissState

from .brackets import NoValidPairing, pair_round
from .colours import white_black
from .explain import explanation
from .model import entrants


def pair(state: SwissState) -> SwissPairing:
    """Pair the next round of ``state`` by the Dutch system.

    Absent players are not paired; an odd player out receives the pairing-allocated bye.
    Raises :class:`NoValidPairing` when no pairing satisfies the absolute criteria.
    """
    players = entrants(state)
    partner, bye, brackets = pair_round(state, players)
    pairs = []
    reasons = {}
    for a, b in sorted(partner.items()):
        if a < b:
            white, black, reason = white_black(players[a], players[b], state.initial_colour)
            pairs.append((white.number, black.number))
            reasons[(white.number, black.number)] = reason
    bye_number = players[bye].number if bye is not None else None
    lines = explanation(players, brackets, reasons, bye_number)
    return SwissPairing(tuple(pairs), bye_number, tuple(lines))


__all__ = ["NoValidPairing", "pair"]
