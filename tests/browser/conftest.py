"""Playwright driving Debian's chromium (never a downloaded browser) against a live server."""

import os
import shutil
from pathlib import Path

import pytest

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser/" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    sync_api = pytest.importorskip("playwright.sync_api")
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # ORM calls beside Playwright
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run"])
        yield b
        b.close()


@pytest.fixture
def shot():
    """shot(page, "name") saves tests/artifacts/name.png (full page)."""
    ARTIFACTS.mkdir(exist_ok=True)

    def take(page, name):
        page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)

    return take


@pytest.fixture(autouse=True)
def close_pages(request):
    """Close every page a test opened: a spectator's page keeps polling, and its requests
    would reach the live server after the test and print errors into later tests' output."""
    yield
    if "browser" in request.fixturenames:
        for context in list(request.getfixturevalue("browser").contexts):
            context.close()


@pytest.fixture(autouse=True)
def rate_limits_off_on_shared_sqlite(request):
    """The rate limits count in the database on every captain-link request (issue 32,
    finding 4). The live server's threads share the in-memory SQLite test database's one
    connection, so a count written while another thread reads breaks that connection's
    transaction ("cannot open savepoint - SQL statements in progress") and every later query
    of the test. A real installation gives each thread its own connection (make run's SQLite
    file waits for the lock, PostgreSQL locks the row): the limits themselves are tested in
    tests/integration (test_security_round3.py, test_security_throttle.py) and, on
    PostgreSQL, here."""
    if "live_server" not in request.fixturenames:
        yield
        return
    from django.db import connection

    settings = request.getfixturevalue("settings")
    if connection.vendor == "sqlite":
        settings.RATE_LIMITS = {**settings.RATE_LIMITS, "enabled": False}
    yield
