"""The director's board of tables in a real browser: 40 Mucken tables of an open round with a
time limit, on a 1920×1080 hall screen and on a 390×844 phone; it follows a new report by
itself, and the projector says which tables are still playing.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tournaments import services
from tournaments.services import Actor

from .evening import PHONE, login

pytestmark = pytest.mark.django_db(transaction=True)
SCREEN = {"viewport": {"width": 1920, "height": 1080}}
PASSWORD = "turnier-2026"
A, B = "phone-a-0123456789abcdef", "phone-b-0123456789abcdef"


def forty_tables():
    """80 pairs at 40 tables, 45 minutes per round; table n by n % 5: still playing, one
    report, confirmed by two phones, disputed, entered by the director."""
    boss = get_user_model().objects.create_user("direktor", password=PASSWORD)
    actor = Actor(boss, boss.username)
    t = services.create_tournament(actor, "Muckturnier Tischübersicht", "mucken", "pair",
                                   scoring={"time_limit": 45})
    for i in range(1, 81):
        services.register(t, actor, [{"name": f"Vorname{i} Nachname{i}"},
                                     {"name": f"Partner{i} Familie{i}"}], status="present")
    rnd = services.draw_round(t, actor, seed="board-40")
    services.publish_round(t, actor, rnd.number)
    tables = list(rnd.tables.order_by("number"))
    for table in tables:
        kind, win = table.number % 5, {"bobbl": [[21, 12], [19, 21], [21, 9]]}
        if kind == 1:
            services.captain_submit(table.token, win, device_id=A)
        elif kind == 2:
            services.captain_submit(table.token, win, device_id=A)
            services.captain_submit(table.token, win, device_id=B)
        elif kind == 3:
            services.captain_submit(table.token, win, device_id=A)
            services.captain_submit(table.token, {"bobbl": [[12, 21], [21, 19], [9, 21]]},
                                    device_id=B)
        elif kind == 4:
            services.director_set_result(table, actor, win)
    return t, tables


def test_board_on_a_hall_screen_and_a_phone(browser, live_server, shot):
    t, tables = forty_tables()
    context = browser.new_context(**SCREEN, locale="de",
                                  extra_http_headers={"Accept-Language": "de"})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    login(page, live_server.url, "direktor", PASSWORD)
    page.goto(f"{live_server.url}/director/{t.slug}/board/")
    tiles = page.locator("#board-tiles > li")
    assert tiles.count() == 40
    # needing attention first: the disputed tables, then those still playing
    states = [tiles.nth(i).get_attribute("data-state") for i in range(40)]
    assert states[:8] == ["disputed"] * 8 and states[8:16] == ["playing"] * 8
    assert "strittig" in tiles.first.inner_text()
    # the clock is counted on the screen: minutes since publication, the time limit's rest
    page.wait_for_function("() => document.querySelector('#board .since').textContent !== ''")
    assert "läuft seit 0 Min." in page.locator("#board .since").inner_text()
    assert "noch 45 Min." in page.locator("#board .time-left").inner_text()
    # the whole hall at a glance: every tile on the 1920×1080 screen without scrolling
    last = tiles.nth(39).bounding_box()
    assert last is not None and last["y"] + last["height"] <= 1080, last
    shot(page, "board-40-1920")

    # a report comes in: the board follows by itself (it polls every 5 s)
    table = next(tb for tb in tables if tb.number % 5 == 0)
    services.captain_submit(table.token, {"bobbl": [[21, 1], [21, 2]]}, device_id=A)
    page.wait_for_selector(f"#board-tiles > li[data-table='{table.number}']"
                           "[data-state='submitted']", timeout=20_000)
    # a tile opens the director's entry of its table
    page.click(f"#board-tiles > li[data-table='{table.number}'] a")
    page.wait_for_load_state()
    assert page.url.endswith(f"/rounds/1/#table-{table.number}")
    assert not errors, errors

    phone = browser.new_context(**PHONE, locale="de").new_page()
    login(phone, live_server.url, "direktor", PASSWORD)
    phone.goto(f"{live_server.url}/director/{t.slug}/board/")
    width = phone.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["viewport"]["width"], width  # no sideways scroll
    shot(phone, "board-40-390")


def test_projector_says_which_tables_are_still_playing(browser, live_server, shot):
    t, tables = forty_tables()
    for table in tables:  # all but three tables report
        if table.number % 5 == 0 and table.number not in (10, 25, 40):
            services.captain_submit(table.token, {"bobbl": [[21, 1], [21, 2]]}, device_id=A)
    page = browser.new_context(**SCREEN, locale="de",
                               extra_http_headers={"Accept-Language": "de"}).new_page()
    page.goto(f"{live_server.url}/t/{t.slug}/projector/?seconds=600&show=pairings")
    info = page.locator("#pj-info")
    assert "Es spielen noch: Tische 10, 25, 40." in info.inner_text()
    page.wait_for_function("() => document.querySelector('#pj-info .pj-since').textContent")
    assert "läuft seit 0 Min." in info.inner_text()
    shot(page, "projector-still-playing-1920")

    # showing the standings only, the line still follows the reports
    page.goto(f"{live_server.url}/t/{t.slug}/projector/?seconds=600&show=standings")
    assert "Es spielen noch: Tische 10, 25, 40." in info.inner_text()
    table = next(tb for tb in tables if tb.number == 10)
    services.captain_submit(table.token, {"bobbl": [[21, 1], [21, 2]]}, device_id=A)
    page.wait_for_function("() => document.getElementById('pj-info').textContent"
                           ".includes('Tische 25, 40.')", timeout=20_000)
