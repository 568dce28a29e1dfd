"""A DWZ evening as an arbiter runs it, through the pages only: the DSB's list imported,
five players signed up by typing parts of their names, a birth date corrected, results
typed in by board number, the DWZ report with the new ratings, and the new ratings
written back to the players."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tournaments.models import Entrant, Player

from .evening import Evening, Shots, settle, staff

pytestmark = pytest.mark.django_db(transaction=True)

DSB = (
    "ZPS,Mgl-Nr,Status,Spielername,Geschlecht,Spielberechtigung,Geburtsjahr,"
    "Letzte-Auswertung,DWZ,Index,FIDE-Elo,FIDE-Titel,FIDE-ID,FIDE-Land\n"
    'C0327,0012,A,"Kurz,Anna",W,D,1961,202601,1834,23,1901,FM,4612345,GER\n'
    'C0327,0013,A,"Lang,Bernd",M,D,1980,202510,1652,17,0,,0,GER\n'
    'C0327,0014,A,"Breit,Clara",W,D,1975,202511,1711,55,0,,0,GER\n'
    'C0327,0015,A,"Hoch,Dieter",M,D,1990,202511,1590,12,0,,0,GER\n'
    'C0327,0016,A,"Tief,Emil",M,D,,202511,1480,4,0,,0,GER\n'
    'C0327,0017,A,"Kurzweil,Anton",M,D,1970,202511,1500,9,0,,0,GER\n'
)
TYPED = [("kur an", "Kurz,Anna"), ("lan", "Lang,Bernd"), ("clara br", "Breit,Clara"),
         ("hoc", "Hoch,Dieter"), ("tie", "Tief,Emil")]


def test_a_dwz_evening_from_the_list_to_the_new_ratings(browser, live_server, tmp_path,
                                                       settings):
    settings.MEDIA_ROOT = tmp_path / "media"
    base = live_server.url
    t = staff("DWZ-Abend", "chess", planned_rounds=2)
    shots = Shots("chess-arbiter")
    evening = Evening(browser, base, t, shots)
    director, desk = evening.director, evening.desk
    # The site's rating list is the organiser's: this director is the club's organiser too.
    get_user_model().objects.get(username="direktor").user_permissions.add(
        Permission.objects.get(codename="add_ratinglist"))

    # The director imports the DSB's list (in-process here, as under make run).
    source = tmp_path / "spieler.csv"
    source.write_text(DSB, encoding="utf-8")
    director.goto(f"{base}/director/rating-lists/")
    director.set_input_files("input[type=file]", str(source))
    with director.expect_navigation():
        director.click("main button.primary")
    director.wait_for_selector("#rating-lists tr[data-status=done]")
    shots(director, "rating-lists")

    # The desk signs up five players by typing parts of their names and picking them.
    desk.goto(f"{base}/desk/{t.slug}/")
    name = desk.locator("#id_p1_name")
    for typed, full in TYPED:
        # the form was just swapped in anew: let htmx take it over before typing
        desk.wait_for_function(
            "() => !document.querySelector('.htmx-request, .htmx-settling, .htmx-swapping')")
        for _attempt in range(3):
            name.fill(typed)
            settle(desk)
            try:
                desk.wait_for_selector("#picks-1 .desk-pick.from-list", timeout=3000)
                break
            except PlaywrightTimeout:
                name.fill("")
        if typed == "kur an":
            shots(desk, "desk-suggests")
        name.press("ArrowDown")
        name.press("Enter")
        assert name.input_value() == full
        name.press("Enter")
        desk.wait_for_selector(f"#desk-rows tr:has-text('{full}')")
    anna = Player.objects.get(name="Kurz,Anna")
    assert (anna.dwz, anna.dwz_index, anna.zps, anna.title, anna.birth_date.year) == (
        1834, 23, "C0327-12", "FM", 1961)
    assert anna.rating == 1901 and Player.objects.get(name="Lang,Bernd").rating is None

    # Emil's birth date was missing in the list: the desk enters it on the correction page.
    emil = Entrant.objects.get(tournament=t, name="Tief,Emil")
    desk.goto(f"{base}/desk/{t.slug}/entrants/{emil.start_number}/edit/")
    desk.fill("#id_birth_date", "12.03.2011")
    shots(desk, "desk-birth-date")
    with desk.expect_navigation():
        desk.click("#entrant-edit button[type=submit]")
    assert emil.players.get().birth_date.isoformat() == "2011-03-12"

    # Two rounds; the arbiter types each board's result on the round page.
    for number in (1, 2):
        evening.draw(number)
        director.goto(f"{base}/director/{t.slug}/rounds/{number}/")
        boards = t.rounds.get(number=number).tables.count()
        for board in range(1, boards + 1):
            director.fill("#id_quick", f"{board} {'1' if board % 2 else '='}")
            with director.expect_navigation():
                director.press("#id_quick", "Enter")
            assert f"Brett {board}:" in director.content()
        if number == 1:
            shots(director, "quick-entry")
        assert "Alle Bretter haben ein Ergebnis." in director.content()
        evening.close(number)

    # The DWZ report after the last round shows the new ratings.
    director.goto(f"{base}/director/{t.slug}/reports/dwz/")
    shots(director, "dwz-report")
    report = director.inner_text("main")
    assert "Kurz,Anna" in report and "1834" in report

    # Update ratings: the director checks the list and writes it to the players.
    director.goto(f"{base}/director/{t.slug}/ratings/")
    shots(director, "new-ratings")
    assert "Kurz,Anna" in director.inner_text("#rating-changes")
    with director.expect_navigation():
        director.click("#update-ratings")
    anna.refresh_from_db()
    assert anna.dwz != 1834 and anna.dwz_index == 24
    assert not shots.wide, shots.wide
