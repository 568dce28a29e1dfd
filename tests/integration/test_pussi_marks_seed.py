"""Pussi's result sheet marks as the seed does, everywhere (issue 24).

The statistics marked a weighted value as "near the best" (▲/▼) although the seed judges
points, difference, totals and series results by their fixed limits alone (±1000, ±200);
the Schwarz columns split by whose game it was showed no marks; the what-if page showed
none of the seed's limits.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring import parse
from scoring.pussi_stats import pussi_stats
from tests.unit.test_pussi_result_sheet_marks import evening, losing_evening
from tournaments import services
from tournaments.services import Actor

pytestmark = pytest.mark.django_db

WEIGHTED = ("points", "difference", "total")


def test_weighted_values_inside_the_limits_carry_no_best_or_worst_mark():
    stats = pussi_stats(parse(evening()), seed=True)
    for row in stats.players:
        for cell in row.cells:
            if cell.key in WEIGHTED:
                assert cell.mark == "", (row.entrant, cell)
        assert all(c.mark == "" for c in row.series)
    plain = pussi_stats(parse(evening()))  # without the seed: the extremes, as before
    assert any(c.mark for row in plain.players for c in row.cells if c.key == "total")


def test_the_page_marks_the_schwarz_split_and_the_what_if_page_the_limits(client, director):
    doc = losing_evening()  # party 2 of table 2 is played Schwarz twice in its own games
    t = services.import_document(doc, Actor(director, director.username))
    client.force_login(director)
    page = client.get(reverse("director:statistics", args=[t.slug]),
                      HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "css/pussi-stats.css" in page  # the sheet's styles come with it (were missing)
    sheet = page[page.index("data-pussi-stats"):]
    assert sheet.count('class="ps-in ps-worst"') >= 2  # players 7 and 8: own Schwarz lost
    assert 'class="ps-in ps-best"' in sheet
    what_if = client.get(reverse("director:what_if", args=[t.slug]),
                         HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'class="num wi-high"' in what_if  # players 1 and 2: total 1300
