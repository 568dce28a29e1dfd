"""Taps per game on the captain's Skat list (issue "Seven evenings", item 6): a realistic
list of twelve games at a table of four, entered on a 390 px phone as a captain would.

A tap is one touch: a tile, a field, a native picker opened, an option chosen in it, a key
of the on-screen keyboard. Scrolling is not counted.
"""

from __future__ import annotations

import pytest

from tournaments import services
from tournaments.models import Result
from tournaments.services import Actor

from .evening import PHONE, staff

pytestmark = pytest.mark.django_db(transaction=True)

# (declarer's seat place, game, tops ("with/without"), extras, value, won); None: passed.
REALISTIC = [
    (1, "clubs", 1, (), 24, True), (2, "grand", 1, (), 48, True),
    (3, "hearts", 2, (), 30, True), (0, "spades", 1, (), 22, False),
    (2, "null", None, (), 23, True), (3, "grand", 2, (), 72, True),
    None, (1, "diamonds", 2, (), 27, True),
    (1, "clubs", 1, ("schneider",), 36, True), (0, "grand", 3, (), 96, False),
    (0, "hearts", 3, (), 40, True), (2, "grand", 1, ("hand",), 72, True),
]


class Taps:
    def __init__(self) -> None:
        self.count = 0

    def tap(self, locator) -> None:
        locator.click()
        self.count += 1

    def choose(self, locator, value: str) -> None:
        """A native picker: one tap opens it, one chooses."""
        locator.select_option(value)
        self.count += 2

    def type(self, locator, text: str) -> None:
        """A field: one tap, one key a character."""
        locator.fill(text)
        self.count += 1 + len(text)


def open_table(make_tournament_args=None):
    t = staff("Skat-Tipps", "skat")
    boss = Actor(t.roles.first().user, "direktor")
    for i in range(1, 5):
        services.register(t, boss, [{"name": f"Spieler {i}"}], status="present")
    t = services.update_tournament(t, boss, scoring={"games_per_series": {"4": 12, "3": 9}})
    services.draw_round(t, boss, seed="tipps")
    rnd = services.publish_round(t, boss, 1)
    table = rnd.tables.get()
    numbers = [s.entrant.start_number for s in
               table.seats.select_related("entrant").order_by("side", "position")]
    return t, table, numbers


def expected_payload(numbers):
    games = []
    for k, line in enumerate(REALISTIC):
        dealer = numbers[k % 4]
        if line is None:
            games.append({"game": "passed", "dealer": dealer})
            continue
        place, game, _tops, _extras, value, won = line
        games.append({"game": game, "declarer": numbers[place], "dealer": dealer,
                      "value": value, "won": won})
    return {"games": games}


# Measured on main before the tiles (the same list, the pickers each a tap to open and a tap
# to choose, the value typed): 102 taps for the 12 games, 8.5 per game (docs/skat.md).
BEFORE_PER_GAME = 8.5


def tile(page, at: str, field: str, value: str):
    return page.locator(f"input[name='{at}.{field}'][value='{value}'] + span")


def test_taps_per_game_with_the_tiles(browser, live_server, shot):
    """The declarer's name, the game and its tops are tiles, the value follows, won or lost
    is one tap and the next line opens by itself: no picker, no keyboard for a usual game."""
    _t, table, numbers = open_table()
    page = browser.new_context(**PHONE).new_page()
    page.goto(f"{live_server.url}/c/{table.token}/")
    taps = Taps()
    for k, line in enumerate(REALISTIC):
        at = f"games[{k}]"
        row = page.locator(f"[data-row='{at}']")
        assert "is-open" in (row.get_attribute("class") or ""), f"line {k + 1} did not open"
        if line is None:
            taps.tap(tile(page, at, "game", "passed"))
            continue
        place, game, tops, extras, value, won = line
        taps.tap(tile(page, at, "declarer", str(numbers[place])))
        taps.tap(tile(page, at, "game", game))
        if tops is not None:
            taps.tap(row.locator(f"[data-tops='{tops}']"))
            for extra in extras:
                taps.tap(row.locator(f"[data-extra='{extra}']"))
        assert row.locator("input[data-field=value]").input_value() == str(value), k
        if k == 11:
            shot(page, "skat-taps-line-390")
        taps.tap(tile(page, at, "won", "won" if won else "lost"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "skat-taps-list-390")
    taps.tap(page.locator("button.cap-submit"))
    page.wait_for_url("**/?sent=*")
    assert Result.objects.get(table=table).payload == expected_payload(numbers)
    per_game = taps.count / len(REALISTIC)
    print(f"\ntaps with the tiles: {taps.count} for {len(REALISTIC)} games, "
          f"{per_game:.1f} per game (before: {BEFORE_PER_GAME})")
    assert per_game <= 4.0 < BEFORE_PER_GAME / 2
