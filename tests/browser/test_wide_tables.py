"""Wide tables use a wide screen; phones still never scroll the page sideways.

At 1920 px the Pussi standings were cut off ("Sch…") behind a scroll bar with the phones'
"swipe sideways" hint, because the page's column stayed 1100 px wide; on the Skat and
Doppelkopf pages the four names of a table wrapped while the result column had room.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tournaments.management.commands.load_demo import Command

pytestmark = pytest.mark.django_db(transaction=True)

WIDE = {"viewport": {"width": 1920, "height": 1080}}
PHONE = {"viewport": {"width": 390, "height": 844}}

STANDINGS = """() => {
  const box = document.querySelector("#standings .scroll");
  const hint = getComputedStyle(box, "::before").content;
  return {scroll: box.scrollWidth, client: box.clientWidth,
          overflows: box.classList.contains("overflows"),
          hint: hint !== "none" && hint !== "normal",
          page: document.documentElement.scrollWidth};
}"""

# For each table's pairing cell: how many lines its names take (distinct tops of the seats).
PAIRING_LINES = """() => Array.from(document.querySelectorAll("table.pairings td.seats"))
  .map(td => new Set(Array.from(td.querySelectorAll(".seat"))
                     .map(s => Math.round(s.getBoundingClientRect().top))).size)"""


@pytest.fixture
def demo(db):
    User = get_user_model()
    director = User.objects.create_superuser("direktor", password="Demo-Abend-2026")
    desk = User.objects.create_user("anmeldung", password="Demo-Abend-2026")
    Command().load_tournaments(director, desk)


def test_wide_standings_fit_a_wide_screen_and_scroll_only_on_a_phone(browser, live_server,
                                                                      demo, shot):
    wide = browser.new_context(**WIDE).new_page()
    wide.goto(f"{live_server.url}/t/demo-pussi/")
    wide.wait_for_load_state("load")
    got = wide.evaluate(STANDINGS)
    shot(wide, "wide-tables-pussi-1920")
    assert got["scroll"] <= got["client"] + 1, got  # the last column is not cut off
    assert not got["overflows"] and not got["hint"], got
    assert got["page"] <= 1920, got
    phone = browser.new_context(**PHONE).new_page()
    phone.goto(f"{live_server.url}/t/demo-pussi/")
    phone.wait_for_load_state("load")
    got = phone.evaluate(STANDINGS)
    shot(phone, "wide-tables-pussi-390")
    assert got["page"] <= 390, got  # the page never scrolls sideways
    assert got["overflows"] and got["hint"], got  # the table does, and says so


@pytest.mark.parametrize("slug", ["demo-skat", "demo-doppelkopf"])
def test_a_tables_four_names_stay_on_one_line_on_a_wide_screen(browser, live_server, demo,
                                                                shot, slug):
    wide = browser.new_context(**WIDE).new_page()
    wide.goto(f"{live_server.url}/t/{slug}/")
    wide.wait_for_load_state("load")
    lines = wide.evaluate(PAIRING_LINES)
    shot(wide, f"wide-tables-{slug}-1920")
    assert lines and all(n == 1 for n in lines), lines
    phone = browser.new_context(**PHONE).new_page()
    phone.goto(f"{live_server.url}/t/{slug}/")
    phone.wait_for_load_state("load")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
