"""A small Mucken evening through the pages: six pairs, two rounds, the end of the evening.

The desk signs the pairs up, the director draws and publishes, two phones per table send
the Bobbl (the second confirms the first), a spectator and the projector follow, the
director closes the rounds and finishes the tournament. Every page is saved at 1920×1080
and 390×844 into tests/artifacts/mucken/.
"""

import pytest

from tournaments import services

from .evening import Evening, Shots, name_column_stays, staff

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]
PAIRS = [("Fritz Bauer", "Hans Dietz"), ("Berta Ernst", "Else Fuchs"),
         ("Heidi Graf", "Horst Haas"), ("Karl Jung", "Monika Kern"),
         ("Erwin Lenz", "Franz Lorenz"), ("Sabine Martin", "Uschi Neumann")]


def bobbl(page, table: int, number: int) -> None:
    k = (table * 7 + number * 3) % 5
    for i, (a, b) in enumerate([(21, 4 + k), (9 + k, 21)] if k % 2
                               else [(21, 10 + k), (21, 3 + k)]):
        page.fill(f"input[name='bobbl[{i}].side1']", str(a))
        page.fill(f"input[name='bobbl[{i}].side2']", str(b))


def test_a_small_mucken_evening(browser, live_server):
    t = staff("Muckturnier Leupoldsgrün", "mucken", "pair", planned_rounds=2)
    shots = Shots("mucken")
    evening = Evening(browser, live_server.url, t, shots)
    evening.sign_up(PAIRS)
    evening.play(2, bobbl)
    assert not shots.wide, f"pages scrolling sideways at 390 px: {shots.wide}"
    top = services.standings(t)["standings"][0]
    leader = t.entrants.get(start_number=top["entrant"]).name
    assert leader in evening.spectator.locator("#standings tbody tr").first.inner_text()

    # Phones first: long pair names wrap in the fixed name column, never run under the next.
    for width in (360, 390):
        name_column_stays(evening.spectator, "#standings table", width, shots,
                          "public-standings")
        evening.director.goto(f"{live_server.url}/director/{t.slug}/rounds/2/")
        name_column_stays(evening.director, "#pairings table", width, shots,
                          "director-pairings")
    # The printed standings name both players of every pair.
    evening.print_standings([person for pair in PAIRS for person in pair],
                            ["Bobbl", "Tore"])
