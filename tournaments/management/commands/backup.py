"""``manage.py backup [--dir DIR]``: the whole state of Turnierwart, for ``manage.py restore``.

Writes ``data.jsonl`` (every row, Django's serializer), ``tournaments/<slug>.json`` (each
tournament as a turnier/1 document, for people and other programs) and ``index.json``
(format, migrations, row counts, checksums) into a new directory; see
:mod:`tournaments.backup` and docs/backup.md. A backup holds password hashes, API tokens
and the captains' table links: the directory is made readable by its owner only.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.backup import BackupError, write_backup


class Command(BaseCommand):
    help = ("Write the whole state (data.jsonl, turnier/1 documents, index.json) into a new "
            "directory.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--dir", default=None,
                            help="a new or empty directory (default: backup-<UTC timestamp>)")

    def handle(self, *args: Any, dir: str | None = None, **options: Any) -> None:
        now = datetime.now(UTC)
        target = Path(dir or f"backup-{now.strftime('%Y%m%dT%H%M%SZ')}")
        try:
            index = write_backup(target, now)
        except BackupError as exc:
            raise CommandError(f"no backup was written: {exc}", returncode=2) from None
        rows = sum(index["rows"].values())
        self.stderr.write(f"{len(index['tournaments'])} tournament(s), {rows} row(s) -> {target}")
