"""A new tournament's desk works on the evening (issue 24, desk item 9).

The desk answered "FEHLER 403" until the director gave the desk role on the settings page.
Creating a tournament now offers the creator's desk helpers (who worked the desk of their
tournaments), ticked, and any other account by user name (docs/access.md).
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import ActionLog, Role, Tournament
from tournaments.services import Actor

pytestmark = pytest.mark.django_db

HOME = "/director/"


def create(client: Client, name: str, **extra) -> object:
    return client.post(HOME, {"action": "create", "create-name": name,
                              "create-discipline": "mucken", "create-entrant_kind": "",
                              "create-planned_rounds": "", **extra})


@pytest.fixture
def creator(may_create):
    c = Client()
    c.force_login(may_create)
    return c


def test_the_new_tournament_gives_the_creators_desk_the_desk_role(creator, may_create,
                                                                 desk_user, desk_client):
    boss = Actor(may_create, may_create.username)
    last_year = services.create_tournament(boss, "Muckturnier 2025", "mucken", "pair")
    services.grant_role(last_year, boss, desk_user, Role.Kind.DESK)
    html = creator.get(HOME).content.decode()
    # The helper is offered, ticked.
    assert re.search(rf'<input type="checkbox" name="create-desk" value="{desk_user.pk}"'
                     r'[^>]*checked', html)
    assert "anmeldung" in html
    r = create(creator, "Muckturnier 2026", **{"create-desk": [str(desk_user.pk)]})
    assert r.status_code == 302
    t = Tournament.objects.get(name="Muckturnier 2026")
    assert Role.objects.filter(tournament=t, user=desk_user, kind=Role.Kind.DESK).exists()
    entry = ActionLog.objects.get(tournament=t, action="create_tournament")
    assert entry.after["desk"] == ["anmeldung"]
    # The desk opens the new tournament's page at once: no 403.
    assert desk_client.get(reverse("desk:tournament", args=[t.slug])).status_code == 200
    # Unticked: no role.
    create(creator, "Ohne Anmeldung")
    t = Tournament.objects.get(name="Ohne Anmeldung")
    assert not Role.objects.filter(tournament=t, kind=Role.Kind.DESK).exists()
    assert desk_client.get(reverse("desk:tournament", args=[t.slug])).status_code == 403


def test_a_first_tournament_names_its_desk_by_user_name(creator, desk_user):
    html = creator.get(HOME).content.decode()
    assert 'name="create-desk"' not in html  # no helpers yet
    assert 'name="create-desk_more"' in html
    other = get_user_model().objects.create_user("Kasse2", password="turnier-2026")
    r = create(creator, "Erster Abend", **{"create-desk_more": "ANMELDUNG, kasse2"})
    assert r.status_code == 302
    t = Tournament.objects.get(name="Erster Abend")
    assert set(Role.objects.filter(tournament=t, kind=Role.Kind.DESK).values_list(
        "user", flat=True)) == {desk_user.pk, other.pk}
    # An unknown name is said at the field; nothing is created.
    r = create(creator, "Tippfehler", **{"create-desk_more": "anmeldug"})
    assert r.status_code == 400 and "there is no user anmeldug" in r.content.decode()
    assert not Tournament.objects.filter(name="Tippfehler").exists()
