"""A chess Swiss of nine rounds, driven by the director through the pages in a real browser.

Twelve players; a late entry signs up at the desk during round 2 (plays from round 3); a
half-point bye is noted for round 4; a player withdraws from round 6. The director draws
(FIDE Dutch), publishes, enters every result and closes each round; at the end the
progress table shows all nine rounds.
"""

import random
import re

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission

from tournaments import services
from tournaments.models import Round
from tournaments.services import Actor

from .evening import login

pytestmark = pytest.mark.django_db(transaction=True)
NAMES = ["Anna Berger", "Bernd Krause", "Clara Vogt", "Dieter Lang", "Eva Schmid", "Felix Roth",
         "Gerda Huber", "Hans Maier", "Ilse Wolf", "Jonas Keller", "Karin Seitz", "Lukas Frank"]
LATE = "Martin Spät"
BYE, WITHDRAWN = "Clara Vogt", "Hans Maier"


def seated(t, number: int) -> set[str]:
    rnd = t.rounds.get(number=number)
    return {s.entrant.name for s in rnd.seats.select_related("entrant")}


def open_panel(page):
    """The tournament page's "next round" panel (a <details>, opened by keyboard)."""
    if page.locator("#next-round").get_attribute("open") is None:
        page.focus("#next-round > summary")
        page.keyboard.press("Enter")
    page.wait_for_selector("#bye-form select", state="visible")


def test_a_nine_round_swiss_evening(browser, live_server, shot):
    base = live_server.url
    director = get_user_model().objects.create_user("direktor", password="turnier-2026")
    director.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    actor = Actor(director, "direktor")
    t = services.create_tournament(actor, "Vereinsabend Schnellschach", "chess",
                                   planned_rounds=9)
    for k, name in enumerate(NAMES):
        services.register(t, actor, [{"name": name}], status="present", rating=2150 - 25 * k)
    rng = random.Random(2026)

    page = browser.new_context(viewport={"width": 1280, "height": 900},
                               locale="de-DE").new_page()
    login(page, base, "direktor")
    page.set_default_timeout(15000)
    dashboard = f"{base}/director/{t.slug}/"

    for number in range(1, 10):
        page.goto(dashboard)
        if number == 1:
            shot(page, "swiss-01-dashboard")
        page.click(f"form[action='/director/{t.slug}/rounds/draw/'] button[type=submit]")
        page.wait_for_url(re.compile(rf"/rounds/{number}/"))
        if number in (1, 4, 6):
            shot(page, f"swiss-{number + 1:02d}-round{number}-preview")
        if number == 7:
            # A result of round 6 was wrong: round 7, drawn on it, is stale; draw it again.
            table = t.rounds.get(number=6).tables.get(number=1)
            wrong = table.result.payload["score"]
            right = "0-1" if wrong != "0-1" else "1-0"
            page.goto(f"{base}/director/{t.slug}/rounds/6/")
            page.click(f"#result-1 label.cap-tile:has(input[value='{right}'])")
            page.click("#result-1 button[type=submit]")
            page.wait_for_load_state()
            page.goto(f"{base}/director/{t.slug}/rounds/7/")
            assert page.locator("#stale").is_visible()
            assert "Tisch 1 in Runde 6" in page.locator("#stale").inner_text()
            shot(page, "swiss-08-round7-stale")
            page.click("#redraw")
            page.wait_for_selector("#stale", state="detached")
            assert not t.rounds.get(number=7).stale
        assert page.locator("#pairings tbody tr").count() == t.rounds.get(
            number=number).tables.count()
        assert page.locator("#pairings th", has_text="Weiß").count() == 1  # German by default
        page.click(f"form[action='/director/{t.slug}/rounds/{number}/publish/'] button")
        page.wait_for_selector(f"form[action='/director/{t.slug}/rounds/{number}/close/']")
        tables = t.rounds.get(number=number).tables.count()
        for k in range(1, tables + 1):
            score = rng.choice(["1-0", "1/2-1/2", "0-1", "1-0"])
            form = f"#result-{k}"
            page.click(f"{form} label.cap-tile:has(input[value='{score}'])")
            page.click(f"{form} button[type=submit]")
            page.wait_for_selector(f"#table-{k} .badge.confirmed")
        page.click(f"form[action='/director/{t.slug}/rounds/{number}/close/'] button")
        page.wait_for_selector(f"form[action='/director/{t.slug}/rounds/{number}/reopen/']")

        if number == 2:
            # The late entry signs up at the desk during round 2: he plays from round 3.
            page.goto(f"{base}/desk/{t.slug}/")
            name = page.locator("#desk-signup input[type=text][name$=name]").first
            name.fill(LATE)
            name.press("Enter")
            page.wait_for_selector(f"#desk-rows tr:has-text('{LATE}')")
            assert t.entrants.get(name=LATE).joined_round == 3
        if number == 3:
            # A half-point bye for round 4, noted in the panel with the keyboard.
            page.goto(dashboard)
            open_panel(page)
            page.select_option("#id_bye-entrant", label=f"3. {BYE}")
            page.select_option("#id_bye-kind", "half")
            page.fill("#id_bye-round_number", "4")
            page.press("#id_bye-round_number", "Enter")  # the form sends on Enter
            page.wait_for_url(re.compile(r"#next-round$"))
            assert page.locator("#bye-requests tbody tr", has_text=BYE).count() == 1
            shot(page, "swiss-04-bye-noted")
        if number == 5:
            page.goto(dashboard)
            open_panel(page)
            page.select_option("#id_withdraw-entrant", label=f"8. {WITHDRAWN}")
            page.fill("#id_withdraw-from_round", "6")
            page.click("#withdraw-form button[type=submit]")
            page.wait_for_selector(f"#withdrawals li:has-text('{WITHDRAWN}')")
            shot(page, "swiss-06-withdrawn")
            phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                        has_touch=True, locale="de-DE").new_page()
            login(phone, base, "direktor")
            phone.goto(dashboard)
            open_panel(phone)
            assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
            shot(phone, "swiss-12-phone-panel")
            phone.context.close()

    assert LATE not in seated(t, 1) | seated(t, 2)
    assert LATE in seated(t, 3) or t.rounds.get(number=3).byes.filter(
        entrant__name=LATE).exists()
    round4 = t.rounds.get(number=4)
    assert BYE not in seated(t, 4)
    assert round4.byes.get(entrant__name=BYE).kind == "half"
    assert WITHDRAWN in seated(t, 5)
    assert all(WITHDRAWN not in seated(t, n) for n in range(6, 10))
    assert t.rounds.filter(status=Round.Status.CLOSED).count() == 9
    # 13 players less one withdrawn: six boards in rounds 6-9, with the PAB in round 4.
    assert t.rounds.get(number=9).tables.count() == 6

    # The standings: the progress table has a column per round, nine in all.
    page.goto(f"{base}/t/{t.slug}/progress-table/")
    header = page.locator("table thead tr").first.inner_text()
    assert all(str(n) in header for n in range(1, 10))
    assert page.get_by_text("round 9 of 9").count() + page.get_by_text(
        "Runde 9 von 9").count() >= 1
    shot(page, "swiss-09-progress-table")
    page.goto(f"{base}/t/{t.slug}/")
    assert page.locator("#standings tbody tr").count() == 13
    shot(page, "swiss-10-standings")

    # A phone: the round page of the director does not scroll sideways.
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                has_touch=True, locale="de-DE").new_page()
    login(phone, base, "direktor")
    phone.goto(f"{base}/director/{t.slug}/rounds/9/")
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shot(phone, "swiss-11-phone-round")
    phone.goto(f"{base}/director/{t.slug}/rounds/1/")  # undoing is refused: later rounds
    assert phone.locator("#pairings").is_visible()
