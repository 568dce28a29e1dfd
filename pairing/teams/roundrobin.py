"""Team round robins: the FIDE Berger tables with teams in the players' places.

FIDE's Berger tables (Handbook C.05, Annex 1) name in each pairing the participant who has
White first; for teams that is the team named first, which has White on board 1 and the
sequence's colours down the boards (:mod:`pairing.teams.boards`). So a team's colour in a
match (C.04.6 Art. 1.6.1: its board-1 colour) is the table's colour, and it alternates from
round to round as the table's colours do. A double round robin is
:func:`pairing.roundrobin.double`: the last two rounds of the first cycle swapped, then
the cycle again with the order of every pairing reversed, so the team named second in the
first cycle is named first in the second. With an odd number of teams the one the table
pairs with the dummy has no match that round (0 in the pairs).
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import roundrobin as rr

MAX_TEAMS = 24  # pairing.roundrobin's bound; the FIDE tables stop at 16


@dataclass(frozen=True)
class Fixture:
    """One match of a round: ``first`` is named first (White on board 1), team numbers."""

    round: int
    first: int
    second: int


def schedule(n: int, double: bool = False) -> list[list[Fixture]]:
    """Every round of a round robin of teams 1..``n`` (Berger tables), byes left out."""
    if not 2 <= n <= MAX_TEAMS:
        raise ValueError(f"a team round robin has 2 to {MAX_TEAMS} teams, not {n}")
    rounds = rr.schedule(n, "berger", double)
    return [[Fixture(k, a, b) for a, b in games if rr.BYE not in (a, b)]
            for k, games in enumerate(rounds, 1)]


def byes(n: int, double: bool = False) -> list[int | None]:
    """The team without a match in each round (None for an even number of teams)."""
    rounds = rr.schedule(n, "berger", double)
    return [next((a or b for a, b in games if rr.BYE in (a, b)), None) for games in rounds]
