"""Skat's later series keep the members of one club apart (pairing.apart): the seating by
score is changed by the fewest, shortest swaps, and a clash no swap can remove is named."""

from __future__ import annotations

from fractions import Fraction

from pairing import Competitor, DrawRequest, Layout
from pairing.apart import keep_apart
from pairing.simple import standings_tables

SKAT = Layout(sides=0, table_size=4, max_short=3, bye_kind="zero")


def test_two_clubmates_at_table_one_swap_with_the_nearest_place_below():
    groups = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11]]
    clubs = {1: "SC Herz", 2: " sc  herz ", 5: "Kreuz Bube"}
    out, lines = keep_apart(groups, clubs)
    # 2 (place 2) and 5 (place 5) are the closest pair whose swap removes the clash.
    assert out == [[1, 5, 3, 4], [2, 6, 7, 8], [9, 10, 11]]
    assert lines == ("members of one club or team kept apart: 2 players moved from the table "
                     "their place gave them",)


def test_nothing_moves_when_no_table_has_two_of_one_club():
    groups = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11]]
    out, lines = keep_apart(groups, {1: "A", 5: "A", 9: "A", 2: "", 6: None})
    assert out == groups
    assert lines == ("members of one club or team kept apart: no table had two",)


def test_four_clubmates_at_three_tables_the_clash_left_is_named():
    groups = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11]]
    out, lines = keep_apart(groups, {1: "A", 2: "A", 3: "A", 4: "A"})
    together = [sum(e in (1, 2, 3, 4) for e in g) for g in out]
    assert sorted(together) == [1, 1, 2]
    assert lines[-1].startswith("could not keep apart at table ")
    assert lines[-1].endswith("(A)")


def test_standings_tables_with_the_option_keeps_them_apart_only_when_asked():
    comps = tuple(Competitor(id=e, start_number=e, score=Fraction(20 - e),
                             club="SC Herz" if e in (1, 2, 3) else None) for e in range(1, 12))
    plain = standings_tables(DrawRequest(2, comps, SKAT, "s"))
    assert [t.seats[0][0] for t in plain.tables] == [1, 5, 9]
    drawn = standings_tables(DrawRequest(2, comps, SKAT, "s",
                                         options={"avoid_same_club": True}))
    seated = [[e for e, _ in t.seats] for t in drawn.tables]
    assert [sum(e in (1, 2, 3) for e in g) for g in seated] == [1, 1, 1]
    assert drawn.explanation[0] == "tables by standings"
    assert "kept apart" in drawn.explanation[1]
    # Series 1 by lot: the option holds there too.
    first = standings_tables(DrawRequest(1, comps, SKAT, "lot",
                                         options={"avoid_same_club": True}))
    seated = [[e for e, _ in t.seats] for t in first.tables]
    assert [sum(e in (1, 2, 3) for e in g) for g in seated] == [1, 1, 1]


def test_members_of_one_team_are_kept_apart_like_clubmates():
    groups = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11]]
    out, lines = keep_apart(groups, {}, {1: "Herz Dame", 3: "Herz Dame", 9: "Kreuz Bube"})
    # 3 (place 3) and 5 (place 5): the nearest swap that parts the team.
    assert out == [[1, 2, 5, 4], [3, 6, 7, 8], [9, 10, 11]]
    assert "2 players moved" in lines[0]
    # A player's club and team both count: 1 and 2 share a club, 1 and 5 a team.
    out, lines = keep_apart(groups, {1: "A", 2: "A"}, {1: "T", 5: "T"})
    assert len(lines) == 1 and "moved" in lines[0]
    for g in out:
        assert not ({1, 2} <= set(g) or {1, 5} <= set(g))


def test_when_no_swap_helps_the_first_line_does_not_claim_tables_without_clubmates():
    groups = [[1, 2, 3, 4], [5, 6, 7]]
    out, lines = keep_apart(groups, {1: "A", 2: "A", 5: "A", 6: "A"})
    assert out == groups  # two and two already
    assert lines[0] == ("members of one club or team kept apart as far as the tables allow: no "
                        "swap parts more of them")
    assert [line.startswith("could not keep apart at table") for line in lines[1:]] == [
        True, True]
