"""The production topology with real processes: PostgreSQL, Redis, gunicorn and a Celery worker.

These tests run in ``make test-services`` (DATABASE_URL and REDIS_URL set). The
test process writes through the ORM into pytest-django's test database with
committed transactions; gunicorn and the worker are started against that same
database, so everything they do is visible to the test and the other way round.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/services/" in str(item.fspath):
            item.add_marker(pytest.mark.services)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _database_url() -> str:
    db = settings.DATABASES["default"]
    if "postgresql" not in db["ENGINE"]:
        pytest.skip("the services tier needs DATABASE_URL pointing at PostgreSQL")
    user = db.get("USER") or "postgres"
    auth = f"{user}:{db['PASSWORD']}" if db.get("PASSWORD") else user
    host, port = db.get("HOST") or "127.0.0.1", db.get("PORT") or 5432
    return f"postgres://{auth}@{host}:{port}/{db['NAME']}"


class Stack:
    """Handles of the running processes and where to reach them."""

    def __init__(self, base_url: str, env: dict[str, str], media: Path,
                 processes: dict[str, subprocess.Popen]) -> None:
        self.base_url = base_url
        self.env = env
        self.media = media
        self.processes = processes

    def url(self, path: str) -> str:
        return self.base_url + path


@pytest.fixture(scope="session")
def stack(django_db_setup, django_db_blocker, tmp_path_factory):
    if not os.environ.get("REDIS_URL"):
        pytest.skip("the services tier needs REDIS_URL")
    media = tmp_path_factory.mktemp("media")
    logs = tmp_path_factory.mktemp("logs")
    static = tmp_path_factory.mktemp("static")
    port = _free_port()
    env = {**os.environ, "DATABASE_URL": _database_url(), "REDIS_URL": os.environ["REDIS_URL"],
           "CELERY_EAGER": "0", "MEDIA_ROOT": str(media), "DJANGO_DEBUG": "0",
           "SECRET_KEY": "services-tier-test-key", "ALLOWED_HOSTS": "127.0.0.1,localhost",
           "HTTPS": "0",  # plain HTTP on the loopback, as on a hall laptop
           "STATIC_ROOT": str(static),
           "PYTHONPATH": str(ROOT), "DJANGO_SETTINGS_MODULE": "config.settings"}
    # As the Docker image does: the static files collected under hashed names (the
    # vendors' big folders left out for time; they keep their plain names).
    subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v0",
                    "-i", "drf_spectacular_sidecar", "-i", "admin", "-i", "rest_framework"],
                   cwd=ROOT, env=env, check=True)
    commands = {
        "gunicorn": [str(BIN / "gunicorn"), "-c", "config/gunicorn.py", "config.wsgi",
                     "--bind", f"127.0.0.1:{port}", "--workers", "3"],
        "celery": [str(BIN / "celery"), "-A", "config", "worker", "--loglevel=warning",
                   "--concurrency=2", "--without-gossip", "--without-mingle",
                   "--without-heartbeat"],
    }
    processes = {}
    for name, cmd in commands.items():
        with open(logs / f"{name}.log", "w") as log:  # the child keeps its own descriptor
            processes[name] = subprocess.Popen(cmd, cwd=ROOT, env=env, start_new_session=True,
                                               stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(base + "/t/", timeout=2)
            break
        except Exception:
            if time.monotonic() > deadline or processes["gunicorn"].poll() is not None:
                raise RuntimeError("gunicorn did not start: "
                                   + (logs / "gunicorn.log").read_text()[-2000:]) from None
            time.sleep(0.2)
    yield Stack(base, env, media, processes)
    for p in processes.values():
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGTERM)
    for p in processes.values():
        try:
            p.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
    shutil.rmtree(media, ignore_errors=True)
    shutil.rmtree(static, ignore_errors=True)
