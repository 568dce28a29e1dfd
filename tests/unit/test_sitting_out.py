"""Sitting out goes round, in every draw method that leaves entrants out (issue 24, item 1).

A Pussi evening of six drew "new partners every series" three times, and player 5 sat out
every series while the explanation said the sitters-out were drawn among those who had not
sat out before. The property, for every registered method with a pure draw, over fields of
4 to 40 and several rounds: nobody sits out again while someone in the field has sat out
fewer times (for a constant field the counts never differ by more than one), and the draw's
explanation names who sits out.

Round robins follow their table (the dummy's opponent is free, once per cycle), which gives
the same property. The FIDE Dutch system (drawn by the web app) has its own rule, no second
pairing-allocated bye at all (C.04.1 f, ``tests/unit/test_dutch_rules.py``). Tables without
sides (board games, Skat, Doppelkopf) leave nobody out: every field either fits or is refused.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pairing import METHODS, Competitor, Draw, DrawError, DrawRequest, Layout, PastTable
from pairing.methods import HEAD_TO_HEAD, TWO_A_SIDE
from scoring.i18n import Message, Ref, Refs

ONE = Layout(sides=2, per_side=1, bye_kind="bye")
TWO = Layout(sides=2, per_side=2, bye_kind="zero")

# (method, layout, largest field tried): every registered pure method that can leave
# entrants out, on each kind of two-sided table it seats. The draws of exactly two teams
# (a match day, Scheveningen: pairing.teams.draws) leave nobody out.
TWO_TEAMS = {"match_day", "scheveningen"}
CASES = [(name, layout) for name, m in METHODS.items()
         if m.draw is not None and name not in TWO_TEAMS
         for kind, layout in ((HEAD_TO_HEAD, ONE), (TWO_A_SIDE, TWO)) if kind in m.seats]
ROUNDS = 5
# The single-player rotation searches hard on small fields; keep the property quick.
SLOW = {"rotation", "pussi_partners", "fixed_rotation"}


def test_every_method_that_can_leave_someone_out_is_covered():
    names = {name for name, _ in CASES}
    assert names == {"round_robin", "round_robin_shift", "score_order", "rotation",
                     "fixed_rotation", "pussi_partners", "random_tables", "swiss_score"}


def named(line: object) -> set[int]:
    """The entrants a line of an explanation names: its Ref and Refs (entrant ids), nested,
    and the score Swiss's bye line, which names the start number (id - 100 here)."""
    out: set[int] = set()
    if isinstance(line, Message):
        if line.template.startswith("bye: "):
            out.add(int(line.params["n"]) + 100)  # type: ignore[call-overload]
        for value in line.params.values():
            if isinstance(value, Refs):
                out |= set(value)
            elif isinstance(value, Ref):
                out.add(int(value))
            else:
                out |= named(value)
    return out


def play(method: str, layout: Layout, n: int, rounds: int, seed: str,
         ) -> list[tuple[Draw, Counter[int]]]:
    """``rounds`` rounds of ``method`` for ``n`` entrants with made-up scores; each draw with
    the sitting-out counts before it."""
    rng = random.Random(seed)
    ids = list(range(101, 101 + n))
    score = dict.fromkeys(ids, Fraction(0))
    history: list[tuple[PastTable, ...]] = []
    counts: Counter[int] = Counter()
    out = []
    for r in range(1, rounds + 1):
        order = sorted(ids, key=lambda e: (-score[e], e))
        comps = tuple(Competitor(e, e - 100, score[e]) for e in order)
        req = DrawRequest(r, comps, layout, f"{seed}-{r}", tuple(history),
                          frozenset(counts), bye_counts=dict(counts))
        draw = METHODS[method](req)
        out.append((draw, Counter(counts)))
        tables = []
        for t in draw.tables:
            sides = sorted({s for _, s in t.seats}, key=lambda s: s or 0)
            tables.append(PastTable(tuple(tuple(e for e, s in t.seats if s == side)
                                          for side in sides)))
            for e, _ in t.seats:
                score[e] += rng.choice((0, 1, 1, 2))
        history.append(tuple(tables))
        for e, _ in draw.byes:
            counts[e] += 1
            score[e] += 1
    return out


def check_fair(draws: list[tuple[Draw, Counter[int]]], n: int) -> None:
    for r, (draw, before) in enumerate(draws, 1):
        left = [e for e, _ in draw.byes]
        assert len(left) == len(set(left))
        ids = range(101, 101 + n)
        seated = {e for t in draw.tables for e, _ in t.seats}
        assert seated | set(left) == set(ids) and not seated & set(left)
        if not left:
            continue
        worst = max(before[e] for e in left)
        fewer = [e for e in ids if e not in left and before[e] < worst]
        assert not fewer, (f"round {r}: {left} sit out (up to {worst} times before) while "
                           f"{fewer} sat out fewer times")
        assert any(set(left) <= named(line) for line in draw.explanation), draw.explanation
    after = draws[-1][1] + Counter(e for e, _ in draws[-1][0].byes)
    totals = [after[e] for e in range(101, 101 + n)]
    assert max(totals) - min(totals) <= 1


@pytest.mark.parametrize(("method", "layout"), CASES,
                         ids=[f"{m}-{lay.per_side}" for m, lay in CASES])
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(4, 40), seed=st.text("abcdef0123456789", min_size=1, max_size=6))
def test_nobody_sits_out_again_while_another_has_sat_out_fewer(method, layout, n, seed):
    if method.startswith("round_robin") and n > 24:
        n = 4 + n % 21  # round robins go up to 24 (pairing.roundrobin.MAX_PLAYERS)
    if method in SLOW and layout.per_side == 2 and n > 24:
        n = 21 + n % 4  # large single-player fields: the same rule, less search time
    rounds = min(ROUNDS, n - 1) if method.startswith("round_robin") else ROUNDS
    try:
        draws = play(method, layout, n, rounds, seed)
    except DrawError:
        assert n < layout.seats * 2 or method == "fixed_rotation"
        return
    check_fair(draws, n)


@pytest.mark.parametrize("n", range(4, 41))
def test_random_tables_and_score_swiss_over_every_field_size(n):
    """Every field size 4..40, the quick methods, one seed each."""
    for method, layout in (("random_tables", ONE), ("random_tables", TWO),
                           ("swiss_score", ONE), ("score_order", ONE), ("rotation", ONE)):
        check_fair(play(method, layout, n, ROUNDS, f"size{n}"), n)


def test_the_pussi_evening_of_six_rotates_the_sitters_out():
    """The reported evening: 6 players, partners new each series, 3 series."""
    draws = play("pussi_partners", TWO, 6, 3, "evening")
    sat = [sorted(e for e, _ in d.byes) for d, _ in draws]
    assert sorted(e for pair in sat for e in pair) == list(range(101, 107)), sat
    last, _before = draws[-1]
    assert any("drawn among those without an earlier zero" in line
               for line in last.explanation)


def test_the_explanation_says_when_someone_sits_out_again():
    """Five pairs of fixed partners, six rounds: the sixth round's bye is a second one, and
    the explanation says everybody else has sat out as often."""
    draws = play("rotation", ONE, 5, 6, "again")
    draw, before = draws[-1]
    (e, _), = draw.byes
    assert before[e] == 1 and min(before[x] for x in range(101, 106)) == 1
    assert any("everybody else has sat out at least 1 time(s)" in line
               for line in draw.explanation), draw.explanation


def test_a_request_with_only_past_byes_counts_one_each():
    req = DrawRequest(2, (Competitor(1, 1), Competitor(2, 2), Competitor(3, 3)), ONE, "s",
                      past_byes=frozenset({3}))
    assert [req.byes_had(e) for e in (1, 2, 3)] == [0, 0, 1]
    draw = METHODS["score_order"](req)
    assert draw.byes == ((2, "bye"),)
