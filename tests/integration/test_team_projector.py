"""The team tournament's projector: the round panel shows each match with its boards (one
row per match, so projector.js pages match by match); other disciplines keep theirs."""

from __future__ import annotations

import re

import pytest

from tests.integration.test_teams import teams  # noqa: F401  (the fixture)
from tournaments import services

pytestmark = pytest.mark.django_db


def test_the_projector_shows_every_match_with_its_boards(teams, boss, client):  # noqa: F811
    t = teams(6)
    t.public = True
    t.save(update_fields=["public"])
    rnd = services.draw_round(t, boss, seed="s1")
    services.publish_round(t, boss, 1)
    first = rnd.tables.order_by("number").first()
    services.director_set_result(first, boss, {"boards": ["1-0", "1/2-1/2", "0-1", "1-0"]})
    for url in (f"/t/{t.slug}/projector/", f"/t/{t.slug}/pairings/?view=projector"):
        html = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
        assert 'class="pairings pj-matches"' in html, url
        # one page row per match, each with its four boards
        rows = re.findall(r'<tr id="pj-match-(\d+)">', html)
        assert rows == ["1", "2", "3"], url
        body = html[html.index('id="pj-match-1"'):html.index('id="pj-match-2"')]
        assert body.count("<tr>") == 4 and "2½ : 1½" in body and "½-½" in body
        a, b = (s.entrant for s in first.seats.order_by("side"))
        assert f"{a.name} Brett 1" in body and f"{b.name} Brett 4" in body


def test_other_projectors_keep_their_table_list(make_tournament, boss, client):
    t = make_tournament("chess", entrants=4)
    t.public = True
    t.save(update_fields=["public"])
    services.draw_round(t, boss, seed="s")
    services.publish_round(t, boss, 1)
    html = client.get(f"/t/{t.slug}/projector/").content.decode()
    assert "pj-matches" not in html and 'class="grid pairings' in html
