"""The command line: standings JSON, validate listing every problem, exit 2 without traceback."""

import json
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from card_documents import any_played_game, doppelkopf_documents, skat_documents
from conftest import FIXTURES, ROOT
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

MUCKEN = FIXTURES / "scoring" / "mucken-seed-example.json"


def run(*args):
    return subprocess.run([sys.executable, "-m", "scoring", *map(str, args)],
                          capture_output=True, text=True, cwd=ROOT)


def test_standings_prints_the_standings_json():
    out = run("standings", MUCKEN)
    assert out.returncode == 0, out.stderr
    rows = json.loads(out.stdout)["standings"]
    assert [r["name"] for r in rows][:2] == ["Fritz / Hans", "Berta / Else"]


def test_after_round_zero_gives_everyone_zeros_and_a_shared_first_rank():
    out = run("standings", MUCKEN, "--after-round", "0")
    rows = json.loads(out.stdout)["standings"]
    assert {r["rank"] for r in rows} == {1} and len(rows) == 6
    assert all(v == 0 for r in rows for v in r["values"].values())


def test_validate_lists_every_problem(tmp_path):
    doc = json.loads(MUCKEN.read_text())
    doc["rounds"][0]["tables"][0]["result"]["bobbl"][0] = [21, 21]
    doc["rounds"][0]["tables"][2]["result"]["bobbl"][1] = [3, 4]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    out = run("validate", path)
    assert out.returncode == 2
    lines = out.stderr.splitlines()
    assert lines[0].endswith("rounds[0].tables[0].result: bobbl 1: both sides reached 21 "
                             "(round 1, table 1)")
    assert lines[1].endswith("rounds[0].tables[2].result: bobbl 2: neither side reached 21 "
                             "(round 1, table 3)")
    assert lines[2].endswith("2 problems; nothing evaluated")


def test_validate_accepts_a_good_document():
    out = run("validate", MUCKEN)
    assert out.returncode == 0
    assert "valid mucken tournament, 6 entrants, 1 rounds" in out.stdout


@pytest.mark.parametrize(("content", "needle"), [
    ("{not json", "not JSON: Expecting property name"),
    ("", "not JSON"),
    ("[1, 2]", "a turnier/1 document is a JSON object"),
])
def test_broken_files_exit_2_without_traceback(tmp_path, content, needle):
    path = tmp_path / "doc.json"
    path.write_text(content)
    out = run("standings", path)
    assert out.returncode == 2 and needle in out.stderr and "Traceback" not in out.stderr


def test_missing_file_and_bad_arguments_exit_2(tmp_path):
    out = run("standings", tmp_path / "nope.json")
    assert out.returncode == 2 and "cannot read" in out.stderr
    out = run("standings", MUCKEN, "--after-round", "x")
    assert out.returncode == 2 and "Traceback" not in out.stderr
    out = run("standings", MUCKEN, "--after-round", "-1")
    assert out.returncode == 2 and "must be 0 or more" in out.stderr
    out = run("frobnicate")
    assert out.returncode == 2


def test_category_standings_keep_the_overall_order(tmp_path):
    doc = json.loads(MUCKEN.read_text())
    for e in doc["entrants"]:
        e["categories"] = ["senior"] if e["id"] in (3, 5, 4) else []
    path = tmp_path / "cat.json"
    path.write_text(json.dumps(doc))
    rows = json.loads(run("standings", path, "--category", "senior").stdout)["standings"]
    assert [(r["rank"], r["name"]) for r in rows] == [
        (1, "Fritz / Hans"), (2, "Karl / Monika"), (3, "Heidi / Horst")]


CARD_DOCUMENTS = st.one_of(skat_documents(), doppelkopf_documents())
BREAK_LINE = {"skat": ("game", "schafkopf"), "doppelkopf": ("re_eyes", 999)}


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc=CARD_DOCUMENTS, data=st.data())
def test_random_skat_and_doppelkopf_documents_through_the_command_line(doc, data):
    """Random Skat and Doppelkopf tournaments: ``validate`` and ``standings`` exit 0 with every
    entrant ranked; the same document with one line broken exits 2 naming that line."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "karten.json"
        path.write_text(json.dumps(doc))
        out = run("validate", path)
        assert out.returncode == 0, out.stderr
        assert f"valid {doc['discipline']} tournament" in out.stdout
        out = run("standings", path)
        assert out.returncode == 0, out.stderr
        rows = json.loads(out.stdout)["standings"]
        assert sorted(r["entrant"] for r in rows) == sorted(e["id"] for e in doc["entrants"])

        place, games, k = any_played_game(data, doc)
        key, bad = BREAK_LINE[doc["discipline"]]
        games[k][key] = bad
        path.write_text(json.dumps(doc))
        out = run("standings", path)
        assert out.returncode == 2 and out.stdout == "" and "Traceback" not in out.stderr
        assert f"{place}.{key}: " in out.stderr
