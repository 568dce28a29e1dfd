"""Teams without a Swiss: line-ups, team ratings, the boards of a match, the team round
robin and Scheveningen (pairing.teams)."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction as F
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pairing.teams import boards, lineup
from pairing.teams import roundrobin as trr
from pairing.teams.lineup import LineupRules, Member, Team

BERGER = Path(__file__).resolve().parents[2] / "fixtures" / "roundrobin" / "fide_berger_tables.json"


def team(n_regulars=4, n_subs=2, number=1):
    members = tuple(Member(10 * number + k, 2000 - 50 * k, k >= n_regulars)
                    for k in range(n_regulars + n_subs))
    return Team(number, f"Team {number}", members, club="SK", captain=members[0].id)


# --- line-ups ------------------------------------------------------------------------------


def test_a_line_up_in_roster_order_is_accepted_and_a_substitute_moves_up():
    t = team()
    assert lineup.roster_problems(t) == []
    assert lineup.lineup_problems(t, [10, 11, 12, 13], LineupRules(4)) == []
    # regular 12 is missing: 13 moves up and the first substitute plays board 4
    assert lineup.lineup_problems(t, [10, 11, 13, 14], LineupRules(4)) == []
    assert lineup.default_lineup(t, LineupRules(4), frozenset({12})) == (10, 11, 13, 14)


def test_the_board_order_may_not_be_changed():
    problems = lineup.lineup_problems(team(), [11, 10, 12, 13], LineupRules(4))
    assert len(problems) == 1 and "board order" in problems[0]
    # a substitute above a regular is the same fault
    assert lineup.lineup_problems(team(), [14, 10, 11, 12], LineupRules(4))


def test_empty_boards_only_at_the_bottom_by_default():
    t = team()
    assert lineup.lineup_problems(t, [10, 11, 12, None], LineupRules(4)) == []
    gap = lineup.lineup_problems(t, [10, None, 12, 13], LineupRules(4))
    assert gap and "empty" in gap[0]
    assert lineup.lineup_problems(t, [10, None, 12, 13], LineupRules(4, lineup.EMPTY_ANY)) == []
    assert lineup.lineup_problems(t, [10, 11, 12, None], LineupRules(4, lineup.EMPTY_NONE))


def test_strangers_doubles_wrong_length_and_too_many_substitutes_are_refused():
    t = team()
    assert lineup.lineup_problems(t, [10, 11, 99, 13], LineupRules(4))
    assert lineup.lineup_problems(t, [10, 10, 12, 13], LineupRules(4))
    assert lineup.lineup_problems(t, [10, 11, 12], LineupRules(4))
    assert lineup.lineup_problems(t, [10, 11, 14, 15], LineupRules(4, max_substitutes=1))


def test_roster_problems():
    bad = Team(1, "X", (Member(1, substitute=True), Member(2), Member(2)), captain=9)
    problems = lineup.roster_problems(bad)
    assert len(problems) == 4  # twice, two regulars below a substitute, captain no member


@given(st.integers(1, 8), st.integers(0, 6), st.data())
def test_any_increasing_choice_of_members_is_a_valid_line_up(regulars, subs, data):
    t = team(regulars, subs)
    boards_ = data.draw(st.integers(1, regulars + subs))
    places = sorted(data.draw(st.lists(st.integers(0, regulars + subs - 1), unique=True,
                                       min_size=1, max_size=boards_)))
    chosen = [t.members[p].id for p in places] + [None] * (boards_ - len(places))
    assert lineup.lineup_problems(t, chosen, LineupRules(boards_)) == []
    if len(places) >= 2:  # swapping two members breaks the order
        swapped = [chosen[1], chosen[0], *chosen[2:]]
        assert lineup.lineup_problems(t, swapped, LineupRules(boards_))


def test_team_rating_by_rating_and_by_board_order():
    t = Team(1, "A", (Member(1, 2100), Member(2, None), Member(3, 2300), Member(4, 1900),
                      Member(5, 2200, True)))
    # Olympiad: the four highest-rated players: 2300, 2200, 2100, 1900
    assert lineup.team_rating(t, 4) == F(8500, 4)
    # German league: the first four of the roster, the unrated left out
    assert lineup.team_rating(t, 4, lineup.BY_BOARD_ORDER) == F(6300, 3)
    assert lineup.team_rating(t, 4, lineup.BY_BOARD_ORDER, unrated=1400) == F(7700, 4)


def test_initial_order_as_the_olympiad_ranks_teams():
    a = Team(1, "Beta", (Member(1, 2000), Member(2, 2000), Member(3, 1500)))
    b = Team(2, "Alpha", (Member(4, 2000), Member(5, 2000), Member(6, 1400)))
    c = Team(3, "Gamma", (Member(7, 2100), Member(8, 2000)))
    # top 2: c 2050 first; a and b 2000, the third player decides: a (1500) before b
    assert [t.name for t in lineup.initial_order([a, b, c], 2)] == ["Gamma", "Beta", "Alpha"]


# --- the boards of a match -----------------------------------------------------------------


def test_fide_colours_alternate_down_the_boards():
    got = boards.match_boards([1, 2, 3, 4], [5, 6, 7, 8])
    assert [(b.white, b.black) for b in got] == [(1, 5), (6, 2), (3, 7), (8, 4)]
    assert boards.first_colours(6) == tuple("WBWBWB")  # TRF-2026 record 352's example


def test_german_cup_sequence_and_the_guest_named_first():
    got = boards.match_day([1, 2, 3, 4], [5, 6, 7, 8], "WBBW")
    assert [(b.white, b.black) for b in got] == [(1, 5), (6, 2), (7, 3), (4, 8)]
    guest_first = boards.match_day([1, 2, 3, 4], [5, 6, 7, 8], home_first=False)
    assert [(b.white, b.black) for b in guest_first] == [(5, 1), (2, 6), (7, 3), (4, 8)]
    assert [b.first_white for b in guest_first] == [False, True, False, True]
    with pytest.raises(ValueError):
        boards.first_colours(4, "WXB")


@given(st.integers(1, 20), st.text("WB", min_size=1, max_size=8))
def test_a_match_seats_everyone_once_and_each_team_has_its_sequence(n, sequence):
    got = boards.match_boards(list(range(1, n + 1)), list(range(101, 101 + n)), sequence)
    firsts = [b.white if b.first_white else b.black for b in got]
    assert firsts == list(range(1, n + 1))
    whites_first = sum(b.first_white for b in got)
    assert whites_first == sum(boards.first_colours(n, sequence)[k] == "W" for k in range(n))
    if sequence == "WB":  # alternating: balanced to one board
        assert abs(2 * whites_first - n) <= 1


# --- the team round robin ------------------------------------------------------------------


def test_team_round_robin_is_the_fide_berger_table():
    tables = json.loads(BERGER.read_text(encoding="utf-8"))["tables"]
    for n_text, rounds in tables.items():
        n = int(n_text)
        got = trr.schedule(n)
        expected = [[tuple(int(p) for p in g.split("-")) for g in rnd.split()] for rnd in rounds]
        expected = [[(a, b) for a, b in rnd if a <= n and b <= n] for rnd in expected]
        assert [[(f.first, f.second) for f in rnd] for rnd in got] == expected


@given(st.integers(2, 24), st.booleans())
def test_every_pair_of_teams_meets_once_per_cycle(n, double):
    rounds = trr.schedule(n, double)
    met = Counter(frozenset((f.first, f.second)) for rnd in rounds for f in rnd)
    cycles = 2 if double else 1
    assert set(met) == {frozenset(p) for p in combinations(range(1, n + 1), 2)}
    assert set(met.values()) == {cycles}
    for rnd in rounds:  # nobody twice in a round
        seated = [t for f in rnd for t in (f.first, f.second)]
        assert len(seated) == len(set(seated))
    if double:  # the second cycle reverses who is named first
        named = Counter((f.first, f.second) for rnd in rounds for f in rnd)
        assert set(named.values()) == {1}
    else:  # each team's board-1 colours differ by at most one
        firsts = Counter(f.first for rnd in rounds for f in rnd)
        seconds = Counter(f.second for rnd in rounds for f in rnd)
        assert all(abs(firsts[t] - seconds[t]) <= 1 for t in range(1, n + 1))


def test_odd_team_round_robin_gives_each_team_one_free_round():
    assert sorted(t for t in trr.byes(5) if t) == [1, 2, 3, 4, 5]
    assert trr.byes(4) == [None, None, None]


# --- Scheveningen --------------------------------------------------------------------------


@given(st.integers(1, 20), st.booleans())
def test_scheveningen_every_player_meets_every_opponent(n, double):
    rounds = boards.scheveningen(n, double)
    met = Counter((e.a, e.b) for rnd in rounds for e in rnd)
    assert set(met) == {(a, b) for a in range(n) for b in range(n)}
    assert set(met.values()) == {2 if double else 1}
    whites_a = Counter(e.a for rnd in rounds for e in rnd if e.a_white)
    whites_b = Counter(e.b for rnd in rounds for e in rnd if not e.a_white)
    games = len(rounds)
    for k in range(n):
        for whites in (whites_a[k], whites_b[k]):
            if n % 4 == 0 or double:
                assert 2 * whites == games  # balanced
            else:
                assert abs(2 * whites - games) <= (1 if n % 2 else 2)
    if n % 2 == 0:
        for rnd in rounds:  # A's colours alternate down the boards
            assert all(rnd[i].a_white != rnd[i + 1].a_white for i in range(n - 1))
