"""The team API: teams with members, matches with every board, documented in the OpenAPI
schema; a team captain's line-up through his match link (token and team mark)."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse
from drf_spectacular.validation import validate_schema
from rest_framework.test import APIClient

from tests.integration.test_teams import teams  # noqa: F401  (the fixture)
from tournaments import services
from tournaments.services import reporters
from tournaments.services import teams as team_services

from .helpers import client_for

pytestmark = pytest.mark.django_db
API = "/api/v1"


@pytest.fixture
def league(teams, boss):  # noqa: F811
    t = teams(4)
    rnd = services.draw_round(t, boss, seed="s1")
    services.publish_round(t, boss, 1)
    first = rnd.tables.order_by("number").first()
    services.director_set_result(first, boss, {"boards": ["1-0", "1/2-1/2", "0-1", "+-"]})
    return t, rnd


def test_the_director_reads_teams_and_matches(league, director):
    t, _rnd = league
    api = client_for(director)
    listed = api.get(f"{API}/tournaments/{t.slug}/teams/").json()
    assert [x["start_number"] for x in listed] == [1, 2, 3, 4]
    one = listed[0]
    assert one["captain"] == "Captain 1" and len(one["members"]) == 5
    assert one["members"][0] == {"place": 1, "name": f"{one['name']} Brett 1", "elo": 1950,
                                 "dwz": None, "substitute": False}
    assert one["members"][4]["substitute"] is True
    matches = api.get(f"{API}/tournaments/{t.slug}/matches/", {"round": 1}).json()
    assert [(m["round"], m["number"]) for m in matches] == [(1, 1), (1, 2)]
    m = matches[0]
    assert m["score"] == ["2.5", "1.5"] and m["status"] == "confirmed"
    assert [b["result"] for b in m["boards"]] == ["1-0", "1/2-1/2", "0-1", "+-"]
    assert [b["first_colour"] for b in m["boards"]] == ["W", "B", "W", "B"]
    assert m["boards"][0]["first"] == f"{m['first']['name']} Brett 1"
    assert matches[1]["score"] == [] and matches[1]["boards"][0]["result"] == ""
    assert api.get(f"{API}/tournaments/{t.slug}/matches/").json() == matches
    bad = api.get(f"{API}/tournaments/{t.slug}/matches/", {"round": "x"})
    assert bad.status_code == 400 and "round" in bad.json()
    assert APIClient().get(f"{API}/tournaments/{t.slug}/teams/").status_code == 401


def test_other_tournaments_have_no_teams(make_tournament, director):
    t = make_tournament("chess", entrants=2)
    api = client_for(director)
    assert api.get(f"{API}/tournaments/{t.slug}/teams/").status_code == 404
    assert api.get(f"{API}/tournaments/{t.slug}/matches/").status_code == 404


def test_a_captain_sets_the_line_up_with_his_match_link(league):
    _t, rnd = league
    table = rnd.tables.order_by("number").last()  # no result yet
    side_two = table.seats.get(side=2).entrant
    url = f"{API}/captain/{table.token}/lineup/?team={reporters.team_mark(table.pk, 2)}"
    anon = APIClient()
    shown = anon.get(url).json()
    assert shown["team"]["start_number"] == side_two.start_number
    assert shown["boards"] == [1, 2, 3, 4] and shown["fixed"] is False
    done = anon.put(url, {"boards": [1, 2, 3, 5]}, format="json")
    assert done.status_code == 200 and done.json()["boards"] == [1, 2, 3, 5]
    assert team_services.lineup_of(rnd, side_two, 4) == (1, 2, 3, 5)
    gap = anon.put(url, {"boards": [1, None, 3, 4]}, format="json")
    assert gap.status_code == 400 and "boards" in gap.json()
    order = anon.put(url, {"boards": [2, 1, 3, 4]}, format="json")
    assert order.status_code == 400 and "boards" in order.json()
    # a mark of the other side, of another match, or none: not this team's link
    other = rnd.tables.order_by("number").first()
    for mark in (reporters.team_mark(other.pk, 2), "", "2-0000"):
        assert anon.get(f"{API}/captain/{table.token}/lineup/?team={mark}").status_code == 404
    # the match with a result is fixed
    done_url = f"{API}/captain/{other.token}/lineup/?team={reporters.team_mark(other.pk, 1)}"
    assert anon.get(done_url).json()["fixed"] is True
    assert anon.put(done_url, {"boards": [1, 2, 3, 5]}, format="json").status_code == 400
    assert anon.post(url, {"boards": [1, 2, 3, 4]}, format="json").status_code == 405
    # bad bodies: the field's error, never a 500
    for body in ({}, {"boards": "1,2,3,4"}, {"boards": [1] * 41}, {"boards": [1, 2]},
                 {"boards": [0, 1, 2, 3]}, {"boards": [1, 2, 3, 99]}):
        bad = anon.put(url, body, format="json")
        assert bad.status_code == 400 and "boards" in bad.json(), body
    assert anon.put(url, [1, 2, 3, 4], format="json").status_code == 400  # no object


def test_the_schema_documents_the_team_api(django_db_blocker):
    r = APIClient().get(reverse("api-schema"), {"format": "json"})
    schema = json.loads(r.content)
    validate_schema(schema)
    paths = schema["paths"]
    assert "get" in paths["/api/v1/tournaments/{slug}/teams/"]
    assert "get" in paths["/api/v1/tournaments/{slug}/matches/"]
    lineup = paths["/api/v1/captain/{token}/lineup/"]
    assert set(lineup) >= {"get", "put"} and "post" not in lineup
    components = schema["components"]["schemas"]
    assert {"boards", "score", "first", "second"} <= set(components["Match"]["properties"])
    assert {"members", "captain"} <= set(components["Team"]["properties"])
