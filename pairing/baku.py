"""Baku acceleration (FIDE C.04.5.1) computed from the tournament type, for TRFs that name
the method (TRF-2026 line ``192``, e.g. ``FIDE_DUTCH_2025_BAKU``) without listing the
virtual points (no ``XXA`` and no ``250`` lines).

The rule, as FIDE writes it and as the reference engine applied it to every Baku-style file
of ``fixtures/dutch-accel`` (the evidence is in ``docs/dutch.md``):

* group A is the first ``2·⌈N/4⌉`` players of the initial ranking: the top half rounded up
  to an *even* number (161 players: 82), not ⌈N/2⌉;
* the accelerated rounds are the first half of the tournament, rounded up (``⌈R/2⌉``);
* group A has 1 virtual point in the first half of those, rounded up, and ½ in the rest;
  group B never has any.

Pure Python: the TRF reader calls it once the player lines and the round count are known.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

#: The suffix of the ETT26 tournament type codes that name the Baku Acceleration Method.
BAKU_SUFFIX = "_BAKU"


def names_baku(tournament_type: str) -> bool:
    """Whether a ``192`` value (``FIDE_DUTCH_BAKU``, ``FIDE_DUTCH_2025_BAKU`` …) asks for Baku
    acceleration. Case and surrounding blanks are forgiven, as files typed by hand vary."""
    return tournament_type.strip().upper().endswith(BAKU_SUFFIX)


def group_a_size(players: int) -> int:
    """``2·⌈N/4⌉``: the first half of the field rounded up to the nearest even number."""
    return 2 * -(-players // 4)


def virtual_points(total_rounds: int) -> tuple[Fraction, ...]:
    """Group A's virtual points for rounds 1, 2, … of the accelerated rounds.

    9 rounds: 5 accelerated, ``(1, 1, 1, ½, ½)``; 5 rounds: ``(1, 1, ½)``.
    """
    accelerated = -(-total_rounds // 2)
    full = -(-accelerated // 2)
    return (Fraction(1),) * full + (Fraction(1, 2),) * (accelerated - full)


def baku_accelerations(initial_order: Sequence[int],
                       total_rounds: int) -> dict[int, dict[int, Fraction]]:
    """Virtual points per pairing number and round, for the players of group A.

    ``initial_order``: every pairing number in the order of the initial ranking.
    Late entries (C.04.5.1 keeps the last group-A player of round 1) cannot be told apart
    in a TRF, so the whole list counts; the file can always say otherwise with ``XXA``.
    """
    values = dict(enumerate(virtual_points(total_rounds), 1))
    return {n: dict(values) for n in initial_order[:group_a_size(len(initial_order))]}
