"""``manage.py backup [--dir DIR]``: every tournament as a turnier/1 document, one file each.

Writes ``<slug>.json`` per tournament and an ``index.json`` (name, slug, discipline, version,
file, and the time of the backup). Every file is written to a temporary file in the same
directory and renamed into place, so a crash never leaves a half-written document.

What turnier/1 does not carry (and so a backup does not): users, roles, API tokens, the
action log, result revisions and disputes (only the result that counts), captains' table
links, reports, seeds and draw details, registration data outside the document.
"""

from __future__ import annotations

import json
import os
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments import services
from tournaments.models import Tournament


def write_atomically(path: Path, data: Any) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, ensure_ascii=False, indent=2)
            f.write("\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


class Command(BaseCommand):
    help = "Write every tournament as a turnier/1 JSON document (one per slug) and index.json."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--dir", default=None,
                            help="directory to write (default: backup-<UTC timestamp>)")

    def handle(self, *args: Any, dir: str | None = None, **options: Any) -> None:
        now = datetime.now(UTC)
        target = Path(dir or f"backup-{now.strftime('%Y%m%dT%H%M%SZ')}")
        try:
            target.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise CommandError(f"cannot create {target}: {exc.strerror or exc}",
                               returncode=2) from None
        index: dict[str, Any] = {"format": "turnier-backup/1",
                                 "created": now.isoformat(timespec="seconds"),
                                 "tournaments": []}
        try:
            for t in Tournament.objects.order_by("slug"):
                name = f"{t.slug}.json"
                write_atomically(target / name, services.export_document(t))
                index["tournaments"].append({"slug": t.slug, "name": t.name,
                                             "discipline": t.discipline,
                                             "version": t.version, "file": name})
            write_atomically(target / "index.json", index)
        except OSError as exc:
            raise CommandError(f"cannot write the backup in {target}: {exc.strerror or exc}",
                               returncode=2) from None
        except services.ServiceError as exc:
            raise CommandError(f"cannot export a tournament: {exc}", returncode=2) from None
        self.stderr.write(f"{len(index['tournaments'])} tournament(s) -> {target}")
