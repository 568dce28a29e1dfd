"""Every audience's pages under the Content-Security-Policy, in a real browser.

The policy (config/settings.py) allows only the site's own scripts and styles: no inline
``<script>``/``<style>``, no ``style=""``, no ``onclick=``, no eval. A page that still has
one would lose it silently in production, so this walk opens the pages of spectators,
projector, captains, desk, director, reports, statistics and the API docs, does what
each is for where htmx or a script takes part (typing at the desk, a polling block, a
captain's sheet, a report being rendered), and fails on any ``securitypolicyviolation``
the browser reports, and on any script error.
"""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import call_command

from tournaments import services
from tournaments.models import Round, Table, Tournament
from tournaments.services import Actor, prereg

from .evening import PHONE

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "csp-walk-2026"
REPORT = ("document.addEventListener('securitypolicyviolation', function (e) {"
          " console.error('CSP violation: ' + e.violatedDirective + ' blocked '"
          " + (e.blockedURI || 'inline') + ' at ' + e.sourceFile + ':' + e.lineNumber); });")


class Watch:
    """The browser contexts of the walk, and every violation or script error they report."""

    def __init__(self, browser, base: str) -> None:
        self.browser, self.base = browser, base
        self.problems: list[str] = []
        self.pages: list[str] = []

    def context(self, **options):
        context = self.browser.new_context(**options)
        context.add_init_script(REPORT)  # runs before the page's own scripts, outside CSP
        return context

    def page(self, context):
        page = context.new_page()
        page.on("console", lambda m: self._console(page, m))
        page.on("pageerror", lambda exc: self.problems.append(f"{page.url}: script error {exc}"))
        return page

    def _console(self, page, message) -> None:
        text = message.text
        if "CSP violation" in text or "Content Security Policy" in text:
            self.problems.append(f"{page.url}: {text}")

    def visit(self, page, path: str, status: int = 200):
        """Open ``path``; it must come with the policy (else the walk would prove nothing)."""
        response = page.goto(self.base + path)
        assert response is not None and response.status == status, (path, response)
        policy = response.headers.get("content-security-policy", "")
        assert "default-src 'self'" in policy and "'unsafe-inline'" not in policy, (path, policy)
        page.wait_for_load_state("load")
        self.pages.append(path)
        return response

    def login(self, page, username: str) -> None:
        self.visit(page, "/accounts/login/")
        page.fill("input[name=username]", username)
        page.fill("input[name=password]", PASSWORD)
        page.click("form button[type=submit].primary")
        page.wait_for_load_state()


def demo(monkeypatch) -> dict[str, Tournament]:
    """The demo of ``make run`` (every discipline, two rounds) plus a round robin and a
    tournament taking pre-registrations."""
    monkeypatch.setenv("DEMO_PASSWORD", PASSWORD)
    call_command("load_demo", "--allow-production", stdout=io.StringIO())
    tournaments = {t.discipline: t for t in Tournament.objects.all()}
    boss = Actor.of(tournaments["chess"].created_by)
    rr = services.create_tournament(boss, "Rundenturnier", "chess", "single",
                                    pairing="round_robin", slug="rundenturnier")
    for k in range(4):
        services.register(rr, boss, [{"name": f"Spieler {k + 1}"}], status="present")
    services.draw_round(rr, boss, seed="rr")
    services.publish_round(rr, boss, 1)
    for table in Round.objects.get(tournament=rr, number=1).tables.all():
        services.director_set_result(table, boss, {"score": "1-0"})
    tournaments["round_robin"] = rr
    open_ = services.create_tournament(boss, "Voranmeldung", "mucken", "pair", slug="voranmeldung")
    prereg.set_prereg_open(open_, boss, True)
    tournaments["prereg"] = open_
    return tournaments


def open_token(t: Tournament) -> str:
    """A table of the open round whose result is still missing (its captain can enter it)."""
    table = (Table.objects.filter(round__tournament=t, round__status=Round.Status.OPEN,
                                  result__isnull=True).order_by("number").first()
             or Table.objects.filter(round__tournament=t).order_by("-round__number",
                                                                    "number").first())
    return table.token


def test_every_audience_is_within_the_content_security_policy(browser, live_server,
                                                              monkeypatch, shot):
    ts = demo(monkeypatch)
    watch = Watch(browser, live_server.url)

    # Spectators, on a phone: the list, each tournament, a round, statistics, chess tables.
    phone = watch.page(watch.context(**PHONE))
    phone.clock.install()  # the polling blocks fire when the test says, not after 5 s
    watch.visit(phone, "/t/")
    for key in ("mucken", "pussi", "boardgame", "chess", "tabletop", "round_robin"):
        t = ts[key]
        watch.visit(phone, f"/t/{t.slug}/")
        watch.visit(phone, f"/t/{t.slug}/rounds/1/")
        watch.visit(phone, f"/t/{t.slug}/statistics/")
    watch.visit(phone, f"/t/{ts['chess'].slug}/progress-table/")
    watch.visit(phone, f"/t/{ts['round_robin'].slug}/cross-table/")
    watch.visit(phone, f"/t/{ts['pussi'].slug}/statistics/?entrant=2")
    watch.visit(phone, f"/t/{ts['mucken'].slug}/")
    with phone.expect_response(re.compile(r"/standings/")):
        phone.clock.run_for(6000)  # one poll of the live blocks
    watch.visit(phone, "/t/keines-davon/", status=404)

    # Pre-registration: the form, a sign-up, the code with its QR image (a data: URI).
    signup = watch.page(watch.context(**PHONE))
    watch.visit(signup, f"/t/{ts['prereg'].slug}/prereg/")
    signup.fill("input[name=p1_name]", "Fritz Meier")
    signup.fill("input[name=p2_name]", "Hans Huber")
    signup.click("form.card button[type=submit]")
    signup.wait_for_selector("img[src^='data:image/svg+xml']")
    watch.pages.append("prereg done")

    # The projector, and one poll of its blocks.
    projector = watch.page(watch.context(viewport={"width": 1920, "height": 1080}))
    projector.clock.install()
    watch.visit(projector, f"/t/{ts['mucken'].slug}/projector/")
    with projector.expect_response(re.compile(r"/standings/\?view=projector")):
        projector.clock.run_for(6000)

    # Captains on phones: each discipline's sheet; the Mucken pad is filled in and sent.
    for key in ("mucken", "pussi", "boardgame", "chess", "tabletop"):
        captain = watch.page(watch.context(**PHONE))
        watch.visit(captain, f"/c/{open_token(ts[key])}/")
        if key == "mucken":
            shot(captain, "csp-captain-mucken")
    captain = watch.page(watch.context(**PHONE))
    watch.visit(captain, "/c/kein-gueltiger-link/", status=404)

    # The desk: the list, the live search (htmx), a sign-up, a seat slip.
    desk = watch.page(watch.context(viewport={"width": 1280, "height": 900}))
    watch.login(desk, "anmeldung")
    watch.visit(desk, "/desk/")
    mucken = ts["mucken"]
    watch.visit(desk, f"/desk/{mucken.slug}/")
    names = desk.locator("#desk-signup input[type=text][name$=name]")
    names.nth(0).fill("Zenzi Neu")
    desk.wait_for_load_state("networkidle")
    names.nth(1).fill("Xaver Neu")
    desk.wait_for_load_state("networkidle")  # the search has answered before the sign-up
    names.nth(1).press("Enter")
    desk.wait_for_selector("#desk-rows tr:has-text('Zenzi Neu / Xaver Neu')")
    shot(desk, "csp-desk")
    watch.visit(desk, f"/desk/{mucken.slug}/entrants/1/slip/")  # no window draw: the link

    # The director: home, each tournament with its pages, a round with results to type in.
    director = watch.page(watch.context(viewport={"width": 1280, "height": 900}))
    watch.login(director, "direktor")
    watch.visit(director, "/director/")
    for key in ("mucken", "pussi", "boardgame", "chess", "tabletop", "round_robin"):
        slug = ts[key].slug
        for path in ("", "settings/", "log/", "rounds/1/", "what-if/", "statistics/",
                     "reports/"):
            watch.visit(director, f"/director/{slug}/{path}")
    watch.visit(director, f"/director/{ts['mucken'].slug}/seating/")
    watch.visit(director, f"/director/{ts['mucken'].slug}/rounds/2/")
    watch.visit(director, f"/director/{ts['mucken'].slug}/board/")  # the live board, polling
    watch.visit(director, f"/director/{ts['pussi'].slug}/rounds/2/")
    watch.visit(director, f"/director/{ts['pussi'].slug}/what-if/?entrant=1")
    chess = ts["chess"].slug
    for output in ("cross-table", "progress-table", "player-cards", "categories", "dwz"):
        # a Swiss has no cross table; the demo's players have no categories
        watch.visit(director, f"/director/{chess}/reports/{output}/",
                    status=404 if output in ("cross-table", "categories") else 200)
    watch.visit(director, f"/director/{ts['round_robin'].slug}/reports/cross-table/")

    # Reports: order a PDF; the list polls its status (htmx) until it is ready.
    watch.visit(director, f"/director/{mucken.slug}/reports/")
    director.locator("form.report-order button[type=submit]").first.click()
    director.wait_for_load_state()
    director.wait_for_selector("a[href$='/download/']", timeout=30000)
    shot(director, "csp-reports")

    # The API docs (Swagger UI) and the admin's login.
    docs = watch.page(watch.context(viewport={"width": 1280, "height": 900}))
    watch.visit(docs, "/api/v1/docs/")
    docs.wait_for_selector(".swagger-ui .info", timeout=20000)
    watch.visit(docs, "/admin/login/")

    assert len(watch.pages) > 60
    assert not watch.problems, "\n".join(watch.problems)

    # The watch itself works: a style attribute set by a script is a violation it reports.
    director.evaluate("document.body.setAttribute('style', 'color: red')")
    director.wait_for_timeout(200)
    assert any("style-src" in p for p in watch.problems), watch.problems
