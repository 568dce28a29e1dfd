"""Card-hall draws (pairing.cards): rotation, fixed rotation, Pussi partners.

Besides the invariants of every draw (everyone seated once or given a bye, valid tables,
the same draw for the same seed), the optimality claims are checked against brute force
on small fields: fixed pairs get a round without rematches whenever one exists (and the
fewest rematches otherwise); single players get the fewest repeated partners and, up to
12 players, the fewest repeated opponents after that.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pairing import METHODS, cards
from pairing.base import (
    Competitor,
    Draw,
    DrawError,
    DrawRequest,
    Layout,
    PastTable,
)

PAIRS = Layout(sides=2, per_side=1)
SINGLES = Layout(sides=2, per_side=2)


def ids_for(n: int) -> list[int]:
    """Non-contiguous ids, so no code can mistake ids for indices."""
    return [7 * i + 3 for i in range(n)]


def request(ids: list[int], layout: Layout, history=(), seed: str = "s", round_number=None,
            past_byes=frozenset()) -> DrawRequest:
    comps = tuple(Competitor(e, i + 1) for i, e in enumerate(ids))
    rnd = round_number if round_number is not None else len(history) + 1
    return DrawRequest(rnd, comps, layout, seed, tuple(history), frozenset(past_byes))


def sides_of(draw: Draw) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    return [(tuple(e for e, s in t.seats if s == 1), tuple(e for e, s in t.seats if s == 2))
            for t in draw.tables]


def as_history(draw: Draw) -> tuple[PastTable, ...]:
    return tuple(PastTable(sides) for sides in sides_of(draw))


def check(req: DrawRequest, draw: Draw) -> None:
    """Everyone seated once or given a bye, tables full, byes only for the leftovers."""
    ids = [c.id for c in req.competitors]
    seated = [e for t in draw.tables for e, _ in t.seats]
    byes = [e for e, _ in draw.byes]
    assert Counter(seated + byes) == Counter(ids)
    assert len(byes) == len(ids) % req.layout.seats
    assert all(kind == req.layout.bye_kind for _, kind in draw.byes)
    for a, b in sides_of(draw):
        assert len(a) == len(b) == req.layout.per_side
    assert draw.explanation


def met(history) -> tuple[Counter, Counter]:
    partners: Counter = Counter()
    opponents: Counter = Counter()
    for rnd in history:
        for t in rnd:
            for side in t.sides:
                for a, b in itertools.combinations(side, 2):
                    partners[frozenset((a, b))] += 1
            for a in t.sides[0]:
                for b in t.sides[1]:
                    opponents[frozenset((a, b))] += 1
    return partners, opponents


def repeats(draw: Draw, history) -> tuple[int, int]:
    """(repeated partnerships, repeated opponent pairings) of a draw."""
    partners, opponents = met(history)
    rp = ro = 0
    for a, b in sides_of(draw):
        for side in (a, b):
            rp += sum(1 for x, y in itertools.combinations(side, 2) if partners[frozenset((x, y))])
        ro += sum(1 for x in a for y in b if opponents[frozenset((x, y))])
    return rp, ro


def random_history(ids: list[int], per_side: int, rounds: int, rng: random.Random,
                   absent: float = 0.0) -> tuple[tuple[PastTable, ...], ...]:
    """Random earlier rounds; with ``absent`` some entrants missed a round."""
    seats = 2 * per_side
    hist = []
    for _ in range(rounds):
        here = [e for e in ids if rng.random() >= absent]
        rng.shuffle(here)
        here = here[:len(here) - len(here) % seats]
        hist.append(tuple(PastTable((tuple(here[i:i + per_side]),
                                     tuple(here[i + per_side:i + seats])))
                          for i in range(0, len(here), seats)))
    return tuple(hist)


# --- brute force --------------------------------------------------------------------------------

def matchings(ids: list[int]):
    if not ids:
        yield []
        return
    first, rest = ids[0], ids[1:]
    for i, other in enumerate(rest):
        for tail in matchings(rest[:i] + rest[i + 1:]):
            yield [(first, other), *tail]


def fewest_rematches(ids: list[int], history, past_byes=frozenset()) -> int:
    """Fixed pairs: the fewest rematches over every round (bye to a fresh pair if any)."""
    _, opponents = met(history)
    if len(ids) % 2:
        fresh = [e for e in ids if e not in past_byes] or ids
        return min(fewest_rematches([x for x in ids if x != e], history) for e in fresh)
    return min(sum(1 for a, b in m if opponents[frozenset((a, b))]) for m in matchings(ids))


def rounds_of_four(ids: list[int]):
    """Every round of single players: tables of two sides of two."""
    if not ids:
        yield []
        return
    p, rest = ids[0], ids[1:]
    for q in rest:
        others = [x for x in rest if x != q]
        for r, s in itertools.combinations(others, 2):
            left = [x for x in others if x not in (r, s)]
            for tail in rounds_of_four(left):
                yield [((p, q), (r, s)), *tail]


def best_singles(ids: list[int], history) -> tuple[int, int]:
    """The least (repeated partnerships, repeated opponent pairings) over every round."""
    partners, opponents = met(history)
    best = None
    for rnd in rounds_of_four(ids):
        rp = sum(1 for side in (s for t in rnd for s in t) if partners[frozenset(side)])
        ro = sum(1 for a, b in rnd for x in a for y in b if opponents[frozenset((x, y))])
        if best is None or (rp, ro) < best:
            best = (rp, ro)
    assert best is not None
    return best


def stage_one_exists(ids: list[int], history) -> bool:
    """Is there a round without any repeated partner or opponent? (pruned recursion)"""
    partners, opponents = met(history)

    def rec(free):
        if not free:
            return True
        p, rest = free[0], free[1:]
        for q in rest:
            if partners[frozenset((p, q))]:
                continue
            others = [x for x in rest if x != q]
            for r, s in itertools.combinations(others, 2):
                if partners[frozenset((r, s))] or any(
                        opponents[frozenset((x, y))] for x in (p, q) for y in (r, s)):
                    continue
                if rec([x for x in others if x not in (r, s)]):
                    return True
        return False

    return rec(ids)


def fewest_partner_repeats(ids: list[int], history) -> int:
    partners, _ = met(history)
    return min(sum(1 for a, b in m if partners[frozenset((a, b))]) for m in matchings(ids))


# --- invariants -----------------------------------------------------------------------------------

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(n=st.integers(2, 26), per_side=st.sampled_from([1, 2]), rounds=st.integers(0, 5),
       name=st.sampled_from(["rotation", "fixed_rotation", "pussi_partners"]),
       absent=st.sampled_from([0.0, 0.2]), seed=st.text(max_size=5), data=st.data())
def test_every_draw_seats_everyone_once_and_is_reproducible(n, per_side, rounds, name, absent,
                                                            seed, data):
    if name == "pussi_partners":
        per_side = 2
    layout = Layout(sides=2, per_side=per_side, bye_kind="sits out")
    if n < layout.seats:
        n = layout.seats
    ids = ids_for(n)
    rng = random.Random(f"{n}/{rounds}/{seed}")
    history = random_history([*ids, 999], per_side, rounds, rng, absent)  # 999 withdrew
    past_byes = frozenset(data.draw(st.sets(st.sampled_from(ids))))
    req = request(ids, layout, history, seed, past_byes=past_byes)
    draw = METHODS[name](req)
    check(req, draw)
    assert METHODS[name](req) == draw
    fresh = [e for e in ids if e not in past_byes]
    if len(fresh) >= len(draw.byes):
        assert all(e not in past_byes for e, _ in draw.byes)


@pytest.mark.parametrize(("name", "layout", "n", "with_history"), [
    (name, layout, n, with_history)
    for name, layout, n in [("rotation", PAIRS, 12), ("rotation", SINGLES, 16),
                            ("pussi_partners", SINGLES, 16), ("fixed_rotation", PAIRS, 12)]
    for with_history in (False, True)
    if not (name == "fixed_rotation" and with_history)])  # the scheme needs no seed then
def test_different_seeds_give_different_draws(name, layout, n, with_history):
    ids = ids_for(n)
    history = random_history(ids, layout.per_side, 2, random.Random(1)) if with_history else ()
    draws = {repr(sides_of(METHODS[name](request(ids, layout, history, f"seed{i}"))))
             for i in range(10)}
    assert len(draws) >= 8


@pytest.mark.parametrize(("name", "layout", "n", "message"), [
    ("rotation", PAIRS, 1, "cannot fill a table of 2"),
    ("rotation", SINGLES, 3, "cannot fill a table of 4"),
    ("pussi_partners", SINGLES, 0, "cannot fill"),
    ("fixed_rotation", SINGLES, 2, "cannot fill"),
    ("pussi_partners", PAIRS, 8, "2 per side"),
    ("rotation", Layout(sides=2, per_side=3), 12, "1 or 2 per side"),
    ("rotation", Layout(sides=0, table_size=4), 8, "two sides"),
    ("fixed_rotation", Layout(sides=2, per_side=0), 4, "at least one per side"),
])
def test_what_cannot_be_seated_is_refused(name, layout, n, message):
    with pytest.raises(DrawError, match=message):
        METHODS[name](request(ids_for(n), layout))


@pytest.mark.parametrize("name", ["rotation", "fixed_rotation", "pussi_partners"])
def test_an_entrant_listed_twice_is_refused(name):
    with pytest.raises(DrawError, match="listed twice: 3"):
        METHODS[name](request([3, 10, 17, 3, 24, 31, 38, 45], SINGLES))


@pytest.mark.parametrize("layout", [PAIRS, SINGLES])
@pytest.mark.parametrize("rounds", [0, 2])
def test_the_bye_goes_to_someone_without_an_earlier_one_and_is_explained(layout, rounds):
    ids = ids_for(4 * 3 + 1)  # one left over in both layouts
    history = random_history(ids, layout.per_side, rounds, random.Random(5))
    fresh = ids[6]
    req = request(ids, layout, history, past_byes=frozenset(ids) - {fresh})
    draw = METHODS["rotation"](req)
    check(req, draw)
    assert draw.byes == ((fresh, "bye"),)
    assert any(f"bye for {fresh}" in line for line in draw.explanation)
    everyone_had_one = request(ids, layout, history, past_byes=frozenset(ids))
    draw = METHODS["rotation"](everyone_had_one)
    assert any("sit(s) out again" in line for line in draw.explanation)


# --- rotation, fixed pairs ------------------------------------------------------------------------

@pytest.mark.parametrize("n", [6, 7, 8, 9, 10])
def test_fixed_pairs_get_the_fewest_rematches_like_brute_force(n):
    rng = random.Random(n)
    ids = ids_for(n)
    outcomes = Counter()
    for case in range(40):
        history = random_history(ids, 1, rng.randint(1, n + 2), rng)
        past_byes = frozenset(rng.sample(ids, rng.randint(0, n - 1))) if n % 2 else frozenset()
        req = request(ids, PAIRS, history, f"c{case}", past_byes=past_byes)
        draw = METHODS["rotation"](req)
        check(req, draw)
        want = fewest_rematches(ids, history, past_byes)
        outcomes[want > 0] += 1
        assert repeats(draw, history)[1] == want
        stage = "stage 1 (no repeated opponent)" if want == 0 else "stage 2"
        assert draw.explanation[0].startswith(f"rotation: {stage}")
        if want:
            assert draw.explanation[1].startswith("repeated opponents:")
    assert outcomes[True] and outcomes[False]  # both kinds of case were tried


def test_fixed_pairs_in_a_corner_get_one_rematch_and_are_told_so():
    """Everyone met the other group: both groups have three pairs, so one pair must cross."""
    a, b = ids_for(3), ids_for(6)[3:]
    history = tuple(tuple(PastTable(((x,), (b[(i + k) % 3],))) for i, x in enumerate(a))
                    for k in range(3))
    req = request(a + b, PAIRS, history)
    draw = METHODS["rotation"](req)
    check(req, draw)
    assert repeats(draw, history) == (0, 1)
    assert draw.explanation[0] == ("rotation: stage 2 (repeated opponents unavoidable; "
                                   "1 repeat(s), the fewest possible)")
    assert draw.explanation[1].endswith("(2nd time)")


def simulate(name: str, ids: list[int], layout: Layout, rounds: int, seed: str):
    history: list[tuple[PastTable, ...]] = []
    draws = []
    for r in range(1, rounds + 1):
        req = request(ids, layout, history, f"{seed}-{r}", round_number=r)
        draw = METHODS[name](req)
        check(req, draw)
        draws.append(draw)
        history.append(as_history(draw))
    return draws, history


@pytest.mark.parametrize("seed", ["a", "b", "c"])
def test_a_mucken_evening_of_12_pairs_over_6_rounds_has_no_rematch(seed):
    draws, history = simulate("rotation", ids_for(12), PAIRS, 6, seed)
    _, opponents = met(history)
    assert max(opponents.values()) == 1
    assert all("stage 1" in d.explanation[0] for d in draws[1:])


# --- rotation and Pussi, single players -------------------------------------------------------

@pytest.mark.parametrize("name", ["rotation", "pussi_partners"])
@pytest.mark.parametrize("n", [8, 9, 11])
def test_single_players_get_the_best_round_like_brute_force(name, n):
    """Up to 12 seated players the method is exact: partners first, then opponents."""
    rng = random.Random(f"{name}{n}")
    ids = ids_for(n)
    outcomes = Counter()
    for case in range(30):
        history = random_history(ids, 2, rng.choice([1, 2, 3, 4, 12, 16]), rng, absent=0.1)
        req = request(ids, SINGLES, history, f"c{case}")
        draw = METHODS[name](req)
        check(req, draw)
        seated = sorted(e for t in draw.tables for e, _ in t.seats)
        want = best_singles(seated, history)
        outcomes[1 if want == (0, 0) else 2 if want[0] == 0 else 3] += 1
        assert repeats(draw, history) == want
        assert fewest_partner_repeats(seated, history) == want[0]
        assert ("no repeated partner or opponent" in draw.explanation[0]) == (want == (0, 0))
        if name == "rotation":
            stage = 1 if want == (0, 0) else 2 if want[0] == 0 else 3
            assert draw.explanation[0].startswith(f"rotation: stage {stage}")
        if want != (0, 0):
            assert "the fewest possible" in draw.explanation[0]
    assert len(outcomes) == 3, outcomes  # stage 1, 2 and 3 were all tried


def test_twelve_single_players_find_a_round_without_repeats_whenever_one_exists():
    rng = random.Random(12)
    ids = ids_for(12)
    found = {True: 0, False: 0}
    for case in range(24):
        history = random_history(ids, 2, 3 + case % 4, rng)
        draw = METHODS["rotation"](request(ids, SINGLES, history, f"c{case}"))
        exists = stage_one_exists(ids, history)
        assert (repeats(draw, history) == (0, 0)) == exists
        found[exists] += 1
    assert found[True] and found[False]  # both kinds of case were tried


@pytest.mark.parametrize("name", ["pussi_partners", "rotation"])
@pytest.mark.parametrize("seed", ["a", "b"])
def test_sixteen_players_over_five_series_never_repeat_a_partner(name, seed):
    _, history = simulate(name, ids_for(16), SINGLES, 5, seed)
    partners, _ = met(history)
    assert max(partners.values()) == 1
    assert sum(partners.values()) == 5 * 8


def test_repeats_are_named_in_the_explanation():
    ids = ids_for(8)
    # Everyone has partnered everyone else before: partner repeats are unavoidable.
    history = (tuple(PastTable(((a, b), ())) for a, b in itertools.combinations(ids, 2)),)
    draw = METHODS["rotation"](request(ids, SINGLES, history))
    assert draw.explanation[0].startswith("rotation: stage 3 (4 repeated partnership(s)")
    assert draw.explanation[1].startswith("repeated partners: ")
    assert "with" in draw.explanation[1] and "time)" in draw.explanation[1]


def test_large_fields_are_drawn_without_repeats():
    ids = ids_for(100)
    _, history = simulate("rotation", ids, SINGLES, 4, "big")
    partners, opponents = met(history)
    assert max(partners.values()) == 1 and max(opponents.values()) == 1


# --- fixed rotation -------------------------------------------------------------------------------

@pytest.mark.parametrize(("layout", "n"), [(PAIRS, 10), (SINGLES, 16), (PAIRS, 2)])
def test_fixed_rotation_keeps_side_one_and_moves_side_two_one_table(layout, n):
    ids = ids_for(n)
    tables = n // layout.seats
    draws, history = simulate("fixed_rotation", ids, layout, tables + 1, "fix")
    first = sides_of(draws[0])
    for r, draw in enumerate(draws, start=1):
        now = sides_of(draw)
        assert len(now) == tables
        for t in range(tables):
            assert now[t][0] == first[t][0]  # side 1 stays
            assert now[(t + r - 1) % tables][1] == first[t][1]  # side 2 moved r - 1 tables
            if r > 1:
                assert now[(t + r - 1) % tables][1] == sides_of(draws[r - 2])[
                    (t + r - 2) % tables][1]  # one table per round
    _, opponents = met(history[:tables])
    assert max(opponents.values()) == 1  # nobody meets twice in the first T rounds
    assert not any("repeat" in line for d in draws[:tables] for line in d.explanation)
    assert any(f"beyond {tables} table(s): opponents repeat" in line
               for line in draws[tables].explanation)


def test_fixed_rotation_falls_back_to_rotation_when_round_one_is_broken():
    ids = ids_for(12)
    _, history = simulate("fixed_rotation", ids, PAIRS, 2, "x")
    gone = [e for e in ids if e != ids[4]] + [99]  # one withdrew, one came late
    req = request(gone, PAIRS, history)
    draw = METHODS["fixed_rotation"](req)
    check(req, draw)
    assert draw.explanation[0] == (f"fixed rotation impossible (no longer playing: {ids[4]}; "
                                   "not seated in round 1: 99): drawn by rotation")
    assert draw.explanation[1].startswith("rotation: stage 1")
    odd = request(ids_for(13), PAIRS, random_history(ids_for(13), 1, 1, random.Random(2)))
    draw = METHODS["fixed_rotation"](odd)
    check(odd, draw)
    assert "fixed rotation impossible" in draw.explanation[0]


def test_fixed_rotation_without_history_starts_with_a_random_round():
    req = request(ids_for(8), PAIRS, (), "q", round_number=3)
    draw = METHODS["fixed_rotation"](req)
    check(req, draw)
    assert draw.explanation == ("fixed rotation: random tables (seed q)",
                                "no earlier rounds known: the scheme starts here")


def test_the_exact_search_budget_covers_every_round_of_twelve():
    assert cards.EXACT_PLAYERS == 12
    assert cards.EXACT_BUDGET >= 11 * 45 + 11 * 45 * 7 * 15 + 11 * 45 * 7 * 15 * 3
