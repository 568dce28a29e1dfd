"""Chess tiebreaks on the FIDE TEC exercises (fixtures/tiebreaks) and small cases."""

import json

import pytest
from conftest import FIXTURES

from scoring import parse, standings
from scoring.chess import ABBREVIATIONS, ON_REQUEST, TIEBREAKS, abbreviation

TB = FIXTURES / "tiebreaks"
EXPECTED = json.loads((TB / "tec-expected.json").read_text())
# The fixture's names for the C.07 tie-breaks it calls fide_…; the others are ours already.
NAMES = {"fide_sb_cut1": "sonneborn_berger_cut1", "fide_fore_buchholz": "fore_buchholz",
         "fide_aob": "aob", "fide_progressive_cut1": "progressive_cut1", "fide_won": "won",
         "fide_bwg": "black_wins", "fide_ge": "games_elected", "fide_aro_cut1": "aro_cut1",
         "fide_aro_unrounded": "aro_unrounded", "fide_tpr": "tpr", "fide_apro": "apro",
         "fide_ptp": "ptp", "fide_appo": "appo", "fide_koya": "koya"}
ALL_VALUES = [tb for tb in TIEBREAKS if tb != "direct_encounter"]


def evaluate(doc_name, rules, tiebreaks=None):
    doc = json.loads((TB / doc_name).read_text())
    doc["scoring"]["tiebreak_rules"] = rules
    if tiebreaks is not None:
        doc["scoring"]["tiebreaks"] = tiebreaks
    return standings(parse(doc))["standings"]


@pytest.mark.parametrize("doc_name", ["tec-swiss.json", "tec-round-robin.json"])
@pytest.mark.parametrize("rules", ["fide_2023", "fide_2026"])
def test_tec_exercise_values(doc_name, rules):
    # Every value of every entrant, published, asserted or computed (see the fixture README).
    rows = evaluate(doc_name, rules.replace("_", ""), ALL_VALUES)
    got = {r["entrant"]: r["values"] for r in rows}
    expected_rows = EXPECTED["documents"][doc_name][rules]["rows"]
    assert sorted(got) == sorted(row["entrant"] for row in expected_rows)
    for row in expected_rows:
        for key, value in row["values"].items():
            ours = got[row["entrant"]][NAMES.get(key, key)]
            if value is None:
                assert ours is None, (row["name"], key)
            else:
                assert ours == pytest.approx(value, abs=1e-9), (row["name"], key)
    keys = {key for row in expected_rows for key in row["values"]}
    assert len(keys) == (23 if doc_name == "tec-swiss.json" else 7)  # the fixture is all there


def test_every_value_name_has_an_abbreviation():
    assert set(ABBREVIATIONS) == {"points", *TIEBREAKS}
    assert len(set(ABBREVIATIONS.values())) == len(ABBREVIATIONS)  # FBH is not FB
    assert abbreviation("fine_buchholz") == "FBH" and abbreviation("fore_buchholz") == "FB"
    assert abbreviation("median") == "BH-M1" and abbreviation("koya") == "KS"
    # The 2026 amendments renamed GE ("games one elected to play") to REP.
    assert abbreviation("games_elected") == "GE"
    assert abbreviation("games_elected", "fide2026") == "REP"


def test_further_tiebreaks_are_computed_only_when_asked():
    plain = evaluate("tec-swiss.json", "fide2023", ["buchholz"])
    assert not set(ON_REQUEST) & set(plain[0]["values"])
    asked = evaluate("tec-swiss.json", "fide2023", ["koya", "ptp"])
    assert {"koya", "ptp", "buchholz", "aro"} <= set(asked[0]["values"])
    assert "tpr" not in asked[0]["values"]


def test_withdrawn_player_counts_as_drawing_the_rest_for_opponents():
    # Nick (12) withdrew after round 3 with 2 points; his opponents count him as 3.
    got = {r["entrant"]: r["values"] for r in evaluate("tec-swiss.json", "fide2023")}
    assert got[12]["points"] == 2.0
    # Alyx played Nick in round 1: her Buchholz uses 3.0 for him (published 12.5).
    assert got[1]["buchholz"] == 12.5


def test_2026_caps_the_dummy_opponent():
    old = {r["entrant"]: r["values"] for r in evaluate("tec-swiss.json", "fide2023")}
    new = {r["entrant"]: r["values"] for r in evaluate("tec-swiss.json", "fide2026")}
    # David (3.5 points, half-point bye): dummy 2.5 instead of 3.5.
    assert old[4]["buchholz"] - new[4]["buchholz"] == 1.0
    # Maria (forfeit win against Jessica, 1.5): dummy 1.5 instead of 2.5.
    assert old[11]["buchholz"] - new[11]["buchholz"] == 1.0


@pytest.mark.parametrize("doc_name", ["tec-swiss.json", "tec-round-robin.json"])
def test_direct_encounter_groups_as_published(doc_name):
    rows = evaluate(doc_name, "fide2023", ["direct_encounter"])
    rank = {r["entrant"]: r["rank"] for r in rows}
    for group in EXPECTED["documents"][doc_name]["direct_encounter"]["groups"]:
        layers = [sorted(rank[e] for e in layer) for layer in group["order"]]
        for layer in layers:  # each layer shares one rank
            assert len(set(layer)) == 1, group
        assert [layer[0] for layer in layers] == sorted(layer[0] for layer in layers)
        if group.get("mini_points"):
            values = {r["entrant"]: r["values"]["direct_encounter"] for r in rows}
            for e, mini in group["mini_points"].items():
                assert values[int(e)] == mini


def small(results, tiebreaks, scoring=None, byes=None):
    """Four players; ``results`` is a list of rounds of (white, black, score)."""
    rounds = []
    for i, rnd in enumerate(results, start=1):
        rounds.append({"number": i, "tables": [
            {"number": k, "seats": [{"entrant": w, "side": 1}, {"entrant": b, "side": 2}],
             "result": {"score": s}} for k, (w, b, s) in enumerate(rnd, start=1)],
            "byes": (byes or {}).get(i, [])})
    return {"format": "turnier/1", "name": "t", "discipline": "chess",
            "scoring": {"tiebreaks": tiebreaks, **(scoring or {})},
            "entrants": [{"id": i, "name": f"P{i}", "rating": 1500 + 100 * i}
                         for i in range(1, 5)], "rounds": rounds}


def test_points_per_win_from_the_settings():
    doc = small([[(1, 2, "1-0"), (3, 4, "1/2-1/2")]], [],
                {"win": 3, "draw": 1, "loss": 0})
    got = {r["entrant"]: r["values"]["points"] for r in standings(parse(doc))["standings"]}
    assert got == {1: 3, 2: 0, 3: 1, 4: 1}


def test_forfeits_and_byes_are_scored_by_kind():
    doc = small([[(1, 2, "+-")], [(3, 4, "--")]], ["wins", "black_games"],
                byes={1: [{"entrant": 3, "kind": "half"}, {"entrant": 4, "kind": "bye"}],
                      2: [{"entrant": 1, "kind": "zero"}, {"entrant": 2, "kind": "forfeit-win"}]})
    got = {r["entrant"]: r["values"] for r in standings(parse(doc))["standings"]}
    assert {e: v["points"] for e, v in got.items()} == {1: 1, 2: 1, 3: 0.5, 4: 1}
    assert {e: v["wins"] for e, v in got.items()} == {1: 1, 2: 1, 3: 0, 4: 1}
    assert {e: v["black_games"] for e, v in got.items()} == {1: 0, 2: 0, 3: 0, 4: 0}


def test_aro_rounds_half_up_and_ignores_forfeits():
    doc = small([[(1, 2, "1-0"), (3, 4, "0-1")], [(1, 3, "+-"), (2, 4, "0-1")]], ["aro"])
    got = {r["entrant"]: r["values"]["aro"] for r in standings(parse(doc))["standings"]}
    # ratings 1600, 1700, 1800, 1900; player 4 met 3 and 2: (1800 + 1700) / 2 = 1750
    assert got == {1: 1700, 2: 1750, 3: 1900, 4: 1750}


def test_tiebreaks_decide_in_the_order_asked():
    # 1 and 2 both have 1 point; 2 played with black once, 1 has the higher Buchholz.
    results = [[(1, 2, "1-0"), (3, 4, "1-0")], [(1, 3, "0-1"), (2, 4, "1-0")]]

    def order(tiebreaks):
        rows = standings(parse(small(results, tiebreaks)))["standings"]
        return [(r["rank"], r["entrant"]) for r in rows]

    assert order(["black_games", "buchholz"]) == [(1, 3), (2, 2), (3, 1), (4, 4)]
    assert order(["buchholz", "black_games"]) == [(1, 3), (2, 1), (3, 2), (4, 4)]
    assert order([]) == [(1, 3), (2, 1), (2, 2), (4, 4)]


def test_after_round_counts_only_the_first_rounds():
    doc = small([[(1, 2, "1-0"), (3, 4, "1-0")], [(2, 1, "1-0"), (4, 3, "1-0")]], ["buchholz"])
    after1 = {r["entrant"]: r["values"] for r in standings(parse(doc), after_round=1)["standings"]}
    assert {e: v["points"] for e, v in after1.items()} == {1: 1, 2: 0, 3: 1, 4: 0}
    after0 = standings(parse(doc), after_round=0)["standings"]
    assert {r["rank"] for r in after0} == {1}


def test_aro_cut1_is_undefined_after_one_game_and_ranks_last():
    # 2 played one game (against 1), 4 played two (3 at 1800, 1 at 1600: 1600 is cut).
    doc = small([[(1, 2, "1-0"), (3, 4, "1-0")], [(1, 4, "1-0")]], ["aro_cut1"],
                byes={2: [{"entrant": 2, "kind": "zero"}, {"entrant": 3, "kind": "zero"}]})
    rows = standings(parse(doc))["standings"]
    assert [(r["rank"], r["entrant"]) for r in rows] == [(1, 1), (2, 3), (3, 4), (4, 2)]
    got = {r["entrant"]: r["values"]["aro_cut1"] for r in rows}
    assert got == {1: 1900, 2: None, 3: None, 4: 1800}


def test_aro_cut1_cuts_the_unrated_opponent_first():
    doc = small([[(1, 2, "1-0"), (3, 4, "1-0")], [(1, 3, "1-0"), (2, 4, "1-0")]],
                ["aro", "aro_cut1", "aro_unrounded"])
    doc["entrants"][2]["rating"] = None  # 3 is unrated
    got = {r["entrant"]: r["values"] for r in standings(parse(doc))["standings"]}
    # 1 met 2 (1700) and unrated 3: the unrated game is the one cut, 1700 stays.
    assert (got[1]["aro"], got[1]["aro_cut1"], got[1]["aro_unrounded"]) == (1700, 1700, 1700)
    # 2 met 1 (1600) and 4 (1900): the lower is cut.
    assert (got[2]["aro"], got[2]["aro_cut1"], got[2]["aro_unrounded"]) == (1750, 1900, 1750)


def test_performances_score_games_one_half_zero_whatever_the_points():
    # A draw worth no more than a loss still counts ½ for the rating-based tiebreaks.
    doc = small([[(1, 2, "1/2-1/2")]], ["tpr", "ptp", "won"], {"win": 1, "draw": 0, "loss": 0})
    got = {r["entrant"]: r["values"] for r in standings(parse(doc))["standings"]}
    assert (got[1]["tpr"], got[2]["tpr"]) == (1700, 1600)
    # Table 8.1.2 gives 0.50 up to a difference of 3, so 3 points below already expects ½.
    assert (got[1]["ptp"], got[2]["ptp"]) == (1697, 1597)
    assert (got[1]["won"], got[2]["won"]) == (0, 0)


def test_performances_of_zero_and_perfect_scores():
    doc = small([[(1, 2, "1-0")]], ["tpr", "ptp", "apro", "appo"])
    got = {r["entrant"]: r["values"] for r in standings(parse(doc))["standings"]}
    # TPR: ARO ± 800 (table 8.1.1 at 1.00 and 0.00).
    assert (got[1]["tpr"], got[2]["tpr"]) == (2500, 800)
    # PTP: a zero score is the lowest opponent − 800; a perfect score is the lowest
    # rating expecting 1.00 against 1700 (table 8.1.2: a difference of 736 or more).
    assert (got[1]["ptp"], got[2]["ptp"]) == (2436, 800)
    assert (got[1]["apro"], got[1]["appo"]) == (800, 800)
    # 3 and 4 played no game: no performance, and they count for nobody's average.
    assert (got[3]["tpr"], got[3]["ptp"], got[3]["apro"]) == (0, 0, 0)


def test_fore_buchholz_draws_every_last_round_pairing():
    # Round 2: 1 wins by forfeit against 3, 4 beats 2. Fore scores (round 2 drawn):
    # 1: 1.5, 2: 0.5, 3: 0.5 + 0.5 = 1.0, 4: 0.5 + 0.5 = 1.0.
    doc = small([[(1, 2, "1-0"), (3, 4, "1/2-1/2")], [(1, 3, "+-"), (2, 4, "0-1")]],
                ["fore_buchholz", "buchholz"])
    got = {r["entrant"]: r["values"] for r in standings(parse(doc))["standings"]}
    # 1: 2 (0.5) + 3 (1.0): the forfeit counts as a drawn game against 3, not a dummy.
    assert got[1]["fore_buchholz"] == 1.5
    assert got[1]["buchholz"] == 2.0  # 2 (0) + dummy for the forfeit win (own 2)
    assert got[3]["fore_buchholz"] == 2.5  # 4 (1.0) + 1 (1.5)


def test_games_elected_and_wins_over_the_board():
    doc = small([[(1, 2, "+-"), (3, 4, "0-1")], [(2, 4, "1-0")], [(1, 4, "-+")]],
                ["games_elected", "won", "black_wins", "wins"],
                byes={2: [{"entrant": 1, "kind": "half"}, {"entrant": 3, "kind": "bye"}],
                      3: [{"entrant": 2, "kind": "zero"}, {"entrant": 3, "kind": "bye"}]})
    got = {r["entrant"]: r["values"] for r in standings(parse(doc))["standings"]}
    # Rounds available for: games, forfeit wins and pairing-allocated byes.
    assert {e: v["games_elected"] for e, v in got.items()} == {1: 1, 2: 1, 3: 3, 4: 3}
    assert {e: v["won"] for e, v in got.items()} == {1: 0, 2: 1, 3: 0, 4: 1}
    assert {e: v["black_wins"] for e, v in got.items()} == {1: 0, 2: 0, 3: 0, 4: 1}
    assert {e: v["wins"] for e, v in got.items()} == {1: 1, 2: 1, 3: 2, 4: 2}


def test_fore_buchholz_is_known_before_the_last_round_ends():
    # The same tournament with round 2 still to be played gives the same Fore Buchholz.
    results = [[(1, 2, "1-0"), (3, 4, "1/2-1/2")], [(1, 3, "+-"), (2, 4, "0-1")]]
    done = small(results, ["fore_buchholz"])
    pending = small(results, ["fore_buchholz"])
    for table in pending["rounds"][1]["tables"]:
        table["result"] = None

    def fore(doc):
        return {r["entrant"]: r["values"]["fore_buchholz"]
                for r in standings(parse(doc))["standings"]}

    assert fore(pending) == fore(done) == {1: 1.5, 2: 2.5, 3: 2.5, 4: 1.5}


def test_seed_chess_buchholz_fine_buchholz_sonneborn_berger_by_hand():
    # The chess program's table orders: Buchholz = the opponents' points summed; fine
    # Buchholz = the opponents' Buchholz summed; Sonneborn-Berger = the opponents' points
    # times 1 for a win, 0.5 for a draw, 0 for a loss. Four players, all games played.
    results = [[(1, 2, "1-0"), (3, 4, "1/2-1/2")], [(1, 3, "1/2-1/2"), (2, 4, "1-0")],
               [(4, 1, "0-1"), (2, 3, "0-1")]]
    rows = standings(parse(small(results, ["buchholz", "fine_buchholz",
                                           "sonneborn_berger"])))["standings"]
    got = {r["entrant"]: tuple(r["values"][k] for k in
                               ("points", "buchholz", "fine_buchholz", "sonneborn_berger"))
           for r in rows}
    # points 2.5, 1, 2, 0.5; e.g. player 1: BH 1 + 2 + 0.5 = 3.5, FBH 5 + 4 + 5.5 = 14.5,
    # SB 1 × 1 + 0.5 × 2 + 1 × 0.5 = 2.5
    assert got == {1: (2.5, 3.5, 14.5, 2.5), 2: (1, 5, 13, 0.5), 3: (2, 4, 14, 2.5),
                   4: (0.5, 5.5, 12.5, 1)}
    assert [r["entrant"] for r in rows] == [1, 3, 2, 4]
