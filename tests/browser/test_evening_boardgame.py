"""A small board-game qualifier through the pages: eight players at two tables of four,
two rounds seated by standings. Screenshots of every page in tests/artifacts/boardgame/.
"""

import pytest

from .evening import Evening, Shots, staff

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]
PLAYERS = ["Ida Amsel", "Jakob Buche", "Kathrin Distel", "Ludwig Eiche", "Marta Farn",
           "Norbert Ginster", "Olga Hasel", "Paul Ilex"]


def points(page, table: int, number: int) -> None:
    """Everybody's game points, different at every seat."""
    boxes = page.locator("input[name^='points[']")
    assert boxes.count() == 4
    for k in range(4):
        boxes.nth(k).fill(str(90 - 12 * ((k + table + number) % 4) + table))


def test_a_small_board_game_evening(browser, live_server):
    t = staff("Brettspiel-Qualifikation Hof", "boardgame", planned_rounds=2)
    shots = Shots("boardgame")
    evening = Evening(browser, live_server.url, t, shots)
    evening.sign_up(PLAYERS)
    evening.play(2, points)
    assert not shots.wide, f"pages scrolling sideways at 390 px: {shots.wide}"
    assert evening.spectator.locator("#standings tbody tr").count() == 8
    evening.print_standings(PLAYERS, ["Anteil = Eigene Spielpunkte ÷ Summe des Tisches",
                                      "Platzierungspunkte an jedem Tisch"])
