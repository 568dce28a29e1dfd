"""The Mucken pad on a phone: the live check explains a wrong row, "cut by time" moves to the
last row written, and a cut round is sent and counted by the tournament's rule."""

import pytest
from django.contrib.auth import get_user_model

from tournaments import services
from tournaments.models import Result
from tournaments.services import Actor

from .evening import PHONE

pytestmark = pytest.mark.django_db(transaction=True)


def test_cut_by_time_on_a_phone(browser, live_server, shot):
    director = get_user_model().objects.create_user("direktor", password="turnier-2026")
    boss = Actor(director, "direktor")
    t = services.create_tournament(boss, "Muckturnier mit Uhr", "mucken", "pair",
                                   scoring={"target": 21, "bobbl_per_round": 2,
                                            "time_limit": 45, "unfinished": "leader"})
    for i in range(1, 5):
        services.register(t, boss, [{"name": f"Spieler {i}a"}, {"name": f"Spieler {i}b"}],
                          status="present")
    services.draw_round(t, boss, seed="uhr")
    rnd = services.publish_round(t, boss, 1)
    table = rnd.tables.order_by("number").first()
    page = browser.new_context(**PHONE, locale="en-GB").new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{live_server.url}/c/{table.token}/")
    row = lambda k: page.locator(f'[data-row="bobbl[{k}]"]')  # noqa: E731
    cut = lambda k: row(k).locator("[data-cut-label]")  # noqa: E731
    assert page.locator(".mk-time").is_visible()
    # Issue 24 #20: the text says to tick "cut by time" at the Bobbl time cut, so its box is
    # there before that Bobbl's points are typed: on the first row while nothing is written,
    # then on the last row written and the one after it.
    assert cut(0).is_visible() and not cut(1).is_visible()  # nothing written yet

    row(0).locator('[data-field="side1"]').fill("21")
    row(0).locator('[data-field="side2"]').fill("11")
    assert cut(0).is_visible() and cut(1).is_visible()
    row(1).locator('[data-field="side1"]').fill("15")
    row(1).locator('[data-field="side2"]').fill("9")
    assert not cut(0).is_visible() and cut(1).is_visible()
    check = row(1).locator("[data-check]")
    assert check.is_visible() and "tick “cut by time”" in check.inner_text()
    shot(page, "mucken-pad-phone-unfinished")

    page.locator("button.cap-submit").click()  # refused before sending
    assert page.locator("[data-mucken-summary]").is_visible()
    assert not Result.objects.filter(table=table).exists()

    cut(1).click()
    assert not check.is_visible()
    note = row(1).locator("[data-note]")
    assert note.is_visible() and "Party 1 is ahead and wins this Bobbl" in note.inner_text()
    assert "9 points" in note.inner_text()
    row(1).locator('[data-field="side1"]').fill("23")
    assert "this Bobbl was finished" in check.inner_text()
    row(1).locator('[data-field="side1"]').fill("15")
    shot(page, "mucken-pad-phone-cut")
    page.locator("button.cap-submit").click()
    page.wait_for_selector("[data-sent]")
    assert Result.objects.get(table=table).payload == {"bobbl": [[21, 11], [15, 9]],
                                                       "unfinished": 2}
    assert errors == []
