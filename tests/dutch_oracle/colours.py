"""Colour allocation of a pair (C.04.3 Art. 5.2, formerly E.1–E.5).

In order: grant both preferences; grant the stronger one (both absolute: the wider colour
difference); alternate from the most recent round in which the two had different colours
(unplayed rounds skipped, C.04.2); grant the higher-ranked player's preference; otherwise the
higher-ranked player gets the initial colour if his rank (counted among the players belonging to
the tournament this round) is odd, the other colour if it is even.
"""

from __future__ import annotations

from scoring.i18n import N_, Message

from .model import BLACK, WHITE, Entrant, other


def _first_difference(a: Entrant, b: Entrant) -> tuple[str | None, str | None]:
    """The colours of a and b in the latest round, counted from each one's last game, in
    which they differed (C.04.2 3.4: unplayed rounds are pushed to the front)."""
    i, j = len(a.colours) - 1, len(b.colours) - 1
    while i >= 0 and j >= 0 and a.colours[i] == b.colours[j]:
        i -= 1
        j -= 1
    return (a.colours[i] if i >= 0 else None), (b.colours[j] if j >= 0 else None)


def higher(a: Entrant, b: Entrant) -> bool:
    """Is a ranked above b (score, then rank)?"""
    return (a.score, -a.rank) > (b.score, -b.rank)


def allocate(a: Entrant, b: Entrant, initial: str) -> tuple[str, Message]:
    """The colour of ``a`` against ``b`` and the rule that gave it (for the explanation)."""
    pa, pb = a.preference, b.preference
    if pa != pb or pa is None or pb is None:
        if pa is not None:
            return pa, (N_("5.2.1 both preferences granted") if pb
                        else N_("5.2.1 preference granted"))
        if pb is not None:
            return other(pb) or WHITE, N_("5.2.1 preference granted")
    else:
        if a.absolute and (a.imbalance > b.imbalance or not b.absolute):
            return pa, N_("5.2.2 the stronger (absolute) preference")
        if b.absolute and (b.imbalance > a.imbalance or not a.absolute):
            return other(pb) or WHITE, N_("5.2.2 the stronger (absolute) preference")
        if a.strong and not b.strong:
            return pa, N_("5.2.2 the stronger preference")
        if b.strong and not a.strong:
            return other(pb) or WHITE, N_("5.2.2 the stronger preference")
        ca, cb = _first_difference(a, b)
        if ca is not None and cb is not None:
            return cb, N_("5.2.3 alternation from the last round with different colours")
    top = a if higher(a, b) else b
    if top.preference is not None:
        colour = top.preference
        reason = N_("5.2.4 the higher-ranked player's preference")
    else:
        odd = top.rank % 2 == 0  # rank is 0-based: an odd pairing number
        colour = initial if odd else (other(initial) or WHITE)
        reason = (N_("5.2.5 initial colour: the higher-ranked player has an odd number")
                  if odd else
                  N_("5.2.5 initial colour: the higher-ranked player has an even number"))
    return (colour if top is a else (other(colour) or WHITE)), reason


def white_black(a: Entrant, b: Entrant, initial: str) -> tuple[Entrant, Entrant, Message]:
    """(white, black, reason) for the pair a–b."""
    colour, reason = allocate(a, b, initial)
    return (a, b, reason) if colour == WHITE else (b, a, reason)


__all__ = ["BLACK", "WHITE", "allocate", "higher", "white_black"]
