"""Mucken against the clock: the round time limit and the three rules for a Bobbl cut by time."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from typing import Any

import pytest
from conftest import ROOT

from scoring import check, parse, standings
from scoring.mucken import MUCKEN, outcome


def doc(result: dict[str, Any] | None, **scoring: Any) -> dict[str, Any]:
    """Pair 1 (side 1) against pair 2 (side 2); pairs 3 and 4 finish normally (21:10, 21:12)."""
    return {"format": "turnier/1", "name": "Uhr", "discipline": "mucken",
            "scoring": {"target": 21, **scoring},
            "entrants": [{"id": i, "name": f"Paar {i}"} for i in range(1, 5)],
            "rounds": [{"number": 1, "tables": [
                {"number": 1, "seats": [{"entrant": 1, "side": 1}, {"entrant": 2, "side": 2}],
                 "result": result},
                {"number": 2, "seats": [{"entrant": 3, "side": 1}, {"entrant": 4, "side": 2}],
                 "result": {"bobbl": [[21, 10], [21, 12]]}}]}]}


def values(document: dict[str, Any]) -> dict[int, dict[str, Any]]:
    return {r["entrant"]: r["values"] for r in standings(parse(document))["standings"]}


def errors(document: dict[str, Any]) -> list[str]:
    _, problems = check(document)
    return [str(p) for p in problems.errors]


CUT = {"bobbl": [[21, 11], [15, 9]], "unfinished": 2}  # Bobbl 2 stopped at 15:9


# --- the three rules -------------------------------------------------------------------------

def test_leader_wins_the_cut_bobbl():
    got = values(doc(CUT, time_limit=45, unfinished="leader"))
    # Bobbl 1: pair 1 wins 21:11. Bobbl 2 cut at 15:9: pair 1 is ahead and wins it.
    assert got[1] == {"bobbl": 2, "tore": 0, "gegentore": 11 + 9, "plus": 36, "plus_minus": 16}
    assert got[2] == {"bobbl": 0, "tore": 11 + 9, "gegentore": 0, "plus": 20, "plus_minus": -16}


def test_leader_is_the_default_rule():
    assert values(doc(CUT)) == values(doc(CUT, unfinished="leader"))


def test_leader_behind_on_side_1():
    got = values(doc({"bobbl": [[21, 11], [4, 17]], "unfinished": 2}, unfinished="leader"))
    assert got[1] == {"bobbl": 1, "tore": 4, "gegentore": 11, "plus": 25, "plus_minus": -3}
    assert got[2] == {"bobbl": 1, "tore": 11, "gegentore": 4, "plus": 28, "plus_minus": 3}


def test_leader_tie_counts_as_void():
    tie = {"bobbl": [[21, 11], [12, 12]], "unfinished": 2}
    got = values(doc(tie, unfinished="leader"))
    assert got[1] == {"bobbl": 1, "tore": 0, "gegentore": 11, "plus": 21, "plus_minus": 10}
    assert got[2] == {"bobbl": 0, "tore": 11, "gegentore": 0, "plus": 11, "plus_minus": -10}
    assert got == values(doc(tie, unfinished="void"))


def test_void_counts_the_cut_bobbl_for_nobody():
    got = values(doc(CUT, time_limit=45, unfinished="void"))
    assert got[1] == {"bobbl": 1, "tore": 0, "gegentore": 11, "plus": 21, "plus_minus": 10}
    assert got[2] == {"bobbl": 0, "tore": 11, "gegentore": 0, "plus": 11, "plus_minus": -10}
    # exactly as if only the first Bobbl had been played
    assert got == values(doc({"bobbl": [[21, 11]]}))


def test_as_played_gives_both_their_points_as_tore():
    got = values(doc(CUT, time_limit=45, unfinished="as_played"))
    assert got[1] == {"bobbl": 1, "tore": 15, "gegentore": 11, "plus": 36, "plus_minus": 16}
    assert got[2] == {"bobbl": 0, "tore": 11 + 9, "gegentore": 0, "plus": 20, "plus_minus": -16}


def test_ranking_follows_the_rule():
    """Pair 1 leads the cut Bobbl: with "leader" it ranks first, with "void" it shares with 3."""
    def order(rule: str) -> list[tuple[int, int]]:
        rows = standings(parse(doc(CUT, unfinished=rule)))["standings"]
        return [(r["rank"], r["entrant"]) for r in rows]

    assert order("leader")[:2] == [(1, 1), (2, 3)]  # Gegentore 20 beat 22
    assert order("void")[:2] == [(1, 3), (2, 1)]  # 2 Bobbl beat 1 Bobbl
    assert order("as_played")[:2] == [(1, 3), (2, 1)]


def test_single_players_both_get_the_party_values():
    d = doc(CUT, unfinished="as_played")
    d["entrants"] += [{"id": 5, "name": "E5"}, {"id": 6, "name": "E6"}]
    d["rounds"][0]["tables"][0]["seats"] += [{"entrant": 5, "side": 1}, {"entrant": 6, "side": 2}]
    got = values(d)
    assert got[5] == got[1] and got[6] == got[2]


def test_a_cut_first_bobbl_may_end_the_round():
    """Time ran out in Bobbl 1: one Bobbl written, fewer than bobbl_per_round."""
    cut_first = {"bobbl": [[7, 13]], "unfinished": 1}
    assert errors(doc(cut_first, bobbl_per_round=2)) == []
    got = values(doc(cut_first))
    assert got[2] == {"bobbl": 1, "tore": 0, "gegentore": 7, "plus": 13, "plus_minus": 6}
    assert got[1] == {"bobbl": 0, "tore": 7, "gegentore": 0, "plus": 7, "plus_minus": -6}


def test_without_unfinished_nothing_changes():
    plain = {"bobbl": [[21, 11], [17, 21]]}
    base = values(doc(plain))
    for rule in ("leader", "void", "as_played"):
        assert values(doc(plain, time_limit=30, unfinished=rule)) == base
        assert values(doc({**plain, "unfinished": None}, unfinished=rule)) == base


def test_outcome_of_one_bobbl():
    assert outcome(21, 3, 21) == "won" and outcome(3, 21, 21) == "lost"
    assert outcome(15, 9, 21, cut=True) == "won" and outcome(9, 15, 21, cut=True) == "lost"
    assert outcome(9, 9, 21, cut=True) == "void"
    assert outcome(15, 9, 21, cut=True, rule="void") == "void"
    assert outcome(15, 9, 21, cut=True, rule="as_played") == "lost"


# --- validation, every error at its place ----------------------------------------------------

PLACE = "rounds[0].tables[0].result"
HINT = " (round 1, table 1)"


@pytest.mark.parametrize(("result", "expected"), [
    ({"bobbl": [[21, 11], [21, 9]], "unfinished": 2},
     f"{PLACE}: bobbl 2: cut by time, but side 1 reached 21, so it was finished{HINT}"),
    ({"bobbl": [[21, 11], [3, 25]], "unfinished": 2},
     f"{PLACE}: bobbl 2: cut by time, but side 2 reached 21, so it was finished{HINT}"),
    ({"bobbl": [[21, 11], [21, 21]], "unfinished": 2},
     f"{PLACE}: bobbl 2: cut by time, but both sides reached 21, so it was finished{HINT}"),
    ({"bobbl": [[21, 11], [15, 9]], "unfinished": 3},
     f"{PLACE}.unfinished: must be the number of the Bobbl cut by time (1 to 2), not 3{HINT}"),
    ({"bobbl": [[21, 11], [15, 9]], "unfinished": 0},
     f"{PLACE}.unfinished: must be the number of the Bobbl cut by time (1 to 2), not 0{HINT}"),
    ({"bobbl": [[21, 11], [15, 9]], "unfinished": "2"},
     f"{PLACE}.unfinished: must be the number of the Bobbl cut by time (1 to 2), not '2'{HINT}"),
    ({"bobbl": [[21, 11], [15, 9]], "unfinished": True},
     f"{PLACE}.unfinished: must be the number of the Bobbl cut by time (1 to 2), not True{HINT}"),
])
def test_bad_cut_is_an_error_at_its_place(result, expected):
    got = errors(doc(result, time_limit=45))
    assert got[0] == expected
    if result["bobbl"][1] == [15, 9]:  # no valid mark: the last Bobbl reads as unfinished
        assert got[1:] == [f"{PLACE}: bobbl 2: neither side reached 21{HINT}"]
    else:
        assert got[1:] == []


def test_only_the_last_bobbl_can_be_cut():
    got = errors(doc({"bobbl": [[15, 9], [21, 11]], "unfinished": 1}))
    assert got == [f"{PLACE}.unfinished: only the last Bobbl (2) can be cut by time, "
                   f"not bobbl 1{HINT}"]
    # the Bobbl it names is still checked as a cut one, the others as finished ones
    got = errors(doc({"bobbl": [[21, 9], [20, 11]], "unfinished": 1}))
    assert got == [f"{PLACE}.unfinished: only the last Bobbl (2) can be cut by time, "
                   f"not bobbl 1{HINT}",
                   f"{PLACE}: bobbl 1: cut by time, but side 1 reached 21, so it was "
                   f"finished{HINT}",
                   f"{PLACE}: bobbl 2: neither side reached 21{HINT}"]


def test_an_unfinished_bobbl_without_the_mark_is_still_refused():
    assert errors(doc({"bobbl": [[21, 11], [15, 9]]}, time_limit=45)) == [
        f"{PLACE}: bobbl 2: neither side reached 21{HINT}"]


@pytest.mark.parametrize(("scoring", "expected"), [
    ({"time_limit": 0}, "scoring.time_limit: must be the minutes per round (a whole number "
                        "from 1 to 1440) or null for no limit, not 0"),
    ({"time_limit": 45.5}, "scoring.time_limit: must be the minutes per round (a whole number "
                           "from 1 to 1440) or null for no limit, not 45.5"),
    ({"time_limit": "45"}, "scoring.time_limit: must be the minutes per round (a whole number "
                           "from 1 to 1440) or null for no limit, not '45'"),
    ({"time_limit": 2000}, "scoring.time_limit: must be the minutes per round (a whole number "
                           "from 1 to 1440) or null for no limit, not 2000"),
    ({"unfinished": "winner"}, "scoring.unfinished: must be one of 'leader', 'void', "
                               "'as_played', not 'winner'"),
    ({"unfinished": None}, "scoring.unfinished: must be one of 'leader', 'void', "
                           "'as_played', not None"),
])
def test_bad_settings_are_errors_at_scoring_name(scoring, expected):
    assert errors(doc(CUT, **scoring)) == [expected]


@pytest.mark.parametrize("scoring", [{}, {"time_limit": None}, {"time_limit": 1},
                                     {"time_limit": 1440, "unfinished": "void"},
                                     {"unfinished": "as_played"}])
def test_good_settings(scoring):
    assert errors(doc(CUT, **scoring)) == []


def test_settings_are_read():
    from scoring.model import Problems

    s = MUCKEN.parse_settings({"time_limit": 40, "unfinished": "void"}, Problems(), "scoring")
    assert (s.target, s.bobbl_per_round, s.time_limit, s.unfinished) == (21, 2, 40, "void")
    s = MUCKEN.parse_settings({}, Problems(), "scoring")
    assert (s.time_limit, s.unfinished) == (None, "leader")


def test_the_command_line_names_the_place(tmp_path):
    path = tmp_path / "uhr.json"
    bad = copy.deepcopy(doc({"bobbl": [[21, 11], [21, 9]], "unfinished": 2}))
    path.write_text(json.dumps(bad))
    run = subprocess.run([sys.executable, "-m", "scoring", "standings", str(path)],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert f"{PLACE}: bobbl 2: cut by time, but side 1 reached 21" in run.stderr
    path.write_text(json.dumps(doc(CUT, unfinished="as_played")))
    run = subprocess.run([sys.executable, "-m", "scoring", "standings", str(path)],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    rows = {r["entrant"]: r["values"] for r in json.loads(run.stdout)["standings"]}
    assert rows[1]["tore"] == 15 and rows[2]["tore"] == 20
