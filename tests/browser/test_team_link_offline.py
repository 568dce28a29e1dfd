"""A team captain's own match link (``/c/<token>/?team=<mark>``) on bad hall Wi-Fi: the
first team's captain reports online; the other team's captain reports while his phone is
offline, closes the page, opens it again (still offline: the service worker's copy, with
the report waiting and his team's mark in it), and when the phone is back the report goes
out as his team's: the two teams agree, the match is confirmed, each report counted as its
team's (docs/captain-offline.md, docs/teams.md)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tournaments import services
from tournaments.models import Result, ResultRevision
from tournaments.services import Actor, reporters
from tournaments.services import teams as team_services

from .evening import PHONE
from .test_captain_offline import controlled

pytestmark = pytest.mark.django_db(transaction=True)
BOARDS = ["1-0", "1/2-1/2", "0-1", "1-0"]


def _match():
    director = get_user_model().objects.create_user("direktor", password="turnier-2026")
    boss = Actor(director, "direktor")
    t = services.create_tournament(boss, "Mannschaftskampf offline", "teamchess", "team",
                                   pairing="round_robin")
    for name in ("SK Nord", "SV Süd"):
        services.register(t, boss, [{"name": name}])
    for e in t.entrants.all():
        for k in range(4):
            team_services.add_member(t, boss, e.pk, f"{e.name} Brett {k + 1}", 2000 - 20 * k)
    services.draw_round(t, boss, seed="s")
    return services.publish_round(t, boss, 1).tables.get()


def _fill(page) -> None:
    for k, value in enumerate(BOARDS, start=1):
        page.check(f"#result-form input[name=board_{k}][value='{value}']", force=True)


def test_a_team_link_goes_offline_and_comes_back(browser, live_server, shot):
    match = _match()
    first, second = (match.seats.get(side=s).entrant for s in (1, 2))
    base = live_server.url
    errors: list[str] = []

    home = browser.new_context(**PHONE, locale="de-DE")
    page = home.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base}/c/{match.token}/?team={reporters.team_mark(match.pk, 1)}")
    _fill(page)
    with page.expect_navigation():
        page.click("#result-form button[type=submit]")
    assert Result.objects.get(table=match).status == Result.Status.SUBMITTED

    guest = browser.new_context(**PHONE, locale="de-DE")
    url = f"{base}/c/{match.token}/?team={reporters.team_mark(match.pk, 2)}"
    phone = guest.new_page()
    phone.on("pageerror", lambda e: errors.append(str(e)))
    phone.goto(url)
    controlled(phone)
    guest.set_offline(True)
    _fill(phone)
    phone.click("#result-form button[type=submit]")
    phone.wait_for_selector("[data-pending]:not([hidden])")
    assert phone.input_value("#result-form input[name=team]") == reporters.team_mark(match.pk, 2)
    shot(phone, "team-link-offline-pending")
    assert ResultRevision.objects.filter(table=match).count() == 1  # nothing sent yet
    phone.close()

    again = guest.new_page()  # opened again from the home screen, still without network
    again.on("pageerror", lambda e: errors.append(str(e)))
    again.goto(url)
    again.wait_for_selector("[data-pending]:not([hidden])")
    shot(again, "team-link-offline-reopened")
    guest.set_offline(False)
    again.wait_for_selector("[data-sent]", timeout=20000)
    shot(again, "team-link-offline-sent")

    result = Result.objects.get(table=match)
    assert result.status == Result.Status.CONFIRMED and result.payload == {"boards": BOARDS}
    reporters_seen = list(ResultRevision.objects.filter(table=match).order_by("pk")
                          .values_list("reporter", flat=True))
    assert reporters_seen == [reporters.party_reporter(first.pk),
                              reporters.party_reporter(second.pk)]
    assert errors == []
