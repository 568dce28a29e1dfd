"""The phone pages that wait for news, and the language switch, under the current axe-core.

- Issue 31 #25: the personal link (``/e/``) and the waiting table page (``/tc/``) never reload
  themselves with ``<meta http-equiv="refresh">`` (axe's critical "meta-refresh"); they look
  again in place (``static/js/links-live.js``): a published round shows on the open page
  without a reload, and a waiting table whose round opened offers its captain page as a
  link. The reader can pause the updates.
- Issue 31 #26: the language switch's accessible name contains its visible "DE"/"EN" (WCAG
  2.5.3, axe's "label-content-name-mismatch", which the axe 4.12 bundled with
  axe-playwright-python does not run): checked with the vendored axe-core 4.14.1.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

from tournaments import services
from tournaments.services import Actor, hall_links

from .evening import HANDSET, SCREEN, staff

pytestmark = pytest.mark.django_db(transaction=True)

AXE = (Path(__file__).parent / "vendor" / "axe.min.js").read_text()
RULES = {"runOnly": {"type": "rule", "values": ["meta-refresh", "meta-refresh-no-exceptions",
                                                "label-content-name-mismatch"]},
         "resultTypes": ["violations"]}


def _evening():
    t = staff("Muckturnier Selb", "mucken", "pair")
    boss = Actor(get_user_model().objects.get(username="direktor"), "direktor")
    for i in range(1, 5):
        services.register(t, boss, [{"name": f"Anna {i}"}, {"name": f"Bert {i}"}],
                          status="present")
    cards = hall_links.make_table_codes(t, boss, 3)
    return t, boss, cards


def _violations(page) -> list[str]:
    assert page.evaluate("axe.version") == "4.14.1"
    result = page.evaluate("o => axe.run(document, o)", RULES)
    return [f"{v['id']} at {[n['target'] for n in v['nodes'][:3]]}" for v in result["violations"]]


def test_waiting_pages_update_in_place_and_pass_axe(browser, live_server, shot):
    t, boss, cards = _evening()
    entrant = t.entrants.order_by("start_number").first()
    found: list[str] = []
    for lang, size in (("de", HANDSET), ("en", SCREEN)):
        context = browser.new_context(**size, locale=lang,
                                      extra_http_headers={"Accept-Language": lang})
        context.add_init_script(script=AXE)
        page = context.new_page()
        for path in (f"/e/{entrant.link_code}/", f"/tc/{cards[2].code}/", "/t/",
                     "/accounts/login/", f"/t/{t.slug}/"):
            page.goto(live_server.url + path)
            assert page.locator('meta[http-equiv="refresh"]').count() == 0, path
            found += [f"{lang} {path}: {v}" for v in _violations(page)]
        context.close()
    assert not found, "\n".join(found)

    # The personal link is open when round 1 is published: it shows the table, in place.
    context = browser.new_context(**HANDSET, locale="de",
                                  extra_http_headers={"Accept-Language": "de"})
    page = context.new_page()
    page.clock.install()
    page.goto(f"{live_server.url}/e/{entrant.link_code}/")
    assert "Noch keine Runde offen" in page.inner_text("[data-live-region]")
    page.evaluate("window.stillTheSamePage = true")
    waiting = context.new_page()
    waiting.clock.install()
    waiting.goto(f"{live_server.url}/tc/{cards[0].code}/")
    assert waiting.locator("[data-waiting=no-round]").count() == 1

    rnd = services.draw_round(t, boss, seed="selb")
    services.publish_round(t, boss, 1)
    page.clock.run_for(31_000)
    page.wait_for_selector("#my-table")
    assert page.evaluate("window.stillTheSamePage") is True  # no reload
    assert "Aktualisiert um" in page.inner_text("[data-refresh-status]")
    shot(page, "phones31-entrant-updated-390")

    waiting.clock.run_for(31_000)
    link = waiting.locator("[data-moved-link]")
    link.wait_for()
    assert link.get_attribute("href").endswith(f"/c/{rnd.tables.get(number=1).token}/")
    assert waiting.url.endswith(f"/tc/{cards[0].code}/")  # offered, not jumped to

    # Paused, the page stays as it is.
    page.click("[data-refresh-toggle]")
    assert page.get_attribute("[data-refresh-toggle]", "aria-pressed") == "true"
    table = rnd.tables.get(number=1)
    services.director_set_result(table, boss, {"bobbl": [[21, 10], [21, 5]]})
    before = page.inner_text("[data-live-region]")
    page.clock.run_for(31_000)
    assert page.inner_text("[data-live-region]") == before
