"""The pure side of the security review's input findings (2, 4, 12, 5).

Ranges per discipline, the shape of a result (keys, size, depth), the bounded JSON
reader, single-line names, and the TRF writer, all without Django; ``python -m scoring``
is run as a user runs it. The property test feeds arbitrary JSON where a result and
where settings go: a document either validates and then its standings compute, or it
is refused with a place.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from fractions import Fraction
from typing import Any

import pytest
from conftest import ROOT
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pairing.trf import TrfPlayer, player_line, read, write
from scoring import check, standings
from scoring.json_input import JsonInputError, loads
from scoring.text import control_character, single_line

HUGE = 10 ** 4000


def run(*args: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "scoring", *map(str, args)],
                          capture_output=True, text=True, cwd=ROOT)


# --- valid documents, one per discipline, to put bad values into -------------------------------

def two_sided(discipline: str, scoring: dict[str, Any], result: Any, per_side: int = 1,
              extra: dict[str, Any] | None = None) -> dict[str, Any]:
    n = 2 * per_side
    seats = [{"entrant": i, "side": 1 if i <= per_side else 2} for i in range(1, n + 1)]
    return {"format": "turnier/1", "name": "T", "discipline": discipline, "scoring": scoring,
            "entrants": [{"id": i, "name": f"E{i}"} for i in range(1, n + 1)],
            "rounds": [{"number": 1, **(extra or {}),
                        "tables": [{"number": 1, "seats": seats, "result": result}]}]}


def boardgame(result: Any, scoring: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"format": "turnier/1", "name": "T", "discipline": "boardgame",
            "scoring": scoring or {},
            "entrants": [{"id": i, "name": f"E{i}"} for i in range(1, 5)],
            "rounds": [{"number": 1, "tables": [{"number": 1, "seats": [
                {"entrant": i} for i in range(1, 5)], "result": result}]}]}


VALID: dict[str, dict[str, Any]] = {
    "chess": two_sided("chess", {"win": 1, "draw": 0.5, "loss": 0}, {"score": "1-0"}),
    "mucken": two_sided("mucken", {"target": 21}, {"bobbl": [[21, 4], [20, 21]]}),
    "pussi": two_sided("pussi", {"games_per_series": 2}, {"games": [
        {"declarer": 1, "bid": 60, "totals": [60, 20]},
        {"declarer": 2, "bid": 50, "totals": [80, 70]}]}, per_side=2),
    "boardgame": boardgame({"points": {"1": 40, "2": 30, "3": 20.5, "4": 10}}),
    "tabletop": two_sided("tabletop", {"system": "ttm20"},
                          {"missions": [[12, 8], [12, 0], [4, 6]]}),
}


def errors(doc: dict[str, Any]) -> list[str]:
    _, problems = check(doc)
    return [str(p) for p in problems.errors]


def test_the_valid_documents_are_valid():
    for name, doc in VALID.items():
        assert errors(doc) == [], name


def with_result(name: str, result: Any) -> dict[str, Any]:
    doc = copy.deepcopy(VALID[name])
    doc["rounds"][0]["tables"][0]["result"] = result
    return doc


def with_scoring(name: str, **scoring: Any) -> dict[str, Any]:
    doc = copy.deepcopy(VALID[name])
    doc["scoring"] = {**doc["scoring"], **scoring}
    return doc


RESULT = "rounds[0].tables[0].result"


# --- finding 2: every number has a range -------------------------------------------------------

@pytest.mark.parametrize(("doc", "needle"), [
    (boardgame({"points": {"1": HUGE, "2": 1, "3": 1, "4": 1}}),
     f"{RESULT}.points: entrant 1: game points must be at most 1000000, not 1000000000"),
    (boardgame({"points": {"1": -2e6, "2": 1, "3": 1, "4": 1}}),
     "game points must be a number from -1000000 to 1000000"),
    (boardgame({"points": {"1": True, "2": 1, "3": 1, "4": 1}}), "not True"),
    (boardgame({"points": {"1": float("nan"), "2": 1, "3": 1, "4": 1}}),
     f"{RESULT}: holds a value that is not JSON"),
    (boardgame({"points": {"01": 1, "2": 1, "3": 1, "4": 1}}), "entrant 01, who is not seated"),
    (with_result("mucken", {"bobbl": [[21, 43], [20, 21]]}),
     f"{RESULT}: bobbl 1: must be two whole numbers from 0 to 42"),
    (with_result("mucken", {"bobbl": [[21, 4]] * 21}), f"{RESULT}.bobbl: 21 Bobbl"),
    (with_result("pussi", {"games": [{"declarer": 1, "bid": 5001, "totals": [5001, 0]}]}),
     f"{RESULT}.games[0].bid: must be at most 5000"),
    (with_result("pussi", {"games": [{"declarer": 1.0, "bid": 60, "totals": [60, 0]}]}),
     f"{RESULT}.games[0].declarer: must be 1 or 2, not 1.0"),
    (with_result("pussi", {"games": [{"declarer": 1, "bid": 60, "totals": [60, 10**6 + 1]}]}),
     f"{RESULT}.games[0].totals: must be the two parties' running totals"),
    (with_result("tabletop", {"missions": [[1001, 0], [1, 1], [1, 1]]}),
     f"{RESULT}: mission 1: must be two numbers from 0 to 1000"),
    (with_result("tabletop", {"missions": [[float("inf"), 0], [1, 1], [1, 1]]}),
     f"{RESULT}: holds a value that is not JSON"),
    (with_result("tabletop", {"missions": [[-1, 0], [1, 1], [1, 1]]}),
     f"{RESULT}: mission 1: must be two numbers from 0 to 1000"),
    (with_result("chess", {"score": ["1-0"]}), f"{RESULT}.score: ['1-0'] is not a chess"),
    (with_scoring("mucken", target=101), "scoring.target: must be at most 100, not 101"),
    (with_scoring("mucken", bobbl_per_round=0), "scoring.bobbl_per_round: must be a positive"),
    (with_scoring("pussi", weight_points=-1), "scoring.weight_points: must be a number >= 0"),
    (with_scoring("pussi", premium=HUGE), "scoring.premium: must be at most 100000"),
    (with_scoring("pussi", premium_at=True), "scoring.premium_at: must be a positive whole"),
    (with_scoring("pussi", games_per_series=100), "scoring.games_per_series: must be at most 99"),
    (with_scoring("chess", win=101), "scoring.win: must be at most 100"),
    (with_scoring("chess", bye=float("inf")), "scoring.bye: must be a number >= 0, not inf"),
    (with_scoring("chess", tiebreaks=["buchholz"] * 30), "scoring.tiebreaks: must be a list"),
    (with_scoring("tabletop", bye_tp=21), "scoring.bye_tp: must be at most 20, not 21"),
    (with_scoring("tabletop", system=["ttm20"]), "scoring.system: unknown tabletop system"),
    (boardgame({"points": {"1": 1, "2": 1, "3": 1, "4": 1}}, {"placement": {"²": [1, 2]}}),
     "scoring.placement.²: must be a table size from 2 to 12"),
    (boardgame({"points": {"1": 1, "2": 1, "3": 1, "4": 1}},
               {"placement": {"4": [5, 3, 2, 1e9]}}),
     "scoring.placement.4: placement points must be at most 1000"),
    ({**VALID["chess"], "discipline": ["chess"]}, "discipline: unknown discipline ['chess']"),
])
def test_numbers_out_of_range_are_refused_with_their_place(doc, needle):
    found = errors(doc)
    assert any(needle in e for e in found), found
    assert all(len(e) < 400 for e in found)  # no value is echoed at length


def test_a_bye_kind_that_is_no_text_is_refused():
    doc = copy.deepcopy(VALID["chess"])
    doc["entrants"].append({"id": 3, "name": "E3"})
    doc["rounds"][0]["byes"] = [{"entrant": 3, "kind": ["bye"]}]
    assert any("rounds[0].byes[0].kind: unknown bye kind" in e for e in errors(doc))


def test_the_4001_digit_document_exits_2_in_the_command_line(tmp_path):
    path = tmp_path / "brett.json"
    path.write_text(json.dumps(boardgame({"points": {"1": HUGE, "2": 1, "3": 1, "4": 1}})))
    for command in ("validate", "standings"):
        out = run(command, path)
        assert out.returncode == 2, out.stdout[:200]
        assert f"{RESULT}.points: entrant 1: game points must be at most" in out.stderr
        assert "Traceback" not in out.stderr and len(out.stderr) < 2000


# --- finding 4: the shape of a result ----------------------------------------------------------

@pytest.mark.parametrize(("name", "result", "needle"), [
    ("mucken", {"bobbl": [[21, 4]], "junk": 1},
     f"{RESULT}.junk: unknown field; a mucken result has bobbl, unfinished"),
    ("chess", {"score": "1-0", "x" * 5000: 1}, f"{RESULT}.xxxxxxxxxx"),
    ("pussi", {"games": [{"declarer": 1, "bid": 60, "totals": [60, 0], "extra": []}]},
     f"{RESULT}.games[0].extra: unknown field; a game has declarer, bid, totals"),
    ("boardgame", {"points": {"1": 1, "2": 1, "3": 1, "4": 1}, "pad": "x" * 17000},
     f"{RESULT}: is 170"),
    ("tabletop", {"missions": [[[[[1]]]], [1, 1], [1, 1]]},
     f"{RESULT}: nested more than 4 levels deep"),
    ("mucken", [[21, 4]], f"{RESULT}: a result is an object"),
])
def test_a_result_has_its_disciplines_keys_and_a_bounded_size(name, result, needle):
    found = errors(with_result(name, result))
    assert any(e.startswith(needle) for e in found), found
    assert all(len(e) < 400 for e in found)


def test_unknown_settings_are_flagged_not_refused_in_a_document():
    tournament, problems = check(with_scoring("mucken", targte=15))
    assert tournament is not None
    assert [str(p) for p in problems.warnings] == [
        "scoring.targte: unknown field; Mucken scoring has target, bobbl_per_round, "
        "time_limit, unfinished"]


# --- finding 12: the bounded reader ------------------------------------------------------------

@pytest.mark.parametrize(("data", "text"), [
    ("[" * 50_000 + "]" * 50_000, "nested more than 20 levels deep at line 1 column 21"),
    ('{"a":\n' * 21 + "1" + "}" * 21, "a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a: nested more"),
    ('{"a":\n' * 1500 + "1" + "}" * 1500, "nested more than 20 levels deep at line 21 column 1"),
    ('{"a": {"b": [' + "[" * 19 + "]" * 19 + "]}}", "a.b[0][0][0][0][0][0][0][0][0][0][0][0]"),
    ('{"name": "\\ud800"}', "name: a lone surrogate (\\ud800) is not text"),
    ('{"x": ["\\udfff"]}', "x[0]: a lone surrogate (\\udfff) is not text"),
    ('{"\\ud800": 1}', "a lone surrogate (\\ud800) is not text"),
    ('[NaN]', "[0]: NaN is not a JSON number"),
    ('{"a": -Infinity}', "a: -Infinity is not a JSON number"),
    ('{"a": 1e400}', "a: the number 1e400 is too large"),
    ("[" + "9" * 5000 + "]", "[0]: a number of 5000 digits is too long"),
    ("{nope", "not JSON: Expecting property name enclosed in double quotes at line 1 column 2"),
    (b"\xff{}", "not UTF-8 text (invalid start byte at byte 0)"),
    ("x" * 101, "larger than 100 bytes (101 bytes)"),
    ('{"score": "1-0", "score": "0-1"}', 'the name "score" appears twice in one object'),
    ('{"rounds": [{"tables": [{}, {"result": {"a": 1, "b": 2, "a": 3}}]}]}',
     'rounds[0].tables[1].result: the name "a" appears twice in one object'),
    ('[{"a": 1}, {"a": 1e400, "a": 2}]', "[1]"),  # one of the two, with its place
])
def test_the_reader_refuses_with_the_place(data, text):
    with pytest.raises(JsonInputError) as exc:
        loads(data, max_bytes=100 if text.startswith("larger") else 10**7)
    assert str(exc.value).startswith(text) or text in str(exc.value)


@pytest.mark.parametrize("data", ['"\\ud83d\\ude00"', b'\xef\xbb\xbf{"a": [1, 2.5, "\xc3\xa4"]}',
                                  "[" * 20 + "]" * 20, '{"n": 1e308, "m": -0.0}', "null"])
def test_the_reader_takes_ordinary_json(data):
    raw = data if isinstance(data, str) else data.decode("utf-8-sig")
    assert loads(data) == json.loads(raw)


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=3), inner, max_size=4), max_leaves=20))
def test_json_without_repeated_names_reads_as_the_standard_reader_reads_it(value):
    """Only a repeated name is refused: any document :mod:`json` writes (one name once per
    object) reads back equal, and every object comes back a plain dict."""
    text = json.dumps(value)
    try:
        assert loads(text) == json.loads(text)
    except JsonInputError as exc:  # only for what is refused anyway: too deep, a surrogate
        assert "nested more" in str(exc) or "surrogate" in str(exc), exc


@pytest.mark.parametrize(("content", "needle"), [
    ("[" * 50_000 + "]" * 50_000, "nested more than 20 levels deep at line 1 column 21"),
    ('{"format": "turnier/1", "name": "\\ud800"}', "name: a lone surrogate"),
    ('{"format": "turnier/1", "rounds": [NaN]}', "rounds[0]: NaN is not a JSON number"),
    ('{"format": "turnier/1", "name": "A", "name": "B"}',
     'the name "name" appears twice in one object'),
])
def test_the_command_line_refuses_deep_and_surrogate_json(tmp_path, content, needle):
    path = tmp_path / "doc.json"
    path.write_text(content)
    for command in ("validate", "standings"):
        out = run(command, path)
        assert out.returncode == 2 and needle in out.stderr and "Traceback" not in out.stderr


# --- finding 5: names are one line ---------------------------------------------------------------

@pytest.mark.parametrize("name", ["Line\n001", "a\rb", "a\tb", "a\x00b", "a\x85b", "a\u2028b",
                                  "a\u2029b", "a\u202eb", "a\u200bb", "\ufeffa", "a\x7f",
                                  "a\ud800"])
def test_control_characters_are_found(name):
    index = next(i for i, ch in enumerate(name) if not (ch.isalnum() or ch == " "))
    assert control_character(name) == (index, name[index])
    assert single_line(name) == name[:index] + " " + name[index + 1:]
    assert control_character(single_line(name)) is None


@pytest.mark.parametrize("name", ["Müller", "Ørsted-Ħ", "王小明", "O'Neil / Smith", "Ana\u00a0Li",
                                  "Zoë 🙂", ""])
def test_names_people_have_pass(name):
    assert control_character(name) is None and single_line(name) == name


@pytest.mark.parametrize(("entrant", "place"), [
    ({"name": "Line\n001    9  Forged"}, "entrants[0].name"),
    ({"name": "A", "players": ["B", "C\tD"]}, "entrants[0].players[1]"),
    ({"name": "A", "club": "X\r\nXXR 99"}, "entrants[0].club"),
    ({"name": "A", "categories": ["senior\n"]}, "entrants[0].categories[0]"),
])
def test_documents_refuse_names_with_control_characters(entrant, place):
    doc = copy.deepcopy(VALID["chess"])
    doc["entrants"][0].update(entrant)
    assert any(e.startswith(f"{place}: must be one line without control characters")
               for e in errors(doc)), errors(doc)
    doc = {**VALID["chess"], "name": "T\n042 2099"}
    assert "name: must be one line without control characters; found a line break at " \
           "character 2" in errors(doc)


def test_the_trf_writer_never_writes_a_control_character():
    head = "001    1      Line\n001    9      Forged".ljust(80)
    line = player_line(TrfPlayer(1, head, Fraction(0), 1, []))
    assert "\n" not in line and line.startswith("001    1      Line 001")
    text = "012 T\n" + "001    1      A".ljust(80) + " 0.0    1\n"
    trf = read(text)
    trf.lines[0] = "012 T\x0cXXR 99\u2028042"  # as if written into the file's kept lines
    trf.players[1].head = trf.players[1].head.replace("A ", "\n ", 1)
    written = write(trf)
    assert written.count("\n") == 2 and "\x0c" not in written and "\u2028" not in written
    assert written.startswith("012 T XXR 99 042\n001    1       ")


# --- the property: any JSON where a result or settings go ---------------------------------------

KEYS = ("bobbl", "unfinished", "games", "declarer", "bid", "totals", "points", "missions",
        "score", "1", "2", "3", "4", "target", "premium", "premium_at", "games_per_series",
        "weight_points", "placement", "system", "bye_tp", "win", "draw", "tiebreaks")
scalars = (st.none() | st.booleans() | st.integers(-100, 100)
           | st.integers(-(10 ** 30), 10 ** 30) | st.just(HUGE) | st.just(-HUGE)
           | st.floats(allow_nan=True, allow_infinity=True)
           | st.sampled_from(("1-0", "ttm20", "matrix12", "leader", "buchholz", ""))
           | st.text(max_size=6))
json_values = st.recursive(
    scalars, lambda inner: st.lists(inner, max_size=5)
    | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=4), inner, max_size=5),
    max_leaves=25)


def holds(doc: dict[str, Any]) -> None:
    """Validates and then scores without an exception (and as JSON), or is refused with a
    place for every problem."""
    tournament, problems = check(doc)
    if tournament is None:
        assert problems.errors
        assert all(p.place for p in problems.errors), [str(p) for p in problems.errors]
        return
    out = standings(tournament)
    json.dumps(out, allow_nan=False)


PROPERTY = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@PROPERTY
@given(name=st.sampled_from(sorted(VALID)), payload=json_values)
def test_any_json_result_validates_and_scores_or_is_refused_with_a_place(name, payload):
    holds(with_result(name, payload))


@PROPERTY
@given(name=st.sampled_from(sorted(VALID)), data=st.data())
def test_any_json_inside_a_result_or_settings_validates_or_is_refused(name, data):
    doc = copy.deepcopy(VALID[name])
    # Replace one value somewhere inside the result or the settings by arbitrary JSON.
    node: Any = data.draw(st.sampled_from([doc, doc["rounds"][0]["tables"][0]]))
    key = data.draw(st.sampled_from(["scoring"] if node is doc else ["result"]))
    while isinstance(node[key], dict | list) and node[key] and data.draw(st.booleans()):
        node = node[key]
        key = data.draw(st.sampled_from(list(node) if isinstance(node, dict)
                                        else range(len(node))))
    node[key] = data.draw(json_values)
    holds(doc)
