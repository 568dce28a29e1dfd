"""The repository stands alone: no tracked file reaches outside it.

A user clones the repository and nothing else. So no test, tool, benchmark, doc or
module may read the team's private folder beside it, and no file may carry an absolute
path of the machine it was written on (which would work there and nowhere else).
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Built from parts so that this file does not match itself.
SIBLING_NAME = "sha" + "red"
SIBLING = re.compile(r"\.\./" + SIBLING_NAME + r"\b|\b" + SIBLING_NAME + r"/(fixtures|seeds)/")
MACHINE_PATH = re.compile(
    r"(?<![\w.])/(?:" + "|".join(["work", "farm", "root", "home", "Users"]) + r")/[\w.-]"
    r"|\b[A-Z]:\\Users\\")
SKIP_SUFFIXES = {".gz", ".png", ".svg", ".mo", ".pdf", ".ico", ".woff", ".woff2"}


def tracked_files() -> list[Path]:
    """The files git tracks; without git (an unpacked archive), every file of the tree."""
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                             check=True, timeout=60).stdout
        return [ROOT / name for name in out.decode().split("\0") if name]
    except (OSError, subprocess.SubprocessError):
        skip = {".git", ".venv", "node_modules", "media", "staticfiles", "__pycache__"}
        return [p for p in ROOT.rglob("*")
                if p.is_file() and not skip.intersection(p.relative_to(ROOT).parts)]


def offending_lines(pattern: re.Pattern[str]) -> list[str]:
    found = []
    for path in tracked_files():
        if path.suffix in SKIP_SUFFIXES or not path.is_file():
            continue
        text = path.read_bytes().decode("utf-8", "replace")
        for number, line in enumerate(text.splitlines(), 1):
            if pattern.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:120]}")
    return found


def test_the_file_list_is_the_repository():
    names = {p.relative_to(ROOT).as_posix() for p in tracked_files()}
    assert {"README.md", "Makefile", "fixtures/README.md"} <= names


def test_no_tracked_file_reads_the_folder_beside_the_repository():
    assert offending_lines(SIBLING) == []


def test_no_tracked_file_carries_an_absolute_path_of_a_machine():
    assert offending_lines(MACHINE_PATH) == []


@pytest.mark.parametrize("line", [
    "FIXTURES = ROOT.parent / 'x' / '../" + SIBLING_NAME + "/fixtures'",
    "see " + SIBLING_NAME + "/seeds/002_x.txt",
])
def test_the_sibling_pattern_catches_what_it_should(line):
    assert SIBLING.search(line)


@pytest.mark.parametrize(("line", "caught"), [
    ("open('/" + "work/main/fixtures/x')", True),
    ("C:\\" + "Users\\anna\\turnier", True),
    ("/" + "home/anna/x", True),
    ("executable_path='/usr/bin/chromium'", False),
    ("https://example.org/" + "work/items", False),
    ("the hall's work/flow", False),
])
def test_the_machine_path_pattern(line, caught):
    assert bool(MACHINE_PATH.search(line)) is caught
