"""Lots a chess draw takes with a recorded seed, so anyone can draw them again.

The seed's chess program draws two things by lot before round 1: the colour of the
top-ranked player on board 1 (FIDE C.04.3 5.2.5 leaves it to a lot), and, in a round
robin, the players' table numbers. Both come from the round's seed alone.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def colour_by_lot(seed: str) -> str:
    """``"w"`` or ``"b"``: the colour of pairing number 1 in round 1."""
    return random.Random(f"first-colour:{seed}").choice("wb")


def numbers_by_lot(items: Sequence[T], seed: str) -> list[T]:
    """``items`` in the order of the numbers drawn for them (item at index k gets k + 1)."""
    order = list(items)
    random.Random(f"round-robin-numbers:{seed}").shuffle(order)
    return order
