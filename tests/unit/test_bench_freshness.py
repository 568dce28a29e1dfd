"""The hall bench's freshness count (bench/proxy.py), which docs/load.md's figures rest on."""

from __future__ import annotations

from bench.proxy import freshness

# Phone A polls from 0 s, phone B only from 1.5 s, both every 5 s.
A = [(0.0, 1), (5.0, 2), (10.0, 2), (15.0, 2), (20.0, 2)]
B = [(1.5, 2), (6.5, 2), (11.5, 2), (16.5, 2), (21.5, 2)]


def test_a_change_counts_for_the_phones_that_polled_before_it():
    f = freshness([A, B], [(1.0, 2)], until=11, bound=7)
    assert f["pairs"] == 1 and f["max"] == 4.0 and f["within"] == 100


def test_a_change_is_first_served_to_whichever_phone_asks_first_even_one_that_began_after_it():
    """A phone that began polling after the change does not count as a pair, but it shows
    when the change was served: 0.5 s, not the 4 s until phone A's next poll."""
    assert freshness([A, B], [(1.0, 2)], until=11, bound=7)["shown_max"] == 0.5


def test_a_pair_later_than_the_bound_says_why():
    late = [(0.0, 1), (5.0, 1), (10.0, 2), (15.0, 2), (20.0, 2)]  # a stale copy at 5 s
    f = freshness([late, B], [(1.0, 2)], until=11, bound=7)
    assert f["within"] == 0 and f["late_reasons"] == {
        "a stale copy after another phone had it": 1}
