"""What the director's round page, publish and close cost on a card evening of 25 tables
(the issue "Seven evenings tried as a new user would", item 3: a Skat round page of three
36-game lists took 4.7–6.3 s).

    .venv/bin/python bench/card_rounds.py                      # Skat, 99 players: 25 tables
    .venv/bin/python bench/card_rounds.py --discipline doppelkopf --players 100
    .venv/bin/python bench/card_rounds.py --discipline pussi --players 100

A throw-away SQLite database in a temporary folder (as ``make run``: DEBUG, SQLite, tasks in the
process, local-memory cache). Series 1 is drawn; then each request the director (or a
captain) makes in the evening is timed through Django's test client, which runs the whole
server side (middleware, view, templates, database) in this process:

- the round page as a preview, ``publish``, the round page open without results,
- one table's list opened on the round page (the fragment the page loads on "open"),
- a captain's page and a captain's list sent (the longest list, 48 games),
- the director's correction of one table's list,
- the round page with every table's list in (realistic lists, every game of the series),
- ``close``, the closed round page.

Each line gives the median and the worst of ``--repeat`` runs of the request (milliseconds
of wall time, this process: the client's share is a few ms), the median CPU time of this
process (the test client, the app and SQLite all run here, so other load on the machine
hardly changes it) and the size of the answer. The first request of a kind also compiles
its templates: the worst. The goal: every request under 300 ms (the median's wall time on
an idle machine). On a loaded machine the wall times are higher; say so when quoting them.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GOAL_MS = 300


def skat_list(players: list[int], games: int, rng: random.Random) -> dict[str, Any]:
    """A realistic Skat list: the dealer sits out at four, a few games passed, values the
    game can have, three of four games won."""
    from scoring.skat import values_of

    kinds = ["clubs", "spades", "hearts", "diamonds", "grand", "null", "null_hand", "passed"]
    weights = [14, 13, 12, 11, 20, 4, 2, 2]
    out = []
    n = len(players)
    for k in range(games):
        dealer = players[k % n]
        game = rng.choices(kinds, weights)[0]
        if game == "passed":
            out.append({"game": "passed", "dealer": dealer})
            continue
        declarer = rng.choice([p for p in players if p != dealer or n == 3])
        values = values_of(game)
        value = values[min(rng.randrange(4), len(values) - 1)]
        out.append({"game": game, "declarer": declarer, "dealer": dealer, "value": value,
                    "won": rng.random() < 0.75})
    return {"games": out}


def doppelkopf_list(players: list[int], games: int, rng: random.Random) -> dict[str, Any]:
    """Normal games only (each player's first solo would have to be the compulsory one):
    Re wins 1, 2 or 3, or loses 2 (gegen die Alten)."""
    out = []
    for k in range(games):
        active = players if len(players) == 4 else [p for p in players
                                                    if p != players[k % len(players)]]
        re = rng.sample(active, 2)
        value = rng.choice([1, 2, 3, -2])
        line: dict[str, Any] = {"kind": "normal", "re": re, "scores": {
            str(p): (value if p in re else -value) for p in active}}
        if len(players) == 5:
            line["dealer"] = players[k % 5]
        out.append(line)
    return {"games": out}


def pussi_list(players: list[int], games: int, rng: random.Random) -> dict[str, Any]:
    totals = [0, 0]
    out = []
    for _ in range(games):
        d = rng.randrange(2)
        bid = rng.choice([60, 80, 100, 120])
        totals[d] += bid if rng.random() < 0.7 else -bid
        totals[1 - d] += rng.randrange(0, 100)
        out.append({"declarer": d + 1, "bid": bid, "totals": list(totals)})
    return {"games": out}


LISTS = {"skat": skat_list, "doppelkopf": doppelkopf_list, "pussi": pussi_list}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--discipline", choices=sorted(LISTS), default="skat")
    parser.add_argument("--players", type=int, default=99)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    folder = tempfile.mkdtemp(prefix="tw-bench-cards-")
    os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
    os.environ.pop("REDIS_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["DJANGO_DEBUG"] = "1"  # as make run
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client

    settings.ALLOWED_HOSTS = ["*"]
    settings.RATE_LIMITS = {**getattr(settings, "RATE_LIMITS", {}), "enabled": False}
    # no setup_test_environment(): its instrumented template rendering (a signal with a copy
    # of the context per template) would be timed too; a served page has none of it
    call_command("migrate", verbosity=0)

    from tournaments import services
    from tournaments.disciplines import of
    from tournaments.models import Round
    from tournaments.services import Actor

    rng = random.Random(1)
    boss_user = get_user_model().objects.create_superuser("bench", password="bench-bench-bench")
    boss = Actor(boss_user, "bench")
    kind = "pair" if args.discipline == "mucken" else "single"
    t = services.create_tournament(boss, f"Bench {args.discipline}", args.discipline, kind)
    if args.discipline == "doppelkopf" and args.players % 4:
        t = services.update_tournament(t, boss, scoring={**t.scoring, "table_of_five": True})
    for i in range(1, args.players + 1):
        services.register(t, boss, [{"name": f"Spieler {i:03d}", "club": f"Club {i % 9}"}],
                          status="present")
    t.refresh_from_db()
    services.draw_round(t, boss, seed="bench")
    rnd = Round.objects.get(tournament=t, number=1)
    tables = list(rnd.tables.order_by("number"))
    sizes = sorted((tb.seats.count() for tb in tables), reverse=True)
    print(f"{args.discipline}: {args.players} players at {len(tables)} tables "
          f"({', '.join(f'{sizes.count(s)} of {s}' for s in sorted(set(sizes), reverse=True))})")

    director = Client()
    director.force_login(boss_user)
    base = f"/director/{t.slug}/rounds/1/"
    rows: list[tuple[str, float, float, int]] = []

    def measure(label: str, call: Callable[[], Any], repeat: int = args.repeat,
                expect: tuple[int, ...] = (200,)) -> Any:
        samples, cpu, response = [], [], None
        for _ in range(repeat):
            start, start_cpu = time.perf_counter(), time.process_time()
            response = call()
            samples.append((time.perf_counter() - start) * 1000)
            cpu.append((time.process_time() - start_cpu) * 1000)
            assert response.status_code in expect, (label, response.status_code)
        size = len(getattr(response, "content", b""))
        rows.append((label, statistics.median(samples), statistics.median(cpu), size))
        print(f"{label:<44} {statistics.median(samples):6.0f} ms wall {max(samples):6.0f} worst"
              f" {statistics.median(cpu):6.0f} ms CPU {size:10,} bytes", flush=True)
        return response

    measure("round page, preview", lambda: director.get(base))
    measure("publish (POST)", lambda: director.post(f"{base}publish/"), repeat=1,
            expect=(302,))
    measure("round page, open, no result", lambda: director.get(base))

    def seat_order(table: Any) -> list[int]:
        seats = table.seats.select_related("entrant").order_by("side", "position")
        return [s.entrant.start_number for s in seats]

    disc = of(t)
    games_of = {"skat": lambda size: disc.series_games(t, size),  # type: ignore[attr-defined]
                "doppelkopf": lambda size: disc.round_games(t, size),  # type: ignore[attr-defined]
                "pussi": lambda size: disc.settings(t).games_per_series}[args.discipline]
    lists = {tb.pk: LISTS[args.discipline](seat_order(tb), games_of(tb.seats.count()), rng)
             for tb in tables}
    biggest = max(tables, key=lambda tb: (tb.seats.count(), -tb.number))
    rform = disc.result_form
    one = f"{base}tables/{biggest.number}/list/"
    if director.get(one).status_code == 200:
        measure(f"one table's list opened (table {biggest.number})", lambda: director.get(one))
    captain = Client()
    cap_url = f"/c/{biggest.token}/"
    measure("captain's page", lambda: captain.get(cap_url))
    post = rform.post_from_payload(lists[biggest.pk], biggest)
    measure("captain sends the list (POST)", lambda: captain.post(cap_url, post), repeat=1,
            expect=(302,))
    result_url = f"{base}tables/{biggest.number}/result/"
    measure("director corrects one list (POST)",
            lambda: director.post(result_url, {**post, "entry": "inputs"}), repeat=1,
            expect=(302,))
    for tb in tables:
        services.director_set_result(tb, boss, lists[tb.pk])
    measure("round page, open, every list in", lambda: director.get(base))
    measure("close (POST)", lambda: director.post(f"{base}close/"), repeat=1, expect=(302,))
    measure("round page, closed", lambda: director.get(base))
    over = [r for r in rows if r[1] > GOAL_MS]
    print(f"goal {GOAL_MS} ms per request (median wall time): "
          + ("met" if not over else "missed by " + ", ".join(r[0] for r in over)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
