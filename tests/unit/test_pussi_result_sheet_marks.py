"""Issue 18, item 3: the result sheet is highlighted as the seed's sheet is: totals of 1000
and of 200 or more, places 1-3, values within 2 games of the best or worst."""

from scoring import parse
from scoring.pussi_stats import pussi_stats


def seat(a, b, c, d):
    return [{"entrant": a, "side": 1}, {"entrant": b, "side": 1},
            {"entrant": c, "side": 2}, {"entrant": d, "side": 2}]


def evening():
    return {"format": "turnier/1", "name": "t", "discipline": "pussi",
            "scoring": {"games_per_series": 2},
            "entrants": [{"id": i, "name": f"S{i}"} for i in range(1, 9)],
            "rounds": [{"number": 1, "tables": [
                {"number": 1, "seats": seat(1, 2, 3, 4), "result": {"games": [
                    {"declarer": 1, "bid": 500, "totals": [500, 0]},
                    {"declarer": 1, "bid": 500, "totals": [1000, 0]}]}},
                {"number": 2, "seats": seat(5, 6, 7, 8), "result": {"games": [
                    {"declarer": 1, "bid": 200, "totals": [200, 10]},
                    {"declarer": 2, "bid": 10, "totals": [230, 20]}]}}]}]}


def cells(stats, key):
    return {row.entrant: next(c for c in row.cells if c.key == key) for row in stats.players}


def test_the_result_sheet_marks_totals_places_and_games_as_the_seed():
    stats = pussi_stats(parse(evening()), seed=True)
    total = cells(stats, "total")
    # 1000 + 0.2 × 1000 + 100 premium = 1300; 230 + 0.2 × 210 = 272; the others below 200
    assert {e: c.level for e, c in total.items()} == {
        1: "t1000", 2: "t1000", 5: "t200", 6: "t200", 3: "", 4: "", 7: "", 8: ""}
    rank = cells(stats, "rank")
    assert {e for e, c in rank.items() if c.level == "podium"} == {1, 2, 5, 6}
    # own games won: 2, 2, 0, 0, 1, 1, 1, 1 — within 2 of the best (2) is everybody but
    # also within 2 of the worst: nobody is marked; opponents' games lost: the bands work
    own = cells(stats, "own_won")
    assert all(c.mark == "" for c in own.values())


def test_the_plain_statistics_mark_only_the_extremes():
    stats = pussi_stats(parse(evening()))
    assert all(c.level == "" for row in stats.players for c in row.cells)
