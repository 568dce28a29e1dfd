"""Team scoring (scoring.teams): match and game points, team tie-breaks, each player's
results, and the one team model that the card and tabletop disciplines share."""

from __future__ import annotations

from fractions import Fraction as F

from hypothesis import given
from hypothesis import strategies as st

from pairing.teams.lineup import Member, Team
from scoring import skat
from scoring.teams import (
    RESULTS,
    Bye,
    Game,
    Match,
    Points,
    berliner,
    match_score,
    member_sum_ranking,
    player_results,
    rated_games,
    team_standings,
)


def match(rnd, first, second, *results, base=0):
    """A match of boards 1.. with the first team's players base+1.. and the second's
    base+11..; the first team White on odd boards."""
    return Match(rnd, first, second, tuple(
        Game(k, first * 100 + k, second * 100 + k, r, k % 2 == 1)
        for k, r in enumerate(results, 1)))


def test_berliner_wertung_worked_example():
    # The example of the German Wikipedia article "Feinwertung" (also on the Berliner
    # Schachverband's pages): 4 boards, 2:2, Berliner Wertung 5.5:4.5 for the first team.
    m = match(1, 1, 2, "1/2-1/2", "1-0", "0-1", "1/2-1/2")
    assert match_score(m, Points())[:2] == (2, 2)
    assert berliner(m) == (F(11, 2), F(9, 2))


def test_match_points_are_configurable():
    m = match(1, 1, 2, "1-0", "1-0", "0-1", "1/2-1/2")
    assert match_score(m, Points()) == (F(5, 2), F(3, 2), 2, 0)
    football = Points(win=F(3), draw=F(1), loss=F(0))
    assert match_score(m, football)[2:] == (3, 0)
    draw = match(1, 1, 2, "1-0", "0-1")
    assert match_score(draw, football)[2:] == (1, 1)


def test_forfeited_boards_and_matches():
    m = match(1, 1, 2, "+-", "--", "1-0", "0-1")
    assert match_score(m, Points())[:2] == (2, 1)
    assert m.played
    assert not match(1, 1, 2, "+-", "+-").played


def round_robin_of_four():
    """Teams 1-4, two boards, a single round robin (Berger: 1-4 2-3 / 4-3 1-2 / 2-4 3-1)."""
    return [
        match(1, 1, 4, "1-0", "1-0"), match(1, 2, 3, "1/2-1/2", "1/2-1/2"),
        match(2, 4, 3, "0-1", "1-0"), match(2, 1, 2, "0-1", "1/2-1/2"),
        match(3, 2, 4, "1-0", "0-1"), match(3, 3, 1, "1-0", "0-1"),
    ]


def test_team_tiebreaks_of_a_small_round_robin():
    rows = {r.team: r for r in team_standings(
        [1, 2, 3, 4], round_robin_of_four(), tiebreaks=("mp", "gp", "bh"), swiss=False)}
    # match points: 1: W L D = 3; 2: D W D = 4; 3: D D D = 3; 4: L D D = 2
    assert {t: rows[t].values["mp"] for t in rows} == {1: 3, 2: 4, 3: 3, 4: 2}
    # game points: 1: 2 + 1/2 + 1 = 3.5; 2: 1 + 1.5 + 1 = 3.5; 3: 1 + 1 + 1 = 3; 4: 0+1+1 = 2
    assert {t: rows[t].values["gp"] for t in rows} == {1: F(7, 2), 2: F(7, 2), 3: 3, 4: 2}
    # Buchholz: the opponents' match points; everyone met everyone: total − own... 12 − mp
    assert {t: rows[t].values["bh"] for t in rows} == {1: 9, 2: 8, 3: 9, 4: 10}
    # EMMSB (C.07 13.2.1): opponent's MP × own MP in the match
    # team 1: vs 4 (2 MP) won 2 → 4; vs 2 (4) lost 0 → 0; vs 3 (3) drew 1 → 3: 7
    assert rows[1].values["emmsb"] == 7
    # EMGSB (13.2.2): opponent's MP × own game points: 2·2 + 4·½ + 3·1 = 9
    assert rows[1].values["emgsb"] == 9
    # Board count (12.1): board × points: team 1: boards 1,2 vs 4 (1+2), board 2 vs 2 (½·2),
    # board 2 vs 3 (2): 3 + 1 + 2 = 6; top board results: 1 + 0 + 0 = 1
    assert rows[1].values["bc"] == 6
    assert rows[1].values["tbr"] == 1
    ranking = [(r.rank, r.team) for r in team_standings(
        [1, 2, 3, 4], round_robin_of_four(), tiebreaks=("mp", "gp"), swiss=False)]
    assert ranking == [(1, 2), (2, 1), (3, 3), (4, 4)]


def test_direct_encounter_separates_tied_teams_that_met():
    # teams 1 and 3 both have 3 MP and drew their match 1:1: direct encounter keeps them tied
    rows = team_standings([1, 2, 3, 4], round_robin_of_four(), tiebreaks=("mp", "de"),
                          swiss=False)
    assert [(r.rank, r.team) for r in rows] == [(1, 2), (2, 1), (2, 3), (4, 4)]
    # 1 and 2 end on 3 MP each; they met twice (1 won, then a draw): averaged (C.07 6.1.2),
    # team 1 scored 3/2 against team 2, team 2 scored 1/2.
    twice = [match(1, 1, 2, "1-0", "1-0"), match(2, 2, 1, "1-0", "0-1"),
             match(3, 3, 1, "1-0", "1-0"), match(4, 2, 3, "1-0", "1-0")]
    rows = team_standings([1, 2, 3], twice, tiebreaks=("mp", "de"), swiss=False)
    assert [(r.rank, r.team) for r in rows] == [(1, 1), (2, 2), (3, 3)]
    assert (rows[0].values["de"], rows[1].values["de"]) == (F(3, 2), F(1, 2))


def test_pab_scores_a_drawn_match_and_a_dummy_opponent():
    matches = [match(1, 1, 2, "1-0", "1-0")]
    byes = [Bye(1, 3, "pab")]
    rows = {r.team: r for r in team_standings([1, 2, 3], matches, byes, rounds=1)}
    assert rows[3].values["mp"] == 1 and rows[3].values["gp"] == 1  # a draw on both boards
    assert rows[3].values["bh"] == 1  # the dummy has the team's own match points


def test_player_results_and_performance():
    m1 = match(1, 1, 2, "1-0", "1/2-1/2")
    m2 = Match(2, 1, 3, (Game(1, 101, 301, "0-1"), Game(2, 102, 302, "+-")))
    elo = {201: 2000, 202: 2000, 301: 2000, 101: 2100}
    res = player_results([m1, m2], elo=elo)
    assert res[101].points == 1 and res[101].games == 2 and res[101].boards == [1, 1]
    # 1 of 2 against an average of 2000: dp(0.50) = 0 -> 2000
    assert res[101].tpr == 2000
    # 102: a draw over the board and a forfeit win: 1.5 points, one game, performance on it
    assert res[102].points == F(3, 2) and res[102].games == 1 and res[102].tpr == 2000
    assert rated_games([m1, m2], elo)[201] == [(2100, 0)]


@given(st.lists(st.sampled_from(RESULTS), min_size=1, max_size=12))
def test_berliner_and_game_points_add_up(results):
    m = match(1, 1, 2, *results)
    n = len(results)
    b1, b2 = berliner(m)
    gp1, gp2, mp1, mp2 = match_score(m, Points())
    unplayed = sum(n + 1 - k for k, r in enumerate(results, 1) if r == "--")
    assert b1 + b2 == n * (n + 1) // 2 - unplayed
    assert gp1 + gp2 == n - sum(1 for r in results if r == "--")
    assert mp1 + mp2 == 2


# --- the same team model for Skat and tabletop ---------------------------------------------


def test_skat_teams_of_four_sum_their_members_points_like_the_skat_side_ranking():
    """A Preisskat team ranking: teams of four sum Seeger-Fabian points, won and lost games;
    ranked by points, more won, fewer lost (docs/skat.md). The team model of pairing.teams
    gives the same ranking as scoring.skat.side_ranking."""
    values = {n: {"points": 900 + 37 * n % 400, "won": n % 7, "lost": n % 3}
              for n in range(1, 13)}
    groups = (skat.Group("Kreuz", (1, 2, 3, 4)), skat.Group("Pik", (5, 6, 7, 8)),
              skat.Group("Herz", (9, 10, 11, 12)))
    expected = [(r["rank"], r["name"], r["points"]) for r in skat.side_ranking(values, groups)]
    teams = [Team(k, g.name, tuple(Member(m) for m in g.members))
             for k, g in enumerate(groups, 1)]
    got = member_sum_ranking(teams, values, [("points", True), ("won", True), ("lost", False)])
    assert [(r["rank"], r["name"], r["points"]) for r in got] == expected


def test_tabletop_team_sums_its_members_results_bcp_style():
    """A BCP-style tabletop team event: each member plays his own games; the team's result
    is the sum of its members' tournament points, then of their secondary points."""
    values = {1: {"tp": 20, "secondary": 5}, 2: {"tp": 10, "secondary": 0},
              3: {"tp": 15, "secondary": 4}, 4: {"tp": 15, "secondary": 9},
              5: {"tp": 30, "secondary": -3}, 6: {"tp": 0, "secondary": 0}}
    teams = [Team(1, "Orks", (Member(1), Member(2))), Team(2, "Elfen", (Member(3), Member(4))),
             Team(3, "Zwerge", (Member(5), Member(6)))]
    got = member_sum_ranking(teams, values, [("tp", True), ("secondary", True)])
    assert [(r["rank"], r["name"], r["tp"], r["secondary"]) for r in got] == [
        (1, "Elfen", 30, 13), (2, "Orks", 30, 5), (3, "Zwerge", 30, -3)]
