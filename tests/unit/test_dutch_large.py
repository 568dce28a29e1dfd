"""The Dutch engine's large-field machinery (issue 36) pairs exactly as before.

The engine as it was before the speed-ups is kept in ``tests/dutch_oracle``. Here, quickly
(``make test``): generated fields of a few hundred players (``tools/dutch_large_field.py``,
the generator of the 9,999-player fixture), every round, must pair as the oracle pairs them;
the completion checks must find the same matchings as the written-out graph; the assignment
between kinds must be as good as the blossom algorithm's. The 5,000 and 9,999 players
against the oracle are ``make test-dutch-large``.
"""

from __future__ import annotations

import random
import sys

import pytest
from conftest import ROOT

from pairing import trf
from pairing.dutch import pair
from pairing.dutch.completion import Field
from pairing.dutch.matching import Cardinality, max_weight_matching
from pairing.dutch.transport import realise, transport
from pairing.replay import difference
from tests.dutch_oracle import pair as oracle

sys.path.insert(0, str(ROOT / "tools"))
from dutch_large_field import tournament


@pytest.mark.parametrize(("players", "seed"), [(120, 1), (301, 2)])
def test_generated_fields_pair_as_the_engine_did_before(players, seed):
    t = trf.read(tournament(players, seed, played=5, rounds=9))
    for round_ in range(2, 7):
        state = trf.state_before_round(t, round_)
        assert difference(oracle(state), pair(state)) is None, f"round {round_}"


def random_field(rng: random.Random) -> Field:
    n = rng.randint(1, 30)
    classes = [rng.choice([None, None, "w", "b"]) for _ in range(n)]
    blocked: list[set[int]] = [set() for _ in range(n)]
    for _ in range(rng.randint(0, 2 * n)):
        a, b = rng.randrange(n), rng.randrange(n)
        if a != b:
            blocked[a].add(b)
            blocked[b].add(a)
    first = rng.choice([0, 0, rng.randint(0, n)])
    dummy = None if rng.random() < 0.5 else [rng.random() < 0.6 for _ in range(n)]
    return Field(classes, blocked, first, dummy)


def test_the_completion_field_matches_as_the_written_out_graph():
    rng = random.Random(36)
    for _ in range(600):
        field = random_field(rng)
        written = Cardinality([list(field.neighbours(k)) for k in range(field.size())]).mate
        assert field.matching() == written
        assert field.maximum_size() == sum(1 for m in written if m != -1) // 2
        assert field.perfect() == all(m != -1 for m in written)


def assignment_case(rng: random.Random) -> None:
    """One random S1/S2 assignment: between kinds as good as the blossom algorithm."""
    kinds = rng.randint(1, 4)
    s1 = list(range(rng.randint(1, 8)))
    s2 = list(range(len(s1), len(s1) + len(s1) + rng.randint(0, 1)))
    kind = {v: rng.randrange(kinds) for v in s1 + s2}
    table = {(a, b): rng.choice([None, 10, 11, 12, 20]) for a in range(kinds)
             for b in range(kinds)}
    blocked = {(p, o) for p in s1 for o in s2 if rng.random() < 0.1}

    def weight_of(p: int, o: int) -> int | None:
        return None if (p, o) in blocked else table[(kind[p], kind[o])]

    edges = [(p, o, w) for p in s1 for o in s2 if (w := weight_of(p, o)) is not None]
    mate = max_weight_matching(len(s1) + len(s2), edges)
    best = sum(weight_of(p, mate[p]) or 0 for p in s1 if mate[p] != -1)
    supply = [sum(1 for p in s1 if kind[p] == k) for k in range(kinds)]
    demand = [sum(1 for o in s2 if kind[o] == k) for k in range(kinds)]
    solved = transport(supply, demand, lambda a, b: table[(a, b)])
    if solved is None:
        return  # the engine then uses the blossom algorithm
    _, u, v = solved

    def tight(p: int, o: int) -> bool:
        w = weight_of(p, o)
        return w is not None and u[kind[p]] + v[kind[o]] == w

    realised = realise(s1, s2, tight, lambda o: v[kind[o]] > 0)
    if realised is None:
        return  # likewise
    partner, _ = realised
    assert all(partner[p] is not None for p in s1)
    assert sum(weight_of(p, partner[p] or 0) or 0 for p in s1) == best


def test_the_assignment_between_kinds_is_a_best_assignment():
    rng = random.Random(7)
    for _ in range(300):
        assignment_case(rng)
