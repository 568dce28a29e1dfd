"""The remainder of issue 34 in a browser: the teams page's rating-list picker (the desk's)
and a late substitute, the matches page with the initial colour drawn by lot, the rating
evaluation of the boards, and the projector paging match by match with every board.

Each page in German and English at 1920×1080 and 390×844: axe finds nothing serious or
critical, no sideways scroll on the phone; screens in tests/artifacts/teams3/."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

from tournaments import services
from tournaments.models import Player, Role
from tournaments.services import Actor
from tournaments.services import teams as team_services

from .evening import PASSWORD, login, staff

pytestmark = pytest.mark.django_db(transaction=True)
axe_sync = pytest.importorskip("axe_playwright_python.sync_playwright")

SHOTS = Path(__file__).resolve().parents[1] / "artifacts" / "teams3"
WCAG = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
        "resultTypes": ["violations"]}
SIZES = {"wide": {"viewport": {"width": 1920, "height": 1080}},
         "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True,
                   "has_touch": True}}
WATCH = """
window.__seen = new Set(); window.__cut = [];
document.addEventListener("projector:page", function (e) {
  if (e.detail.panel !== "pairings") { return; }
  var bottom = document.querySelector(".pj-foot").getBoundingClientRect().top;
  document.querySelectorAll(".pj-panel.current table.pj-matches > tbody > tr").forEach(
    function (row) {
      if (row.offsetParent === null) { return; }
      var box = row.getBoundingClientRect();
      if (box.bottom > bottom + 0.5 || box.top < 0) { window.__cut.push(row.id); return; }
      window.__seen.add(row.id);
    });
});
"""


def _league():
    """Eight teams of four (and a substitute), round 1 of the team Swiss drawn, published and
    half reported; a known player of the director's chess tournament to pick."""
    t = staff("Mannschaftsturnier", "teamchess", "team", pairing="team_swiss")
    director = get_user_model().objects.get(username="direktor")
    boss = Actor(director, "direktor")
    t.public = True
    t.save(update_fields=["public"])
    for k in range(1, 9):
        services.register(t, boss, [{"name": f"SK Mannschaft {k}"}])
    for e in t.entrants.order_by("start_number"):
        for b in range(5):
            member = team_services.add_member(t, boss, e.pk, f"Spielerin {e.start_number}.{b + 1}",
                                              2100 - 30 * e.start_number - 10 * b,
                                              substitute=b == 4)
            Player.objects.filter(pk=member.player_id).update(dwz=1900 - 30 * e.start_number)
    chess = services.create_tournament(boss, "Vereinsmeisterschaft", "chess")
    services.register(chess, boss, [{"name": "Gast Bekannt", "rating": 1750}])
    Player.objects.filter(name="Gast Bekannt").update(dwz=1688)
    return t, boss


def _check(page, path: str, size: str, found: list[str]) -> None:
    page.clock.install()
    result = page.evaluate("o => axe.run(document, o)", WCAG)
    found += [f"{size} {path}: {v['id']} {[n['target'] for n in v['nodes'][:3]]}"
              for v in result["violations"] if v["impact"] in ("serious", "critical")]
    if size == "phone":
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), path


def test_picker_late_substitute_ratings_and_projector(browser, live_server):
    t, boss = _league()
    base = live_server.url
    # the director picks a known person on the teams page with the desk's picker
    context = browser.new_context(**SIZES["wide"], locale="de-DE",
                                  extra_http_headers={"Accept-Language": "de"})
    page = context.new_page()
    login(page, base, "direktor", PASSWORD)
    page.goto(f"{base}/desk/{t.slug}/teams/")
    page.fill("#id_pt8_name", "Gast Bek")
    page.wait_for_selector("#picks-t8 .desk-pick")
    page.click("#picks-t8 .desk-pick")
    assert page.input_value("#id_pt8_elo") == "1750" and page.input_value("#id_pt8_dwz") == "1688"
    page.check("#team-8 input[name=substitute]")  # below the substitute already listed
    page.click("#team-8 form.team-add button[type=submit]")
    page.wait_for_selector("#team-8 li:has-text('Gast Bekannt')")
    known = Player.objects.get(name="Gast Bekannt")
    assert team_services.roster(t.entrants.get(start_number=8))[-1].player_id == known.pk
    context.close()

    services.draw_round(t, boss, seed="liga-1")
    rnd = services.publish_round(t, boss, 1)
    for k, table in enumerate(rnd.tables.order_by("number")):
        if k % 2 == 0:
            services.director_set_result(table, boss,
                                         {"boards": ["1-0", "1/2-1/2", "0-1", "1/2-1/2"]})
    desk = get_user_model().objects.get(username="anmeldung")
    assert Role.objects.filter(user=desk, tournament=t).exists()

    script = (Path(axe_sync.__file__).parent / "axe.min.js").read_text()
    pages = {
        "anmeldung": [("desk-teams-late", f"/desk/{t.slug}/teams/")],
        "direktor": [("team-ratings", f"/director/{t.slug}/reports/team-ratings/"),
                     ("settings-initial-colour", f"/director/{t.slug}/settings/"),
                     ("round-1-explanation", f"/director/{t.slug}/rounds/1/")],
        "": [("matches-initial-colour", f"/t/{t.slug}/matches/")],
    }
    SHOTS.mkdir(parents=True, exist_ok=True)
    found: list[str] = []
    for lang, locale in (("de", "de-DE"), ("en", "en-GB")):
        for size, options in SIZES.items():
            for who, paths in pages.items():
                context = browser.new_context(**options, locale=locale,
                                              extra_http_headers={"Accept-Language": lang})
                context.add_init_script(script=script)
                page = context.new_page()
                if who:
                    login(page, base, who, PASSWORD)
                for name, path in paths:
                    response = page.goto(base + path)
                    assert response is not None and response.status == 200, path
                    _check(page, path, size, found)
                    page.screenshot(path=str(SHOTS / f"{name}-{lang}-{size}.png"),
                                    full_page=True)
                context.close()
    assert not found, "\n".join(found)

    # the desk adds a late substitute in the browser
    context = browser.new_context(**SIZES["phone"], locale="de-DE",
                                  extra_http_headers={"Accept-Language": "de"})
    page = context.new_page()
    login(page, base, "anmeldung", PASSWORD)
    page.goto(f"{base}/desk/{t.slug}/teams/")
    page.fill("#id_pt3_name", "Nachzüglerin")
    page.fill("#id_pt3_dwz", "1500")
    page.click("#team-3 form.team-add button[type=submit]")
    page.wait_for_selector("#team-3 li:has-text('Nachzüglerin')")
    members = team_services.roster(t.entrants.get(start_number=3))
    assert (members[-1].player.name, members[-1].substitute, members[-1].position) == (
        "Nachzüglerin", True, 6)
    context.close()

    # the projector pages the round match by match, every match with its four boards
    for lang in ("de", "en"):
        context = browser.new_context(viewport={"width": 1280, "height": 600}, locale=lang,
                                      extra_http_headers={"Accept-Language": lang})
        page = context.new_page()
        page.add_init_script(WATCH)
        page.goto(f"{base}/t/{t.slug}/projector/?seconds=1&show=pairings")
        page.wait_for_function(
            "() => Number(document.getElementById('projector').dataset.cycle) >= 2",
            timeout=120_000)
        seen = set(page.evaluate("Array.from(window.__seen)"))
        assert seen == {f"pj-match-{n}" for n in range(1, 5)}, seen
        assert page.evaluate("window.__cut") == []
        pages = page.evaluate("document.getElementById('pj-page').textContent")
        assert pages, "the footer names the page"
        page.evaluate("document.querySelectorAll('.pj-off')"
                      ".forEach(r => r.classList.remove('pj-off'))")
        page.screenshot(path=str(SHOTS / f"projector-{lang}-1280.png"))
        context.close()
    for lang in ("de", "en"):
        for size, options in (("wide", SIZES["wide"]["viewport"]),
                              ("phone", SIZES["phone"]["viewport"])):
            context = browser.new_context(viewport=options, locale=lang,
                                          extra_http_headers={"Accept-Language": lang})
            page = context.new_page()
            page.goto(f"{base}/t/{t.slug}/projector/?seconds=600&show=pairings")
            page.wait_for_selector(".pj-panel.current")
            page.screenshot(path=str(SHOTS / f"projector-{lang}-{size}.png"))
            context.close()
