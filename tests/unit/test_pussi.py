"""Pussi score sheets: the seed's per-game checks, counts, premium rules and weights."""

import pytest

from scoring import DocumentError, parse, standings
from scoring.pussi import Game, check_game, tally


def sheet_doc(games, games_per_series=None, **scoring):
    if games_per_series is None:
        games_per_series = len(games)
    return {"format": "turnier/1", "name": "t", "discipline": "pussi",
            "scoring": {"games_per_series": games_per_series, **scoring},
            "entrants": [{"id": i, "name": f"S{i}"} for i in range(1, 5)],
            "rounds": [{"number": 1, "tables": [{"number": 1, "seats": [
                {"entrant": 1, "side": 1}, {"entrant": 2, "side": 1},
                {"entrant": 3, "side": 2}, {"entrant": 4, "side": 2}],
                "result": {"games": [{"declarer": d, "bid": b, "totals": t}
                                     for d, b, t in games]}}]}]}


@pytest.mark.parametrize(("prev", "game", "ok"), [
    ((0, 0), Game(1, 60, (60, 20)), True),      # won, other party made 20
    ((0, 0), Game(1, 60, (-60, 50)), True),     # lost
    ((0, 0), Game(1, 60, (-120, 120)), True),   # lost and played Schwarz
    ((0, 0), Game(1, 60, (60, -120)), True),    # won and played the other party Schwarz
    ((0, 0), Game(1, 60, (70, 20)), False),     # +70 is no outcome of a bid of 60
    ((0, 0), Game(1, 60, (-180, 20)), False),   # -3×bid does not exist
    ((100, 100), Game(2, 80, (90, 180)), False),  # other party fell by 10
    ((100, 100), Game(2, 80, (-60, 180)), True),  # other party played Schwarz: -160
])
def test_check_game(prev, game, ok):
    assert (check_game(prev, game) is None) == ok


def test_a_wrong_total_is_refused_at_its_row_with_the_reason():
    games = [(1, 60, [60, 20]), (2, 100, [80, 120]), (1, 80, [150, 120]), (2, 60, [150, 180])]
    with pytest.raises(DocumentError) as info:
        parse(sheet_doc(games))
    (problem,) = info.value.problems
    assert problem.place == "rounds[0].tables[0].result.games[2].totals"
    assert problem.hint == "round 1, table 1, game 3"
    assert "declarer's total 150 does not follow from 80 with bid 80" in problem.message
    assert "won: 160" in problem.message
    assert problem.message.endswith("; game 4 not checked")


def test_counts_per_party():
    games = [Game(1, 60, (60, 20)), Game(2, 100, (140, -180)), Game(1, 80, (-20, -150)),
             Game(2, 60, (-20, -90))]
    prev = (0, 0)
    for g in games:  # a valid sheet
        assert check_game(prev, g) is None
        prev = g.totals
    t = tally(games, premium_at=500)
    assert t.totals == (-20, -90)
    p1, p2 = t.counts
    assert (p1["own_won"], p1["own_lost"], p1["opp_won"], p1["opp_lost"]) == (1, 1, 1, 1)
    assert (p2["own_won"], p2["own_lost"], p2["opp_won"], p2["opp_lost"]) == (1, 1, 1, 1)
    assert (p1["schwarz_won"], p1["schwarz_lost"]) == (1, 1)  # games 2 and 3
    assert (p2["schwarz_won"], p2["schwarz_lost"]) == (1, 1)


def valid_tally(games):
    """Tally a sheet after checking that every row follows the rules."""
    prev = (0, 0)
    for g in games:
        assert check_game(prev, g) is None, g
        prev = g.totals
    return tally(games, 500)


def test_premium_goes_to_the_first_to_reach_500_and_stays():
    games = [Game(1, 300, (300, 10)), Game(1, 250, (550, 20)), Game(2, 400, (560, 420)),
             Game(2, 300, (600, 720))]
    assert valid_tally(games).premium == 0


def test_premium_both_reach_it_higher_total_wins():
    games = [Game(1, 490, (490, 480)), Game(2, 40, (510, 520))]
    assert valid_tally(games).premium == 1


def test_premium_both_reach_it_equal_totals_larger_change_wins():
    # 490/400 -> both 520: party 2 changed by 120 (declared and won), party 1 by 30.
    games = [Game(1, 490, (490, 400)), Game(2, 120, (520, 520))]
    assert valid_tally(games).premium == 1


def test_premium_both_reach_it_same_change_goes_to_the_party_that_did_not_declare():
    games = [Game(1, 450, (450, 450)), Game(2, 60, (510, 510))]
    assert valid_tally(games).premium == 0


def test_weighted_result_and_flag_for_a_short_series():
    games = [(1, 300, [300, 10]), (1, 250, [550, 20])]
    doc = sheet_doc(games, games_per_series=8, weight_points=1.0, weight_difference=0.2,
                    premium=100)
    result = standings(parse(doc))
    values = {r["entrant"]: r["values"] for r in result["standings"]}
    # side 1: 550 + 0.2 × 530 + 100 = 756; side 2: 20 + 0.2 × (−530) = −86
    assert values[1]["total"] == values[2]["total"] == pytest.approx(756)
    assert values[3]["total"] == pytest.approx(-86)
    assert values[1]["premiums"] == 1 and values[3]["premiums"] == 0
    assert result["flags"] == [{"place": "rounds[0].tables[0]", "hint": "round 1, table 1",
                                "message": "2 games played, the series is set to 8"}]


def test_no_limit_of_40_players_6_series_or_12_games():
    games = [(1, 10, [10 * (k + 1), 0]) for k in range(15)]
    doc = sheet_doc(games)
    doc["entrants"] = [{"id": i, "name": f"S{i}"} for i in range(1, 49)]
    doc["rounds"] = [dict(doc["rounds"][0], number=n) for n in range(1, 9)]
    values = {r["entrant"]: r["values"] for r in standings(parse(doc))["standings"]}
    assert values[1]["own_won"] == 15 * 8 and len(values) == 48
