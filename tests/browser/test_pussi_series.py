"""A Pussi tournament in browsers: 16 players, 3 series, score sheets kept on phones.

The director draws each series (new partners each time), the table captains keep the
running sheet game by game on 390 px phones, and one captain who writes the totals as on
paper gets a wrong total refused at its row, with the reason, before anything is sent.
At the end nobody has had the same partner twice and the standings list all sixteen.
"""

from collections import Counter

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission

from tournaments import services
from tournaments.models import Result
from tournaments.services import Actor

from .evening import PHONE, draw_and_publish, login

pytestmark = pytest.mark.django_db(transaction=True)

# Per game: declaring party, bid, declarer's outcome, the other party's card points.
GAMES = [(1, 60, "won", 40), (2, 80, "lost", 70), (1, 100, "won", 15)]


def running_totals(games):
    totals, out = [0, 0], []
    for declarer, bid, outcome, points in games:
        d, o = declarer - 1, 2 - declarer
        totals[d] += {"won": bid, "lost": -bid, "schwarz": -2 * bid}[outcome]
        totals[o] += points
        out.append(tuple(totals))
    return out


def test_sixteen_players_three_series(browser, live_server, shot):
    base = live_server.url
    User = get_user_model()
    director = User.objects.create_user("direktor", password="turnier-2026")
    director.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    boss = Actor(director, "direktor")
    t = services.create_tournament(boss, "Pussi-Abend", "pussi", "single",
                                   scoring={"games_per_series": 3})
    for i in range(1, 17):
        services.register(t, boss, [{"name": f"Spieler {i:02d}"}], status="present")
    dpage = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    login(dpage, base, "direktor")

    partners: Counter = Counter()
    for n in (1, 2, 3):
        draw_and_publish(dpage, base, t.slug, n)
        rnd = t.rounds.get(number=n)
        assert rnd.draw_method == "pussi_partners"
        for table in rnd.tables.prefetch_related("seats"):
            for side in (1, 2):
                partners[frozenset(s.entrant_id for s in table.seats.all()
                                   if s.side == side)] += 1
            phone = browser.new_context(**PHONE).new_page()
            phone.goto(f"{base}/c/{table.token}/")
            if n == 1 and table.number == 1:
                # This captain writes the totals as on paper, and slips at game 2.
                phone.check("input[name=pussi_mode][value=totals]", force=True)
                for k, (declarer, bid, _, _) in enumerate(GAMES):
                    phone.select_option(f"select[name='games[{k}].declarer']", str(declarer))
                    phone.fill(f"input[name='games[{k}].bid']", str(bid))
                for k, (a, b) in enumerate(running_totals(GAMES)):
                    wrong = k == 1
                    phone.fill(f"input[name='games[{k}].total1']", str(a))
                    phone.fill(f"input[name='games[{k}].total2']", str(b + 1 if wrong else b))
                phone.click("#result-form button[type=submit]")
                row = phone.locator("[data-row='games[1]']")
                row.locator("[data-check]").wait_for(state="visible")
                reason = row.locator("[data-check]").inner_text()
                assert "60" in reason or "80" in reason, reason  # names the totals involved
                assert not Result.objects.filter(table=table).exists()  # nothing was sent
                shot(phone, "pussi-01-wrong-row")
                phone.fill("input[name='games[1].total2']", str(running_totals(GAMES)[1][1]))
            else:
                for k, (declarer, bid, outcome, points) in enumerate(GAMES):
                    phone.select_option(f"select[name='games[{k}].declarer']", str(declarer))
                    phone.fill(f"input[name='games[{k}].bid']", str(bid))
                    phone.check(f"input[name='games[{k}].outcome'][value={outcome}]",
                                force=True)
                    phone.fill(f"input[name='games[{k}].points']", str(points))
                if n == 1 and table.number == 2:
                    shot(phone, "pussi-02-game-by-game")
            with phone.expect_navigation():  # sent by fetch, then the answer page
                phone.click("#result-form button[type=submit]")
            result = Result.objects.get(table=table)
            assert [g["totals"] for g in result.payload["games"]] == [
                list(x) for x in running_totals(GAMES)]
            phone.context.close()
        services.close_round(t, boss, n)
    assert max(partners.values()) == 1 and len(partners) == 24

    spectator = browser.new_context(**PHONE).new_page()
    spectator.goto(f"{base}/t/{t.slug}/")
    spectator.wait_for_selector("#standings tbody tr")
    assert spectator.locator("#standings tbody tr").count() == 16
    shot(spectator, "pussi-03-standings")
