"""The command lines of the team cores: ``python -m pairing teams`` and
``python -m scoring teams``: JSON in, JSON out, exit 2 with the place on bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "fixtures" / "teams"


def run(module, *args):
    return subprocess.run([sys.executable, "-m", module, *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_pairing_teams_draws_the_example_swiss_round():
    got = run("pairing", "teams", EXAMPLES / "swiss-round2.json")
    assert got.returncode == 0, got.stderr
    out = json.loads(got.stdout)
    assert [(m["first"], m["second"]) for m in out["matches"]] == [(2, 1), (3, 4)]
    # the first-named team has White on board 1, Black on board 2 (FIDE colours)
    assert out["matches"][1]["boards"] == [{"board": 1, "white": 31, "black": 41},
                                           {"board": 2, "white": 43, "black": 32}]


@pytest.mark.parametrize(("system", "extra", "expected"), [
    ("roundrobin", {"round": 1}, [(1, 4), (2, 3)]),
    ("match", {"round": 1, "teams_limit": 2, "home_first": False}, [(2, 1)]),
])
def test_pairing_teams_round_robin_and_match_day(tmp_path, system, extra, expected):
    teams = [{"number": n, "members": [{"id": 10 * n + k} for k in range(1, 3)]}
             for n in range(1, 5)][:extra.pop("teams_limit", 4)]
    state = {"system": system, "boards": 2, "teams": teams, **extra}
    path = tmp_path / "state.json"
    path.write_text(json.dumps(state), encoding="utf-8")
    got = run("pairing", "teams", path)
    assert got.returncode == 0, got.stderr
    assert [(m["first"], m["second"]) for m in json.loads(got.stdout)["matches"]] == expected


def test_pairing_teams_scheveningen_round(tmp_path):
    state = {"system": "scheveningen", "round": 2, "boards": 4,
             "teams": [{"number": 1, "members": [{"id": k} for k in range(1, 5)]},
                       {"number": 2, "members": [{"id": k} for k in range(5, 9)]}]}
    path = tmp_path / "s.json"
    path.write_text(json.dumps(state), encoding="utf-8")
    got = json.loads(run("pairing", "teams", path).stdout)
    pairs = {frozenset((b["white"], b["black"])) for b in got["matches"][0]["boards"]}
    assert pairs == {frozenset(p) for p in ((1, 6), (2, 7), (3, 8), (4, 5))}


@pytest.mark.parametrize(("change", "place"), [
    ({"round": 0}, "round: must be a whole number"),
    ({"system": "knockout"}, "system: must be one of"),
    ({"colour_sequence": "WXB"}, "colour_sequence:"),
    ({"teams": [{"number": 1, "lineup": [5]}]}, "teams[0].lineup: the line-up names 1 boards"),
    ({"teams": "many"}, "teams: must be a list"),
])
def test_pairing_teams_bad_input_exits_2_with_the_place(tmp_path, change, place):
    state = json.loads((EXAMPLES / "swiss-round2.json").read_text(encoding="utf-8"))
    state.update(change)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(state), encoding="utf-8")
    got = run("pairing", "teams", path)
    assert got.returncode == 2
    assert place in got.stderr and "Traceback" not in got.stderr


def test_pairing_teams_not_json_and_missing_file(tmp_path):
    path = tmp_path / "x.json"
    path.write_text("{", encoding="utf-8")
    assert run("pairing", "teams", path).returncode == 2
    assert run("pairing", "teams", tmp_path / "none.json").returncode == 2


def test_scoring_teams_ranks_the_berliner_example():
    got = run("scoring", "teams", EXAMPLES / "berliner-match.json")
    assert got.returncode == 0, got.stderr
    out = json.loads(got.stdout)
    assert [r["team"] for r in out["standings"]] == [1, 2]
    assert out["berliner"] == [[5.5, 4.5]]


@pytest.mark.parametrize(("change", "place"), [
    ({"tiebreaks": ["xyz"]}, "tiebreaks[0]: must be one of"),
    ({"matches": [{"round": 1, "first": 1, "second": 1, "games": []}]},
     "matches[0].second: a team cannot play itself"),
    ({"matches": [{"round": 1, "first": 1, "second": 2, "games": [{"result": "2-0"}]}]},
     "matches[0].games[0].result"),
    ({"byes": [{"round": 1, "team": 9}]}, "byes[0].team: team 9 is not in teams"),
])
def test_scoring_teams_bad_input_exits_2_with_the_place(tmp_path, change, place):
    doc = json.loads((EXAMPLES / "berliner-match.json").read_text(encoding="utf-8"))
    doc.update(change)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    got = run("scoring", "teams", path)
    assert got.returncode == 2
    assert place in got.stderr and "Traceback" not in got.stderr
