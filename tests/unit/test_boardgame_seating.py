"""Board-game seating (seed 003) with ``standings_tables`` and ``random_tables``.

Tables of 4, at most three tables of 3 and those last; round 1 random by the seed, later
rounds by standings (places 1-4 at table 1 …); fields that cannot be seated are refused.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.base import Competitor, Draw, DrawError, DrawRequest, Layout, PastTable
from pairing.simple import random_tables, standings_tables, table_sizes

BOARD = Layout(sides=0, table_size=4, max_short=3, bye_kind="zero")
UNSEATABLE = [1, 2, 5]  # the only fields up to 40 (and beyond) that cannot be seated


def field(n: int, ids: list[int] | None = None) -> tuple[Competitor, ...]:
    """``n`` players in standings order, with ids that are not places or start numbers."""
    ids = ids or [1000 - 13 * k for k in range(n)]
    return tuple(Competitor(id=e, start_number=k + 1) for k, e in enumerate(ids))


def request(n: int, round_number: int = 2, seed: str = "s",
            ids: list[int] | None = None) -> DrawRequest:
    comps = field(n, ids)
    earlier = (PastTable((tuple(c.id for c in comps[:3]),)),)  # not read by these methods
    return DrawRequest(round_number, comps, BOARD, seed, (earlier,) * (round_number - 1))


def groups(draw: Draw) -> list[list[int]]:
    return [[e for e, _ in t.seats] for t in draw.tables]


def check_tables(req: DrawRequest, draw: Draw) -> None:
    """Everybody once, no sides, no byes, tables of 4 then at most three tables of 3."""
    seated = [e for g in groups(draw) for e in g]
    assert sorted(seated) == sorted(c.id for c in req.competitors)
    assert len(seated) == len(set(seated))
    assert draw.byes == ()
    assert all(side is None for t in draw.tables for _, side in t.seats)
    sizes = [len(g) for g in groups(draw)]
    assert sizes == sorted(sizes, reverse=True)
    assert set(sizes) <= {3, 4}
    assert sizes.count(3) == (-len(seated)) % 4 <= 3  # the fewest tables of 3 possible


# --- which fields can be seated ----------------------------------------------------------------

def test_unseatable_fields_up_to_40() -> None:
    refused = []
    for n in range(1, 41):
        try:
            table_sizes(n, BOARD)
        except DrawError:
            refused.append(n)
    assert refused == UNSEATABLE


@pytest.mark.parametrize("n", UNSEATABLE)
@pytest.mark.parametrize("method", [standings_tables, random_tables])
@pytest.mark.parametrize("round_number", [1, 2])
def test_unseatable_fields_are_refused_clearly(n: int, method: Callable[[DrawRequest], Draw],
                                               round_number: int) -> None:
    with pytest.raises(DrawError, match=rf"^{n} entrants? cannot be seated at tables of 4 with at "
                                        r"most 3 tables of 3$"):
        method(request(n, round_number))


@pytest.mark.parametrize(("n", "sizes"), [
    (3, [3]), (4, [4]), (6, [3, 3]), (7, [4, 3]), (8, [4, 4]), (9, [3, 3, 3]),
    (10, [4, 3, 3]), (11, [4, 4, 3]), (12, [4, 4, 4]), (13, [4, 3, 3, 3]),
    (17, [4, 4, 3, 3, 3]), (41, [4] * 8 + [3] * 3),
])
def test_table_sizes_from_the_seed(n: int, sizes: list[int]) -> None:
    assert table_sizes(n, BOARD) == sizes


# --- round 1 and later rounds ------------------------------------------------------------------

def test_round_one_is_the_seeded_shuffle() -> None:
    req = request(14, round_number=1, seed="abc")
    draw = standings_tables(req)
    ids = [c.id for c in req.competitors]
    random.Random("abc").shuffle(ids)
    assert groups(draw) == [ids[0:4], ids[4:8], ids[8:11], ids[11:14]]
    assert draw == standings_tables(req) == random_tables(req)  # deterministic per seed
    assert "seed abc" in draw.explanation[0]


def test_round_one_depends_on_the_seed() -> None:
    draws = {tuple(map(tuple, groups(standings_tables(request(16, 1, str(s)))))) for s in range(5)}
    assert len(draws) == 5


@pytest.mark.parametrize("n", [3, 4, 6, 7, 9, 10, 11, 13, 20, 23])
def test_later_rounds_by_standings(n: int) -> None:
    req = request(n, round_number=3)
    draw = standings_tables(req)
    ids = [c.id for c in req.competitors]
    expected, start = [], 0
    for size in table_sizes(n, BOARD):
        expected.append(ids[start:start + size])
        start += size
    assert groups(draw) == expected
    assert draw.explanation == ("tables by standings",)


def test_seed_example_thirteen_players() -> None:
    """Places 1-4 at table 1; the three tables of 3 take places 5-7, 8-10, 11-13."""
    req = request(13, round_number=2)
    places = {c.id: c.start_number for c in req.competitors}
    assert [[places[e] for e in g] for g in groups(standings_tables(req))] == [
        [1, 2, 3, 4], [5, 6, 7], [8, 9, 10], [11, 12, 13]]


def test_random_tables_stay_random_in_later_rounds() -> None:
    req = request(12, round_number=2, seed="r2")
    ids = [c.id for c in req.competitors]
    random.Random("r2").shuffle(ids)
    assert groups(random_tables(req)) == [ids[0:4], ids[4:8], ids[8:12]]


# --- properties --------------------------------------------------------------------------------

@settings(max_examples=120, deadline=None)
@given(n=st.integers(6, 200), round_number=st.integers(1, 6), seed=st.text(max_size=8),
       id_seed=st.integers(0, 10**6))
def test_every_field_from_six_is_seated(n: int, round_number: int, seed: str,
                                        id_seed: int) -> None:
    ids = random.Random(id_seed).sample(range(1, 10**6), n)
    req = request(n, round_number, seed, ids)
    for method in (standings_tables, random_tables):
        draw = method(req)
        check_tables(req, draw)
        assert method(req) == draw  # deterministic
    draw = standings_tables(req)
    if round_number > 1:
        assert [e for g in groups(draw) for e in g] == ids  # places in order, table by table
    else:
        assert draw == random_tables(req)
