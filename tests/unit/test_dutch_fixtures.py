"""The Dutch engine against the endorsed engine: every round of a fair sample of the fixtures.

The fixture files are in random order, so t0001-t0030 is a fair sample (6-394
players, 3-13 rounds), and a0001-a0008 of the accelerated ones (13-208 players, Baku
and random virtual points). All 300 + 40 files: ``python -m pairing.replay``.
"""

import importlib.util

import pytest
from conftest import FIXTURES

from pairing.replay import load_engine, replay_rounds

if importlib.util.find_spec("pairing.dutch") is None:
    pytest.skip("the Dutch engine (pairing.dutch) is not written yet", allow_module_level=True)

SAMPLE = [FIXTURES / "dutch" / f"t{n:04d}.trf" for n in range(1, 31)]
ACCELERATED = [FIXTURES / "dutch-accel" / f"a{n:04d}.trf" for n in range(1, 9)]


@pytest.fixture(scope="module")
def pair():
    return load_engine()  # a broken engine fails here instead of being skipped


@pytest.mark.parametrize("path", SAMPLE + ACCELERATED, ids=lambda p: p.stem)
def test_every_round_is_paired_as_recorded(path, pair):
    outcomes = replay_rounds(path, pair)
    mismatches = [f"round {o.round}: {o.mismatch}" for o in outcomes if o.mismatch]
    assert not mismatches, f"{path.stem}: " + "\n".join(mismatches)
    assert outcomes  # the file has rounds to replay
