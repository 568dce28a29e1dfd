"""The two lookup tables of the FIDE Rating Regulations (FIDE Handbook B.02), as data.

FIDE does not use a formula for expected scores or performance ratings: the tables are
normative and "are used precisely as shown, no extrapolations are made" (B.02 14.2 in
older editions, "Some comments on the rating system"). So we store them verbatim instead
of approximating them with the logistic or normal curve, which disagree with the tables
in the tails.

- Table 8.1.1 (older editions: 8.1a): fractional score ``p`` (two decimals) → rating
  difference ``dp``. Used for performance ratings, ``Rp = Ra + dp`` (also by the title
  regulations B.01 and the tie-break regulations C.07, where no 400-point cap applies).
- Table 8.1.2 (older editions: 8.1b): rating difference ``D`` → scoring probability
  ``PD`` of the higher (H) and the lower (L) rated player. Used for rating changes,
  ``ΔR = score − PD``.

Sources: FIDE Handbook B.02 "FIDE Rating Regulations" (effective from 1 March 2024;
https://handbook.fide.com, chapter B.02), section 8.1. The 2014 revision left the tables
unchanged and we found no later change (they go back to Elo's percentage expectancy
table). Transcribed from the published tables as reproduced at
http://chess.sainfo.ru/ratingtext.html (8.1a/8.1b, both in full) and
https://chess.stackexchange.com/questions/19653 (8.1b in full), and cross-checked against
each other: ``dp(p)`` lies in the ``D`` band of ``PD = p`` for every ``p`` (unit tests).

API (all exact; floats only at the edges for convenience):

- ``dp_from_score(p)``: ``dp`` for a fractional score ``p`` in [0, 1]; ``p`` is rounded
  half up to two decimals first, as the table only lists hundredths.
- ``pd(d)``: ``(PD_H, PD_L)`` as floats for a rating difference ``d`` (sign ignored).
- ``pd_exact(d)``: the same as ``Fraction`` (hundredths), so sums and ``K·ΣΔR`` are exact
  and the final rounding is not at the mercy of binary floating point.
- ``expected_score(d)``: the scoring probability of the player whose rating minus the
  opponent's is ``d`` (signed), as ``Fraction``. No 400-point cap here; that rule
  belongs to the rating calculation (``scoring.ratings``).
"""

from __future__ import annotations

from fractions import Fraction

# Table 8.1.1, upper half: (p in hundredths, dp) for p = 1.00 … 0.50. The lower half is
# the mirror image, dp(1 − p) = −dp(p), exactly as printed.
_DP_UPPER: tuple[tuple[int, int], ...] = (
    (100, 800), (99, 677), (98, 589), (97, 538), (96, 501),
    (95, 470), (94, 444), (93, 422), (92, 401), (91, 383),
    (90, 366), (89, 351), (88, 336), (87, 322), (86, 309),
    (85, 296), (84, 284), (83, 273), (82, 262), (81, 251),
    (80, 240), (79, 230), (78, 220), (77, 211), (76, 202),
    (75, 193), (74, 184), (73, 175), (72, 166), (71, 158),
    (70, 149), (69, 141), (68, 133), (67, 125), (66, 117),
    (65, 110), (64, 102), (63, 95), (62, 87), (61, 80),
    (60, 72), (59, 65), (58, 57), (57, 50), (56, 43),
    (55, 36), (54, 29), (53, 21), (52, 14), (51, 7),
    (50, 0),
)  # fmt: skip

#: Table 8.1.1 in full: p in hundredths (0…100) → dp.
DP_TABLE: dict[int, int] = {p: dp for p, dp in _DP_UPPER} | {100 - p: -dp for p, dp in _DP_UPPER}

# Table 8.1.2: (lowest D, highest D, PD of the higher rated player in hundredths).
# PD of the lower rated player is 100 minus that. The last band is open ("> 735").
PD_BANDS: tuple[tuple[int, int | None, int], ...] = (
    (0, 3, 50), (4, 10, 51), (11, 17, 52), (18, 25, 53), (26, 32, 54),
    (33, 39, 55), (40, 46, 56), (47, 53, 57), (54, 61, 58), (62, 68, 59),
    (69, 76, 60), (77, 83, 61), (84, 91, 62), (92, 98, 63), (99, 106, 64),
    (107, 113, 65), (114, 121, 66), (122, 129, 67), (130, 137, 68), (138, 145, 69),
    (146, 153, 70), (154, 162, 71), (163, 170, 72), (171, 179, 73), (180, 188, 74),
    (189, 197, 75), (198, 206, 76), (207, 215, 77), (216, 225, 78), (226, 235, 79),
    (236, 245, 80), (246, 256, 81), (257, 267, 82), (268, 278, 83), (279, 290, 84),
    (291, 302, 85), (303, 315, 86), (316, 328, 87), (329, 344, 88), (345, 357, 89),
    (358, 374, 90), (375, 391, 91), (392, 411, 92), (412, 432, 93), (433, 456, 94),
    (457, 484, 95), (485, 517, 96), (518, 559, 97), (560, 619, 98), (620, 735, 99),
    (736, None, 100),
)  # fmt: skip

_HUNDRED = Fraction(1, 100)


def _round_half_up(x: Fraction) -> int:
    """Round to the nearest integer, halves up (exact, unlike ``round``'s banker's rule)."""
    return (x.numerator * 2 + x.denominator) // (2 * x.denominator)


def dp_from_score(p: Fraction | float) -> int:
    """``dp`` of table 8.1.1 for a fractional score ``p`` (0 ≤ p ≤ 1).

    ``p`` is rounded half up to hundredths because the table has no other rows; a float is
    taken at its shortest decimal spelling so that ``0.125`` means 1/8, not its binary
    approximation.
    """
    exact = Fraction(str(p)) if isinstance(p, float) else Fraction(p)
    if not 0 <= exact <= 1:
        raise ValueError(f"fractional score must be in [0, 1], got {p}")
    return DP_TABLE[_round_half_up(exact * 100)]


def pd_percent(d: int) -> tuple[int, int]:
    """``(PD_H, PD_L)`` of table 8.1.2 in hundredths for a rating difference ``d``."""
    d = abs(int(d))
    for low, high, higher in PD_BANDS:
        if low <= d and (high is None or d <= high):
            return higher, 100 - higher
    raise AssertionError("unreachable: the last band is open")


def pd_exact(d: int) -> tuple[Fraction, Fraction]:
    """``(PD_H, PD_L)`` of table 8.1.2 as exact fractions; the sign of ``d`` is ignored."""
    higher, lower = pd_percent(d)
    return higher * _HUNDRED, lower * _HUNDRED


def pd(d: int) -> tuple[float, float]:
    """``(PD_H, PD_L)`` of table 8.1.2 as floats, e.g. ``pd(100) == (0.64, 0.36)``."""
    higher, lower = pd_percent(d)
    return higher / 100, lower / 100


def expected_score(d: int) -> Fraction:
    """Scoring probability of a player rated ``d`` points above (``d < 0``: below) the opponent.

    Uncapped: the caller applies the 400-point rule where the regulations ask for it.
    """
    higher, lower = pd_exact(d)
    return higher if d >= 0 else lower
