"""Issue 18 item 4: a losing declarer's opponents, decided from the seed (docs/cards.md).

The seed's spreadsheet checks the other party's total in an opponent's game for "fell by
twice the bid" or "grew", whether the declarer won or lost (III b); RULES.md says the same.
So a sheet where the other party keeps its total after a lost game (the seed's usual case)
and one where it fell by 2×bid are both accepted, by the document check and by the totals
form the captain's phone mirrors."""

from __future__ import annotations

import pytest

from scoring.pussi import Game, check_game


@pytest.mark.parametrize("other", [0, 35, -120])
def test_a_losing_declarers_opponents_keep_grow_or_fall_by_twice_the_bid(other):
    game = Game(declarer=1, bid=60, totals=(-60, other))
    assert check_game((0, 0), game) is None


@pytest.mark.parametrize("other", [-60, -100, -240])
def test_any_other_fall_of_the_opponents_is_refused(other):
    game = Game(declarer=1, bid=60, totals=(-60, other))
    assert "can only grow by its card points or fall by 2×60" in check_game((0, 0), game)
