"""A Doppelkopf round of 8 players with a compulsory solo, the lists kept on 390 px phones.

The director draws round 1 by lot (two tables of four, rounds of 4 games, one compulsory
solo per player). Table 1's captain writes a normal game, a compulsory queens solo announced
"Re" and one line whose points do not sum to zero: the line is marked at once and the list
is not sent until it is corrected; then a fifth line after the round's games is a late compulsory
solo. The note above the list says who still owes the compulsory solo, updated as the
captain ticks it. Table 2's list is confirmed by a second player's phone in German. The
standings on a wide screen and the projector show the points, the solos and who owes one.
"""

import re

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission

from tournaments import services
from tournaments.models import Result
from tournaments.services import Actor

from .conftest import ARTIFACTS
from .test_walkthrough import PHONE, login

pytestmark = pytest.mark.django_db(transaction=True)


def seat_numbers(table):
    return [s.entrant.start_number for s in
            table.seats.select_related("entrant").order_by("side", "position")]


def write_line(phone, k, kind, re_party, scores, compulsory=False, ann_re=""):
    at = f"games[{k}]"
    phone.select_option(f"select[name='{at}.kind']", kind)
    phone.select_option(f"select[name='{at}.re1']", str(re_party[0]))
    if len(re_party) > 1:
        phone.select_option(f"select[name='{at}.re2']", str(re_party[1]))
    if ann_re:
        phone.select_option(f"select[name='{at}.ann_re']", ann_re)
    if compulsory:
        phone.check(f"input[name='{at}.compulsory']")
    for number, value in scores.items():
        phone.fill(f"input[name='{at}.score_{number}']", str(value))


def table_lines(numbers):
    """(kind, Re, scores, compulsory, Re's announcement) per game of a table."""
    a, b, c, d = numbers
    return [
        ("normal", [a, c], {a: 2, b: -2, c: 2, d: -2}, False, ""),
        # compulsory queens solo, "Re" announced and won: 1 + 2 = 3, the soloist 9
        ("queens", [b], {a: -3, b: 9, c: -3, d: -3}, True, "re"),
        ("normal", [b, d], {a: 1, b: -1, c: 1, d: -1}, False, ""),
        ("normal", [a, d], {a: 3, b: -3, c: -3, d: 3}, False, ""),
    ]


def test_eight_players_one_round_with_a_compulsory_solo(browser, live_server, shot):
    base = live_server.url
    User = get_user_model()
    director = User.objects.create_user("direktor", password="turnier-2026")
    director.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    boss = Actor(director, "direktor")
    t = services.create_tournament(boss, "Doppelkopfabend", "doppelkopf", "single", scoring={
        "games_per_round": {"4": 4, "5": 5}, "compulsory_solos": 1, "time_limit": 100})
    for i in range(1, 9):
        services.register(t, boss, [{"name": f"Spieler {i}"}], status="present")
    dpage = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    login(dpage, base, "direktor")
    dpage.goto(f"{base}/director/{t.slug}/")
    dpage.click(f"form[action='/director/{t.slug}/rounds/draw/'] button[type=submit]")
    dpage.wait_for_url(re.compile(r"/rounds/1/"))
    dpage.click(f"form[action='/director/{t.slug}/rounds/1/publish/'] button")
    dpage.wait_for_selector("a[href^='/c/']")
    tables = sorted(t.rounds.get(number=1).tables.all(), key=lambda tb: tb.number)
    assert [tb.seats.count() for tb in tables] == [4, 4]
    names = {e.start_number: e.name for e in t.entrants.all()}

    # table 1: a line that does not sum to zero, held back; then a late compulsory solo
    one = tables[0]
    numbers = seat_numbers(one)
    a, b, c, d = numbers
    lines = table_lines(numbers)
    phone = browser.new_context(**PHONE).new_page()
    phone.goto(f"{base}/c/{one.token}/")
    owed = phone.locator("[data-owed]")
    assert all(names[n] in owed.inner_text() for n in numbers)
    for k, (kind, re_party, scores, compulsory, ann) in enumerate(lines[:3]):
        write_line(phone, k, kind, re_party, scores, compulsory, ann)
    # ticking b's compulsory solo takes b off the note at once
    assert names[b] not in owed.inner_text() and names[a] in owed.inner_text()
    kind, re_party, scores, _c, _a = lines[3]
    write_line(phone, 3, kind, re_party, {**scores, d: 2})  # +3 -3 -3 +2 = -1
    check = phone.locator("[data-row='games[3]'] [data-check]")
    check.wait_for(state="visible")
    assert "= -1" in check.inner_text()
    phone.locator("[data-row='games[2]']").scroll_into_view_if_needed()
    phone.screenshot(path=str(ARTIFACTS / "doppelkopf-01-live-check-390x844.png"))
    # a marked line is not sent (the server's refusal at the line is
    # tests/integration/test_doppelkopf.py's): the page says which and goes there
    phone.click("#result-form button[type=submit]")
    summary = phone.locator("[data-marked-summary]")
    summary.wait_for(state="visible")
    assert "Game 4" in summary.inner_text(), summary.inner_text()
    assert phone.evaluate("document.activeElement.closest('[data-row]').dataset.row"
                          ) == "games[3]"
    assert not Result.objects.filter(table=one).exists()
    phone.fill(f"input[name='games[3].score_{d}']", "3")
    # game 5 comes after the round's 4 games: a's owed compulsory solo, lost: -2 × 3
    write_line(phone, 4, "clubs", [a], {a: -6, b: 2, c: 2, d: 2}, compulsory=True)
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width  # no sideways scrolling on the phone
    phone.locator("[data-row='games[0]']").scroll_into_view_if_needed()
    phone.screenshot(path=str(ARTIFACTS / "doppelkopf-02-captain-390x844.png"))
    phone.click("#result-form button[type=submit]")
    phone.wait_for_url(re.compile(r"sent="))
    payload = Result.objects.get(table=one).payload
    assert [g["kind"] for g in payload["games"]] == ["normal", "queens", "normal", "normal",
                                                     "clubs"]
    assert payload["games"][1]["compulsory"] is True
    assert all(sum(g["scores"].values()) == 0 for g in payload["games"])
    phone.context.close()

    # table 2: written by the captain, confirmed by a second player's phone in German
    two = tables[1]
    numbers2 = seat_numbers(two)
    for locale in ("en-US", "de-DE"):
        page = browser.new_context(**PHONE, locale=locale).new_page()
        page.goto(f"{base}/c/{two.token}/")
        for k, line in enumerate(table_lines(numbers2)):
            write_line(page, k, *line)
        if locale == "de-DE":
            assert "Pflichtsolo noch offen" in page.inner_text("#result-form")
            page.locator("[data-owed]").scroll_into_view_if_needed()
            page.screenshot(path=str(ARTIFACTS / "doppelkopf-03-captain-390x844-de.png"))
        page.click("#result-form button[type=submit]")
        page.wait_for_url(re.compile(r"sent="))
        page.context.close()
    assert Result.objects.get(table=two).status == Result.Status.CONFIRMED
    services.close_round(t, boss, 1)

    rows = {r["entrant"]: r["values"] for r in services.standings(t)["standings"]}
    # table 1 by hand: a: 2 -3 +1 +3 -6 = -3; b: -2 +9 -1 -3 +2 = 5;
    # c: 2 -3 +1 -3 +2 = -1; d: -2 -3 -1 +3 +2 = -1
    assert [rows[n]["points"] for n in (a, b, c, d)] == [-3, 5, -1, -1]
    assert sum(v["points"] for v in rows.values()) == 0
    assert rows[b]["solos"] == 1 and rows[a]["solos"] == 1 and rows[c]["solos_missing"] == 1

    wide = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    wide.goto(f"{base}/t/{t.slug}/")
    wide.wait_for_selector("#standings tbody tr")
    assert wide.locator("#standings tbody tr").count() == 8
    head = wide.locator("#standings thead").inner_text()
    assert "R1" in head and "Solos owed" in head, head
    # c and d owe their compulsory solo at table 1, and three players at table 2
    owing = wide.inner_text("#standings").split("Compulsory solos still owed:")[1]
    assert names[c] in owing and names[d] in owing and names[b] not in owing, owing
    shot(wide, "doppelkopf-04-standings-1920")
    wide.goto(f"{base}/t/{t.slug}/projector/")
    wide.wait_for_selector("table tbody tr")
    shot(wide, "doppelkopf-05-projector-1920")


# --- the evening as a club runs it (issue 31, "How we will know") ----------------------------

EVENING_PLAYERS = ["Olaf Ahorn", "Petra Birke", "Quentin Eibe", "Renate Erle",
                   "Stefan Fichte", "Traudl Kiefer", "Uwe Linde", "Vroni Pappel"]


def test_a_small_doppelkopf_evening(browser, live_server):
    """The shared evening (tests/browser/evening.py) at Doppelkopf: the desk signs eight
    players up, two rounds of four normal games at two tables, each list on two phones (one
    offline once), the projector, the end of the evening and the printed standings, German."""
    from .evening import Evening, Shots, staff

    t = staff("Doppelkopfabend Marktredwitz", "doppelkopf", planned_rounds=2,
              scoring={"games_per_round": {"4": 4, "5": 5}, "compulsory_solos": 0})
    shots = Shots("doppelkopf")
    evening = Evening(browser, live_server.url, t, shots)
    evening.sign_up(EVENING_PLAYERS)

    def fill(page, index: int, number: int) -> None:
        table = t.rounds.get(number=number).tables.order_by("number")[index]
        a, b, c, d = seat_numbers(table)
        lines = [([a, c], 2), ([b, d], 1 + index), ([a, d], 3), ([b, c], -2)]
        for k, (re_party, value) in enumerate(lines):
            scores = {n: (value if n in re_party else -value) for n in (a, b, c, d)}
            write_line(page, k, "normal", re_party, scores)

    evening.play(2, fill)
    assert not shots.wide, f"pages scrolling sideways at 390 px: {shots.wide}"
    assert evening.spectator.locator("#standings table.standings tbody tr").count() == 8
    evening.print_standings(EVENING_PLAYERS)
