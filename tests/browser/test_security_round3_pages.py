"""The pages issue 32 added, in a browser: the director's "Replace a link" on the table cards
page (with an error and after a replacement) and the account's API token page, at 1920×1080
and 390×844 in German and English: axe finds nothing serious, nothing scrolls sideways, no
CSP violation. Screenshots go to tests/artifacts/security32/."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token

from tournaments import services
from tournaments.services import Actor, hall_links

from .evening import HANDSET, SCREEN, login, staff
from .test_accessibility import AXE, WCAG

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = Path(__file__).resolve().parents[1] / "artifacts" / "security32"
REPORT = ("document.addEventListener('securitypolicyviolation', function (e) {"
          " console.error('CSP violation: ' + e.violatedDirective); });")


def test_replace_a_link_and_the_api_token_page(browser, live_server):
    base = live_server.url
    t = staff("Muckturnier Rehau", "mucken", "pair")
    boss = Actor(get_user_model().objects.get(username="direktor"), "direktor")
    for i in range(1, 5):
        services.register(t, boss, [{"name": f"Anna {i}"}, {"name": f"Bert {i}"}],
                          status="present")
    hall_links.make_table_codes(t, boss, 2)
    script = AXE.read_text()
    SHOTS.mkdir(parents=True, exist_ok=True)
    problems: list[str] = []
    for size, device in (("1920", SCREEN), ("390", HANDSET)):
        for lang in ("de", "en"):
            context = browser.new_context(**device, locale=lang,
                                          extra_http_headers={"Accept-Language": lang})
            context.add_init_script(script=script)
            context.add_init_script(REPORT)
            page = context.new_page()
            page.on("console", lambda m: problems.append(m.text) if m.type == "error"
                    and "status of 400" not in m.text else None)  # the error page is a 400
            login(page, base, "direktor")
            cards = f"{base}/director/{t.slug}/table-cards/"
            page.goto(cards)
            page.fill("#replace-number", "9")
            page.click("#replace button[type=submit]")
            page.wait_for_selector("#replace-error")
            shots = [f"replace-error-{lang}-{size}"]
            check(page, shots[-1], problems)
            page.goto(cards)
            page.fill("#replace-number", "1")
            page.click("#replace button[type=submit]")
            page.wait_for_selector("#replaced")
            check(page, f"replaced-{lang}-{size}", problems)
            Token.objects.get_or_create(user=boss.user)
            page.goto(f"{base}/accounts/api-token/")
            check(page, f"api-token-{lang}-{size}", problems)
            page.click("#revoke-token")
            page.wait_for_selector("#token-revoked")
            check(page, f"api-token-deleted-{lang}-{size}", problems)
            assert not Token.objects.filter(user=boss.user).exists()
            context.close()
    assert not problems, "\n".join(problems)


def check(page, name: str, problems: list[str]) -> None:
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    if not page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"):
        problems.append(f"{name}: scrolls sideways")
    result = page.evaluate("o => axe.run(document, o)", WCAG)
    for v in result["violations"]:
        if v["impact"] in ("serious", "critical"):
            problems.append(f"{name}: {v['id']} at {[n['target'] for n in v['nodes'][:3]]}")
