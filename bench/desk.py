"""The desk in a full hall, in one process: what the desk page and a sign-up cost at N entrants.

    .venv/bin/python bench/desk.py                    # 1000 entrants (fixed pairs), 30 sign-ups
    .venv/bin/python bench/desk.py --entrants 5000 --sign-ups 20

A fresh SQLite database in a temporary directory (or ``DATABASE_URL``), a Mucken tournament of
fixed pairs with ``--entrants`` pairs present and round 1 not drawn, one desk user. Then, with
Django's test client and ``DEBUG`` off (the rows are kept rendered as in production): the desk
page a few times, and ``--sign-ups`` sign-ups with htmx as desk.js sends them. Printed per
kind: the answer's size, gzipped (level 6, as the proxy), and the time in this process (p50,
p95, max). No network, no other load of the hall: ``bench/hall.py`` measures the evening.
"""

from __future__ import annotations

import argparse
import gzip
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def setup(database: str) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["DATABASE_URL"] = database
    os.environ["DJANGO_DEBUG"] = "0"
    os.environ.setdefault("HTTPS", "0")  # no redirect to https in the test client
    os.environ.setdefault("ALLOWED_HOSTS", "testserver")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def measure(entrants: int, sign_ups: int) -> dict[str, list[tuple[float, int, int]]]:
    from django.contrib.auth import get_user_model
    from django.test import Client
    from django.urls import reverse

    from tournaments import services
    from tournaments.models import Entrant, Player, Role
    from tournaments.services import Actor

    User = get_user_model()
    boss = User.objects.create_user("chef", password="bench-pass")
    desk = User.objects.create_user("desk", password="bench-pass")
    t = services.create_tournament(Actor(boss, "chef"), "Voller Saal", "mucken", "pair")
    services.grant_role(t, Actor(boss, "chef"), desk, Role.Kind.DESK)
    people = Player.objects.bulk_create(
        [Player(name=f"Spieler {i:05d}{s}", club=f"Klub {i % 40}") for i in range(entrants)
         for s in "ab"])
    made = Entrant.objects.bulk_create(
        [Entrant(tournament=t, start_number=i + 1, name=f"Spieler {i:05d}a / Spieler {i:05d}b",
                 status="present", club=f"Klub {i % 40}") for i in range(entrants)])
    Entrant.players.through.objects.bulk_create(
        [Entrant.players.through(entrant=e, player=people[2 * i + k])
         for i, e in enumerate(made) for k in range(2)])
    client = Client()
    client.force_login(desk)
    url = reverse("desk:tournament", args=[t.slug])
    out: dict[str, list[tuple[float, int, int]]] = {"desk page": [], "sign-up": []}

    def timed(kind: str, call) -> None:
        start = time.perf_counter()
        response = call()
        took = (time.perf_counter() - start) * 1000
        assert response.status_code == 200, response.status_code
        body = response.content
        out[kind].append((took, len(body), len(gzip.compress(body, 6))))

    for _ in range(6):
        timed("desk page", lambda: client.get(url))
    for k in range(sign_ups):
        timed("sign-up", lambda k=k: client.post(url, {
            "status": "present", "p1_name": f"Nachzügler {k}a", "p2_name": f"Nachzügler {k}b"},
            HTTP_HX_REQUEST="true"))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--entrants", type=int, default=1000)
    ap.add_argument("--sign-ups", type=int, default=30)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        setup(os.environ.get("DATABASE_URL") or f"sqlite:///{tmp}/desk.sqlite3")
        results = measure(args.entrants, args.sign_ups)
    print(f"{args.entrants} entrants (fixed pairs), {args.sign_ups} sign-ups, in-process")
    print("| kind | n | bytes | gzipped | p50 ms | p95 ms | max ms |")
    print("|---|---|---|---|---|---|---|")
    for kind, rows in results.items():
        rows = rows[1:] if kind == "desk page" else rows  # the first page fills the row memo
        times = sorted(r[0] for r in rows)
        p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
        print(f"| {kind} | {len(rows)} | {statistics.median(r[1] for r in rows):,.0f} | "
              f"{statistics.median(r[2] for r in rows):,.0f} | {statistics.median(times):.1f} | "
              f"{p95:.1f} | {times[-1]:.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
