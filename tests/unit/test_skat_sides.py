"""Skat's side rankings in the scoring core: teams of four and tandems of two, their
members' points summed and ranked like players (points, more won, fewer lost)."""

from __future__ import annotations

from scoring.model import Problems
from scoring.skat import SKAT, Group, side_ranking


def test_a_team_sums_its_members_and_ties_go_to_more_won_games():
    values = {1: {"points": 500, "won": 6, "lost": 1}, 2: {"points": -100, "won": 1, "lost": 3},
              3: {"points": 250, "won": 4, "lost": 0}, 4: {"points": 150, "won": 2, "lost": 2},
              5: {"points": 400, "won": 3, "lost": 1}}
    rows = side_ranking(values, [Group("Kreuz", (3, 4)), Group("Herz", (1, 2)),
                                 Group("Pik", (5, 99))])
    # Herz 400 (7 won), Kreuz 400 (6 won), Pik 400 (3 won; no. 99 did not play).
    assert [(r["name"], r["rank"], r["points"], r["won"]) for r in rows] == [
        ("Herz", 1, 400, 7), ("Kreuz", 2, 400, 6), ("Pik", 3, 400, 3)]


def test_groups_are_checked_when_the_settings_are_read():
    problems = Problems()
    s = SKAT.parse_settings({"teams": [{"name": "A", "members": [1, 2, 3, 4]}],
                             "tandems": [{"name": "B", "members": [1, 2]},
                                         {"name": "C", "members": [2, 3]}]}, problems, "scoring")
    assert s.teams == (Group("A", (1, 2, 3, 4)),)
    assert s.tandems == ()
    assert [p.place for p in problems.errors] == ["scoring.tandems[1]"]
    problems = Problems()
    SKAT.parse_settings({"teams": [{"name": "A", "members": [1, 2, 3]}]}, problems, "scoring")
    assert [p.place for p in problems.errors] == ["scoring.teams[0].members"]
