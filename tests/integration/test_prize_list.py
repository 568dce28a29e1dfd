"""The prize list with money of a tournament (issue 33): kept as a checked prizes/1
document, allocated by scoring.prizes on the standings, shown and printed."""

from __future__ import annotations

import pytest

from tournaments import services
from tournaments.models import ActionLog, Report
from tournaments.services import ServiceError
from tournaments.services import finish as services_finish
from tournaments.services import prize_list as pl
from tournaments.services.reports import render_html

from .test_chess_conventions import finish_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(boss):
    """Four players, two rounds of a Swiss where white always wins."""
    t = services.create_tournament(boss, "Open A", "chess", planned_rounds=2)
    for name, rating in [("Anna", 2100), ("Bert", 1900), ("Cleo", 1750), ("Dirk", 1600)]:
        services.register(t, boss, [{"name": name, "rating": rating, "dwz": rating}],
                          status="present", rating=rating)
    for n in (1, 2):
        services.draw_round(t, boss, seed=f"s{n}")
        finish_round(t, boss, n)
    t.refresh_from_db()
    return t


FUND = {"settings": {"ties": "hort"},
        "categories": {"U1800": {"rating_below": 1800}},
        "prizes": [{"name": "1.", "place": 1, "money": 30000},
                   {"name": "2.", "place": 2, "money": 20000},
                   {"name": "3.", "place": 3, "money": 10000},
                   {"name": "best U1800", "category": "U1800", "place": 1, "money": 5000,
                    "item": "Buch"}]}


def test_bad_list_refused_at_its_place(played, boss):
    with pytest.raises(ServiceError) as exc:
        pl.set_prize_fund(played, boss, {"prizes": [{"name": "x", "place": 0}]})
    assert any(k.startswith("prizes[0]") for k in exc.value.errors)
    with pytest.raises(ServiceError) as exc:
        pl.set_prize_fund(played, boss, {"prizes": [{"name": "x", "place": 1,
                                                     "category": "nope"}]})
    assert "prizes[0]" in exc.value.errors


def test_allocation_follows_standings_and_conserves_money(played, boss):
    played = pl.set_prize_fund(played, boss, FUND)
    assert ActionLog.objects.filter(tournament=played, action="set_prize_fund").count() == 1
    result = pl.prize_list(played)
    assert result is not None and not result.problems
    table = services.standings(played)["standings"]
    ranked = [r["name"] for r in table]
    names = [a.name for a in result.awards]
    assert len(names) == len(set(names)), "nobody gets two prizes"
    assert names == sorted(names, key=ranked.index), "in the order of the standings"
    assert not result.unawarded and result.paid == 30000 + 20000 + 10000 + 5000
    assert {a.prize for a in result.awards} >= {"1.", "2."}


def test_pages_and_pdfs(played, director_client, eager_reports,
                        django_capture_on_commit_callbacks):
    t = played
    url = f"/director/{t.slug}/prize-list/"
    page = director_client.get(url)
    assert page.status_code == 200 and "No prize yet" in page.content.decode()
    data = {"rules-ties": "hort", "rules-one_prize": "on",
            "cat-TOTAL_FORMS": "1", "cat-INITIAL_FORMS": "0",
            "cat-0-name": "U1800", "cat-0-kind": "rating_below", "cat-0-value": "1800",
            "prize-TOTAL_FORMS": "3", "prize-INITIAL_FORMS": "0",
            "prize-0-place": "1", "prize-0-money": "300",
            "prize-1-place": "2", "prize-1-money": "200",
            "prize-2-category": "U1800", "prize-2-place": "1", "prize-2-money": "50",
            "prize-2-item": "Buch"}
    r = director_client.post(url, data)
    assert r.status_code == 302, r.content.decode()[:3000]
    t.refresh_from_db()
    assert t.prize_fund["prizes"][0] == {"name": "Place 1", "place": 1, "money": 30000}
    page = director_client.get(url).content.decode()
    assert "550.00" in page  # paid in total
    bad = {**data, "prize-1-money": "500"}  # 2nd worth more than 1st
    r = director_client.post(url, bad)
    assert r.status_code == 400 and "worth more" in r.content.decode()
    for kind in ("prize_list", "cash_sheet"):
        with django_capture_on_commit_callbacks(execute=True):
            r = director_client.post(f"/director/{t.slug}/reports/", {"kind": kind})
        assert r.status_code in (200, 302)
        report = Report.objects.filter(tournament=t, kind=kind).latest("created")
        assert report.status == Report.Status.DONE, report.error
        html = render_html(report)
        assert "Anna" in html and ("Received (signature)" in html) == (kind == "cash_sheet")
    final = director_client.get(f"/director/{t.slug}/final/").content.decode()
    assert "prize-money" in final and "550.00" in final


def test_projector_shows_the_prizes_once_finished(played, boss, client):
    t = pl.set_prize_fund(played, boss, FUND)
    assert "pj-prizes" not in client.get(f"/t/{t.slug}/projector/").content.decode()
    services_finish.finish_tournament(t, boss)
    page = client.get(f"/t/{t.slug}/projector/").content.decode()
    assert "pj-prizes" in page and "650.00" in page
