"""Fault tests: a private PostgreSQL and Redis, gunicorn and a Celery worker, then break things.

Run with ``make test-faults`` (``python -m pytest tests/faults -p no:cacheprovider -s``).
Nothing here touches the shared PostgreSQL on 5432 or Redis on 6379: the tests start
their own PostgreSQL cluster (``initdb`` in a temporary directory, port 5440) and Redis
(port 6390), because they stop and restart them. The test process never opens the
database itself; data is made and read through ``manage.py shell`` against that
cluster, so pytest-django's own test database is not involved.
"""

from __future__ import annotations

import contextlib
import glob
import http.cookiejar
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
PG_PORT = int(os.environ.get("FAULT_PG_PORT", "5440"))
REDIS_PORT = int(os.environ.get("FAULT_REDIS_PORT", "6390"))


def pytest_configure(config):
    config.addinivalue_line("markers", "faults: stops and kills services (make test-faults)")


def _asked_for(config) -> bool:
    """Only when named on the command line (or TURNIERWART_FAULTS=1): not in ``make test``."""
    if os.environ.get("TURNIERWART_FAULTS") == "1":
        return True
    here = Path(__file__).resolve().parent
    for arg in config.invocation_params.args:
        path = Path(str(arg).split("::")[0])
        path = (Path(config.invocation_params.dir) / path).resolve()
        if path == here or here in path.parents:
            return True
    return False


def pytest_collection_modifyitems(config, items):
    asked = _asked_for(config)
    skip = pytest.mark.skip(reason="fault tests run only on request: make test-faults")
    for item in items:
        if "tests/faults/" in str(item.fspath):
            item.add_marker(pytest.mark.faults)
            if not asked:
                item.add_marker(skip)


def _free(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) != 0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _as_postgres(cmd: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return cmd
    return ["su", "postgres", "-c", " ".join(cmd)]


class Postgres:
    """A throwaway cluster in a temporary directory."""

    def __init__(self, port: int) -> None:
        bins = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
        if not bins:
            pytest.skip("PostgreSQL server binaries are not installed")
        self.bin = Path(bins[-1]).parent
        self.port = port
        self.dir = Path(tempfile.mkdtemp(prefix="pgfault-"))
        self.data = self.dir / "data"
        self.log = self.dir / "pg.log"
        if os.geteuid() == 0:
            shutil.chown(self.dir, "postgres", "postgres")
        subprocess.run(_as_postgres([str(self.bin / "initdb"), "-D", str(self.data),
                                     "-U", "postgres", "--auth=trust"]),
                       check=True, capture_output=True)

    def ctl(self, *args: str) -> None:
        cmd = [str(self.bin / "pg_ctl"), "-D", str(self.data), "-w", "-l", str(self.log), *args]
        subprocess.run(_as_postgres(cmd), check=True, capture_output=True, timeout=60)

    def start(self) -> None:
        self.ctl("-o", f"'-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1'", "start")

    def stop(self) -> None:
        self.ctl("-m", "fast", "stop")

    def url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/turnierwart"

    def query(self, sql: str, *params: object) -> list[tuple]:
        import psycopg

        with psycopg.connect(f"host=127.0.0.1 port={self.port} user=postgres "
                             "dbname=turnierwart connect_timeout=5", autocommit=True) as conn:
            return conn.execute(sql, params).fetchall()


class Redis:
    def __init__(self, port: int) -> None:
        self.port = port
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen(["redis-server", "--bind", "127.0.0.1", "--port",
                                      str(self.port), "--save", "", "--appendonly", "no"],
                                     stdout=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + 10
        while _free(self.port):
            assert time.monotonic() < deadline, "redis did not start"
            time.sleep(0.05)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)

    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"


class Stack:
    def __init__(self, pg: Postgres, redis: Redis, logs: Path, media: Path) -> None:
        self.pg, self.redis, self.logs, self.media = pg, redis, logs, media
        self.port = _free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.env = {**os.environ, "DATABASE_URL": pg.url(), "REDIS_URL": redis.url(),
                    "CELERY_EAGER": "0", "MEDIA_ROOT": str(media), "DJANGO_DEBUG": "0",
                    "SECRET_KEY": "fault-tier-test-key", "ALLOWED_HOSTS": "127.0.0.1,localhost",
                    "HTTPS": "0",  # plain HTTP on the loopback, as on a hall laptop
                    "PYTHONPATH": str(ROOT), "DJANGO_SETTINGS_MODULE": "config.settings"}
        self.processes: dict[str, subprocess.Popen] = {}
        self.workers = 0
        self.tournament: dict = {}

    def url(self, path: str) -> str:
        return self.base_url + path

    def manage(self, *args: str, timeout: float = 300) -> str:
        out = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=self.env,
                             capture_output=True, text=True, timeout=timeout)
        if out.returncode:
            raise RuntimeError(out.stderr[-3000:])
        return out.stdout

    def python(self, code: str) -> object:
        """Run code in a Django shell against the fault database; it prints one JSON value."""
        return json.loads(self.manage("shell", "-c", code).strip().splitlines()[-1])

    def _spawn(self, name: str, cmd: list[str]) -> subprocess.Popen:
        with open(self.logs / f"{name}.log", "a") as log:
            proc = subprocess.Popen(cmd, cwd=ROOT, env=self.env, start_new_session=True,
                                    stdout=log, stderr=subprocess.STDOUT)
        self.processes[name] = proc
        return proc

    def start_gunicorn(self) -> None:
        self._spawn("gunicorn", [str(BIN / "gunicorn"), "-c", "config/gunicorn.py",
                                 "config.wsgi", "--bind", f"127.0.0.1:{self.port}",
                                 "--workers", "3", "--timeout", "30"])
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(self.url("/t/"), timeout=2)
                return
            except Exception:
                if time.monotonic() > deadline:
                    raise RuntimeError((self.logs / "gunicorn.log").read_text()[-2000:]) from None
                time.sleep(0.2)

    def start_worker(self, visibility_timeout: int | None = None) -> subprocess.Popen:
        """A Celery worker; ``visibility_timeout`` overrides the Redis transport's (1 h)."""
        self.workers += 1
        args = ["worker", "--loglevel=info", "--concurrency=1", "--without-gossip",
                "--without-mingle", "--without-heartbeat", "-n", f"fault{self.workers}@%h"]
        code = ("import django, sys; django.setup(); from config.celery import app; "
                + (f"app.conf.broker_transport_options = {{'visibility_timeout': "
                   f"{visibility_timeout}}}; " if visibility_timeout else "")
                + f"app.worker_main({args!r})")
        return self._spawn("celery", [sys.executable, "-c", code])

    def stop_all(self) -> None:
        for p in self.processes.values():
            if p.poll() is None:
                os.killpg(p.pid, signal.SIGTERM)
        for p in self.processes.values():
            try:
                p.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)


class Browser:
    """A logged-in director's session (cookies, CSRF) over urllib."""

    def __init__(self, stack: Stack) -> None:
        self.stack = stack
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def csrf(self) -> str:
        return next(c.value for c in self.jar if c.name == "csrftoken")

    def get(self, path: str, timeout: float = 15) -> tuple[int, str]:
        try:
            with self.opener.open(self.stack.url(path), timeout=timeout) as r:
                return r.status, r.read().decode()
        except urllib.error.HTTPError as err:
            return err.code, err.read().decode(errors="replace")

    def post(self, path: str, data: dict[str, str], timeout: float = 30) -> tuple[int, str]:
        body = urllib.parse.urlencode({**data, "csrfmiddlewaretoken": self.csrf()}).encode()
        req = urllib.request.Request(self.stack.url(path), data=body,
                                     headers={"Referer": self.stack.url(path)})
        try:
            with self.opener.open(req, timeout=timeout) as r:
                return r.status, r.read().decode()
        except urllib.error.HTTPError as err:
            return err.code, err.read().decode(errors="replace")

    def login(self, user: str, password: str) -> None:
        self.get("/accounts/login/")
        status, body = self.post("/accounts/login/", {"username": user, "password": password})
        assert status == 200 and "sessionid" in {c.name for c in self.jar}, body[-500:]


SEED = """
import json
from django.contrib.auth import get_user_model
from tournaments import services
from tournaments.services import Actor
user = get_user_model().objects.create_user("direktor", password="fault-pw")
actor = Actor(user, "direktor")
t = services.create_tournament(actor, "Fault Cup", "mucken", "pair")
for i in range(N):
    services.register(t, actor, [{"name": f"P{i}a"}, {"name": f"P{i}b"}], status="present")
services.draw_round(t, actor, seed="fault")
services.publish_round(t, actor, 1)
print(json.dumps({"slug": t.slug, "id": t.pk}))
"""


@pytest.fixture(scope="session")
def stack(tmp_path_factory):
    for port in (PG_PORT, REDIS_PORT):
        if not _free(port):
            pytest.skip(f"port {port} is in use; the fault tests need their own instances")
    if not shutil.which("redis-server"):
        pytest.skip("redis-server is not installed")
    pg = Postgres(PG_PORT)
    redis = Redis(REDIS_PORT)
    logs = tmp_path_factory.mktemp("logs")
    media = tmp_path_factory.mktemp("media")
    s = Stack(pg, redis, logs, media)
    try:
        pg.start()
        subprocess.run(_as_postgres([str(pg.bin / "createdb"), "-h", "127.0.0.1", "-p",
                                     str(PG_PORT), "-U", "postgres", "turnierwart"]),
                       check=True, capture_output=True)
        redis.start()
        s.manage("migrate", "-v0")
        s.tournament = s.python(SEED.replace("N)", "80)"))
        s.start_gunicorn()
        yield s
    finally:
        s.stop_all()
        redis.stop()
        with contextlib.suppress(Exception):
            pg.stop()
        shutil.rmtree(pg.dir, ignore_errors=True)


@pytest.fixture
def director(stack):
    b = Browser(stack)
    b.login("direktor", "fault-pw")
    return b
