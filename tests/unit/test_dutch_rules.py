"""The Dutch system's rules (FIDE C.04.3, 2025/26), one small hand-made tournament each.

Rounds are written as ``"1-5:1 6-2:= 3:U"``: white-black and the result for white (1 = 0 + -),
or a player and his bye code (U pairing-allocated bye, H half-point bye, Z absent).
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from pairing.dutch import NoValidPairing, pair
from pairing.dutch.matching import Cardinality, max_weight_matching
from pairing.swiss import PointSystem, RoundRecord, SwissPlayer, SwissState

OTHER = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}


def state(players: int, rounds: list[str], *, total: int = 9, initial: str = "w",
          absent: tuple[int, ...] = (), points: PointSystem | None = None,
          forbidden: tuple[tuple[int, int], ...] = ()) -> SwissState:
    """The tournament before round ``len(rounds) + 1``."""
    points = points or PointSystem()
    history: dict[int, list[RoundRecord]] = {p: [] for p in range(1, players + 1)}
    for k, text in enumerate(rounds, 1):
        for item in text.split():
            game, result = item.split(":")
            if "-" in game:
                white, black = map(int, game.split("-"))
                history[white].append(RoundRecord(black, "w", result))
                history[black].append(RoundRecord(white, "b", OTHER[result]))
            else:
                history[int(game)].append(RoundRecord(None, None, result))
        for h in history.values():
            if len(h) < k:
                h.append(RoundRecord(None, None, "Z"))
    return SwissState(
        round=len(rounds) + 1, total_rounds=total, initial_colour=initial,
        players=tuple(SwissPlayer(number=p, history=tuple(h), absent=p in absent,
                                  points=sum((points.points(r.result) for r in h), Fraction(0)),
                                  rating=3000 - p)
                      for p, h in history.items()),
        points=points, forbidden=frozenset(frozenset(f) for f in forbidden))


def custom(histories: dict[int, list[tuple[int | None, str | None, str]]], *,
           total: int = 9, initial: str = "w") -> SwissState:
    """A state from explicit histories (opponents may be players who left long ago)."""
    points = PointSystem()
    rounds = max(len(h) for h in histories.values())
    return SwissState(
        round=rounds + 1, total_rounds=total, initial_colour=initial,
        players=tuple(SwissPlayer(number=p, rating=3000 - p,
                                  history=tuple(RoundRecord(*r) for r in h),
                                  points=sum((points.points(r[2]) for r in h), Fraction(0)))
                      for p, h in histories.items()))


def met(state_: SwissState) -> set[frozenset[int]]:
    return {frozenset((p.number, r.opponent)) for p in state_.players for r in p.history
            if r.played}


def unordered(pairs) -> set[frozenset[int]]:
    return {frozenset(p) for p in pairs}


# --- round 1 and the initial colour (Art. 3, 5.2.5) ----------------------------------------


def test_round_one_pairs_the_top_half_against_the_bottom_half():
    result = pair(state(8, []))
    assert set(result.pairs) == {(1, 5), (6, 2), (3, 7), (8, 4)}
    assert result.bye is None


def test_5_2_5_the_higher_ranked_player_gets_the_initial_colour_when_his_rank_is_odd():
    result = pair(state(4, [], initial="b"))
    assert set(result.pairs) == {(3, 1), (2, 4)}


def test_5_2_5_ranks_count_only_players_who_belong_to_the_tournament():
    # Player 2 has not played yet and is absent again: 3 counts as number 2, 4 as number 3.
    result = pair(state(7, [], absent=(2,)))
    assert set(result.pairs) == {(1, 5), (6, 3), (4, 7)}


def test_round_one_with_an_odd_number_gives_the_pab_to_the_last_player():
    result = pair(state(5, []))
    assert result.bye == 5
    assert set(result.pairs) == {(1, 3), (4, 2)}


# --- absolute criteria ---------------------------------------------------------------------


def test_c1_no_player_meets_the_same_opponent_twice():
    before = state(4, ["1-3:= 2-4:="])  # the natural 1-3 again is out: 1-4 and 2-3
    result = pair(before)
    assert set(result.pairs) == {(4, 1), (3, 2)}
    assert not unordered(result.pairs) & met(before)


def test_c1_forfeits_do_not_count_as_having_met_and_give_no_colour():
    result = pair(state(2, ["1-2:+"]))
    assert result.pairs == ((1, 2),)  # met again; colours from the initial colour again


def test_forbidden_pairs_are_never_paired():
    result = pair(state(4, [], forbidden=((1, 3),)))
    assert frozenset((1, 3)) not in unordered(result.pairs)
    assert len(result.pairs) == 2


def test_c2_a_player_who_had_the_pab_does_not_get_it_again():
    # The PAB is worth nothing here, so 3 is still among the lowest scores.
    result = pair(state(3, ["1-2:1 3:U"], points=PointSystem(pab=Fraction(0))))
    assert result.bye == 2
    assert result.pairs == ((3, 1),) or result.pairs == ((1, 3),)


def test_c2_a_forfeit_win_counts_as_a_win_without_playing():
    # 3 won by forfeit, 2 had the PAB: nobody on one point may get the bye, so 1 gets it.
    before = state(3, ["3-1:+ 2:U"], points=PointSystem(win=Fraction(1), pab=Fraction(1)))
    assert pair(before).bye == 1


def test_c3_non_topscorers_with_the_same_absolute_preference_do_not_meet():
    before = state(6, ["1-4:= 2-5:= 3-6:=", "1-5:= 2-6:= 3-4:="])
    result = pair(before)
    # 1, 2, 3 must have black; 4, 5, 6 white: only crossing pairs are allowed.
    assert set(result.pairs) == {(6, 1), (4, 2), (5, 3)}


def test_c3_topscorers_may_meet_with_the_same_absolute_preference_in_the_last_round():
    before = state(6, ["1-4:1 2-5:1 3-6:=", "1-5:1 2-4:1 6-3:="], total=3)
    result = pair(before)
    # Both topscorers need black; the higher-ranked one (1) gets it (5.2.4).
    assert (2, 1) in result.pairs


def test_c3_without_topscorers_the_same_pairs_are_impossible():
    with pytest.raises(NoValidPairing):
        pair(state(4, ["1-3:1 2-4:1", "1-4:1 2-3:1"], total=5))


def test_c4_the_round_is_completed_even_if_a_higher_bracket_must_break_up():
    # 5 and 6 have met and are alone at the bottom: two of the top four must come down.
    before = state(6, ["1-4:1 2-5:1 3-6:1", "2-1:= 4-3:= 5-6:="])
    result = pair(before)
    assert len(result.pairs) == 3
    assert not unordered(result.pairs) & met(before)


# --- the pairing-allocated bye -------------------------------------------------------------


def test_c5_the_pab_goes_to_the_lowest_score_even_if_a_higher_bracket_breaks_up():
    # 2 and 4 (½ point) have met; the bye must still go to 3 (0 points), so 1 and 5
    # (1 point) cannot be paired with each other.
    before = state(5, ["1-3:1 4-2:= 5:U"])
    result = pair(before)
    assert result.bye == 3
    assert frozenset((1, 5)) not in unordered(result.pairs)


def test_c9_the_pab_goes_to_the_player_with_the_fewest_unplayed_games():
    # 2 and 3 both have 0 points; 3 was absent in round 1, so 2 gets the bye.
    result = pair(state(3, ["1-2:1 3:Z"]))
    assert result.bye == 2
    assert unordered(result.pairs) == {frozenset((1, 3))}


def test_absent_players_are_not_paired_and_do_not_get_the_pab():
    result = pair(state(5, ["1-3:1 4-2:1 5:U"], absent=(3,)))
    paired = {p for pr in result.pairs for p in pr}
    assert 3 not in paired and result.bye != 3
    assert len(result.pairs) == 2 and result.bye is None


# --- quality criteria ----------------------------------------------------------------------


def test_c6_as_many_pairs_as_possible_in_the_bracket():
    result = pair(state(4, ["1-3:1 4-2:0"]))  # 1 and 2 on one point have not met
    assert unordered(result.pairs) == {frozenset((1, 2)), frozenset((3, 4))}


def test_c12_a_transposition_gives_both_players_their_colour_preference():
    result = pair(state(4, ["1-2:= 3-4:="]))
    assert set(result.pairs) == {(4, 1), (2, 3)}


def test_c14_a_player_who_floated_down_last_round_does_not_float_again():
    # 5 had the PAB (a downfloat); in the odd top group someone else must float.
    result = pair(state(5, ["1-3:1 4-2:0 5:U"]))
    assert frozenset((1, 5)) in unordered(result.pairs)


# --- colour allocation (Art. 5.2) ----------------------------------------------------------


def test_5_2_1_both_preferences_are_granted():
    before = custom({1: [(9, "w", "=")], 2: [(8, "b", "=")]})
    assert pair(before).pairs == ((2, 1),)


def test_5_2_2_an_absolute_preference_beats_a_mild_one():
    before = custom({1: [(9, "b", "="), (8, "w", "=")],  # mild: black
                     2: [(7, "w", "="), (6, "w", "=")]})  # absolute: black
    assert pair(before).pairs == ((1, 2),)


def test_5_2_3_colours_alternate_from_the_last_round_in_which_they_differed():
    before = custom({1: [(9, "b", "="), (8, "w", "="), (7, "w", "="), (6, "b", "=")],
                     2: [(5, "w", "="), (4, "b", "="), (3, "w", "="), (10, "b", "=")]})
    # Both prefer white mildly; in round 2 1 had white and 2 black, so now 2 gets white
    # (5.2.4 alone would have given it to the higher-ranked 1).
    assert pair(before).pairs == ((2, 1),)


def test_5_2_3_unplayed_rounds_are_skipped_when_looking_back():
    before = custom({1: [(9, "w", "="), (None, None, "Z"), (8, "b", "=")],
                     2: [(7, "b", "="), (6, "b", "=")]})
    # 1: W B (mild white); 2: B B (absolute white) -> 5.2.2, not 5.2.3.
    assert pair(before).pairs == ((2, 1),)


def test_5_2_4_the_higher_ranked_player_gets_his_preference():
    before = custom({1: [(9, "b", "=")], 2: [(8, "b", "=")]})
    assert pair(before).pairs == ((1, 2),)


# --- explanation -------------------------------------------------------------------------


def test_the_explanation_names_floaters_and_colour_reasons():
    lines = pair(state(5, ["1-3:1 4-2:0 5:U"])).explanation
    text = "\n".join(lines)
    assert "Bracket 1:" in text
    assert "moves down" in text
    assert "Pairing-allocated bye" in text
    assert any("5.2." in line for line in lines)


# --- the matchings underneath --------------------------------------------------------------


def _best(n: int, edges: list[tuple[int, int, int]]) -> int:
    weight = {frozenset((a, b)): w for a, b, w in edges}
    best = 0

    def grow(free: list[int], total: int) -> None:
        nonlocal best
        best = max(best, total)
        if not free:
            return
        v, rest = free[0], free[1:]
        grow(rest, total)
        for u in rest:
            w = weight.get(frozenset((u, v)))
            if w:
                grow([x for x in rest if x != u], total + w)

    grow(list(range(n)), 0)
    return best


def test_maximum_weight_matching_agrees_with_brute_force_on_big_weights():
    rng = random.Random(7)
    for _ in range(150):
        n = rng.randint(2, 8)
        edges = [(a, b, rng.choice([1, 2, 3, 7, 2**90 + rng.randint(0, 3)]))
                 for a, b in itertools.combinations(range(n), 2) if rng.random() < 0.6]
        mate = max_weight_matching(n, edges)
        weight = {frozenset((a, b)): w for a, b, w in edges}
        assert all(mate[m] == v for v, m in enumerate(mate) if m != -1)
        got = sum(weight[frozenset((v, m))] for v, m in enumerate(mate) if m > v)
        assert got == _best(n, edges)


def test_cardinality_matching_finds_a_perfect_matching_through_a_blossom():
    # A triangle 0-1-2 with a tail 2-3 and 0-4, 4-5: a greedy start needs an augmenting path.
    adjacency = [[1, 2, 4], [0, 2], [0, 1, 3], [2], [0, 5], [4]]
    matching = Cardinality(adjacency)
    assert matching.size() == 3


# --- whole tournaments ---------------------------------------------------------------------


def _play(state_: SwissState, rng: random.Random, rounds: int) -> list[SwissState]:
    """Pair and play ``rounds`` rounds with random results; the states before each round."""
    seen = []
    for _ in range(rounds):
        seen.append(state_)
        result = pair(state_)
        records: dict[int, RoundRecord] = {}
        for white, black in result.pairs:
            code = rng.choice("10=10=+")
            records[white] = RoundRecord(black, "w", code)
            records[black] = RoundRecord(white, "b", OTHER[code])
        if result.bye is not None:
            records[result.bye] = RoundRecord(None, None, "U")
        players = []
        for p in state_.players:
            record = records.get(p.number, RoundRecord(None, None, "H" if p.absent else "Z"))
            history = (*p.history, record)
            players.append(SwissPlayer(
                number=p.number, rating=p.rating, history=history,
                points=sum((state_.points.points(r.result) for r in history), Fraction(0)),
                absent=rng.random() < 0.08))
        state_ = SwissState(round=state_.round + 1, total_rounds=state_.total_rounds,
                            initial_colour=state_.initial_colour, players=tuple(players),
                            points=state_.points)
    return seen


def test_c1_c2_c3_every_round_of_simulated_tournaments_is_legal():
    rng = random.Random(2025)
    for _ in range(12):
        start = state(rng.randint(5, 18), [], total=6, initial=rng.choice("wb"))
        for before in _play(start, rng, 6):
            result = pair(before)
            present = {p.number for p in before.players if not p.absent}
            paired = [n for pr in result.pairs for n in pr]
            by_number = {p.number: p for p in before.players}
            assert len(paired) == len(set(paired))  # nobody twice
            assert set(paired) | ({result.bye} - {None}) == present  # everybody present
            assert not unordered(result.pairs) & met(before)  # C1
            if result.bye is not None:
                assert not by_number[result.bye].had_pab  # C2
            last = before.round >= before.total_rounds
            for white, black in result.pairs:
                for n, colour in ((white, "w"), (black, "b")):
                    colours = (*by_number[n].colours, colour)
                    if not last:  # C3 (topscorers may break it in the last round)
                        assert abs(colours.count("w") - colours.count("b")) <= 2
                        assert colours[-3:] not in (("w",) * 3, ("b",) * 3)
