"""Issue 18: the board-game qualifier has exactly three rounds. A fourth is refused with the
reason, on the page and in the API, until the director raises the planned rounds."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tournaments import services
from tournaments.models import Round
from tournaments.services import Actor, ServiceError

pytestmark = pytest.mark.django_db


def play_three(t, boss: Actor) -> None:
    for number in (1, 2, 3):
        rnd = services.draw_round(t, boss, seed=f"spiele-{number}")
        services.publish_round(t, boss, number)
        for table in rnd.tables.order_by("number"):
            seats = list(table.seats.select_related("entrant"))
            services.director_set_result(table, boss, {"points": {
                str(s.entrant.start_number): 90 - 10 * k for k, s in enumerate(seats)}})
        services.close_round(t, boss, number)


def test_boardgame_qualifier_refuses_a_fourth_round(make_tournament, director,
                                                     director_client):
    boss = Actor(director, director.username)
    t = make_tournament("boardgame", entrants=8)
    assert t.planned_rounds == 3
    play_three(t, boss)
    with pytest.raises(ServiceError, match="exactly three rounds") as refused:
        services.draw_round(t, boss)
    assert "round 4" in str(refused.value) and "planned rounds" in str(refused.value)
    # The dashboard says so instead of offering an extra round; a posted draw is refused.
    page = director_client.get(reverse("director:tournament", args=[t.slug])).content.decode()
    assert 'id="rounds-fixed"' in page and 'id="extra-round"' not in page
    assert "draw an extra round below" not in page
    r = director_client.post(reverse("director:draw", args=[t.slug]),
                             {"method": "standings_tables", "extra_round": "1"})
    assert r.status_code == 400 and "exactly three rounds" in r.content.decode()
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=director).key}")
    r = api.post(f"/api/v1/tournaments/{t.slug}/rounds/draw/", {}, format="json")
    assert r.status_code in (400, 409) and "exactly three rounds" in str(r.json())
    assert not Round.objects.filter(tournament=t, number=4).exists()
    # The director raises the planned rounds on purpose: the fourth round is drawn.
    services.update_tournament(t, boss, planned_rounds=4)
    assert services.draw_round(t, boss).number == 4


def test_other_disciplines_draw_an_extra_round_when_asked(make_tournament, director):
    boss = Actor(director, director.username)
    t = make_tournament("mucken", "pair", entrants=4, planned_rounds=1)
    rnd = services.draw_round(t, boss)
    services.publish_round(t, boss, 1)
    for table in rnd.tables.all():
        services.director_set_result(table, boss, {"bobbl": [[21, 15], [21, 18]]})
    services.close_round(t, boss, 1)
    assert services.draw_round(t, boss).number == 2
