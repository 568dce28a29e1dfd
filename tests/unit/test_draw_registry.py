"""The draw methods' registry (pairing.methods): explicit, complete on import, no Django."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import pairing
from pairing import METHODS, DrawError, DrawMethod
from pairing.methods import HEAD_TO_HEAD, ROUND_TABLE, TWO_A_SIDE

ROOT = Path(__file__).resolve().parents[2]


def test_complete_on_import_without_get():
    """A fresh interpreter sees every method right after ``import pairing``."""
    code = ("import json, sys, pairing; print(json.dumps({'methods': sorted(pairing.METHODS), "
            "'django': 'django' in sys.modules}))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=True)
    seen = json.loads(done.stdout)
    assert seen["methods"] == sorted(METHODS)
    assert {"dutch", "registration", "rotation", "swiss_score", "round_robin"} <= set(
        seen["methods"])
    assert seen["django"] is False


def test_every_entry_declares_its_capabilities():
    for name, m in METHODS.items():
        assert isinstance(m, DrawMethod) and m.name == name
        assert m.seats, name
        assert not (m.result_dependent and m.registration_time), name
    expected = {"dutch", "score_order", "standings_tables", "swiss_score", "team_swiss"}
    assert expected == pairing.RESULT_DEPENDENT
    assert pairing.REGISTRATION == "registration"
    assert METHODS["registration"].registration_time
    assert {m.name for m in METHODS.values() if m.in_app} == {"dutch", "registration",
                                                              "team_swiss"}


TWO_TEAMS = {"match_day", "scheveningen"}  # draws of exactly two teams (pairing.teams.draws)


def test_pure_methods_are_callable_and_app_draws_say_so():
    req = pairing.DrawRequest(1, tuple(pairing.Competitor(i, i) for i in range(1, 5)),
                              pairing.Layout(sides=2), "seed")
    two = pairing.DrawRequest(1, req.competitors[:2], req.layout, "seed")
    for m in METHODS.values():
        if not m.in_app and m.fits(req.layout):  # every method that seats one against one
            assert m(two if m.name in TWO_TEAMS else req).tables
    with pytest.raises(DrawError, match="web app"):
        METHODS["dutch"](req)
    with pytest.raises(DrawError, match="unknown draw method"):
        pairing.get("no_such_method")


def test_a_method_declares_the_tables_it_seats_not_the_disciplines():
    """The registry knows kinds of table, never a discipline: a method fits a layout."""
    one_a_side, two_a_side = pairing.Layout(sides=2), pairing.Layout(sides=2, per_side=2)
    round_table = pairing.Layout(sides=0, table_size=4, max_short=3)
    assert HEAD_TO_HEAD.fits(one_a_side) and not HEAD_TO_HEAD.fits(two_a_side)
    assert TWO_A_SIDE.fits(two_a_side) and not TWO_A_SIDE.fits(round_table)
    assert ROUND_TABLE.fits(round_table) and not ROUND_TABLE.fits(one_a_side)
    assert METHODS["dutch"].fits(one_a_side) and not METHODS["dutch"].fits(round_table)
    assert METHODS["pussi_partners"].fits(two_a_side)
    assert not METHODS["pussi_partners"].fits(one_a_side)
    assert all(METHODS["random_tables"].fits(x) for x in (one_a_side, two_a_side, round_table))
