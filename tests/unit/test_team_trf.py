"""The TRF team records (pairing.teams.trf) read back field by field by an independent
reader (tests/readers/trf_teams.py, written from the FIDE specifications)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import strategies as st
from readers import trf_teams

from pairing.teams import trf

TEAMS = (
    trf.TrfTeam(1, "SK Turm Kassel", (1, 2, 3, 4, 9), "TURM", 2150, F(7), F(23, 2), 1),
    trf.TrfTeam(2, "Schachfreunde Blauer Springer e.V. Untertürkheim", (5, 6, 7, 8), "SPR",
                1980, F(3), F(9), 2),
)


def test_trf16_013_records_read_back():
    lines = trf.team_section(TEAMS, "TRF-16")
    assert lines[0] == "013 SK Turm Kassel                     1    2    3    4    9"
    back = trf_teams.read("\n".join(lines))
    assert [(t.name, t.players) for t in back.teams] == [
        ("SK Turm Kassel", [1, 2, 3, 4, 9]),
        ("Schachfreunde Blauer Springer e.", [5, 6, 7, 8])]  # cut to the 32 columns


def test_trf26_records_read_back_field_by_field():
    lines = trf.team_section(TEAMS, "TRF-26", sequence="WBWB",
                             match_points=(F(3), F(1), F(0)),
                             pab=(F(1), F(2), [None, 2, None]),
                             forfeits=[("+-", 3, 1, 2), ("--", 4, 2, 1)])
    back = trf_teams.read("\n".join(lines))
    assert back.team_count == 2
    assert back.sequence == "WBWB"
    assert back.match_points == {"TW": 3, "TD": 1, "TL": 0}
    first = back.teams[0]
    assert (first.kind, first.number, first.name, first.nickname, first.strength,
            first.match_points, first.game_points, first.rank, first.players) == (
        "310", 1, "SK Turm Kassel", "TURM", 2150, 7, F(23, 2), 1, [1, 2, 3, 4, 9])
    assert back.teams[1].players == [5, 6, 7, 8]
    assert back.pab_points == (1, 2)
    assert back.pab_teams == [0, 2, 0]
    assert back.forfeits == [("+-", 3, 1, 2), ("--", 4, 2, 1)]


def test_default_match_points_are_not_written():
    lines = trf.team_section(TEAMS, "TRF-26", match_points=(F(2), F(1), F(0)))
    assert not any(line.startswith("362") for line in lines)


def test_numbers_that_do_not_fit_are_refused():
    with pytest.raises(ValueError):
        trf.line_310(trf.TrfTeam(1000, "X", (1,)))
    with pytest.raises(ValueError):
        trf.line_013(trf.TrfTeam(1, "X", (10000,)))
    with pytest.raises(ValueError):
        trf.line_330("+=", 1, 1, 2)


names = st.text(st.characters(max_codepoint=0x24F, categories=("L", "N", "P", "Zs")),
                max_size=40)


@given(st.lists(st.tuples(names, st.lists(st.integers(1, 9999), min_size=1, max_size=20),
                          st.integers(0, 999), st.integers(0, 200), st.integers(0, 2000)),
                min_size=1, max_size=12))
def test_any_team_section_reads_back(rows):
    teams = [trf.TrfTeam(k, name, tuple(players), "", strength, F(mp, 2), F(gp, 2), k)
             for k, (name, players, strength, mp, gp) in enumerate(rows, 1)]
    for version in ("TRF-16", "TRF-26"):
        back = trf_teams.read("\n".join(trf.team_section(teams, version)))
        assert [t.players for t in back.teams] == [list(t.players) for t in teams]
        assert [t.name for t in back.teams] == [t.name[:32].strip() for t in teams]
        if version == "TRF-26":
            assert [(t.number, t.match_points, t.game_points, t.rank, t.strength)
                    for t in back.teams] == [(t.number, t.match_points, t.game_points, t.rank,
                                              t.strength) for t in teams]
