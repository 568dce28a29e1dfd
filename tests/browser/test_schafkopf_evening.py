"""A Preisschafkopf in browsers (issue 26): 8 players, 2 rounds of four games, the BSV's
money tariff set on the settings page, the lists kept on 390 px phones.

The director sets the tariff (10 / 50 cents, Schneider and Schwarz 10, 10 per Laufender,
games everyone passed written on the list) and prints the round's lists (the PDF, looked at
as a picture). Round 1 is drawn by lot. At table 1 the captain writes the list in English:
after a passed game the same dealer deals again, a Sauspiel without its partner is marked at
once, and each line shows its points and everyone's running total, which the page sums as
the scoring core does; a second player's phone in German sends the same list and confirms
it. At table 2 the two phones disagree about the last game: the table is disputed until the
director accepts the right report on the round page. Round 2 is seated by the running score
and confirmed by two phones per table. The standings on a wide screen, the projector, the
statistics and the standings PDF show the players' points and balances, and the cash
desk's sums.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission

from scoring.schafkopf import read_line
from tournaments import services
from tournaments.disciplines import of
from tournaments.models import Report, Result, ResultRevision
from tournaments.services import Actor

from .conftest import ARTIFACTS
from .evening import PHONE, login

pytestmark = pytest.mark.django_db(transaction=True)

# A list in seat places (0 deals the first game): (game, player, partner, won, Schneider,
# Laufende); None is a game everyone passed, dealt again by the same dealer.
LIST = [("sauspiel", 1, 3, "won", "", ""), None, ("wenz", 2, None, "lost", "schneider", ""),
        ("solo", 3, None, "won", "", "3"), ("sauspiel", 0, 2, "lost", "", "")]
OTHER = [*LIST[:4], ("sauspiel", 0, 2, "won", "", "")]  # the disputed table's other report
SHOTS = ARTIFACTS / "schafkopf"


def seat_numbers(table):
    return [s.entrant.start_number for s in
            table.seats.select_related("entrant").order_by("side", "position")]


def write_list(phone, numbers, lines):
    for k, entry in enumerate(lines):
        at = f"games[{k}]"
        if entry is None:
            phone.select_option(f"select[name='{at}.game']", "passed")
            continue
        game, player, partner, won, level, laufende = entry
        phone.select_option(f"select[name='{at}.player']", str(numbers[player]))
        phone.select_option(f"select[name='{at}.game']", game)
        if partner is not None:
            phone.select_option(f"select[name='{at}.partner']", str(numbers[partner]))
        phone.select_option(f"select[name='{at}.won']", won)
        if level:
            phone.select_option(f"select[name='{at}.level']", level)
        if laufende:
            phone.fill(f"input[name='{at}.laufende']", laufende)


def running_totals(t, table, payload) -> dict[int, int]:
    """Each player's sum of the list as the scoring core reads it."""
    numbers = seat_numbers(table)
    totals = dict.fromkeys(numbers, 0)
    for line in payload["games"]:
        game = read_line(line, numbers, of(t).settings(t))
        assert game is not None, line
        for e, score in game.scores.items():
            totals[e] += score
    return totals


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"\u2212{-n}" if n < 0 else "0"


def shot(page, name: str, full: bool = True) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full)


def send(page, outcome: str = "") -> None:
    page.click("#result-form button[type=submit]")
    page.wait_for_url(re.compile(rf"sent={outcome}"))


def order_pdf(dpage, base, t, kind: str, round_number: str | None = None) -> Path:
    """Order a report on the reports page and download its PDF."""
    dpage.goto(f"{base}/director/{t.slug}/reports/")
    form = dpage.locator(f"form.report-order:has(input[name=kind][value={kind}])")
    if round_number is not None:
        form.locator("select[name=round_number]").select_option(round_number)
    form.locator("button[type=submit]").click()
    report = Report.objects.filter(tournament=t, kind=kind).latest("id")
    link = dpage.locator(f"a[href$='/reports/{report.pk}/download/']")
    link.wait_for(timeout=60000)
    report.refresh_from_db()
    assert report.status == "done", report.error
    with dpage.expect_download() as download:
        link.click()
    path = download.value.path()
    assert path.read_bytes().startswith(b"%PDF")
    return path


def as_png(pdf: Path, name: str) -> Path | None:
    """The PDF's first page as a picture (pdftoppm), to look at."""
    if not shutil.which("pdftoppm"):
        return None
    SHOTS.mkdir(parents=True, exist_ok=True)
    stem = SHOTS / name
    subprocess.run(["pdftoppm", "-png", "-r", "80", "-f", "1", "-l", "1", str(pdf), str(stem)],
                   check=True)
    found = sorted(SHOTS.glob(f"{name}*.png"))
    assert found, f"pdftoppm wrote no picture of {pdf}"
    return found[0]


def test_eight_players_two_rounds_phones_a_dispute_and_the_printed_list(browser, live_server):
    base = live_server.url
    User = get_user_model()
    director = User.objects.create_user("direktor", password="turnier-2026")
    director.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    boss = Actor(director, "direktor")
    t = services.create_tournament(boss, "Preisschafkopf", "schafkopf", "single")
    for i in range(1, 9):
        services.register(t, boss, [{"name": f"Spieler {i}"}], status="present")
    names = {e.start_number: e.name for e in t.entrants.all()}
    dpage = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    login(dpage, base, "direktor")

    # The settings page: the BSV's money tariff, rounds of four games, passed games written.
    dpage.goto(f"{base}/director/{t.slug}/settings/")
    for name, value in (("games_per_series_4", "4"), ("tariff_sauspiel", "10"),
                        ("tariff_solo", "50"), ("tariff_wenz", "50"), ("schneider", "10"),
                        ("schwarz", "10"), ("laufende", "10")):
        dpage.fill(f"input[name={name}]", value)
    dpage.check("input[name=unit][value=cent]")
    dpage.check("input[name=games][value=passed]")
    shot(dpage, "01-settings-1280")
    dpage.click("form button[type=submit].primary")
    dpage.wait_for_load_state()
    t.refresh_from_db()
    assert t.scoring["unit"] == "cent" and t.scoring["tariff"]["solo"] == 50
    assert t.scoring["games"] == ["sauspiel", "solo", "wenz", "passed"]
    assert t.scoring["games_per_series"]["4"] == 4 and t.scoring["laufende"] == 10

    for n in (1, 2):
        dpage.goto(f"{base}/director/{t.slug}/")
        dpage.click(f"form[action='/director/{t.slug}/rounds/draw/'] button[type=submit]")
        dpage.wait_for_url(re.compile(rf"/rounds/{n}/"))
        dpage.click(f"form[action='/director/{t.slug}/rounds/{n}/publish/'] button")
        dpage.wait_for_selector("a[href^='/c/']")
        rnd = t.rounds.get(number=n)
        tables = sorted(rnd.tables.all(), key=lambda tb: tb.number)
        assert [tb.seats.count() for tb in tables] == [4, 4]
        if n == 1:
            # the printed lists of round 1, with the QR code and the tariff
            pdf = order_pdf(dpage, base, t, "score_sheets", "1")
            if shutil.which("pdftotext"):
                text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"],
                                      capture_output=True, text=True, check=True).stdout
                assert "Sauspiel 10, Solo 50, Wenz 50" in text, text[:2000]
                assert "Spieler 1" in text and "Spieler 8" in text, text[:2000]
            as_png(pdf, "02-printed-list")
        else:  # seated by the running score: the leaders at table 1
            order = [r["entrant"] for r in services.standings(t, after_round=1)["standings"]]
            assert [set(seat_numbers(tb)) for tb in tables] == [set(order[:4]),
                                                                set(order[4:])]
        for table in tables:
            numbers = seat_numbers(table)
            disputed = n == 1 and table.number == 2
            first = browser.new_context(**PHONE).new_page()
            first.goto(f"{base}/c/{table.token}/")
            if n == 1 and table.number == 1:
                write_list(first, numbers, LIST[:4])
                # after the passed game the same dealer deals game 3
                dealer = first.locator("[data-row='games[2]'] [data-dealer-name]")
                assert dealer.inner_text() == names[numbers[1]]
                # a Sauspiel without its partner is marked at once
                first.select_option("select[name='games[4].player']", str(numbers[0]))
                first.select_option("select[name='games[4].game']", "sauspiel")
                first.select_option("select[name='games[4].won']", "lost")
                check = first.locator("[data-row='games[4]'] [data-check]")
                check.wait_for(state="visible")
                assert "partner" in check.inner_text()
                partner = first.locator("select[name='games[4].partner']")
                assert partner.get_attribute("aria-invalid") == "true"  # the field is named
                assert partner.get_attribute("aria-describedby") == check.get_attribute("id")
                first.locator("[data-row='games[4]']").scroll_into_view_if_needed()
                shot(first, "03-captain-live-check-390", full=False)
                first.select_option("select[name='games[4].partner']", str(numbers[2]))
                assert check.is_hidden() and partner.get_attribute("aria-invalid") is None
                width = first.evaluate("document.documentElement.scrollWidth")
                assert width <= 390, width  # no sideways scrolling on the phone
            else:
                write_list(first, numbers, LIST)
            # the points of the list as the page sums them, and as the scoring core does
            payload = of(t).result_form.payload_from_post(
                {**{f"games[{k}].game": "passed" for k, e in enumerate(LIST) if e is None},
                 **_post(numbers, LIST)}, table)
            totals = running_totals(t, table, payload)
            shown = first.locator("[data-totals]").inner_text()
            assert shown.endswith(", ".join(f"{names[e]} {signed(v)}"
                                            for e, v in totals.items())), (shown, totals)
            assert shown.startswith("After 4 of 4 games:"), shown
            if n == 1 and table.number == 1:
                first.locator("[data-row='games[3]']").scroll_into_view_if_needed()
                shot(first, "04-captain-points-390", full=False)
                shot(first, "05-captain-whole-list-390")
            send(first, "submitted")
            assert Result.objects.get(table=table).payload == payload
            first.context.close()
            second = browser.new_context(**PHONE, locale="de-DE").new_page()
            second.goto(f"{base}/c/{table.token}/")
            write_list(second, numbers, OTHER if disputed else LIST)
            if n == 1 and table.number == 1:
                assert "Geber" in second.inner_text("#result-form")
                assert "Nach 4 von 4 Spielen:" in second.inner_text("[data-totals]")
                shot(second, "06-captain-390-de", full=False)
            send(second, "disputed" if disputed else "confirmed")
            second.context.close()
            result = Result.objects.get(table=table)
            assert result.status == (Result.Status.DISPUTED if disputed
                                     else Result.Status.CONFIRMED)
        if n == 1:
            # the director settles the dispute: the first phone's list is the right one
            two = tables[1]
            right = ResultRevision.objects.filter(table=two).order_by("id").first()
            dpage.goto(f"{base}/director/{t.slug}/rounds/1/")
            box = dpage.locator("#revisions-2")
            assert "differs" in box.inner_text()
            box.scroll_into_view_if_needed()
            shot(dpage, "07-director-dispute-1280")
            dpage.click(f"form[action='/director/{t.slug}/revisions/{right.pk}/accept/'] "
                        "button")
            dpage.wait_for_load_state()
            result = Result.objects.get(table=two)
            assert result.status == Result.Status.CONFIRMED
            assert result.payload == right.payload
        dpage.goto(f"{base}/director/{t.slug}/rounds/{n}/")
        dpage.click(f"form[action='/director/{t.slug}/rounds/{n}/close/'] button")
        dpage.wait_for_selector(f"form[action='/director/{t.slug}/rounds/{n}/reopen/']")

    # Every table wrote LIST twice: each place's cents, summed over both rounds.
    rows = {r["entrant"]: r["values"] for r in services.standings(t)["standings"]}
    assert sum(v["points"] for v in rows.values()) == 0
    assert all(v["games"] == 8 for v in rows.values())
    paid = sum(-v["points"] for v in rows.values() if v["points"] < 0)
    money = f"{paid // 100},{paid % 100:02d}"
    desk = f"Kasse: {money} € zahlen die Spieler im Minus ein, {money} € gehen an"

    wide = browser.new_context(viewport={"width": 1920, "height": 1080},
                               locale="de-DE").new_page()
    wide.goto(f"{base}/t/{t.slug}/")
    wide.wait_for_selector("#standings tbody tr")
    assert wide.locator("#standings table.standings tbody tr").count() == 8
    head = wide.locator("#standings thead").first.inner_text()
    for word in ("Kasse", "R1", "R2", "Verl."):
        assert word in head, head
    assert "Soli" not in head  # the solos are the statistics page's
    assert desk in wide.inner_text("#standings")
    shot(wide, "08-standings-1920")
    wide.goto(f"{base}/t/{t.slug}/projector/")
    wide.wait_for_selector("table tbody tr")
    assert desk in wide.inner_text("#standings")
    shot(wide, "09-projector-1920", full=False)
    wide.goto(f"{base}/t/{t.slug}/statistics/")
    wide.wait_for_selector("[data-schafkopf-kinds]")
    assert wide.locator("[data-schafkopf-stats] tbody tr").count() == 8
    kinds = wide.inner_text("[data-schafkopf-kinds]")
    assert "Sauspiel" in kinds and "zusammengeworfen" in kinds, kinds
    shot(wide, "10-statistics-1920")
    phone = browser.new_context(**PHONE, locale="de-DE").new_page()
    phone.goto(f"{base}/t/{t.slug}/")
    phone.wait_for_selector("#standings tbody tr")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    shot(phone, "11-standings-390-de")

    # The standings PDF: the players, their balances and the cash desk's sums.
    pdf = order_pdf(dpage, base, t, "standings")
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                              text=True, check=True).stdout
        assert "Spieler 8" in text and re.search(r"(Kasse|Cash desk):", text), text[:2000]
    as_png(pdf, "12-standings-pdf")


def _post(numbers, lines) -> dict[str, str]:
    """The form fields of a list written in seat places (as write_list fills them)."""
    out: dict[str, str] = {}
    for k, entry in enumerate(lines):
        if entry is None:
            continue
        game, player, partner, won, level, laufende = entry
        at = f"games[{k}]"
        out.update({f"{at}.game": game, f"{at}.player": str(numbers[player]), f"{at}.won": won})
        if partner is not None:
            out[f"{at}.partner"] = str(numbers[partner])
        if level:
            out[f"{at}.level"] = level
        if laufende:
            out[f"{at}.laufende"] = laufende
    return out
