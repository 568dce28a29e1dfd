"""The start of an evening through the proxy, seen from every side (bench/hall.py prints it).

What the first seconds of the 5,000-phone evening are made of: the phones' answers per
second and by nginx's cache status (``X-Cache-Status``: a HIT that took long waited for
another request's fetch, ``proxy_cache_lock``), the requests that reached gunicorn and
their server time (its access log, with the time of each), and every rendering of a
spectators' block or page with its time (the app's log line per rendering,
``RENDER_LOG_LEVEL=INFO``; the worker's warm-up after a publication among them).
"""

from __future__ import annotations

import re
from collections import defaultdict
from datetime import datetime
from pathlib import Path

SLOW = 0.2  # seconds: the bar of issue 36 for a phone's p99
KINDS = (("standings", re.compile(r"^GET /t/[^/]+/standings/$")),
         ("page", re.compile(r"^GET /t/[^/]+/$")),
         ("captain", re.compile(r"^\w+ /(c|api/v1/captain)/")),
         ("desk", re.compile(r"^\w+ /desk/")),
         ("director", re.compile(r"^\w+ /(api/v1/tournaments|director)/")),
         ("login", re.compile(r"^\w+ /accounts/")))
RENDERED = re.compile(r"rendered (\S+) version (\d+) in ([\d.]+) ms at ([\d.]+)( \(not kept\))?")
WARMED = re.compile(r"warmed the public pages of .*")


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, round(p / 100 * (len(s) - 1)))]


def per_second(answers: list[tuple[str, float, float, str]], start: float,
               seconds: float) -> list[str]:
    """The phones' answers of the first ``seconds``, second by second: how many, p99 and
    max, how many slower than the bar, and nginx's cache status of those."""
    lines = [f"{'second':>6} {'kind':<10}{'req':>6}{'p99 ms':>9}{'max ms':>9}{'slow':>6}"
             "  cache status of the slow ones"]
    for second in range(int(seconds)):
        for kind in ("standings", "page"):
            rows = [(lat, status) for k, done, lat, status in answers
                    if k == kind and second <= done - start < second + 1]
            if not rows:
                continue
            lat = [r[0] for r in rows]
            slow: dict[str, int] = defaultdict(int)
            for seconds_taken, status in rows:
                if seconds_taken > SLOW:
                    slow[status] += 1
            lines.append(f"{second:>6} {kind:<10}{len(rows):>6}{pct(lat, 99) * 1000:>9.1f}"
                         f"{max(lat) * 1000:>9.1f}{sum(slow.values()):>6}  "
                         + ", ".join(f"{s} {n}" for s, n in sorted(slow.items())))
    return lines


def by_cache_status(answers: list[tuple[str, float, float, str]], start: float,
                    seconds: float) -> list[str]:
    """Per kind and nginx cache status, the whole run and its first ``seconds``."""
    lines = [f"{'kind':<10}{'status':<12}{'req':>8}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}"
             f"{'slow':>6}{'in the first ' + str(int(seconds)) + ' s':>18}"]
    groups: dict[tuple[str, str], list[tuple[float, float]]] = defaultdict(list)
    for kind, done, lat, status in answers:
        groups[(kind, status)].append((done - start, lat))
    for (kind, status), rows in sorted(groups.items()):
        lat = [r[1] for r in rows]
        early = sum(1 for at, _ in rows if at < seconds)
        lines.append(f"{kind:<10}{status:<12}{len(rows):>8}{pct(lat, 50) * 1000:>9.1f}"
                     f"{pct(lat, 99) * 1000:>9.1f}{max(lat) * 1000:>9.1f}"
                     f"{sum(1 for x in lat if x > SLOW):>6}{early:>18}")
    return lines


def access_times(log: Path) -> list[tuple[float, str, float]]:
    """(epoch second the request ended, kind, server seconds) from gunicorn's access log
    (format ``%(m)s %(U)s %(s)s %(M)s %(t)s``)."""
    found = []
    if not log.exists():
        return found
    for line in log.read_text(errors="replace").splitlines():
        parts = line.split()
        if len(parts) < 6:
            continue
        method, path, _status, ms = parts[:4]
        try:
            at = datetime.strptime(" ".join(parts[4:6]).strip("[]"),
                                   "%d/%b/%Y:%H:%M:%S %z").timestamp()
        except ValueError:
            continue
        kind = next((k for k, pattern in KINDS if pattern.match(f"{method} {path}")), "other")
        found.append((at, kind, float(ms) / 1000))
    return found


def reached_gunicorn(log: Path, started: float, seconds: float) -> list[str]:
    """What reached gunicorn in the first ``seconds`` of the evening and after (to the
    second: the access log's time is the request's end, in whole seconds)."""
    lines = [f"{'reached gunicorn':<18}{'first ' + str(int(seconds)) + ' s':>10}"
             f"{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}{'after':>8}{'p99 ms':>9}"]
    early: dict[str, list[float]] = defaultdict(list)
    late: dict[str, list[float]] = defaultdict(list)
    for at, kind, took in access_times(log):
        if at < int(started):
            continue
        (early if at < started + seconds else late)[kind].append(took)
    for kind in sorted(set(early) | set(late)):
        e, a = early[kind], late[kind]
        lines.append(f"{kind:<18}{len(e):>10}{pct(e, 50) * 1000:>9.0f}{pct(e, 99) * 1000:>9.0f}"
                     f"{(max(e) if e else float('nan')) * 1000:>9.0f}{len(a):>8}"
                     f"{pct(a, 99) * 1000:>9.0f}")
    return lines


def renderings(logs: Path, started: float, seconds: float) -> list[str]:
    """Every rendering of a spectators' block or page the app logged, before the evening
    (the worker's warm-up), in its first ``seconds`` and after, by process."""
    lines = []
    for path in sorted(logs.glob("*.log")):
        if path.name == "access.log":
            continue
        text = path.read_text(errors="replace")
        times = defaultdict(list)
        names: dict[str, set[str]] = defaultdict(set)
        for m in RENDERED.finditer(text):
            at = float(m.group(4))
            when = ("before" if at < started else
                    "first" if at < started + seconds else "after")
            times[when].append(float(m.group(3)))
            names[when].add(m.group(1))
        for when, label in (("before", "before the evening"),
                            ("first", f"in its first {int(seconds)} s"),
                            ("after", "after that")):
            took = times[when]
            if took:
                lines.append(f"  {path.stem:<10} {label:<22} {len(took):>5} renderings of "
                             f"{len(names[when]):>2} blocks/pages, ms p50 "
                             f"{pct(took, 50):.0f}, max {max(took):.0f}")
        lines += [f"  {path.stem:<10} {m.group(0)}" for m in WARMED.finditer(text)]
    return lines or ["  none logged (RENDER_LOG_LEVEL=INFO not set?)"]


def report(answers: list[tuple[str, float, float, str]], start: float, started: float,
           logs: Path, seconds: float) -> list[str]:
    """The whole cold-start section of the bench's output."""
    return ["", f"the first {int(seconds)} s, second by second (the phones' answers; slow: "
            f"> {SLOW * 1000:.0f} ms):", *per_second(answers, start, seconds),
            "", "the phones' answers by nginx's cache status (X-Cache-Status):",
            *by_cache_status(answers, start, seconds),
            "", *reached_gunicorn(logs / "access.log", started, seconds),
            "", "renderings of the spectators' blocks and pages (the app's log):",
            *renderings(logs, started, seconds)]
