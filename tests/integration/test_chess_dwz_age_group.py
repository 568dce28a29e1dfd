"""A junior without a birth date can be given an age group (issue 24).

The DWZ evaluation counted a player without a birth date as over 25, with no choice; the
seed's program asked for an age group (up to 20, 21 to 25, from 26). The DWZ page now
offers that choice per player; the evaluation counts with the group until a birth date is
entered, and the PDF names the group chosen.
"""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.disciplines.chess.outputs import dwz_report
from tournaments.models import ActionLog, Player
from tournaments.services import Actor

from .test_chess_conventions import chess, finish_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def actor(director):
    return Actor(director, director.username)


def test_a_player_without_birth_date_gets_the_age_group_chosen(actor, director, client):
    t = chess(actor, 4)
    Player.objects.filter(entries__tournament=t).update(dwz=1700, dwz_index=3)
    Player.objects.filter(entries__tournament=t, entries__start_number__in=[1, 2, 3]).update(
        birth_date=datetime.date(1990, 1, 1))
    services.draw_round(t, actor, seed="d")
    finish_round(t, actor, 1)
    adult = {x.line.number: x for x in dwz_report(t).lines}[4]
    client.force_login(director)
    page = client.get(reverse("reports:dwz", args=[t.slug])).content.decode()
    assert 'data-age-group="4"' in page and "up to 20" in page
    answer = client.post(reverse("director:dwz_age_group", args=[t.slug]),
                         {"number": "4", "group": "u20"})
    assert answer.status_code == 302
    t.refresh_from_db()
    junior = {x.line.number: x for x in dwz_report(t).lines}[4]
    assert (junior.age, junior.age_group) == (20, "u20")
    assert junior.dwz.e != adult.dwz.e  # the youth coefficient
    assert ActionLog.objects.filter(tournament=t, action="dwz_age_group").exists()
    page = client.get(reverse("reports:dwz", args=[t.slug])).content.decode()
    assert "(age group: up to 20)" in page
    refused = client.post(reverse("director:dwz_age_group", args=[t.slug]),
                          {"number": "4", "group": "baby"}, follow=True)
    assert "choose an age group" in refused.content.decode()
