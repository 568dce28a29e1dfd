"""The arbiter's quick entry on the chess round page: "12 1" and Enter sets board 12."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.disciplines.chess import quick_entry
from tournaments.models import ActionLog, Result
from tournaments.services import Actor, ServiceError

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("typed", "board", "score"), [
    ("12 1", 12, "1-0"), ("3 1-0", 3, "1-0"), ("7 0", 7, "0-1"), ("7 0-1", 7, "0-1"),
    ("4 =", 4, "1/2-1/2"), ("4=", 4, "1/2-1/2"), ("4 ½", 4, "1/2-1/2"), ("4 r", 4, "1/2-1/2"),
    ("4 0,5", 4, "1/2-1/2"), ("4 1/2", 4, "1/2-1/2"), ("  9   +  ", 9, "+-"),
    ("9 -", 9, "-+"), ("9 --", 9, "--"), ("9 R", 9, "1/2-1/2"),
])
def test_quick_entry_reads_every_spelling_of_a_result(typed, board, score):
    assert quick_entry.parse(typed) == (board, score)


@pytest.mark.parametrize("typed", ["", "12", "1-0", "12 2", "12 x", "a 1", "12 1 0",
                                   "1" * 50])
def test_quick_entry_refuses_what_is_not_board_and_result(typed):
    with pytest.raises(ServiceError) as err:
        quick_entry.parse(typed)
    assert set(err.value.errors) == {"quick"}


@pytest.fixture
def swiss(make_tournament, director):
    t = make_tournament("chess", entrants=6)
    boss = Actor(director, director.username)
    services.draw_round(t, boss, seed="quick")
    services.publish_round(t, boss, 1)
    return t


def test_quick_entry_saves_the_board_and_echoes_both_names(director_client, swiss):
    rnd = swiss.rounds.get(number=1)
    table = rnd.tables.get(number=2)
    white, black = sorted(table.seats.all(), key=lambda s: s.side)
    url = reverse("director:quick_result", args=[swiss.slug, 1])

    response = director_client.post(url, {"quick": "2 ="}, follow=True)

    assert response.status_code == 200
    result = Result.objects.get(table=table)
    assert result.payload == {"score": "1/2-1/2"} and result.status == "confirmed"
    page = response.content.decode()
    assert f"Board 2: {white.entrant.name} – {black.entrant.name} ½ – ½ saved." in page
    assert "Still open: 1, 3." in page
    assert 'id="missing-boards">Boards without a result: 1, 3' in page
    assert ActionLog.objects.filter(tournament=swiss, action="set_result").exists()


def test_quick_entry_names_the_boards_when_the_number_is_wrong(director_client, swiss):
    url = reverse("director:quick_result", args=[swiss.slug, 1])

    response = director_client.post(url, {"quick": "12 1"})

    assert response.status_code == 400
    page = response.content.decode()
    assert "Round 1 has no board 12 (boards 1 to 3)." in page
    assert 'value="12 1"' in page and 'aria-invalid="true"' in page
    assert not Result.objects.filter(table__round__tournament=swiss).exists()


def test_quick_entry_after_the_last_board_says_every_board_is_done(director_client, swiss):
    url = reverse("director:quick_result", args=[swiss.slug, 1])
    for typed in ("1 1", "2 0", "3 +"):
        response = director_client.post(url, {"quick": typed}, follow=True)
    assert "Every board has a result." in response.content.decode()
    scores = dict(Result.objects.filter(table__round__tournament=swiss)
                  .values_list("table__number", "payload__score"))
    assert scores == {1: "1-0", 2: "0-1", 3: "+-"}


def test_quick_entry_is_refused_once_the_round_is_closed(director_client, swiss, director):
    boss = Actor(director, director.username)
    for table in swiss.rounds.get(number=1).tables.all():
        services.director_set_result(table, boss, {"score": "1-0"})
    services.close_round(swiss, boss, 1)
    url = reverse("director:quick_result", args=[swiss.slug, 1])

    response = director_client.post(url, {"quick": "1 0"})

    assert response.status_code == 400
    assert "Round 1 is not open for results." in response.content.decode()
    assert Result.objects.get(table__round__tournament=swiss, table__number=1).payload == {
        "score": "1-0"}


def test_quick_entry_is_a_chess_thing_only(director_client, make_tournament, director):
    t = make_tournament("mucken", entrant_kind="pair", entrants=4)
    boss = Actor(director, director.username)
    services.draw_round(t, boss, seed="quick")
    services.publish_round(t, boss, 1)
    page = director_client.get(reverse("director:round", args=[t.slug, 1])).content.decode()
    assert 'id="quick"' not in page
    url = reverse("director:quick_result", args=[t.slug, 1])
    assert director_client.post(url, {"quick": "1 1"}).status_code == 404


def test_quick_entry_speaks_german_by_default(director_client, swiss):
    url = reverse("director:quick_result", args=[swiss.slug, 1])
    page = director_client.get(reverse("director:round", args=[swiss.slug, 1]),
                               HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Schnelleingabe" in page and "Bretter ohne Ergebnis: 1, 2, 3" in page
    refused = director_client.post(url, {"quick": "5 x"}, HTTP_ACCEPT_LANGUAGE="de")
    assert "„x“ ist kein Ergebnis" in refused.content.decode()
