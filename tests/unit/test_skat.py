"""Skat lists by the ISkO and SkWO (docs/skat.md): the worked examples with their numbers
written out, the values a game can have, the refusals, and the Seeger-Fabian formula for
any list (hypothesis)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from card_documents import one_table, skat_documents, skat_lists, spoil_and_score, the_refusal
from conftest import FIXTURES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import DocumentError, load, parse, standings
from scoring.skat import BIDS, MAX_VALUE, overbid_value, value_problem, values_of

FAST = settings(max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
SEEGER_EXAMPLE = FIXTURES / "scoring" / "skat-seeger-example.json"


def skat_doc(seats: list[int], games: list[dict[str, Any]], **scoring: Any) -> dict[str, Any]:
    return one_table("skat", "Preisskat", seats, games, scoring)


def values(doc: dict[str, Any]) -> dict[int, dict[str, Any]]:
    return {r["entrant"]: r["values"] for r in standings(parse(doc))["standings"]}


# --- the worked examples ----------------------------------------------------------------------

def test_grand_with_two_hand_is_worth_96_and_scores_146():
    # with 2, game 3, hand 4: 4 × 24 = 96; won: 96 + 50 = 146 for the declarer
    assert 96 in values_of("grand")
    v = values(skat_doc([1, 2, 3], [{"declarer": 2, "game": "grand", "value": 96,
                                     "won": True}], games_per_series={"3": 1}))
    assert (v[2]["points"], v[2]["won"], v[2]["game_points"]) == (146, 1, 96)
    assert v[1]["points"] == v[3]["points"] == 0


def test_isko_526_ouvert_examples_108_and_264():
    # Kreuz ouvert with two: 9 × 12 = 108; Grand ouvert with four: 11 × 24 = 264, the most
    # any game is worth
    assert 108 in values_of("clubs") and 264 in values_of("grand")
    assert MAX_VALUE == 264 and max(values_of("clubs")) == 18 * 12 == 216


def test_lost_suit_game_at_a_table_of_three_opponents_get_40():
    # hearts with 1, game 2: 20; lost: -2 × 20 - 50 = -90; both opponents +40
    v = values(skat_doc([1, 2, 3], [{"declarer": 1, "game": "hearts", "value": 20,
                                     "won": False}]))
    assert (v[1]["points"], v[2]["points"], v[3]["points"]) == (-90, 40, 40)
    assert (v[1]["lost"], v[2]["opp_lost"], v[3]["opp_lost"]) == (1, 1, 1)


def test_lost_suit_game_at_a_table_of_four_the_other_three_get_30_dealer_included():
    # the same game at a table of four: -90 for the declarer, +30 for each of the other
    # three, the dealer (entrant 4) who sat the game out among them
    v = values(skat_doc([1, 2, 3, 4], [{"declarer": 1, "dealer": 4, "game": "hearts",
                                        "value": 20, "won": False}]))
    assert [v[e]["points"] for e in (1, 2, 3, 4)] == [-90, 30, 30, 30]


def test_null_ouvert_won_96_lost_minus_142():
    # 46 + 50 = 96 when won; -2 × 46 - 50 = -142 when lost
    won = values(skat_doc([1, 2, 3], [{"declarer": 3, "game": "null_ouvert", "value": 46,
                                       "won": True}]))
    lost = values(skat_doc([1, 2, 3], [{"declarer": 3, "game": "null_ouvert", "value": 46,
                                        "won": False}]))
    assert (won[3]["points"], lost[3]["points"], lost[1]["points"]) == (96, -142, 40)


def test_overbid_spades_hand_bid_72_is_charged_77():
    # bid 72 reckoning "without 5, game 6, hand 7 × spades = 77"; the Kreuz-Bube lies in the
    # Skat, so the game is "with 1, game 2, hand 3" = 33 < 72: overbid and lost, charged the
    # first multiple of 11 that reaches 72, 7 × 11 = 77 (ISkO 5.4.2): -2 × 77 - 50 = -204
    assert overbid_value("spades", 72) == 77
    v = values(skat_doc([1, 2, 3, 4], [{"declarer": 2, "dealer": 1, "game": "spades",
                                        "value": 77, "won": False, "bid": 72}]))
    assert [v[e]["points"] for e in (1, 2, 3, 4)] == [30, -204, 30, 30]


def test_overbid_value_beyond_the_multipliers_needs_the_bid():
    # diamonds after a bid of 168: 19 × 9 = 171, more than any diamonds game is worth
    assert overbid_value("diamonds", 168) == 171 and 171 not in values_of("diamonds")
    lost = {"declarer": 1, "game": "diamonds", "value": 171, "won": False}
    assert values(skat_doc([1, 2, 3], [{**lost, "bid": 168}]))[1]["points"] == -392
    problem = the_refusal(skat_doc([1, 2, 3], [lost]))
    assert problem.place == "rounds[0].tables[0].result.games[0].value"
    assert "give the bid" in problem.message


def test_grand_hand_schneider_announced_lost_is_worth_8_times_24():
    # with 4, game 5, hand 6, schneider 7, schneider announced 8: 8 × 24 = 192 lost
    v = values(skat_doc([1, 2, 3], [{"declarer": 1, "game": "grand", "value": 192,
                                     "won": False}]))
    assert v[1]["points"] == -2 * 192 - 50 == -434


def test_seeger_example_extended_seeger_puts_a_first(tmp_path):
    # A B C D after 48 games: game points 492, 628, 660, -32; won 12, 12, 10, 6;
    # lost 0, 2, 1, 5. Seeger (± 50 per game): 1092, 1128, 1110, 18 (B ahead);
    # Seeger-Fabian adds 30 per game the others lost: A 8 → 1332, C 7 → 1320,
    # B 6 → 1308, D 3 → 108.
    rows = standings(load(SEEGER_EXAMPLE))["standings"]
    got = [(r["name"], r["values"]["game_points"], r["values"]["won"], r["values"]["lost"],
            r["values"]["points"]) for r in rows]
    assert got == [("A", 492, 12, 0, 1332), ("C", 660, 10, 1, 1320), ("B", 628, 12, 2, 1308),
                   ("D", -32, 6, 5, 108)]
    assert all(r["values"]["games"] == 48 for r in rows)
    assert "flags" not in standings(load(SEEGER_EXAMPLE))


def test_lot_is_left_to_the_director_rows_share_the_rank():
    doc = skat_doc([1, 2, 3], [{"declarer": 1, "game": "clubs", "value": 24, "won": True},
                               {"declarer": 2, "game": "clubs", "value": 24, "won": True},
                               {"declarer": 3, "game": "clubs", "value": 24, "won": True}],
                   games_per_series={"3": 3})
    assert [r["rank"] for r in standings(parse(doc))["standings"]] == [1, 1, 1]


def test_more_won_games_break_a_tie_on_points():
    # 1: won 24 (+74) and 36 (+86) = 160 with 2 won; 2: won 110 (+160) with 1 won
    doc = skat_doc([1, 2, 3], [{"declarer": 1, "game": "clubs", "value": 24, "won": True},
                               {"declarer": 1, "game": "clubs", "value": 36, "won": True},
                               {"declarer": 2, "game": "spades", "value": 110, "won": True}])
    rows = standings(parse(doc))["standings"]
    assert [(r["rank"], r["entrant"], r["values"]["points"], r["values"]["won"])
            for r in rows][:2] == [(1, 1, 160, 2), (2, 2, 160, 1)]


def test_fewer_lost_games_break_a_tie_on_points_and_games_won():
    # 1: hearts 150 won (+200), diamonds 18 lost (-86) = 114, 1 won, 1 lost;
    # 2: clubs 24 won (+74) and +40 for 1's lost game = 114, 1 won, 0 lost; 3: +40
    doc = skat_doc([1, 2, 3], [
        {"declarer": 1, "game": "hearts", "value": 150, "won": True},
        {"declarer": 1, "game": "diamonds", "value": 18, "won": False},
        {"declarer": 2, "game": "clubs", "value": 24, "won": True},
    ])
    rows = standings(parse(doc))["standings"]
    assert [(r["rank"], r["entrant"], r["values"]["points"], r["values"]["won"],
             r["values"]["lost"]) for r in rows] == [(1, 2, 114, 1, 0), (2, 1, 114, 1, 1),
                                                     (3, 3, 40, 0, 0)]


def test_series_totals_and_loss_fee_per_list():
    # 0.50 per lost game, 1.00 from the third lost game of a list on: 3 lost in series 1
    # cost 0.50 + 0.50 + 1.00 = 2.00; 1 lost in series 2 costs 0.50
    lost = {"declarer": 1, "game": "diamonds", "value": 18, "won": False}
    doc = skat_doc([1, 2, 3], [lost, lost, lost], loss_fee=0.5, loss_fee_higher=1.0,
                   loss_fee_from=3)
    doc["rounds"].append({"number": 2, "tables": [{
        "number": 1, "seats": [{"entrant": e} for e in (1, 2, 3)],
        "result": {"games": [lost, {**lost, "declarer": 2}]}}]})
    v = values(doc)
    assert v[1]["loss_fee"] == 2.5 and v[2]["loss_fee"] == 0.5 and v[3]["loss_fee"] == 0
    # -86 each lost game; 2 and 3 get +40 for each of 1's losses
    assert (v[1]["series_1"], v[1]["series_2"], v[1]["points"]) == (-258, -86 + 40, -304)
    assert (v[3]["series_1"], v[3]["series_2"]) == (120, 80)


def test_a_short_series_is_scored_and_flagged():
    out = standings(parse(skat_doc([1, 2, 3], [{"game": "passed"}])))
    assert out["flags"] == [{"place": "rounds[0].tables[0]", "hint": "round 1, table 1",
                             "message": "1 games played, the series at a table of 3 is set "
                                        "to 36"}]


def test_a_passed_game_counts_as_a_game_but_scores_nothing():
    v = values(skat_doc([1, 2, 3], [{"game": "passed"}]))
    assert all((row["points"], row["games"]) == (0, 1) for row in v.values())


# --- refusals ----------------------------------------------------------------------------------

def test_a_suit_game_worth_25_is_refused_saying_what_is_possible():
    problem = the_refusal(skat_doc([1, 2, 3], [{"declarer": 1, "game": "clubs", "value": 25,
                                            "won": True}]))
    assert problem.place == "rounds[0].tables[0].result.games[0].value"
    assert problem.hint == "round 1, table 1, game 1"
    assert problem.message == ("a clubs game is worth 12 × 2 to 12 × 18 (24, 36, … 216), "
                               "not 25")


def test_a_game_by_the_dealer_at_a_table_of_four_is_refused():
    problem = the_refusal(skat_doc([1, 2, 3, 4], [{"declarer": 3, "dealer": 3, "game": "grand",
                                               "value": 48, "won": True}]))
    assert problem.place == "rounds[0].tables[0].result.games[0].declarer"
    assert "deals this game and sits it out" in problem.message


def test_a_table_of_four_names_the_dealer():
    problem = the_refusal(skat_doc([1, 2, 3, 4], [{"declarer": 3, "game": "grand", "value": 48,
                                               "won": True}]))
    assert problem.place == "rounds[0].tables[0].result.games[0].dealer"


def test_the_declarer_must_be_seated_at_the_table():
    problem = the_refusal(skat_doc([1, 2, 3], [{"declarer": 9, "game": "grand", "value": 48,
                                            "won": True}]))
    assert problem.place == "rounds[0].tables[0].result.games[0].declarer"
    assert "entrant 1, 2, 3" in problem.message


def test_the_deal_goes_round():
    games = [{"game": "passed", "dealer": d} for d in (1, 2, 3, 4, 2)]
    problem = the_refusal(skat_doc([1, 2, 3, 4], games))
    assert problem.place == "rounds[0].tables[0].result.games[4].dealer"
    assert "dealt by entrant 1, who dealt game 1" in problem.message
    problem = the_refusal(skat_doc([1, 2, 3, 4], [{"game": "passed", "dealer": d}
                                              for d in (1, 2, 1)]))
    assert problem.place == "rounds[0].tables[0].result.games[2].dealer"


@pytest.mark.parametrize(("line", "needle"), [
    ({"game": "null", "value": 35}, "null is worth 23, not 35"),
    ({"game": "null_ouvert_hand", "value": 59, "bid": 60}, "cannot be played after a bid of 60"),
    ({"game": "grand", "value": 24 * 12}, "a grand game is worth 24 × 2 to 24 × 11"),
    ({"game": "grand", "value": 48, "bid": 50, "won": True}, "does not reach the bid 50"),
    ({"game": "hearts", "value": 30, "bid": 31}, "31 is no bid"),
    ({"game": "ramsch", "value": 30}, "Ramsch is no part of the Skatordnung"),
    ({"game": "schafkopf", "value": 30}, "unknown game 'schafkopf'"),
    ({"game": "hearts", "value": True}, "must be the game's value"),
    ({"game": "hearts", "value": 30, "won": "yes"}, "must be true or false"),
])
def test_impossible_lines_are_refused_at_their_field(line, needle):
    problem = the_refusal(skat_doc([1, 2, 3], [{"declarer": 1, "won": False, **line}]))
    assert problem.place.startswith("rounds[0].tables[0].result.games[0]")
    assert needle in problem.message


def test_ramsch_where_the_tournament_allows_it():
    doc = skat_doc([1, 2, 3], [{"declarer": 2, "game": "ramsch", "value": 45, "won": False},
                               {"declarer": 3, "game": "ramsch", "value": 120, "won": True}],
                   ramsch=True)
    v = values(doc)
    assert [(v[e]["points"], v[e]["won"], v[e]["lost"]) for e in (1, 2, 3)] == [
        (0, 0, 0), (-45, 0, 0), (120, 0, 0)]


@pytest.mark.parametrize(("scoring", "place"), [
    ({"games_per_series": {"5": 60}}, "scoring.games_per_series.5"),
    ({"games_per_series": {"4": 0}}, "scoring.games_per_series.4"),
    ({"loss_fee": -1}, "scoring.loss_fee"),
    ({"loss_fee_higher": 1}, "scoring.loss_fee_from"),
    ({"ramsch": "ja"}, "scoring.ramsch"),
])
def test_bad_settings_are_refused(scoring, place):
    with pytest.raises(DocumentError) as info:
        parse(skat_doc([1, 2, 3], [{"game": "passed"}], **scoring))
    assert place in [p.place for p in info.value.problems]


def test_tables_seat_three_or_four_without_sides():
    doc = skat_doc([1, 2, 3, 4, 5], [{"game": "passed", "dealer": 1}])
    problem = the_refusal(doc)
    assert problem.place == "rounds[0].tables[0].seats"
    assert "seats 3 or 4 players, found 5" in problem.message


def test_value_problem_knows_every_bid():
    assert min(BIDS) == 18 and 23 in BIDS and 59 in BIDS and 19 not in BIDS
    assert value_problem("clubs", 24, True, None) is None


# --- properties ------------------------------------------------------------------------------

@FAST
@given(data=st.data())
def test_declarer_points_and_opponent_bonuses_follow_the_formula(data):
    """Any list the rules allow: each player's points are exactly Seeger-Fabian's sum,
    counted here line by line without the module: won +value+50, lost -2×value-50, and
    40 (table of three) or 30 (table of four) to each other player for each lost game."""
    size = data.draw(st.sampled_from((3, 4)), label="size")
    seats = data.draw(st.permutations([11, 22, 33, 44][:size]), label="seats")
    games = data.draw(skat_lists(list(seats), max_games=48), label="games")
    want: Counter[int] = Counter()
    for g in games:
        if g["game"] == "passed":
            continue
        d, v = g["declarer"], g["value"]
        if g["won"]:
            want[d] += v + 50
        else:
            want[d] -= 2 * v + 50
            for e in seats:
                if e != d:
                    want[e] += {3: 40, 4: 30}[size]
    got = values(skat_doc(list(seats), games))
    assert {e: got[e]["points"] for e in seats} == {e: want[e] for e in seats}
    assert sum(got[e]["won"] + got[e]["lost"] for e in seats) == sum(
        g["game"] != "passed" for g in games)


@FAST
@given(doc=skat_documents())
def test_generated_skat_documents_validate_and_rank(doc):
    parse(doc)
    rows = standings(parse(doc))["standings"]
    assert sorted(r["entrant"] for r in rows) == sorted(e["id"] for e in doc["entrants"])


@FAST
@given(data=st.data())
def test_any_payload_is_scored_or_refused_with_its_place(data):
    """Whatever JSON stands in a list, or in one field of one line, the core either scores
    it or refuses it naming a place in that table; it never raises anything else."""
    games = data.draw(skat_lists([1, 2, 3, 4]), label="games")
    doc = skat_doc([1, 2, 3, 4], games)
    spoil_and_score(data, doc, games)


def test_the_list_summary_as_the_dskv_prints_it():
    # the Preisskat explanation's four players (fixtures/scoring/skat-seeger-example.json):
    # A: game points 492, 12 won (+600), none lost, 8 lost by the others (8 x 30 = 240):
    # 1332; B: 628 + 600 - 100 + 180 = 1308; C: 660 + 500 - 50 + 210 = 1320;
    # D: -32 + 300 - 250 + 90 = 108
    from conftest import FIXTURES

    from scoring import load
    from scoring.skat import list_summary
    t = load(FIXTURES / "scoring" / "skat-seeger-example.json")
    table = t.rounds[0].tables[0]
    rows = list_summary(table.result.games, table.entrants)
    assert [(r.game_points, r.won, r.won_points, r.lost, r.lost_points, r.others_lost,
             r.others_points, r.total) for r in rows] == [
        (492, 12, 600, 0, 0, 8, 240, 1332), (628, 12, 600, 2, -100, 6, 180, 1308),
        (660, 10, 500, 1, -50, 7, 210, 1320), (-32, 6, 300, 5, -250, 3, 90, 108)]


def test_the_list_summary_at_a_table_of_three_gives_40():
    from scoring.skat import Game, list_summary
    games = [Game("grand", 1, 48, True, None), Game("hearts", 2, 20, False, None)]
    rows = list_summary(games, [1, 2, 3])
    assert [(r.entrant, r.others_points, r.total) for r in rows] == [
        (1, 40, 48 + 50 + 40), (2, 0, -40 - 50), (3, 40, 40)]
