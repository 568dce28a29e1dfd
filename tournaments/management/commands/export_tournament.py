"""``manage.py export_tournament <slug> [-o file]``: a tournament as a turnier/1 document."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments import services
from tournaments.models import Tournament


class Command(BaseCommand):
    help = "Write a tournament as a turnier/1 JSON document to stdout or a file."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", help="the tournament's address (slug)")
        parser.add_argument("-o", "--output", help="file to write (default: stdout)")

    def handle(self, *args: Any, slug: str, output: str | None = None, **options: Any) -> None:
        try:
            t = Tournament.objects.get(slug=slug)
        except Tournament.DoesNotExist:
            raise CommandError(f"there is no tournament {slug!r}", returncode=2) from None
        text = json.dumps(services.export_document(t), ensure_ascii=False, indent=2)
        if output is None or output == "-":
            self.stdout.write(text)
            return
        try:
            with open(output, "w", encoding="utf-8") as f:
                f.write(text + "\n")
        except OSError as exc:
            raise CommandError(f"cannot write {output}: {exc.strerror or exc}") from None
        self.stderr.write(f"{t.slug} -> {output}")
