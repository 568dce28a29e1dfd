"""The three audiences in a real browser: desk, director, two captains on phones, a spectator.

A desk registers six pairs, the director draws and publishes round 1, two captains
submit Bobbl results from 390×844 phones (one agreeing, one disputing), and a
spectator's page shows the new standings without being reloaded.
"""

import re

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission

from tournaments import services
from tournaments.models import Result, Role
from tournaments.services import Actor

from .evening import PHONE, login, settle

pytestmark = pytest.mark.django_db(transaction=True)
PAIRS = [("Fritz", "Hans"), ("Berta", "Else"), ("Heidi", "Horst"), ("Karl", "Monika"),
         ("Erwin", "Franz"), ("Sabine", "Uschi")]


def test_a_mucken_evening_through_three_audiences(browser, live_server, shot):
    base = live_server.url
    User = get_user_model()
    director = User.objects.create_user("direktor", password="turnier-2026")
    director.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    desk = User.objects.create_user("anmeldung", password="turnier-2026")
    t = services.create_tournament(Actor(director, "direktor"), "Muckturnier Test", "mucken",
                                   "pair")
    services.grant_role(t, Actor(director, "direktor"), desk, Role.Kind.DESK)

    # The desk signs up six pairs, keyboard only.
    desk_page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    login(desk_page, base, "anmeldung")
    desk_page.goto(f"{base}/desk/{t.slug}/")
    for a, b in PAIRS:
        names = desk_page.locator("#desk-signup input[type=text][name$=name]")
        # Each name field searches 150 ms after typing; on the tests' in-memory SQLite a
        # search still reading when the sign-up writes makes the sign-up answer "busy"
        # without its row (tests/integration/test_desk_test_database.py): let it answer first.
        names.nth(0).fill(a)
        settle(desk_page)
        names.nth(1).fill(b)
        settle(desk_page)
        names.nth(1).press("Enter")
        desk_page.wait_for_selector(f"#desk-rows tr:has-text('{a} / {b}')")
    assert desk_page.locator("#desk-rows tr").count() == 6
    shot(desk_page, "01-desk")
    assert t.entrants.count() == 6

    # The director draws and publishes round 1.
    dpage = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    login(dpage, base, "direktor")
    dpage.goto(f"{base}/director/{t.slug}/")
    shot(dpage, "02-director-dashboard")
    dpage.click(f"form[action='/director/{t.slug}/rounds/draw/'] button[type=submit]")
    dpage.wait_for_url(re.compile(r"/rounds/1/"))
    shot(dpage, "03-director-preview")
    dpage.click(f"form[action='/director/{t.slug}/rounds/1/publish/'] button")
    dpage.wait_for_selector("a[href^='/c/']")
    shot(dpage, "04-director-published")
    links = [dpage.locator("a[href^='/c/']").nth(i).get_attribute("href") for i in range(3)]
    assert len(set(links)) == 3

    # A spectator opens the standings on a phone before any result is in.
    spectator = browser.new_context(**PHONE).new_page()
    spectator.goto(f"{base}/t/{t.slug}/")
    spectator.evaluate("window.__notReloaded = true")
    shot(spectator, "05-spectator-before")

    def submit(link, bobbl):
        page = browser.new_context(**PHONE).new_page()
        page.goto(base + link)
        for k, (p1, p2) in enumerate(bobbl):
            page.fill(f"input[name='bobbl[{k}].side1']", str(p1))
            page.fill(f"input[name='bobbl[{k}].side2']", str(p2))
        with page.expect_navigation():  # sent by fetch, then the answer page
            page.click("#result-form button[type=submit]")
        return page

    first = submit(links[0], [(21, 12), (21, 9)])
    shot(first, "06-captain-submitted")
    agree = submit(links[0], [(21, 12), (21, 9)])
    shot(agree, "07-captain-confirmed")
    submit(links[1], [(21, 3), (14, 21)])
    differ = submit(links[1], [(3, 21), (14, 21)])
    shot(differ, "08-captain-disputed")
    statuses = sorted(Result.objects.filter(table__round__tournament=t)
                      .values_list("status", flat=True))
    assert statuses == ["confirmed", "disputed"]
    # The page a captain sees at 390 px never scrolls sideways.
    assert first.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

    # The spectator's standings change by themselves (htmx polling), without a reload.
    table_one = t.rounds.get(number=1).tables.get(number=1)
    winners = [s.entrant.name for s in table_one.seats.select_related("entrant")
               if s.side == 1]
    spectator.wait_for_function(
        "name => { const row = document.querySelector('#standings tbody tr');"
        " return row && row.textContent.includes(name); }", arg=winners[0], timeout=20000)
    assert spectator.evaluate("window.__notReloaded") is True
    shot(spectator, "09-spectator-after")

    # The director sees the dispute with both submissions.
    dpage.goto(f"{base}/director/{t.slug}/rounds/1/")
    assert dpage.locator("text=Accept this one").count() + dpage.locator(
        "text=Diese übernehmen").count() >= 2 or dpage.locator(
        "form[action*='/revisions/']").count() >= 2
    shot(dpage, "10-director-dispute")


def test_a_pdf_still_rendering_opens_by_itself_when_done(browser, live_server, shot, settings,
                                                          tmp_path):
    """Issue 31, item 10: "Endstand drucken" with a report worker leads to a page that waits
    for the PDF and then shows it, no second click (in the test the report is finished by
    hand while the page polls)."""
    from django.core.files.base import ContentFile

    from tournaments.models import Report

    settings.MEDIA_ROOT = tmp_path / "media"
    User = get_user_model()
    director = User.objects.create_user("direktor", password="turnier-2026")
    t = services.create_tournament(Actor(director, "direktor"), "Pokalabend", "chess")
    report = Report.objects.create(tournament=t, kind="standings", progress=10,
                                   status=Report.Status.RUNNING, created_by=director)
    page = browser.new_context(viewport={"width": 1920, "height": 1080},
                               locale="de-DE").new_page()
    login(page, live_server.url, "direktor")
    url = f"{live_server.url}/director/{t.slug}/reports/{report.pk}/"
    page.goto(url)
    assert page.inner_text("h1") == "Das PDF wird erstellt"
    assert "sobald es fertig ist" in page.inner_text("#report-wait")
    page.wait_for_function("() => !!window.htmx")
    shot(page, "report-wait-1920")
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shot(page, "report-wait-390")

    pdf = b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]" \
          b"/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"
    with page.expect_response(lambda r: r.headers.get("content-type") == "application/pdf",
                              timeout=20000) as answer:
        report.file.save("r.pdf", ContentFile(pdf), save=False)
        Report.objects.filter(pk=report.pk).update(status=Report.Status.DONE, progress=100,
                                                   file=report.file.name)
    assert answer.value.url == url and answer.value.status == 200
