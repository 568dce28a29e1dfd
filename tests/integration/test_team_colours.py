"""Round 1's colours of a team Swiss by lot (FIDE C.04.6 4.1 and 4.3.1) and the team named
first on a league match day (home or guest), through the services and the public page."""

from __future__ import annotations

import pytest

from pairing.lot import colour_by_lot
from tests.integration.test_teams import teams  # noqa: F401  (the fixture)
from tournaments import services
from tournaments.models import ActionLog

pytestmark = pytest.mark.django_db


def _first_named(rnd) -> dict[int, int]:
    """match number -> start number of the team on side 1 (White on board 1)."""
    return {table.number: table.seats.get(side=1).entrant.start_number
            for table in rnd.tables.all()}


@pytest.mark.parametrize("seed", ["s1", "s3"])
def test_round_one_colours_follow_the_colour_drawn_by_lot(teams, boss, client, seed):  # noqa: F811
    """C.04.6 4.3.1: in round 1 the first-team (the higher-ranked) of each match gets the
    initial-colour when its number is odd, the other colour when even. The colour is drawn
    with the round's seed (s1 gives White, s3 Black), logged and shown."""
    t = teams(4)
    drawn = colour_by_lot(seed)
    assert drawn == {"s1": "w", "s3": "b"}[seed]
    rnd = services.draw_round(t, boss, seed=seed)
    first = _first_named(rnd)
    pairs = {frozenset(s.entrant.start_number for s in table.seats.all())
             for table in rnd.tables.all()}
    assert pairs == {frozenset({1, 3}), frozenset({2, 4})}
    # team 1 (odd) gets the drawn colour, team 2 (even) the other one
    assert (1 in first.values()) == (drawn == "w")
    assert (2 in first.values()) == (drawn == "b")
    log = ActionLog.objects.filter(tournament=t, action="draw_round").first()
    assert log.after["initial_colour"] == drawn and log.after["initial_colour_by"] == "lot"
    assert any("drawn by lot" in str(line) for line in rnd.draw_explanation)
    services.publish_round(t, boss, 1)
    page = client.get(f"/t/{t.slug}/matches/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    word = "White" if drawn == "w" else "Black"
    assert f"Initial colour (FIDE C.04.6 4.1): {word}, drawn by lot" in page


def test_the_setting_fixes_the_initial_colour_for_every_round(teams, boss):  # noqa: F811
    """With the setting "Black" team 1 has Black on board 1 in round 1 whatever the seed,
    and a later round's 4.3.1 (two teams that have not played) reads the same colour."""
    t = teams(4, scoring={"boards": 4, "win": 2, "draw": 1, "loss": 0,
                          "first_colour": "black"})
    rnd = services.draw_round(t, boss, seed="s1")  # the lot would give White
    assert set(_first_named(rnd).values()) == {3, 2}
    log = ActionLog.objects.filter(tournament=t, action="draw_round").first()
    assert log.after["initial_colour"] == "b" and log.after["initial_colour_by"] == "setting"
    from tournaments.disciplines.registry import DISCIPLINES

    assert DISCIPLINES["teamchess"].settings(t).first_colour == "black"


@pytest.mark.parametrize("named_first,side_one", [("home", 1), ("guest", 2)])
def test_a_match_day_names_the_home_or_the_guest_team_first(teams, boss, named_first,  # noqa: F811
                                                            side_one):
    t = teams(2, "match_day", planned_rounds=1,
              scoring={"boards": 4, "win": 2, "draw": 1, "loss": 0,
                       "named_first": named_first})
    rnd = services.draw_round(t, boss, seed="s")
    assert _first_named(rnd) == {1: side_one}
