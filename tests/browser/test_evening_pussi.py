"""A small Pussi evening through the pages: six players, three series of two games.

Partners change each series ("neue Partner in jeder Serie", the default draw); four play at
the one table, two sit out, and sitting out rotates: after three series each of the six has
sat out once (issue 31: player 5 sat out all evening). The captains keep the sheet game by
game on two phones per table. Screenshots of every page in tests/artifacts/pussi/.
"""

import pytest

from tournaments.models import Bye

from .evening import Evening, Shots, staff

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]
PLAYERS = ["Anton Adler", "Brigitte Bär", "Christa Dachs", "Dieter Elch", "Emil Fink",
           "Frieda Gans"]


def sheet(page, table: int, number: int) -> None:
    """Game by game: declaring party, bid, how it went, the other party's card points."""
    games = [(1, 60, "won", 40), (2, 80 + 10 * table, "lost", 70 - 5 * number)]
    for k, (declarer, bid, outcome, points) in enumerate(games):
        page.select_option(f"select[name='games[{k}].declarer']", str(declarer))
        page.fill(f"input[name='games[{k}].bid']", str(bid))
        page.check(f"input[name='games[{k}].outcome'][value={outcome}]", force=True)
        page.fill(f"input[name='games[{k}].points']", str(points))


def test_a_small_pussi_evening(browser, live_server):
    t = staff("Pussi-Abend Selb", "pussi", planned_rounds=3, scoring={"games_per_series": 2})
    shots = Shots("pussi")
    evening = Evening(browser, live_server.url, t, shots)
    evening.sign_up(PLAYERS)
    evening.play(3, sheet)
    assert not shots.wide, f"pages scrolling sideways at 390 px: {shots.wide}"
    assert evening.spectator.locator("#standings tbody tr").count() == 6

    out = {n: sorted(Bye.objects.filter(round__tournament=t, round__number=n)
                     .values_list("entrant__start_number", flat=True)) for n in (1, 2, 3)}
    assert all(len(numbers) == 2 for numbers in out.values()), out
    assert sorted(n for numbers in out.values() for n in numbers) == [1, 2, 3, 4, 5, 6], out
    evening.print_standings(PLAYERS)
