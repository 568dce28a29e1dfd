"""The spectators' page looks for news first at a random point of the second half of its
period after loading, then every period (static/js/live.js): phones that opened the page
together do not poll in step all evening, and a change still shows within a period plus
a rendering (docs/load.md, "The cold start of a full hall")."""

from __future__ import annotations

import time

import pytest
from django.contrib.auth import get_user_model

from tournaments import services
from tournaments.services import Actor

from .evening import PHONE

pytestmark = pytest.mark.django_db(transaction=True)
PERIOD = 5.0  # hx-trigger="every 5s" in templates/public/tournament.html


def test_the_first_poll_comes_in_the_second_half_of_the_period_then_every_period(
        browser, live_server, shot):
    boss = get_user_model().objects.create_user("direktor", password="turnier-2026")
    actor = Actor(boss, boss.username)
    t = services.create_tournament(actor, "Muckturnier Frühjahr", "mucken", "pair")
    for i in range(1, 5):
        services.register(t, actor, [{"name": f"Spieler {i}a"}, {"name": f"Spieler {i}b"}],
                          status="present")
    page = browser.new_page(**PHONE)
    polls: list[float] = []
    page.on("request", lambda r: polls.append(time.monotonic())
            if r.url.endswith(f"/t/{t.slug}/standings/") else None)
    page.goto(f"{live_server.url}/t/{t.slug}/")
    loaded = time.monotonic()
    assert page.get_attribute("#standings", "hx-trigger") == "live-poll"
    services.register(t, actor, [{"name": "Nachzüglerin A"}, {"name": "Nachzüglerin B"}],
                      status="present")
    page.locator("#standings").get_by_text("Nachzüglerin A").first.wait_for(
        timeout=1000 * (PERIOD + 10))
    page.wait_for_timeout(1000 * (PERIOD + 0.5))  # one more poll after the first
    assert len(polls) >= 2, polls
    first = polls[0] - loaded
    assert PERIOD / 2 - 0.5 <= first <= PERIOD + 2, first  # timers fire late, never early
    assert PERIOD - 0.5 <= polls[1] - polls[0] <= PERIOD + 2, polls
    shot(page, "live-spread-phone")
