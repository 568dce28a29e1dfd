"""``manage.py restore DIR``: import the tournaments of a backup (see ``backup``).

Reads ``DIR/index.json`` and imports each listed document under its slug. Every
document is checked first; a slug that exists already, or a bad document, stops the
restore with exit status 2 before anything is stored (all or nothing).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DatabaseError, IntegrityError, transaction

from scoring.json_input import MAX_BYTES, JsonInputError, loads
from tournaments import services
from tournaments.models import Tournament
from tournaments.services import Actor, ServiceError


def refuse(problems: list[str]) -> CommandError:
    return CommandError("nothing was restored:\n" + "\n".join(problems), returncode=2)


def read_json(path: Path) -> Any:
    """A file of the backup through the bounded reader (scoring.json_input); a refusal
    names the file and the place."""
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except OSError as exc:
        raise refuse([f"cannot read {path}: {exc.strerror or exc}"]) from None
    try:
        return loads(raw)
    except JsonInputError as exc:
        raise refuse([f"{path} is not a JSON document we read: {exc}"]) from None


class Command(BaseCommand):
    help = "Import every tournament of a backup directory written by `manage.py backup`."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("dir", help="the backup directory (with index.json)")

    def handle(self, *args: Any, dir: str, **options: Any) -> None:
        root = Path(dir)
        index = read_json(root / "index.json")
        entries = index.get("tournaments") if isinstance(index, dict) else None
        if not isinstance(entries, list) or not all(
                isinstance(e, dict) and isinstance(e.get("slug"), str)
                and isinstance(e.get("file"), str) for e in entries):
            raise refuse([f"{root / 'index.json'} is not a backup index"])
        slugs = [e["slug"] for e in entries]
        taken = sorted(Tournament.objects.filter(slug__in=slugs).values_list("slug", flat=True))
        if taken:
            raise refuse([f"the address {s!r} is taken (delete or rename that tournament first)"
                          for s in taken])
        docs = [(e["slug"], read_json(root / Path(e["file"]).name)) for e in entries]
        actor = Actor(None, "manage.py restore")
        try:
            with transaction.atomic():
                for slug, doc in docs:
                    try:
                        services.import_document(doc, actor, slug=slug)
                    except ServiceError as exc:
                        raise refuse([f"{slug}: {text}" for texts in exc.errors.values()
                                      for text in texts]) from None
        except (IntegrityError, DatabaseError) as exc:
            raise refuse([f"the backup could not be stored: {exc}"]) from None
        self.stdout.write(f"{len(docs)} tournament(s) restored from {root}")
