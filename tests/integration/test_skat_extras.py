"""Skat's extras (issue 21): members of one club kept apart when later series are seated by
score (a draw option, the explanation says what could not be kept apart), and Ramsch only
where the tournament allows it, refused at the game's field otherwise."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import Entrant, Result

from .test_skat import evening, line, play_series, row_errors, seat_numbers, url  # noqa: F401

pytestmark = pytest.mark.django_db


def settings_data(client, t) -> dict:
    page = client.get(reverse("director:settings", args=[t.slug]))
    return {bf.name: bf.value() for bf in page.context["form"]
            if bf.value() not in (None, False) and not bf.field.disabled}


def test_series_two_keeps_clubmates_apart_and_says_so_in_german(evening, director_client):
    t, boss, _tables = evening
    play_series(t, boss, 1, {
        0: [("grand", 1, 96, True), ("hearts", 2, 30, False), ("passed", 0, 0, False),
            ("clubs", 0, 24, True)],
        1: [("spades", 0, 22, False), ("null", 1, 23, True), ("spades", 0, 22, False)],
    })
    order = [r["entrant"] for r in services.standings(t)["standings"]]
    # The two leaders play for one club: by score alone they would share table 1.
    Entrant.objects.filter(tournament=t, start_number__in=order[:2]).update(club="SC Grand")
    r = director_client.post(reverse("director:settings", args=[t.slug]),
                             {**settings_data(director_client, t), "avoid_same_club": "on"})
    assert r.status_code == 302, r.content.decode()[:3000]
    t.refresh_from_db()
    assert t.draw_options.get("avoid_same_club") is True
    rnd = services.draw_round(t, boss, method="standings_tables", seed="serie-2")
    tables = sorted(rnd.tables.all(), key=lambda tb: tb.number)
    first = seat_numbers(tables[0])
    assert order[0] in first and order[1] not in first
    page = director_client.get(reverse("director:round", args=[t.slug, 2]),
                               HTTP_ACCEPT_LANGUAGE="de").content.decode()
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))
    assert "Mitglieder eines Vereins getrennt: 2 Spieler" in text, text[:3000]


def test_a_clash_no_swap_removes_is_named_on_the_round_page(evening, director_client):
    t, boss, _tables = evening
    play_series(t, boss, 1, {0: [("grand", 1, 96, True)], 1: [("null", 1, 23, True)]})
    Entrant.objects.filter(tournament=t, start_number__in=[1, 2, 3]).update(club="SC Grand")
    services.update_tournament(t, boss, draw_options={"avoid_same_club": True})
    services.draw_round(t, boss, method="standings_tables", seed="serie-2")
    page = director_client.get(reverse("director:round", args=[t.slug, 2]),
                               HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "nicht getrennt an Tisch" in page and "SC Grand" in page


def test_ramsch_is_refused_at_the_field_unless_the_tournament_allows_it(client, evening,
                                                                        director_client):
    t, boss, (four, _three) = evening
    _a, b, c, _d = seat_numbers(four)
    r = client.post(url(four), line(0, "ramsch", b, 30, "lost"), HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 400
    assert "Ramsch ist in diesem Turnier nicht erlaubt" in row_errors(r.content.decode(),
                                                                       "games[0]")
    assert 'value="ramsch"' not in client.get(url(four)).content.decode()
    # The director allows it on the settings page (a checkbox).
    r = director_client.post(reverse("director:settings", args=[t.slug]),
                             {**settings_data(director_client, t), "ramsch": "on"})
    assert r.status_code == 302, r.content.decode()[:3000]
    t.refresh_from_db()
    assert t.scoring["ramsch"] is True
    assert 'value="ramsch"' in client.get(url(four)).content.decode()
    # A Durchmarsch is worth 120, nothing else; a lost Ramsch its card points up to 240.
    r = client.post(url(four), line(0, "ramsch", b, 100, "won"), HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 400 and "120" in row_errors(r.content.decode(), "games[0]")
    r = client.post(url(four), line(0, "ramsch", b, 241, "lost"), HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 400 and "240" in row_errors(r.content.decode(), "games[0]")
    r = client.post(url(four), {**line(0, "ramsch", b, 30, "lost"),
                                **line(1, "ramsch", c, 120, "won")})
    assert r.status_code == 302, r.content.decode()[:2000]
    assert [g["game"] for g in Result.objects.get(table=four).payload["games"]] == [
        "ramsch", "ramsch"]
