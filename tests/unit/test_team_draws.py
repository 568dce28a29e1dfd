"""The draws between exactly two teams (pairing.teams.draws): a match day and Scheveningen."""

from __future__ import annotations

import pytest

from pairing import METHODS, Competitor, DrawError, DrawRequest, Layout

LAYOUT = Layout(sides=2, per_side=1)


def request(n: int, number: int = 1) -> DrawRequest:
    # in standings order: the team signed up second leads
    competitors = tuple(Competitor(id=10 + k, start_number=k) for k in range(n, 0, -1))
    return DrawRequest(number, competitors, LAYOUT, "seed")


@pytest.mark.parametrize("method", ["match_day", "scheveningen"])
def test_the_first_signed_up_team_is_named_first(method):
    drawn = METHODS[method](request(2))
    assert drawn.tables[0].seats == ((11, 1), (12, 2)) and not drawn.byes


@pytest.mark.parametrize("method", ["match_day", "scheveningen"])
@pytest.mark.parametrize("n", [1, 3, 4])
def test_only_two_teams_are_drawn(method, n):
    with pytest.raises(DrawError, match="exactly two teams"):
        METHODS[method](request(n))


def test_a_match_day_has_one_round_a_scheveningen_many():
    with pytest.raises(DrawError, match="one round"):
        METHODS["match_day"](request(2, number=2))
    assert METHODS["scheveningen"](request(2, number=7)).tables[0].seats == ((11, 1), (12, 2))


def test_a_match_day_names_the_guest_first_when_the_option_says_so():
    """The setting "guest named first" reaches the draw as the option ``guest_first``: the
    guest (signed up second) sits on side 1, the first-named team's side."""
    from dataclasses import replace

    drawn = METHODS["match_day"](replace(request(2), options={"guest_first": True}))
    assert drawn.tables[0].seats == ((12, 1), (11, 2))
    assert "guest, named first" in str(drawn.explanation[0])
