"""The projector fits any field: 60 pairs on a 1920×1080 screen, paged automatically.

The page is watched, not timed: projector.js announces every page it shows (a
"projector:page" event); at each one the test's listener writes down which rows are on
screen (shown, and above the footer: not cut off at the bottom). Within two cycles through
the panels every pair must have been on screen in the standings, every table in the
pairings and every player in "where do I sit?". One second per page keeps it short; the
test waits for the cycle counter, never for a fixed time.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tournaments import services
from tournaments.services import Actor

pytestmark = pytest.mark.django_db(transaction=True)
SCREEN = {"viewport": {"width": 1920, "height": 1080}}
WATCH = """
window.__seen = {standings: new Set(), pairings: new Set(), seats: new Set()};
window.__pages = [];
window.__cut = [];
window.__rows = [];
document.addEventListener("projector:page", function (e) {
  var panel = document.querySelector(".pj-panel.current");
  window.__pages.push(e.detail.panel + " " + e.detail.page + "/" + e.detail.pages + " "
                      + document.getElementById("pj-page").textContent);
  var rows = panel.querySelectorAll("tbody > tr, li.seat-line");
  var bottom = document.querySelector(".pj-foot").getBoundingClientRect().top;
  var shown = 0;
  rows.forEach(function (row) { if (row.offsetParent !== null) { shown += 1; } });
  window.__rows.push([e.detail.panel, e.detail.page, e.detail.pages, shown]);
  rows.forEach(function (row) {
    if (row.offsetParent === null) { return; }
    var box = row.getBoundingClientRect();
    var key = row.querySelector("td.name, td.table-no, .who");
    var text = key ? key.textContent.replace(/\\s*\\(\\d+\\)\\s*$/, "").trim() : "";
    if (box.bottom > bottom + 0.5 || box.top < 0) {
      window.__cut.push(e.detail.panel + ": " + text);
      return;
    }
    window.__seen[e.detail.panel].add(text);
  });
});
"""


def sixty_pairs():
    boss = get_user_model().objects.create_user("direktor", password="turnier-2026")
    actor = Actor(boss, boss.username)
    t = services.create_tournament(actor, "Muckturnier 60 Paare", "mucken", "pair",
                                   scoring={"time_limit": 45})
    for i in range(1, 61):
        # every seventh pair with names long enough to take two lines
        last = f"Müller-Lüdenscheidt-Oberhuber{i}" if i % 7 == 0 else f"Nachname{i}"
        services.register(t, actor, [{"name": f"Vorname{i} {last}"},
                                     {"name": f"Partnerin{i} Familie{i}"}], status="present")
    rnd = services.draw_round(t, actor, seed="projector-60")
    services.publish_round(t, actor, rnd.number)
    for k, table in enumerate(rnd.tables.order_by("number")):
        if k % 2:
            services.director_set_result(table, actor, {"bobbl": [[21, k % 20], [19, 21]]})
    return t, rnd


def test_sixty_pairs_come_round_within_two_cycles(browser, live_server, shot):
    t, rnd = sixty_pairs()
    page = browser.new_context(**SCREEN).new_page()
    page.add_init_script(WATCH)
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{live_server.url}/t/{t.slug}/projector/?seconds=1")
    shot(page, "projector-60-standings-1920")
    page.wait_for_function("() => Number(document.getElementById('projector').dataset.cycle) >= 2",
                           timeout=180_000)
    seen = page.evaluate("({standings: Array.from(window.__seen.standings),"
                         " pairings: Array.from(window.__seen.pairings),"
                         " seats: Array.from(window.__seen.seats)})")
    pages = page.evaluate("window.__pages")
    cut = page.evaluate("window.__cut")
    shown = page.evaluate("window.__rows")
    assert not errors, errors
    assert not cut, f"rows cut off at the bottom of the screen: {cut[:5]}"

    names = set(t.entrants.values_list("name", flat=True))
    assert len(names) == 60
    assert names <= set(seen["standings"]), sorted(names - set(seen["standings"]))[:5]
    tables = {str(n) for n in rnd.tables.values_list("number", flat=True)}
    assert tables <= set(seen["pairings"]), sorted(tables - set(seen["pairings"]))[:5]
    players = {name for entrant in names for name in entrant.split(" / ")}
    assert len(players) == 120
    assert players <= set(seen["seats"]), sorted(players - set(seen["seats"]))[:5]

    # it paged (60 rows never fit one 1080-pixel screen in large type) and said so
    standings_pages = [p for p in pages if p.startswith("standings ")]
    assert max(int(p.split()[1].split("/")[1]) for p in standings_pages) > 1
    assert any("Seite 2 von" in p or "Page 2 of" in p for p in pages), pages[:8]
    # at 1080p a page of the standings holds 20 rows or more (all but the last page)
    full = [n for panel, p, of, n in shown if panel == "standings" and p < of]
    assert full and min(full) >= 20, shown[:10]
    # the clock and Mucken's time limit in the header
    assert page.locator("#pj-clock").inner_text().count(":") == 1
    assert "45" in page.locator("#pj-info").inner_text()
    page.goto(f"{live_server.url}/t/{t.slug}/projector/?seconds=600&show=seats")
    shot(page, "projector-60-seats-1920")
