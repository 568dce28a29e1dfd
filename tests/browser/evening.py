"""Shared steps of the browser tests: logging in, phones, screenshots at both sizes, and a
whole small evening played through the pages (desk, director, captains, spectator,
projector, the end of the evening).

The discipline tests (``test_evening_*.py``) give only what differs: who signs up and how
a captain fills the table's sheet.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission

from tournaments import services
from tournaments.models import Result, Role, Round, Tournament
from tournaments.services import Actor

T = TypeVar("T")

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
PASSWORD = "turnier-2026"
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}
# the evenings' phones: the same screen, photographed at 1 pixel per CSS pixel (faster)
HANDSET = {**PHONE, "device_scale_factor": 1}
SCREEN = {"viewport": {"width": 1920, "height": 1080}}
SIZES = ((1920, 1080), (390, 844))

# fill(page, table_index, round_number): fills a captain's sheet (both phones alike)
Fill = Callable[[Any, int, int], None]


def login(page, base: str, username: str, password: str = PASSWORD) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    page.click("form button[type=submit].primary")
    page.wait_for_load_state()


def draw_and_publish(page, base: str, slug: str, number: int) -> None:
    """From the tournament's dashboard, draw round ``number`` and publish it (its table
    links appear)."""
    page.goto(f"{base}/director/{slug}/")
    page.click(f"form[action='/director/{slug}/rounds/draw/'] button[type=submit]")
    page.wait_for_url(re.compile(rf"/rounds/{number}/"))
    page.click(f"form[action='/director/{slug}/rounds/{number}/publish/'] button")
    page.wait_for_selector("a[href^='/c/']")


def staff(tournament_name: str, discipline: str, entrant_kind: str = "single",
          **options: Any) -> Tournament:
    """A director who creates the tournament and a desk volunteer with the desk role."""
    User = get_user_model()
    director = User.objects.create_user("direktor", password=PASSWORD)
    director.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    boss = Actor(director, "direktor")
    t = services.create_tournament(boss, tournament_name, discipline, entrant_kind, **options)
    desk = User.objects.create_user("anmeldung", password=PASSWORD)
    services.grant_role(t, boss, desk, Role.Kind.DESK)
    return t


STICKY = """sel => {
  const table = document.querySelector(sel), box = table.closest(".scroll");
  const name = table.querySelector("tbody tr td.name");
  const left = () => name.getBoundingClientRect().left - box.getBoundingClientRect().left;
  const before = left();
  box.scrollLeft = box.scrollWidth;
  const spills = Array.from(table.querySelectorAll("tbody td.name"))
    .filter(td => td.scrollWidth > td.clientWidth + 1).map(td => td.textContent.trim());
  return {overflows: box.classList.contains("overflows"), scrolled: box.scrollLeft, spills,
          before: before, after: left(), position: getComputedStyle(name).position,
          hint: getComputedStyle(box, "::before").content,
          pageFits: document.documentElement.scrollWidth <= window.innerWidth};
}"""


def name_column_stays(page, selector: str, width: int, shots: Shots | None = None,
                      name: str = "") -> None:
    """At a phone's ``width`` the table ``selector`` scrolls inside its box with the hint
    shown, its name column stays in view, and the page does not scroll sideways (with
    ``shots``: photographed scrolled to its right end)."""
    before = page.viewport_size
    page.set_viewport_size({"width": width, "height": 800})
    page.wait_for_function(
        "sel => document.querySelector(sel).closest('.scroll').classList.contains('overflows')",
        arg=selector)
    found = page.evaluate(STICKY, selector)
    if shots is not None:
        shots.count += 1
        page.screenshot(path=str(shots.dir / f"{shots.count:02d}-{name}-scrolled-{width}.png"),
                        full_page=True)
    page.evaluate("sel => { document.querySelector(sel).closest('.scroll').scrollLeft = 0; }",
                  selector)
    page.set_viewport_size(before)
    assert found["pageFits"], f"{selector} at {width} px: the page scrolls sideways"
    assert found["scrolled"] > 0 and found["position"] == "sticky", found
    # sticky: at most slid to the box's left edge (over the columns before it), still seen
    assert -0.5 <= found["after"] <= found["before"] + 0.5, (
        f"{selector} at {width} px: the name column scrolled away {found}")
    assert found["hint"] not in ("none", "", '""'), found
    assert not found["spills"], f"{selector} at {width} px: names run into the next column"


def settle(page) -> None:
    """Let the search-as-you-type (after 150 ms) answer before the form is sent: on the
    in-memory SQLite of the tests two requests at once may find a table locked."""
    page.wait_for_timeout(200)
    page.wait_for_function("() => !document.querySelector('.htmx-request')")


def read_when_free(read: Callable[[], T], tries: int = 100) -> T:
    """The test's own read of the database while the live server may be writing: the
    in-memory SQLite of the tests answers "table is locked" at once instead of waiting, so
    try again a moment later (PostgreSQL simply waits)."""
    from django.db import OperationalError

    for _ in range(tries - 1):
        try:
            return read()
        except OperationalError as err:
            if "locked" not in str(err):
                raise
            time.sleep(0.05)
    return read()


class Shots:
    """Every page visited, saved at 1920×1080 and at 390×844 (full page) into
    tests/artifacts/<discipline>/NN-name-WIDTH.png; pages that scroll sideways at 390 px
    are written down in ``wide``."""

    def __init__(self, folder: str) -> None:
        self.dir = ARTIFACTS / folder
        self.dir.mkdir(parents=True, exist_ok=True)
        for old in self.dir.glob("*.png"):
            old.unlink()
        self.count = 0
        self.wide: list[str] = []

    def __call__(self, page, name: str) -> None:
        self.count += 1
        before = page.viewport_size
        for width, height in SIZES:
            if page.viewport_size != {"width": width, "height": height}:
                page.set_viewport_size({"width": width, "height": height})
                page.evaluate("() => new Promise(r => requestAnimationFrame(() => r()))")
            if width < 400 and page.evaluate(
                    "document.documentElement.scrollWidth > window.innerWidth"):
                self.wide.append(name)
            page.screenshot(path=str(self.dir / f"{self.count:02d}-{name}-{width}.png"),
                            full_page=True)
        page.set_viewport_size(before)


class Evening:
    """A small evening in browsers: each audience in its own browser context."""

    def __init__(self, browser, base: str, t: Tournament, shots: Shots) -> None:
        self.browser, self.base, self.t, self.shot = browser, base, t, shots
        self.desk = self._context(SCREEN, "anmeldung")
        self.director = self._context(SCREEN, "direktor")
        self.spectator = browser.new_context(locale="de-DE", **HANDSET).new_page()
        self.phones = [browser.new_context(locale="de-DE", **HANDSET).new_page() for _k in (1, 2)]
        self.beamer = self._context(SCREEN)
        self.director.set_default_timeout(15000)

    def _context(self, options: dict, username: str | None = None):
        page = self.browser.new_context(locale="de-DE", **options).new_page()
        if username:
            login(page, self.base, username)
        return page

    # -- the desk ------------------------------------------------------------------------

    def sign_up(self, entrants: Sequence[str | tuple[str, str]],
                ratings: Sequence[int] = ()) -> None:
        """The desk signs everybody up, keyboard only: a name (or the two of a pair),
        optionally the rating, Enter."""
        page = self.desk
        page.goto(f"{self.base}/desk/{self.t.slug}/")
        self.shot(page, "desk-empty")
        for k, entrant in enumerate(entrants):
            names = page.locator("#desk-signup input[type=text][name$=name]")
            people = (entrant,) if isinstance(entrant, str) else entrant
            for i, person in enumerate(people):
                names.nth(i).fill(person)
                settle(page)
            if ratings:
                page.fill("#desk-signup input[name=p1_rating]", str(ratings[k]))
            names.nth(len(people) - 1).press("Enter")
            page.wait_for_selector(f"#desk-rows tr:has-text('{people[0]}')")
        assert page.locator("#desk-rows tr").count() == len(entrants)
        self.shot(page, "desk-signed-up")

    # -- the director --------------------------------------------------------------------

    def dashboard(self, name: str | None = None) -> None:
        self.director.goto(f"{self.base}/director/{self.t.slug}/")
        if name:
            self.shot(self.director, name)

    def draw(self, number: int, look: bool = False) -> list[str]:
        """Draw and publish round ``number``; the captain links from the round page."""
        page, slug = self.director, self.t.slug
        self.dashboard(f"director-dashboard-round{number}" if look else None)
        page.click(f"form[action='/director/{slug}/rounds/draw/'] button[type=submit]")
        page.wait_for_url(re.compile(rf"/rounds/{number}/"))
        if look:
            self.shot(page, f"director-round{number}-preview")
        page.click(f"form[action='/director/{slug}/rounds/{number}/publish/'] button")
        page.wait_for_selector("a[href^='/c/']")
        if look:
            self.shot(page, f"director-round{number}-published")
        links = page.locator("a[href^='/c/']")
        found = [links.nth(i).get_attribute("href") for i in range(links.count())]
        assert len(found) == len(set(found)) == self.t.rounds.get(number=number).tables.count()
        return found

    def close(self, number: int, look: bool = False) -> None:
        page, slug = self.director, self.t.slug
        page.goto(f"{self.base}/director/{slug}/rounds/{number}/")
        if look:
            self.shot(page, f"director-round{number}-results")
        page.click(f"form[action='/director/{slug}/rounds/{number}/close/'] button")
        page.wait_for_selector(f"form[action='/director/{slug}/rounds/{number}/reopen/']")
        assert self.t.rounds.get(number=number).status == Round.Status.CLOSED
        if look:
            self.shot(page, f"director-round{number}-closed")

    def finish(self) -> None:
        """After the planned rounds: the dashboard asks; the end-of-evening page finishes."""
        page, slug = self.director, self.t.slug
        self.dashboard("director-dashboard-end")
        page.goto(f"{self.base}/director/{slug}/final/")
        self.shot(page, "director-final-before")
        with page.expect_navigation():
            page.click("#finish-button")
        self.t.refresh_from_db()
        assert self.t.status == Tournament.Status.FINISHED
        self.shot(page, "director-final")

    # -- the table captains --------------------------------------------------------------

    def captains(self, number: int, links: Sequence[str], fill: Fill,
                 look: bool = False) -> None:
        """Two phones (two browser contexts) go from table to table; at each, both send the
        same sheet: the second confirms the first."""
        for index, link in enumerate(links):
            for k, phone in enumerate(self.phones, start=1):
                phone.goto(self.base + link)
                first = look and index == 0
                if first:
                    self.shot(phone, f"captain-phone{k}-empty")
                fill(phone, index, number)
                with phone.expect_navigation():
                    phone.click("#result-form button[type=submit]")
                if first:
                    self.shot(phone, f"captain-phone{k}-sent")
        statuses = set(Result.objects.filter(table__round__tournament=self.t,
                                             table__round__number=number)
                       .values_list("status", flat=True))
        assert statuses == {Result.Status.CONFIRMED}, statuses

    # -- spectators and the projector ----------------------------------------------------

    def watch(self, name: str, path: str = "", stay: bool = False) -> None:
        """The spectator looks, then puts the phone away (``stay``: keeps the page): the
        live page polls every few seconds, and on the in-memory SQLite of the tests a poll
        that meets a captain's write makes one of them fail with "table is locked"."""
        self.spectator.goto(f"{self.base}/t/{self.t.slug}/{path}")
        self.spectator.wait_for_load_state()
        self.shot(self.spectator, name)
        if not stay:
            self.spectator.goto("about:blank")

    def projector(self, name: str, show: str = "") -> None:
        page = self.beamer
        query = "?seconds=600" + (f"&show={show}" if show else "")
        page.goto(f"{self.base}/t/{self.t.slug}/projector/{query}")
        page.wait_for_selector(".pj-panel.current")
        self.shot(page, name)
        page.goto("about:blank")  # it polls, like the spectator's page

    # -- the whole evening ---------------------------------------------------------------

    def play(self, rounds: int, fill: Fill,
             between: Callable[[int], None] | None = None) -> None:
        """Round after round: draw, captains, spectator, close; then finish. Round 1 is
        photographed page by page; later rounds show the same pages with other numbers,
        so only their standings and the projector are."""
        self.watch("public-before")
        for number in range(1, rounds + 1):
            look = number == 1
            links = self.draw(number, look)
            if look:
                self.watch(f"public-round{number}-drawn")
                self.watch("public-seats", "seats/")
            self.captains(number, links, fill, look)
            if look:
                self.watch(f"public-round{number}-results", f"rounds/{number}/")
            self.close(number, look)
            self.watch(f"public-round{number}-standings")
            if between:
                between(number)
        self.projector("projector")
        self.projector("projector-seats", show="seats")
        self.finish()
        self.watch("public-final", stay=True)
