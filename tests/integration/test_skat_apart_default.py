"""Skat keeps clubmates apart by default (issue 24, item 18).

The option was off for a new tournament, so the first draw of an evening seated all three
players of one club at one table. A new Skat tournament now starts with it on; the director
can still turn it off on the settings page.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import Entrant
from tournaments.services import Actor

pytestmark = pytest.mark.django_db


def test_a_new_skat_tournament_seats_clubmates_apart_from_series_one(make_tournament,
                                                                     director, client):
    t = make_tournament("skat", entrants=12)
    assert t.draw_options == {"avoid_same_club": True}
    Entrant.objects.filter(tournament=t, start_number__in=[1, 2, 3]).update(club="SC Grand")
    boss = Actor(director, director.username)
    for seed in ("a", "b", "c", "d", "e"):
        rnd = services.draw_round(t, boss, seed=seed)
        for table in rnd.tables.all():
            clubs = [s.entrant.club for s in table.seats.select_related("entrant")]
            assert clubs.count("SC Grand") <= 1, (seed, clubs)
        services.undo_draw(t, boss)
    client.force_login(director)
    page = client.get(reverse("director:settings", args=[t.slug]))
    assert page.context["form"]["avoid_same_club"].value() is True


def test_other_disciplines_start_without_draw_options(make_tournament):
    assert make_tournament("tabletop").draw_options == {}
    assert make_tournament("doppelkopf").draw_options == {}
