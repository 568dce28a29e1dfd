"""A small Skat evening in browsers: 7 players (a table of four and one of three), two
series of a few games each, the lists kept on 390 px phones.

The director draws series 1 by lot, the captains write their lists line by line; one line
with a value no hearts game can have is marked at once under the line and refused at its
field by the server; the table of three's list is confirmed by a second player's phone.
Series 2 is seated by the running score, and the standings on a wide screen show the
Skat columns.
"""

import re

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission

from tournaments import services
from tournaments.models import Result
from tournaments.services import Actor

from .test_walkthrough import PHONE, login

pytestmark = pytest.mark.django_db(transaction=True)

# Per table size: (place of the declarer in seat order, game, value, won or lost).
LISTS = {4: [(1, "grand", "96", "won"), (2, "hearts", "30", "lost"), (3, "clubs", "24", "won"),
             (0, "null", "23", "won")],
         3: [(0, "spades", "22", "lost"), (1, "diamonds", "18", "won"), (2, "null_hand", "35",
                                                                          "won")]}


def seat_numbers(table):
    return [s.entrant.start_number for s in
            table.seats.select_related("entrant").order_by("side", "position")]


def write_list(phone, numbers, lines):
    for k, (place, game, value, outcome) in enumerate(lines):
        phone.select_option(f"select[name='games[{k}].game']", game)
        phone.select_option(f"select[name='games[{k}].declarer']", str(numbers[place]))
        phone.fill(f"input[name='games[{k}].value']", value)
        phone.select_option(f"select[name='games[{k}].won']", outcome)


def test_seven_players_two_series(browser, live_server, shot):
    base = live_server.url
    User = get_user_model()
    director = User.objects.create_user("direktor", password="turnier-2026")
    director.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    boss = Actor(director, "direktor")
    t = services.create_tournament(boss, "Skatabend", "skat", "single", scoring={
        "games_per_series": {"4": 4, "3": 3}, "loss_fee": 0.5})
    for i in range(1, 8):
        services.register(t, boss, [{"name": f"Spieler {i}"}], status="present")
    dpage = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    login(dpage, base, "direktor")

    for n in (1, 2):
        dpage.goto(f"{base}/director/{t.slug}/")
        dpage.click(f"form[action='/director/{t.slug}/rounds/draw/'] button[type=submit]")
        dpage.wait_for_url(re.compile(rf"/rounds/{n}/"))
        dpage.click(f"form[action='/director/{t.slug}/rounds/{n}/publish/'] button")
        dpage.wait_for_selector("a[href^='/c/']")
        rnd = t.rounds.get(number=n)
        tables = sorted(rnd.tables.all(), key=lambda tb: tb.number)
        assert sorted(tb.seats.count() for tb in tables) == [3, 4]
        if n == 2:  # seated by the running score: the four leaders at table 1
            order = [r["entrant"] for r in services.standings(t, after_round=1)["standings"]]
            assert sorted(seat_numbers(tables[0])) == sorted(order[:4])
        for table in tables:
            numbers = seat_numbers(table)
            lines = LISTS[len(numbers)]
            phone = browser.new_context(**PHONE).new_page()
            phone.goto(f"{base}/c/{table.token}/")
            if n == 1 and len(numbers) == 4:
                bad = [*lines[:1], (2, "hearts", "25", "lost"), *lines[2:]]
                write_list(phone, numbers, bad)
                check = phone.locator("[data-row='games[1]'] [data-check]")
                check.wait_for(state="visible")
                assert "25" in check.inner_text()
                shot(phone, "skat-01-live-check")
                phone.click("#result-form button[type=submit]")
                phone.wait_for_load_state()
                server = phone.locator("[data-error-for='games[1]']").inner_text()
                assert "25" in server and "20" in server, server
                assert not Result.objects.filter(table=table).exists()
                phone.fill("input[name='games[1].value']", "30")
                width = phone.evaluate("document.documentElement.scrollWidth")
                assert width <= 390, width  # no sideways scrolling on the phone
                shot(phone, "skat-02-captain-390")
            else:
                write_list(phone, numbers, lines)
            phone.click("#result-form button[type=submit]")
            phone.wait_for_url(re.compile(r"sent="))
            result = Result.objects.get(table=table)
            assert [g["value"] for g in result.payload["games"]] == [
                int(v) for _p, _g, v, _o in lines]
            phone.context.close()
            if len(numbers) == 3:  # a second player of the table confirms the list
                other = browser.new_context(**PHONE, locale="de-DE").new_page()
                other.goto(f"{base}/c/{table.token}/")
                write_list(other, numbers, lines)
                if n == 2:
                    assert "Geber" in other.inner_text("#result-form")
                    shot(other, "skat-04-captain-390-de")
                other.click("#result-form button[type=submit]")
                other.wait_for_url(re.compile(r"sent=confirmed"))
                other.context.close()
                assert Result.objects.get(table=table).status == Result.Status.CONFIRMED
        services.close_round(t, boss, n)

    wide = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    wide.goto(f"{base}/t/{t.slug}/?lang=de")
    wide.wait_for_selector("#standings tbody tr")
    assert wide.locator("#standings tbody tr").count() == 7
    head = wide.locator("#standings thead").inner_text()
    for word in ("S1", "S2"):
        assert word in head, head
    # the cash desk's total: four lost games (one per table and series) at 0.50
    assert "Loss fees in all: 2.00" in wide.inner_text("#standings")
    shot(wide, "skat-03-standings-1920")
    wide.goto(f"{base}/t/{t.slug}/projector/")
    wide.wait_for_selector("table tbody tr")
    shot(wide, "skat-05-projector-1920")
