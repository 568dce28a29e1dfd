"""A small tabletop evening through the pages: six players, two rounds of three missions.
Screenshots of every page in tests/artifacts/tabletop/.
"""

import pytest

from .evening import Evening, Shots, staff

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]
PLAYERS = ["Quirin Ork", "Rosa Elfe", "Sepp Zwerg", "Tina Drache", "Udo Troll", "Vera Fee"]
MISSIONS = [[12, 8], [6, 10], [4, 2]]


def missions(page, table: int, number: int) -> None:
    """Mission points of both players; the tables differ in the last mission."""
    for k, pair in enumerate(MISSIONS):
        for side, value in enumerate(pair, start=1):
            value = value + table if k == 2 and side == 1 else value
            page.fill(f"input[name='missions[{k}].side{side}']", str(value))


def test_a_small_tabletop_evening(browser, live_server):
    t = staff("Tabletop-Liga Rehau", "tabletop", planned_rounds=2)
    shots = Shots("tabletop")
    evening = Evening(browser, live_server.url, t, shots)
    evening.sign_up(PLAYERS)
    evening.play(2, missions)
    assert not shots.wide, f"pages scrolling sideways at 390 px: {shots.wide}"
    assert evening.spectator.locator("#standings tbody tr").count() == 6
    evening.print_standings(PLAYERS, ["TP = Turnierpunkte",
                                      "Sekundär = Eigene minus gegnerische Missionspunkte",
                                      "Missionspkt. = Missionspunkte, eigene, aufsummiert"])
