"""Skat teams with substitutes (issue 26: "teams are fixed at four with no substitute").

A team of four may name up to four substitutes; series by series the team counts its
members who played and, for a member who did not, a substitute who did (in the order
listed): as the DSkV's league has a substitute take a player's place between series
(docs/skat.md, "Teams and substitutes")."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from scoring.model import Problems
from scoring.skat import SKAT, Group, counted_members, side_ranking

TEAM = Group("Herz Dame", (1, 2, 3, 4), (5, 6))


def test_a_substitute_counts_in_the_series_a_member_missed():
    # series 1: the four members; series 2: no. 4 withdrew, substitute 5 plays his place;
    # substitute 6 plays both series as a single player but is never needed.
    series = {1: {1: (100, 2, 0), 2: (50, 1, 0)}, 2: {1: (10, 1, 1), 2: (20, 1, 0)},
              3: {1: (30, 1, 0), 2: (40, 1, 0)}, 4: {1: (-60, 0, 1)},
              5: {1: (500, 9, 0), 2: (70, 2, 0)}, 6: {1: (300, 5, 0), 2: (300, 5, 0)}}
    assert counted_members(TEAM, series) == {1: (1, 2, 3, 4), 2: (1, 2, 3, 5)}
    row = side_ranking({}, [TEAM], series)[0]
    assert row["points"] == 100 + 10 + 30 - 60 + 50 + 20 + 40 + 70
    assert (row["won"], row["lost"]) == (2 + 1 + 1 + 0 + 1 + 1 + 1 + 2, 0 + 1 + 0 + 1 + 0)
    assert row["stood_in"] == (5,) and row["substitutes"] == (5, 6)


def test_a_team_without_substitutes_sums_as_before():
    values = {1: {"points": 5, "won": 1, "lost": 0}, 2: {"points": 7, "won": 0, "lost": 1}}
    rows = side_ranking(values, [Group("A", (1, 2))], series={})
    assert (rows[0]["points"], rows[0]["won"], rows[0]["lost"], rows[0]["stood_in"]) == (
        12, 1, 1, ())


@given(st.dictionaries(st.integers(1, 8), st.dictionaries(
    st.integers(1, 4), st.tuples(st.integers(-500, 500), st.integers(0, 9),
                                 st.integers(0, 9)), max_size=4), max_size=8))
def test_never_more_counted_than_members_and_members_first(series):
    team = Group("T", (1, 2, 3, 4), (5, 6, 7, 8))
    for n, who in counted_members(team, series).items():
        assert len(who) <= 4
        played = [e for e in (1, 2, 3, 4) if n in series.get(e, {})]
        assert list(who[:len(played)]) == played  # every member who played counts


def test_substitutes_are_read_and_checked_with_the_settings():
    problems = Problems()
    s = SKAT.parse_settings({"teams": [{"name": "A", "members": [1, 2, 3, 4],
                                        "substitutes": [9]}]}, problems, "scoring")
    assert s.teams == (Group("A", (1, 2, 3, 4), (9,)),) and not problems.errors
    for bad in ([1], [9, 9], [5, 6, 7, 8, 9], "9"):
        problems = Problems()
        SKAT.parse_settings({"teams": [{"name": "A", "members": [1, 2, 3, 4],
                                        "substitutes": bad}]}, problems, "scoring")
        assert [p.place for p in problems.errors] == ["scoring.teams[0].substitutes"], bad
    problems = Problems()  # a tandem has none, and nobody is in two groups
    SKAT.parse_settings({"tandems": [{"name": "B", "members": [1, 2], "substitutes": [3]}]},
                        problems, "scoring")
    assert [p.place for p in problems.errors] == ["scoring.tandems[0].substitutes"]
    problems = Problems()
    SKAT.parse_settings({"teams": [{"name": "A", "members": [1, 2, 3, 4], "substitutes": [9]},
                                   {"name": "B", "members": [5, 6, 7, 9]}]}, problems, "scoring")
    assert [p.place for p in problems.errors] == ["scoring.teams[1]"]
