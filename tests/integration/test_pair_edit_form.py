"""The pair's correction form asks for each name once (issue 24, item 21).

It showed the pair's combined name ("A / B") as "Name" beside "Player 1" and "Player 2", so
a correction could be typed in two places at once. A pair named after its players is now
corrected by its players' names (the pair's name follows them); a pair with a name of its
own keeps that field, called "Name of the pair".
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import Entrant

pytestmark = pytest.mark.django_db


def form_of(desk_client, t, number):
    page = desk_client.get(reverse("desk:edit", args=[t.slug, number]))
    assert page.status_code == 200
    return page.context["form"]


def test_a_pair_named_after_its_players_is_corrected_by_their_names(make_tournament,
                                                                    desk_client):
    t = make_tournament("mucken", entrant_kind="pair", entrants=4)
    form = form_of(desk_client, t, 1)
    assert "name" not in form.fields
    assert list(form.fields)[:2] == ["player1", "player2"]
    answer = desk_client.post(reverse("desk:edit", args=[t.slug, 1]), {
        "player1": "Spieler 1a", "player2": "Spielerin 1b", "club": "", "categories": ""})
    assert answer.status_code == 302, answer.content.decode()[:2000]
    pair = Entrant.objects.get(tournament=t, start_number=1)
    assert pair.name == "Spieler 1a / Spielerin 1b"


def test_a_pair_with_its_own_name_keeps_it_as_the_name_of_the_pair(make_tournament,
                                                                   desk_client):
    t = make_tournament("mucken", entrant_kind="pair", entrants=4)
    Entrant.objects.filter(tournament=t, start_number=2).update(name="Die Grünen")
    form = form_of(desk_client, t, 2)
    assert str(form.fields["name"].label) == "Name of the pair"
    page = desk_client.get(reverse("desk:edit", args=[t.slug, 2])).content.decode()
    assert "Die Grünen" in page and "Spieler 2a" in page


def test_a_single_player_still_has_one_name_field(make_tournament, desk_client):
    t = make_tournament("tabletop", entrants=2)
    form = form_of(desk_client, t, 1)
    assert "name" in form.fields and "player1" not in form.fields
