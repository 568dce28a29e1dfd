"""A finished tournament keeps the ratings it was played with (issue 24, item 23).

The ratings are the person's, and a person plays several tournaments. "New ratings" of a
later tournament wrote over them, and an earlier, finished tournament's DWZ report moved
with them (Ro 1990-10 became 1975-11); its own new-ratings list would then have built on
the later event.
"""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.disciplines.chess.outputs import dwz_report
from tournaments.disciplines.chess.rating_update import (
    rated_since,
    rating_changes,
    update_ratings,
)
from tournaments.models import Player
from tournaments.services import Actor, finish

from .test_chess_conventions import finish_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def actor(director):
    return Actor(director, director.username)


def round_robin(actor, name, people, score="1-0"):
    t = services.create_tournament(actor, name, "chess", planned_rounds=3,
                                   pairing="round_robin")
    for p in people:
        services.register(t, actor, [p], status="present")
    t.refresh_from_db()
    for number in (1, 2, 3):
        services.draw_round(t, actor, seed=f"{name}{number}")
        finish_round(t, actor, number, score)
    t.refresh_from_db()
    return t


def ro(t):
    return {x.line.number: (x.dwz.ro, x.index_before) for x in dwz_report(t).lines}


def test_a_later_tournaments_new_ratings_leave_a_finished_one_as_it_was(actor, director,
                                                                        client):
    people = [Player.objects.create(name=f"Spieler {k}", dwz=1990 - 40 * k, dwz_index=10,
                                    birth_date=datetime.date(1980, 1, 1)) for k in range(4)]
    first = round_robin(actor, "Frühjahr", people)
    finish.finish_tournament(first, actor)
    first.refresh_from_db()
    before = ro(first)
    assert before[1] == (1990, 10)
    first_list = {x.number: x.dwz_after for x in rating_changes(first)}

    later = round_robin(actor, "Sommer", people, score="0-1")
    changes = rating_changes(later)
    update_ratings(later, actor, [x.number for x in changes])
    assert Player.objects.get(pk=people[0].pk).dwz != 1990  # the person's DWZ moved on

    first.refresh_from_db()
    assert ro(first) == before  # the finished tournament keeps what it was played with
    # Its own list builds on its own ratings, and leaves out whoever was rated since.
    assert set(rated_since(first)) == {x.number for x in changes}
    assert all(first_list[n] is not None for n in rated_since(first))
    assert rating_changes(first) == []
    client.force_login(director)
    page = client.get(reverse("director:ratings", args=[first.slug])).content.decode()
    assert 'id="rated-since"' in page and "Sommer" in page


def test_the_own_update_still_keeps_its_report(actor):
    people = [Player.objects.create(name=f"Person {k}", dwz=1800 - 50 * k, dwz_index=5,
                                    birth_date=datetime.date(1990, 1, 1)) for k in range(4)]
    t = round_robin(actor, "Herbst", people)
    before = ro(t)
    update_ratings(t, actor, [x.number for x in rating_changes(t)])
    t.refresh_from_db()
    assert ro(t) == before
