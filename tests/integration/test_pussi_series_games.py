"""Issue 18, item 1: a Pussi series sets its own number of games (service, page, API)."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tournaments import services
from tournaments.disciplines.pussi.stats import pussi_statistics
from tournaments.models import ActionLog, Round
from tournaments.services import Actor, ServiceError
from tournaments.services.series_games import set_series_games

pytestmark = pytest.mark.django_db


def sheet(n: int) -> dict[str, Any]:
    """A consistent sheet of n games: the declarer wins 60, the others make 30."""
    totals, games = [0, 0], []
    for k in range(n):
        d = 1 + k % 2
        totals[d - 1] += 60
        totals[2 - d] += 30
        games.append({"declarer": d, "bid": 60, "totals": list(totals)})
    return {"games": games}


@pytest.fixture
def series(make_tournament, director):
    t = make_tournament("pussi", "single", entrants=8)
    actor = Actor(director, director.username)
    services.draw_round(t, actor, seed="series-games")
    rnd = services.publish_round(t, actor, 1)
    return t, actor, rnd


def test_a_series_cut_to_6_games_flags_no_table(series):
    t, actor, rnd = series
    set_series_games(t, actor, 1, 6)
    for table in rnd.tables.all():
        services.director_set_result(table, actor, sheet(6))
    t.refresh_from_db()  # the standings are cached by the version
    assert services.standings(t).get("flags", []) == []
    stats = pussi_statistics(t)
    assert stats is not None
    assert stats.series[0].flagged == () and stats.series[0].games_per_series == 6
    # a table that played the tournament's 8 in that series is the one flagged
    services.director_set_result(rnd.tables.first(), actor, sheet(8))
    t.refresh_from_db()
    flags = services.standings(t)["flags"]
    assert [f["message"] for f in flags] == ["8 games played, the series is set to 6"]


def test_changing_a_running_series_needs_a_reason_and_the_log_keeps_it(series):
    t, actor, rnd = series
    services.director_set_result(rnd.tables.first(), actor, sheet(6))
    with pytest.raises(ServiceError) as info:
        set_series_games(t, actor, 1, 6)
    assert "reason" in info.value.errors
    set_series_games(t, actor, 1, 6, reason="the hall closes at 23:00")
    entry = ActionLog.objects.filter(tournament=t, action="set_series_games").get()
    assert entry.before == {"round": 1, "games_per_series": 8}
    assert entry.after == {"round": 1, "games_per_series": 6,
                           "reason": "the hall closes at 23:00"}
    assert Round.objects.get(pk=rnd.pk).extra["games_per_series"] == 6
    # the document carries it, and reads it back
    doc = services.export_document(t)
    assert doc["rounds"][0]["games_per_series"] == 6


@pytest.mark.parametrize("bad", [0, 100, "six", True])
def test_a_series_number_out_of_range_is_refused_at_its_field(series, bad):
    t, actor, _rnd = series
    with pytest.raises(ServiceError) as info:
        set_series_games(t, actor, 1, bad)
    assert list(info.value.errors) == ["games_per_series"]


def test_the_director_sets_a_series_number_on_the_round_page(series, client, director):
    t, _actor, rnd = series
    client.force_login(director)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    page = client.get(reverse("director:round", args=[t.slug, 1]))
    assert 'id="series-games"' in page.content.decode()
    url = reverse("director:series_games", args=[t.slug, 1])
    bad = client.post(url, {"games_per_series": "0", "reason": ""})
    assert bad.status_code == 400
    assert 'id="id_series_games_error"' in bad.content.decode()
    ok = client.post(url, {"games_per_series": "6", "reason": ""})
    assert ok.status_code == 302
    page = client.get(reverse("director:round", args=[t.slug, 1])).content.decode()
    assert "This series plays 6 games." in page
    # the captain's sheet of that series says 6 games
    captain = client.get(reverse("captain:table", args=[rnd.tables.first().token]))
    assert "This series has 6 games." in captain.content.decode()


def test_the_api_sets_a_series_number(series, director):
    t, actor, rnd = series
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=director)[0].key}")
    url = f"/api/v1/tournaments/{t.slug}/rounds/1/series-games/"
    bad = api.put(url, {"games_per_series": 0}, format="json")
    assert bad.status_code == 400 and "games_per_series" in bad.json()
    services.director_set_result(rnd.tables.first(), actor, sheet(6))
    no_reason = api.put(url, {"games_per_series": 6}, format="json")
    assert no_reason.status_code == 400 and "reason" in no_reason.json()
    ok = api.put(url, {"games_per_series": 6, "reason": "late start"}, format="json")
    assert ok.status_code == 200 and ok.json()["extra"]["games_per_series"] == 6



