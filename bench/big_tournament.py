"""What one request costs on a very large chess tournament (the security review's case).

Generates a TRF of ``--players`` × ``--rounds`` (a score-ordered Swiss with random
results, a bye for the odd one out), imports it, and times what spectators and the
director can make the server compute:

- the TRF import (``trf.import_trf``, the service behind the web form, the API and
  ``manage.py import_trf``),
- with ``--service``, the statistics (``services.statistics.statistics``) on their own,
- the public statistics page from an empty cache, again (cached), and with another
  ``?entrant=`` (what an anonymous visitor can ask for as often as they like),
- the director's what-if page.

The import limits (``services.limits``) are lifted for the run, so a file beyond them
can be measured too; the real limits refuse it. Runs on a throw-away SQLite database
in a temporary folder and a local-memory cache. Run:
``python bench/big_tournament.py --players 2000 --rounds 60``.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.app import start_app  # the shared set-up
from bench.app import timed as measured


def trf_text(players: int, rounds: int, seed: int = 1) -> str:
    """A valid TRF-16 of a Swiss: pairs in score order, random results, byes for the odd one."""
    rng = random.Random(seed)
    score = dict.fromkeys(range(1, players + 1), 0.0)
    cells: dict[int, list[str]] = {n: [] for n in score}
    for _r in range(rounds):
        order = sorted(score, key=lambda n: (-score[n], rng.random()))
        if len(order) % 2:
            n = order.pop()
            cells[n].append("0000 - U")
            score[n] += 1
        for k in range(0, len(order), 2):
            w, b = order[k], order[k + 1]
            res = rng.choices(["1", "0", "="], [40, 35, 25])[0]
            other = {"1": "0", "0": "1", "=": "="}[res]
            cells[w].append(f"{b:>4} w {res}")
            cells[b].append(f"{w:>4} b {other}")
            score[w] += {"1": 1, "=": 0.5}.get(res, 0)
            score[b] += {"0": 1, "=": 0.5}.get(res, 0)
    lines = ["012 Bench Open", f"XXR {rounds}"]
    ranked = sorted(score, key=lambda n: (-score[n], n))
    rank = {n: k for k, n in enumerate(ranked, 1)}
    for n in range(1, players + 1):
        name = f"Player{n:05d}, Bench"
        rating = 2700 - (n * 1700) // players
        head = f"001 {n:>4} m    {name:<33} {rating:>4} GER {1000000 + n:>11} 1990/01/01"
        points = f"{score[n]:.1f}"
        line = f"{head:<80}{points:>4} {rank[n]:>4}"
        for c in cells[n]:
            line += "  " + c
        lines.append(line)
    return "\n".join(lines) + "\n"


def timed(label: str, fn: Any) -> Any:
    """:func:`app.timed`, returning only ``fn``'s result."""
    return measured(label, fn, width=44)[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument("--skip-whatif", action="store_true")
    parser.add_argument("--service", action="store_true",
                        help="also time services.statistics.statistics() on its own")
    args = parser.parse_args()

    start_app()
    from django.contrib.auth import get_user_model
    from django.core.cache import cache
    from django.test import Client

    from tournaments.disciplines.chess.trf import import_trf
    from tournaments.services import Actor, limits
    from tournaments.services import statistics as stats

    for name in ("MAX_ENTRANTS", "MAX_ROUNDS", "MAX_PLAYER_ROUNDS", "MAX_TABLES",
                 "MAX_TRF_BYTES"):
        if hasattr(limits, name):
            setattr(limits, name, 10**9)

    text = trf_text(args.players, args.rounds)
    print(f"{args.players} players × {args.rounds} rounds: TRF of {len(text.encode()):,} bytes")
    boss = get_user_model().objects.create_superuser("bench", password="bench-bench-bench")
    t = timed("import_trf", lambda: import_trf(text, Actor(boss, "bench"), slug="bench"))
    if args.service:
        cache.clear()
        timed("statistics() from an empty cache", lambda: stats.statistics(t))
        timed("statistics() again", lambda: stats.statistics(t))
    cache.clear()
    anon = Client()
    url = f"/t/{t.slug}/statistics/"
    r = timed("public statistics page, empty cache", lambda: anon.get(url))
    assert r.status_code == 200, r.status_code
    print(f"{'  page size':<52} {len(r.content):8,} bytes")
    timed("public statistics page, again", lambda: anon.get(url))
    timed("public statistics page, ?entrant=7", lambda: anon.get(url, {"entrant": 7}))
    timed("public statistics page, ?entrant=8", lambda: anon.get(url, {"entrant": 8}))
    if not args.skip_whatif:
        director = Client()
        director.force_login(boss)
        r = timed("what-if page (director)", lambda: director.get(f"/director/{t.slug}/what-if/"))
        assert r.status_code in (200, 400), r.status_code


if __name__ == "__main__":
    main()
