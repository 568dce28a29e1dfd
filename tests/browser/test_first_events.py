"""A volunteer's first events, by links only, from the director's start page (German).

Somebody who read nothing but the README's walk-through runs a chess open with sections
A/B by rating and a prize list with money, and a team tournament, from an empty install to
the final standings. Every page is reached by clicking a link on the page before (never by
typing an address: :func:`Walk.follow` asserts the link is there and leads where it says),
and every page is German by default (the browser asks for German, nobody switched), fits
390 px without scrolling sideways and has no serious WCAG 2.1 AA problem (axe). Forms and
buttons are used as a volunteer uses them. Screenshots: tests/artifacts/first_events/.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission

from tournaments.models import Event, Tournament

from .evening import PASSWORD, SCREEN, Shots, login

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

WCAG = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
        "resultTypes": ["violations"]}
# German words every director page of these paths carries somewhere (the top bar's "Abmelden")
GERMAN = "Abmelden"


class Walk:
    """One volunteer's browser: follows links, and checks each page it lands on."""

    def __init__(self, page, base: str, folder: str) -> None:
        self.page, self.base = page, base
        self.shots = Shots(folder)
        self.problems: list[str] = []
        self.axe = self._axe_script()

    @staticmethod
    def _axe_script() -> str | None:
        try:
            import axe_playwright_python.sync_playwright as axe_sync
        except ImportError:  # pragma: no cover - a dev dependency
            return None
        return (Path(axe_sync.__file__).parent / "axe.min.js").read_text()

    def follow(self, link, name: str) -> None:
        """Click ``link`` (a locator that must be a visible <a href>), land on its page and
        check that page."""
        link = link.first
        assert link.is_visible(), f"{name}: no visible link on {self.page.url}"
        assert link.evaluate("e => e.tagName") == "A", f"{name}: not a link"
        href = link.get_attribute("href")
        assert href and not href.startswith("#"), f"{name}: the link goes nowhere ({href})"
        expected = urlsplit(urljoin(self.page.url, href)).path
        with self.page.expect_navigation():
            link.click()
        assert urlsplit(self.page.url).path == expected, f"{name}: {href} led to {self.page.url}"
        self.check(name)

    def check(self, name: str) -> None:
        """The page answers in German, fits 390 px and passes axe; photographed."""
        page = self.page
        assert page.evaluate("document.documentElement.lang").startswith("de"), \
            f"{name}: {page.url} is not German"
        assert GERMAN in page.locator("body").inner_text(), f"{name}: no German top bar"
        assert "Server Error" not in page.content()
        self.shots(page, name)
        if self.axe:
            page.evaluate(self.axe)
            result = page.evaluate("o => axe.run(document, o)", WCAG)
            self.problems.extend(
                f"{name} {page.url}: {v['id']} at {[n['target'] for n in v['nodes'][:3]]}"
                for v in result["violations"] if v["impact"] in ("serious", "critical"))

    def submit(self, button) -> None:
        with self.page.expect_navigation():
            button.first.click()

    def done(self) -> None:
        assert not self.shots.wide, f"pages scrolling sideways at 390 px: {self.shots.wide}"
        assert not self.problems, "\n".join(self.problems)


@pytest.fixture
def walk(browser, live_server):
    User = get_user_model()
    director = User.objects.create_user("direktor", password=PASSWORD)
    director.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    page = browser.new_context(locale="de-DE", **SCREEN).new_page()
    page.set_default_timeout(15000)
    login(page, live_server.url, "direktor")
    assert page.url.endswith("/director/")  # the director's start page after logging in
    return lambda folder: Walk(page, live_server.url, folder)


def top_bar_director(page):
    return page.locator("header.topbar a[href='/director/']")


def test_an_open_with_sections_a_and_b_to_the_prize_list_by_links(walk):
    w = walk("first_events/open")
    page = w.page
    w.check("start")

    w.follow(page.locator("main a[href='/director/events/']"), "events")
    page.fill("input[name=event-name]", "Herbst-Open")
    w.submit(page.locator("#new-event button[type=submit]"))
    event = Event.objects.get(name="Herbst-Open")
    for label, low, high in (("A", "1800", ""), ("B", "", "1799")):
        page.fill("input[name=new-label]", label)
        page.fill("input[name=new-name]", f"Herbst-Open {label}")
        page.fill("input[name=new-planned_rounds]", "1")
        page.fill("input[name=new-rating_min]", low)
        page.fill("input[name=new-rating_max]", high)
        w.submit(page.locator("#new-section button[type=submit]"))
    w.check("event")

    w.follow(page.locator(f"main a[href='/desk/events/{event.slug}/']"), "event-desk")
    for name, dwz in (("Anna Alt", 2100), ("Bernd Berg", 1900), ("Clara Christ", 1700),
                      ("Dieter Dorn", 1500)):
        page.fill("input[name=s-name]", name)
        page.fill("input[name=s-dwz]", str(dwz))
        w.submit(page.locator("#event-signup button[type=submit]"))
        assert "angemeldet" in page.locator(".messages").inner_text()
    a = Tournament.objects.get(event=event, section_label="A")
    assert sorted(a.entrants.values_list("name", flat=True)) == ["Anna Alt", "Bernd Berg"]

    # back to the event, to the director's start page by the top bar, into section A
    w.follow(page.locator(f"main a[href='/director/events/{event.slug}/']"), "event-again")
    w.follow(top_bar_director(page), "start-again")
    # the start page shows the sections under their event, with a link to the event
    heading = page.locator(f"#event-{event.slug}")
    assert heading.inner_text() == "Veranstaltung: Herbst-Open"
    rows = page.locator("main table tbody tr").all_inner_texts()
    assert rows[0].startswith("Veranstaltung: Herbst-Open")
    assert rows[1].startswith("Gruppe B: Herbst-Open B") and rows[2].startswith("Gruppe A:")
    w.follow(heading.locator("a"), "event-from-start")
    w.follow(top_bar_director(page), "start-again-2")
    w.follow(page.locator(f"main a[href='/director/{a.slug}/']"), "section-a")
    w.follow(page.locator("#event-link a"), "event-from-section")  # the section knows its event
    w.follow(page.locator(f"main a[href='/director/{a.slug}/']"), "section-a-again")

    w.submit(page.get_by_role("button", name="Nächste Runde auslosen"))
    w.check("round-preview")
    w.submit(page.get_by_role("button", name="Veröffentlichen"))
    quick = page.locator("input[name=quick]")
    quick.fill("1 1")
    with page.expect_navigation():
        quick.press("Enter")
    w.submit(page.get_by_role("button", name="Runde abschließen"))
    w.check("round-closed")

    w.follow(page.locator("main a").filter(has_text=re.compile(f"^← {a.name}$")), "section-a-3")
    w.follow(page.locator("#prize-list-link"), "prize-list")
    page.fill("input[name=cat-0-name]", "U2000")
    page.select_option("select[name=cat-0-kind]", "rating_below")
    page.fill("input[name=cat-0-value]", "2000")
    for k, (category, place, money) in enumerate((("", 1, "100"), ("", 2, "60.5"),
                                                   ("U2000", 1, "30"))):
        page.fill(f"input[name=prize-{k}-category]", category)
        page.fill(f"input[name=prize-{k}-place]", str(place))
        page.fill(f"input[name=prize-{k}-money]", money)
    w.submit(page.get_by_role("button", name="Preisliste speichern"))
    allocation = page.locator("#allocation").inner_text()
    # German names and German decimal commas, never the English "Place 1" or "100.00"
    assert "Anna Alt" in allocation and "1. Platz" in allocation and "100,00" in allocation
    # (the U2000 prize finds nobody: both players of A already hold a more valuable prize)
    assert "60,50" in allocation and "160,50" in allocation and "Place" not in allocation
    w.check("prize-list-saved")

    w.follow(page.locator("main a").filter(has_text=re.compile(f"^← {a.name}$")), "section-a-4")
    w.submit(page.get_by_role("button", name="Turnier beenden"))
    assert page.url.endswith(f"/director/{a.slug}/final/")
    w.check("final")
    final = page.locator("main").inner_text()
    assert "Endstand" in final and "100,00" in final
    assert "Noch keine Preisliste" not in final  # the prize list with money is right there
    w.done()


def test_a_team_tournament_from_the_start_page_by_links(walk):
    w = walk("first_events/teams")
    page = w.page
    w.check("start")

    new = page.locator("main form").filter(has=page.get_by_role("button", name="Turnier anlegen"))
    new.get_by_label("Name:").fill("Mannschaftsturnier")
    # The card halls' window draw is offered only for a discipline that draws seats at
    # registration: not for team chess, back with Mucken.
    window = new.locator("[name='create-window']")
    new.get_by_label("Disziplin:").select_option(label="Mucken")
    assert window.is_visible()
    new.get_by_label("Disziplin:").select_option(label="Mannschaftsschach")
    assert not window.is_visible()
    assert not new.locator("[name='create-registration_draw']").is_visible()
    new.get_by_label("Geplante Runden:").fill("1")
    w.submit(new.get_by_role("button", name="Turnier anlegen"))
    t = Tournament.objects.get(name="Mannschaftsturnier")
    w.check("tournament-empty")
    hint = page.locator("#first-steps")
    assert "Noch niemand angemeldet" in hint.inner_text()

    w.follow(hint.locator(f"a[href='/desk/{t.slug}/']"), "desk-empty")
    assert "Noch keine Mannschaft angemeldet" in page.locator("#desk-list").inner_text()
    teams = ["SK Hof", "SC Bayreuth", "SV Selb", "TSV Rehau"]
    for k, team in enumerate(teams):
        page.fill("input[name=p1_name]", team)
        page.fill("input[name=p1_rating]", str(1900 - 50 * k))
        page.get_by_role("button", name="Anmelden", exact=True).click()
        page.wait_for_selector(f"#desk-rows >> text={team}")
    assert t.entrants.count() == 4
    w.check("desk-teams")

    w.follow(page.locator("#desk-teams"), "board-order")
    # a team's whole line-up pasted at once (one submit a team, not four); a refused line
    # is named with its number at the list's field and nothing of the list is stored
    card = page.locator("#team-1")
    card.get_by_text("Die ganze Aufstellung auf einmal eintragen").click()
    card.locator("textarea[name=members]").fill("Spieler 1-1, 1910\nSpieler 1-2, 18x0")
    w.submit(card.get_by_role("button", name="Diese Personen eintragen"))
    errors = page.locator("#paste-errors-1")
    assert "Zeile 2 (Spieler 1-2)" in errors.inner_text()
    assert page.locator("#id_paste_1").get_attribute("aria-invalid") == "true"
    assert not page.locator("#team-1 .team-members li").filter(has_text="1910").count()
    w.check("board-order-paste-refused")
    for k in range(1, 4):
        card = page.locator(f"#team-{k}")
        if not card.locator("details.team-paste[open]").count():
            card.get_by_text("Die ganze Aufstellung auf einmal eintragen").click()
        card.locator("textarea[name=members]").fill("\n".join(
            f"Spieler {k}-{board}, {2000 - 40 * k - 50 * board}" if board % 2 else
            f"Spieler {k}-{board}; {1990 - 40 * k - 50 * board}-{board}"
            for board in range(1, 5)))
        w.submit(card.get_by_role("button", name="Diese Personen eintragen"))
        assert "4 Spieler/innen zu" in page.locator(".messages").inner_text()
    for board in range(1, 5):  # the single form (with the rating-list picker) still works
        form = page.locator("#team-4 form.team-add")
        form.locator("input[name=name]").fill(f"Spieler 4-{board}")
        form.locator("input[name=rating]").fill(str(2000 - 160 - 50 * board))
        w.submit(form.get_by_role("button"))
    assert page.locator(".team-members li").count() == 16
    assert "DWZ 1850-2" in page.locator("#team-1").inner_text()
    w.check("board-order-full")

    w.follow(page.locator(f"main a[href='/director/{t.slug}/']"), "tournament")
    assert not page.locator("#first-steps").count()  # the hint has done its job
    w.submit(page.get_by_role("button", name="Nächste Runde auslosen"))
    w.submit(page.get_by_role("button", name="Veröffentlichen"))
    w.check("round")
    form = page.locator("form").filter(
        has=page.locator("input[name=entry][value=inputs]")).first
    for board in range(1, 5):
        form.locator(f"input[name=board_{board}][value='1-0']").check()
    w.submit(form.get_by_role("button", name="Ergebnis eintragen"))
    # match 2 by the director's quick entry: the whole match in one line
    quick = page.locator("input[name=quick]")
    assert quick.get_attribute("placeholder") == "3 1 1 ½ 0"
    quick.fill("2 1 ½ 0")
    with page.expect_navigation():
        quick.press("Enter")
    assert "Kampf 2 hat 4 Bretter; eingegeben wurden 3 Ergebnisse." in page.locator(
        "#quick-errors").inner_text()
    w.check("round-quick-refused")
    quick = page.locator("input[name=quick]")
    quick.fill("2 1 ½ 0 1")
    with page.expect_navigation():
        quick.press("Enter")
    said = page.locator(".messages").inner_text()
    assert "Kampf 2:" in said and "2½ : 1½ gespeichert" in said, said
    assert "Jeder Kampf hat ein Ergebnis." in page.locator("#missing-boards").inner_text()
    w.check("round-quick-saved")
    w.submit(page.get_by_role("button", name="Runde abschließen"))
    w.check("round-closed")

    w.follow(page.locator("main a").filter(has_text=re.compile(f"^← {t.name}$")), "tournament-2")
    w.submit(page.get_by_role("button", name="Turnier beenden"))
    assert page.url.endswith(f"/director/{t.slug}/final/")
    w.check("final")
    final = page.locator("#final-standings").inner_text()
    assert "MP = Mannschaftspunkte" in final and "SK Hof" in final  # the columns explained
    w.done()
