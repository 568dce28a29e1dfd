"""Properties of team tournaments through the services (hypothesis): random team Swiss
events never repeat a match, give the pairing-allocated bye at most once and only when the
number of teams is odd, and seat every active team each round (or refuse the round with
the engine's reason when C.04.6 leaves no legal pairing, 3.3.3: small fields with
forfeits); any line-up a director tries is stored exactly when ``pairing.teams.lineup``
accepts it, and what is stored keeps the board order without gaps."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pairing.teams import lineup as lineups
from tournaments import services
from tournaments.models import Bye
from tournaments.services import ServiceError
from tournaments.services import teams as team_services

pytestmark = pytest.mark.django_db
COUNTER = itertools.count()
RESULTS = st.sampled_from(["1-0", "1/2-1/2", "0-1", "+-", "-+", "--"])
SLOW = settings(max_examples=8, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])


def _event(make_tournament, boss, n: int, method: str = "team_swiss"):
    t = make_tournament("teamchess", "team", entrants=n, pairing=method,
                        name=f"Eigenschaften {next(COUNTER)}")
    for e in t.entrants.all():
        for k in range(5):
            team_services.add_member(t, boss, e.pk, f"{e.name} {k + 1}",
                                     rating=2200 - 7 * e.start_number - k,
                                     substitute=k == 4)
    return t


@SLOW
@given(n=st.integers(3, 8), rounds=st.integers(2, 3),
       boards=st.lists(st.lists(RESULTS, min_size=4, max_size=4), min_size=16, max_size=16))
def test_a_team_swiss_never_repeats_a_match(make_tournament, boss, n, rounds, boards):
    t = _event(make_tournament, boss, n)
    met: set[frozenset[int]] = set()
    byes: list[int] = []
    k = 0
    for number in range(1, rounds + 1):
        try:
            rnd = services.draw_round(t, boss, seed=f"p{number}")
        except ServiceError as exc:  # C.04.6 3.3.3: no legal pairing; the arbiter decides
            assert "pair" in str(exc.errors) or "bye" in str(exc.errors), exc.errors
            break
        services.publish_round(t, boss, number)
        seated = [s.entrant_id for table in rnd.tables.all() for s in table.seats.all()]
        round_byes = [b.entrant_id for b in Bye.objects.filter(round=rnd)]
        assert sorted(seated + round_byes) == sorted(e.pk for e in t.entrants.all())
        assert len(round_byes) == n % 2
        byes += round_byes
        for table in rnd.tables.all():
            pair = frozenset(s.entrant_id for s in table.seats.all())
            result = boards[k % len(boards)]
            k += 1
            services.director_set_result(table, boss, {"boards": result})
            played = any(r in ("1-0", "1/2-1/2", "0-1") for r in result)
            if played:  # a match nobody played is no meeting (C.04.2 3.5)
                assert pair not in met
                met.add(pair)
        services.close_round(t, boss, number)
    assert len(byes) == len(set(byes))


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(chosen=st.lists(st.one_of(st.none(), st.integers(1, 6)), min_size=4, max_size=4))
def test_a_line_up_is_stored_exactly_when_the_rules_accept_it(line_up_round, boss, chosen):
    t, e = line_up_round
    rnd = t.rounds.get(number=1)
    team = team_services.pure_team(e)
    accepted = not lineups.lineup_problems(team, chosen, lineups.LineupRules(boards=4))
    before = team_services.lineup_of(rnd, e, 4)
    try:
        team_services.set_lineup(t, boss, 1, e.pk, chosen)
    except ServiceError:
        assert not accepted
        assert team_services.lineup_of(rnd, e, 4) == before
    else:
        assert accepted
        stored = team_services.lineup_of(rnd, e, 4)
        assert stored == tuple(chosen)
        places = [p for p in stored if p is not None]
        assert places == sorted(places) and len(set(places)) == len(places)
        assert stored[len(places):] == (None,) * (4 - len(places))  # empty only at the bottom


@pytest.fixture
def line_up_round(make_tournament, boss):
    t = _event(make_tournament, boss, 2, "round_robin")
    services.draw_round(t, boss, seed="l")
    return t, t.entrants.get(start_number=1)
