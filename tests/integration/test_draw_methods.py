"""Each discipline drawn the way its players expect, through the director's services.

The draw algorithms are tested on plain data in tests/unit; these tests check that
the web app hands them the right history, standings, layout and options, and
stores what they return, over whole evenings.
"""

import random
from collections import Counter
from itertools import combinations

import pytest

from tournaments import services
from tournaments.models import Entrant
from tournaments.services import Actor, ServiceError

pytestmark = pytest.mark.django_db


@pytest.fixture
def actor(director):
    return Actor(director, director.username)


def play(t, actor, rounds, payload, method=None):
    """Draw, publish, enter results and close ``rounds`` rounds; the tables as start numbers."""
    played = []
    for n in range(1, rounds + 1):
        rnd = services.draw_round(t, actor, seed=f"evening-{n}", method=method)
        services.publish_round(t, actor, n)
        tables = []
        for table in rnd.tables.prefetch_related("seats__entrant"):
            seats = list(table.seats.all())
            sides = sorted({s.side for s in seats}, key=lambda x: x or 0)
            tables.append(tuple(tuple(sorted(s.entrant.start_number for s in seats
                                             if s.side == side)) for side in sides))
            services.director_set_result(table, actor, payload(table, n))
        byes = sorted(b.entrant.start_number for b in rnd.byes.all())
        services.close_round(t, actor, n)
        played.append((tables, byes))
    return played


def bobbl(table, n):
    k = table.number + n
    return {"bobbl": [[21, k % 20], [k % 19, 21]] if k % 2 else [[21, 3], [21, k % 20]]}


def test_mucken_pairs_rotation_never_repeats_an_opponent(make_tournament, actor):
    t = make_tournament("mucken", "pair", 12)
    assert t.pairing == "rotation"
    met = Counter()
    for tables, byes in play(t, actor, 6, bobbl):
        assert not byes and len(tables) == 6
        for (a,), (b,) in tables:
            met[frozenset((a, b))] += 1
    assert max(met.values()) == 1 and len(met) == 36


def test_mucken_single_players_no_repeated_partner_or_opponent(make_tournament, actor):
    t = make_tournament("mucken", "single", 16)
    partners, opponents = Counter(), Counter()
    for tables, _ in play(t, actor, 4, bobbl):
        for side1, side2 in tables:
            for side in (side1, side2):
                partners[frozenset(side)] += 1
            for a in side1:
                for b in side2:
                    opponents[frozenset((a, b))] += 1
    assert max(partners.values()) == 1 and max(opponents.values()) == 1


def test_fixed_rotation_pair_one_stays_pair_two_moves_on(make_tournament, actor):
    t = make_tournament("mucken", "pair", 10, pairing="fixed_rotation")
    played = play(t, actor, 4, bobbl)
    first = played[0][0]
    for r, (tables, _) in enumerate(played):
        for number, (side1, side2) in enumerate(tables, start=1):
            assert side1 == first[number - 1][0]
            assert side2 == first[(number - 1 - r) % 5][1]


def test_pussi_partners_are_new_each_series(make_tournament, actor):
    t = make_tournament("pussi", "single", 16)
    assert t.pairing == "pussi_partners"
    sheet = {"games": [{"declarer": 1, "bid": 60, "totals": [60, 40]}]}
    partners = Counter()
    for tables, byes in play(t, actor, 5, lambda table, n: sheet):
        assert not byes and all(len(s1) == len(s2) == 2 for s1, s2 in tables)
        for side1, side2 in tables:
            partners[frozenset(side1)] += 1
            partners[frozenset(side2)] += 1
    assert max(partners.values()) == 1


def test_board_games_seat_by_standings_with_short_tables_last(make_tournament, actor):
    t = make_tournament("boardgame", "single", 10)

    def points(table, n):
        return {"points": {str(s.entrant.start_number): 7 * s.entrant.start_number % 23
                           for s in table.seats.all()}}

    played = play(t, actor, 1, points)
    assert [len(tb[0]) for tb in played[0][0]] == [4, 3, 3]
    order = [row["entrant"] for row in services.standings(t)["standings"]]
    rnd = services.draw_round(t, actor, seed="two")
    tables = [sorted(s.entrant.start_number for s in tb.seats.all()) for tb in rnd.tables.all()]
    assert tables == [sorted(order[:4]), sorted(order[4:7]), sorted(order[7:])]


def test_board_games_refuse_a_field_that_cannot_be_seated(make_tournament, actor):
    t = make_tournament("boardgame", "single", 5)
    with pytest.raises(ServiceError, match="cannot be seated"):
        services.draw_round(t, actor)


def test_tabletop_swiss_avoids_rematches_same_club_and_second_byes(make_tournament, actor):
    t = make_tournament("tabletop", "single", 11)
    clubs = ["Nord", "Nord", "Nord", "Süd", "Süd", "Süd", "Ost", "Ost", "West", "West", ""]
    for e, club in zip(Entrant.objects.filter(tournament=t).order_by("start_number"), clubs,
                       strict=True):
        e.club = club
        e.save(update_fields=["club"])
    services.update_tournament(t, actor, draw_options={"avoid_same_club": True})
    rng = random.Random(7)

    def missions(table, n):
        return {"missions": [[rng.randint(0, 15), rng.randint(0, 15)], [3, 3], [1, 0]]}

    club = dict(zip(range(1, 12), clubs, strict=True))
    met, byes = set(), []
    for tables, bye in play(t, actor, 5, missions):
        for (a,), (b,) in tables:
            assert frozenset((a, b)) not in met
            met.add(frozenset((a, b)))
            assert not club[a] or club[a] != club[b]
        byes += bye
    assert len(byes) == 5 and len(set(byes)) == 5


def test_chess_shift_system_round_robin_through_the_service(make_tournament, actor):
    t = make_tournament("chess", "single", 5, pairing="round_robin_shift")
    games = Counter()
    for tables, byes in play(t, actor, 5, lambda table, n: {"score": "1-0"}):
        assert len(byes) == 1 and len(tables) == 2
        for (a,), (b,) in tables:
            games[frozenset((a, b))] += 1
    assert set(games.values()) == {1} and len(games) == len(list(combinations(range(5), 2)))
