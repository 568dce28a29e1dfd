"""C.04.6 4.1 and 4.3.1 in round 1 of the team Swiss, for any field and either colour drawn
by lot: each match pairs a top-half team k with k + n/2, the top team gets the initial
colour when k is odd and the other when even, so the colours on board 1 are balanced."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pairing.lot import colour_by_lot
from pairing.teams.swiss import pair
from pairing.teams.swiss_state import SwissTeam, TeamSwissState


@given(n=st.integers(min_value=2, max_value=40), seed=st.text(max_size=12))
def test_round_one_gives_the_drawn_colour_to_the_odd_top_teams(n, seed):
    colour = colour_by_lot(seed)
    state = TeamSwissState(1, 7, tuple(SwissTeam(k) for k in range(1, n + 1)),
                           initial_colour=colour)
    result = pair(state)
    half = n // 2
    assert len(result.matches) == half
    assert (result.bye is None) == (n % 2 == 0)
    whites_on_top = 0
    for white, black in result.matches:
        top, bottom = min(white, black), max(white, black)
        assert bottom == top + half  # the top half meets the bottom half in order
        top_colour = "w" if white == top else "b"
        assert top_colour == (colour if top % 2 else ("b" if colour == "w" else "w"))
        whites_on_top += white == top
    assert abs(2 * whites_on_top - half) <= 1  # balanced: as many Whites as Blacks on top
