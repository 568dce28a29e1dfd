"""Issue 18, item 3: the result sheet is highlighted as the seed's sheet is: points, totals
and series results beyond ±1000, the weighted difference beyond ±200, places 1-3, values
within 2 games (1 Schwarz game) of the best or worst, premiums equal to the best or worst."""

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
    # 1000 + 0.2 × 1000 + 100 premium = 1300 is at least 1000; 272, -200 and -22 are not
    # beyond ±1000 (200 is the limit of the weighted difference, not of the total)
    assert {e: c.level for e, c in total.items()} == {
        1: "high", 2: "high", 5: "", 6: "", 3: "", 4: "", 7: "", 8: ""}
    difference = cells(stats, "difference")
    # 0.2 × 1000 = 200 and -200 reach the limits; 0.2 × 210 = 42 does not
    assert {e: c.level for e, c in difference.items()} == {
        1: "high", 2: "high", 3: "low", 4: "low", 5: "", 6: "", 7: "", 8: ""}
    rank = cells(stats, "rank")
    assert {e for e, c in rank.items() if c.level == "podium"} == {1, 2, 5, 6}
    # own games won: 2, 2, 0, 0, 1, 1, 1, 1 — within 2 of the best (2) is everybody but
    # also within 2 of the worst: nobody is marked; opponents' games lost: the bands work
    own = cells(stats, "own_won")
    assert all(c.mark == "" for c in own.values())


def test_the_plain_statistics_mark_only_the_extremes():
    stats = pussi_stats(parse(evening()))
    assert all(c.level == "" for row in stats.players for c in row.cells)


def losing_evening():
    """Two tables: at table 2 party 2 declares twice and is played Schwarz twice."""
    doc = evening()
    doc["rounds"][0]["tables"][1]["result"] = {"games": [
        {"declarer": 2, "bid": 300, "totals": [0, -600]},
        {"declarer": 2, "bid": 250, "totals": [0, -1100]}]}
    return doc


def test_seed_pussi_result_sheet_limits_good_and_bad():
    stats = pussi_stats(parse(losing_evening()), seed=True)
    levels = {key: {e: c.level for e, c in cells(stats, key).items()}
              for key in ("points", "difference", "total")}
    # table 2, party 2 (players 7, 8): points -1100, difference 0.2 × -1100 = -220,
    # total -1320: all three at or beyond the bad limits; party 1 (5, 6): +220 difference,
    # total 220 (no premium: nobody reached 500)
    assert levels["points"] == {1: "high", 2: "high", 3: "", 4: "", 5: "", 6: "",
                                7: "low", 8: "low"}
    assert levels["difference"] == {1: "high", 2: "high", 3: "low", 4: "low",
                                    5: "high", 6: "high", 7: "low", 8: "low"}
    assert levels["total"] == {1: "high", 2: "high", 3: "", 4: "", 5: "", 6: "",
                               7: "low", 8: "low"}
    series = {row.entrant: row.series[0].level for row in stats.players}
    assert series == levels["total"]  # one series: its result is the total
    # places: 1300 (1, 2), 220 (5, 6), -200 (3, 4), -1320 (7, 8); the last three places
    # (ranks 5-7) are within 2 of the worst rank 7
    rank = cells(stats, "rank")
    assert {e for e, c in rank.items() if c.level == "podium"} == {1, 2, 5, 6}
    assert {e for e, c in rank.items() if c.mark == "worst"} == {3, 4, 7, 8}


def test_seed_pussi_premiums_are_marked_only_at_the_best_and_worst_count():
    stats = pussi_stats(parse(losing_evening()), seed=True)
    # premiums won: 1 for players 1 and 2, 0 for the rest; with a band of 2 everybody
    # would be within reach of both ends and nobody marked
    won = cells(stats, "premiums_won")
    assert {e: c.mark for e, c in won.items()} == {
        1: "best", 2: "best", 3: "worst", 4: "worst", 5: "worst", 6: "worst",
        7: "worst", 8: "worst"}


def test_seed_pussi_schwarz_split_columns_use_the_band_of_one():
    doc = losing_evening()
    doc["rounds"][0]["tables"][1]["result"] = {"games": [
        {"declarer": 2, "bid": 300, "totals": [0, -600]},   # played Schwarz: -2 × 300
        {"declarer": 2, "bid": 250, "totals": [0, -850]}]}  # lost: -250
    split = {row.entrant: {c.key: (c.value, c.mark) for c in row.schwarz}
             for row in pussi_stats(parse(doc), seed=True).players}
    # own Schwarz lost: 1 for players 7 and 8, 0 for the rest: within 1 of both ends
    assert {e: v["own_schwarz_lost"] for e, v in split.items()} == {
        e: (1 if e in (7, 8) else 0, "") for e in range(1, 9)}
    plain = {row.entrant: {c.key: c.mark for c in row.schwarz}
             for row in pussi_stats(parse(doc)).players}
    assert plain[7]["own_schwarz_lost"] == "worst"  # without the seed's band: the extreme
