"""A whole Mucken evening in browsers: 12 pairs, 3 rounds, from the desks to the PDF.

Two desks register twelve pairs under the window draw (at the same moment on a server
database; one after the other on the in-memory SQLite of ``make test``), the director
cleans up the draw, draws and publishes each round, the table captains enter their
Bobbl on 390 px phones, the director closes the rounds, the spectators' standings
show the evening's result, and the standings PDF comes out of the report task.
"""

from collections import Counter

import pytest
from django.db import connection

from tournaments import services
from tournaments.models import Report, Result
from tournaments.services import seating

from .desks import mucken_with_desks, register_pairs
from .evening import PHONE, draw_and_publish, login

pytestmark = pytest.mark.django_db(transaction=True)


def bobbl_for(table_number: int, round_number: int) -> list[tuple[int, int]]:
    """Different results per table and round, so the standings are not all tied."""
    k = (table_number * 7 + round_number * 3) % 5
    return [(21, 4 + k), (9 + k, 21)] if k % 2 else [(21, 10 + k), (21, 3 + k)]


def test_a_mucken_evening_of_twelve_pairs(browser, live_server, shot):
    concurrent = connection.vendor != "sqlite"
    base = live_server.url
    t, desks = mucken_with_desks(browser, base, "Muckturnier Leupoldsgrün")
    register_pairs(desks, 6, "Tisch", together=concurrent)
    seats = [(s.table, s.side) for s in t.registration_seats.all()]
    assert len(seats) == 12 and len(set(seats)) == 12
    shot(desks[1], "mucken-01-desk")

    # The director: cleanup, then round after round.
    dpage = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    login(dpage, base, "direktor")
    dpage.goto(f"{base}/director/{t.slug}/seating/")
    if seating.cleanup_plan(t).needed:
        dpage.click("#cleanup form button[type=submit]")
    dpage.wait_for_selector("#cleanup-done")
    shot(dpage, "mucken-02-cleaned")

    opponents: Counter = Counter()
    for n in (1, 2, 3):
        draw_and_publish(dpage, base, t.slug, n)
        rnd = t.rounds.get(number=n)
        assert rnd.draw_method == ("registration" if n == 1 else "rotation")
        for table in rnd.tables.prefetch_related("seats"):
            pair = frozenset(s.entrant_id for s in table.seats.all())
            opponents[pair] += 1
            phone = browser.new_context(**PHONE).new_page()
            phone.goto(f"{base}/c/{table.token}/")
            for k, (p1, p2) in enumerate(bobbl_for(table.number, n)):
                phone.fill(f"input[name='bobbl[{k}].side1']", str(p1))
                phone.fill(f"input[name='bobbl[{k}].side2']", str(p2))
            with phone.expect_navigation():  # sent by fetch, then the answer page
                phone.click("#result-form button[type=submit]")
            if n == 1 and table.number == 1:
                shot(phone, "mucken-03-captain")
                assert phone.evaluate(
                    "document.documentElement.scrollWidth <= window.innerWidth")
            phone.context.close()
        assert Result.objects.filter(table__round=rnd).count() == 6
        dpage.goto(f"{base}/director/{t.slug}/rounds/{n}/")
        dpage.click(f"form[action='/director/{t.slug}/rounds/{n}/close/'] button")
        dpage.wait_for_load_state()
        assert t.rounds.get(number=n).status == "closed"
    assert max(opponents.values()) == 1  # rotation: nobody met twice

    # The spectators' standings: twelve pairs ranked by Bobbl, Tore, Gegentore.
    spectator = browser.new_context(**PHONE).new_page()
    spectator.goto(f"{base}/t/{t.slug}/")
    spectator.wait_for_selector("#standings tbody tr")
    assert spectator.locator("#standings tbody tr").count() == 12
    leader = services.standings(t)["standings"][0]
    first_name = t.entrants.get(start_number=leader["entrant"]).name
    assert first_name in spectator.locator("#standings tbody tr").first.inner_text()
    shot(spectator, "mucken-04-standings")

    # The standings PDF from the report task.
    dpage.goto(f"{base}/director/{t.slug}/reports/")
    dpage.click("form.report-order:has(input[name=kind][value=standings]) button[type=submit]")
    dpage.wait_for_selector("a:has-text('PDF')", timeout=30000)
    report = Report.objects.filter(tournament=t, kind="standings").latest("id")
    assert report.status == "done"
    with dpage.expect_download() as download:
        dpage.click("a:has-text('PDF')")
    assert download.value.path().read_bytes().startswith(b"%PDF")
    shot(dpage, "mucken-05-reports")
