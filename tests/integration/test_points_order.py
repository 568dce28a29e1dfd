"""Chess and team chess refuse points out of order with one shared check (a draw less than
a win and at least a loss), at the draw's field."""

import pytest

from tournaments.disciplines.registry import get


@pytest.mark.parametrize("name", ["chess", "teamchess"])
def test_a_draw_worth_a_win_is_refused_at_the_draw(name):
    disc = get(name)
    assert disc.settings_errors({"win": 2, "draw": 1, "loss": 0}) == {}
    assert set(disc.settings_errors({"win": 1, "draw": 1, "loss": 0})) == {"draw"}
    assert set(disc.settings_errors({"win": 2, "draw": -1, "loss": 0})) == {"draw"}
    assert disc.settings_errors({"win": 1, "loss": 0}) == {}  # the form names the missing one
