"""``manage.py import_rating_list <id>``: read an uploaded rating list into the database.

Started by the rating-list page in a process of its own where no Celery worker runs (the
embedded default), so a big or hostile list never occupies a web worker; the page shows
the import's progress from the database. Exit 0 when done or failed with the reason
stored, 2 for an id that is no number.
"""

from __future__ import annotations

import signal
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.disciplines.chess.rating_lists import service


def _out_of_time(_signum: int, _frame: Any) -> None:
    raise TimeoutError("the import took longer than its CPU time")


class Command(BaseCommand):
    help = "Import an uploaded rating list (its id) into the database."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("list_id")

    def handle(self, *args: Any, **options: Any) -> None:
        raw = options["list_id"]
        if not str(raw).isdecimal():
            raise CommandError(f"list_id: a number, not {raw!r}", returncode=2)
        list_id = int(raw)
        signal.signal(signal.SIGXCPU, _out_of_time)
        try:
            outcome = service.run_import(list_id)
        except (MemoryError, TimeoutError) as exc:
            service.mark_failed(list_id, f"{type(exc).__name__}: {exc}")
            outcome = "failed"
        self.stdout.write(outcome)
