"""Changing a chess preview by hand: swap two players, swap a board's colours."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.disciplines.chess import preview_edit
from tournaments.models import ActionLog
from tournaments.services import ServiceError

pytestmark = pytest.mark.django_db


def closed_round(t, boss, score="1-0"):
    rnd = services.draw_round(t, boss, seed="edit")
    services.publish_round(t, boss, rnd.number)
    for table in rnd.tables.all():
        services.director_set_result(table, boss, {"score": score})
    services.close_round(t, boss, rnd.number)


def pairs(t, number):
    rnd = t.rounds.get(number=number)
    return {b.number: (b.white.start_number, b.black.start_number)
            for b in preview_edit.boards(rnd).values()}


def test_two_players_swap_places_in_the_preview_and_it_is_logged(make_tournament, boss):
    t = make_tournament("chess", entrants=6)
    services.draw_round(t, boss, seed="edit")
    before = pairs(t, 1)
    a, b = before[1][0], before[2][1]  # White of board 1, Black of board 2

    preview_edit.swap_players(t, boss, 1, a, b)

    after = pairs(t, 1)
    assert after[1] == (b, before[1][1]) and after[2] == (before[2][0], a)
    assert after[3] == before[3]
    entry = ActionLog.objects.filter(tournament=t, action="edit_preview").latest("id")
    assert entry.before["boards"] == [f"1: {before[1][0]}-{before[1][1]}",
                                      f"2: {before[2][0]}-{before[2][1]}"]


def test_a_board_swaps_its_colours(make_tournament, boss):
    t = make_tournament("chess", entrants=4)
    services.draw_round(t, boss, seed="edit")
    white, black = pairs(t, 1)[2]
    preview_edit.swap_colours(t, boss, 1, 2)
    assert pairs(t, 1)[2] == (black, white)


def test_two_opponents_swapping_places_exchange_colours(make_tournament, boss):
    t = make_tournament("chess", entrants=4)
    services.draw_round(t, boss, seed="edit")
    white, black = pairs(t, 1)[1]
    preview_edit.swap_players(t, boss, 1, white, black)
    assert pairs(t, 1)[1] == (black, white)


def test_a_swap_that_makes_a_rematch_is_refused(make_tournament, boss):
    t = make_tournament("chess", entrants=6)
    closed_round(t, boss)
    first = pairs(t, 1)
    services.draw_round(t, boss, seed="edit")
    second = pairs(t, 2)
    # Board 1 of round 2: its White met someone in round 1 who now sits elsewhere.
    white = second[1][0]
    met = next(w if b == white else b for w, b in first.values() if white in (w, b))
    assert met != second[1][1]
    before = pairs(t, 2)
    with pytest.raises(ServiceError) as err:
        preview_edit.swap_players(t, boss, 2, second[1][1], met)
    assert "have already played each other (round 1)" in str(err.value)
    assert pairs(t, 2) == before


def test_a_colour_clash_needs_confirmation(make_tournament, boss):
    t = make_tournament("chess", entrants=8)
    closed_round(t, boss)
    closed_round(t, boss)
    services.draw_round(t, boss, seed="edit")
    colours = {}
    for n in (1, 2):
        for w, b in pairs(t, n).values():
            colours.setdefault(w, []).append("w")
            colours.setdefault(b, []).append("b")
    # A board whose swap would give somebody the same colour a third time running.
    board = next(n for n, (w, b) in pairs(t, 3).items()
                 if colours[w] == ["b", "b"] or colours[b] == ["w", "w"])
    before = pairs(t, 3)
    with pytest.raises(ServiceError) as err:
        preview_edit.swap_colours(t, boss, 3, board)
    assert err.value.code == "colour_clash" and "third time in a row" in str(err.value)
    assert pairs(t, 3) == before
    preview_edit.swap_colours(t, boss, 3, board, confirm_colour_clash=True)
    assert pairs(t, 3)[board] == before[board][::-1]
    entry = ActionLog.objects.filter(tournament=t, action="edit_preview").latest("id")
    assert entry.after["colour_clash"]


def test_a_published_round_is_not_changed_by_hand(make_tournament, boss):
    t = make_tournament("chess", entrants=4)
    services.draw_round(t, boss, seed="edit")
    services.publish_round(t, boss, 1)
    with pytest.raises(ServiceError) as err:
        preview_edit.swap_colours(t, boss, 1, 1)
    assert err.value.code == "round_published"


def test_the_round_page_offers_and_makes_the_swap(make_tournament, boss, director_client):
    t = make_tournament("chess", entrants=4)
    services.draw_round(t, boss, seed="edit")
    page = director_client.get(reverse("director:round", args=[t.slug, 1])).content.decode()
    assert 'id="pairing-edit"' in page
    white, black = pairs(t, 1)[1]
    response = director_client.post(reverse("director:swap_colours", args=[t.slug, 1]),
                                    {"board": "1"}, follow=True)
    assert "Pairing changed: board 1:" in response.content.decode()
    assert pairs(t, 1)[1] == (black, white)
    refused = director_client.post(reverse("director:swap_players", args=[t.slug, 1]),
                                   {"first": "1", "second": "99"}, follow=True)
    assert "No. 99 does not play a board in this round" in refused.content.decode()
    mucken = make_tournament("mucken", entrant_kind="pair", entrants=4, name="Mucken")
    services.draw_round(mucken, boss, seed="edit")
    assert director_client.post(reverse("director:swap_colours", args=[mucken.slug, 1]),
                                {"board": "1"}).status_code == 404
