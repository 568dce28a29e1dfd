"""nginx with the shipped config, started here in front of local gunicorn nodes.

One place for what the services tier (tests/services/test_proxy.py) and the hall bench
(``bench/hall.py --proxy``) both need: Debian's nginx runs from a temporary prefix on a
free port as a foreground process (no privileges needed, no system file touched), with
``deploy/nginx/turnierwart.conf`` used as it is, only its ports and folders replaced. So
what is measured and tested is the file that ships, not a copy of it.
"""

from __future__ import annotations

import bisect
import http.client
import os
import re
import shutil
import signal
import socket
import subprocess
import time
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


def wrk(base: str, path: str, seconds: int, *headers: str) -> tuple[float, str]:
    """Requests/s of wrk (2 threads, 32 connections) on one address, and its report."""
    extra = [x for h in headers for x in ("-H", h)]
    out = subprocess.run(["wrk", "-t2", "-c32", f"-d{seconds}s", "--latency", *extra,
                          base + path], capture_output=True, text=True).stdout
    m = re.search(r"Requests/sec:\s+([\d.]+)", out)
    return (float(m.group(1)) if m else 0.0), out


def wrk_table(direct: str, proxied: str | None, slug: str, seconds: int) -> list[str]:
    """Standings and a static file, without and through the proxy, one after the other.

    Every request carries ``Accept-Encoding: gzip`` as a phone's does; the load average
    before each run says how busy the machine was (other work shares its two cores).
    """
    cases = [("standings", f"/t/{slug}/standings/"), ("static file", "/static/css/desk.css")]
    lines = [f"{'wrk -t2 -c32 ' + str(seconds) + ' s':<24}{'req/s':>10}{'p50':>10}"
             f"{'p99':>10}{'non-2xx':>9}{'load before':>13}"]
    rates: dict[tuple[str, str], float] = {}
    for where, base in [("direct", direct), ("proxy", proxied)]:
        if base is None:
            continue
        for name, path in cases:
            load = load_average()
            rate, out = wrk(base, path, seconds, "Accept-Encoding: gzip")
            rates[(where, name)] = rate
            p50 = re.search(r"^\s+50%\s+(\S+)", out, re.MULTILINE)
            p99 = re.search(r"^\s+99%\s+(\S+)", out, re.MULTILINE)
            bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
            lines.append(f"{where + ' ' + name:<24}{rate:>10.0f}"
                         f"{p50.group(1) if p50 else '-':>10}{p99.group(1) if p99 else '-':>10}"
                         f"{bad.group(1) if bad else '0':>9}{load:>13}")
    for where in ("direct", "proxy"):
        dyn, static = rates.get((where, "standings")), rates.get((where, "static file"))
        if dyn and static:
            lines.append(f"{where}: standings = {100 * dyn / static:.0f} % of the static file")
    return lines


# ---------------------------------------------------------------- freshness

ETAG_VERSION = re.compile(r':(\d+)"$')


def etag_version(tag: str | None) -> int | None:
    """The tournament version a block's ETag (``W/"<block>:<version>"``) shows."""
    m = ETAG_VERSION.search(tag or "")
    return int(m.group(1)) if m else None


def freshness(polls: list[list[tuple[float, int]]], changes: list[tuple[float, int]],
              until: float, bound: float = 7.0) -> dict[str, float | int]:
    """How long after each change every spectator first saw it (or something newer).

    ``polls``: per spectator, its standings answers as (time.time(), version shown);
    ``changes``: (time.time() the change was logged, version it made). A change counts for
    a spectator when it happened while the spectator was polling and at least ``until``
    seconds before the spectator's last poll (so it had the chance to see it). ``within``:
    the share of (spectator, change) pairs seen within ``bound`` seconds (the render interval
    plus one poll).
    """
    delays: list[float] = []
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
    delays.sort()

    def pct(p: float) -> float:
        return delays[min(len(delays) - 1, round(p / 100 * (len(delays) - 1)))] \
            if delays else float("nan")

    inside = bisect.bisect_right(delays, bound)
    return {"pairs": len(delays), "missed": missed, "p50": pct(50), "p99": pct(99),
            "max": delays[-1] if delays else float("nan"), "bound": bound,
            "within": 100 * inside / len(delays) if delays else float("nan")}
