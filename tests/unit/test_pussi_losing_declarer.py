"""Issue 18, item 4: a losing declarer's opponents keep their total (seed III b).

The document check (scoring.pussi.check_game) and the phone's game-by-game check
(scoring.pussi.entry_problem) give the same answer for every game."""

import pytest

from scoring import DocumentError, parse
from scoring.pussi import Entry, Game, check_game, entry_of, entry_problem, entry_totals

from .test_pussi import sheet_doc


@pytest.mark.parametrize("outcome", ["lost", "schwarz"])
def test_a_losing_declarer_cannot_play_the_other_party_schwarz(outcome):
    change = {"lost": -60, "schwarz": -120}[outcome]
    game = Game(1, 60, (change, -120))
    why = check_game((0, 0), game)
    assert why is not None and "only when the declarer won" in why
    assert entry_problem(Entry(1, 60, outcome, None)) == "schwarz_needs_won"


def test_a_document_with_the_other_party_falling_after_a_lost_game_is_refused():
    with pytest.raises(DocumentError) as info:
        parse(sheet_doc([(1, 60, [60, 20]), (2, 80, [-100, -80])]))
    (problem,) = info.value.problems
    assert problem.place == "rounds[0].tables[0].result.games[1].totals"


@pytest.mark.parametrize("outcome", ["won", "lost", "schwarz"])
@pytest.mark.parametrize("points", [None, 0, 35])
def test_document_check_and_phone_check_agree(outcome, points):
    entry = Entry(2, 70, outcome, points)
    game = Game(2, 70, entry_totals((10, 20), entry))
    phone_ok = entry_problem(entry) is None
    assert (check_game((10, 20), game) is None) == phone_ok
    assert (entry_of((10, 20), game) == entry) == phone_ok


def test_the_migration_finds_stored_sheets_of_the_old_reading():
    import importlib

    migration = importlib.import_module("tournaments.migrations.0010_pussi_losing_declarer")
    old = {"games": [{"declarer": 1, "bid": 60, "totals": [60, 20]},
                     {"declarer": 2, "bid": 80, "totals": [-100, -80]}]}
    assert migration.falls_after_a_lost_game(old)
    fine = {"games": [{"declarer": 1, "bid": 60, "totals": [60, -120]},
                      {"declarer": 2, "bid": 80, "totals": [130, -200]}]}
    assert not migration.falls_after_a_lost_game(fine)
    assert not migration.falls_after_a_lost_game({"final": [1, 2], "premium": None})
    assert not migration.falls_after_a_lost_game(None)
