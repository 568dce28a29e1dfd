"""Findings 6, 7 and 11 of the security review, each reproduced through the public door.

6: one address flooded the pre-registration until it was full. 7: logins (page and API)
could be guessed at without end. 11: bad captain tokens from one address blocked every
valid captain link from that address (a whole hall behind one NAT address).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import timedelta
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from rest_framework.authtoken.models import Token

from tournaments import ratelimit
from tournaments.models import Entrant, RateCount, Result
from tournaments.services import Actor, prereg

from .helpers import publish_first_round

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "turnier-2026"  # the director fixture's


NOW = 1_000_000.0


@pytest.fixture
def limits(settings):
    """Rate limits as configured by default, with some changed; the clock stands still, so
    that no window ends in the middle of a test however slow the machine is."""
    def set_(**kw: Any) -> None:
        settings.RATE_LIMITS = {**ratelimit.DEFAULTS, **kw}
    set_()
    with mock.patch("time.time", return_value=NOW):
        yield set_


# --- finding 6: pre-registration flood -----------------------------------------------------


@pytest.fixture
def open_chess(make_tournament, director):
    t = make_tournament("chess", name="Open Leupoldsgrün")
    prereg.set_prereg_open(t, Actor(director, director.username), True)
    return t


def prereg_url(t) -> str:
    return reverse("public:prereg", args=[t.slug])


def sign_up(client: Client, t, name: str, address: str = "198.51.100.7") -> Any:
    return client.post(prereg_url(t), {"p1_name": name, "club": "SK"}, REMOTE_ADDR=address)


def signed_up(t) -> int:
    return Entrant.objects.filter(tournament=t, preregistered=True).count()


def test_prereg_flood_from_one_address_is_refused_and_nothing_stored(open_chess, limits):
    """The scripted flood of the review, from one address, with the default limits."""
    answers = [sign_up(Client(), open_chess, f"Bot {k}").status_code for k in range(40)]
    accepted = answers.count(302)
    assert 1 <= accepted <= 10  # a handful, as a family on one phone needs
    assert answers == [302] * accepted + [429] * (40 - accepted)
    assert signed_up(open_chess) == accepted
    # The next real person, from their own address, still gets in.
    r = sign_up(Client(), open_chess, "Erika Mustermann", address="203.0.113.50")
    assert r.status_code == 302
    assert signed_up(open_chess) == accepted + 1


def test_a_family_signs_up_several_people_from_one_phone(open_chess, limits):
    phone = Client()
    for name in ("Vater", "Mutter", "Tochter", "Sohn", "Oma"):
        assert sign_up(phone, open_chess, name).status_code == 302
    assert signed_up(open_chess) == 5


def test_refusal_is_the_styled_page_with_a_message_and_retry_after(open_chess, limits):
    limits(prereg="2/10m")
    client = Client()
    for name in ("Anna", "Bernd"):
        assert sign_up(client, open_chess, name).status_code == 302
    r = sign_up(client, open_chess, "Carla Typed-In")
    html = r.content.decode()
    assert r.status_code == 429
    assert 1 <= int(r["Retry-After"]) <= 600
    assert "no-store" in r["Cache-Control"]
    assert "Pre-registration" in html and 'class="narrow prereg"' in html  # the page itself
    assert "Nothing was stored" in html and 'role="alert"' in html
    assert 'value="Carla Typed-In"' in html  # what was typed is kept
    assert not Entrant.objects.filter(name="Carla Typed-In").exists()
    assert signed_up(open_chess) == 2


def test_refused_address_may_sign_up_again_after_the_window(open_chess, limits):
    limits(prereg="1/10m")
    assert sign_up(Client(), open_chess, "Anna").status_code == 302
    r = sign_up(Client(), open_chess, "Bernd")
    assert r.status_code == 429
    retry = int(r["Retry-After"])
    with mock.patch("time.time", return_value=NOW + retry - 1):
        assert sign_up(Client(), open_chess, "Bernd").status_code == 429
    with mock.patch("time.time", return_value=NOW + retry):
        assert sign_up(Client(), open_chess, "Bernd").status_code == 302
    assert signed_up(open_chess) == 2


def test_many_addresses_hit_the_tournaments_burst_ceiling(open_chess, make_tournament,
                                                          director, limits):
    limits(prereg_tournament="5/m")
    answers = [sign_up(Client(), open_chess, f"Bot {k}", address=f"198.51.100.{k}").status_code
               for k in range(1, 9)]
    assert answers == [302] * 5 + [429] * 3
    assert signed_up(open_chess) == 5
    r = sign_up(Client(), open_chess, "Bot 99", address="198.51.100.99")
    assert "for this tournament" in r.content.decode()
    # Another tournament has its own ceiling.
    other = make_tournament("chess", name="Blitz")
    prereg.set_prereg_open(other, Actor(director, director.username), True)
    assert sign_up(Client(), other, "Erika", address="198.51.100.1").status_code == 302


def test_a_refused_address_does_not_use_up_the_tournaments_budget(open_chess, limits):
    limits(prereg="2/10m", prereg_tournament="5/m")
    for k in range(20):
        sign_up(Client(), open_chess, f"Bot {k}")
    for k in range(3):
        assert sign_up(Client(), open_chess, f"Gast {k}",
                       address=f"203.0.113.{k + 1}").status_code == 302


def test_prereg_refusal_in_german(open_chess, limits, settings):
    limits(prereg="0/10m")
    settings.LANGUAGE_CODE = "de"
    with translation.override("de"):
        r = Client().post(prereg_url(open_chess), {"p1_name": "Anna"},
                          HTTP_ACCEPT_LANGUAGE="de")
    html = r.content.decode()
    assert r.status_code == 429
    assert "Voranmeldung" in html and "Es wurde diesmal nichts gespeichert" in html


# --- finding 7: logins ---------------------------------------------------------------------


def page_login(client: Client, password: str, username: str = "direktor",
               address: str = "198.51.100.20", **extra: Any) -> Any:
    return client.post("/accounts/login/", {"username": username, "password": password},
                       REMOTE_ADDR=address, **extra)


def api_login(password: str, username: str = "direktor", address: str = "198.51.100.20",
              **extra: Any) -> Any:
    return Client().post("/api/v1/auth/token/",
                         json.dumps({"username": username, "password": password}),
                         content_type="application/json", REMOTE_ADDR=address, **extra)


def logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def test_login_page_locks_a_username_after_repeated_failures(director, settings):
    limit = settings.AXES_FAILURE_LIMIT
    assert 3 <= limit <= 10
    client = Client()
    for _ in range(limit - 1):
        r = page_login(client, "falsch")
        assert r.status_code == 200 and "errorlist" in r.content.decode()
    r = page_login(client, "falsch")
    assert r.status_code == 429
    html = r.content.decode()
    assert "Too many failed log-ins" in html and 'name="password"' in html
    assert int(r["Retry-After"]) == int(settings.AXES_COOLOFF_TIME.total_seconds())
    # The right password no longer helps from there.
    r = page_login(client, PASSWORD)
    assert r.status_code == 429 and not logged_in(client)


def test_api_token_locks_a_username_after_repeated_failures(director, settings):
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert api_login("falsch").status_code == 400
    r = api_login("falsch")
    assert r.status_code == 429
    assert "Too many failed log-ins" in r.json()["detail"]
    assert int(r["Retry-After"]) >= 60
    r = api_login(PASSWORD)
    assert r.status_code == 429 and "token" not in r.json()
    assert not Token.objects.filter(user=director).exists()


def test_page_and_api_failures_count_together(director, settings):
    limit = settings.AXES_FAILURE_LIMIT
    client = Client()
    for _ in range(limit - 1):
        page_login(client, "falsch")
    assert api_login("falsch").status_code == 429
    assert page_login(client, PASSWORD).status_code == 429


def test_lockout_is_per_username_and_address(director, stranger, settings):
    """Neither can a stranger lock the director out everywhere, nor one phone a whole hall."""
    for _ in range(settings.AXES_FAILURE_LIMIT):
        page_login(Client(), "falsch")
    assert page_login(Client(), PASSWORD).status_code == 429
    # The director from another address,
    client = Client()
    assert page_login(client, PASSWORD, address="203.0.113.77").status_code == 302
    assert logged_in(client)
    # another account from the same address.
    client = Client()
    assert page_login(client, PASSWORD, username="fremd").status_code == 302
    assert logged_in(client)
    assert api_login(PASSWORD, address="203.0.113.77").status_code == 200


def test_login_works_again_after_the_cooloff(director, settings):
    from axes.models import AccessAttempt

    for _ in range(settings.AXES_FAILURE_LIMIT):
        api_login("falsch")
    assert api_login(PASSWORD).status_code == 429
    AccessAttempt.objects.update(attempt_time=AccessAttempt.objects.get().attempt_time
                                 - settings.AXES_COOLOFF_TIME - timedelta(seconds=1))
    client = Client()
    assert page_login(client, PASSWORD).status_code == 302 and logged_in(client)


def test_a_good_login_clears_earlier_failures(director, settings):
    limit = settings.AXES_FAILURE_LIMIT
    for _ in range(limit - 1):
        page_login(Client(), "falsch")
    assert page_login(Client(), PASSWORD).status_code == 302
    for _ in range(limit - 1):
        assert page_login(Client(), "falsch").status_code == 200
    assert page_login(Client(), PASSWORD).status_code == 302


def test_forged_forwarded_for_does_not_escape_the_lockout(director, settings, limits):
    """Without trusted proxies X-Forwarded-For is ignored, for logins as for rate limits."""
    for k in range(settings.AXES_FAILURE_LIMIT):
        page_login(Client(), "falsch", HTTP_X_FORWARDED_FOR=f"10.9.9.{k}")
    r = page_login(Client(), PASSWORD, HTTP_X_FORWARDED_FOR="10.9.9.200")
    assert r.status_code == 429


def test_behind_a_trusted_proxy_each_client_address_counts(director, settings, limits):
    """One source of truth for the client address: RATE_LIMIT_TRUSTED_PROXIES."""
    from axes.models import AccessAttempt

    limits(trusted_proxies=1)
    proxy = "10.0.0.1"
    for _ in range(settings.AXES_FAILURE_LIMIT):
        page_login(Client(), "falsch", address=proxy, HTTP_X_FORWARDED_FOR="198.51.100.5")
    assert page_login(Client(), PASSWORD, address=proxy,
                      HTTP_X_FORWARDED_FOR="198.51.100.5").status_code == 429
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {"198.51.100.5"}
    client = Client()
    r = page_login(client, PASSWORD, address=proxy, HTTP_X_FORWARDED_FOR="198.51.100.6")
    assert r.status_code == 302 and logged_in(client)


def test_lockout_message_in_german(director, settings):
    settings.LANGUAGE_CODE = "de"
    with translation.override("de"):
        for _ in range(settings.AXES_FAILURE_LIMIT):
            r = page_login(Client(), "falsch", HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 429
    assert "Zu viele fehlgeschlagene Anmeldungen" in r.content.decode()


def test_api_login_fields_are_bounded(director):
    r = api_login("x", username="d" * 5000)
    assert r.status_code == 400 and "username" in r.json()
    r = api_login("p" * 5000)
    assert r.status_code == 400 and "password" in r.json()


def test_login_settings_come_from_the_environment():
    code = ("import django, os; os.environ['DJANGO_SETTINGS_MODULE'] = 'config.settings'; "
            "from django.conf import settings as s; "
            "print(s.AXES_FAILURE_LIMIT, int(s.AXES_COOLOFF_TIME.total_seconds()), "
            "s.RATE_LIMITS['prereg'], s.RATE_LIMITS['prereg_tournament'])")
    env = {**os.environ, "LOGIN_FAILURE_LIMIT": "7", "LOGIN_COOLOFF_MINUTES": "2",
           "RATE_LIMIT_PREREG": "4/5m", "RATE_LIMIT_PREREG_TOURNAMENT": "50/m"}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                         text=True, check=True)
    assert out.stdout.split() == ["7", "120", "4/5m", "50/m"]
    env["RATE_LIMIT_PREREG"] = "lots"
    bad = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                         text=True)
    assert bad.returncode != 0 and "RATE_LIMIT_PREREG must be a rate" in bad.stderr


# --- finding 11: bad captain tokens must not block valid links ------------------------------


@pytest.fixture
def tables(make_tournament, boss):
    """Round 1 published in two tournaments: a table of each."""
    out = []
    for name in ("Turnier A", "Turnier B"):
        t = make_tournament("chess", entrants=4, name=name)
        _, first = publish_first_round(t, boss, "tokens")
        out.append(first[0])
    return out


HALL = "198.51.100.30"  # every phone of the hall behind one NAT address


def test_bad_tokens_from_one_address_never_block_valid_links(tables, limits):
    phone = Client(REMOTE_ADDR=HALL)
    for k in range(30):
        assert phone.get(f"/c/guess{k:027d}/").status_code == 404
    assert phone.get("/c/guess-once-more/").status_code == 429
    # Every real link of any tournament still works from the same address: page, QR, API.
    for table in tables:
        assert phone.get(reverse("captain:table", args=[table.token])).status_code == 200
        assert phone.get(reverse("captain:qr", args=[table.token])).status_code == 200
        assert phone.get(reverse("api-captain", args=[table.token])).status_code == 200
    r = phone.post(reverse("captain:table", args=[tables[0].token]), {"score": "1-0"})
    assert r.status_code == 302
    r = phone.post(reverse("api-captain", args=[tables[1].token]), {"score": "0-1"},
                   content_type="application/json")
    assert r.status_code == 200
    assert Result.objects.count() == 2


def test_guessing_on_is_slowed_down(tables, limits):
    limits(captain_unknown=3)
    phone = Client(REMOTE_ADDR=HALL)
    for k in range(3):
        assert phone.get(f"/c/guess{k}/").status_code == 404
    for url in ("/c/guess-a/", reverse("captain:qr", args=["guess-b"]),
                reverse("api-captain", args=["guess-c"])):
        r = phone.get(url)
        assert r.status_code == 429 and 1 <= int(r["Retry-After"]) <= 61
    assert "Too many requests" in phone.get(reverse("api-captain", args=["x"])).json()["detail"]
    # Another address guesses on its own budget.
    assert Client(REMOTE_ADDR="203.0.113.8").get("/c/guess-d/").status_code == 404


def test_a_valid_link_keeps_its_own_budget_while_others_guess(tables, limits):
    limits(captain=3, captain_unknown=1)
    phone = Client(REMOTE_ADDR=HALL)
    phone.get("/c/guess-1/")
    phone.get("/c/guess-2/")
    url = reverse("captain:table", args=[tables[0].token])
    assert [phone.get(url).status_code for _ in range(4)] == [200, 200, 200, 429]
    assert phone.get(reverse("captain:table", args=[tables[1].token])).status_code == 200


def test_no_token_in_any_rate_count_key(tables, limits):
    phone = Client(REMOTE_ADDR=HALL)
    guess = "guessguessguessguessguessguess12"
    phone.get(f"/c/{guess}/")
    for table in tables:
        phone.get(reverse("captain:table", args=[table.token]))
        phone.get(reverse("api-captain", args=[table.token]))
    keys = " ".join(RateCount.objects.values_list("key", flat=True))
    assert RateCount.objects.count() == 1 + len(tables)  # the counts are there
    assert HALL not in keys
    for token in [guess, *(t.token for t in tables)]:
        assert token not in keys and token[:12] not in keys
