"""The desk keeps every letter typed while a sign-up is answered (issue 24, desk item 5).

On the evening the answers took up to 1.45 s, and the form was swapped in fresh after each
Enter: typing on at once stored "ieter Hoffmann", "hröder" (10 of 12 names at speed), and a
refused name stayed in the field with the next name appended to it. Here the server is
slowed to 1.5 s per sign-up and a volunteer types twelve names at speed, Enter after each,
never waiting; then a refused name while the next one is typed.
"""

from __future__ import annotations

import time

import pytest

from tournaments.models import Entrant
from tournaments.views import desk as desk_views

from .evening import PASSWORD, login, staff

pytestmark = pytest.mark.django_db(transaction=True)

SLOW = 1.5  # seconds per sign-up, more than the evening's worst answer
NAMES = ["Dieter Hoffmann", "Jürgen Schröder", "Anna Bauer", "Peter Wagner", "Ilse Lang",
         "Karl-Heinz Müller", "Özlem Yılmaz", "Fritz Becker", "Maria Schulz", "Otto Koch",
         "Renate Wolf", "Xaver Zöllner"]


@pytest.fixture
def slow_server(monkeypatch):
    """Every sign-up takes SLOW seconds longer (the live server runs in this process)."""
    register = desk_views._register

    def slowly(*args, **kwargs):
        time.sleep(SLOW)
        return register(*args, **kwargs)

    monkeypatch.setattr(desk_views, "_register", slowly)


def wait_for(check, timeout: float = 60.0, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, what
        time.sleep(0.2)


def test_fast_typing_loses_no_letter_while_sign_ups_are_answered(browser, live_server,
                                                                 slow_server, shot):
    t = staff("Blitzturnier", "chess")
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    login(page, live_server.url, "anmeldung", PASSWORD)
    page.goto(f"{live_server.url}/desk/{t.slug}/")
    page.locator("#id_p1_name").click()
    started = time.monotonic()
    for name in NAMES:  # at speed, Enter after each, never waiting for an answer
        page.keyboard.type(name, delay=15)
        page.keyboard.press("Enter")
    typed_for = time.monotonic() - started
    assert typed_for < SLOW * len(NAMES) / 2, typed_for  # far ahead of the answers
    # (the page is watched, not the database: the in-memory SQLite test database locks its
    # tables while the server thread writes)
    wait_for(lambda: page.locator("#desk-rows tr").count() == len(NAMES)
             and page.locator("#desk-sending").is_hidden(), what="not every sign-up arrived")
    stored = list(Entrant.objects.filter(tournament=t).order_by("start_number")
                  .values_list("name", flat=True))
    assert stored == NAMES  # every letter, in the order typed
    assert page.locator(".desk-refusal").count() == 0
    assert page.locator("#id_p1_name").input_value() == ""
    assert page.locator("#desk-rows tr th").first.inner_text().startswith(NAMES[-1])
    shot(page, "desk-typing-twelve")

    # A refused name while the next one is typed: the typing stays, the refusal beside it.
    page.keyboard.type("Anna Bauer", delay=15)
    page.keyboard.press("Enter")
    page.keyboard.type("Berta Neu", delay=15)
    page.wait_for_selector(".desk-refusal", timeout=20000)
    assert page.locator("#id_p1_name").input_value() == "Berta Neu"
    refusal = page.locator(".desk-refusal").inner_text()
    assert "Not signed up: Anna Bauer" in refusal and "already registered" in refusal
    shot(page, "desk-typing-refused")
    page.keyboard.press("Enter")
    page.wait_for_selector("#desk-rows tr:has-text('Berta Neu')", timeout=20000)
    # Now that the form is empty, the refused entry can be put back to be corrected.
    page.click(".desk-refusal button:has-text('Put it back')")
    assert page.locator("#id_p1_name").input_value() == "Anna Bauer"
    assert page.locator("#id_p1_name").get_attribute("aria-invalid") == "true"
    assert page.evaluate("document.activeElement.id") == "id_p1_name"
    page.keyboard.press("End")
    page.keyboard.type(" jun.", delay=15)
    page.keyboard.press("Enter")
    page.wait_for_selector("#desk-rows tr:has-text('Anna Bauer jun.')", timeout=20000)
    assert Entrant.objects.filter(tournament=t).count() == len(NAMES) + 2
    # The status chosen stays for the next sign-up (a batch of pre-registrations).
    page.check("input[name=status][value=registered]")
    page.locator("#id_p1_name").click()
    page.keyboard.type("Vroni Vorab", delay=15)
    page.keyboard.press("Enter")
    page.wait_for_selector("#desk-rows tr:has-text('Vroni Vorab')", timeout=20000)
    assert page.locator("input[name=status][value=registered]").is_checked()
    assert Entrant.objects.get(tournament=t, name="Vroni Vorab").status == "registered"


def test_a_refused_sign_up_comes_back_into_an_empty_form(browser, live_server, slow_server):
    t = staff("Schnellschach", "chess")
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    login(page, live_server.url, "anmeldung", PASSWORD)
    page.goto(f"{live_server.url}/desk/{t.slug}/")
    page.locator("#id_p1_name").click()
    page.keyboard.type("Eva Gruber", delay=15)
    page.keyboard.press("Enter")
    page.wait_for_selector("#desk-rows tr:has-text('Eva Gruber')", timeout=20000)
    page.keyboard.type("Eva Gruber", delay=15)
    page.keyboard.press("Enter")
    # Nothing typed meanwhile: the form itself shows the refusal at the field.
    page.wait_for_selector("#id_p1_name[aria-invalid=true]", timeout=20000)
    assert page.locator("#id_p1_name").input_value() == "Eva Gruber"
    assert page.locator(".desk-refusal").count() == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
