"""Chess players get their personal link, and their page says how each game went (issue 31
#8): the desk offers every entrant's slip (not only card seats from the window draw), the
slip of round 2 names the board and colour instead of "no seat" (and is no 404), and "My
results" names the opponent, the colour and the player's own score, so a win with Black
does not read like a loss."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import Seat
from tournaments.services import Actor

pytestmark = pytest.mark.django_db


@pytest.fixture
def round_two(make_tournament, director):
    t = make_tournament("chess", entrants=4)
    boss = Actor(director, director.username)
    services.draw_round(t, boss, seed="links")
    services.publish_round(t, boss, 1)
    for table in t.rounds.get(number=1).tables.all():
        services.director_set_result(table, boss, {"score": "0-1"})  # Black wins everywhere
    services.close_round(t, boss, 1)
    services.draw_round(t, boss, seed="links")
    services.publish_round(t, boss, 2)
    return t


def test_every_chess_entrant_has_a_slip_on_the_desk(round_two, desk_client):
    html = desk_client.get(reverse("desk:tournament", args=[round_two.slug]),
                           HTTP_ACCEPT_LANGUAGE="en").content.decode()
    for n in range(1, 5):
        assert reverse("desk:slip", args=[round_two.slug, n]) + "?print=1" in html


def test_the_slip_in_round_two_names_board_and_colour(round_two, desk_client):
    seat = Seat.objects.select_related("table", "entrant").get(
        round__number=2, round__tournament=round_two, entrant__start_number=1)
    r = desk_client.get(reverse("desk:slip", args=[round_two.slug, 1]),
                        HTTP_ACCEPT_LANGUAGE="de")
    html = r.content.decode()
    assert r.status_code == 200
    colour = "Weiß" if seat.side == 1 else "Schwarz"
    assert f"Brett {seat.table.number} · {colour}" in html
    assert "Noch kein Platz" not in html
    assert reverse("links:entrant", args=[seat.entrant.link_code]) in html


def test_my_results_name_the_opponent_colour_and_own_score(round_two, client):
    winner = Seat.objects.select_related("entrant", "table").get(
        round__number=1, round__tournament=round_two, side=2, table__number=1)
    loser = Seat.objects.select_related("entrant").get(table=winner.table, side=1)
    html = client.get(reverse("links:entrant", args=[winner.entrant.link_code]),
                      HTTP_ACCEPT_LANGUAGE="de").content.decode()
    history = html[html.index('id="history"'):]
    first = re.search(r"<li>.*?</li>", history, re.S)
    assert first, history
    line = " ".join(re.sub(r"<[^>]+>", " ", first.group(0)).split())
    assert "Schwarz" in line and f"gegen {loser.entrant.name}" in line, line
    assert "du: 1" in line, line
    other = client.get(reverse("links:entrant", args=[loser.entrant.link_code]),
                       HTTP_ACCEPT_LANGUAGE="en").content.decode()
    line = " ".join(re.sub(r"<[^>]+>", " ", other[other.index('id="history"'):]).split())
    assert f"White · against {winner.entrant.name} · you: 0" in line, line
