"""Issue 18, item 2: a quick entry (final totals and who crossed 500 in which game)."""

import pytest

from scoring import DocumentError, parse, standings
from scoring.pussi_stats import pussi_stats

from .test_pussi import sheet_doc


def quick_doc(result, games_per_series=8):
    doc = sheet_doc([(1, 60, [60, 20])], games_per_series)
    doc["rounds"][0]["tables"][0]["result"] = result
    return doc


def values(doc):
    return {row["entrant"]: row["values"] for row in standings(parse(doc))["standings"]}


def test_a_quick_entry_scores_like_the_seeds_example():
    # the workbook's example: -530 : 765, party 2 crossed 500 in game 4
    doc = quick_doc({"final": [-530, 765], "premium": {"side": 2, "game": 4}, "played": 8})
    got = values(doc)
    assert got[3]["total"] == 1124 and got[1]["total"] == -789
    assert got[3]["premiums"] == 1 and got[3]["own_won"] == 0  # counts unknown: none
    assert "flags" not in standings(parse(doc))


def test_a_quick_entry_that_ends_above_500_must_say_who_crossed_it():
    with pytest.raises(DocumentError) as info:
        parse(quick_doc({"final": [-530, 765], "premium": None}))
    (problem,) = info.value.problems
    assert problem.place == "rounds[0].tables[0].result.premium"
    assert "crossed 500" in problem.message


@pytest.mark.parametrize(("result", "place"), [
    ({"final": [1, 2], "games": []}, "final"),
    ({"final": [1]}, "final"),
    ({"final": [1, 2], "played": 0}, "played"),
    ({"final": [1, 600], "premium": {"side": 3, "game": 2}}, "premium.side"),
    ({"final": [1, 600], "premium": {"side": 2, "game": 9}, "played": 8}, "premium.game"),
    ({"games": [{"declarer": 1, "bid": 60, "totals": [60, 0]}], "played": 1}, "played"),
])
def test_a_wrong_quick_entry_is_refused_at_its_field(result, place):
    with pytest.raises(DocumentError) as info:
        parse(quick_doc(result))
    assert info.value.problems[0].place == f"rounds[0].tables[0].result.{place}"


def test_a_quick_entry_is_flagged_only_for_a_number_of_games_it_states():
    assert "flags" not in standings(parse(quick_doc({"final": [100, 20], "premium": None})))
    flagged = standings(parse(quick_doc({"final": [100, 20], "premium": None, "played": 6})))
    assert flagged["flags"][0]["message"] == "6 games played, the series is set to 8"


def test_statistics_name_the_quick_entry_tables_and_their_players():
    stats = pussi_stats(parse(quick_doc({"final": [300, 20], "premium": None, "played": 8})))
    (q,) = stats.quick
    assert (q.series, q.table, q.played) == (1, 1, 8)
    assert [e for e, _ in q.players] == [1, 2, 3, 4]
    assert stats.series[0].quick == (1,) and stats.series[0].flagged == ()
    assert stats.series[0].declarer_won == 0 and stats.series[0].games == 8
    assert all(p.values["quick"] == 1 for p in stats.players)


def test_partial_counts_of_quick_entry_players_are_not_marked():
    doc = quick_doc({"final": [300, 20], "premium": None, "played": 8})
    doc["entrants"] += [{"id": i, "name": f"S{i}"} for i in range(5, 9)]
    doc["rounds"][0]["tables"].append({"number": 2, "seats": [
        {"entrant": 5, "side": 1}, {"entrant": 6, "side": 1},
        {"entrant": 7, "side": 2}, {"entrant": 8, "side": 2}], "result": {"games": [
            {"declarer": 1, "bid": 60, "totals": [60, 20]},
            {"declarer": 1, "bid": 60, "totals": [120, 40]}]}})
    stats = pussi_stats(parse(doc))  # the extremes: 2 and 0
    for row in stats.players:
        own = next(c for c in row.cells if c.key == "own_won")
        if row.entrant <= 4:  # the quick-entry table: its counts say nothing
            assert own.mark == ""
    assert {row.entrant: next(c for c in row.cells if c.key == "own_won").mark
            for row in stats.players if row.entrant > 4} == {5: "best", 6: "best",
                                                             7: "worst", 8: "worst"}
