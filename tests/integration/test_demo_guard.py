"""The demo's published password (README, ``make run``) opens nothing with DEBUG off.

A hall laptop that served the demo and then runs the production server on the same
database kept ``direktor`` (a superuser) with the password everybody can read.
"""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from rest_framework.authtoken.models import Token

from tournaments.demo_guard import PUBLISHED_PASSWORD, published_password_check

pytestmark = pytest.mark.django_db

ADDRESS = "198.51.100.40"


@pytest.fixture
def demo_accounts(db):
    User = get_user_model()
    director = User.objects.create_superuser("direktor", password=PUBLISHED_PASSWORD)
    desk = User.objects.create_user("anmeldung", password=PUBLISHED_PASSWORD)
    return director, desk


def page_login(client: Client, username: str, password: str, language: str = "en") -> Any:
    return client.post("/accounts/login/", {"username": username, "password": password},
                       REMOTE_ADDR=ADDRESS, HTTP_ACCEPT_LANGUAGE=language)


def api_login(username: str, password: str) -> Any:
    return Client().post("/api/v1/auth/token/",
                         json.dumps({"username": username, "password": password}),
                         content_type="application/json", REMOTE_ADDR=ADDRESS)


def test_login_page_refuses_the_published_password_and_says_why(demo_accounts, settings):
    assert not settings.DEBUG
    client = Client()
    r = page_login(client, "direktor", PUBLISHED_PASSWORD)
    html = r.content.decode()
    assert r.status_code == 200 and "_auth_user_id" not in client.session
    assert "demo&#x27;s published password" in html or "demo's published password" in html
    assert "manage.py changepassword direktor" in html
    german = page_login(client, "anmeldung", PUBLISHED_PASSWORD, "de").content.decode()
    assert "veröffentlichte Passwort der Demo" in german
    assert "manage.py changepassword anmeldung" in german


def test_admin_login_refuses_the_published_password(demo_accounts):
    client = Client()
    r = client.post("/admin/login/?next=/admin/",
                    {"username": "direktor", "password": PUBLISHED_PASSWORD},
                    REMOTE_ADDR=ADDRESS)
    assert r.status_code == 200 and "_auth_user_id" not in client.session


def test_api_token_refuses_the_published_password(demo_accounts):
    r = api_login("direktor", PUBLISHED_PASSWORD)
    assert r.status_code == 400
    assert "changepassword direktor" in r.json()["password"][0]
    assert not Token.objects.exists()


def test_refusals_count_as_failed_attempts_for_axes(demo_accounts, settings):
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert page_login(client, "direktor", PUBLISHED_PASSWORD).status_code == 200
    assert page_login(client, "direktor", PUBLISHED_PASSWORD).status_code == 429


def test_with_debug_the_demo_logins_work(demo_accounts, settings):
    settings.DEBUG = True
    client = Client()
    page_login(client, "direktor", PUBLISHED_PASSWORD)
    assert "_auth_user_id" in client.session
    assert api_login("anmeldung", PUBLISHED_PASSWORD).status_code == 200


def test_a_chosen_demo_password_still_logs_in(db):
    get_user_model().objects.create_superuser("direktor", password="Hallenabend-2026")
    client = Client()
    page_login(client, "direktor", "Hallenabend-2026")
    assert "_auth_user_id" in client.session
    assert api_login("direktor", "Hallenabend-2026").status_code == 200


def test_deploy_check_warns_while_an_account_has_the_published_password(demo_accounts):
    get_user_model().objects.create_superuser("chefin", password=PUBLISHED_PASSWORD)
    found = published_password_check()
    assert [w.id for w in found] == ["tournaments.W001"]
    assert "direktor" in found[0].msg and "anmeldung" in found[0].msg
    assert "chefin" in found[0].msg
    assert "manage.py changepassword direktor" in found[0].hint
    err = io.StringIO()
    call_command("check", "--deploy", stdout=io.StringIO(), stderr=err)
    assert "tournaments.W001" in err.getvalue()
    for user in get_user_model().objects.all():
        user.set_password("Neues-Passwort-2026")
        user.save()
    assert published_password_check() == []


def test_deploy_check_ignores_inactive_accounts(demo_accounts):
    get_user_model().objects.update(is_active=False)
    assert published_password_check() == []
