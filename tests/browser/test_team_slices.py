"""The second slice of issue 34 in a browser, German, at 1920×1080 and 390×844: the desk's
teams page of a Skat tournament (side teams), the tabletop standings with the team
ranking, the director's line-ups page with the deadline, and a team captain's own match
link. Each page: axe finds nothing serious or critical, no sideways scroll on the phone;
screens in tests/artifacts/teams2/."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone

from tournaments import services
from tournaments.services import Actor, reporters, side_teams
from tournaments.services import teams as team_services

from .evening import PASSWORD, login, staff

pytestmark = pytest.mark.django_db(transaction=True)
axe_sync = pytest.importorskip("axe_playwright_python.sync_playwright")

SHOTS = Path(__file__).resolve().parents[1] / "artifacts" / "teams2"
WCAG = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
        "resultTypes": ["violations"]}
SIZES = {"wide": {"viewport": {"width": 1920, "height": 1080}},
         "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True,
                   "has_touch": True}}


def _setup():
    from django.contrib.auth import get_user_model

    skat = staff("Preisskat", "skat")
    director = get_user_model().objects.get(username="direktor")
    boss = Actor(director, "direktor")
    for k in range(1, 10):
        services.register(skat, boss, [{"name": f"Spieler {k}"}])
    side_teams.add_team(skat, boss, "Herz Dame", [1, 2, 3, 4], [9])
    side_teams.add_team(skat, boss, "Kreuz Bube", [5, 6, 7, 8])
    tt = services.create_tournament(boss, "Tabletop-Teams", "tabletop")
    for k in range(1, 5):
        services.register(tt, boss, [{"name": f"Feldherr {k}"}], status="present")
    services.draw_round(tt, boss, seed="t")
    rnd = services.publish_round(tt, boss, 1)
    tables = list(rnd.tables.order_by("number"))
    services.director_set_result(tables[0], boss, {"missions": [[30, 2], [15, 5], [8, 1]]})
    services.director_set_result(tables[1], boss, {"missions": [[10, 12], [5, 6], [2, 3]]})
    side_teams.add_team(tt, boss, "Orks", [1, 2])
    side_teams.add_team(tt, boss, "Elfen", [3, 4])
    tc = services.create_tournament(boss, "Mannschaftskampf", "teamchess", "team",
                                    pairing="round_robin")
    services.register(tc, boss, [{"name": "SK Nord"}])
    services.register(tc, boss, [{"name": "SV Süd"}])
    for e in tc.entrants.all():
        for k in range(4):
            team_services.add_member(tc, boss, e.pk, f"{e.name} Brett {k + 1}", 2000 - 20 * k)
    services.draw_round(tc, boss, seed="s")
    match = services.publish_round(tc, boss, 1).tables.get()
    team_services.set_lineup_deadline(tc, boss, 1, timezone.now() + timedelta(hours=2))
    return skat, tt, tc, match


def test_the_slices_pages_in_german_on_both_screens(browser, live_server):
    skat, tt, tc, match = _setup()
    script = (Path(axe_sync.__file__).parent / "axe.min.js").read_text()
    pages = {
        "anmeldung": [("skat-desk-teams", f"/desk/{skat.slug}/teams/")],
        "direktor": [("teamchess-lineups-deadline", f"/director/{tc.slug}/rounds/1/lineups/")],
        "": [("tabletop-team-ranking", f"/t/{tt.slug}/"),
             ("skat-team-ranking", f"/t/{skat.slug}/"),
             ("captain-team-link",
              f"/c/{match.token}/?team={reporters.team_mark(match.pk, 1)}")],
    }
    SHOTS.mkdir(parents=True, exist_ok=True)
    found: list[str] = []
    for size, options in SIZES.items():
        for who, paths in pages.items():
            context = browser.new_context(**options, locale="de-DE",
                                          extra_http_headers={"Accept-Language": "de"})
            context.add_init_script(script=script)
            page = context.new_page()
            if who:
                login(page, live_server.url, who, PASSWORD)
            for name, path in paths:
                response = page.goto(live_server.url + path)
                assert response is not None and response.status == 200, path
                page.clock.install()
                result = page.evaluate("o => axe.run(document, o)", WCAG)
                found += [f"{size} {path}: {v['id']} {[n['target'] for n in v['nodes'][:3]]}"
                          for v in result["violations"] if v["impact"] in ("serious",
                                                                           "critical")]
                if size == "phone":
                    assert page.evaluate(
                        "document.documentElement.scrollWidth <= window.innerWidth"), path
                page.screenshot(path=str(SHOTS / f"{name}-{size}.png"), full_page=True)
            context.close()
    assert not found, "\n".join(found)
