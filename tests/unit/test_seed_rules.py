"""Rules of the seeds that had no test of their own (docs/seeds-audit.md), with numbers
worked out by hand from the rule as docs/rules.md restates it."""

from fractions import Fraction

import pytest

from scoring import DocumentError, parse, standings
from scoring.boardgame import placement_points, shares
from scoring.pussi import Game, check_game, tally
from scoring.tabletop import tournament_points

F = Fraction


def values_by_name(doc):
    return {r["name"]: (r["rank"], r["values"]) for r in standings(parse(doc))["standings"]}


# --- Pussi --------------------------------------------------------------------------------

def test_seed_pussi_black_game_double_penalty():
    # A declarer played Schwarz pays twice the bid (-120 for 60), never three times; the
    # opponents of a winning declarer who took no trick pay 2 × bid as well.
    assert check_game((0, 0), Game(1, 60, (-120, 0))) is None
    assert check_game((0, 0), Game(1, 60, (-180, 0))) is not None
    assert check_game((100, 100), Game(2, 70, (-40, 170))) is None  # party 1: 100 - 140
    t = tally([Game(1, 60, (-120, 0)), Game(2, 70, (-260, 70))], premium_at=500)
    p1, p2 = t.counts
    assert (p1["schwarz_lost"], p2["schwarz_won"]) == (2, 2)  # own game, then theirs
    assert (p1["own_lost"], p1["opp_lost"], p2["opp_won"], p2["own_won"]) == (1, 1, 1, 1)


def test_seed_pussi_premium_at_exactly_500():
    # "reaching 500" includes standing at exactly 500
    t = tally([Game(1, 250, (250, 0)), Game(1, 250, (500, 10))], premium_at=500)
    assert t.premium == 0
    t = tally([Game(1, 250, (250, 0)), Game(1, 240, (490, 10))], premium_at=500)
    assert t.premium is None  # nobody there yet: no premium for the series


def test_seed_pussi_premium_survives_falling_back_below_500():
    games = [Game(1, 300, (300, 0)), Game(1, 200, (500, 0)), Game(1, 300, (-100, 40)),
             Game(2, 480, (-100, 520))]
    t = tally(games, premium_at=500)
    assert t.premium == 0  # party 1 reached it first; party 2 passing it later changes nothing


# --- Mucken -------------------------------------------------------------------------------

def mucken(bobbl):
    return {"format": "turnier/1", "name": "t", "discipline": "mucken",
            "entrants": [{"id": 1, "name": "A"}, {"id": 2, "name": "B"}],
            "rounds": [{"number": 1, "tables": [{"number": 1, "seats": [
                {"entrant": 1, "side": 1}, {"entrant": 2, "side": 2}],
                "result": {"bobbl": bobbl}}]}]}


def test_seed_mucken_brille_counts_as_an_ordinary_bobbl():
    # 21:0 (a Brille) and 21:5 are one Bobbl each; the loser's Tore are 0 and 5.
    got = values_by_name(mucken([[21, 0], [5, 21]]))
    assert got["A"][1]["bobbl"] == got["B"][1]["bobbl"] == 1
    assert (got["A"][1]["tore"], got["A"][1]["gegentore"]) == (5, 0)
    assert (got["B"][1]["tore"], got["B"][1]["gegentore"]) == (0, 5)


def test_seed_mucken_points_beyond_the_target_do_not_count():
    # Finishing 29:20 with a big last game is worth the same Bobbl as 21:20; in Plus the
    # winner's points are cut at the target.
    big = values_by_name(mucken([[29, 20], [21, 3]]))
    small = values_by_name(mucken([[21, 20], [21, 3]]))
    for key in ("bobbl", "tore", "gegentore", "plus", "plus_minus"):
        assert big["A"][1][key] == small["A"][1][key], key
    assert big["A"][1]["plus"] == 42 and big["B"][1]["tore"] == 23


# --- board-game qualifier -------------------------------------------------------------------

def test_seed_boardgame_three_tied_first_share_five_three_two():
    got = placement_points({1: F(50), 2: F(50), 3: F(50), 4: F(10)}, (5, 3, 2, 1))
    assert got == {1: F(10, 3), 2: F(10, 3), 3: F(10, 3), 4: 1}


def test_seed_boardgame_table_of_three_scores_five_three_one_and_pools_ties():
    assert placement_points({1: F(9), 2: F(7), 3: F(4)}, (5, 3, 1)) == {1: 5, 2: 3, 3: 1}
    assert placement_points({1: F(9), 2: F(4), 3: F(4)}, (5, 3, 1)) == {1: 5, 2: 2, 3: 2}


def test_seed_boardgame_table_of_three_is_placed_by_the_5_3_1_scheme_in_a_document():
    doc = {"format": "turnier/1", "name": "t", "discipline": "boardgame",
           "entrants": [{"id": i, "name": f"P{i}"} for i in range(1, 4)],
           "rounds": [{"number": 1, "tables": [{"number": 1, "seats": [
               {"entrant": 1}, {"entrant": 2}, {"entrant": 3}],
               "result": {"points": {"1": 9, "2": 7, "3": 4}}}]}]}
    got = values_by_name(doc)
    assert [got[f"P{i}"][1]["points"] for i in (1, 2, 3)] == [5, 3, 1]


def test_seed_boardgame_ties_broken_by_share_then_game_points():
    # P1 wins table 1 with 40 of 100 game points, P5 wins table 2 with 80 of 100.
    seats = [{"entrant": i} for i in (1, 2, 3, 4)]
    seats2 = [{"entrant": i} for i in (5, 6, 7, 8)]
    doc = {"format": "turnier/1", "name": "t", "discipline": "boardgame",
           "entrants": [{"id": i, "name": f"P{i}"} for i in range(1, 9)],
           "rounds": [{"number": 1, "tables": [
               {"number": 1, "seats": seats,
                "result": {"points": {"1": 40, "2": 30, "3": 20, "4": 10}}},
               {"number": 2, "seats": seats2,
                "result": {"points": {"5": 80, "6": 10, "7": 5, "8": 5}}}]}]}
    got = values_by_name(doc)
    # P1 and P5 both 5 placement points; shares 40/100 = 0.4 and 80/100 = 0.8: P5 first
    assert got["P5"][1]["points"] == got["P1"][1]["points"] == 5
    assert got["P5"][0] == 1 and got["P1"][0] == 2
    # P7 and P8 tie at 5 game points: they share places 3 and 4, (2 + 1) / 2 = 1.5 each,
    # share 0.05 each, game points 5 each: still level, so they share their rank
    assert got["P7"][1]["points"] == got["P8"][1]["points"] == 1.5
    assert got["P7"][0] == got["P8"][0]


def test_seed_boardgame_equal_shares_fall_to_game_points():
    # Both win their table with half of it: equal points and shares; 60 > 30 decides.
    assert shares({1: F(60), 2: F(30), 3: F(20), 4: F(10)})[1] == F(1, 2)
    assert shares({5: F(30), 6: F(15), 7: F(10), 8: F(5)})[5] == F(1, 2)
    doc = {"format": "turnier/1", "name": "t", "discipline": "boardgame",
           "entrants": [{"id": i, "name": f"P{i}"} for i in range(1, 9)],
           "rounds": [{"number": 1, "tables": [
               {"number": 1, "seats": [{"entrant": i} for i in (1, 2, 3, 4)],
                "result": {"points": {"1": 60, "2": 30, "3": 20, "4": 10}}},
               {"number": 2, "seats": [{"entrant": i} for i in (5, 6, 7, 8)],
                "result": {"points": {"5": 30, "6": 15, "7": 10, "8": 5}}}]}]}
    got = values_by_name(doc)
    assert (got["P1"][0], got["P5"][0]) == (1, 2)


# --- tabletop -------------------------------------------------------------------------------

MATRIX20_TABLE = [(0, 10), (1, 11), (2, 11), (3, 12), (4, 12), (5, 13), (6, 13), (7, 14),
                  (8, 14), (9, 15), (10, 15), (11, 16), (12, 16), (13, 17), (14, 17),
                  (15, 18), (16, 18), (17, 19), (18, 19), (19, 20), (20, 20), (35, 20)]


@pytest.mark.parametrize(("difference", "winner"), MATRIX20_TABLE)
def test_seed_matrix20_table_rows(difference, winner):
    # winner: difference / 2 + 10 rounded up, at most 20; the loser gets the rest of 20
    assert tournament_points("matrix20", [(difference, 0), (0, 0), (0, 0)]) == (
        winner, 20 - winner)
    assert tournament_points("matrix20", [(0, difference), (0, 0), (0, 0)]) == (
        20 - winner, winner)


def test_seed_ttm20_caps_each_mission_and_the_sum_reaches_20_at_most():
    # 11 + 6 + 3 = 20 at the caps: 20:0 however big the leads
    assert tournament_points("ttm20", [(40, 0), (30, 0), (20, 0)]) == (20, 0)
    # primary +15 is capped at 11, secondary -1, tertiary +1: D = 11, 16:4
    assert tournament_points("ttm20", [(15, 0), (0, 1), (1, 0)]) == (16, 4)
    # capped leads against each other: primary +20 counts 11, secondary -9 counts -6,
    # tertiary -4 counts -3: D = 2, 11:9 (uncapped the sum would be +7, 14:6)
    assert tournament_points("ttm20", [(20, 0), (0, 9), (0, 4)]) == (11, 9)


@pytest.mark.parametrize(("lead", "tp"), [(0, (1, 1)), (4, (1, 1)), (5, (2, 0)),
                                          (7, (2, 0)), (-4, (1, 1)), (-5, (0, 2))])
def test_seed_sun_a_lead_of_five_wins(lead, tp):
    a, b = (10 + lead, 10) if lead >= 0 else (10, 10 - lead)
    assert tournament_points("sun", [(a, b), (0, 0), (0, 0)]) == tp


@pytest.mark.parametrize(("kind", "lead", "tp"), [
    ("maelstrom", 3, (6, 0)), ("maelstrom", 2, (3, 3)),
    ("eternal_war", 2, (6, 0)), ("eternal_war", 1, (3, 3)),
])
def test_seed_matrix12_primary_needs_the_kinds_lead(kind, lead, tp):
    kinds = (kind, "maelstrom", "tertiary")
    assert tournament_points("matrix12", [(5 + lead, 5), (0, 0), (0, 0)], kinds) == (
        tp[0] + 2 + 1, tp[1] + 2 + 1)  # the even secondary (4) and tertiary (2) are split


def test_seed_matrix12_tertiary_needs_one_and_secondary_is_worth_four():
    kinds = ("eternal_war", "eternal_war", "tertiary")
    assert tournament_points("matrix12", [(0, 0), (2, 0), (1, 0)], kinds) == (3 + 4 + 2, 3)


def test_seed_percent_a_game_without_points_is_50_50():
    assert tournament_points("percent", [(0, 0), (0, 0), (0, 0)]) == (50, 50)


def tabletop_doc(system, games):
    names = sorted({n for g in games for n in g[:2]})
    ids = {n: i for i, n in enumerate(names, start=1)}
    return {"format": "turnier/1", "name": "t", "discipline": "tabletop",
            "scoring": {"system": system},
            "entrants": [{"id": ids[n], "name": n} for n in names],
            "rounds": [{"number": r, "tables": [{"number": 1, "seats": [
                {"entrant": ids[a], "side": 1}, {"entrant": ids[b], "side": 2}],
                "result": {"missions": missions}}]}
                for r, (a, b, missions) in enumerate(games, start=1)]}


def test_seed_sun_ties_on_points_go_to_the_difference_then_mission_points():
    # A beats B 9:0, C beats D 25:20: both 2 tournament points.
    doc = {"format": "turnier/1", "name": "t", "discipline": "tabletop",
           "scoring": {"system": "sun"},
           "entrants": [{"id": i, "name": n} for i, n in enumerate("ABCD", start=1)],
           "rounds": [{"number": 1, "tables": [
               {"number": 1, "seats": [{"entrant": 1, "side": 1}, {"entrant": 2, "side": 2}],
                "result": {"missions": [[9, 0], [0, 0], [0, 0]]}},
               {"number": 2, "seats": [{"entrant": 3, "side": 1}, {"entrant": 4, "side": 2}],
                "result": {"missions": [[25, 20], [0, 0], [0, 0]]}}]}]}
    got = values_by_name(doc)
    # A and C both won (2 tp); A's difference +9 beats C's +5
    assert got["A"][0] == 1 and got["C"][0] == 2
    doc["rounds"][0]["tables"][0]["result"]["missions"] = [[5, 0], [0, 0], [0, 0]]
    got = values_by_name(doc)
    # now both +5: C's 25 mission points beat A's 5
    assert (got["C"][0], got["A"][0]) == (1, 2)


def test_seed_tabletop_unknown_system_is_refused():
    doc = tabletop_doc("sun", [("A", "B", [[1, 0], [0, 0], [0, 0]])])
    doc["scoring"]["system"] = "matrix30"
    with pytest.raises(DocumentError):
        parse(doc)
