"""Every scoring fixture in fixtures/scoring gives exactly its expected standings."""

import json
import subprocess
import sys

import pytest
from conftest import FIXTURES, ROOT
from fixture_compare import differences

from scoring import load, standings

SCORING = FIXTURES / "scoring"
GOOD = sorted(p for p in SCORING.rglob("*.json")
              if not p.name.endswith(".expected.json") and not p.name.startswith("bad-"))
BAD = sorted(SCORING.rglob("bad-*.json"))


def test_the_fixtures_are_there():
    assert len(GOOD) >= 30 and len(BAD) >= 10


@pytest.mark.parametrize("path", GOOD, ids=lambda p: p.stem)
def test_expected_standings(path):
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text())
    assert differences(expected, standings(load(path))) == []


@pytest.mark.parametrize("path", BAD, ids=lambda p: p.stem)
def test_bad_documents_exit_2_naming_the_place(path):
    run = subprocess.run([sys.executable, "-m", "scoring", "standings", str(path)],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 2
    assert run.stdout == ""
    assert "Traceback" not in run.stderr
    first = run.stderr.splitlines()[0]
    # "<file>: <place>: <message>" — a place such as rounds[0].tables[0].result or format
    place = first.split(": ")[1]
    assert place.split(".")[0].split("[")[0] in {"format", "entrants", "rounds", "scoring",
                                                 "name", "discipline"}, first
