"""Links that follow the evening (issue 19) in a browser: a phone scans the permanent card of
table 1 and reports; the same phone cannot confirm it through its party's personal link;
the other party's phone agrees through its own, and the first party's link on a third phone
confirms. Screenshots of the entrant's page, the
waiting table page and the director's table cards (also printed to PDF) at both sizes."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

from tournaments import services
from tournaments.models import Result, Seat
from tournaments.services import Actor, hall_links, seating

from .evening import HANDSET, SCREEN, login, staff

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = Path(os.environ.get("H19LINKS_SHOTS", Path(__file__).resolve().parents[1]
                            / "artifacts" / "h19links"))
WINDOW = {"registration": {"window": 2, "random_up_to": 0, "sequential_from": None}}


def snap(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


REPORT = ("document.addEventListener('securitypolicyviolation', function (e) {"
          " console.error('CSP violation: ' + e.violatedDirective); });")
ERRORS: list[str] = []


def watched(context):
    """A page that reports CSP violations and script errors into ERRORS."""
    page = context.new_page()
    page.add_init_script(REPORT)
    page.on("console", lambda m: ERRORS.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: ERRORS.append(str(e)))
    return page


def fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_card_and_personal_links_on_phones(browser, live_server):
    base = live_server.url
    t = staff("Muckturnier Hof", "mucken", "pair")
    boss = Actor(get_user_model().objects.get(username="direktor"), "direktor")
    t = services.update_tournament(t, boss, draw_options=WINDOW)
    desk = Actor(get_user_model().objects.get(username="anmeldung"), "anmeldung")
    for i in range(1, 9):
        services.register(t, desk, [{"name": f"Anna {i}"}, {"name": f"Bert {i}"}],
                          status="present")
    seating.apply_cleanup(t, boss)
    card = hall_links.make_table_codes(t, boss, 5)
    phone_a = watched(browser.new_context(**HANDSET))

    # Before round 1: the card says no round is open (and looks again by itself).
    phone_a.goto(f"{base}/tc/{card[0].code}/")
    assert phone_a.locator("[data-waiting=no-round]").count() == 1
    snap(phone_a, "table-waiting-390")

    rnd = services.draw_round(t, boss, seed="hof")
    services.publish_round(t, boss, 1)
    table = rnd.tables.get(number=1)
    seats = list(Seat.objects.filter(table=table).select_related("entrant").order_by("side"))
    mine, theirs = seats[0].entrant, seats[1].entrant

    # Phone A scans table 1's card: the captain page of round 1's table 1; it reports.
    phone_a.goto(f"{base}/tc/{card[0].code}/")
    assert re.search(rf"/c/{table.token}/", phone_a.url)
    for name, value in (("bobbl[0].side1", "21"), ("bobbl[0].side2", "11"),
                        ("bobbl[1].side1", "17"), ("bobbl[1].side2", "21")):
        phone_a.fill(f"input[name='{name}']", value)
    with phone_a.expect_navigation():  # sent by fetch, then the answer page
        phone_a.locator("button.cap-submit").click()
    assert Result.objects.get(table=table).status == "submitted"

    # The same phone, through its party's personal link: not counted.
    phone_a.goto(f"{base}/e/{mine.link_code}/")
    assert phone_a.locator("#my-table").get_attribute("data-table") == "1"
    phone_a.click("#confirm")
    phone_a.wait_for_selector("#links-said")
    assert "your side of the table" in phone_a.locator("#links-said").inner_text() or \
        "deiner Seite des Tisches" in phone_a.locator("#links-said").inner_text()
    assert Result.objects.get(table=table).status == "submitted"

    # The other party's phone agrees through its own link: kept, but a phone's report is
    # confirmed by the links of both parties (issue 32, finding 10).
    phone_b = watched(browser.new_context(**HANDSET))
    phone_b.goto(f"{base}/e/{theirs.link_code}/")
    assert fits(phone_b)
    snap(phone_b, "entrant-before-390")
    phone_b.click("#confirm")
    phone_b.wait_for_selector("#links-said")
    assert "your party agrees" in phone_b.locator("#links-said").inner_text()
    assert Result.objects.get(table=table).status == "submitted"
    assert fits(phone_b)
    snap(phone_b, "entrant-agreed-390")
    # The first party's link on another phone than the one that reported: confirmed.
    phone_c = watched(browser.new_context(**HANDSET))
    phone_c.goto(f"{base}/e/{mine.link_code}/")
    phone_c.click("#confirm")
    phone_c.wait_for_selector("#links-said")
    assert Result.objects.get(table=table).status == "confirmed"
    snap(phone_c, "entrant-confirmed-390")
    wide = watched(browser.new_context(**SCREEN))
    wide.goto(f"{base}/e/{theirs.link_code}/")
    snap(wide, "entrant-1920")

    german = watched(browser.new_context(**HANDSET, locale="de-DE"))
    german.goto(f"{base}/e/{mine.link_code}/")
    assert "Wo sitze ich jetzt?" in german.content() and fits(german)
    snap(german, "entrant-de-390")

    # A table number round 1 does not have.
    phone_b.goto(f"{base}/tc/{card[4].code}/")
    assert phone_b.locator("[data-waiting=not-in-round]").count() == 1 and fits(phone_b)
    snap(phone_b, "table-not-in-round-390")

    # The director's cards: linked from the tournament page, printable.
    login(wide, base, "direktor")
    wide.goto(f"{base}/director/{t.slug}/")
    # count() does not wait: wait for the new page before counting its cards.
    with wide.expect_navigation():
        wide.click("#table-cards-link")
    wide.wait_for_selector(".links-card")
    assert wide.locator(".links-card").count() == 5
    snap(wide, "cards-1920")
    wide.pdf(path=str(SHOTS / "cards.pdf"), format="A4")
    narrow = watched(browser.new_context(**HANDSET))
    login(narrow, base, "direktor")
    narrow.goto(f"{base}/director/{t.slug}/table-cards/")
    assert fits(narrow)
    snap(narrow, "cards-390")
    narrow.goto(f"{base}/desk/{t.slug}/entrants/{mine.start_number}/slip/")
    assert narrow.locator("#slip-link").count() == 1
    snap(narrow, "slip-390")
    assert not [e for e in ERRORS if "CSP" in e or "Error" in e], ERRORS
