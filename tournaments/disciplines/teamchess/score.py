"""A match's score as pages show it: the board results in chess words, both teams' board
points (1 / ½ / 0 a board), 2½ written with the half sign."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from scoring.teams import Points, game_points

SHOWN = {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "½-½", "+-": "+ −", "-+": "− +", "--": "− −"}


def half(value: Fraction) -> str:
    """2½ for 5/2 (the way match scores are written)."""
    whole, rest = divmod(value, 1)
    return f"{whole}½" if rest and whole else ("½" if rest else str(whole))


def match_score(payload: Any) -> tuple[Fraction, Fraction] | None:
    """Both teams' board points of a result (1 / ½ / 0 a board), or None for what is no
    result."""
    boards = payload.get("boards") if isinstance(payload, dict) else None
    if not isinstance(boards, list) or not all(b in SHOWN for b in boards):
        return None
    first = second = Fraction(0)
    for b in boards:
        a, c = game_points(b, Points())
        first, second = first + a, second + c
    return first, second
