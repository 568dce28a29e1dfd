"""Round robin schedules: FIDE Berger tables, the shift system, double round robins.

The FIDE tables in ``fixtures/roundrobin/fide_berger_tables.json`` are typed from the
published Annex (see its ``source``), not produced by ``pairing.roundrobin``, so
the equality test is an independent check of the seed's construction rule.
"""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations, pairwise
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pairing import roundrobin as rr
from pairing.base import Competitor, Draw, DrawError, DrawRequest, Layout

DATA = Path(__file__).resolve().parents[2] / "fixtures" / "roundrobin" / "fide_berger_tables.json"
SIZES = range(3, 25)
SYSTEMS = {"berger": rr.berger, "shift": rr.shift}


def fide_tables() -> dict[int, list[list[tuple[int, int]]]]:
    tables = json.loads(DATA.read_text(encoding="utf-8"))["tables"]
    return {int(n): [[tuple(int(p) for p in game.split("-")) for game in rnd.split()]
                     for rnd in rounds]
            for n, rounds in tables.items()}


def colours(rounds: list[list[tuple[int, int]]], player: int) -> str:
    """The player's colours round by round: W, B, or - for the bye."""
    out = []
    for rnd in rounds:
        colour = "-"
        for white, black in rnd:
            if white == player and black != rr.BYE:
                colour = "W"
            elif black == player and white != rr.BYE:
                colour = "B"
        out.append(colour)
    return "".join(out)


def games(rounds: list[list[tuple[int, int]]]) -> list[tuple[int, int]]:
    return [g for rnd in rounds for g in rnd if rr.BYE not in g]


# --- FIDE Berger tables ---------------------------------------------------------------------

def test_fide_data_covers_4_to_16() -> None:
    tables = fide_tables()
    assert sorted(tables) == [4, 6, 8, 10, 12, 14, 16]
    assert all(len(rounds) == n - 1 and all(len(r) == n // 2 for r in rounds)
               for n, rounds in tables.items())


@pytest.mark.parametrize("n", [4, 6, 8, 10, 12, 14, 16])
def test_berger_tables_for_4_to_16_players_equal_the_fide_tables(n: int) -> None:
    assert rr.berger(n) == fide_tables()[n]


@pytest.mark.parametrize("n", [3, 5, 7, 9, 11, 13, 15])
def test_odd_numbers_use_the_next_table_with_the_highest_number_as_bye(n: int) -> None:
    expected = [[(0 if w == n + 1 else w, 0 if b == n + 1 else b) for w, b in rnd]
                for rnd in fide_tables()[n + 1]]
    assert rr.berger(n) == expected


def test_bye_keeps_the_dummys_side() -> None:
    assert rr.berger(5)[:2] == [[(1, 0), (2, 5), (3, 4)], [(0, 4), (5, 3), (1, 2)]]


def test_seed_rule_for_the_opponent_of_n() -> None:
    """Round 2: k+1, round 3: 2, round 4: k+2, round 5: 3 ...; 2..k have white against n."""
    for n in range(4, 25, 2):
        k = n // 2
        for r, rnd in enumerate(rr.berger(n)[1:], start=2):
            white, black = rnd[0]
            opponent = black if white == n else white
            assert opponent == (k + r // 2 if r % 2 == 0 else (r + 1) // 2)
            assert (white == opponent) == (opponent <= k)


def test_two_players_play_one_game() -> None:
    assert rr.berger(2) == [[(1, 2)]]
    with pytest.raises(ValueError):
        rr.berger(1)


# --- properties of both systems -------------------------------------------------------------

@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("n", SIZES)
def test_every_pair_meets_exactly_once(system: str, n: int) -> None:
    rounds = SYSTEMS[system](n)
    assert len(rounds) == n - 1 + n % 2
    met = Counter(frozenset(g) for g in games(rounds))
    assert met == Counter(frozenset(p) for p in combinations(range(1, n + 1), 2))


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("n", SIZES)
def test_each_player_once_per_round_and_odd_byes_once_each(system: str, n: int) -> None:
    rounds = SYSTEMS[system](n)
    for rnd in rounds:
        seated = [p for g in rnd for p in g if p != rr.BYE]
        assert sorted(seated) == list(range(1, n + 1))
        assert len(rnd) == (n + 1) // 2
    byes = [w or b for rnd in rounds for w, b in rnd if rr.BYE in (w, b)]
    assert sorted(byes) == (list(range(1, n + 1)) if n % 2 else [])


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("n", SIZES)
def test_colour_balance(system: str, n: int) -> None:
    """Odd n: everyone as many whites as blacks; even n: half one white more, half one less.

    And nobody gets three equal colours in a row within a cycle.
    """
    rounds = SYSTEMS[system](n)
    diffs = Counter()
    for p in range(1, n + 1):
        seq = colours(rounds, p)
        diffs[seq.count("W") - seq.count("B")] += 1
        assert "WWW" not in seq and "BBB" not in seq
    assert diffs == (Counter({0: n}) if n % 2 else Counter({1: n // 2, -1: n // 2}))


# --- shift system ---------------------------------------------------------------------------

def test_shift_seating_is_the_seed_example() -> None:
    assert rr.shift_seating(6, 1) == ([4, 5, 6], [1, 2, 3])
    assert rr.shift_seating(6, 2) == ([1, 4, 6], [2, 3, 5])
    assert rr.shift_seating(5, 2) == rr.shift_seating(6, 2)  # 6 is the virtual player


def test_shift_pairings_of_the_seed_example() -> None:
    """Board 1: near white, board 2: far white, board 3: m's board, turned every round."""
    rounds = rr.shift(6)
    assert rounds[0] == [(1, 4), (5, 2), (3, 6)]
    assert rounds[1] == [(2, 1), (4, 3), (6, 5)]
    assert rr.shift(5)[:2] == [[(1, 4), (5, 2), (3, 0)], [(2, 1), (4, 3), (0, 5)]]


@pytest.mark.parametrize("n", range(4, 25, 2))
def test_shift_round_one_and_the_fixed_player(n: int) -> None:
    k = n // 2
    first = rr.shift(n)[0]
    assert first == [(j, k + j) if j % 2 else (k + j, j) for j in range(1, k + 1)]
    # n (last board, white in round 1 with an even number of boards) alternates colours
    seq = colours(rr.shift(n), n)
    assert seq[0] == ("W" if k % 2 == 0 else "B")
    assert all(a != b for a, b in pairwise(seq))
    assert all(n in rnd[-1] for rnd in rr.shift(n))


@pytest.mark.parametrize("n", [4, 6, 8, 13, 24])
def test_shift_everybody_moves_one_seat_clockwise(n: int) -> None:
    """The ring: near 1 -> far 1 -> ... -> far k-1 -> near k -> ... -> near 2 -> near 1."""
    m = n + n % 2
    k = m // 2
    for r in range(1, m - 1):
        far, near = rr.shift_seating(n, r)
        far2, near2 = rr.shift_seating(n, r + 1)
        assert far2[0] == near[0] and far2[1:k - 1] == far[:k - 2]
        assert near2[k - 1] == far[k - 2] and near2[:k - 1] == near[1:]
        assert far2[k - 1] == far[k - 1] == m


# --- double round robin ---------------------------------------------------------------------

def test_double_order_swaps_the_last_two_rounds_of_the_first_cycle() -> None:
    assert rr.double_order(5) == [(1, False), (2, False), (3, False), (5, False), (4, False),
                                  (1, True), (2, True), (3, True), (4, True), (5, True)]
    assert rr.double([[(1, 2)]]) == [[(1, 2)], [(2, 1)]]


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("n", SIZES)
def test_double_every_pair_twice_with_opposite_colours(system: str, n: int) -> None:
    rounds = rr.double(SYSTEMS[system](n))
    assert len(rounds) == 2 * (n - 1 + n % 2)
    assert Counter(games(rounds)) == Counter(
        {g: 1 for a, b in combinations(range(1, n + 1), 2) for g in ((a, b), (b, a))})


@pytest.mark.parametrize("n", range(3, 25))
def test_berger_double_no_three_equal_colours_in_a_row(n: int) -> None:
    """At the cycle junction (and anywhere else), as FIDE's swap of the last two rounds intends."""
    rounds = rr.double(rr.berger(n))
    for p in range(1, n + 1):
        seq = colours(rounds, p)
        assert "WWW" not in seq and "BBB" not in seq, (p, seq)
        played = seq.replace("-", "")  # also counting across a bye
        assert "WWW" not in played and "BBB" not in played, (p, seq)


def test_schedule() -> None:
    assert rr.schedule(6) == rr.berger(6)
    assert rr.schedule(6, "shift") == rr.shift(6)
    assert rr.schedule(7, "shift", double=True) == rr.double(rr.shift(7))
    with pytest.raises(ValueError, match="unknown round robin system"):
        rr.schedule(6, "scheveningen")


@given(st.integers(2, 60), st.sampled_from(sorted(SYSTEMS)), st.booleans())
def test_schedule_properties(n: int, system: str, twice: bool) -> None:
    """Any size: a valid round robin, each pair once per cycle, colours as balanced as possible."""
    rounds = rr.schedule(n, system, twice)
    cycles = 2 if twice else 1
    assert len(rounds) == cycles * (n - 1 + n % 2)
    for rnd in rounds:
        seated = [p for g in rnd for p in g if p != rr.BYE]
        assert sorted(seated) == list(range(1, n + 1))
    met = Counter(frozenset(g) for g in games(rounds))
    assert set(met.values()) == {cycles} and len(met) == n * (n - 1) // 2
    for p in range(1, n + 1):
        seq = colours(rounds, p)
        assert abs(seq.count("W") - seq.count("B")) <= (0 if twice or n % 2 else 1)


# --- command line ---------------------------------------------------------------------------

def test_cli_prints_the_rounds(capsys: pytest.CaptureFixture[str]) -> None:
    assert rr.main(["4"]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "rounds": [[[1, 4], [2, 3]], [[4, 3], [1, 2]], [[2, 4], [3, 1]]]}


def test_cli_shift_double_and_bye(capsys: pytest.CaptureFixture[str]) -> None:
    assert rr.main(["5", "--system", "shift", "--double"]) == 0
    rounds = json.loads(capsys.readouterr().out)["rounds"]
    assert len(rounds) == 10
    assert rounds[0] == [[1, 4], [5, 2], [3, 0]]
    assert rounds[5] == [[4, 1], [2, 5], [0, 3]]


def test_cli_largest(capsys: pytest.CaptureFixture[str]) -> None:
    assert rr.main([str(rr.MAX_PLAYERS), "--system", "berger"]) == 0
    assert len(json.loads(capsys.readouterr().out)["rounds"]) == rr.MAX_PLAYERS - 1


@pytest.mark.parametrize(("argv", "reason"), [
    (["2"], "from 3 to 24"),
    (["25"], "from 3 to 24"),
    (["-4"], "from 3 to 24, not -4"),
    (["six"], "whole number"),
    (["6", "--system", "swiss"], "invalid choice"),
    ([], "required"),
    (["6", "7"], "unrecognized"),
])
def test_cli_bad_input(argv: list[str], reason: str,
                       capsys: pytest.CaptureFixture[str]) -> None:
    assert rr.main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "error: " in err and reason in err
    assert "Traceback" not in err


def test_cli_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert rr.main(["--help"]) == 0
    assert "--system" in capsys.readouterr().out


# --- draw methods ---------------------------------------------------------------------------

def request(n: int, round_number: int, **options: object) -> DrawRequest:
    """n entrants whose ids (100 + start number) are listed out of start-number order."""
    comps = tuple(Competitor(id=100 + s, start_number=s) for s in [*range(n, 0, -2),
                                                                    *range(n - 1, 0, -2)])
    return DrawRequest(round_number, comps, Layout(bye_kind="pab"), seed="x", options=options)


def as_numbers(draw: Draw) -> list[tuple[int, int]]:
    return [(t.seats[0][0] - 100, t.seats[1][0] - 100) for t in draw.tables]


def test_draw_berger_round() -> None:
    draw = rr.round_robin(request(6, 2))
    assert as_numbers(draw) == [(6, 4), (5, 3), (1, 2)]
    assert all([s for _, s in t.seats] == [1, 2] for t in draw.tables)
    assert draw.byes == ()
    assert draw.explanation == ("FIDE Berger table for 6, round 2",)


def test_draw_odd_gives_the_bye() -> None:
    draw = rr.round_robin(request(5, 2))
    assert as_numbers(draw) == [(5, 3), (1, 2)]
    assert draw.byes == ((104, "pab"),)
    assert "5 entrants" in draw.explanation[0]


def test_draw_shift_round() -> None:
    draw = rr.round_robin_shift(request(5, 1))
    assert as_numbers(draw) == [(1, 4), (5, 2)]
    assert draw.byes == ((103, "pab"),)
    assert draw.explanation[0].startswith("shift system for 6")


def test_draw_double() -> None:
    draw = rr.round_robin(request(6, 4, double=True))
    assert as_numbers(draw) == [(3, 6), (4, 2), (5, 1)]  # table round 5 (swapped)
    draw = rr.round_robin(request(6, 6, double=True))
    assert as_numbers(draw) == [(6, 1), (5, 2), (4, 3)]  # table round 1, colours reversed
    assert "colours reversed" in draw.explanation[0]


def test_draw_every_round_of_a_whole_event() -> None:
    for n in (2, 3, 7, 10):
        for twice in (False, True):
            total = (n - 1 + n % 2) * (2 if twice else 1)
            met = Counter()
            for r in range(1, total + 1):
                draw = rr.round_robin_shift(request(n, r, double=twice))
                met.update(frozenset(t[0] for t in table.seats) for table in draw.tables)
                assert len(draw.byes) == n % 2
            assert set(met.values()) == {2 if twice else 1}
            assert len(met) == n * (n - 1) // 2


def test_draw_errors() -> None:
    with pytest.raises(DrawError, match="a round robin of 6 has only 5 rounds"):
        rr.round_robin(request(6, 6))
    with pytest.raises(DrawError, match="a double round robin of 5 has only 10 rounds"):
        rr.round_robin_shift(request(5, 11, double=True))
    with pytest.raises(DrawError, match="at least two"):
        rr.round_robin(request(1, 1))
    with pytest.raises(DrawError, match="round 0"):
        rr.round_robin(request(4, 0))
