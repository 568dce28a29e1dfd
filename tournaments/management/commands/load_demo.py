"""Load a demo tournament of each discipline (for ``make run``), through the services."""

from __future__ import annotations

import os
import random

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from tournaments import services
from tournaments.models import Role, Round, Tournament
from tournaments.services import Actor

FIRST = ["Anna", "Bernd", "Clara", "Dieter", "Erika", "Franz", "Gerda", "Hans", "Ilse", "Jakob",
         "Karin", "Lutz", "Monika", "Norbert", "Olga", "Paul", "Rita", "Sepp", "Tanja", "Uwe",
         "Vroni", "Willi", "Xaver", "Yvonne", "Zenzi"]
LAST = ["Maier", "Huber", "Wagner", "Bauer", "Schmid", "Koch", "Richter", "Wolf", "Frank",
        "Lang", "Roth", "Vogel", "Graf", "Kraus", "Beck"]
CLUBS = ["SK Hof", "TSV Naila", "FC Schwarzenbach", "SV Helmbrechts", ""]


def people(rng: random.Random, n: int) -> list[dict]:
    names: set[str] = set()
    while len(names) < n:
        names.add(f"{rng.choice(FIRST)} {rng.choice(LAST)}")
    return [{"name": name, "club": rng.choice(CLUBS), "rating": rng.randrange(1200, 2300)}
            for name in sorted(names)]


def bobbl(rng: random.Random) -> list[list[int]]:
    out = []
    for _ in range(2):
        loser = rng.randrange(0, 21)
        out.append([21, loser] if rng.random() < 0.5 else [loser, 21])
    return out


def pussi_sheet(rng: random.Random, games: int) -> list[dict]:
    totals, out = [0, 0], []
    for _ in range(games):
        d = rng.randrange(2)
        bid = rng.choice([60, 80, 100, 120])
        totals[d] += bid if rng.random() < 0.65 else -bid
        totals[1 - d] += rng.randrange(0, 100, 5)
        out.append({"declarer": d + 1, "bid": bid, "totals": list(totals)})
    return out


class Command(BaseCommand):
    help = "Create the demo director and one demo tournament per discipline (idempotent)."

    def handle(self, *args, **options):
        User = get_user_model()
        password = os.environ.get("DEMO_PASSWORD", "turnierwart")
        user, created = User.objects.get_or_create(username="direktor",
                                                   defaults={"is_staff": True,
                                                             "is_superuser": True})
        if created:
            user.set_password(password)
            user.save()
        desk, desk_created = User.objects.get_or_create(username="anmeldung")
        if desk_created:
            desk.set_password(password)
            desk.save()
        actor = Actor(user, user.username)
        rng = random.Random(2026)
        demos = [
            ("demo-mucken", "Muckturnier Leupoldsgrün (Demo)", "mucken", "pair", 12,
             lambda t: {"bobbl": bobbl(rng)}),
            ("demo-pussi", "Pussi-Turnier (Demo)", "pussi", "single", 16,
             lambda t: {"games": pussi_sheet(rng, 8)}),
            ("demo-brettspiel", "Brettspiel-Qualifikation (Demo)", "boardgame", "single", 10,
             lambda t: {"points": {str(s.entrant.start_number): rng.randrange(40, 140)
                                   for s in t.seats.all()}}),
            ("demo-schach", "Vereinsturnier Schach (Demo)", "chess", "single", 10,
             lambda t: {"score": rng.choice(["1-0", "0-1", "1/2-1/2"])}),
            ("demo-tabletop", "Tabletop-Turnier (Demo)", "tabletop", "single", 8,
             lambda t: {"missions": [[rng.randrange(16), rng.randrange(16)],
                                     [rng.randrange(10), rng.randrange(10)],
                                     [rng.randrange(5), rng.randrange(5)]]}),
        ]
        for slug, name, discipline, kind, n, result in demos:
            if Tournament.objects.filter(slug=slug).exists():
                continue
            t = services.create_tournament(actor, name, discipline, kind, slug=slug)
            services.grant_role(t, actor, desk, Role.Kind.DESK)
            players = people(rng, n * (2 if kind == "pair" else 1))
            for i in range(n):
                group = players[2 * i:2 * i + 2] if kind == "pair" else [players[i]]
                services.register(t, actor, group, status="present")
            rnd = services.draw_round(t, actor, seed=f"{slug}-1")
            services.publish_round(t, actor, 1)
            for table in rnd.tables.all():
                services.director_set_result(table, actor, result(table))
            services.close_round(t, actor, 1)
            rnd2 = services.draw_round(t, actor, seed=f"{slug}-2")
            services.publish_round(t, actor, 2)
            for table in list(rnd2.tables.all())[: max(1, rnd2.tables.count() // 2)]:
                services.captain_submit(table.token, result(table))
            self.stdout.write(f"  {name}: /t/{slug}/ ({Round.objects.filter(tournament=t).count()}"
                              " rounds)")
        self.stdout.write(self.style.SUCCESS(
            f"Director login: direktor / {password}   Desk login: anmeldung / {password}"))
