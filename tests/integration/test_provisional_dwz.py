"""Provisional DWZ shown as "-(n)" (issue 17, the seed's program Chaos: "1457-(5)").

A player without DWZ whose rated games are too few for a first DWZ (fewer than 5 today)
gets the rating his games are worth, written with the number of games in brackets. It is
shown so in the DWZ report (Rn, and Ro in his next tournament), on the director's list of
new ratings, on the player card, the initial ranking (starting list) and the cross table
by rank in the API, and on the correction page, where it can be typed the same way.
"""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse

from scoring.ratings import dwz_performance
from tournaments import services
from tournaments.disciplines.chess.outputs import dwz_report
from tournaments.disciplines.chess.rating_update import rating_changes, update_ratings
from tournaments.models import Entrant, Player, Round
from tournaments.services import Actor

from .test_api import client_for

pytestmark = pytest.mark.django_db
API = "/api/v1"
NEWCOMER = 4  # the start number of the player without DWZ


@pytest.fixture
def actor(director):
    return Actor(director, director.username)


def round_robin(actor, name: str = "Vereinsmeisterschaft"):
    """Four players, 1–3 with DWZ 1800/1750/1700 (index 10), 4 without; three rounds,
    every game drawn: the newcomer has 3 rated games and 1½ points."""
    t = services.create_tournament(actor, name, "chess", planned_rounds=3,
                                   pairing="round_robin")
    for i in range(1, 5):
        services.register(t, actor, [{"name": f"Spieler {i}"}], status="present")
    for p in Player.objects.filter(entries__tournament=t):
        number = p.entries.get(tournament=t).start_number
        if number != NEWCOMER:
            p.dwz, p.dwz_index = 1850 - 50 * number, 10
        p.birth_date = datetime.date(1980, 1, 1)
        p.save()
    for number in (1, 2, 3):
        services.draw_round(t, actor, seed=f"p{number}")
        rnd = t.rounds.get(number=number)
        if rnd.status == Round.Status.PREVIEW:
            services.publish_round(t, actor, number)
        for table in rnd.tables.all():
            services.director_set_result(table, actor, {"score": "1/2-1/2"})
        services.close_round(t, actor, number)
    t.refresh_from_db()
    return t


def newcomer(t) -> Player:
    return Entrant.objects.get(tournament=t, start_number=NEWCOMER).players.get()


def test_provisional_dwz_is_shown_as_rating_dash_games_in_brackets(actor, director, client):
    t = round_robin(actor)
    expected = dwz_performance([1800, 1750, 1700], 1.5)  # type: ignore[arg-type]
    line = {x.line.number: x for x in dwz_report(t).lines}[NEWCOMER]
    assert (line.dwz.rn, line.dwz.index, line.dwz.provisional) == (expected, 3, True)
    assert line.rn_text == f"{expected}-(3)" and line.ro_text == "–"
    client.force_login(director)
    page = client.get(reverse("reports:dwz", args=[t.slug])).content.decode()
    assert f"{expected}-(3)" in page and "provisional: fewer than 5 rated games" in page
    assert "is written rating-(games), e.g. 1457-(3)." in page
    api = client_for(director)
    report = api.get(f"{API}/tournaments/{t.slug}/dwz/").json()
    row = next(x for x in report["lines"] if x["entrant"] == NEWCOMER)
    assert (row["rn_text"], row["provisional"], row["index"]) == (f"{expected}-(3)", True, 3)
    # The director's list of new ratings says it the same way, and writing it keeps it.
    listed = client.get(reverse("director:ratings", args=[t.slug])).content.decode()
    assert f"{expected}-(3)" in listed
    update_ratings(t, actor, [x.number for x in rating_changes(t)])
    p = newcomer(t)
    assert (p.dwz, p.dwz_index, p.dwz_provisional) == (expected, 3, True)


def test_provisional_dwz_shows_on_cards_starting_list_cross_table_and_correction_page(
        actor, director, director_client):
    t = round_robin(actor)
    Player.objects.filter(pk=newcomer(t).pk).update(dwz=1457, dwz_index=3,
                                                      dwz_provisional=True)
    api = client_for(director)
    ranking = api.get(f"{API}/tournaments/{t.slug}/ranking/").json()
    assert {r["entrant"]: r["dwz_text"] for r in ranking}[NEWCOMER] == "1457-(3)"
    assert {r["entrant"]: r["dwz_text"] for r in ranking}[1] == "1800-10"
    cards = api.get(f"{API}/tournaments/{t.slug}/cards/").json()
    assert "1457-(3)" in str(cards)
    by_rank = api.get(f"{API}/tournaments/{t.slug}/crosstable/?order=rank").json()
    assert "1457-(3)" in str(by_rank)
    card_page = director_client.get(reverse("reports:player_cards", args=[t.slug]))
    assert "DWZ 1457-(3)" in card_page.content.decode()
    edit = director_client.get(reverse("desk:edit", args=[t.slug, NEWCOMER])).content.decode()
    assert 'value="1457-(3)"' in edit


def test_provisional_dwz_is_typed_with_its_games_in_brackets(actor, director_client):
    t = round_robin(actor)
    page = reverse("desk:edit", args=[t.slug, NEWCOMER])
    form = {"name": "Spieler 4", "club": "", "elo": "", "categories": "", "birth_date": "1980",
            "sex": "", "fide_id": "", "federation": "", "title": "", "zps": ""}
    assert director_client.post(page, {**form, "dwz": "1457-(3)"}).status_code == 302
    p = newcomer(t)
    assert (p.dwz, p.dwz_index, p.dwz_provisional) == (1457, 3, True)
    refused = director_client.post(page, {**form, "dwz": "1457-(7)"})
    assert refused.status_code == 400  # the form again, the error at the field
    assert "A provisional DWZ rests on 1 to 4 games" in refused.content.decode()
    assert director_client.post(page, {**form, "dwz": "1500-1"}).status_code == 302
    p = newcomer(t)
    assert (p.dwz, p.dwz_index, p.dwz_provisional) == (1500, 1, False)


def test_provisional_dwz_counts_in_the_next_tournament_but_not_for_the_opponents(actor):
    first = round_robin(actor)
    update_ratings(first, actor, [x.number for x in rating_changes(first)])
    value = newcomer(first).dwz
    second = round_robin(actor, "Pokal")
    Player.objects.filter(pk=newcomer(second).pk).update(dwz=value, dwz_index=3,
                                                         dwz_provisional=True)
    lines = {x.line.number: x for x in dwz_report(second).lines}
    me = lines[NEWCOMER]
    assert me.ro_text == f"{value}-(3)"
    # 3 games brought in and 3 played: 6 games, a first DWZ (index 1, no brackets).
    assert (me.dwz.index, me.dwz.provisional, me.rn_text) == (1, False, f"{me.dwz.rn}-1")
    assert re.fullmatch(r"\d{3,4}-1", me.rn_text)
    # For the others he has no DWZ yet: their 3 games count only 2.
    assert all(lines[n].dwz.n == 2 for n in (1, 2, 3))


def test_provisional_dwz_through_the_api_needs_its_games(actor, director):
    t = round_robin(actor)
    api = client_for(director)
    url = f"{API}/tournaments/{t.slug}/entrants/{NEWCOMER}/"
    refused = api.patch(url, {"dwz": 1457, "dwz_provisional": True}, format="json")
    assert refused.status_code == 400 and "dwz_index" in refused.json()
    answer = api.patch(url, {"dwz": 1457, "dwz_index": 3, "dwz_provisional": True},
                       format="json")
    assert answer.status_code == 200, answer.content
    assert answer.json()["person"]["dwz_text"] == "1457-(3)"
