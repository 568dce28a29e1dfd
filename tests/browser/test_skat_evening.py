"""A Skat evening in browsers (issue 21): 11 players at two tables of four and one of three,
two short series, the lists kept on 390 px phones game by game.

The director sets on the settings page that members of one club sit apart and enters two
teams of four; series 1 is drawn by lot. The captains write their lists line by line; one
line with a value no hearts game can have is marked at once under the line and not sent
(the server's refusal at its field is tests/integration/test_skat.py's); the table of
three's list is confirmed by a second player's phone.
Series 2 is seated by the running score with the three members of one club at three
tables. The standings on a wide screen, the projector and the standings PDF show the
players' points and the loss fees for the cash desk; the page shows the team ranking and
the statistics page the best series.
"""

import re
import shutil
import subprocess

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission

from pairing.apart import keep_apart
from tournaments import services
from tournaments.models import Report, Result
from tournaments.services import Actor

from .test_walkthrough import PHONE, login

pytestmark = pytest.mark.django_db(transaction=True)

# Per table size: (place of the declarer in seat order, game, value, won or lost).
LISTS = {4: [(1, "grand", "96", "won"), (2, "hearts", "30", "lost"), (3, "clubs", "24", "won"),
             (0, "null", "23", "won")],
         3: [(0, "spades", "22", "lost"), (1, "diamonds", "18", "won"), (2, "null_hand", "35",
                                                                          "won")]}
CLUB = "SC Grand Hand"
MEMBERS = (1, 2, 3)  # start numbers of the one club's members
TEAMS = {"Herz Dame": (1, 4, 5, 6), "Kreuz Bube": (2, 7, 8, 9)}


def seat_numbers(table):
    return [s.entrant.start_number for s in
            table.seats.select_related("entrant").order_by("side", "position")]


def tap(phone, k, field, value):
    """A tile of line ``k`` (the line opens by itself once the one above is done; after a
    line marked wrong, a tap on the line opens it)."""
    line = phone.locator(f"[data-row='games[{k}]']")
    if "is-open" not in (line.get_attribute("class") or ""):
        line.locator("[data-toggle]").click()
    phone.click(f"input[name='games[{k}].{field}'][value='{value}'] + span")


def write_list(phone, numbers, lines):
    for k, (place, game, value, outcome) in enumerate(lines):
        tap(phone, k, "declarer", numbers[place])
        tap(phone, k, "game", game)
        phone.fill(f"input[name='games[{k}].value']", value)
        tap(phone, k, "won", outcome)


def test_eleven_players_two_series(browser, live_server, shot):
    base = live_server.url
    User = get_user_model()
    director = User.objects.create_user("direktor", password="turnier-2026")
    director.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    boss = Actor(director, "direktor")
    t = services.create_tournament(boss, "Skatabend", "skat", "single", scoring={
        "games_per_series": {"4": 4, "3": 3}, "loss_fee": 0.5})
    for i in range(1, 12):
        services.register(t, boss, [{"name": f"Spieler {i}"}], status="present",
                          club=CLUB if i in MEMBERS else f"Verein {i}")
    dpage = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    login(dpage, base, "direktor")

    # The settings page: members of one club apart, two teams of four.
    dpage.goto(f"{base}/director/{t.slug}/settings/")
    dpage.check("input[name=avoid_same_club]")
    dpage.fill("textarea[name=teams]", "\n".join(
        f"{name}: {', '.join(map(str, members))}" for name, members in TEAMS.items()))
    dpage.click("form button[type=submit].primary")
    dpage.wait_for_load_state()
    t.refresh_from_db()
    assert t.draw_options.get("avoid_same_club") is True
    assert [g["name"] for g in t.scoring["teams"]] == ["Herz Dame", "Kreuz Bube"]

    for n in (1, 2):
        dpage.goto(f"{base}/director/{t.slug}/")
        dpage.click(f"form[action='/director/{t.slug}/rounds/draw/'] button[type=submit]")
        dpage.wait_for_url(re.compile(rf"/rounds/{n}/"))
        dpage.click(f"form[action='/director/{t.slug}/rounds/{n}/publish/'] button")
        dpage.wait_for_selector("a[href^='/c/']")
        rnd = t.rounds.get(number=n)
        tables = sorted(rnd.tables.all(), key=lambda tb: tb.number)
        assert [tb.seats.count() for tb in tables] == [4, 4, 3]
        for table in tables:  # never two members of the club at one table
            assert sum(e in MEMBERS for e in seat_numbers(table)) <= 1
        if n == 2:  # seated by the running score (4, 4, 3), then clubmates and team mates
            # swapped apart; which players move depends on series 1's lot, so the expected
            # tables come from the same rule applied to the standings
            order = [r["entrant"] for r in services.standings(t, after_round=1)["standings"]]
            clubs = {e: CLUB if e in MEMBERS else f"Verein {e}" for e in order}
            teams = {e: name for name, members in TEAMS.items() for e in members}
            expected, _lines = keep_apart([order[:4], order[4:8], order[8:]], clubs, teams)
            assert [set(seat_numbers(tb)) for tb in tables] == [set(g) for g in expected]
            dpage.click("details:has(#draw-explanation) summary")
            assert "kept apart" in dpage.inner_text("#draw-explanation")
            shot(dpage, "skat-06-series-2-drawn")
        for table in tables:
            numbers = seat_numbers(table)
            lines = LISTS[len(numbers)]
            phone = browser.new_context(**PHONE).new_page()
            phone.goto(f"{base}/c/{table.token}/")
            if n == 1 and table.number == 1:
                bad = [*lines[:1], (2, "hearts", "25", "lost"), *lines[2:]]
                write_list(phone, numbers, bad)
                check = phone.locator("[data-row='games[1]'] [data-check]")
                check.wait_for(state="visible")
                assert "25" in check.inner_text()
                shot(phone, "skat-01-live-check")
                # a marked line is not sent: the page says which and goes there
                phone.click("#result-form button[type=submit]")
                summary = phone.locator("[data-marked-summary]")
                summary.wait_for(state="visible")
                assert "Game 2" in summary.inner_text(), summary.inner_text()
                assert phone.evaluate("document.activeElement.closest('[data-row]')"
                                      ".dataset.row") == "games[1]"
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

    # The cash desk: one lost game per table and series (six) at 0.50.
    total = "Loss fees in all: 3.00"
    wide = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    wide.goto(f"{base}/t/{t.slug}/")
    wide.wait_for_selector("#standings tbody tr")
    assert wide.locator("#standings table.standings:not(.side-ranking) tbody tr").count() == 11
    head = wide.locator("#standings thead").first.inner_text()
    for word in ("S1", "S2"):
        assert word in head, head
    assert total in wide.inner_text("#standings")
    assert "Team ranking" in wide.inner_text("#standings")
    assert wide.locator("[data-side-ranking] tbody tr").count() == 2
    shot(wide, "skat-03-standings-1920")
    wide.goto(f"{base}/t/{t.slug}/projector/")
    wide.wait_for_selector("table tbody tr")
    assert total in wide.inner_text("#standings")
    # the total stays above the projector's footer on every page (the rows make room for it);
    # the team and tandem rankings are on the page and in the PDF, not on the projector
    line = wide.locator("#standings [data-total]").bounding_box()
    foot = wide.locator(".pj-foot").bounding_box()
    assert line is not None and foot is not None and line["y"] + line["height"] <= foot["y"]
    assert wide.locator("#standings [data-side-ranking]").count() == 0
    shot(wide, "skat-05-projector-1920")
    wide.goto(f"{base}/t/{t.slug}/statistics/")
    wide.wait_for_selector("[data-skat-stats]")
    assert wide.locator("[data-skat-stats] tbody tr").count() == 11
    shot(wide, "skat-07-statistics-1920")

    # The standings PDF from the report task: the players and the cash desk's total.
    dpage.goto(f"{base}/director/{t.slug}/reports/")
    dpage.click("form.report-order:has(input[name=kind][value=standings]) button[type=submit]")
    dpage.wait_for_selector("a:has-text('PDF')", timeout=30000)
    report = Report.objects.filter(tournament=t, kind="standings").latest("id")
    assert report.status == "done"
    with dpage.expect_download() as download:
        dpage.click("a:has-text('PDF')")
    path = download.value.path()
    assert path.read_bytes().startswith(b"%PDF")
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True,
                              text=True, check=True).stdout
        assert total in text and "Spieler 11" in text and "Herz Dame" in text, text[:2000]


# --- the evening as a club runs it (issue 31, "How we will know") ----------------------------

EVENING_PLAYERS = ["Gustav Aal", "Hanna Barsch", "Ingo Dorsch", "Jutta Forelle",
                   "Konrad Hecht", "Lotte Karpfen", "Max Lachs", "Nina Renke"]


def test_a_small_skat_evening(browser, live_server):
    """The shared evening (tests/browser/evening.py) at Skat: the desk signs eight players
    up, two series at two tables of four, each list kept on two phones (one of them offline
    once, sending when back), the projector, the end of the evening and the printed
    standings, all in German."""
    from .evening import Evening, Shots, staff

    t = staff("Skatabend Wunsiedel", "skat", planned_rounds=2,
              scoring={"games_per_series": {"4": 4, "3": 3}})
    shots = Shots("skat")
    evening = Evening(browser, live_server.url, t, shots)
    evening.sign_up(EVENING_PLAYERS)

    def fill(page, index: int, number: int) -> None:
        table = t.rounds.get(number=number).tables.order_by("number")[index]
        write_list(page, seat_numbers(table), LISTS[4])

    evening.play(2, fill)
    assert not shots.wide, f"pages scrolling sideways at 390 px: {shots.wide}"
    assert evening.spectator.locator("#standings table.standings tbody tr").count() == 8
    evening.print_standings(EVENING_PLAYERS)
