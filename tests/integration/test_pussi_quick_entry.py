"""Issue 18, item 2: a table may be entered quickly (final totals, who crossed 500 in which
game) on the captain's phone, on the director's round page and by the API; the statistics
say which tables lack game-by-game data."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tournaments import result_forms, services
from tournaments.disciplines.pussi.stats import pussi_statistics
from tournaments.models import Result
from tournaments.services import Actor

from .test_pussi_sheet import outcome_post, row_errors, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def phone(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


@pytest.fixture
def open_round(make_tournament, director):
    t = make_tournament("pussi", "single", entrants=8)
    actor = Actor(director, director.username)
    services.draw_round(t, actor, seed="pussi-quick")
    rnd = services.publish_round(t, actor, 1)
    return t, rnd, list(rnd.tables.order_by("number"))

QUICK = {"pussi_mode": "quick", "final.1": "-530", "final.2": "765", "played": "8",
         "premium.side": "2", "premium.game": "4"}
STORED = {"final": [-530, 765], "premium": {"side": 2, "game": 4}, "played": 8}


def test_the_captain_page_offers_the_quick_entry(phone, open_round):
    _t, _rnd, tables = open_round
    content = phone.get(url(tables[0])).content.decode()
    assert 'name="pussi_mode" value="quick" data-mode-switch>' in content
    assert 'name="final.1"' in content and 'name="premium.game"' in content
    assert 'name="played" value="8"' in content  # the series' number, to confirm


def test_the_captain_sends_a_quick_entry(phone, open_round):
    t, _rnd, tables = open_round
    r = phone.post(url(tables[0]), QUICK)
    assert r.status_code == 302, r.content.decode()[:3000]
    assert Result.objects.get(table=tables[0]).payload == STORED
    # the other tables game by game; the statistics name the quick one and its players
    phone.post(url(tables[1]), outcome_post())
    t.refresh_from_db()
    stats = pussi_statistics(t)
    assert [(q.series, q.table) for q in stats.quick] == [(1, 1)]
    assert stats.series[0].quick == (1,)


def test_a_quick_entry_above_500_without_the_premium_is_refused_at_its_field(phone,
                                                                             open_round):
    _t, _rnd, tables = open_round
    post = {**QUICK, "premium.side": "", "premium.game": ""}
    r = phone.post(url(tables[0]), post)
    assert r.status_code == 400
    assert "crossed 500" in row_errors(r.content.decode(), "premium")
    assert not Result.objects.filter(table=tables[0]).exists()


def test_the_director_enters_a_quick_entry_and_sees_it_again(client, director, open_round):
    t, _rnd, tables = open_round
    client.force_login(director)
    r = client.post(reverse("director:result", args=[t.slug, 1, 1]),
                    {**QUICK, "entry": "inputs"})
    assert r.status_code == 302, r.content.decode()[:3000]
    assert Result.objects.get(table=tables[0]).payload == STORED
    rform = result_forms.form_for("pussi")
    assert rform.fits(STORED, tables[0])
    part = client.get(reverse("director:table_entry", args=[t.slug, 1, 1]),
                      HTTP_ACCEPT_LANGUAGE="en").content.decode()  # table 1's list, opened
    assert 'id="result-1"' in part
    assert 'name="pussi_mode" value="quick" data-mode-switch checked' in part


def test_the_api_takes_a_quick_entry(director, open_round):
    t, _rnd, _tables = open_round
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=director)[0].key}")
    base = f"/api/v1/tournaments/{t.slug}/rounds/1/tables/1/result/"
    bad = api.put(base, {"final": [100, 600], "premium": None}, format="json")
    assert bad.status_code == 400 and "premium" in bad.json(), bad.json()
    ok = api.put(base, STORED, format="json")
    assert ok.status_code == 200, ok.content
    assert Result.objects.get(table__round__tournament=t, table__number=1).payload == STORED


def test_the_statistics_page_explains_the_quick_entry_table(phone, client, director,
                                                            open_round):
    t, _rnd, tables = open_round
    phone.post(url(tables[0]), QUICK)
    phone.post(url(tables[1]), outcome_post())
    client.force_login(director)
    page = client.get(reverse("director:statistics", args=[t.slug]),
                      HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Tables without game-by-game data" in page
    assert 'data-quick-table="1-1"' in page
    assert "final totals only at table 1" in page
    # the four players of table 1, in the counts of the evening and of series 1
    assert page.count('class="ps-quick-mark"') == 2 * 4
