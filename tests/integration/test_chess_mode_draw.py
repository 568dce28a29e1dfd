"""The mode lock holds through the draw (issue 24, item 22).

Changing the pairing system after round 1 is refused (409), but the draw itself took any
method: ``POST …/rounds/draw/ {"method": "round_robin"}`` drew round 4 of a Swiss from the
Berger table with a rematch, and a round robin drew round 2 by the Dutch system and round 3
from the table again. Now a draw offers and takes only the methods of the tournament's mode.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import Round
from tournaments.services import Actor, ServiceError

from .test_api import client_for
from .test_chess_conventions import chess, finish_round

pytestmark = pytest.mark.django_db
API = "/api/v1"


@pytest.fixture
def actor(director):
    return Actor(director, director.username)


def test_a_swiss_cannot_draw_a_round_from_the_berger_table(actor, director):
    t = chess(actor, 10)
    for n in (1, 2, 3):
        services.draw_round(t, actor, seed=f"s{n}")
        finish_round(t, actor, n)
    api = client_for(director)
    for method in ("round_robin", "round_robin_shift"):
        answer = api.post(f"{API}/tournaments/{t.slug}/rounds/draw/", {"method": method},
                          format="json")
        assert answer.status_code == 400, answer.content
        assert "method" in answer.json()
    assert t.rounds.count() == 3
    answer = api.post(f"{API}/tournaments/{t.slug}/rounds/draw/", {"method": "dutch"},
                      format="json")
    assert answer.status_code == 201, answer.content


def test_a_round_robin_draws_only_from_its_table(actor):
    t = chess(actor, 6, pairing="round_robin")
    services.draw_round(t, actor, seed="a")
    finish_round(t, actor, 1)
    for method in ("dutch", "score_order", "round_robin_shift"):
        with pytest.raises(ServiceError) as refused:
            services.draw_round(t, actor, seed="b", method=method)
        assert "method" in refused.value.errors
    rnd = services.draw_round(t, actor, seed="b")
    assert rnd.draw_method == "round_robin" and rnd.number == 2


def test_the_draw_form_offers_only_the_methods_of_the_mode(actor, director, client):
    client.force_login(director)
    swiss = chess(actor, 6)
    form = client.get(reverse("director:tournament", args=[swiss.slug])).context["draw_form"]
    assert [m for m, _ in form.fields["method"].choices] == ["dutch", "score_order"]
    robin = chess(actor, 6, pairing="round_robin_shift")
    services.draw_round(robin, actor, seed="a")
    finish_round(robin, actor, 1)
    page = client.get(reverse("director:round", args=[robin.slug, 1]))
    form = page.context["draw_form"]
    assert [m for m, _ in form.fields["method"].choices] == ["round_robin_shift"]
    answer = client.post(reverse("director:draw", args=[robin.slug]),
                         {"method": "dutch", "seed": ""})
    assert answer.status_code == 400
    assert robin.rounds.filter(status=Round.Status.PREVIEW).count() == 0
