"""A friendly door for staff: styled 403/404/500 pages that say what to do, only the links a
role may use, a login that lands where the account may work, sensible defaults on creating."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.models import Tournament
from tournaments.views import public as public_views

pytestmark = pytest.mark.django_db


def test_a_desk_user_without_a_role_gets_a_page_saying_whom_to_ask(client, desk_user,
                                                                   director):
    from tournaments import services
    from tournaments.services import Actor

    t = services.create_tournament(Actor(director, director.username), "Neues Turnier",
                                   "chess")  # the desk role is not granted yet
    client.force_login(desk_user)
    for lang, words in (("en", ("No access", "Ask its director to add you as desk",
                                "Settings → Roles")),
                        ("de", ("Kein Zugang", "Bitten Sie die Turnierleitung",
                                "Einstellungen → Rollen"))):
        r = client.get(reverse("desk:tournament", args=[t.slug]), HTTP_ACCEPT_LANGUAGE=lang)
        assert r.status_code == 403
        html = r.content.decode()
        assert "Neues Turnier" in html and "anmeldung" in html
        for word in words:
            assert word in html, (lang, word)
        assert 'href="/static/css/turnierwart.css"' in html  # the site's style, not bare text
        # the desk user directs nothing: no link to the director's pages (another 403)
        assert 'href="/director/"' not in html
        assert f'href="/t/{t.slug}/"' in html  # the tournament is public: its standings


def test_the_director_link_only_for_those_who_may_direct(client, make_tournament, desk_user,
                                                         director):
    t = make_tournament("mucken", entrant_kind="pair")
    client.force_login(desk_user)
    html = client.get(reverse("public:tournament", args=[t.slug])).content.decode()
    assert 'href="/director/"' not in html
    assert 'href="/desk/"' in html
    r = client.get("/director/")  # which is why there is no link
    assert r.status_code == 403
    assert "are for those who direct a tournament or may create one" in r.content.decode()
    assert 'href="/desk/"' in r.content.decode()
    client.force_login(director)
    html = client.get(reverse("public:tournament", args=[t.slug])).content.decode()
    assert 'href="/director/"' in html and 'href="/desk/"' in html


def test_a_login_lands_where_the_account_may_work(make_tournament, desk_user, director,
                                                  stranger):
    make_tournament("chess")
    for user, landing in ((director, "/director/"), (desk_user, "/desk/"), (stranger, "/t/")):
        c = Client()
        r = c.post(reverse("login"), {"username": user.username, "password": "turnier-2026"},
                   follow=True)
        assert r.redirect_chain[-1][0] == landing, user.username
        assert r.status_code == 200


def test_unknown_address_is_the_styled_404_in_both_languages(client):
    for lang, words in (("en", "Page not found"), ("de", "Seite nicht gefunden")):
        r = client.get("/t/gibt-es-nicht/", HTTP_ACCEPT_LANGUAGE=lang)
        assert r.status_code == 404
        html = r.content.decode()
        assert words in html and 'href="/t/"' in html
        assert 'class="card narrow error-card"' in html


@pytest.mark.parametrize("path", ["/gibt-es-nicht/", "/t/gibt-es-nicht/"])
def test_debug_mode_shows_the_sites_404_not_djangos(client, settings, path):
    """``make run`` runs with DEBUG: an unknown address (resolved or not) gets the real page."""
    settings.DEBUG = True
    r = client.get(path)
    assert r.status_code == 404
    html = r.content.decode()
    assert "Page not found" in html and "error-card" in html
    assert "URLconf" not in html and "DEBUG = True" not in html


def test_debug_pages_on_request_are_djangos(client, settings):
    settings.DEBUG = True
    settings.DEBUG_ERROR_PAGES = True
    html = client.get("/gibt-es-nicht/").content.decode()
    assert "URLconf" in html  # Django's technical 404, for a developer who asked for it


def test_a_slash_is_still_appended_under_debug(client, settings):
    settings.DEBUG = True
    r = client.get("/t")
    assert r.status_code == 301 and r["Location"] == "/t/"


def boom(*args, **kwargs):
    raise RuntimeError("a bug")


@pytest.mark.parametrize("debug", [False, True])
def test_a_server_error_is_the_styled_500(settings, monkeypatch, debug):
    settings.DEBUG = debug
    monkeypatch.setattr(public_views, "render", boom)
    c = Client(raise_request_exception=False)
    for lang, words in (("en", "Something went wrong"), ("de", "Etwas ist schiefgegangen")):
        r = c.get("/t/", HTTP_ACCEPT_LANGUAGE=lang)
        assert r.status_code == 500
        html = r.content.decode()
        assert words in html and "error-card" in html
        assert "Traceback" not in html and "a bug" not in html


def test_csrf_failure_says_to_reload(desk_user):
    c = Client(enforce_csrf_checks=True)
    c.force_login(desk_user)
    r = c.post(reverse("logout"), HTTP_ACCEPT_LANGUAGE="en")
    assert r.status_code == 403
    assert "The form has expired" in r.content.decode()


def test_favicon_is_linked_and_served(client):
    html = client.get("/t/").content.decode()
    assert '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">' in html
    r = client.get("/favicon.ico")
    assert r.status_code == 302 and r["Location"] == "/static/favicon.svg"
    from django.contrib.staticfiles import finders

    assert finders.find("favicon.svg")


def test_creating_a_mucken_tournament_defaults_to_pairs(client, director, settings):
    from django.contrib.auth.models import Permission

    director.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    client.force_login(director)
    page = client.get("/director/").content.decode()
    assert '<option value="" selected>' in page  # "as usual for the discipline"
    for discipline, kind in (("mucken", "pair"), ("chess", "single"), ("pussi", "single")):
        r = client.post("/director/", {"action": "create", "create-name": f"Neu {discipline}",
                                       "create-discipline": discipline,
                                       "create-entrant_kind": ""})
        assert r.status_code == 302, r.content.decode()[:500]
        assert Tournament.objects.get(name=f"Neu {discipline}").entrant_kind == kind
    # an explicit choice still counts
    client.post("/director/", {"action": "create", "create-name": "Einzel-Mucken",
                               "create-discipline": "mucken",
                               "create-entrant_kind": "single"})
    assert Tournament.objects.get(name="Einzel-Mucken").entrant_kind == "single"
