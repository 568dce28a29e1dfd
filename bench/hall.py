"""An evening in the hall against the production topology, started here and torn down after.

    .venv/bin/python bench/hall.py                      # 3 minutes, 1000 spectators, 250 tables
    .venv/bin/python bench/hall.py --minutes 1 --spectators 300 --tables 50
    .venv/bin/python bench/hall.py --find-rate 250,500,1000,1500,2000 --step-seconds 30
    .venv/bin/python bench/hall.py --wrk                # also 30 s of wrk: standings vs static
    .venv/bin/python bench/hall.py --proxy --nodes 2    # through nginx, two gunicorn nodes
    .venv/bin/python bench/hall.py --proxy --nodes 2 --kill-node-at 60   # one SIGKILLed
    .venv/bin/python bench/hall.py --board --table-codes   # board open, phones use the codes

What runs: a fresh PostgreSQL database ``turnierwart_bench`` (dropped and created), Redis db 14
(flushed; ``HALL_DATABASE=name`` and ``HALL_REDIS=redis://...`` choose others), gunicorn
(config/gunicorn.py: gthread, 4 workers x 4 threads) on a free port, one Celery worker
(niced, as in docker-compose.yml); ``DJANGO_DEBUG=0``, ``ALLOWED_HOSTS=127.0.0.1``.
With ``--proxy``, the static files are collected (hashed names, as in the image) and
Debian's nginx runs the shipped deploy/nginx/turnierwart.conf in front (bench/proxy.py);
every client then goes through it. ``--nodes N`` starts N gunicorns (each ``--workers`` x
``--threads``) behind the proxy; ``--kill-node-at S`` SIGKILLs the last one (master and
workers) S seconds into the evening. A Mucken tournament of fixed pairs (two per
table) has round 1 drawn and published. Then, at once, from this process (asyncio; httpx for
the captains, desks and director, a bare keep-alive connection per spectator's phone):

- spectators poll the standings fragment every 5 s, sending If-None-Match (304s counted),
  one poll in twenty is the whole public page;
- one captain per table submits within the first 80 % of the run, half of them through the
  phone page's form (load, post, confirmation), half through the captain API; some tables get a
  second agreeing submission, some a differing one (a dispute); every phone comes from
  127.0.0.1, as in a hall behind one NAT address;
- desk users (not the director) register late entries on the desk page's form (htmx), and
  now and then reload the desk page;
- the director orders PDFs (the reports page, with a session) and reads the API standings;
  when the captains are done, settles the disputes, closes round 1, draws and publishes round 2;
- with ``--board`` the director's live board of tables polls every 5 s (``director-board``);
  with ``--table-codes`` the phones open the table's permanent card code first
  (``table-code``, a redirect to the round's captain page).

Afterwards the database is checked directly: every accepted captain submission is exactly one
ResultRevision, nothing is lost or duplicated, the API standings equal a recomputation from the
exported document (``scoring.standings``), every late entry is there once, every PDF is done.
Exit 0 when every check passes, 1 otherwise.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import fcntl
import json
import os
import random
import re
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench import coldstart
from bench.proxy import etag_version, freshness, start_nginx, wait_for_port, wrk_table
from bench.proxy import stop as stop_process

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
PG = "postgres://postgres@127.0.0.1:5432"
DB_NAME = os.environ.get("HALL_DATABASE", "turnierwart_bench")
REDIS = os.environ.get("HALL_REDIS", "redis://127.0.0.1:6379/14")
POLL = 5.0
# The app's default PUBLIC_RENDER_INTERVAL, which the bench keeps: a new result is in the
# blocks within 2 s (renderings begin every second, PUBLIC_RENDER_TIME leaving 1 s for one).
RENDER_INTERVAL = 2.0
WARM_UP = 15.0  # seconds reported apart: the start of the run is not the evening


# ---------------------------------------------------------------- the stack


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fresh_database() -> None:
    import psycopg

    with psycopg.connect(PG + "/postgres", autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {DB_NAME}")


def drop_database() -> None:
    import psycopg

    with psycopg.connect(PG + "/postgres", autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")


class Stack:
    def __init__(self, workers: int, threads: int, nodes: int = 1, proxy: bool = False) -> None:
        self.ports = [free_port() for _ in range(nodes)]
        self.port = self.ports[0]
        self.direct = self.base = f"http://127.0.0.1:{self.port}"
        self.proxy = proxy
        self.nginx: subprocess.Popen | None = None
        self.nginx_workers: int | str = 1
        self.media = Path(tempfile.mkdtemp(prefix="hall-media-"))
        self.logs = Path(tempfile.mkdtemp(prefix="hall-logs-"))
        self.env = {**os.environ, "DATABASE_URL": f"{PG}/{DB_NAME}", "REDIS_URL": REDIS,
                    "CELERY_EAGER": "0", "MEDIA_ROOT": str(self.media), "DJANGO_DEBUG": "0",
                    "SECRET_KEY": "hall-bench-key", "ALLOWED_HOSTS": "127.0.0.1",
                    "HTTPS": "0",  # plain HTTP, as on a hall laptop
                    # a log line per rendering of a spectators' block or page (coldstart.py)
                    "RENDER_LOG_LEVEL": "INFO",
                    # every phone and desk comes from 127.0.0.1, like a hall behind one NAT
                    # address: the captain rate limit counts per table link (docs/load.md)
                    "PYTHONPATH": str(ROOT)}
        if proxy:
            self.env["STATIC_ROOT"] = str(self.logs / "static")
        self.commands = {
            f"gunicorn{'' if k == 0 else k + 1}": [
                str(BIN / "gunicorn"), "-c", "config/gunicorn.py", "config.wsgi",
                "--bind", f"127.0.0.1:{port}", "--workers", str(workers),
                "--threads", str(threads),
                # the server's own time per request (ms), apart from client queueing, and
                # when it ended (coldstart.py); the nodes append to one file
                "--access-logfile", str(self.logs / "access.log"),
                "--access-logformat", "%(m)s %(U)s %(s)s %(M)s %(t)s"]
            for k, port in enumerate(self.ports)}
        self.commands.update({
            "celery": ["nice", "-n", "10",  # as in docker-compose.yml
                       str(BIN / "celery"), "-A", "config", "worker", "--loglevel=warning",
                       "--concurrency=1", "--without-gossip", "--without-mingle",
                       "--without-heartbeat"],
        })
        self.processes: dict[str, subprocess.Popen] = {}

    def start(self) -> None:
        if self.proxy:  # as the image does: hashed names, the big vendors' folders left out
            subprocess.run([str(BIN / "python"), "manage.py", "collectstatic", "--noinput",
                            "-v0", "-i", "drf_spectacular_sidecar", "-i", "admin"],
                           cwd=ROOT, env=self.env, check=True)
        for name, cmd in self.commands.items():
            with open(self.logs / f"{name}.log", "w") as log:
                self.processes[name] = subprocess.Popen(
                    cmd, cwd=ROOT, env=self.env, start_new_session=True,
                    stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 180  # a machine busy with other work boots slowly
        while True:
            try:
                urllib.request.urlopen(self.base + "/t/", timeout=5)
                break
            except Exception:
                if time.monotonic() > deadline or self.processes["gunicorn"].poll() is not None:
                    raise RuntimeError("gunicorn did not start: " + self.log("gunicorn")) from None
                time.sleep(0.2)
        for name, port in zip(list(self.processes)[1:], self.ports[1:], strict=False):
            wait_for_port(port, self.processes[name], self.logs / f"{name}.log", 180)
        if self.proxy:
            (self.logs / "nginx").mkdir()
            handle, self.nginx = start_nginx(
                self.logs / "nginx", [f"127.0.0.1:{p}" for p in self.ports],
                self.env["STATIC_ROOT"], workers=self.nginx_workers, connections=16384,
                access_log=False)
            self.base = handle.base

    def kill_last_node(self) -> None:
        """SIGKILL, master and workers: a web node's machine gone."""
        os.killpg(self.processes[f"gunicorn{len(self.ports)}"].pid, signal.SIGKILL)

    def log(self, name: str) -> str:
        return (self.logs / f"{name}.log").read_text()[-3000:]

    def stop(self) -> None:
        if self.nginx is not None:
            stop_process(self.nginx, signal.SIGQUIT)
        for p in self.processes.values():
            if p.poll() is None:
                os.killpg(p.pid, signal.SIGTERM)
        for p in self.processes.values():
            try:
                p.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
        shutil.rmtree(self.media, ignore_errors=True)


def setup_django() -> None:
    os.environ.update({"DATABASE_URL": f"{PG}/{DB_NAME}", "REDIS_URL": REDIS,
                       "CELERY_EAGER": "0", "DJANGO_DEBUG": "0", "SECRET_KEY": "hall-bench-key",
                       "ALLOWED_HOSTS": "127.0.0.1", "HTTPS": "0",
                       "DJANGO_SETTINGS_MODULE": "config.settings"})
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def prepare(tables: int, desks: int, table_codes: bool = False) -> dict:
    """Migrate, flush Redis db 14, make the director, desk users and round 1 of an evening;
    with ``table_codes`` the permanent code of every table (the cards taped to the tables),
    which the captains' phones then open instead of the round's own link."""
    from django.contrib.auth import get_user_model
    from django.core.cache import cache
    from django.core.management import call_command
    from rest_framework.authtoken.models import Token

    from tournaments import services
    from tournaments.models import Round
    from tournaments.services import Actor

    call_command("migrate", verbosity=0)
    cache.clear()  # the cache is Redis db 14
    users = get_user_model().objects
    director = users.create_user("direktor", password="bench-pass")
    actor = Actor(director, "direktor")
    t = services.create_tournament(actor, "Hall bench Mucken", "mucken", "pair")
    for d in range(1, desks + 1):  # desk users: they may register, not direct
        services.grant_role(t, actor, users.create_user(f"desk{d}", password="bench-pass"),
                            "desk")
    for i in range(2 * tables):
        services.register(t, actor, [{"name": f"Spieler {i}a"}, {"name": f"Spieler {i}b"}],
                          status="present")
    services.draw_round(t, actor, seed="hall")
    services.publish_round(t, actor, 1)
    rnd = Round.objects.get(tournament=t, number=1)
    tokens = {tb.number: tb.token for tb in rnd.tables.all()}
    codes: dict[int, str] = {}
    if table_codes:
        from tournaments.services import hall_links
        codes = {tc.number: tc.code
                 for tc in hall_links.make_table_codes(t, actor, len(tokens))}
    return {"slug": t.slug, "pk": t.pk, "token": Token.objects.create(user=director).key,
            "tables": tokens, "codes": codes}


def warm_up(info: dict, seconds: float = 60) -> None:
    """Open the doors once the worker has rendered the public pages: publishing round 1
    (``prepare``) queued that (tournaments/views/warm.py), as a director's publication does
    minutes before the players look at their phones; here the worker starts with the stack."""
    from tournaments.models import Tournament
    from tournaments.views.warm import is_warm

    started = time.monotonic()
    t = Tournament.objects.get(pk=info["pk"])
    while not is_warm(t):
        if time.monotonic() - started > seconds:
            print(f"the public pages were not rendered within {seconds:.0f} s of the stack's "
                  "start: the evening starts cold", flush=True)
            return
        time.sleep(0.2)
    print(f"the worker had rendered the public pages {time.monotonic() - started:.1f} s after "
          "the stack was up", flush=True)


# ---------------------------------------------------------------- measuring


@dataclass
class Stats:
    lat: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    status: dict[str, dict[int, int]] = field(
        default_factory=lambda: defaultdict(lambda: defaultdict(int)))
    conn_errors: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    examples: dict[str, str] = field(default_factory=dict)
    done_at: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    # per spectator, (time.time(), version shown) of each answer (block or page): freshness
    polls: list[list[tuple[float, int]]] = field(default_factory=list)
    # every spectator's answer: (kind, time.monotonic() done, seconds, nginx's X-Cache-Status)
    answers: list[tuple[str, float, float, str]] = field(default_factory=list)

    def add(self, kind: str, seconds: float, code: int) -> None:
        self.lat[kind].append(seconds)
        self.status[kind][code] += 1
        self.done_at[kind].append(time.monotonic())

    def after(self, moment: float) -> Stats:
        """The requests finished after ``moment`` (latencies and statuses only)."""
        later = Stats()
        for kind, times in self.done_at.items():
            for t, seconds in zip(times, self.lat[kind], strict=True):
                if t >= moment:
                    later.lat[kind].append(seconds)
                    later.done_at[kind].append(t)
        return later

    async def request(self, client: httpx.AsyncClient, kind: str, method: str, url: str,
                      **kw) -> httpx.Response | None:
        start = time.perf_counter()
        try:
            resp = await client.request(method, url, **kw)
        except httpx.HTTPError as exc:
            self.conn_errors[kind] += 1
            self.examples.setdefault(kind + " conn", repr(exc))
            return None
        self.add(kind, time.perf_counter() - start, resp.status_code)
        if resp.status_code >= 500:
            self.examples.setdefault(kind + " 5xx", resp.text[:300])
        elif resp.status_code >= 400:
            self.examples.setdefault(kind + f" {resp.status_code}", resp.text[:300])
        return resp


def cpu_seconds() -> dict[str, float]:
    """CPU seconds used so far by each part of the stack (Linux /proc; children included)."""
    tick = os.sysconf("SC_CLK_TCK")
    groups: dict[str, float] = defaultdict(float)
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmd = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            stat = (proc / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        used = sum(int(x) for x in fields[11:15]) / tick  # utime stime cutime cstime
        if int(proc.name) == os.getpid():
            group = "load generator (this process)"
        elif "gunicorn" in cmd and "config.wsgi" in cmd:
            group = "gunicorn"
        elif "celery" in cmd and "worker" in cmd:
            group = "celery worker"
        elif cmd.startswith("postgres"):
            group = "postgresql"
        elif cmd.startswith("redis-server"):
            group = "redis"
        elif cmd.startswith("nginx"):
            group = "nginx"
        else:
            group = "everything else"
        groups[group] += used
    return groups


def cpu_report(before: dict[str, float], after: dict[str, float], seconds: float) -> list[str]:
    lines = [f"{'cpu':<32}{'seconds':>9}{'cores':>7}"]
    for group in sorted(after, key=lambda g: -(after[g] - before.get(g, 0.0))):
        used = after[group] - before.get(group, 0.0)
        lines.append(f"{group:<32}{used:>9.1f}{used / seconds:>7.2f}")
    return lines


def served(log: Path) -> int:
    """Requests gunicorn has answered so far (lines of its access log)."""
    try:
        with log.open("rb") as f:
            return sum(1 for _ in f)
    except FileNotFoundError:
        return 0


def server_times(log: Path, since: int) -> list[str]:
    """Per kind of request, the time gunicorn spent on it (ms), from its access log."""
    kinds = [("standings", re.compile(r"^GET /t/[^/]+/standings/$")),
             ("page", re.compile(r"^GET /t/[^/]+/$")),
             ("captain-post", re.compile(r"^POST /api/v1/captain/")),
             ("captain-form", re.compile(r"^POST /c/")),
             ("captain-get", re.compile(r"^GET /c/")),
             ("desk-register", re.compile(r"^POST /desk/")),
             ("desk-page", re.compile(r"^GET /desk/")),
             ("director", re.compile(r"^\w+ /(api/v1/tournaments|director)/"))]
    times: dict[str, list[float]] = defaultdict(list)
    with log.open() as f:
        f.seek(since)
        for line in f:
            parts = line.split()
            if len(parts) < 4:
                continue
            method, path, _status, ms = parts[:4]
            for kind, pattern in kinds:
                if pattern.match(f"{method} {path}"):
                    times[kind].append(float(ms) / 1000)
                    break
    lines = [f"{'server time':<16}{'req':>8}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}"]
    for kind, v in sorted(times.items()):
        lines.append(f"{kind:<16}{len(v):>8}{pct(v, 50) * 1000:>9.1f}{pct(v, 95) * 1000:>9.1f}"
                     f"{pct(v, 99) * 1000:>9.1f}")
    return lines


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, round(p / 100 * (len(s) - 1)))]


def report(stats: Stats, seconds: float) -> list[str]:
    codes_known = bool(stats.status)
    lines = [f"{'kind':<16}{'req':>8}{'req/s':>9}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}"
             + (f"{'304':>7}{'4xx':>6}{'>=500':>7}{'conn':>6}" if codes_known else "")]
    total = 0
    for kind in sorted(set(stats.lat) | set(stats.conn_errors)):
        if kind.startswith("("):
            continue
        v = stats.lat[kind]
        codes = stats.status[kind]
        total += len(v)
        lines.append(
            f"{kind:<16}{len(v):>8}{len(v) / seconds:>9.1f}{pct(v, 50) * 1000:>9.1f}"
            f"{pct(v, 95) * 1000:>9.1f}{pct(v, 99) * 1000:>9.1f}"
            + (f"{codes.get(304, 0):>7}{sum(n for c, n in codes.items() if 400 <= c < 500):>6}"
               f"{sum(n for c, n in codes.items() if c >= 500):>7}{stats.conn_errors[kind]:>6}"
               if codes_known else ""))
    lines.append(f"{'all':<16}{total:>8}{total / seconds:>9.1f}")
    lag = stats.lat.get("(client loop lag)")
    if lag:
        lines.append(f"client event loop wakes late by p50 {pct(lag, 50) * 1000:.1f}, p95 "
                     f"{pct(lag, 95) * 1000:.1f}, p99 {pct(lag, 99) * 1000:.1f} ms "
                     "(part of every latency above)")
    return lines


# ---------------------------------------------------------------- the actors


def bobbl(rng: random.Random) -> dict:
    games = []
    for _ in range(2):
        loser = rng.randrange(0, 21)
        games.append([21, loser] if rng.random() < 0.5 else [loser, 21])
    return {"bobbl": games}


class Phone:
    """A spectator's phone: one keep-alive HTTP/1.1 connection, the body read but not parsed.

    httpx costs about a millisecond of CPU per request; with a thousand phones that was most
    of a core taken from the server on this 2-core machine. These few lines cost a tenth.
    """

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def get(self, path: str, headers: dict[str, str]) -> tuple[int, dict[str, str]]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        lines = [f"GET {path} HTTP/1.1", f"Host: {self.host}", "Accept-Encoding: gzip",
                 *(f"{k}: {v}" for k, v in headers.items()), "", ""]
        self.writer.write("\r\n".join(lines).encode())
        head = (await self.reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        status = int(head[0].split()[1])
        got = {k.strip().lower(): v.strip() for k, _, v in
               (line.partition(":") for line in head[1:] if line)}
        if "chunked" in got.get("transfer-encoding", ""):  # nginx gzipping a page on the fly
            while size := int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16):
                await self.reader.readexactly(size + 2)
            await self.reader.readuntil(b"\r\n")
        else:
            await self.reader.readexactly(int(got.get("content-length", "0")))
        if got.get("connection", "").lower() == "close":
            self.close()
        return status, got

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


async def spectator(base: str, stats, slug: str, until: float, rng: random.Random) -> None:
    """Polls the standings every 5 s with If-None-Match; one poll in 20 is the whole page."""
    host, port = base.removeprefix("http://").split(":")
    phone = Phone(host, int(port))
    etag = None
    seen: list[tuple[float, int]] = []
    stats.polls.append(seen)
    await asyncio.sleep(rng.uniform(0, POLL))
    while time.monotonic() < until:
        nxt = time.monotonic() + POLL
        page = rng.random() < 0.05
        kind, path = ("page", f"/t/{slug}/") if page else ("standings", f"/t/{slug}/standings/")
        headers = {} if page else {"HX-Request": "true"}
        if etag and not page:
            headers["If-None-Match"] = etag
        start = time.perf_counter()
        try:
            status, got = await asyncio.wait_for(phone.get(path, headers), 30)
        except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError,
                TimeoutError, ValueError, IndexError) as exc:
            stats.conn_errors[kind] += 1
            stats.examples.setdefault(kind + " conn", repr(exc))
            phone.close()
        else:
            took = time.perf_counter() - start
            stats.add(kind, took, status)
            stats.answers.append((kind, time.monotonic(), took, got.get("x-cache-status", "-")))
            if status >= 500:
                stats.examples.setdefault(kind + " 5xx", f"HTTP {status}")
            if status in (200, 304):
                # the whole page shows the same standings, rendered in the same slot: a
                # phone that opened it has seen its version as much as a poll would
                tag = got.get("etag")
                if not page:
                    etag = tag or etag
                version = etag_version(tag if page else etag)
                if version is not None:
                    seen.append((time.time(), version))
        await asyncio.sleep(max(0.0, nxt - time.monotonic()))
    phone.close()


async def captain(client, base: str, stats, sent: dict, number: int, token: str,
                  window: float, rng: random.Random, code: str | None = None) -> None:
    """One table: a first submission, then maybe a second agreeing or differing one."""
    payload = bobbl(rng)
    await asyncio.sleep(rng.uniform(0, window))
    plan = [payload]
    roll = rng.random()
    if roll < 0.2:
        plan.append(payload)  # the other party's captain sends the same
    elif roll < 0.3:
        other = bobbl(rng)
        while other == payload:
            other = bobbl(rng)
        plan.append(other)  # a differing result: the table is disputed
    by_form = rng.random() < 0.5  # the phone's page; else an app on the captain API
    for k, body in enumerate(plan):
        if k:
            await asyncio.sleep(rng.uniform(1, 15))
        if by_form:
            status = await captain_form(base, stats, token, body, code)
        else:
            if rng.random() < 0.5:
                await stats.request(client, "captain-get", "GET", f"/c/{token}/")
            # each captain's app sends its own device id: a second one confirms
            resp = await stats.request(client, "captain-post", "POST",
                                       f"/api/v1/captain/{token}/", json=body,
                                       headers={"X-Device-Id": f"hall-table-{number:04}-phone-{k}"})
            status = resp.status_code if resp is not None else None
        sent[number].append({"payload": body, "status": status})


FIELD = re.compile(r'name="(csrfmiddlewaretoken|nonce)" value="([^"]+)"')


async def captain_form(base: str, stats, token: str, body: dict,
                       code: str | None = None) -> int | None:
    """What a phone does: load /c/<token>/, post the form, follow to the confirmation.

    With the table's permanent ``code`` the phone opens ``/tc/<code>/`` (the card on the
    table), which sends it on to the round's captain page: one more request, counted as
    ``table-code``.

    200 when the confirmation came, the status otherwise, None without an answer. Its own
    client: a phone has its own cookies (CSRF, and the session remembering the form's nonce).
    """
    async with httpx.AsyncClient(base_url=base, timeout=30) as phone:
        if code is not None:
            card = await stats.request(phone, "table-code", "GET", f"/tc/{code}/")
            if card is None or card.status_code != 302:
                return card.status_code if card is not None else None
            token = card.headers["location"].rstrip("/").rsplit("/", 1)[-1]
        page = await stats.request(phone, "captain-get", "GET", f"/c/{token}/")
        if page is None or page.status_code != 200:
            return page.status_code if page is not None else None
        form = dict(FIELD.findall(page.text))
        for k, (left, right) in enumerate(body["bobbl"]):
            form[f"bobbl[{k}].side1"], form[f"bobbl[{k}].side2"] = str(left), str(right)
        resp = await stats.request(phone, "captain-form", "POST", f"/c/{token}/", data=form)
        if resp is None or resp.status_code != 302 or "sent=" not in resp.headers["location"]:
            if resp is not None and resp.status_code != 302:
                stats.examples.setdefault("captain-form refused", resp.text[:300])
            return resp.status_code if resp is not None else None
        await stats.request(phone, "captain-get", "GET", resp.headers["location"])
        return 200


REGISTERED = re.compile(r"Registered: (\d+)\. ")


async def desk(web: httpx.AsyncClient, base: str, stats, entered: list, slug: str,
               desk_no: int, until: float, rng: random.Random) -> None:
    """A desk user's browser (logged in): the desk page's sign-up form (htmx), now and then
    the whole page."""
    await stats.request(web, "desk-page", "GET", f"/desk/{slug}/")
    k = 0
    while time.monotonic() < until:
        await asyncio.sleep(rng.uniform(5, 15))
        k += 1
        name = f"Nachzuegler {desk_no}-{k}"
        resp = await stats.request(
            web, "desk-register", "POST", f"/desk/{slug}/",
            headers={"HX-Request": "true", "Referer": f"{base}/desk/{slug}/"},
            data={"csrfmiddlewaretoken": web.cookies.get("csrftoken", ""),
                  "status": "present", "p1_name": name + "a", "p2_name": name + "b"})
        got = REGISTERED.search(resp.text) if resp is not None else None
        entered.append({"name": name,
                        "status": 201 if got else (resp.status_code if resp else None),
                        "start_number": int(got.group(1)) if got else None})
        if k % 4 == 0:  # someone reloads the desk page (the whole list)
            await stats.request(web, "desk-page", "GET", f"/desk/{slug}/")


async def login(client: httpx.AsyncClient, username: str = "direktor") -> None:
    page = await client.get("/accounts/login/")
    csrf = client.cookies.get("csrftoken") or re.search(
        r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text).group(1)
    await client.post("/accounts/login/", data={"username": username,
                                                "password": "bench-pass",
                                                "csrfmiddlewaretoken": csrf},
                      headers={"Referer": str(client.base_url) + "/accounts/login/"})


async def director(client, web: httpx.AsyncClient, base: str, stats, notes: dict, slug: str,
                   token: str, captains_done: asyncio.Event, until: float,
                   rng: random.Random) -> None:
    """The director: the API with a token, the reports page with a (logged-in) session."""
    auth = {"Authorization": f"Token {token}"}
    api = f"/api/v1/tournaments/{slug}"
    ordered = 0

    async def order(kind: str, rnd: int | None) -> None:
        nonlocal ordered
        csrf = web.cookies.get("csrftoken", "")
        resp = await stats.request(
            web, "director-pdf", "POST", f"/director/{slug}/reports/",
            data={"kind": kind, "round_number": str(rnd or ""), "layout": "",
                  "csrfmiddlewaretoken": csrf},
            headers={"Referer": base + f"/director/{slug}/reports/"})
        if resp is not None and resp.status_code in (200, 302):
            ordered += 1
        notes["pdf_ordered"] = ordered

    kinds = [("standings", None), ("pairings", 1), ("score_sheets", 1)]
    k = 0
    while not captains_done.is_set() and time.monotonic() < until:
        await order(*kinds[k % len(kinds)])
        k += 1
        for _ in range(3):
            await stats.request(client, "director-api", "GET", f"{api}/standings/",
                                headers=auth)
            await stats.request(web, "director-pdf", "GET",
                                f"/director/{slug}/reports/status/")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(captains_done.wait(), 10)
    # settle every dispute with the first captain's revision, close, draw, publish
    tables = await stats.request(client, "director-api", "GET", f"{api}/rounds/1/",
                                 headers=auth)
    settled = 0
    for tb in (tables.json().get("tables", []) if tables is not None else []):
        number = tb.get("number")
        res = await stats.request(client, "director-api", "GET",
                                  f"{api}/rounds/1/tables/{number}/result/", headers=auth)
        if res is None or res.status_code != 200:
            continue
        body = res.json()
        if body.get("status") == "disputed":
            first = body["revisions"][0]["id"]
            await stats.request(client, "director-api", "POST",
                                f"{api}/rounds/1/tables/{number}/accept/",
                                headers=auth, json={"revision": first})
            settled += 1
    notes["disputes_settled"] = settled
    for step, path, body in [("close", f"{api}/rounds/1/close/", None),
                             ("draw", f"{api}/rounds/draw/", {"seed": "hall-2"}),
                             ("publish", f"{api}/rounds/2/publish/", None)]:
        resp = await stats.request(client, "director-draw", "POST", path, headers=auth,
                                   json=body or {})
        notes[step] = (resp.status_code, resp.text[:300]) if resp is not None else None
    await order("pairings", 2)
    await order("standings", None)


async def board(web: httpx.AsyncClient, stats, slug: str, until: float) -> None:
    """The director's live board of tables open on a second screen: its block polled every
    5 s with the ETag it last got, as the page's htmx does."""
    tag = ""
    while time.monotonic() < until:
        resp = await stats.request(web, "director-board", "GET",
                                   f"/director/{slug}/board/live/",
                                   headers={"HX-Request": "true",
                                            **({"If-None-Match": tag} if tag else {})})
        if resp is not None and resp.status_code == 200:
            tag = resp.headers.get("etag", "")
        await asyncio.sleep(5)


async def evening(base: str, info: dict, minutes: float, spectators: int, seed: int,
                  desks: int, kill_at: float | None = None,
                  kill: Callable[[], None] | None = None,
                  with_board: bool = False) -> tuple[Stats, dict, float]:
    rng = random.Random(seed)
    stats = Stats()
    sent: dict[int, list] = defaultdict(list)
    entered: list = []
    notes: dict = {}
    duration = minutes * 60
    limits = httpx.Limits(max_connections=400, max_keepalive_connections=400)
    async with contextlib.AsyncExitStack() as staff, \
            httpx.AsyncClient(base_url=base, timeout=30, limits=limits) as client:
        # The staff log in before the doors open (PBKDF2 takes about 0.8 s of CPU a login).
        office = await staff.enter_async_context(httpx.AsyncClient(base_url=base, timeout=60))
        await login(office)
        desk_browsers = []
        for d in range(desks):
            web = await staff.enter_async_context(httpx.AsyncClient(
                base_url=base, timeout=30, headers={"Accept-Language": "en"}))
            await login(web, f"desk{d + 1}")
            desk_browsers.append(web)
        start = time.monotonic()
        until = start + duration
        done = asyncio.Event()
        caps = [asyncio.create_task(captain(client, base, stats, sent, n, tok,
                                            0.8 * duration - 15,
                                            random.Random(rng.random()),
                                            info.get("codes", {}).get(n)))
                for n, tok in info["tables"].items()]
        others = [asyncio.create_task(spectator(base, stats, info["slug"], until,
                                                random.Random(rng.random())))
                  for _ in range(spectators)]
        others += [asyncio.create_task(desk(web, base, stats, entered, info["slug"], d + 1,
                                            until, random.Random(rng.random())))
                   for d, web in enumerate(desk_browsers)]
        others.append(asyncio.create_task(director(client, office, base, stats, notes,
                                                   info["slug"], info["token"], done, until,
                                                   random.Random(rng.random()))))
        if with_board:
            others.append(asyncio.create_task(board(office, stats, info["slug"], until)))
        lag = asyncio.create_task(loop_lag(stats, until))
        if kill is not None and kill_at is not None:
            others.append(asyncio.create_task(killer(start + kill_at, kill, notes)))
        notes["started"] = time.time()
        notes["started_monotonic"] = start
        await asyncio.gather(*caps)
        done.set()
        await asyncio.gather(*others, lag)
        elapsed = time.monotonic() - start
    notes["sent"] = sent
    notes["entered"] = entered
    return stats, notes, elapsed


async def killer(at: float, kill: Callable[[], None], notes: dict) -> None:
    await asyncio.sleep(max(0.0, at - time.monotonic()))
    kill()
    notes["killed_at"] = time.time()


async def loop_lag(stats, until: float) -> None:
    """How late this process's event loop wakes up: client-side delay inside every latency."""
    while time.monotonic() < until:
        start = time.perf_counter()
        await asyncio.sleep(0.01)
        stats.lat["(client loop lag)"].append(time.perf_counter() - start - 0.01)


async def spectators_only(base: str, slug: str, count: int, seconds: float) -> Stats:
    stats = Stats()
    rng = random.Random(count)
    until = time.monotonic() + seconds
    await asyncio.gather(*[spectator(base, stats, slug, until, random.Random(rng.random()))
                           for _ in range(count)])
    return stats


# ---------------------------------------------------------------- checking


def check(info: dict, notes: dict, base: str) -> list[str]:
    """What the database says against what was sent; the failures (empty when all is well)."""
    import scoring
    from tournaments.models import Entrant, Report, Result, ResultRevision, Tournament
    from tournaments.services import export_document

    failures = []
    t = Tournament.objects.get(pk=info["pk"])
    by_number = {n: n for n in info["tables"]}
    accepted = lost = duplicated = 0
    for number in by_number:
        # a submission whose answer never came (client timeout) may or may not be stored
        tried = notes["sent"].get(number, [])
        sent = [s["payload"] for s in tried if s["status"] == 200]
        unknown = [s["payload"] for s in tried if s["status"] is None]
        revs = [r.payload for r in ResultRevision.objects.filter(
            table__round__tournament=t, table__round__number=1, table__number=number,
            source="captain").order_by("pk")]
        accepted += len(sent)
        rest = list(revs)
        for p in sent:
            if p in rest:
                rest.remove(p)
            else:
                lost += 1
        for p in unknown:
            if p in rest:
                rest.remove(p)
        duplicated += len(rest)
        if sent or revs:
            result = Result.objects.filter(table__round__tournament=t, table__round__number=1,
                                           table__number=number).first()
            if result is None:
                failures.append(f"table {number}: no Result")
            elif result.payload not in sent + unknown:
                failures.append(f"table {number}: result {result.payload} was never sent")
    refused = sum(1 for v in notes["sent"].values() for s in v if s["status"] != 200)
    timed_out = sum(1 for v in notes["sent"].values() for s in v if s["status"] is None)
    notes["submissions"] = {"sent": sum(len(v) for v in notes["sent"].values()),
                            "accepted": accepted, "not_200": refused, "no_answer": timed_out,
                            "lost": lost,
                            "duplicated": duplicated}
    if lost or duplicated:
        failures.append(f"{lost} captain submission(s) lost, {duplicated} duplicated")
    if refused:
        failures.append(f"{refused} captain submission(s) not answered 200")
    # late entries: each accepted one exactly once
    for e in notes["entered"]:
        if e["status"] != 201:
            failures.append(f"late entry {e['name']}: HTTP {e['status']}")
            continue
        n = Entrant.objects.filter(tournament=t, players__name=e["name"] + "a").count()
        if n != 1:
            failures.append(f"late entry {e['name']} is there {n} times")
    # the director's steps
    for step in ("close", "draw", "publish"):
        got = notes.get(step)
        if not got or got[0] >= 300:
            failures.append(f"director {step}: {got}")
    # reports: wait for the worker to finish what was ordered
    deadline = time.monotonic() + 120
    while (Report.objects.filter(tournament=t, status__in=["queued", "running"]).exists()
           and time.monotonic() < deadline):
        time.sleep(1)
    reports = {s: Report.objects.filter(tournament=t, status=s).count()
               for s in ("queued", "running", "done", "failed")}
    notes["reports"] = reports
    if reports["done"] != notes.get("pdf_ordered", 0) or reports["failed"] or \
            reports["queued"] or reports["running"]:
        failures.append(f"reports: ordered {notes.get('pdf_ordered')}, in the database "
                        f"{reports}: " + "; ".join(
                            Report.objects.filter(tournament=t, status="failed")
                            .values_list("error", flat=True)[:3]))
    # standings through the API == from scratch from the exported document
    t.refresh_from_db()
    req = urllib.request.Request(f"{base}/api/v1/tournaments/{t.slug}/standings/",
                                 headers={"Authorization": f"Token {info['token']}"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        api = json.loads(resp.read())
    doc = json.loads(json.dumps(export_document(t)))
    fresh = json.loads(json.dumps(scoring.standings(scoring.parse(doc))))
    if api != fresh:
        failures.append("API standings differ from scoring.standings on the exported document")
    notes["standings_rows"] = len(fresh.get("rows", fresh.get("standings", [])) or [])
    return failures


# ---------------------------------------------------------------- main


def upstream_failures(log: Path, port: int) -> str:
    """What nginx logged about the killed node: the requests it had in flight there (the
    connection closed or reset under them; nginx passes a GET on to another node, a POST
    not) and the later attempts that found its port closed (the node is then marked failed
    for ``fail_timeout``)."""
    kinds: dict[str, int] = defaultdict(int)
    text = log.read_text(errors="replace") if log.exists() else ""
    for line in text.splitlines():
        if f"127.0.0.1:{port}" not in line:
            continue
        m = re.search(r"\] \d+#\d+: \*\d+ (.+?) while ", line)
        kinds[re.sub(r"\(\d+: ", "(", m.group(1)) if m else line[-80:]] += 1
    return "; ".join(f"{n} × {k}" for k, n in sorted(kinds.items())) or "nothing"


def seen_in_time(info: dict, notes: dict, stats: Stats) -> dict:
    """When each spectator first saw each change of the evening (bench/proxy.freshness)."""
    from datetime import UTC, datetime

    from tournaments.models import ActionLog

    since = datetime.fromtimestamp(notes["started"], UTC)
    logged = ActionLog.objects.filter(tournament_id=info["pk"], created__gte=since) \
        .values_list("created", "version", "action")
    changes = [(c.timestamp(), v) for c, v, _ in logged]
    actions = {v: a for _, v, a in logged}
    # a change counts for a phone that polled for a while after it (two polls and more)
    fresh = freshness(stats.polls, changes, until=2 * POLL + 1, bound=RENDER_INTERVAL + POLL)
    fresh["slowest"] = [(d, v, actions.get(v, "?")) for d, v in fresh["slowest"]]
    settled = freshness(stats.polls, [(at, v) for at, v in changes
                                      if at >= notes["started"] + WARM_UP],
                        until=2 * POLL + 1, bound=RENDER_INTERVAL + POLL)
    fresh.update({f"settled_{k}": settled[k] for k in ("within", "p99", "max", "shown_max")})
    return fresh


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--minutes", type=float, default=3)
    ap.add_argument("--spectators", type=int, default=1000)
    ap.add_argument("--tables", type=int, default=250)
    ap.add_argument("--desks", type=int, default=3)
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("--threads", type=int, default=4)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--find-rate", default="",
                    help="after the evening: spectator counts to step through, e.g. 500,1000")
    ap.add_argument("--step-seconds", type=float, default=30)
    ap.add_argument("--wrk", action="store_true", help="30 s of wrk: standings vs static file")
    ap.add_argument("--wrk-seconds", type=int, default=30, help="each wrk run's length")
    ap.add_argument("--wrk-rounds", type=int, default=1,
                    help="through the proxy, measure standings vs static this many times")
    ap.add_argument("--keep", action="store_true", help="keep the database afterwards")
    ap.add_argument("--proxy", action="store_true",
                    help="everything through nginx with the shipped config (bench/proxy.py)")
    ap.add_argument("--nodes", type=int, default=1, help="gunicorn nodes (behind --proxy)")
    ap.add_argument("--nginx-workers", default="1",
                    help="nginx worker_processes (the image's default is auto)")
    ap.add_argument("--kill-node-at", type=float, default=None, metavar="SECONDS",
                    help="SIGKILL the last node this far into the evening")
    ap.add_argument("--board", action="store_true",
                    help="the director's live board of tables open, polled every 5 s")
    ap.add_argument("--table-codes", action="store_true",
                    help="captains' phones open the tables' permanent codes (/tc/<code>/)")
    args = ap.parse_args(argv)
    if (args.nodes > 1 or args.kill_node_at is not None) and not args.proxy:
        ap.error("--nodes and --kill-node-at need --proxy in front")
    if args.kill_node_at is not None and args.nodes < 2:
        ap.error("--kill-node-at needs --nodes 2 or more")

    lock = open(Path(tempfile.gettempdir()) / "turnierwart-hall.lock", "w")  # noqa: SIM115
    try:  # two runs would drop each other's database
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        print("another bench/hall.py is running (it owns the bench database)", file=sys.stderr)
        return 2
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)  # a connection per phone
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 65536)), hard))
    fresh_database()
    setup_django()
    info = prepare(args.tables, args.desks, args.table_codes)
    stack = Stack(args.workers, args.threads, args.nodes, args.proxy)
    stack.nginx_workers = args.nginx_workers
    failures: list[str] = []
    try:
        stack.start()
        warm_up(info)
        print(f"stack: {stack.base}{' (nginx)' if args.proxy else ''}, {args.nodes} x gunicorn "
              f"gthread {args.workers}x{args.threads}, "
              f"1 celery worker; {args.tables} tables, {args.spectators} spectators, "
              f"{args.minutes} min; logs in {stack.logs}", flush=True)
        access = stack.logs / "access.log"
        cpu_before, served_before = cpu_seconds(), served(access)
        stats, notes, elapsed = asyncio.run(evening(
            stack.base, info, args.minutes, args.spectators, args.seed, args.desks,
            args.kill_node_at, stack.kill_last_node if args.kill_node_at is not None else None,
            with_board=args.board))
        cpu_after, served_after = cpu_seconds(), served(access)
        print(f"\nevening: {elapsed:.1f} s (times as the clients saw them)")
        print("\n".join(report(stats, elapsed)))
        settled = min((t for v in stats.done_at.values() for t in v), default=0) + WARM_UP
        print(f"\nthe same without the first {WARM_UP:.0f} s (cold cache, every phone's first "
              "poll at once, new connections):")
        print("\n".join(report(stats.after(settled), elapsed - WARM_UP)))
        print("\n".join(["", *server_times(access, 0), "", *cpu_report(cpu_before, cpu_after,
                                                                      elapsed)]))
        print("\n".join(coldstart.report(stats.answers, notes["started_monotonic"],
                                         notes["started"], stack.logs, WARM_UP)))
        answered = served_after - served_before
        gunicorn_cpu = cpu_after.get("gunicorn", 0.0) - cpu_before.get("gunicorn", 0.0)
        if answered:
            print(f"gunicorn answered {answered} requests: {1000 * gunicorn_cpu / answered:.2f} "
                  "ms of CPU each")
        for k, v in stats.examples.items():
            print(f"  first {k}: {v}")
        failures = check(info, notes, stack.base)
        print(f"\nsubmissions: {notes['submissions']}")
        if notes.get("killed_at"):
            print(f"node {args.nodes} SIGKILLed {notes['killed_at'] - notes['started']:.1f} s "
                  "into the evening")
            print("  nginx's error log on the killed node: " + upstream_failures(
                stack.logs / "nginx" / "error.log", stack.ports[-1]))
        fresh = seen_in_time(info, notes, stats)
        print(f"freshness: {fresh['pairs']} (spectator, change) pairs; each change first seen "
              f"after p50 {fresh['p50']:.1f} s, p99 {fresh['p99']:.1f} s, max "
              f"{fresh['max']:.1f} s; within {fresh['bound']:.0f} s (render interval + one "
              f"poll): {fresh['within']:.1f} %; never seen: {fresh['missed']}")
        print(f"  the first spectator saw each of the {fresh['changes']} changes after p50 "
              f"{fresh['shown_p50']:.2f} s, p99 {fresh['shown_p99']:.2f} s, max "
              f"{fresh['shown_max']:.2f} s (within the render interval of "
              f"{RENDER_INTERVAL:.0f} s: a slot plus the rendering)")
        print(f"  changes after the first {WARM_UP:.0f} s: within {fresh['bound']:.0f} s "
              f"{fresh['settled_within']:.1f} %, p99 {fresh['settled_p99']:.1f} s, max "
              f"{fresh['settled_max']:.1f} s; first seen by a spectator after at most "
              f"{fresh['settled_shown_max']:.2f} s")
        later = sum(fresh["late_reasons"].values())
        print(f"  pairs later than {fresh['bound']:.0f} s: {later}" + ("; why: " + "; ".join(
            f"{n} × {why}" for why, n in sorted(fresh["late_reasons"].items()))
            if later else ""))
        print("  slowest to be first seen: " + ", ".join(
            f"{action} (version {v}) {d:.2f} s" for d, v, action in fresh["slowest"]))
        if fresh["missed"]:
            failures.append(f"{fresh['missed']} times a spectator never saw a change")
        print(f"late entries: {sum(1 for e in notes['entered'] if e['status'] == 201)} of "
              f"{len(notes['entered'])}; disputes settled: {notes.get('disputes_settled')}")
        print(f"director: close {notes['close'][0] if notes.get('close') else None}, "
              f"draw {notes['draw'][0] if notes.get('draw') else None}, "
              f"publish {notes['publish'][0] if notes.get('publish') else None}; "
              f"reports {notes['reports']} (ordered {notes.get('pdf_ordered')})")
        if sum(stats.conn_errors.values()) or any(
                c >= 500 for v in stats.status.values() for c in v):
            failures.append("errors: status >= 500 or connection errors (see the table)")
        for count in [int(x) for x in args.find_rate.split(",") if x.strip()]:
            since = access.stat().st_size
            s = asyncio.run(spectators_only(stack.base, info["slug"], count, args.step_seconds))
            server = [" ".join(x.split()[1:]) for x in server_times(access, since)
                      if x.startswith("standings ")]
            v = s.lat["standings"]
            codes = s.status["standings"]
            print(f"find-rate: {count:>5} spectators  {len(v) / args.step_seconds:7.1f} "
                  f"standings req/s  p50 {pct(v, 50) * 1000:6.1f}  p99 "
                  f"{pct(v, 99) * 1000:6.1f} ms  304 {codes.get(304, 0)}  errors "
                  f"{sum(n for c, n in codes.items() if c >= 500) + s.conn_errors['standings']}"
                  f"  (server req p50 p95 p99: {server[0] if server else '-'})",
                  flush=True)
        if args.wrk:
            if shutil.which("wrk"):
                print("\n" + "\n".join(wrk_table(
                    stack.direct, stack.base if args.proxy else None, info["slug"],
                    args.wrk_seconds,
                    rounds=args.wrk_rounds, static_root=stack.env.get("STATIC_ROOT"),
                    proxy_pid=stack.nginx.pid if stack.nginx else None)),
                    flush=True)
            else:
                print("wrk: not installed")
    finally:
        stack.stop()
        from django.db import connections

        connections.close_all()
        if not args.keep:
            drop_database()
    print("\nchecks: " + ("all passed" if not failures else "FAILED"))
    print(f"  ({len(failures)} failure(s))" if failures else "")
    for f in failures[:30]:
        print("  - " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
