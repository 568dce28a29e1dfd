"""The security review's findings, each replayed through the public entry point.

Finding 1: a director reached players of other tournaments through the API (their
birth date, FIDE ID and DWZ, and wrote to them without a trace in those tournaments).
Finding 3: any account created tournaments through the API, and one import or one
spectator's request could cost minutes of CPU.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.urls import reverse
from rest_framework.test import APIClient

from tournaments import services
from tournaments.models import Tournament
from tournaments.services import Actor

from .test_api import client_for

API = "/api/v1"
TRF = ("012 Blitz\n"
       "001    1 m    Alpha, Anna                       2100 GER     1234567 1990/01/01"
       "  1.0    1     2 w 1\n"
       "001    2 m    Beta, Bert                        2000 GER     7654321 1991/02/02"
       "  0.0    2     1 b 0\n")
DOCUMENT = {"format": "turnier/1", "name": "Importiert", "discipline": "chess",
            "entrants": [{"id": 1, "name": "A"}, {"id": 2, "name": "B"}], "rounds": []}


# ---------------------------------------------------------------- finding 3: who creates


def creates(c: APIClient) -> list[int]:
    """The three ways the API creates a tournament, each answer's status."""
    return [c.post(f"{API}/tournaments/", {"name": "Neu", "discipline": "chess"},
                   format="json").status_code,
            c.post(f"{API}/tournaments/import/", DOCUMENT, format="json").status_code,
            c.post(f"{API}/tournaments/import-trf/", {"trf": TRF}, format="json").status_code]


def test_an_account_without_the_right_creates_no_tournament_through_the_api(stranger):
    assert creates(client_for(stranger)) == [403, 403, 403]
    assert not Tournament.objects.exists()
    assert client_for(stranger).get(f"{API}/tournaments/").status_code == 200  # its list


def test_directing_a_tournament_is_not_the_right_to_create_one(make_tournament, stranger,
                                                                director, client):
    """A director can make anyone a director of their tournament; that gives no more."""
    t = make_tournament("chess")
    services.grant_role(t, Actor(director, "d"), stranger, "director")
    assert creates(client_for(stranger)) == [403, 403, 403]
    client.force_login(stranger)
    home = reverse("director:home")
    assert client.get(home).status_code == 200  # the own tournaments are reachable
    assert 'id="no-create"' in client.get(home).content.decode()
    r = client.post(home, {"action": "create", "create-name": "X",
                           "create-discipline": "chess", "create-entrant_kind": "single"})
    assert r.status_code == 403
    assert list(Tournament.objects.values_list("pk", flat=True)) == [t.pk]


@pytest.mark.parametrize("how", ["permission", "group", "superuser"])
def test_the_right_the_administrator_gives_opens_pages_and_api_alike(db, how, client):
    users = get_user_model().objects
    if how == "superuser":
        user = users.create_superuser("chef", password="x" * 12)
    else:
        user = users.create_user("orga", password="x" * 12)
        perm = Permission.objects.get(codename="add_tournament")
        if how == "group":
            group = Group.objects.create(name="Turnierleiter")
            group.permissions.add(perm)
            user.groups.add(group)
        else:
            user.user_permissions.add(perm)
    assert creates(client_for(user)) == [201, 201, 201]
    client.force_login(user)
    r = client.post(reverse("director:home"), {
        "action": "create", "create-name": "Über die Seite", "create-discipline": "chess",
        "create-entrant_kind": "single"})
    assert r.status_code == 302
    assert Tournament.objects.count() == 4
