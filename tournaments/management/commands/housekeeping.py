"""``manage.py housekeeping [--today YYYY-MM-DD]``: what is due by the clock, for an
installation without a Celery worker (cron) or by hand: registrants' personal data deleted
after REGISTRATION_RETENTION_DAYS, failed registration mails tried again
(:mod:`tournaments.services.housekeeping`, docs/registration.md)."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.services import housekeeping


class Command(BaseCommand):
    help = ("Delete registrants' data whose retention period is over and retry failed "
            "registration mails; prints what was done as JSON.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--today", default=None,
                            help="the day to count the retention period to (YYYY-MM-DD)")

    def handle(self, *args: Any, today: str | None = None, **options: Any) -> None:
        day = None
        if today is not None:
            try:
                day = date.fromisoformat(today)
            except ValueError:
                raise CommandError(f"--today: {today[:40]!r} is not a date YYYY-MM-DD",
                                   returncode=2) from None
        done = housekeeping.run(day)
        self.stdout.write(json.dumps({"purged": done.purged, "sent": done.sent,
                                      "failed": done.failed}, sort_keys=True))
