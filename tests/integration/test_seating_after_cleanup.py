"""A pair checked in after the cleanup joins the cleaned tables (issue 24).

After the cleanup ("Bereinigung") closed tables 1 to T up, a pair that checked in later
still drew its seat in the window, several tables beyond, so the tables had gaps again.
Now a later check-in takes the first free seat: the next table, filled in order.
"""

import pytest

from tournaments.models import RegistrationSeat
from tournaments.services import seating

from .test_seating import actor, desk, pairs, window_tournament  # noqa: F401 (fixtures)

pytestmark = pytest.mark.django_db


def test_pairs_checked_in_after_the_cleanup_fill_the_next_table_in_order(
        make_tournament, actor, desk):  # noqa: F811
    t = window_tournament(make_tournament, actor, window=5)
    pairs(t, desk, 8)
    seating.apply_cleanup(t, actor)
    late = pairs(t, desk, 4, start=9)
    seats = [RegistrationSeat.objects.get(entrant=e) for e in late]
    assert [(s.table, s.side) for s in seats] == [(5, 1), (5, 2), (6, 1), (6, 2)]
    assert not seating.cleanup_plan(t).needed
