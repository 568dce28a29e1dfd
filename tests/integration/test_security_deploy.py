"""Findings 8, 9, 14 and 15 of the security review of Turnierwart run as production would.

Settings are read once per process, so what depends on the environment (the secret key,
the HTTPS switches, ``check --deploy``) runs ``manage.py`` or imports the settings in a
subprocess with exactly the environment given; the rest goes through pages, the API and
the management commands as a visitor or an operator would.
"""

from __future__ import annotations

import io
import json
import os
import re
import secrets
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from config.secret import PUBLISHED_KEYS
from tournaments import services
from tournaments.models import Tournament
from tournaments.services import Actor, prereg

from .test_permission_table import (
    EXPECTED,
    PUBLIC,
    fill,
    outcome,
    patterns,
    world,  # noqa: F401 (the fixture, used through `site`)
)

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
MB = 1024 * 1024


@pytest.fixture
def site(request):
    """test_permission_table's world: a public chess tournament with an open round, its
    director, desk and a stranger; ``(tournament, URL values, users)``."""
    return request.getfixturevalue("world")


# --------------------------------------------------------------------- helpers


def environment(tmp_path: Path, **values: str) -> dict[str, str]:
    """Only what the test gives: no SECRET_KEY, HTTPS … inherited from the test run."""
    env = {"PATH": os.environ.get("PATH", ""), "HOME": str(tmp_path), "LANG": "C.UTF-8",
           "PYTHONPATH": str(ROOT), "DJANGO_SETTINGS_MODULE": "config.settings",
           "SECRET_KEY_FILE": str(tmp_path / "data" / "secret_key")}
    env.update(values)
    return {k: v for k, v in env.items() if v is not None}


def run(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300)


SHOW = """
import json
import django
django.setup()
from django.conf import settings as s
print(json.dumps({
    "debug": s.DEBUG, "key": s.SECRET_KEY, "ssl_redirect": s.SECURE_SSL_REDIRECT,
    "session_secure": s.SESSION_COOKIE_SECURE, "csrf_secure": s.CSRF_COOKIE_SECURE,
    "hsts": s.SECURE_HSTS_SECONDS, "proxy_header": s.SECURE_PROXY_SSL_HEADER,
    "database": s.DATABASES["default"]["ENGINE"], "db_name": str(s.DATABASES["default"]["NAME"]),
    "cache": s.CACHES["default"]["BACKEND"], "eager": s.CELERY_TASK_ALWAYS_EAGER,
    "hosts": s.ALLOWED_HOSTS, "csrf_origins": s.CSRF_TRUSTED_ORIGINS,
    "media": str(s.MEDIA_ROOT), "time_zone": s.TIME_ZONE, "render": s.PUBLIC_RENDER_INTERVAL,
    "rate_limits": s.RATE_LIMITS, "body": s.DATA_UPLOAD_MAX_MEMORY_SIZE,
}))
"""


def show(env: dict[str, str]) -> dict[str, Any]:
    done = run(["-c", SHOW], env)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def one_line_refusal(done: subprocess.CompletedProcess[str], *words: str) -> None:
    """Refused as the finding asks: status 3 (gunicorn stops), one line, no traceback."""
    assert done.returncode == 3, (done.returncode, done.stdout, done.stderr)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    for word in words:
        assert word in lines[0], lines[0]


def production(tmp_path: Path, **values: str) -> dict[str, str]:
    """The README's production set-up behind a TLS proxy."""
    return environment(tmp_path, DJANGO_DEBUG="0", SECRET_KEY=secrets.token_urlsafe(50),
                       ALLOWED_HOSTS="turnier.example.org", TLS_PROXY="1", **values)


def deploy_warnings(done: subprocess.CompletedProcess[str]) -> set[str]:
    return set(re.findall(r"\((security\.[EW]\d+|[\w.]+\.[EW]\d+)\)", done.stdout + done.stderr))


# --------------------------------------------- finding 8: never a known secret key


def test_production_without_secret_key_makes_a_random_key_once_and_keeps_it(tmp_path):
    env = environment(tmp_path, DJANGO_DEBUG="0")
    first = show(env)["key"]
    key_file = tmp_path / "data" / "secret_key"
    assert first not in PUBLISHED_KEYS and len(first) >= 50
    assert "insecure" not in first
    assert key_file.read_text().strip() == first
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert show(env)["key"] == first  # the next start reads the same key
    other = environment(tmp_path, DJANGO_DEBUG="0",
                        SECRET_KEY_FILE=str(tmp_path / "elsewhere" / "key"))
    assert show(other)["key"] != first  # another installation, another key


def test_processes_starting_at_once_agree_on_one_key(tmp_path):
    """Four processes (gunicorn workers) import the settings together on a fresh install."""
    env = environment(tmp_path, DJANGO_DEBUG="0")
    code = ("import django; django.setup(); from django.conf import settings; "
            "print(settings.SECRET_KEY)")
    procs = [subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, env=env, text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
             for _ in range(4)]
    keys = set()
    for p in procs:
        out, err = p.communicate(timeout=120)
        assert p.returncode == 0, err
        keys.add(out.strip())
    assert len(keys) == 1
    (key,) = keys
    assert key not in PUBLISHED_KEYS and len(key) >= 50
    assert sorted(os.listdir(tmp_path / "data")) == ["secret_key"]  # no half-written leftovers


def test_a_required_key_that_is_missing_stops_with_one_line(tmp_path):
    env = environment(tmp_path, DJANGO_DEBUG="0", DJANGO_REQUIRE_SECRET_KEY="1")
    one_line_refusal(run(["manage.py", "check"], env), "SECRET_KEY")
    assert not (tmp_path / "data").exists()


def test_the_key_once_published_in_the_source_is_refused_in_production(tmp_path):
    for key in PUBLISHED_KEYS:
        env = environment(tmp_path, DJANGO_DEBUG="0", SECRET_KEY=key)
        one_line_refusal(run(["manage.py", "check", "--deploy"], env), "SECRET_KEY")


def test_a_key_file_that_cannot_be_written_stops_with_one_line(tmp_path):
    (tmp_path / "a-file").write_text("not a folder")
    env = environment(tmp_path, DJANGO_DEBUG="0",
                      SECRET_KEY_FILE=str(tmp_path / "a-file" / "secret_key"))
    one_line_refusal(run(["manage.py", "check"], env), "SECRET_KEY", "a-file")


@pytest.mark.parametrize("name, value", [
    ("PUBLIC_RENDER_INTERVAL", "zwei"), ("PUBLIC_RENDER_INTERVAL", "inf"),
    ("PUBLIC_RENDER_INTERVAL", "nan"), ("PUBLIC_RENDER_TIME", "-1"),
    ("PUBLIC_RENDER_TIME", "1e300")])
def test_render_seconds_that_are_no_bounded_number_stop_with_one_line(tmp_path, name, value):
    env = environment(tmp_path, DJANGO_DEBUG="1", **{name: value})
    one_line_refusal(run(["manage.py", "check"], env), name, "seconds from 0 to 3600")


def test_the_embedded_default_keeps_every_variable_default(tmp_path):
    """``make run``: only DJANGO_DEBUG=1 (and here a key file outside the checkout)."""
    s = show(environment(tmp_path, DJANGO_DEBUG="1"))
    assert s["debug"] is True and len(s["key"]) >= 50
    assert s["database"] == "django.db.backends.sqlite3"
    assert s["db_name"] == str(ROOT / "db.sqlite3")
    assert s["cache"].endswith("LocMemCache") and s["eager"] is True
    assert s["hosts"] == ["localhost", "127.0.0.1", "[::1]"] and s["csrf_origins"] == []
    assert s["media"] == str(ROOT / "media") and s["time_zone"] == "Europe/Berlin"
    assert s["render"] == 2.0 and s["body"] == 2_621_440
    assert s["rate_limits"] == {"enabled": True, "window": 60, "captain": 120,
                                "captain_unknown": 30, "trusted_proxies": 0,
                                "prereg": "8/10m", "prereg_tournament": "30/m"}
    # plain HTTP on 127.0.0.1:8000: nothing secure-only, no redirect
    assert (s["ssl_redirect"], s["session_secure"], s["csrf_secure"], s["hsts"]) == (
        False, False, False, 0)


def test_variables_are_read_as_before(tmp_path):
    s = show(environment(tmp_path, DJANGO_DEBUG="yes", ALLOWED_HOSTS="a.example,,b.example",
                         DATABASE_URL="postgres://u:p@db.example:5433/tw", TIME_ZONE="UTC",
                         RATE_LIMIT_CAPTAIN="7", RATE_LIMITS_ENABLED="0",
                         PUBLIC_RENDER_INTERVAL="0.5", MEDIA_ROOT=str(tmp_path / "m")))
    assert s["debug"] is True and s["hosts"] == ["a.example", "b.example"]
    assert s["database"] == "django.db.backends.postgresql" and s["db_name"] == "tw"
    assert s["time_zone"] == "UTC" and s["render"] == 0.5 and s["media"] == str(tmp_path / "m")
    assert s["rate_limits"]["captain"] == 7 and s["rate_limits"]["enabled"] is False


def test_make_run_steps_work_and_print_the_readme_logins(tmp_path):
    """migrate and load_demo as ``make run`` calls them (the database in a temporary folder)."""
    env = environment(tmp_path, DJANGO_DEBUG="1",
                      DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}")
    migrate = run(["manage.py", "migrate", "-v0"], env)
    assert migrate.returncode == 0, migrate.stderr
    demo = run(["manage.py", "load_demo"], env)
    assert demo.returncode == 0, demo.stderr
    assert "direktor / turnierwart" in demo.stdout and "anmeldung / turnierwart" in demo.stdout


# ------------------------------------------ finding 9: the demo in production


@pytest.fixture
def quiet_demo(monkeypatch):
    """load_demo's tournaments are not what these tests look at: skip them for speed."""
    from tournaments.management.commands.load_demo import Command

    monkeypatch.setattr(Command, "load_tournaments", lambda self, user, desk: None)


def demo(*args: str) -> str:
    out = io.StringIO()
    call_command("load_demo", *args, stdout=out)
    return out.getvalue()


def token_for(username: str, password: str) -> int:
    return APIClient().post(reverse("api-token"), {"username": username, "password": password},
                            format="json").status_code


@pytest.mark.django_db
def test_load_demo_refuses_in_production_unless_asked(quiet_demo):
    with pytest.raises(CommandError, match="--allow-production") as refused:
        demo()
    assert refused.value.returncode == 2
    assert not get_user_model().objects.exists()


@pytest.mark.django_db
def test_load_demo_in_production_never_uses_the_known_password(quiet_demo, monkeypatch,
                                                               client):
    monkeypatch.delenv("DEMO_PASSWORD", raising=False)
    out = demo("--allow-production")
    password = re.search(r"Login: direktor / (\S+)", out).group(1)
    assert password != "turnierwart" and f"anmeldung / {password}" in out
    assert "shown only now" in out
    assert token_for("direktor", "turnierwart") == 400  # no token, no /admin/
    assert not get_user_model().objects.get(username="direktor").check_password("turnierwart")
    assert token_for("direktor", password) == 200
    again = demo("--allow-production")  # the accounts exist: their password stays
    assert password not in again and "unchanged" in again


@pytest.mark.django_db
def test_load_demo_in_production_takes_demo_password_but_not_the_readme_one(quiet_demo,
                                                                            monkeypatch):
    monkeypatch.setenv("DEMO_PASSWORD", "turnierwart")
    with pytest.raises(CommandError, match="DEMO_PASSWORD") as refused:
        demo("--allow-production")
    assert refused.value.returncode == 2 and not get_user_model().objects.exists()
    monkeypatch.setenv("DEMO_PASSWORD", "Hallenabend-2026")
    out = demo("--allow-production")
    assert "direktor / Hallenabend-2026" in out and "shown only now" not in out
    assert token_for("anmeldung", "Hallenabend-2026") == 200


@pytest.mark.django_db
def test_load_demo_in_production_replaces_a_known_password_left_by_make_run(quiet_demo,
                                                                            monkeypatch,
                                                                            settings):
    monkeypatch.delenv("DEMO_PASSWORD", raising=False)
    settings.DEBUG = True
    assert "direktor / turnierwart" in demo()  # make run on this database earlier
    settings.DEBUG = False
    out = demo("--allow-production")
    assert token_for("direktor", "turnierwart") == 400
    assert token_for("anmeldung", "turnierwart") == 400
    assert "Login: direktor /" in out and "Login: anmeldung /" in out


@pytest.mark.django_db
def test_load_demo_with_debug_keeps_the_readme_logins(settings, monkeypatch):
    monkeypatch.delenv("DEMO_PASSWORD", raising=False)
    settings.DEBUG = True
    out = demo()
    assert "direktor / turnierwart" in out and "anmeldung / turnierwart" in out
    assert token_for("direktor", "turnierwart") == 200
    assert Tournament.objects.filter(slug="demo-mucken").exists()


@pytest.mark.django_db
def test_load_demo_with_debug_names_no_password_an_account_does_not_have(quiet_demo,
                                                                         monkeypatch, settings):
    """After a hall start (make run HOST=0.0.0.0 gave the accounts a fresh password), make run
    on this computer must not print the README's password as if it still worked."""
    settings.DEBUG = True
    monkeypatch.setenv("DEMO_PASSWORD", "Hallenabend-2026")
    demo()
    monkeypatch.delenv("DEMO_PASSWORD")
    out = demo()
    assert "/ turnierwart" not in out.replace("not turnierwart", "")
    assert "direktor keeps the password it has" in out and "changepassword anmeldung" in out
    assert token_for("direktor", "Hallenabend-2026") == 200


# ------------------------------- finding 14: a private tournament's 404 names nothing


PUBLIC_WITH_SLUG = [k for k, v in EXPECTED.items()
                    if k.startswith("public:") and k != "public:home"
                    and (v is PUBLIC or k in ("public:prereg", "public:cross_table"))]


@pytest.mark.django_db
@pytest.mark.parametrize("who", ["anon", "other"])
def test_a_private_tournament_looks_like_no_tournament(client, site, who):
    t, values, users = site
    services.update_tournament(t, Actor.of(users["director"]), public=False)
    assert not t.prereg_open
    if who == "other":
        client.force_login(users["other"])
    missing = "x" * len(t.slug)  # an address of the same length that names no tournament
    assert not Tournament.objects.filter(slug=missing).exists()
    routes = dict(patterns())
    assert "public:prereg" in PUBLIC_WITH_SLUG and "public:statistics" in PUBLIC_WITH_SLUG
    for key in PUBLIC_WITH_SLUG:
        private = client.get(fill(routes[key], values))
        unknown = client.get(fill(routes[key], {**values, "slug": missing}))
        assert private.status_code == unknown.status_code == 404, key
        assert private["Content-Type"] == unknown["Content-Type"], key
        body = private.content.decode().replace(t.slug, missing)
        assert body == unknown.content.decode(), key
        assert t.name not in body, key


@pytest.mark.django_db
def test_a_private_tournament_still_takes_sign_ups_while_they_are_open(client, site):
    t, _values, users = site
    boss = Actor.of(users["director"])
    services.update_tournament(t, boss, public=False, status="setup")
    Tournament.objects.filter(pk=t.pk).update(status="setup")
    t.rounds.all().delete()
    prereg.set_prereg_open(t, boss, True)
    page = client.get(reverse("public:prereg", args=[t.slug]))
    assert page.status_code == 200 and t.name in page.content.decode()


# ------------------------------------------------------- finding 15: hardening


def test_check_deploy_is_clean_with_the_documented_production_settings(tmp_path):
    done = run(["manage.py", "check", "--deploy"], production(tmp_path))
    remaining = deploy_warnings(done)
    for fixed in ("security.W004", "security.W008", "security.W012", "security.W016",
                  "security.W009", "security.W018", "security.W020"):
        assert fixed not in remaining, done.stdout + done.stderr
    unexplained = [w for w in remaining if w not in README]
    assert not unexplained, ("warnings of check --deploy the README does not explain: "
                             f"{unexplained}\n{done.stdout}{done.stderr}")


def test_https_0_turns_the_https_settings_off_on_purpose(tmp_path):
    """A hall laptop on plain HTTP: the four warnings come back, as the README says."""
    s = show(production(tmp_path, HTTPS="0"))
    assert (s["ssl_redirect"], s["session_secure"], s["csrf_secure"], s["hsts"]) == (
        False, False, False, 0)
    done = run(["manage.py", "check", "--deploy"], production(tmp_path, HTTPS="0"))
    lan = deploy_warnings(done)
    assert {"security.W004", "security.W008", "security.W012", "security.W016"} <= lan
    assert all(w in README for w in lan)


def test_production_defaults_are_https_and_the_proxy_header_only_when_trusted(tmp_path):
    s = show(environment(tmp_path, DJANGO_DEBUG="0", SECRET_KEY=secrets.token_urlsafe(50)))
    assert (s["ssl_redirect"], s["session_secure"], s["csrf_secure"]) == (True, True, True)
    assert s["hsts"] >= 31_536_000 and s["proxy_header"] is None
    trusted = show(production(tmp_path))
    assert trusted["proxy_header"] == ["HTTP_X_FORWARDED_PROTO", "https"]


@pytest.mark.django_db
def test_production_requests_are_redirected_to_https_and_get_hsts(client, settings):
    settings.SECURE_SSL_REDIRECT = True
    settings.SECURE_HSTS_SECONDS = 31_536_000
    settings.SESSION_COOKIE_SECURE = settings.CSRF_COOKIE_SECURE = True
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    plain = client.get("/t/")
    assert plain.status_code == 301 and plain["Location"].startswith("https://")
    behind_proxy = client.get("/t/", HTTP_X_FORWARDED_PROTO="https")
    assert behind_proxy.status_code == 200
    assert behind_proxy["Strict-Transport-Security"].startswith("max-age=31536000")


INLINE = {
    "inline script": re.compile(r"<script(?![^>]*\ssrc=)(?![^>]*type=\"application/json\")[^>]*>",
                                re.I),
    "style element": re.compile(r"<style[\s>]", re.I),
    "style attribute": re.compile(r"<[a-z][^>]*\sstyle=", re.I),
    "event handler": re.compile(r"<[a-z][^>]*\son[a-z]+=", re.I),
    "hx-on": re.compile(r"\shx-on[:-]", re.I),
    "trigger filter": re.compile(r"hx-trigger=\"[^\"]*\[", re.I),
}


@pytest.mark.django_db
def test_pages_carry_a_strict_policy_and_no_inline_code(client, site, settings):
    """Every page any role can open: the CSP header, and nothing in it the policy would drop
    (the browser walk in tests/browser/test_csp.py checks the same in chromium)."""
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "enabled": False}
    _t, values, users = site
    client.force_login(users["director"])
    failures = []
    checked = 0
    for key, route in patterns():
        if key.startswith(("admin", "api-")) and key != "api-docs":
            continue
        response = client.get(fill(route, values))
        if not response.get("Content-Type", "").startswith("text/html"):
            continue
        checked += 1
        policy = response.get("Content-Security-Policy", "")
        for part in ("default-src 'self'", "script-src 'self'", "style-src 'self'",
                     "img-src 'self' data:", "object-src 'none'", "frame-ancestors 'none'"):
            if part not in policy:
                failures.append(f"{key}: policy without {part}: {policy!r}")
        if "unsafe-" in policy:
            failures.append(f"{key}: {policy!r}")
        html = response.content.decode()
        failures.extend(f"{key}: {what}: {m.group(0)[:80]}" for what, rx in INLINE.items()
                        for m in [rx.search(html)] if m)
    assert checked > 25
    assert not failures, "\n".join(failures)


@pytest.mark.django_db
@pytest.mark.parametrize("role", ["anon", "director"])
def test_head_is_answered_like_get(client, site, role, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "enabled": False}
    _t, values, users = site
    if users[role] is not None:
        client.force_login(users[role])
    failures = []
    for key, route in patterns():
        path = fill(route, values)
        got, head = client.get(path), client.head(path)
        if outcome(got) != outcome(head):
            failures.append(f"HEAD {path} [{key}]: {outcome(head)}, GET: {outcome(got)}")
        if head.content:
            failures.append(f"HEAD {path} [{key}] has a body")
    assert not failures, "\n".join(failures)
    assert client.head("/t/").status_code == 200


@pytest.fixture
def api(director) -> APIClient:
    """A director who may create tournaments (the imports need that right)."""
    from django.contrib.auth.models import Permission

    director.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    c = APIClient()
    c.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=director)[0].key}")
    return c


@pytest.mark.django_db
def test_a_50_mb_trf_body_is_refused_before_it_is_read(api):
    body = b"012 Turnier\n" + b"x" * (50 * MB)
    r = api.generic("POST", reverse("api-import-trf"), body, content_type="text/plain")
    assert r.status_code == 413
    assert "larger than 20 MB" in r.json()["__all__"][0]
    assert not Tournament.objects.exists()


@pytest.mark.django_db
def test_the_text_parser_stops_at_the_limit_on_its_own(api, settings):
    """Without the middleware in front the parser still reads no more than the limit."""
    settings.MIDDLEWARE = [m for m in settings.MIDDLEWARE if "bodylimit" not in m]
    body = b"x" * (20 * MB + 1)
    r = api.generic("POST", reverse("api-import-trf"), body, content_type="text/plain")
    assert r.status_code == 400 and f"larger than {20 * MB} bytes" in r.json()["detail"]
    assert not Tournament.objects.exists()


@pytest.mark.django_db
def test_a_view_that_takes_less_refuses_in_its_parser_with_the_number(make_tournament,
                                                                       director):
    """The middleware's limit is the general one; a captain's result (64 KB) is refused
    by the parser, with the exact bound, before the 2.5 MB would matter."""
    t = make_tournament("mucken", entrant_kind="pair", entrants=4)
    services.draw_round(t, Actor.of(director), seed="cap")
    rnd = services.publish_round(t, Actor.of(director), 1)
    token = rnd.tables.order_by("number").first().token
    r = APIClient().generic("POST", reverse("api-captain", args=[token]), b"x" * 70_000,
                            content_type="application/json")
    assert r.status_code == 400 and "larger than 65536 bytes" in r.json()["detail"]
    r = APIClient().generic("POST", reverse("api-captain", args=[token]), b"x" * (3 * MB),
                            content_type="application/json")
    assert r.status_code == 413


@pytest.mark.django_db
def test_other_bodies_are_bounded_by_the_request_limit(api, director_client, make_tournament):
    big = 3 * MB
    r = api.generic("POST", reverse("api-tournaments"),
                    json.dumps({"name": "x" * big}).encode(), content_type="application/json")
    assert r.status_code == 413 and "2.5 MB" in r.json()["__all__"][0]
    t = make_tournament("mucken", entrant_kind="pair")
    page = director_client.generic("POST", reverse("desk:tournament", args=[t.slug]),
                                   b"p1_name=" + b"x" * big,
                                   content_type="application/x-www-form-urlencoded")
    assert page.status_code == 413 and "2.5 MB" in page.content.decode()
    assert t.entrants.count() == 0


@pytest.mark.django_db
def test_an_upload_may_be_as_large_as_the_import_allows_and_no_larger(director_client):
    boundary = "grenze"
    head = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"action\"\r\n\r\nimport\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"document\"; "
            f"filename=\"t.json\"\r\nContent-Type: application/json\r\n\r\n").encode()
    tail = f"\r\n--{boundary}--\r\n".encode()
    content_type = f"multipart/form-data; boundary={boundary}"
    huge = director_client.generic("POST", reverse("director:home"),
                                   head + b" " * (21 * MB) + tail, content_type=content_type)
    assert huge.status_code == 413 and "20 MB" in huge.content.decode()
    small = director_client.generic("POST", reverse("director:home"),
                                    head + b'{"format": "nope"}' + tail,
                                    content_type=content_type)
    assert small.status_code != 413


@pytest.mark.django_db
def test_make_run_in_the_hall_replaces_the_readme_password(quiet_demo, monkeypatch, settings):
    """``make run HOST=0.0.0.0`` passes a fresh DEMO_PASSWORD (Makefile): the demo logins of
    an earlier ``make run`` on this computer lose the README's password."""
    settings.DEBUG = True
    monkeypatch.delenv("DEMO_PASSWORD", raising=False)
    assert "direktor / turnierwart" in demo()
    monkeypatch.setenv("DEMO_PASSWORD", "Wlan-Abend-2026")
    assert "direktor / Wlan-Abend-2026" in demo()
    for name in ("direktor", "anmeldung"):
        user = get_user_model().objects.get(username=name)
        assert user.check_password("Wlan-Abend-2026") and not user.check_password("turnierwart")
