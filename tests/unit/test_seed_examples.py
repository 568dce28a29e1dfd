"""The worked examples of the seeds (docs/rules.md), as named tests."""

from fractions import Fraction

from conftest import FIXTURES

from scoring import load, parse, standings
from scoring.boardgame import placement_points, shares
from scoring.tabletop import tournament_points

SCORING = FIXTURES / "scoring"


def rows(path, **kw):
    return [(r["rank"], r["name"], r["values"]) for r in standings(load(path), **kw)["standings"]]


def test_mucken_six_pairs_bobbl_ranking():
    got = [(rank, name, v["bobbl"], v["tore"], v["gegentore"])
           for rank, name, v in rows(SCORING / "mucken-seed-example.json")]
    assert got == [(1, "Fritz / Hans", 2, 0, 28), (2, "Berta / Else", 1, 20, 4),
                   (3, "Sabine / Uschi", 1, 20, 13), (4, "Karl / Monika", 1, 13, 20),
                   (5, "Erwin / Franz", 1, 4, 20), (6, "Heidi / Horst", 0, 28, 0)]


def test_mucken_six_pairs_plus_and_plus_minus_rank_worse():
    values = {name: v for _, name, v in rows(SCORING / "mucken-seed-example.json")}
    by_plus = sorted(values, key=lambda n: -values[n]["plus"])
    # Plus: Fritz/Hans 42, then Berta/Else and Sabine/Uschi share 41, and Heidi/Horst (no
    # Bobbl won) rank above Erwin/Franz (one Bobbl) — the seed's argument against Plus.
    assert [values[n]["plus"] for n in by_plus] == [42, 41, 41, 34, 28, 25]
    assert by_plus[-2:] == ["Heidi / Horst", "Erwin / Franz"]
    by_pm = sorted(values, key=lambda n: -values[n]["plus_minus"])
    # Plus-Minus even puts Berta/Else (one Bobbl) above Fritz/Hans (two Bobbl).
    assert by_pm[:2] == ["Berta / Else", "Fritz / Hans"]
    assert [values[n]["plus_minus"] for n in by_pm] == [16, 14, 7, -7, -14, -16]


def test_ttm20_jana_jannek_14_6():
    assert tournament_points("ttm20", [(12, 8), (12, 0), (4, 6)]) == (14, 6)
    got = rows(SCORING / "tabletop-ttm20-seed-example.json")
    assert [(name, v["tp"]) for _, name, v in got] == [("Jana", 14), ("Jannek", 6)]


def test_matrix20_sarah_simon_14_6():
    got = rows(SCORING / "tabletop-matrix20-seed-example.json")
    assert [(name, v["tp"]) for _, name, v in got] == [("Sarah", 14), ("Simon", 6)]


def test_sun_benjamin_barbara_2_0_plus_minus_5():
    got = rows(SCORING / "tabletop-sun-seed-example.json")
    assert [(name, v["tp"], v["secondary"]) for _, name, v in got] == [
        ("Benjamin", 2, 5), ("Barbara", 0, -5)]


def test_matrix12_tanja_tom_follows_the_rule_10_2():
    # The seed prints 8:4, but its own numbers (tertiary 4 vs 2 for Tanja) give 10:2.
    kinds = ("eternal_war", "maelstrom", "tertiary")
    assert tournament_points("matrix12", [(13, 5), (3, 5), (4, 2)], kinds) == (10, 2)
    got = rows(SCORING / "tabletop-matrix12-seed-example.json")
    assert [(name, v["tp"], v["secondary"]) for _, name, v in got] == [
        ("Tanja", 10, 8), ("Tom", 2, -8)]


def test_percent_andreas_anne_66_66_33_33():
    assert tournament_points("percent", [(20, 10), (0, 0), (0, 0)]) == (
        Fraction(6666, 100), Fraction(3333, 100))
    got = rows(SCORING / "tabletop-percent-seed-example.json")
    assert [(name, v["tp"], v["secondary"]) for _, name, v in got] == [
        ("Andreas", 66.66, 20), ("Anne", 33.33, 10)]


def test_boardgame_tie_for_first_shares_4_points_each():
    points = {12: Fraction(87), 4: Fraction(87), 9: Fraction(65), 1: Fraction(40)}
    assert placement_points(points, (5, 3, 2, 1)) == {12: 4, 4: 4, 9: 2, 1: 1}


def test_boardgame_table_of_three_uses_a_virtual_fourth_player():
    share = shares({1: Fraction(60), 2: Fraction(30), 3: Fraction(30)})
    assert share == {1: Fraction(60, 160), 2: Fraction(30, 160), 3: Fraction(30, 160)}


def test_boardgame_document_with_a_shared_first_place():
    doc = {"format": "turnier/1", "name": "t", "discipline": "boardgame",
           "entrants": [{"id": i, "name": f"P{i}"} for i in (1, 4, 9, 12)],
           "rounds": [{"number": 1, "tables": [{"number": 1, "seats": [
               {"entrant": 12}, {"entrant": 4}, {"entrant": 9}, {"entrant": 1}],
               "result": {"points": {"12": 87, "4": 87, "9": 65, "1": 40}}}]}]}
    got = [(r["rank"], r["entrant"], r["values"]["points"])
           for r in standings(parse(doc))["standings"]]
    assert got == [(1, 4, 4.0), (1, 12, 4.0), (3, 9, 2.0), (4, 1, 1.0)]
