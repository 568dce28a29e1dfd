"""The seeds' rules that docs/seeds-audit.md listed as missing (P9, P39, C28, B2).

Each test is named after the rule it checks (``seed`` in the name, as the audit's tests).
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.unit.test_pussi_result_sheet_marks import evening
from tournaments import services
from tournaments.services import Actor

pytestmark = pytest.mark.django_db


def _pages(client, t, lang: str) -> list[str]:
    return [client.get(reverse(name, args=[t.slug]), HTTP_ACCEPT_LANGUAGE=lang
                       ).content.decode() for name in ("director:tournament",
                                                       "director:settings")]


def test_seed_pussi_fewer_than_three_series_is_a_hint_not_a_refusal(client, director,
                                                                    make_tournament):
    # P9: the workbook advises at least 3 series so strong and weak partners even out.
    actor = Actor(director, director.username)
    t = make_tournament("pussi", "single", entrants=8)
    client.force_login(director)
    assert t.planned_rounds == 3
    assert all('id="planning-hint"' not in page for page in _pages(client, t, "en"))
    services.update_tournament(t, actor, planned_rounds=2)  # allowed: only a hint
    t.refresh_from_db()
    for page in _pages(client, t, "en"):
        assert 'id="planning-hint"' in page
        assert "Only 2 series are planned. At least 3 series are advised" in page
    for page in _pages(client, t, "de"):
        assert "Nur 2 Serien sind geplant. Mindestens 3 Serien sind empfohlen" in page
    services.draw_round(t, actor, seed="zwei")  # the draw is not refused either
    services.update_tournament(t, actor, planned_rounds=1)
    t.refresh_from_db()
    assert "Only 1 series is planned." in _pages(client, t, "en")[0]
    # Another discipline with few rounds gets no such hint.
    chess = make_tournament("chess", "single", entrants=4, planned_rounds=2)
    assert all('id="planning-hint"' not in page for page in _pages(client, chess, "en"))


def test_seed_pussi_counts_per_series_on_the_result_sheet(client, director):
    # P39: per series, each player's own and opponents' games won and lost and Schwarz.
    t = services.import_document(evening(), Actor(director, director.username))
    client.force_login(director)
    for lang, heading in (("en", "Games per series and player"),
                          ("de", "Spiele je Serie und Spieler")):
        page = client.get(reverse("director:statistics", args=[t.slug]),
                          HTTP_ACCEPT_LANGUAGE=lang).content.decode()
        assert heading in page
        sheet = page[page.index('id="ps-per-series"'):]
        series = t.rounds.count()
        assert sheet.count('class="grid ps-series-counts"') == series
        first = sheet[sheet.index('data-series="1"'):sheet.index("</table>")]
        assert first.count("data-entrant=") == 4 * t.rounds.get(number=1).tables.count()
