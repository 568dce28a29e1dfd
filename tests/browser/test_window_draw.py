"""Two registration desks at once under the window draw: no seat is ever given twice.

Two desks (two users in two browsers) sign up twelve pairs, pressing Enter at the
same moment, so the server handles the two registrations concurrently. Every pair
gets a seat in the window, no seat twice (the database's constraint stands behind
the tournament lock), the desk shows each pair its seat, and the director cleans
up the draw and starts round 1 from the seats.

Runs on PostgreSQL (``make test-services``): the in-memory SQLite test database
cannot take writes from two server threads at once.
"""

import re

import pytest
from django.db import connection

from tournaments.models import RegistrationSeat, Seat
from tournaments.services import seating

from .desks import mucken_with_desks, register_pairs
from .evening import login

# Two desks writing at once is what a server database is for: this browser test also runs
# in the PostgreSQL tier (make test-services), the others only in make test.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.server_db]


def test_two_desks_register_twelve_pairs_concurrently(browser, live_server, shot):
    if connection.vendor == "sqlite":
        pytest.skip("concurrent writes need a server database: runs in make test-services")
    base = live_server.url
    t, desks = mucken_with_desks(browser, base, "Hofer Volksfest")
    register_pairs(desks, 6, "Desk", together=True)

    seats = list(RegistrationSeat.objects.filter(tournament=t))
    assert len(seats) == 12
    assert len({(s.table, s.side, s.position) for s in seats}) == 12
    # Both desks show every pair's seat (the list refreshes with each sign-up).
    for page in desks:
        page.goto(f"{base}/desk/{t.slug}/")
        assert page.locator("#desk-rows tr").count() == 12
        assert page.locator(".desk-seat").count() == 12
    shot(desks[0], "window-01-desk")

    dpage = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    login(dpage, base, "direktor")
    dpage.goto(f"{base}/director/{t.slug}/seating/")
    shot(dpage, "window-02-seating")
    plan = seating.cleanup_plan(t)
    assert dpage.locator("#cleanup-moves tbody tr").count() == len(plan.moves)
    if plan.needed:
        dpage.click("#cleanup form button[type=submit]")
        dpage.wait_for_selector("#cleanup-done")
    shot(dpage, "window-03-cleaned")
    assert sorted((s.table, s.side) for s in RegistrationSeat.objects.filter(tournament=t)) == [
        (table, side) for table in range(1, 7) for side in (1, 2)]

    dpage.goto(f"{base}/director/{t.slug}/")
    dpage.click(f"form[action='/director/{t.slug}/rounds/draw/'] button[type=submit]")
    dpage.wait_for_url(re.compile(r"/rounds/1/"))
    shot(dpage, "window-04-round1")
    for s in RegistrationSeat.objects.filter(tournament=t):
        seat = Seat.objects.get(round__tournament=t, round__number=1, entrant=s.entrant)
        assert (seat.table.number, seat.side) == (s.table, s.side)
