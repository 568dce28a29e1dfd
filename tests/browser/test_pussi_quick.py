"""Issue 18, item 5: a Pussi evening with one table kept game by game and one entered
quickly (final totals only), series 2 cut to 6 games by the director in the middle of it.

No table is flagged falsely (series 1 plays the tournament's 8, series 2 the 6 it was cut
to), the phone refuses an opponents' total that falls by anything but 2×bid before
anything is sent (item 4: a fall by exactly 2×bid is accepted, docs/cards.md), and the
statistics (the seed's result sheet) name the quick-entry tables
and their players.
"""

import re

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission

from tournaments import services
from tournaments.models import ActionLog, Result
from tournaments.services import Actor

from .test_pussi_series import running_totals
from .test_walkthrough import PHONE, login

pytestmark = pytest.mark.django_db(transaction=True)

# Per game: declaring party, bid, declarer's outcome, the other party's card points.
EIGHT = [(1, 60, "won", 40), (2, 80, "lost", 70), (1, 100, "won", 15), (2, 60, "won", 20),
         (1, 70, "lost", 50), (2, 90, "won", 30), (1, 60, "won", 25), (2, 80, "lost", 45)]
SIX = EIGHT[:6]


def game_by_game(phone, games):
    for k, (declarer, bid, outcome, points) in enumerate(games):
        if not phone.locator(f"select[name='games[{k}].declarer']").count():
            phone.click("[data-add-game]")
        phone.select_option(f"select[name='games[{k}].declarer']", str(declarer))
        phone.fill(f"input[name='games[{k}].bid']", str(bid))
        phone.check(f"input[name='games[{k}].outcome'][value={outcome}]", force=True)
        phone.fill(f"input[name='games[{k}].points']", str(points))


def quick_entry(phone, final, played, premium):
    phone.check("input[name=pussi_mode][value=quick]", force=True)
    phone.fill("input[name='final.1']", str(final[0]))
    phone.fill("input[name='final.2']", str(final[1]))
    phone.fill("input[name=played]", str(played))
    if premium:
        phone.check(f"input[name='premium.side'][value='{premium[0]}']", force=True)
        phone.fill("input[name='premium.game']", str(premium[1]))


def no_sideways_scroll(page):
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def test_a_pussi_evening_with_a_quick_entry_and_a_cut_series(browser, live_server, shot):
    base = live_server.url
    User = get_user_model()
    director = User.objects.create_user("direktor", password="turnier-2026")
    director.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    boss = Actor(director, "direktor")
    t = services.create_tournament(boss, "Pussi in Eile", "pussi", "single",
                                   scoring={"games_per_series": 8})
    for i in range(1, 9):
        services.register(t, boss, [{"name": f"Spieler {i}"}], status="present")
    dpage = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    login(dpage, base, "direktor")

    def draw_and_publish(n):
        dpage.goto(f"{base}/director/{t.slug}/")
        dpage.click(f"form[action='/director/{t.slug}/rounds/draw/'] button[type=submit]")
        dpage.wait_for_url(re.compile(rf"/rounds/{n}/"))
        dpage.click(f"form[action='/director/{t.slug}/rounds/{n}/publish/'] button")
        dpage.wait_for_selector("a[href^='/c/']")
        return list(t.rounds.get(number=n).tables.order_by("number"))

    def send(phone, table):
        with phone.expect_navigation():  # sent by fetch, then the answer page
            phone.click("#result-form button[type=submit]")
        return Result.objects.get(table=table).payload

    # --- series 1: the tournament's 8 games ---------------------------------------------
    one, two = draw_and_publish(1)
    phone = browser.new_context(**PHONE).new_page()
    phone.goto(f"{base}/c/{one.token}/")
    # item 4 on the phone: as totals, the other party falls by 2×bid or not at all
    phone.check("input[name=pussi_mode][value=totals]", force=True)
    phone.select_option("select[name='games[0].declarer']", "1")
    phone.fill("input[name='games[0].bid']", "60")
    phone.fill("input[name='games[0].total1']", "-60")
    phone.fill("input[name='games[0].total2']", "-100")
    check = phone.locator("[data-row='games[0]'] [data-check]")
    check.wait_for(state="visible")
    said = check.inner_text()
    assert "or fall by 2×60" in said or "um 2×60" in said, said
    phone.click("#result-form button[type=submit]")
    assert not Result.objects.filter(table=one).exists()  # refused before sending
    phone.context.close()

    phone = browser.new_context(**PHONE).new_page()
    phone.goto(f"{base}/c/{one.token}/")
    phone.check("input[name=pussi_mode][value=outcome]", force=True)
    game_by_game(phone, EIGHT)
    assert [g["totals"] for g in send(phone, one)["games"]] == [
        list(x) for x in running_totals(EIGHT)]
    phone.context.close()

    phone = browser.new_context(**PHONE).new_page()
    phone.goto(f"{base}/c/{two.token}/")
    quick_entry(phone, (420, 610), 8, None)
    phone.locator("[data-quick-check]").wait_for(state="visible")  # 610: who crossed 500?
    assert "500" in phone.locator("[data-quick-check]").inner_text()
    phone.check("input[name='premium.side'][value='2']", force=True)
    phone.fill("input[name='premium.game']", "7")
    no_sideways_scroll(phone)
    shot(phone, "pussi-quick-01-captain-390")
    assert send(phone, two) == {"final": [420, 610], "premium": {"side": 2, "game": 7},
                                "played": 8}
    phone.context.close()
    services.close_round(t, boss, 1)

    # --- series 2: cut to 6 games while it runs ------------------------------------------
    one, two = draw_and_publish(2)
    phone = browser.new_context(**PHONE).new_page()
    phone.goto(f"{base}/c/{one.token}/")
    game_by_game(phone, SIX)
    send(phone, one)
    phone.context.close()
    t.refresh_from_db()
    assert len(services.standings(t).get("flags", [])) == 1  # 6 of 8, before the cut

    dpage.goto(f"{base}/director/{t.slug}/rounds/2/")
    dpage.fill("#id_series_games", "6")
    dpage.click("#series-games-set")
    dpage.wait_for_selector("#id_series_reason_error")  # results are in: a reason first
    dpage.fill("#id_series_reason", "the hall closes at 23:00")
    dpage.click("#series-games-set")
    dpage.wait_for_url(re.compile(r"/rounds/2/$"))
    assert "This series plays 6 games." in dpage.locator("#series-games-now").inner_text()
    shot(dpage, "pussi-quick-02-director-round")
    entry = ActionLog.objects.get(tournament=t, action="set_series_games")
    assert entry.after["reason"] == "the hall closes at 23:00"

    phone = browser.new_context(**PHONE).new_page()
    phone.goto(f"{base}/c/{two.token}/")
    assert "This series has 6 games." in phone.content()
    quick_entry(phone, (330, 180), 6, None)
    send(phone, two)
    phone.context.close()
    services.close_round(t, boss, 2)

    # --- no false flags; the statistics explain the quick-entry tables ------------------
    t.refresh_from_db()
    assert services.standings(t).get("flags", []) == []
    dpage.goto(f"{base}/director/{t.slug}/statistics/")
    sheet = dpage.locator("[data-pussi-stats]")
    text = sheet.inner_text()
    assert "Tables without game-by-game data" in text
    assert dpage.locator("[data-quick-table='1-2']").count() == 1
    assert dpage.locator("[data-quick-table='2-2']").count() == 1
    assert "not 8 games" not in text and "not 6 games" not in text
    assert dpage.locator("td[data-level='podium']").count() >= 3
    sheet.scroll_into_view_if_needed()
    shot(dpage, "pussi-quick-03-result-sheet")
