"""The demo of ``make run`` shows online registration (README's tour, steps 5 and 6): the
announcement with fees and the registered players on a phone and a screen, and the desk's
registrations page with every fee state and the waiting list; axe, no sideways scroll,
screenshots at both sizes."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

from tournaments.management.commands.load_demo import REGISTRATION_SLUG, Command
from tournaments.models import Registration
from tournaments.services import Actor

from .evening import PASSWORD, PHONE, SCREEN, login
from .test_online_registration import axe, no_sideways_scroll

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_demo_shows_announcement_and_registrations(browser, live_server, shot):
    pytest.importorskip("axe_playwright_python")
    import axe_playwright_python.sync_playwright as axe_sync
    script = (Path(axe_sync.__file__).parent / "axe.min.js").read_text()
    User = get_user_model()
    director = User.objects.create_user("direktor", password=PASSWORD)
    desk = User.objects.create_user("anmeldung", password=PASSWORD)
    Command(stdout=io.StringIO()).load_registration(Actor(director, "direktor"), desk)
    slug, base = REGISTRATION_SLUG, live_server.url
    waiting = Registration.objects.filter(tournament__slug=slug, place="waiting").first()
    placed = Registration.objects.filter(tournament__slug=slug, place="placed",
                                         youth=False).first()
    violations: list[str] = []
    for size, name in ((PHONE, "390"), (SCREEN, "1920")):
        context = browser.new_context(**size, locale="de",
                                      extra_http_headers={"Accept-Language": "de"})
        context.add_init_script(script=script)
        page = context.new_page()
        page.goto(f"{base}/t/{slug}/announcement/")
        assert "Frühjahrs-Open" in page.content() and placed.name in page.content()
        axe(page, violations, f"announcement {name}")
        assert no_sideways_scroll(page)
        shot(page, f"demo-registration-announcement-{name}")
        login(page, base, "anmeldung")
        page.goto(f"{base}/desk/{slug}/registrations/")
        assert waiting.reference in page.content()
        axe(page, violations, f"registrations {name}")
        assert no_sideways_scroll(page)
        shot(page, f"demo-registration-desk-{name}")
        context.close()
    assert not violations, violations
