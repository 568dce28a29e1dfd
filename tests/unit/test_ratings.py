"""DWZ and FIDE Elo: the fixture cases A–G, hand-computed cases, FIDE tables, properties.

The fixture cases A–G are also data in ``fixtures/ratings/cases.json`` (checked by
``test_fixture_case``); the hand-computed cases
below show their arithmetic in the comments; P(D) = ½(1 + erf(D/400)), so P(0) = 0.5,
P(±50) = 0.5 ± 0.2202, P(±100) = 0.5 ± 0.1382.
"""

import json
from fractions import Fraction as F
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.fide_tables import DP_TABLE, PD_BANDS, dp_from_score, pd, pd_exact, pd_percent
from scoring.ratings import (
    NOTE_EXTREME,
    NOTE_FIRST,
    NOTE_NO_GAMES,
    NOTE_PROVISIONAL,
    NOTE_TOO_FEW,
    DwzResult,
    dwz_evaluation,
    dwz_expected,
    dwz_performance,
    dwz_text,
    elo_change,
    k_factor,
)

HALF = F(1, 2)
CASES = json.loads((Path(__file__).resolve().parents[2] / "fixtures" / "ratings"
                    / "cases.json").read_text(encoding="utf-8"))
CASE_A_OPPONENTS = (2216, 2234, 2245, 2247, 2270, 2231, 2278, 2118, 2337)


def games(*pairs):
    return [(opp, F(score)) for opp, score in pairs]


# ------------------------------------------------------------------ DWZ fixture cases


@pytest.mark.parametrize("wins_at", [(0, 1, 2), (6, 7, 8), (0, 4, 8)])
def test_case_a_official_dsb_evaluation(wins_at):
    """A313-000-ONN: 3/9, how the points fall does not matter."""
    played = [(opp, F(1) if i in wins_at else F(0)) for i, opp in enumerate(CASE_A_OPPONENTS)]
    r = dwz_evaluation(2253, 30, None, played)
    assert r.we == pytest.approx(4.637, abs=5e-4)
    assert (r.w, r.n, r.e, r.rn, r.rh) == (3, 9, 30, 2219, 2118)
    assert r.index == 31 and r.note == ""


def test_case_b_junior_with_acceleration():
    r = dwz_evaluation(1500, 8, 15, games((1400, 1), (1600, HALF), (1550, 1), (1450, 0),
                                          (1500, 1)))
    assert r.we == pytest.approx(2.5, abs=1e-12)  # pairs ±100, ±50 cancel exactly
    assert (r.w, r.e, r.rn) == (F(7, 2), 8, 1562)  # E = (1.5⁴ + 5)·0.75 = 7.55


def test_case_c_brake_below_1300():
    r = dwz_evaluation(1100, 12, 40, games((1200, 0), (1000, HALF), (1150, 0), (1050, HALF)))
    assert r.we == pytest.approx(2.0, abs=1e-12)
    # E = 1.1⁴ + 15 + (e^(200/150) − 1) = 16.464 + 2.794 = 19.26 → 19
    assert (r.w, r.e, r.rn) == (1, 19, 1065)
    assert r.rh is None  # only 4 rated games: no Turnierleistung (WO 3.6)


def test_case_d_index_cap():
    r = dwz_evaluation(1500, 2, None, games((1500, 1), (1500, 1)))
    assert (r.we, r.e, r.rn) == (1.0, 10, 1567)  # E0 = 20.06, capped at 5·2


# --------------------------------------------------------------- DWZ hand-computed cases


def test_brake_loses_twice_below_1300():
    # Ro 1000, adult, index 10, loses to 1000 and 1100: We = 0.5 + 0.3618 = 0.8618.
    # E = 1 + 15 + (e² − 1) = 22.39 → 22; Rn = 1000 − 800·0.8618/24 = 971.27 → 971.
    r = dwz_evaluation(1000, 10, None, games((1000, 0), (1100, 0)))
    assert r.we == pytest.approx(0.86184, abs=1e-5)
    assert (r.e, r.rn) == (22, 971)


def test_brake_cap_150():
    # Ro 500 loses to 500: SBr = e^(800/150) − 1 = 206.1, E = 221 → capped at 150.
    # Rn = 500 − 800·0.5/151 = 497.35 → 497.
    r = dwz_evaluation(500, 10, None, games((500, 0)))
    assert (r.e, r.rn) == (150, 497)


def test_junior_acceleration_only_when_not_below_expectation():
    # Ro 1800, 16 years, index 20: E0 = 1.8⁴ + 5 = 15.50.
    # Loss (W < We): fB = 1, E = 15, Rn = 1800 − 400/16 = 1775.
    lost = dwz_evaluation(1800, 20, 16, games((1800, 0)))
    assert (lost.e, lost.rn) == (15, 1775)
    # Win (W ≥ We): fB = 0.9, E = 13.95 → 14, Rn = 1800 + 400/15 = 1826.67 → 1827.
    won = dwz_evaluation(1800, 20, 16, games((1800, 1)))
    assert (won.e, won.rn) == (14, 1827)


def test_age_groups():
    # Ro 2000, draw vs 2000: E0 = 16 + J, capped at 30 (index 10). Rn unchanged.
    assert dwz_evaluation(2000, 10, 20, games((2000, HALF))).e == 21  # youth, fB = 1.0
    assert dwz_evaluation(2000, 10, 23, games((2000, HALF))).e == 26  # junior, J = 10
    assert dwz_evaluation(2000, 10, 26, games((2000, HALF))).e == 30  # 31 capped
    assert dwz_evaluation(2000, 10, 23, games((2000, HALF))).rn == 2000


def test_index_one_caps_e_at_five():
    # Ro 1600, index 1, beats 1600: E = min(21.55, 5) = 5; Rn = 1600 + 400/6 → 1667.
    r = dwz_evaluation(1600, 1, None, games((1600, 1)))
    assert (r.e, r.rn, r.index) == (5, 1667, 2)


def test_unrated_opponents_are_ignored():
    base = [(opp, F(1) if i < 3 else F(0)) for i, opp in enumerate(CASE_A_OPPONENTS)]
    with_unrated = [*base, (None, F(1)), (None, F(0)), (None, HALF)]
    assert dwz_evaluation(2253, 30, None, with_unrated) == dwz_evaluation(2253, 30, None, base)


def test_no_rated_games_keeps_rating():
    r = dwz_evaluation(1700, 4, None, games((None, 1)))
    assert r == DwzResult(1700, 4, F(0), 0, None, None, None, 1700, NOTE_NO_GAMES)


def test_first_rating_is_the_performance():
    # Opponents symmetric around 1600 and 50 %: We(1600) = 2.5 exactly, so Rh = Rn = 1600.
    r = dwz_evaluation(None, None, None, games(*((o, HALF) for o in (1400, 1500, 1600, 1700,
                                                                      1800))))
    assert (r.rn, r.rh, r.index, r.note) == (1600, 1600, 1, NOTE_FIRST)
    assert r.we is None and r.e is None


def test_first_rating_above_the_field():
    # 4/5 against five 1500s: P(D) = 0.8 ⇒ erf(D/400) = 0.6 ⇒ D = 400·0.59512 = 238.
    r = dwz_evaluation(None, None, 12, games(*((1500, s) for s in (1, 1, 1, 1, 0))))
    assert r.rn == r.rh == 1738


def test_first_rating_needs_five_games_and_no_extreme_score():
    four = dwz_evaluation(None, None, None, games((1500, 1), (1500, 0), (1500, 1), (1500, 0)))
    assert (four.rn, four.index, four.note) == (1500, 4, NOTE_PROVISIONAL)  # not a first one
    assert four.provisional
    all_won = dwz_evaluation(None, None, None, games(*((1500, 1) for _ in range(4))))
    assert (all_won.rn, all_won.index, all_won.note) == (None, None, NOTE_TOO_FEW)
    perfect = dwz_evaluation(None, None, None, games(*((1500, 1) for _ in range(6))))
    assert (perfect.rn, perfect.rh, perfect.note) == (None, None, NOTE_EXTREME)
    nothing = dwz_evaluation(None, None, None, games((None, 1)))
    assert (nothing.rn, nothing.n, nothing.note) == (None, 0, NOTE_NO_GAMES)


def test_rated_player_with_perfect_score():
    # 5/5 against five 1500s: no finite Rh. We = 2.5, E = 1.5⁴ + 15 = 20.06 → 20,
    # Rn = 1500 + 800·2.5/25 = 1580.
    r = dwz_evaluation(1500, 10, None, games(*((1500, 1) for _ in range(5))))
    assert (r.rh, r.e, r.rn) == (None, 20, 1580)


def test_unknown_index_counts_as_one():
    assert dwz_evaluation(1600, None, None, games((1600, 1))).e == 5


def test_rejects_impossible_points():
    with pytest.raises(ValueError):
        dwz_evaluation(1500, 3, None, games((1500, 2)))


# --------------------------------------------------------------------------- FIDE tables


def test_fide_dp_table_endpoints_and_symmetry():
    assert len(DP_TABLE) == 101
    assert (DP_TABLE[100], DP_TABLE[50], DP_TABLE[0]) == (800, 0, -800)
    assert all(DP_TABLE[p] == -DP_TABLE[100 - p] for p in range(101))
    assert all(DP_TABLE[p] < DP_TABLE[p + 1] for p in range(100))


def test_fide_tables_agree_with_each_other():
    """Each dp(p) of 8.1.1 falls in the D band where 8.1.2 gives PD = p."""
    for p in range(50, 100):
        assert pd_percent(DP_TABLE[p])[0] == p


def test_fide_pd_bands_are_contiguous():
    for (_, high, pct), (low, _, next_pct) in pairwise(PD_BANDS):
        assert high is not None and low == high + 1 and next_pct == pct + 1
    assert PD_BANDS[0][:2] == (0, 3) and PD_BANDS[-1] == (736, None, 100)


@pytest.mark.parametrize(("d", "expected"), [
    (0, (0.5, 0.5)), (3, (0.5, 0.5)), (4, (0.51, 0.49)), (100, (0.64, 0.36)),
    (-100, (0.64, 0.36)), (400, (0.92, 0.08)), (735, (0.99, 0.01)), (736, (1.0, 0.0)),
])
def test_fide_pd_lookup(d, expected):
    assert pd(d) == expected
    assert pd_exact(d) == (F(round(expected[0] * 100), 100), F(round(expected[1] * 100), 100))


@pytest.mark.parametrize(("p", "dp"), [
    (F(2, 3), 125), (0.125, -322), (F(1, 8), -322), (1, 800), (0, -800), (0.5, 0), (0.99, 677),
])
def test_fide_dp_lookup(p, dp):
    assert dp_from_score(p) == dp


# ---------------------------------------------------------------------------- FIDE Elo


def test_case_e():
    # 2000, K 20: +1 vs 1900 (PD .64), ½ vs 2100 (.36), 0 vs 2500 (capped: .08) → 8.4.
    r = elo_change(2000, 20, games((1900, 1), (2100, HALF), (2500, 0)))
    assert (r.change, r.new, r.score, r.games) == (8, 2008, F(3, 2), 3)
    assert r.expected == pytest.approx(1.08)


def test_case_f_and_g():
    assert elo_change(1500, 40, games((1900, 1))).change == 37  # 40·0.92 = 36.8
    assert elo_change(2000, 40, games((1600, 0))).change == -37


def test_400_point_rule_only_below_2650():
    # 2600 beats 1900: capped at 400 → PD .92, 10·0.08 = 0.8 → +1.
    assert elo_change(2600, 10, games((1900, 1))).change == 1
    # 2700 beats 1900: D = 800 > 735 → PD 1.00 → 0; a draw costs 10·0.5 = 5.
    assert elo_change(2700, 10, games((1900, 1))).change == 0
    assert elo_change(2700, 10, games((1900, HALF))).change == -5
    # ... and at 2650 exactly: D = 500 → PD .96; draw 10·(0.5 − 0.96) = −4.6 → −5.
    assert elo_change(2650, 10, games((2150, HALF))).change == -5


def test_elo_half_points_round_up():
    # Draw vs a player 35 below/above: PD .55/.45, K 10 → ±0.5 → +1 and 0.
    assert elo_change(2000, 10, games((2035, HALF))).change == 1
    assert elo_change(2000, 10, games((1965, HALF))).change == 0


@pytest.mark.parametrize(("args", "k"), [
    ((1800, 10, None, False), 40),    # new player, fewer than 30 games
    ((2100, 100, 15, False), 40),     # junior under 2300
    ((2300, 100, 15, False), 20),     # junior at 2300
    ((2100, 100, 18, False), 20),     # 18th birthday passed
    ((2399, 100, None, False), 20),
    ((2400, 100, None, False), 10),
    ((2350, 200, None, True), 10),    # once 2400, always 10
])
def test_k_factor(args, k):
    assert k_factor(*args) == k


def test_k_factor_700_rule():
    assert k_factor(1800, 10, None, False, games_in_period=20) == 35  # 40·20 > 700
    assert k_factor(2000, 100, None, False, games_in_period=35) == 20  # 20·35 = 700


# --------------------------------------------------------------------------- properties

ratings = st.integers(min_value=400, max_value=2900)
points = st.sampled_from([F(0), HALF, F(1)])
ages = st.none() | st.integers(min_value=6, max_value=90)


@given(ro=ratings, index=st.none() | st.integers(1, 80), age=ages,
       played=st.lists(st.tuples(ratings, points), min_size=1, max_size=15))
def test_rn_moves_towards_result(ro, index, age, played):
    r = dwz_evaluation(ro, index, age, played)
    assert 0 <= r.we <= r.n
    if r.w > r.we:
        assert r.rn >= ro
    elif r.w < r.we:
        assert r.rn <= ro


@given(opponents=st.lists(ratings, min_size=5, max_size=12), data=st.data())
def test_rh_monotone_in_score(opponents, data):
    n = len(opponents)
    halves = data.draw(st.lists(st.integers(1, 2 * n - 1), min_size=2, max_size=2, unique=True))
    low, high = sorted(F(h, 2) for h in halves)
    rh_low, rh_high = dwz_performance(opponents, low), dwz_performance(opponents, high)
    assert rh_low is not None and rh_high is not None and rh_low <= rh_high
    assert dwz_expected(rh_low, opponents) == pytest.approx(float(low), abs=n * 2e-3)


@given(rating=ratings, k=st.sampled_from([10, 20, 40]),
       played=st.lists(st.tuples(ratings, points), min_size=1, max_size=15))
def test_elo_change_bounded_and_signed(rating, k, played):
    r = elo_change(rating, k, played)
    assert abs(r.change) <= k * r.games
    assert 0 <= r.expected <= r.games
    expected = F(round(r.expected * 100), 100)  # table values are hundredths
    if r.score > expected:
        assert r.change >= 0
    elif r.score < expected:
        assert r.change <= 0


@given(p=st.fractions(min_value=0, max_value=1), q=st.fractions(min_value=0, max_value=1))
def test_dp_monotone(p, q):
    if p <= q:
        assert dp_from_score(p) <= dp_from_score(q)


# ----------------------------------------------------------------- the fixture file


@pytest.mark.parametrize("case", CASES["dwz"], ids=lambda c: c["case"])
def test_fixture_case_dwz(case):
    played = [(opp, F(points)) for opp, points in case["games"]]
    r = dwz_evaluation(case["ro"], case["index"], case["age"], played)
    assert r.w == F(case["w"])
    assert r.we == pytest.approx(case["we"], abs=5e-4)
    assert (r.e, r.rn) == (case["e"], case["rn"])
    if "rh" in case:
        assert r.rh == case["rh"]


@pytest.mark.parametrize("case", CASES["elo"], ids=lambda c: c["case"])
def test_fixture_case_elo(case):
    played = [(opp, F(points)) for opp, points in case["games"]]
    assert elo_change(case["rating"], case["k"], played).change == case["change"]


# Provisional DWZ, the seed's "1457-(5)": a player without DWZ and with too few rated games
# gets the rating his games are worth, written with the number of games in brackets.


def test_provisional_dwz_from_fewer_than_five_games_is_written_with_the_games_in_brackets():
    r = dwz_evaluation(None, None, None, games((1400, 1), (1600, HALF), (1500, 0)))
    assert r.provisional and r.note == NOTE_PROVISIONAL
    assert (r.rn, r.index, r.n, r.rh) == (1500, 3, 3, None)
    assert dwz_text(r.rn, r.index, r.provisional) == "1500-(3)"
    assert dwz_text(1834, 23) == "1834-23" and dwz_text(1834, None) == "1834"
    assert dwz_text(None, None) == "–"


def test_provisional_dwz_counts_its_games_towards_the_first_rating():
    # 1500-(3) brought in, 2 more games: 5 games, a first rating (index 1, no brackets);
    # the 3 earlier games count as 3 games against 1500 scored ½ each.
    r = dwz_evaluation(1500, 3, None, games((1500, 1), (1500, 0)), provisional=True)
    assert (r.rn, r.index, r.note, r.provisional) == (1500, 1, NOTE_FIRST, False)
    better = dwz_evaluation(1500, 3, None, games((1500, 1), (1500, 1)), provisional=True)
    assert better.rn == dwz_performance([1500] * 5, F(7, 2)) and better.rn > 1500
    # One more game keeps it provisional: 4 games.
    one = dwz_evaluation(1500, 3, None, games((1700, HALF)), provisional=True)
    assert (one.index, one.provisional, one.ro) == (4, True, 1500) and one.rn > 1500
    # No rated game: it stays as it was.
    idle = dwz_evaluation(1500, 3, None, games((None, 1)), provisional=True)
    assert (idle.rn, idle.index, idle.provisional, idle.note) == (1500, 3, True, NOTE_NO_GAMES)
