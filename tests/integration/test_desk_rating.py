"""The desk's rating field is the rating the tournament ranks by (issue 24, item 13).

A German desk types a DWZ into "Wertung"; it was stored as an Elo, so the player ranked
(and was evaluated) by an Elo he does not have. The chess desk now asks for the DWZ, or for
the Elo when the tournament's rating setting ranks by Elo first, and stores it as that.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import Entrant
from tournaments.services import Actor

pytestmark = pytest.mark.django_db


def sign_up(client, t, name, rating):
    return client.post(reverse("desk:tournament", args=[t.slug]),
                       {"p1_name": name, "p1_rating": str(rating), "status": "present"})


def test_a_german_desk_types_a_dwz_and_it_is_kept_as_the_dwz(make_tournament, desk_client):
    t = make_tournament("chess")
    page = desk_client.get(reverse("desk:tournament", args=[t.slug]),
                           HTTP_ACCEPT_LANGUAGE="de")
    assert page.context["form"].fields["p1_rating"].label == "DWZ"
    sign_up(desk_client, t, "Hans Huber", 1650)
    e = Entrant.objects.get(tournament=t, name="Hans Huber")
    person = e.players.get()
    assert (e.rating, person.dwz, person.rating) == (None, 1650, None)


def test_a_tournament_ranking_by_elo_asks_for_the_elo(make_tournament, desk_client,
                                                      director):
    t = make_tournament("chess")
    services.update_tournament(t, Actor(director, "d"),
                               scoring={**t.scoring, "seeding_rating": "elo"})
    t.refresh_from_db()
    form = desk_client.get(reverse("desk:tournament", args=[t.slug])).context["form"]
    assert str(form.fields["p1_rating"].label) == "Elo"
    sign_up(desk_client, t, "Eva Gruber", 2010)
    e = Entrant.objects.get(tournament=t, name="Eva Gruber")
    assert (e.rating, e.players.get().dwz) == (2010, None)


def test_other_disciplines_keep_their_rating_field(make_tournament, desk_client):
    t = make_tournament("tabletop")
    form = desk_client.get(reverse("desk:tournament", args=[t.slug])).context["form"]
    assert str(form.fields["p1_rating"].label) == "Rating"
