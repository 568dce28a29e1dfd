"""Accessibility (WCAG 2.1 A and AA) of every audience's pages, in a real browser.

axe-core (the current release, vendored in ``tests/browser/vendor/axe.min.js``: the
4.12 bundled with ``axe-playwright-python`` does not run every rule; injected by
Playwright) checks the pages of spectators, projector, captains, desk and director, at
1920×1080 and 390×844, in German and in English, and the walk fails on any violation
axe rates serious or critical. A keyboard walk then checks that every stop on a captain's
sheet of each discipline shows a visible focus (the focused element's picture differs from
its unfocused one), that a wrong Bobbl sent by keyboard is announced with its field
(``aria-invalid`` and ``aria-describedby`` pointing at the reason), and that the desk signs
up a pair keyboard-only.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tournaments.models import Tournament
from tournaments.services import Actor, hall_links

from .evening import PHONE, login
from .test_csp import PASSWORD, demo, open_token

pytestmark = pytest.mark.django_db(transaction=True)
AXE = Path(__file__).parent / "vendor" / "axe.min.js"  # axe-core 4.14.1 (vendor/README.md)

WCAG = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
        "resultTypes": ["violations"]}
SIZES = {"desktop": {"viewport": {"width": 1920, "height": 1080}}, "phone": PHONE}
# make test walks every page on a phone in German, and one tournament's pages on a desktop
# in English; make test-a11y (A11Y_ALL=1) walks every page in all four size × language
# combinations (about 10 minutes on two busy cores).
ALL = os.environ.get("A11Y_ALL") == "1"
RUNS = ([(size, lang, False) for size in SIZES for lang in ("de", "en")] if ALL
        else [("phone", "de", False), ("desktop", "en", True)])
DISCIPLINES = ("mucken", "pussi", "boardgame", "chess", "tabletop", "schafkopf")


def pages(ts: dict[str, Tournament], sample: bool = False) -> dict[str, list[str]]:
    """The paths each audience opens (anonymous, desk login, director login); ``sample``:
    the Mucken tournament's only."""
    public = ["/t/", "/accounts/login/"]
    disciplines = ("mucken",) if sample else DISCIPLINES
    for key in disciplines:
        slug = ts[key].slug
        public += [f"/t/{slug}/", f"/t/{slug}/rounds/1/", f"/t/{slug}/statistics/",
                   f"/t/{slug}/projector/", f"/c/{open_token(ts[key])}/"]
    if not sample:
        # the pages that wait for news: a personal link and a table card (issue 31 #25)
        mucken = ts["mucken"]
        card = hall_links.make_table_codes(mucken, Actor(None, "test"), 40)[-1]
        public += [f"/e/{mucken.entrants.order_by('start_number')[0].link_code}/",
                   f"/tc/{card.code}/"]
        public += [f"/t/{ts['chess'].slug}/progress-table/",
                   f"/t/{ts['round_robin'].slug}/cross-table/",
                   f"/t/{ts['prereg'].slug}/prereg/"]
    desk = ["/desk/"] + [f"/desk/{ts[key].slug}/" for key in disciplines]
    desk += [f"/desk/{ts[key].slug}/entrants/1/edit/" for key in disciplines]
    director = ["/director/", "/director/rating-lists/"]
    for key in disciplines:
        slug = ts[key].slug
        director += [f"/director/{slug}/{p}" for p in ("", "settings/", "log/", "rounds/1/",
                                                        "what-if/", "reports/", "board/",
                                                        "final/")]
    return {"": public, "anmeldung": desk, "direktor": director}


@pytest.mark.skipif(bool(os.environ.get("DATABASE_URL")),
                    reason="walked by make test: the markup does not depend on the database")
def test_no_serious_violations_on_any_page(browser, live_server, monkeypatch):
    ts = demo(monkeypatch)
    # axe's script comes with every page as an init script (outside the page's CSP).
    script = AXE.read_text()
    found: list[str] = []
    checked = 0
    for size, lang, sample in RUNS:
        for who, paths in pages(ts, sample).items():
            context = browser.new_context(**SIZES[size], locale=lang,
                                          extra_http_headers={"Accept-Language": lang})
            context.add_init_script(script=script)
            page = context.new_page()
            page.clock.install()  # the live blocks do not poll during the check
            if who:
                login(page, live_server.url, who, PASSWORD)
            for path in paths:
                response = page.goto(live_server.url + path)
                assert response is not None and response.status == 200, (path, response)
                assert page.locator("html").get_attribute("lang") == lang, path
                result = page.evaluate("o => axe.run(document, o)", WCAG)
                checked += 1
                for v in result["violations"]:
                    if v["impact"] in ("serious", "critical"):
                        found.append(f"{size} {lang} {path}: {v['id']} ({v['impact']}) at "
                                     f"{[n['target'] for n in v['nodes'][:3]]}")
            context.close()
    assert checked >= (150 if ALL else 60)
    assert not found, "\n".join(found)


def _focus_shows(page, locator) -> bool:
    """Whether ``locator``'s picture changes when it takes the keyboard focus."""
    page.evaluate("document.activeElement && document.activeElement.blur()")
    box = locator.bounding_box()
    assert box is not None
    clip = {"x": max(box["x"] - 6, 0), "y": max(box["y"] - 6, 0),
            "width": box["width"] + 12, "height": box["height"] + 12}
    before = page.screenshot(clip=clip)
    locator.focus()
    page.evaluate("1")  # let the focus ring paint
    after = page.screenshot(clip=clip)
    return before != after


def test_captain_sheets_by_keyboard(browser, live_server, monkeypatch):
    ts = demo(monkeypatch)
    for key in DISCIPLINES:
        page = browser.new_context(**PHONE).new_page()
        page.goto(f"{live_server.url}/c/{open_token(ts[key])}/")
        page.locator("form[data-result-form]").first.wait_for()
        # Tab through the sheet: every stop inside the form shows that it has the focus.
        page.keyboard.press("Tab")
        stops = 0
        for _ in range(40):
            inside = page.evaluate("!!(document.activeElement"
                                   " && document.activeElement.closest('form[data-result-form]'))")
            if inside:
                stops += 1
                handle = page.evaluate_handle("document.activeElement")
                selector = page.evaluate(
                    "el => { el.setAttribute('data-probe', '1'); return '[data-probe]'; }", handle)
                probe = page.locator(selector)
                visible = probe.is_visible() and not page.evaluate(
                    "el => el.matches('input[type=radio]') || el.matches('input[type=checkbox]')",
                    handle)
                if visible:
                    assert _focus_shows(page, probe), f"{key}: no visible focus at stop {stops}"
                    probe.focus()
                page.evaluate("el => el.removeAttribute('data-probe')", handle)
                if stops >= 6:
                    break
            page.keyboard.press("Tab")
        assert stops >= 1, f"{key}: the sheet has no keyboard stop"


def test_a_wrong_bobbl_is_announced_with_its_field(browser, live_server, monkeypatch):
    ts = demo(monkeypatch)
    page = browser.new_context(**PHONE).new_page()
    page.goto(f"{live_server.url}/c/{open_token(ts['mucken'])}/")
    first = page.locator("[data-bobbl] input[data-field=side1]").first
    first.focus()
    page.keyboard.type("21")
    page.keyboard.press("Tab")
    page.keyboard.type("21")  # both parties at 21: no Bobbl ends like that
    page.keyboard.press("Enter")
    summary = page.locator("[data-mucken-summary]")
    summary.wait_for(state="visible")
    assert page.locator("[data-mucken-summary]").get_attribute("role") == "alert"
    focused = page.evaluate_handle("document.activeElement")
    assert page.evaluate("el => el.getAttribute('aria-invalid')", focused) == "true"
    described = page.evaluate("el => el.getAttribute('aria-describedby') || ''", focused)
    assert described, "the wrong field names no description"
    reason = " ".join(page.locator(f"#{i}").inner_text() for i in described.split())
    assert "21" in reason, reason
    assert "Bobbl 1" in summary.inner_text(), summary.inner_text()


def test_the_desk_signs_up_a_pair_by_keyboard(browser, live_server, monkeypatch):
    ts = demo(monkeypatch)
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    login(page, live_server.url, "anmeldung", PASSWORD)
    page.goto(f"{live_server.url}/desk/{ts['mucken'].slug}/")
    names = page.locator("#desk-signup input[type=text][name$=name]")
    assert _focus_shows(page, names.nth(0))
    page.keyboard.type("Zenzi Tast")
    for _ in range(12):  # on through club and rating to the partner's name
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.searchSlot === '2'"):
            break
    else:
        raise AssertionError("the partner's name cannot be reached by Tab")
    page.keyboard.type("Xaver Tast")
    page.wait_for_load_state("networkidle")
    page.keyboard.press("Enter")
    page.wait_for_selector("#desk-rows tr:has-text('Zenzi Tast / Xaver Tast')")
