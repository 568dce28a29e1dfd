"""``manage.py restore DIR``: bring back the whole state of a backup (``manage.py backup``).

Only into an empty database (a new one after ``manage.py migrate``) with the backup's
migrations; everything is checked first and stored in one transaction, all or nothing.
Any refusal (a damaged, edited or foreign file, a database that holds data) exits with
status 2 and names the place; see :mod:`tournaments.backup` and docs/backup.md.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.backup import BackupError, restore_backup


class Command(BaseCommand):
    help = "Restore a backup directory written by `manage.py backup` into an empty database."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("dir", help="the backup directory (with index.json)")

    def handle(self, *args: Any, dir: str, **options: Any) -> None:
        root = Path(dir)
        try:
            counts = restore_backup(root)
        except BackupError as exc:
            raise CommandError(f"nothing was restored: {exc}", returncode=2) from None
        self.stdout.write(f"{counts['tournaments.tournament']} tournament(s), "
                          f"{counts['auth.user']} user(s), {sum(counts.values())} row(s) "
                          f"restored from {root}")
