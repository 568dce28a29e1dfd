"""Each mission's points are bounded by the tournament's setting (issue 24, item 17).

A 99 typed for a 9 went into the tie-break: the scoring took any mission points up to 1000.
A new tournament now bounds the primary, secondary and tertiary mission at 40, 20 and 10
(settings ``mission_max``; the seed gives no maximum), and a result above is refused at
its mission, on the captain's phone, in the director's entry and in the API.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import ResultRevision
from tournaments.services import Actor, ServiceError

from .helpers import publish_first_round, row_errors

pytestmark = pytest.mark.django_db
API = "/api/v1"


@pytest.fixture
def boss(director):
    return Actor(director, director.username)


def typed(missions):
    return {f"missions[{k}].side{s + 1}": str(m[s]) for k, m in enumerate(missions)
            for s in (0, 1)}


def test_a_new_tournament_bounds_each_mission(make_tournament, boss, phone):
    t = make_tournament("tabletop", entrants=4)
    assert t.scoring["mission_max"] == {"primary": 40, "secondary": 20, "tertiary": 10}
    _rnd, tables = publish_first_round(t, boss, "bounds")
    r = phone.post(reverse("captain:table", args=[tables[0].token]),
                   typed([[12, 8], [99, 0], [4, 6]]))
    assert r.status_code == 400
    shown = row_errors(r.content.decode(), "missions[1]")
    assert "at most 20 points" in shown and "secondary" in shown, shown
    assert not ResultRevision.objects.exists()
    with pytest.raises(ServiceError, match="at most 10 points"):
        services.director_set_result(tables[1], boss, {"missions": [[1, 1], [1, 1], [11, 0]]})
    services.director_set_result(tables[1], boss, {"missions": [[40, 0], [20, 0], [10, 0]]})
    # In German too the message stands at its mission ("Mission 2: …", capital M).
    r = phone.post(reverse("captain:table", args=[tables[0].token]),
                   typed([[12, 8], [99, 0], [4, 6]]), HTTP_ACCEPT_LANGUAGE="de")
    assert "höchstens 20 Punkte" in row_errors(r.content.decode(), "missions[1]")


def test_the_bound_is_a_setting(make_tournament, boss, director, client):
    t = make_tournament("tabletop", entrants=4)
    client.force_login(director)
    url = reverse("director:settings", args=[t.slug])
    shown = client.get(url).context["form"]
    assert {"mission_max_primary", "mission_max_secondary", "mission_max_tertiary"} <= set(
        shown.fields)
    form = {name: value for name in shown.fields
            if (value := shown[name].value()) not in (None, False)}
    page = client.post(url, {**form, "mission_max_primary": "100"})
    assert page.status_code == 302, page.content
    t.refresh_from_db()
    assert t.scoring["mission_max"]["primary"] == 100
    _rnd, tables = publish_first_round(t, boss, "raised")
    services.director_set_result(tables[0], boss, {"missions": [[99, 9], [1, 1], [1, 1]]})


def test_the_api_refuses_a_mission_above_its_bound(make_tournament, boss, director):
    from .test_api import client_for

    t = make_tournament("tabletop", entrants=2)
    _rnd, tables = publish_first_round(t, boss, "api")
    answer = client_for(director).put(
        f"{API}/tournaments/{t.slug}/rounds/1/tables/{tables[0].number}/result/",
        {"missions": [[41, 0], [1, 1], [1, 1]]}, format="json")
    assert answer.status_code == 400
    assert "at most 40 points" in str(answer.json())
