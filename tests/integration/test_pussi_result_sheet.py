"""Issue 18, item 3: the statistics page and its PDF mark the sheet as the seed does."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.unit.test_pussi_result_sheet_marks import evening
from tournaments import services
from tournaments.services import Actor

pytestmark = pytest.mark.django_db


def test_the_result_sheet_page_marks_totals_and_places(client, director):
    t = services.import_document(evening(), Actor(director, director.username))
    client.force_login(director)
    page = client.get(reverse("director:statistics", args=[t.slug]),
                      HTTP_ACCEPT_LANGUAGE="en").content.decode()
    sheet = page[page.index("data-pussi-stats"):]
    # players 1 and 2: points 1000, difference 200, total and series 1300 (4 cells each)
    assert sheet.count('data-level="high"') == 8
    assert sheet.count('data-level="low"') == 2  # players 3 and 4: difference -200
    assert sheet.count('data-level="podium"') == 4  # places 1 and 3, two players each
    assert "points, total, series: 1000 or more" in sheet and "places 1–3" in sheet
