"""Sitting out goes round in the web app's draws (issue 24, item 1).

The draw request counts who sat out before by the byes the draws gave: at Pussi and at
Mucken with single players they are "zero" byes, which the request used to ignore (it
counted only "bye"), so the same players sat out series after series while the
explanation said they were drawn among those who had not.
"""

from collections import Counter

import pytest

from tournaments import services
from tournaments.services import Actor

pytestmark = pytest.mark.django_db


@pytest.fixture
def actor(director):
    return Actor(director, director.username)


PUSSI = {"games": [{"declarer": 1, "bid": 60, "totals": [60, 40]}]}


def evening(t, actor, rounds, payload):
    sat_out = []
    for n in range(1, rounds + 1):
        rnd = services.draw_round(t, actor, seed=f"evening-{n}")
        services.publish_round(t, actor, n)
        for table in rnd.tables.all():
            services.director_set_result(table, actor, payload)
        sat_out.append((sorted(b.entrant.start_number for b in rnd.byes.all()),
                        rnd.draw_explanation))
        services.close_round(t, actor, n)
    return sat_out


def test_pussi_six_players_each_sits_out_once_in_three_series(make_tournament, actor):
    t = make_tournament("pussi", "single", 6)
    assert t.pairing == "pussi_partners"
    sat_out = evening(t, actor, 3, PUSSI)
    assert all(len(out) == 2 for out, _ in sat_out)
    assert Counter(n for out, _ in sat_out for n in out) == Counter(range(1, 7))
    request = services.rounds.draw_request(t, 4, "x")
    assert sorted(request.bye_counts.values()) == [1] * 6


def test_mucken_single_players_rotate_the_sitting_out(make_tournament, actor):
    t = make_tournament("mucken", "single", 10)
    payload = {"bobbl": [[21, 5], [21, 7]]}
    sat_out = evening(t, actor, 5, payload)
    counts = Counter(n for out, _ in sat_out for n in out)
    assert all(len(out) == 2 for out, _ in sat_out)
    assert sorted(counts.values()) == [1] * 10
