"""Bad documents are refused with every problem at its place; nothing is silently fixed."""

import copy

import pytest

from scoring import DocumentError, check, parse


def mucken(**over):
    doc = {"format": "turnier/1", "name": "t", "discipline": "mucken", "scoring": {"target": 21},
           "entrants": [{"id": i, "name": f"Paar {i}"} for i in range(1, 5)],
           "rounds": [{"number": 1, "tables": [
               {"number": 1, "seats": [{"entrant": 1, "side": 1}, {"entrant": 2, "side": 2}],
                "result": {"bobbl": [[21, 4], [20, 21]]}},
               {"number": 2, "seats": [{"entrant": 3, "side": 1}, {"entrant": 4, "side": 2}],
                "result": None}]}]}
    doc.update(over)
    return doc


def messages(doc):
    _, problems = check(doc)
    return [str(p) for p in problems.errors]


def test_a_good_document_has_no_problems():
    assert messages(mucken()) == []


def test_every_problem_is_listed_not_just_the_first():
    doc = mucken()
    doc["entrants"].append({"id": 2, "name": "again"})
    doc["rounds"][0]["tables"][0]["result"] = {"bobbl": [[21, 21], [3, 4]]}
    doc["rounds"][0]["tables"][1]["seats"][1]["entrant"] = 99
    got = messages(doc)
    assert got == [
        "entrants[4].id: duplicate entrant id 2 (also entrants[1])",
        "rounds[0].tables[0].result: bobbl 1: both sides reached 21 (round 1, table 1)",
        "rounds[0].tables[0].result: bobbl 2: neither side reached 21 (round 1, table 1)",
        "rounds[0].tables[1].seats[1].entrant: unknown entrant 99 (round 1, table 2)",
    ]


def test_entrant_seated_twice_in_a_round():
    doc = mucken()
    doc["rounds"][0]["tables"][1]["seats"][0]["entrant"] = 1
    assert messages(doc) == ["rounds[0].tables[1].seats[0].entrant: entrant 1 is seated twice "
                             "in this round (also rounds[0].tables[0].seats[0]) "
                             "(round 1, table 2)"]


def test_bye_for_a_seated_entrant():
    doc = mucken()
    doc["rounds"][0]["byes"] = [{"entrant": 2, "kind": "bye"}]
    assert "entrant 2 has a bye and is also at" in messages(doc)[0]


@pytest.mark.parametrize(("discipline", "scoring", "seats", "needle"), [
    ("chess", {}, [{"entrant": 1, "side": 1}], "needs 1 entrant(s) on each side"),
    ("mucken", {}, [{"entrant": 1, "side": 1}, {"entrant": 2, "side": 1}],
     "found 2 on side 1 and 0 on side 2"),
    ("pussi", {}, [{"entrant": 1, "side": 1}, {"entrant": 2, "side": 2}],
     "needs 2 entrant(s) on each side"),
    ("tabletop", {"system": "sun"}, [{"entrant": 1}, {"entrant": 2}], "side 1 or 2"),
    ("boardgame", {}, [{"entrant": 1, "side": 1}, {"entrant": 2}], "have no sides"),
])
def test_wrong_seats_for_the_discipline(discipline, scoring, seats, needle):
    doc = {"format": "turnier/1", "name": "t", "discipline": discipline, "scoring": scoring,
           "entrants": [{"id": i, "name": f"E{i}"} for i in range(1, 5)],
           "rounds": [{"number": 1, "tables": [{"number": 1, "seats": seats, "result": None}]}]}
    got = messages(doc)
    assert len(got) == 1 and needle in got[0] and got[0].startswith("rounds[0].tables[0].seats")


def test_boardgame_table_of_two_has_no_placement_points():
    doc = {"format": "turnier/1", "name": "t", "discipline": "boardgame",
           "entrants": [{"id": i, "name": f"E{i}"} for i in (1, 2)],
           "rounds": [{"number": 1, "tables": [{"number": 1, "seats": [
               {"entrant": 1}, {"entrant": 2}], "result": {"points": {"1": 3, "2": 4}}}]}]}
    assert messages(doc) == ["rounds[0].tables[0].seats: a table of 2 has no placement points "
                             "(tables of 3, 4) (round 1, table 1)"]


def test_boardgame_missing_points_for_a_seated_player():
    doc = {"format": "turnier/1", "name": "t", "discipline": "boardgame",
           "entrants": [{"id": i, "name": f"E{i}"} for i in (1, 2, 3)],
           "rounds": [{"number": 1, "tables": [{"number": 1, "seats": [
               {"entrant": 1}, {"entrant": 2}, {"entrant": 3}],
               "result": {"points": {"1": 3, "2": 4}}}]}]}
    assert messages(doc) == ["rounds[0].tables[0].result.points: no game points for entrant 3 "
                             "(round 1, table 1)"]


def test_matrix12_needs_the_rounds_mission_kinds():
    doc = {"format": "turnier/1", "name": "t", "discipline": "tabletop",
           "scoring": {"system": "matrix12"},
           "entrants": [{"id": 1, "name": "A"}, {"id": 2, "name": "B"}],
           "rounds": [{"number": 1, "tables": [{"number": 1, "seats": [
               {"entrant": 1, "side": 1}, {"entrant": 2, "side": 2}],
               "result": {"missions": [[1, 2], [3, 4], [5, 6]]}}]}]}
    assert messages(doc)[0].startswith("rounds[0].missions: the 12er matrix needs")


@pytest.mark.parametrize(("scoring", "place"), [
    ({"tiebreaks": ["buchholz", "kashdan"]}, "scoring.tiebreaks[1]: unknown tiebreak 'kashdan'"),
    ({"tiebreaks": ["wins", "wins"]}, "scoring.tiebreaks[1]: tiebreak 'wins' is listed twice"),
    ({"system": "knockout"}, "scoring.system: must be 'swiss' or 'round_robin'"),
    ({"win": "one"}, "scoring.win: must be a number"),
    ({"tiebreak_rules": "fide1999"}, "scoring.tiebreak_rules: must be one of"),
])
def test_chess_settings(scoring, place):
    doc = {"format": "turnier/1", "name": "t", "discipline": "chess", "scoring": scoring,
           "entrants": [], "rounds": []}
    assert messages(doc)[0].startswith(place)


def test_bye_kind_the_discipline_does_not_score():
    doc = mucken()
    doc["rounds"][0]["tables"].pop()
    doc["rounds"][0]["byes"] = [{"entrant": 3, "kind": "half"}]
    assert messages(doc) == ["rounds[0].byes[0].kind: mucken does not score a bye of kind 'half' "
                             "(allowed: bye, forfeit-win, zero) (round 1)"]


@pytest.mark.parametrize("doc", [[], "x", {"format": "turnier/1"}, mucken(discipline="skat"),
                                 mucken(rounds={"a": 1}), mucken(entrants=None)])
def test_shapeless_documents_are_refused_cleanly(doc):
    with pytest.raises(DocumentError) as info:
        parse(doc)
    assert info.value.problems


def test_nothing_in_the_input_is_changed():
    doc = mucken()
    before = copy.deepcopy(doc)
    parse(doc)
    assert doc == before
