"""The draw at registration is set where the seed sets it (issue 24).

The Muckturnier program sets its window draw when the tournament is created or from the
registration page; here it was only on the director's settings page. Creating a card-hall
tournament now offers it, and the desk page links the director to its settings.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse

from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def dclient(director) -> Client:
    director.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    c = Client(HTTP_ACCEPT_LANGUAGE="en")
    c.force_login(director)
    return c


def create(client, name, discipline, **extra):
    return client.post(reverse("director:home"), {
        "action": "create", "create-name": name, "create-discipline": discipline,
        "create-entrant_kind": "", "create-planned_rounds": "", **extra})


def test_the_window_draw_is_chosen_when_creating_a_mucken_tournament(dclient):
    answer = create(dclient, "Muckturnier", "mucken", **{"create-registration_draw": "on",
                                                         "create-window": "3"})
    assert answer.status_code == 302
    t = Tournament.objects.get(name="Muckturnier")
    assert t.draw_options["registration"]["window"] == 3
    page = dclient.get(reverse("desk:tournament", args=[t.slug])).content.decode()
    assert 'id="desk-draw-settings"' in page
    assert reverse("director:settings", args=[t.slug]) in page


def test_a_discipline_without_it_says_so_at_the_field(dclient):
    answer = create(dclient, "Blitz", "chess", **{"create-registration_draw": "on"})
    assert answer.status_code == 400
    assert "draws no seats at registration" in answer.content.decode()
    assert not Tournament.objects.filter(name="Blitz").exists()
