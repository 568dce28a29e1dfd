"""Baku acceleration from the TRF-2026 tournament type (``192 …_BAKU``) without ``XXA`` lines.

Group A is ``2·⌈N/4⌉`` players (FIDE C.04.5.1), not ⌈N/2⌉: the reference engine's XXA lines in
every Baku-style file of ``fixtures/dutch-accel`` say so. Where a fixture also accelerated the
rounds FIDE's rule names (⌈R/2⌉ rounds, the first half rounded up with 1 point), its XXA lines
are rebuilt from a ``192`` line alone and the rounds pair as recorded.
"""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import FIXTURES

from pairing import trf
from pairing.baku import baku_accelerations, group_a_size, names_baku, virtual_points
from pairing.replay import load_engine, replay_rounds

ACCEL = FIXTURES / "dutch-accel"
# Fixtures whose XXA lines are exactly FIDE's Baku rule for their size and round count.
FIDE_BAKU = ["a0004.trf", "a0018.trf", "a0023.trf", "a0030.trf", "a0039.trf"]


def given(t: trf.Trf) -> dict[int, dict[int, Fraction]]:
    """The file's virtual points without the zeros (group B's ``0.0`` fields)."""
    out = {n: {k: v for k, v in rounds.items() if v} for n, rounds in t.accelerations.items()}
    return {n: rounds for n, rounds in out.items() if rounds}


def baku_style(path: Path) -> bool:
    """One pattern of values, given to pairing numbers 1..k: the generator's Baku files."""
    acc = given(trf.read_file(path))
    return (len({tuple(sorted(r.items())) for r in acc.values()}) == 1
            and sorted(acc) == list(range(1, len(acc) + 1)))


BAKU_FILES = [p.name for p in sorted(ACCEL.glob("*.trf")) if baku_style(p)]


def as_192(text: str, code: str = "FIDE_DUTCH_2025_BAKU") -> str:
    """The file with its XXA lines replaced by one ``192`` line naming Baku acceleration."""
    lines = [x for x in text.splitlines() if not x.startswith("XXA")]
    return "\n".join([lines[0], f"192 {code}", *lines[1:]]) + "\n"


def test_baku_group_a_is_twice_n_over_4_rounded_up_in_every_reference_file():
    assert len(BAKU_FILES) == 27
    differs = 0
    for name in BAKU_FILES:
        t = trf.read_file(ACCEL / name)
        n, in_a = len(t.players), len(given(t))
        assert in_a == group_a_size(n) == 2 * math.ceil(n / 4), name
        differs += in_a != math.ceil(n / 2)
    assert differs == 14  # in 14 files ⌈N/2⌉ (bbpPairings' count) would be one player short


def test_baku_virtual_points_follow_c_04_5_1():
    assert virtual_points(9) == (1, 1, 1, Fraction(1, 2), Fraction(1, 2))  # FIDE's example
    assert virtual_points(5) == (1, 1, Fraction(1, 2))
    assert virtual_points(6) == (1, 1, Fraction(1, 2))
    assert virtual_points(1) == (1,)
    assert group_a_size(161) == 82 and group_a_size(34) == 18 and group_a_size(15) == 8
    assert baku_accelerations([3, 1, 2], 2) == {3: {1: 1}, 1: {1: 1}}


@pytest.mark.parametrize("name", FIDE_BAKU)
def test_baku_acceleration_from_line_192_rebuilds_the_files_xxa_lines(name):
    text = (ACCEL / name).read_text()
    original, rebuilt = trf.read(text), trf.read(as_192(text))
    assert "XXA" not in as_192(text)
    assert given(rebuilt) == given(original) != {}


def test_baku_acceleration_from_line_192_pairs_every_round_as_recorded(tmp_path):
    path = tmp_path / "a0004-192.trf"
    path.write_text(as_192((ACCEL / "a0004.trf").read_text()))
    outcomes = replay_rounds(path, load_engine())
    assert [o.mismatch for o in outcomes] == [None] * 5


def test_baku_group_of_34_players_is_18_not_17():
    t = trf.read(as_192((ACCEL / "a0004.trf").read_text()))
    assert t.accelerations[18] == {1: 1, 2: 1, 3: Fraction(1, 2)}
    assert 19 not in t.accelerations


def test_baku_xxa_lines_win_over_line_192():
    text = (ACCEL / "a0006.trf").read_text()  # 7 rounds, but accelerated over 3 only
    with_192 = trf.read(text.replace("XXR", "192 FIDE_DUTCH_BAKU\nXXR", 1))
    assert given(with_192) == given(trf.read(text))


def test_baku_line_192_without_baku_or_rounds():
    text = as_192((ACCEL / "a0004.trf").read_text(), code="FIDE_DUTCH_2025")
    assert trf.read(text).accelerations == {}
    assert names_baku(" fide_dutch_baku ") and not names_baku("FIDE_DUTCH")
    no_rounds = "\n".join(x for x in as_192((ACCEL / "a0004.trf").read_text()).splitlines()
                          if not x.startswith(("XXR", "142")))
    with pytest.raises(trf.TrfError, match=r"line 2, column 5: 192: Baku acceleration needs "
                                           r"the number of rounds"):
        trf.read(no_rounds)
