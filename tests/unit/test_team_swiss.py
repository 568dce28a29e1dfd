"""The FIDE team Swiss (C.04.6, 2026) against its own definitions.

Article 3.6 defines a bracket's pairing as the first element of an order, and 3.5 the
upfloaters as the first set of one; for small fields that can be computed by brute force.
``reference`` below does exactly that, written from the articles without the engine's
matchings: every set of upfloaters, every pairing of a bracket, sorted and filtered.
Property tests play random events and compare every round; the hand-made positions pin
single articles (the colour rules, the bye, C7).
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.teams.swiss import NoTeamPairing, pair
from pairing.teams.swiss_state import (
    BLACK,
    MATCH,
    PAB,
    TYPE_A,
    TYPE_B,
    WHITE,
    Facts,
    SwissTeam,
    TeamRound,
    TeamSwissState,
    facts,
    preference,
)

# --- the reference, from the articles -----------------------------------------------------


def _perfect(nodes, ok):
    if not nodes:
        return True
    a, rest = nodes[0], nodes[1:]
    return any(ok(a, b) and _perfect([x for x in rest if x != b], ok) for b in rest)


def _pairings(nodes, ok):
    if not nodes:
        yield []
        return
    a, rest = nodes[0], nodes[1:]
    for b in rest:
        if ok(a, b):
            for more in _pairings([x for x in rest if x != b], ok):
                yield [(a, b), *more]


def _colour(f: Facts, o: Facts, initial: str, kind: str) -> str:
    """Art. 4.3 for the first-team f: the colour f gets."""
    opp = {WHITE: BLACK, BLACK: WHITE}
    if not f.colours and not o.colours:
        return initial if f.rank % 2 == 0 else opp[initial]
    if f.preference and not o.preference:
        return f.preference
    if o.preference and not f.preference:
        return opp[o.preference]
    if f.preference and o.preference and f.preference != o.preference:
        return f.preference
    if kind == TYPE_B and f.strong != o.strong:
        return f.preference if f.strong else opp[o.preference]
    cd_f = f.colours.count(WHITE) - f.colours.count(BLACK)
    cd_o = o.colours.count(WHITE) - o.colours.count(BLACK)
    if cd_f != cd_o:
        return WHITE if cd_f < cd_o else BLACK
    for x, y in zip(reversed(f.colours), reversed(o.colours), strict=False):
        if x != y:
            return opp[x]
    if f.preference:
        return f.preference
    if f.colours:
        return opp[f.colours[-1]]
    return o.colours[-1]


def reference(state: TeamSwissState):
    teams = {t.number: t for t in facts(state)}
    blocked = {n: set(t.opponents) for n, t in teams.items()}
    late = state.round >= state.total_rounds - 1

    def ok(a, b):
        return b not in blocked[a] and frozenset((a, b)) not in state.forbidden

    remaining = sorted(teams)
    bye = None
    if len(remaining) % 2:
        for t in sorted((t for t in teams.values() if t.may_get_bye),
                        key=lambda t: (t.score, -t.matches, -t.number)):
            if _perfect([n for n in remaining if n != t.number], ok):
                bye = t.number
                break
        remaining.remove(bye)
    pairs = []
    while remaining:
        top = max(teams[n].score for n in remaining)
        res = [n for n in remaining if teams[n].score == top]
        low = [n for n in remaining if teams[n].score != top]
        chosen = None
        for k in range(len(res) % 2, len(low) + 1, 2):
            legal = [list(u) for u in itertools.combinations(low, k)
                     if _perfect(res + list(u), ok)
                     and _perfect([n for n in low if n not in u], ok)]
            if not legal:
                continue
            best = max(tuple(sorted(teams[n].score for n in u)) for u in legal)
            legal = [u for u in legal if tuple(sorted(teams[n].score for n in u)) == best]

            def c6(u, low=low):
                rest = [n for n in low if n not in u]
                if not rest:
                    return 0
                nxt = max(teams[n].score for n in rest)
                following = [n for n in rest if teams[n].score == nxt]
                if not any(teams[n].score == max(teams[x].score for x in low) for n in rest):
                    return 0  # the following scoregroup was emptied
                lower = [n for n in rest if teams[n].score != nxt]
                for k2 in range(len(following) % 2, len(lower) + 1, 2):
                    if any(_perfect(following + list(v), ok)
                           and _perfect([n for n in lower if n not in v], ok)
                           for v in itertools.combinations(lower, k2)):
                        return k2 - len(following) % 2
                return len(lower)

            def key(u, c6=c6):
                seq = sorted(u, key=lambda n: (-teams[n].score, n))
                c7 = 0 if late else sum(teams[n].floated for n in u)
                return (c6(u), c7, seq)

            chosen = min(legal, key=key)
            break
        bracket = sorted(res + chosen)
        ups = set(chosen)

        def quality(p, ups=ups):
            c8 = c9 = c10 = 0
            for a, b in p:
                ta, tb = teams[a], teams[b]
                if ta.preference and ta.preference == tb.preference:
                    c8 += 1
                    c9 += int(state.preferences == TYPE_B and ta.strong and tb.strong)
                if not late:
                    c10 += int(a in ups and tb.floated) + int(b in ups and ta.floated)
            tops = sorted(min(x) for x in p)
            partner = {min(x): max(x) for x in p}
            return (c8, c9, c10, tops + [partner[t] for t in tops])

        best_pairing = min(_pairings(bracket, ok), key=quality)
        pairs.extend(best_pairing)
        remaining = [n for n in remaining if n not in bracket]
    matches = set()
    for a, b in pairs:
        ta, tb = teams[a], teams[b]
        key_a = (ta.score, ta.secondary if state.secondary_for_colours else 0, -a)
        key_b = (tb.score, tb.secondary if state.secondary_for_colours else 0, -b)
        f, o = (ta, tb) if key_a > key_b else (tb, ta)
        c = _colour(f, o, state.initial_colour, state.preferences)
        matches.add((f.number, o.number) if c == WHITE else (o.number, f.number))
    return matches, bye


# --- playing events -------------------------------------------------------------------------


def play(n, rounds, seed, kind=TYPE_A, boards=4, forfeits=True, check=True):
    """Play an event with random results; compare the engine with the reference each round
    (``check``) and yield (state, pairing)."""
    rng = random.Random(seed)
    hist: dict[int, list[TeamRound]] = {t: [] for t in range(1, n + 1)}
    for r in range(1, rounds + 1):
        state = TeamSwissState(round=r, total_rounds=rounds, preferences=kind,
                               teams=tuple(SwissTeam(t, tuple(h)) for t, h in hist.items()),
                               initial_colour=rng.choice((WHITE, BLACK)))
        try:
            got = pair(state)
        except NoTeamPairing:
            return
        if check:
            assert (set(got.matches), got.bye) == reference(state), f"round {r}"
        yield state, got
        for w, b in got.matches:
            if forfeits and rng.random() < 0.05:  # nobody came for one team
                win = rng.random() < 0.5
                hist[w].append(TeamRound(MATCH, b, None, False, F(2 if win else 0),
                                         F(boards if win else 0), won_by_forfeit=win))
                hist[b].append(TeamRound(MATCH, w, None, False, F(0 if win else 2),
                                         F(0 if win else boards), won_by_forfeit=not win))
                continue
            gw = F(rng.randint(0, 2 * boards), 2)
            gb = boards - gw
            mw, mb = (2, 0) if gw > gb else (0, 2) if gw < gb else (1, 1)
            hist[w].append(TeamRound(MATCH, b, WHITE, True, F(mw), gw))
            hist[b].append(TeamRound(MATCH, w, BLACK, True, F(mb), gb))
        if got.bye:
            hist[got.bye].append(TeamRound(PAB, match_points=F(1), game_points=F(boards, 2)))


@settings(max_examples=60, deadline=None)
@given(n=st.integers(2, 9), rounds=st.integers(1, 7), seed=st.integers(0, 10**6),
       kind=st.sampled_from((TYPE_A, TYPE_B)))
def test_every_round_is_the_first_the_articles_allow(n, rounds, seed, kind):
    for _ in play(n, min(rounds, n - 1 + n % 2), seed, kind):
        pass


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 40), seed=st.integers(0, 10**6), kind=st.sampled_from((TYPE_A, TYPE_B)))
def test_no_team_meets_another_twice_and_the_bye_is_given_once(n, seed, kind):
    met: set[frozenset[int]] = set()
    byes: list[int] = []
    for state, got in play(n, min(9, n - 1), seed, kind, check=False):
        teams = {t.number for t in state.teams}
        seated = [t for m in got.matches for t in m] + ([got.bye] if got.bye else [])
        assert sorted(seated) == sorted(teams)  # everyone once
        assert (got.bye is not None) == (len(teams) % 2 == 1)
        for w, b in got.matches:
            pair_ = frozenset((w, b))
            played_before = any(r.opponent == b and r.played for r in state.teams[w - 1].history)
            assert not played_before
            met.add(pair_)
        if got.bye:
            assert got.bye not in byes  # C2
            assert not any(r.won_by_forfeit for r in state.teams[got.bye - 1].history)
            byes.append(got.bye)


# --- single articles --------------------------------------------------------------------------


def _team(number, *rounds):
    return SwissTeam(number, tuple(rounds))


def _won(opponent, colour):
    return TeamRound(MATCH, opponent, colour, True, F(2), F(3))


def _lost(opponent, colour):
    return TeamRound(MATCH, opponent, colour, True, F(0), F(1))


def test_round_one_pairs_the_top_half_against_the_bottom_half_colours_by_number():
    state = TeamSwissState(round=1, total_rounds=5, teams=tuple(_team(n) for n in range(1, 7)))
    got = pair(state)
    # 4.3.1: team 1 (odd) takes the initial-colour, team 2 (even) the other, ...
    assert got.matches == ((1, 4), (5, 2), (3, 6))


def test_the_bye_goes_to_the_lowest_score_then_most_matches_then_largest_number():
    # 3.4: teams 4 and 5 have the lowest score; 5 has the larger number but team 4 has
    # played more matches (team 5 was absent once), so team 4 gets the bye (3.4.3).
    absent = TeamRound("zero_bye")
    teams = (_team(1, _won(4, WHITE)), _team(2, _won(3, BLACK)), _team(3, _lost(2, WHITE)),
             _team(4, _lost(1, BLACK)), _team(5, absent))
    got = pair(TeamSwissState(round=2, total_rounds=5, teams=teams))
    assert got.bye == 4


def test_c2_a_team_that_won_by_forfeit_or_had_the_bye_may_not_get_it():
    teams = (_team(1, _won(2, WHITE)),
             _team(2, _lost(1, BLACK)),
             _team(3, TeamRound(MATCH, 4, None, False, F(2), F(4), won_by_forfeit=True)),
             _team(4, TeamRound(MATCH, 3, None, False, F(0), F(0))),
             _team(5, TeamRound(PAB, match_points=F(1), game_points=F(2))))
    state = TeamSwissState(round=2, total_rounds=5, teams=teams)
    may = {t.number: t.may_get_bye for t in facts(state)}
    assert may == {1: True, 2: True, 3: False, 4: True, 5: False}
    # 3.4.3: teams 2 and 4 have the lowest score; 2 played a match, 4 did not
    assert pair(state).bye == 2
    # a match nobody played is no meeting (C.04.2 3.5): 3 and 4 may meet again
    assert all(4 not in t.opponents for t in facts(state) if t.number == 3)


@pytest.mark.parametrize(("colours", "kind", "last", "expected"), [
    ((), TYPE_A, False, (None, False)),
    ((WHITE,), TYPE_A, False, (None, False)),  # Type A: CD +1 alone is no preference
    ((WHITE,), TYPE_B, False, (BLACK, False)),  # Type B: mild
    ((WHITE, WHITE), TYPE_A, False, (BLACK, True)),  # CD > 1
    ((BLACK, WHITE, WHITE), TYPE_A, False, (BLACK, True)),  # CD +1, last two White
    ((WHITE, BLACK), TYPE_B, False, (WHITE, False)),  # CD 0, last Black: mild White
    ((WHITE, BLACK), TYPE_B, True, (None, False)),  # ... but not in the last round
    ((BLACK, BLACK, WHITE, WHITE), TYPE_B, True, (BLACK, True)),  # CD 0, last two White
])
def test_colour_preferences_of_article_1_7(colours, kind, last, expected):
    assert preference(colours, kind, last) == expected


def test_c7_an_upfloater_who_floated_last_round_is_avoided():
    # Round 3 of 5. Team 1 alone leads; of the teams below, team 2 floated in round 2
    # (it met team 1 with a lower score), team 3 did not: team 3 floats up.
    teams = (
        _team(1, _won(5, WHITE), _won(2, BLACK)),
        _team(2, _lost(6, WHITE), _lost(1, WHITE)),
        _team(3, _won(4, BLACK), _lost(6, BLACK)),
        _team(4, _lost(3, WHITE), _lost(5, BLACK)),
        _team(5, _lost(1, BLACK), _won(4, WHITE)),
        _team(6, _won(2, BLACK), _won(3, WHITE)),
    )
    state = TeamSwissState(round=3, total_rounds=5, teams=teams)
    got = pair(state)
    assert (set(got.matches), got.bye) == reference(state)


def _scored(number, score, met):
    """A team of ``score`` match points that has met the teams ``met`` (test positions)."""
    rounds = [TeamRound(MATCH, o, WHITE if k % 2 else BLACK, True,
                        F(score) if k == 0 else F(0), F(0)) for k, o in enumerate(met)]
    if not rounds:
        rounds = [TeamRound("zero_bye", match_points=F(score))]
    return SwissTeam(number, tuple(rounds))


def _example_3_5_4(eight_blocked: bool):
    """The example under C.04.6 3.5.4: teams 2, 6 and 8 have 3 points, 1, 3 and 5 have 2.5,
    and three upfloaters are needed (here: residents 9, 10, 11 have all met each other).
    Scores are doubled (6 and 5) so that they stay whole; 4, 7 and 12 are lower still."""
    met = {9: [10, 11], 10: [9, 11], 11: [9, 10]}
    if eight_blocked:
        met[8] = [9, 10, 11]
        for r in (9, 10, 11):
            met[r] = [*met[r], 8]
    scores = {9: 8, 10: 8, 11: 8, 2: 6, 6: 6, 8: 6, 1: 5, 3: 5, 5: 5, 4: 4, 7: 4, 12: 4}
    teams = tuple(_scored(n, scores[n], met.get(n, [])) for n in sorted(scores))
    return TeamSwissState(round=5, total_rounds=9, teams=teams)


def test_3_5_4_the_order_of_the_sets_of_upfloaters_is_the_published_one():
    from pairing.teams.swiss import _sets_with_profile

    lower = [f for f in facts(_example_3_5_4(False)) if f.number <= 8]
    order = [tuple(s) for s in _sets_with_profile(lower, (F(5), F(6), F(6)))]
    assert order[:4] == [(2, 6, 1), (2, 6, 3), (2, 6, 5), (2, 8, 1)]


@pytest.mark.parametrize(("eight_blocked", "expected"), [(False, [2, 6, 8]), (True, [2, 6, 1])])
def test_3_5_4_example_c5_takes_the_best_scores_that_can_be_paired(eight_blocked, expected):
    from pairing.teams.swiss import _Round, choose_upfloaters

    state = _example_3_5_4(eight_blocked)
    teams = facts(state)
    rnd = _Round(state, teams)
    chosen, _ = choose_upfloaters(rnd, [9, 10, 11], {t.number for t in teams})
    assert chosen == expected
    assert (set(pair(state).matches), pair(state).bye) == reference(state)


@settings(max_examples=30, deadline=None)
@given(n=st.integers(2, 30), seed=st.integers(0, 10**6), kind=st.sampled_from((TYPE_A, TYPE_B)))
def test_colour_preferences_are_granted_whenever_the_pair_allows(n, seed, kind):
    """C.04.6 has no absolute colour limit (its preface drops the basic rules 6 and 7); what
    it promises is 4.3.2 and 4.3.3: a preference the opponent does not share is granted."""
    for state, got in play(n, min(9, n - 1), seed, kind, check=False):
        teams = {f.number: f for f in facts(state)}
        for white, black in got.matches:
            w, b = teams[white], teams[black]
            if w.preference != b.preference:
                assert w.preference in (WHITE, None) and b.preference in (BLACK, None)
