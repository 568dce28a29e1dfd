"""A small chess Swiss through the pages: six players, two rounds, two phones per board.

After round 2 the desk corrects a misspelt name; the new name is on the public standings,
the projector and in the TRF and ``turnier/1`` exports at once. Screenshots of every page
in tests/artifacts/chess/.
"""

import pytest

from .evening import Evening, Shots, name_column_stays, staff

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]
PLAYERS = ["Anna Berger", "Bernd Krause", "Clara Vogt", "Dieter Lang", "Eva Schmid",
           "Felix Roth"]
RATINGS = [2150, 2080, 1990, 1875, 1760, 1640]
TYPO, FIXED = "Dieter Lang", "Dieter Langer"
# a club that prints many tie-breaks: the standings are wider than a phone
TIEBREAKS = ["buchholz_cut1", "buchholz", "sonneborn_berger", "progressive", "wins",
             "black_games", "aro"]


def score(page, table: int, number: int) -> None:
    result = ["1-0", "1/2-1/2", "0-1"][(table + number) % 3]
    page.click(f"label.cap-tile:has(input[value='{result}'])")


def test_a_small_swiss_evening(browser, live_server):
    t = staff("Vereinsabend Schnellschach", "chess", planned_rounds=2,
              scoring={"tiebreaks": TIEBREAKS})
    shots = Shots("chess")
    evening = Evening(browser, live_server.url, t, shots)
    evening.sign_up(PLAYERS, ratings=RATINGS)
    base, slug = live_server.url, t.slug

    def correct_name(number: int) -> None:
        if number != 2:
            return
        desk = evening.desk
        desk.goto(f"{base}/desk/{slug}/")
        start = t.entrants.get(name=TYPO).start_number
        desk.click(f"#desk-rows a[href$='/entrants/{start}/edit/']")
        desk.wait_for_selector("#entrant-edit")
        shots(desk, "desk-edit-name")
        desk.fill("#entrant-edit input[name=name]", FIXED)
        with desk.expect_navigation():
            desk.click("#entrant-edit button[type=submit]")
        assert t.entrants.get(start_number=start).name == FIXED
        evening.watch("public-after-correction", stay=True)
        assert FIXED in evening.spectator.locator("#standings").inner_text()
        evening.spectator.goto("about:blank")
        evening.beamer.goto(f"{base}/t/{slug}/projector/?seconds=600")
        assert FIXED in evening.beamer.locator("#projector").inner_text()
        evening.beamer.goto("about:blank")
        trf = evening.director.request.get(f"{base}/director/{slug}/export.trf").text()
        assert FIXED in trf and TYPO + " " not in trf
        doc = evening.director.request.get(f"{base}/director/{slug}/export/").json()
        assert FIXED in [e["name"] for e in doc["entrants"]]

    evening.play(2, score, between=correct_name)
    assert not shots.wide, f"pages scrolling sideways at 390 px: {shots.wide}"
    assert evening.spectator.locator("#standings tbody tr").count() == 6

    # Phones first: the wide standings and the director's pairings keep the name in view.
    for width in (360, 390):
        name_column_stays(evening.spectator, "#standings table", width, shots,
                          "public-standings")
        evening.director.goto(f"{base}/director/{slug}/rounds/2/")
        name_column_stays(evening.director, "#pairings table", width, shots,
                          "director-pairings")
    # The printed standings carry the corrected name, never the misspelt one.
    text = evening.print_standings([FIXED if p == TYPO else p for p in PLAYERS])
    assert FIXED in text
