"""Chess tiebreaks on the FIDE TEC exercises (shared/fixtures/tiebreaks) and small cases."""

import json

import pytest
from conftest import FIXTURES

from scoring import parse, standings

TB = FIXTURES / "tiebreaks"
EXPECTED = json.loads((TB / "tec-expected.json").read_text())
OURS = ("points", "buchholz", "buchholz_cut1", "median", "fine_buchholz", "sonneborn_berger",
        "progressive", "wins", "black_games", "aro")


def evaluate(doc_name, rules, tiebreaks=None):
    doc = json.loads((TB / doc_name).read_text())
    doc["scoring"]["tiebreak_rules"] = rules
    if tiebreaks is not None:
        doc["scoring"]["tiebreaks"] = tiebreaks
    return standings(parse(doc))["standings"]


@pytest.mark.parametrize("doc_name", ["tec-swiss.json", "tec-round-robin.json"])
@pytest.mark.parametrize("rules", ["fide_2023", "fide_2026"])
def test_tec_exercise_values(doc_name, rules):
    got = {r["entrant"]: r["values"] for r in evaluate(doc_name, rules.replace("_", ""))}
    expected_rows = EXPECTED["documents"][doc_name][rules]["rows"]
    checked = 0
    for row in expected_rows:
        for key, value in row["values"].items():
            if key in OURS:
                assert got[row["entrant"]][key] == pytest.approx(value), (row["name"], key)
                checked += 1
    assert checked >= 5 * len(expected_rows)


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
