"""nginx with the shipped config, started here in front of local gunicorn nodes.

One place for what the services tier (tests/services/test_proxy.py) and the hall bench
(``bench/hall.py --proxy``) both need: Debian's nginx runs from a temporary prefix on a
free port as a foreground process (no privileges needed, no system file touched), with
``deploy/nginx/turnierwart.conf`` used as it is, only its ports and folders replaced. So
what is measured and tested is the file that ships, not a copy of it.
"""

from __future__ import annotations

import bisect
import contextlib
import gzip
import http.client
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import time
import urllib.request
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ROOT / "deploy" / "nginx" / "turnierwart.conf"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def render(text: str, replacements: dict[str, str]) -> str:
    """The shipped config with local ports and folders; each placeholder must be there."""
    for old, new in replacements.items():
        if old not in text:
            raise ValueError(f"{old!r} is no longer in the shipped config")
        text = text.replace(old, new)
    return text


class Proxy:
    """Where the started nginx listens, and the command line that runs its config."""

    def __init__(self, port: int, prefix: Path, conf: Path, command: list[str]) -> None:
        self.port, self.prefix, self.conf, self.command = port, prefix, conf, command
        self.base = f"http://127.0.0.1:{port}"

    def get(self, path: str, headers: dict[str, str] | None = None
            ) -> tuple[int, http.client.HTTPMessage, bytes]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            conn.request("GET", path, headers=headers or {})
            response = conn.getresponse()
            return response.status, response.headers, response.read()
        finally:
            conn.close()


def site_config(upstreams: Iterable[str], port: int, static_root: str, cache: Path) -> str:
    """The shipped server block, pointed at ``upstreams`` (host:port) and local folders."""
    servers = " max_fails=1 fail_timeout=5s;\n    server ".join(upstreams)
    return render(SHIPPED.read_text(), {
        "server web:8000": f"server {servers}",
        "listen 80;": f"listen 127.0.0.1:{port};",
        "/srv/turnierwart/static/": static_root.rstrip("/") + "/",
        "/var/cache/nginx/turnierwart": str(cache),
    })


def start_nginx(prefix: Path, upstreams: list[str], static_root: str, workers: int | str = 1,
                connections: int = 512, access_log: bool = True
                ) -> tuple[Proxy, subprocess.Popen]:
    """nginx with the shipped config in ``prefix`` (an empty folder) in front of ``upstreams``.

    ``connections`` per worker: a phone keeps one connection open, and each request it
    makes may hold a second one to a web node. ``workers="auto"`` (one per core) is what the
    nginx image and Debian's nginx.conf use.
    """
    for folder in ("cache", "body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (prefix / folder).mkdir(exist_ok=True)
    port = free_port()
    (prefix / "turnierwart.conf").write_text(
        site_config(upstreams, port, static_root, prefix / "cache"))
    # The main context the nginx image (or Debian's /etc/nginx/nginx.conf) would give.
    user = "user root;\n" if os.geteuid() == 0 else ""  # workers must read pytest's tmp
    conf = prefix / "nginx.conf"
    conf.write_text(f"""{user}worker_processes {workers};
worker_rlimit_nofile {max(1024, 2 * connections + 64)};
daemon off;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log {"info" if access_log else "warn"};
events {{ worker_connections {connections}; }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log {f"{prefix}/access.log" if access_log else "off"};
    client_body_temp_path {prefix}/body;
    proxy_temp_path {prefix}/proxy;
    fastcgi_temp_path {prefix}/fastcgi;
    uwsgi_temp_path {prefix}/uwsgi;
    scgi_temp_path {prefix}/scgi;
    include {prefix}/turnierwart.conf;
}}
""")
    command = [NGINX, "-p", str(prefix), "-c", str(conf), "-e", str(prefix / "error.log")]
    process = subprocess.Popen(command, start_new_session=True, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    wait_for_port(port, process, prefix / "error.log")
    return Proxy(port, prefix, conf, command), process


def wait_for_port(port: int, process: subprocess.Popen, log: Path, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            if time.monotonic() > deadline or process.poll() is not None:
                tail = log.read_text()[-2000:] if log.exists() else ""
                raise RuntimeError(f"{process.args[0]} did not start: {tail}") from None
            time.sleep(0.1)


def stop(process: subprocess.Popen, sig: int = signal.SIGTERM) -> None:
    """The process's whole group (gunicorn's or nginx's workers too)."""
    if process.poll() is None:
        os.killpg(process.pid, sig)
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=10)


# ---------------------------------------------------------------- figures


def load_average() -> str:
    """The 1-minute load of the machine, to print beside every figure (2 shared cores)."""
    with open("/proc/loadavg") as f:
        return f.read().split()[0]


def wrk(base: str, path: str, seconds: int, *headers: str,
        core: int | None = None) -> tuple[float, str]:
    """Requests/s of wrk (32 connections) on one address, and its report: 2 threads on
    whatever core is free, or one thread on ``core`` alone."""
    extra = [x for h in headers for x in ("-H", h)]
    where = ["-t2"] if core is None else ["-t1"]
    out = subprocess.run([*(["taskset", "-c", str(core)] if core is not None else []),
                          "wrk", *where, "-c32", f"-d{seconds}s", "--latency", *extra,
                          base + path], capture_output=True, text=True).stdout
    m = re.search(r"Requests/sec:\s+([\d.]+)", out)
    return (float(m.group(1)) if m else 0.0), out


def body_bytes(base: str, path: str) -> int:
    """The size of the gzipped answer wrk is about to fetch (a bigger body costs more)."""
    with urllib.request.urlopen(urllib.request.Request(
            base + path, headers={"Accept-Encoding": "gzip"}), timeout=30) as response:
        return len(response.read())


def process_tree(pid: int) -> list[int]:
    """``pid`` and its children (nginx's master and workers)."""
    with open(f"/proc/{pid}/task/{pid}/children") as f:
        return [pid, *(int(child) for child in f.read().split())]


def pin(pids: list[int], cores: set[int]) -> dict[int, set[int]]:
    """Put ``pids`` on ``cores``; what each had before, to give back with :func:`unpin`."""
    before: dict[int, set[int]] = {}
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):  # nginx's cache loader, done by now
            before[pid] = os.sched_getaffinity(pid)
            os.sched_setaffinity(pid, cores)
    return before


def unpin(before: dict[int, set[int]]) -> None:
    for pid, cores in before.items():
        with contextlib.suppress(ProcessLookupError):
            os.sched_setaffinity(pid, cores)


def wrk_table(direct: str, proxied: str | None, slug: str, seconds: int, rounds: int = 1,
              static_root: str | None = None, proxy_pid: int | None = None) -> list[str]:
    """Standings and a static file, without and through the proxy, one after the other.

    Every request carries ``Accept-Encoding: gzip`` as a phone's does; the load average
    before each run says how busy the machine was (other work shares its two cores). The
    issue's comparison is with a static file of the app (``desk.css``, 2.4 KB gzipped); the
    standings of a full hall are about four times its size, and a body's bytes cost as much
    as the proxy's work. So, given the ``static_root`` nginx serves, the standings' own
    gzipped bytes are also put there as a file (``/static/bench-standings.html``, with its
    ``.gz``) and fetched through the same proxy: the same bytes once from the cache, once
    from disk. Through the proxy the pair is measured ``rounds`` times, interleaved, and
    the median of the ratios is given with each round's.

    On two cores wrk takes a core's worth from the proxy it measures, and more for a bigger
    body (it reads every byte). Given nginx's ``proxy_pid``, the proxy is therefore also
    measured as a server is when its clients are elsewhere: nginx (master and workers) on
    core 0 only, wrk with one thread on core 1 only ("proxy, pinned"), again ``rounds``
    times interleaved; afterwards nginx gets both cores back.
    """
    standings = f"/t/{slug}/standings/"
    cases = [("standings", standings), ("static file", "/static/css/desk.css")]
    if proxied is not None and static_root is not None:
        with urllib.request.urlopen(urllib.request.Request(
                proxied + standings, headers={"Accept-Encoding": "gzip"}), timeout=30) as r:
            body = r.read()
        folder = Path(static_root)
        (folder / "bench-standings.html.gz").write_bytes(body)
        (folder / "bench-standings.html").write_bytes(gzip.decompress(body))
        cases.append(("static, same bytes", "/static/bench-standings.html"))
    lines = [f"{'wrk -c32 ' + str(seconds) + ' s':<38}{'req/s':>10}{'p50':>10}"
             f"{'p99':>10}{'non-2xx':>9}{'bytes':>8}{'load before':>13}"]
    rates: dict[tuple[str, str], list[float]] = {}
    runs = [("direct", direct, 1), ("proxy", proxied, rounds)]
    if proxied is not None and proxy_pid is not None and len(os.sched_getaffinity(0)) >= 2:
        runs.append(("proxy, pinned", proxied, rounds))
    for where, base, times in runs:
        if base is None:
            continue
        pinned = where == "proxy, pinned"
        nginx = process_tree(proxy_pid) if pinned and proxy_pid is not None else []
        before = pin(nginx, {0})
        for k in range(times):
            for name, path in cases if where != "direct" else cases[:2]:
                size = body_bytes(base, path)
                load = load_average()
                rate, out = wrk(base, path, seconds, "Accept-Encoding: gzip",
                                core=1 if pinned else None)
                rates.setdefault((where, name), []).append(rate)
                p50 = re.search(r"^\s+50%\s+(\S+)", out, re.MULTILINE)
                p99 = re.search(r"^\s+99%\s+(\S+)", out, re.MULTILINE)
                bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
                label = f"{where}: {name}" + (f" #{k + 1}" if times > 1 else "")
                lines.append(f"{label:<38}{rate:>10.0f}"
                             f"{p50.group(1) if p50 else '-':>10}"
                             f"{p99.group(1) if p99 else '-':>10}"
                             f"{bad.group(1) if bad else '0':>9}{size:>8}{load:>13}")
        unpin(before)
    for where in ("direct", "proxy", "proxy, pinned"):
        dyn = rates.get((where, "standings"))
        for name in ("static file", "static, same bytes"):
            static = rates.get((where, name))
            if dyn and static:
                ratios = [100 * d / s for d, s in zip(dyn, static, strict=True) if s]
                each = " ".join(f"{r:.0f}" for r in ratios)
                lines.append(f"{where}: standings = {statistics.median(ratios):.0f} % of the "
                             f"{name} (median; each round: {each} %)")
    return lines


# ---------------------------------------------------------------- freshness

ETAG_VERSION = re.compile(r':(\d+)"$')


def etag_version(tag: str | None) -> int | None:
    """The tournament version a block's ETag (``W/"<block>:<version>"``) shows."""
    m = ETAG_VERSION.search(tag or "")
    return int(m.group(1)) if m else None


def freshness(polls: list[list[tuple[float, int]]], changes: list[tuple[float, int]],
              until: float, bound: float = 7.0) -> dict:
    """How long after each change every spectator first saw it (or something newer).

    ``polls``: per spectator, its standings answers as (time.time(), version shown);
    ``changes``: (time.time() the change was logged, version it made). A change counts for
    a spectator when it happened while the spectator was polling and at least ``until``
    seconds before the spectator's last poll (so it had the chance to see it). ``within``:
    the share of (spectator, change) pairs seen within ``bound`` seconds (the render interval
    plus one poll). ``shown_*``: per change, how long until any spectator first saw it, i.e.
    until a rendering with it was served (a render slot plus that rendering's own time, when
    enough phones poll: within the render interval); what comes on top for each phone is its
    poll.
    """
    delays: list[float] = []
    first: dict[int, float] = {}  # per change: the earliest any spectator saw it
    late: list[tuple[list[tuple[float, int]], int, float, int]] = []
    missed = 0
    for mine in polls:
        if not mine:
            continue
        times = [t for t, _ in mine]
        for at, version in changes:
            if at < times[0] or at > times[-1] - until:
                continue
            k = bisect.bisect_left(times, at)
            while k < len(mine) and mine[k][1] < version:
                k += 1
            if k == len(mine):
                missed += 1
            else:
                delays.append(mine[k][0] - at)
                if mine[k][0] - at > bound:
                    late.append((mine, k, at, version))
    delays.sort()
    # When each change was first served: the earliest answer to any phone that shows it or
    # a newer version, also a phone that began polling only after the change (in the
    # evening's first seconds, the phones that polled before a change poll next up to 5 s
    # later). No answer shows a version before the change that made it.
    by_version = sorted((v, t) for mine in polls for t, v in mine)
    versions = [v for v, _ in by_version]
    earliest_from = [t for _, t in by_version]  # from index i on: the earliest answer
    for i in range(len(earliest_from) - 2, -1, -1):
        earliest_from[i] = min(earliest_from[i], earliest_from[i + 1])
    for at, version in changes:
        i = bisect.bisect_left(versions, version)
        if i < len(versions):
            first[version] = earliest_from[i] - at
    shown = sorted(first.values())
    why = late_reasons(late, first, bound)

    def pct(values: list[float], p: float) -> float:
        return values[min(len(values) - 1, round(p / 100 * (len(values) - 1)))] \
            if values else float("nan")

    inside = bisect.bisect_right(delays, bound)
    return {"pairs": len(delays), "missed": missed, "p50": pct(delays, 50),
            "p99": pct(delays, 99), "max": delays[-1] if delays else float("nan"),
            "bound": bound, "within": 100 * inside / len(delays) if delays else float("nan"),
            "changes": len(shown), "shown_p50": pct(shown, 50), "shown_p99": pct(shown, 99),
            "shown_max": shown[-1] if shown else float("nan"),
            "slowest": sorted(((d, v) for v, d in first.items()), reverse=True)[:8],
            "late_reasons": why}


def late_reasons(late: list[tuple[list[tuple[float, int]], int, float, int]],
                 first: dict[int, float], bound: float) -> dict[str, int]:
    """Why a (spectator, change) pair took longer than ``bound``: the change was served late
    to everyone (its first sighting already past ``bound`` minus the poll), or this phone's
    answer before the one that showed it came after another phone had seen it (a stale copy:
    nginx answering while it refreshes, or a node behind), or neither (this phone's polls
    were further apart than the poll interval, or its answer was slow)."""
    reasons: dict[str, int] = {}
    for mine, k, at, version in late:
        seen_first = at + first[version]
        if first[version] > bound - (mine[k][0] - mine[k - 1][0] if k else 0):
            reason = "served late to everyone"
        elif k and mine[k - 1][0] > seen_first:
            reason = "a stale copy after another phone had it"
        else:
            reason = "polls further apart than the interval"
        reasons[reason] = reasons.get(reason, 0) + 1
    return reasons
