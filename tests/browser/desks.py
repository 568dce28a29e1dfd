"""Shared steps of the browser tests with registration desks under the window draw."""

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission

from tournaments import services
from tournaments.models import Role
from tournaments.services import Actor

from .evening import login

WINDOW = {"registration": {"window": 4, "random_up_to": 0, "sequential_from": None}}


def mucken_with_desks(browser, base, name, desks=2):
    """A fixed-pairs Mucken tournament with the window draw, a director and logged-in desks."""
    User = get_user_model()
    director = User.objects.create_user("direktor", password="turnier-2026")
    director.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    boss = Actor(director, "direktor")
    t = services.create_tournament(boss, name, "mucken", "pair")
    services.update_tournament(t, boss, draw_options=WINDOW)
    pages = []
    for k in range(1, desks + 1):
        user = User.objects.create_user(f"anmeldung{k}", password="turnier-2026")
        services.grant_role(t, boss, user, Role.Kind.DESK)
        page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        login(page, base, user.username)
        page.goto(f"{base}/desk/{t.slug}/")
        pages.append(page)
    return t, pages


def register_pairs(desks, per_desk, prefix, together):
    """Each desk signs up ``per_desk`` pairs; ``together``: all press Enter before any answer."""
    for i in range(per_desk):
        for k, page in enumerate(desks):
            names = page.locator("#desk-signup input[type=text][name$=name]")
            names.nth(0).fill(f"{prefix}{k + 1} Spieler {i}a")
            names.nth(1).fill(f"{prefix}{k + 1} Spieler {i}b")
            if not together:
                names.nth(1).press("Enter")
                page.wait_for_selector(f"#desk-flash:has-text('{prefix}{k + 1} Spieler {i}a')")
        if together:
            for page in desks:
                page.locator("#desk-signup input[type=text][name$=name]").nth(1).press("Enter")
            for k, page in enumerate(desks):
                page.wait_for_selector(f"#desk-flash:has-text('{prefix}{k + 1} Spieler {i}a')",
                                       timeout=20000)
