"""The card lists in a browser (issue "Seven evenings", items 3 and 4, and the Doppelkopf
gaps of issue 26): a list the server refuses comes back at its first wrong line with the
reason; the round page opens one table's list and takes it; Doppelkopf's list names the
dealer who deals again after a compulsory solo and fills in a line of penalty points.

``CARD_SHOTS=dir`` saves the screens at 1920×1080 and 390×844 there, in English and German.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tournaments import services
from tournaments.models import Result
from tournaments.services import Actor

from .evening import PASSWORD, PHONE, login, staff

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = os.environ.get("CARD_SHOTS")


def snap(page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


def opened(discipline: str, players: int, **scoring):
    t = staff(f"Karten {discipline}", discipline)
    boss = Actor(t.roles.first().user, "direktor")
    for i in range(1, players + 1):
        services.register(t, boss, [{"name": f"Spieler {i}"}], status="present")
    if scoring:
        t = services.update_tournament(t, boss, scoring={**t.scoring, **scoring})
    services.draw_round(t, boss, seed="karten")
    rnd = services.publish_round(t, boss, 1)
    return t, boss, list(rnd.tables.order_by("number"))


def numbers(table) -> list[int]:
    return [s.entrant.start_number for s in
            table.seats.select_related("entrant").order_by("side", "position")]


def tap(page, k: int, field: str, value) -> None:
    line = page.locator(f"[data-row='games[{k}]']")
    if "is-open" not in (line.get_attribute("class") or ""):
        line.locator("[data-toggle]").click()
    page.click(f"[data-row='games[{k}]'] input[name='games[{k}].{field}'][value='{value}'] + span")


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_refused_list_comes_back_at_its_first_wrong_line(browser, live_server, language):
    """The value 24 is a clubs game's, but the bid 30 was never reached: only the server
    sees it. The page comes back at game 2 with the reason, the line open and the cursor in
    it; the summary at the top says nothing was lost."""
    _t, _boss, tables = opened("skat", 4, games_per_series={"4": 6, "3": 6})
    table = tables[0]
    _a, b, c, _d = numbers(table)
    page = browser.new_context(**PHONE, locale="de-DE" if language == "de" else "en-US"
                               ).new_page()
    page.goto(f"{live_server.url}/c/{table.token}/")
    tap(page, 0, "declarer", b)
    tap(page, 0, "game", "grand")
    page.click("[data-row='games[0]'] [data-tops='1']")
    tap(page, 0, "won", "won")
    tap(page, 1, "declarer", c)
    tap(page, 1, "game", "clubs")
    page.click("[data-row='games[1]'] [data-tops='1']")
    page.click("[data-row='games[1]'] .sk-more summary")
    page.fill("input[name='games[1].bid']", "30")
    tap(page, 1, "won", "won")
    with page.expect_navigation():
        page.click("#result-form button[type=submit]")
    page.wait_for_function("document.activeElement && document.activeElement.closest("
                           "\"[data-row='games[1]']\")")
    line = page.locator("[data-row='games[1]']")
    assert "is-open" in (line.get_attribute("class") or "")
    reason = page.locator("[data-error-for='games[1]']").inner_text()
    assert "30" in reason, reason
    summary = page.locator("[data-refused-summary]").inner_text()
    assert ("Spiel 2" if language == "de" else "Game 2") in summary, summary
    assert ("Alles Eingegebene" if language == "de" else "Everything you entered") in summary
    box = page.locator("[data-error-for='games[1]']").bounding_box()
    assert box is not None and 0 <= box["y"] < 844 - box["height"]  # the reason in view
    assert page.locator("input[name='games[0].game'][value='grand']").is_checked()
    assert not Result.objects.filter(table=table).exists()
    snap(page, f"refused-390-{language}")


def test_the_round_page_opens_one_list_and_takes_it(browser, live_server):
    t, _boss, tables = opened("skat", 8, games_per_series={"4": 3, "3": 3})
    page = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    login(page, live_server.url, "direktor", PASSWORD)
    page.goto(f"{live_server.url}/director/{t.slug}/rounds/1/")
    assert page.locator("form[data-result-form]").count() == 0
    snap(page, "round-closed-lists-1920")
    page.click("#open-2")
    page.wait_for_selector("#entry-2 form[data-result-form] [data-row='games[0]'].is-open")
    assert page.get_attribute("#open-2", "aria-expanded") == "true"
    seats = numbers(tables[1])
    for k, (place, game, tops) in enumerate(((1, "grand", 1), (2, "hearts", 2),
                                              (3, "null", None))):
        tap(page, k, "declarer", seats[place])
        tap(page, k, "game", game)
        if tops:
            page.click(f"#entry-2 [data-row='games[{k}]'] [data-tops='{tops}']")
        tap(page, k, "won", "won")
    snap(page, "round-one-list-open-1920")
    with page.expect_navigation():
        page.click("#entry-2 form[data-result-form] button[type=submit]")
    games = Result.objects.get(table=tables[1]).payload["games"]
    assert [(g["game"], g["value"]) for g in games] == [("grand", 48), ("hearts", 30),
                                                        ("null", 23)]
    assert "(3 games)" in page.inner_text("#summary-2")
    page.set_viewport_size({"width": 390, "height": 844})
    page.click("#open-2")
    page.wait_for_selector("#entry-2 form[data-result-form]")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    snap(page, "round-one-list-open-390")


def test_doppelkopf_at_five_deals_again_after_a_compulsory_solo(browser, live_server):
    _t, _boss, tables = opened("doppelkopf", 9, table_of_five=True,
                               games_per_round={"4": 4, "5": 5})
    five = next(tb for tb in tables if tb.seats.count() == 5)
    p = numbers(five)
    page = browser.new_context(**PHONE).new_page()
    page.goto(f"{live_server.url}/c/{five.token}/")
    head = page.locator("[data-row='games[1]'] [data-dealer-text]")
    assert head.inner_text().endswith("Spieler " + str(p[1])) or str(p[1]) in head.inner_text()
    page.select_option("select[name='games[0].kind']", "queens")
    page.select_option("select[name='games[0].re1']", str(p[1]))
    page.check("input[name='games[0].compulsory']")
    names = dict((s.entrant.start_number, s.entrant.name) for s in five.seats.all())
    assert head.inner_text() == f"Dealer: {names[p[0]]}"  # the same dealer deals again
    assert page.locator(f"input[name='games[1].score_{p[0]}']").is_disabled()
    page.check("input[name='games[0].forced']")  # vorgeführt: the deal passes on
    assert head.inner_text() == f"Dealer: {names[p[1]]}"
    page.uncheck("input[name='games[0].forced']")
    # a line of penalty points: the offender's and everyone's points filled in
    page.select_option("select[name='games[2].kind']", "penalty")
    page.select_option("select[name='games[2].offender']", str(p[3]))
    page.select_option("select[name='games[2].points']", "1")
    values = {n: page.input_value(f"input[name='games[2].score_{n}']") for n in p}
    assert values == {n: ("-4" if n == p[3] else "1") for n in p}
    assert re.search("deal does not move", page.inner_text("[data-row='games[2]']"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    snap(page, "doppelkopf-five-390")


def test_a_list_kept_on_the_phone_and_refused_later_comes_back_whole(browser, live_server):
    """Sent without network, the list waits on the phone; the page opened again later sends
    it, the server refuses it: the list comes back with the reasons, as it was written,
    not as an empty form with "enter it again"."""
    _t, _boss, tables = opened("skat", 4, games_per_series={"4": 4, "3": 4})
    table = tables[0]
    c = numbers(table)[2]
    url = f"{live_server.url}/c/{table.token}/"
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(url)
    context.set_offline(True)
    tap(page, 0, "declarer", c)
    tap(page, 0, "game", "clubs")
    page.click("[data-row='games[0]'] [data-tops='1']")
    page.click("[data-row='games[0]'] .sk-more summary")
    page.fill("input[name='games[0].bid']", "30")
    tap(page, 0, "won", "won")
    page.click("#result-form button[type=submit]")
    page.wait_for_selector("[data-pending]:not([hidden])")
    page.close()
    context.set_offline(False)
    again = context.new_page()
    again.goto(url)
    again.wait_for_selector("[data-refused-summary]", timeout=15000)
    assert "30" in again.inner_text("[data-error-for='games[0]']")
    assert again.locator(f"input[name='games[0].declarer'][value='{c}']").is_checked()
    assert again.input_value("input[name='games[0].value']") == "24"
    assert again.input_value("input[name='games[0].bid']") == "30"
    assert again.locator("[data-refused]").is_hidden()  # not "enter it again"
    assert not Result.objects.filter(table=table).exists()
