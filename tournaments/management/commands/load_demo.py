"""Load a demo tournament of each discipline (for ``make run``), through the services.

The demo logins have a password printed in the README, fine on a laptop with
``DJANGO_DEBUG=1``. In production (DEBUG off) a superuser with a known password would
open ``/admin/`` and the API to anybody, so there the command refuses unless asked with
``--allow-production``, and even then never uses the known password: ``DEMO_PASSWORD``
if it is set (and is not the known one), otherwise a random one, printed once.
"""

from __future__ import annotations

import os
import random
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model, password_validation
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.test.utils import override_settings
from django.utils import timezone

from tournaments import services
from tournaments.demo_guard import DEMO_USERNAMES, PUBLISHED_PASSWORD
from tournaments.disciplines import DISCIPLINES
from tournaments.disciplines.demo import Demo
from tournaments.models import Registration, Role, Round, Tournament
from tournaments.services import Actor, announcement, online

FIRST = ["Anna", "Bernd", "Clara", "Dieter", "Erika", "Franz", "Gerda", "Hans", "Ilse", "Jakob",
         "Karin", "Lutz", "Monika", "Norbert", "Olga", "Paul", "Rita", "Sepp", "Tanja", "Uwe",
         "Vroni", "Willi", "Xaver", "Yvonne", "Zenzi"]
LAST = ["Maier", "Huber", "Wagner", "Bauer", "Schmid", "Koch", "Richter", "Wolf", "Frank",
        "Lang", "Roth", "Vogel", "Graf", "Kraus", "Beck"]
CLUBS = ["SK Hof", "TSV Naila", "FC Schwarzenbach", "SV Helmbrechts", ""]
REGISTRATION_SLUG = "demo-open"
REGISTRATION_PLACES = 10
# the demo's registrations: (youth, member, titled, how the fee stands); the last three
# find the ten places taken and wait
SIGN_UPS = [(False, False, False, "bank"), (False, True, False, "bank"),
            (True, False, False, "due"), (False, False, True, "waived"),
            (False, False, False, "cash"), (False, True, False, "due"),
            (False, False, False, "desk"), (True, True, False, "bank"),
            (False, False, False, "due"), (False, False, False, "due"),
            (False, False, False, "due"), (True, False, False, "due"),
            (False, True, False, "due")]
KNOWN_PASSWORD = PUBLISHED_PASSWORD  # the README's, for make run (refused with DEBUG off)
DEMO_USERS = DEMO_USERNAMES


def people(rng: random.Random, n: int) -> list[dict]:
    names: set[str] = set()
    while len(names) < n:
        names.add(f"{rng.choice(FIRST)} {rng.choice(LAST)}")
    return [{"name": name, "club": rng.choice(CLUBS), "rating": rng.randrange(1200, 2300)}
            for name in sorted(names)]


@contextmanager
def in_memory_mail() -> Iterator[None]:
    """Mails go to memory, sent in this process (a worker would use its own settings)."""
    from celery import current_app
    eager = current_app.conf.task_always_eager
    current_app.conf.task_always_eager = True
    try:
        with override_settings(EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend"):
            yield
    finally:
        current_app.conf.task_always_eager = eager


def production_password() -> tuple[str, bool]:
    """DEMO_PASSWORD (never the known one) or a fresh random one; True if generated."""
    chosen = os.environ.get("DEMO_PASSWORD", "")
    if not chosen:
        return secrets.token_urlsafe(12), True
    if chosen == KNOWN_PASSWORD:
        raise CommandError("DEMO_PASSWORD is the demo password printed in the README; "
                           "choose another or leave it unset for a random one", returncode=2)
    try:
        password_validation.validate_password(chosen)
    except ValidationError as exc:
        raise CommandError(f"DEMO_PASSWORD: {' '.join(exc.messages)}", returncode=2) from None
    return chosen, False


class Command(BaseCommand):
    help = ("Create the demo director and desk and one demo tournament per discipline "
            "(idempotent). With DEBUG off only with --allow-production, and never with the "
            "README's password.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--allow-production", action="store_true",
            help="load the demo although DEBUG is off (password: DEMO_PASSWORD or a random "
                 "one, printed once)")

    def handle(self, *args, **options):
        User = get_user_model()
        production = not settings.DEBUG
        if production and not options["allow_production"]:
            raise CommandError(
                "DJANGO_DEBUG is off: the demo would add a superuser to this installation. "
                "Run with --allow-production to load it anyway (with DEMO_PASSWORD or a "
                "random password).", returncode=2)
        if production:
            password, generated = production_password()
        else:
            password, generated = os.environ.get("DEMO_PASSWORD", KNOWN_PASSWORD), False
        user, created = User.objects.get_or_create(username="direktor",
                                                   defaults={"is_staff": True,
                                                             "is_superuser": True})
        desk, desk_created = User.objects.get_or_create(username="anmeldung")
        changed = []
        for account, new in ((user, created), (desk, desk_created)):
            # an earlier demo (make run) left the known password: not in production, and
            # not in a hall (make run HOST=0.0.0.0 passes a fresh DEMO_PASSWORD)
            replace_known = production or password != KNOWN_PASSWORD
            if new or (replace_known and account.check_password(KNOWN_PASSWORD)):
                account.set_password(password)
                account.save()
                changed.append(account.username)
        self.load_tournaments(user, desk)
        if not production:
            # Only what is true: an account a hall start (make run HOST=0.0.0.0) gave a fresh
            # password keeps it, and printing this one for it would send people to a refusal.
            current = [account.username for account in (user, desk)
                       if account.username in changed or account.check_password(password)]
            if len(current) == 2:
                self.stdout.write(self.style.SUCCESS(
                    f"Director login: direktor / {password}   "
                    f"Desk login: anmeldung / {password}"))
            for username in (user.username, desk.username):
                if username in current:
                    if len(current) == 1:
                        self.stdout.write(self.style.SUCCESS(f"Login: {username} / {password}"))
                    continue
                self.stdout.write(self.style.WARNING(
                    f"Login: {username} keeps the password it has (set by an earlier "
                    f"make run HOST=0.0.0.0, which printed it, or by you), not {password}. "
                    f"A new one: .venv/bin/python manage.py changepassword {username}"))
            return
        for username in changed:
            self.stdout.write(self.style.SUCCESS(f"Login: {username} / {password}"))
        if changed and generated:
            self.stdout.write(self.style.WARNING(
                "The password was generated and is shown only now: note it, or change it in "
                "/admin/."))
        unchanged = [name for name in DEMO_USERS if name not in changed]
        if unchanged:
            self.stdout.write(f"Passwords of {', '.join(unchanged)} unchanged (they existed).")

    def load_tournaments(self, user: Any, desk: Any) -> None:
        """One tournament per discipline, two rounds played through the services; a
        tournament that exists already is left as it is."""
        actor = Actor(user, user.username)
        for web in DISCIPLINES.values():
            demo = web.demo()
            if demo is not None:
                self.load_demo(actor, desk, web.name, demo)
        self.load_registration(actor, desk)

    def load_registration(self, actor: Actor, desk: Any) -> None:
        """A tournament before its evening, with an open announcement: fees (reduced, early,
        late, titled free), ten places taken and three on the waiting list, fees paid by
        bank and cash, waived and due. Its discipline is the first installed one whose demo
        has single entrants. The confirmation mails go to memory, never to a real mail
        server, not even through a worker (the demo's addresses are example.org): the outbox
        shows them sent."""
        if Tournament.objects.filter(slug=REGISTRATION_SLUG).exists():
            return
        single = [(web.name, d) for web in DISCIPLINES.values()
                  if (d := web.demo()) is not None and d.entrant_kind == "single"]
        if not single:
            return
        discipline, demo = single[0]
        rng = random.Random(f"2026-{REGISTRATION_SLUG}")
        today = timezone.localdate()
        t = services.create_tournament(actor, "Frühjahrs-Open (Demo)", discipline,
                                       "single", scoring=demo.scoring, slug=REGISTRATION_SLUG)
        services.grant_role(t, actor, desk, Role.Kind.DESK)
        announcement.save(
            t, actor, open=True, venue="Sportheim, Hauptstraße 1, 95111 Rehau",
            starts_on=today + timedelta(days=21), ends_on=today + timedelta(days=21),
            closes_on=today + timedelta(days=19), capacity=REGISTRATION_PLACES,
            base_cents=1500, reduced_cents=1000, titled_free=True,
            early_until=today + timedelta(days=7), early_cents=1200,
            late_from=today + timedelta(days=14), late_extra_cents=300, list_public=True,
            bank="Turnierverein e.V.", iban="DE02 1203 0000 0000 2020 51",
            text="Fünf Runden, Bedenkzeit nach Turnierordnung. Anmeldung bis zwei Tage "
                 "vorher; Jugendliche und Mitglieder zahlen ermäßigt, Titelträger frei.")
        with in_memory_mail():
            for person, (youth, member, titled, fee) in zip(
                    people(rng, len(SIGN_UPS)), SIGN_UPS, strict=True):
                email = person["name"].lower().replace(" ", ".") + "@example.org"
                reg = online.register_online(t, person["name"], email, person["club"],
                                             youth=youth, member=member, titled=titled,
                                             language=rng.choice(["de", "de", "en"]),
                                             today=today)
                if fee in (Registration.Via.BANK, Registration.Via.CASH,
                           Registration.Via.DESK):
                    online.set_fee(reg, actor, Registration.Fee.PAID, fee)
        self.stdout.write(f"  {t.name}: /t/{t.slug}/announcement/ "
                          f"(registrations: /desk/{t.slug}/registrations/)")

    def load_demo(self, actor: Actor, desk: Any, discipline: str, demo: Demo) -> None:
        """One demo tournament (two rounds: the first closed, half of the second reported
        by phone), from the seeded rng of its slug; left as it is if it exists."""
        if Tournament.objects.filter(slug=demo.slug).exists():
            return
        rng = random.Random(f"2026-{demo.slug}")
        kind = demo.entrant_kind
        t = services.create_tournament(actor, demo.name, discipline, kind, scoring=demo.scoring,
                                       slug=demo.slug)
        services.grant_role(t, actor, desk, Role.Kind.DESK)
        players = people(rng, demo.entrants * (2 if kind == "pair" else 1))
        if demo.names:  # entrants that are no people (teams): their own names
            players = [{"name": name, "club": name} for name in demo.names]
        for i in range(demo.entrants):
            group = players[2 * i:2 * i + 2] if kind == "pair" else [players[i]]
            services.register(t, actor, group, status="present")
        if demo.setup is not None:
            demo.setup(t, actor)
        rnd = services.draw_round(t, actor, seed=f"{demo.slug}-1")
        services.publish_round(t, actor, 1)
        for table in rnd.tables.all():
            services.director_set_result(table, actor, demo.result(rng, table))
        services.close_round(t, actor, 1)
        rnd2 = services.draw_round(t, actor, seed=f"{demo.slug}-2")
        services.publish_round(t, actor, 2)
        for table in list(rnd2.tables.all())[: max(1, rnd2.tables.count() // 2)]:
            services.captain_submit(table.token, demo.result(rng, table))
        self.stdout.write(f"  {demo.name}: /t/{demo.slug}/ "
                          f"({Round.objects.filter(tournament=t).count()} rounds)")
