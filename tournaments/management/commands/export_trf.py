"""``manage.py export_trf <slug> [-o file]``: a chess tournament as a FIDE TRF-16 file."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.chess.trf import export_trf
from tournaments.models import Tournament
from tournaments.services import ServiceError


class Command(BaseCommand):
    help = "Write a chess tournament as a TRF-16 file (as the FIDE engines read it)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", help="the tournament's address (slug)")
        parser.add_argument("-o", "--output", help="file to write (default: stdout)")

    def handle(self, *args: Any, slug: str, output: str | None = None, **options: Any) -> None:
        try:
            t = Tournament.objects.get(slug=slug)
        except Tournament.DoesNotExist:
            raise CommandError(f"there is no tournament {slug!r}", returncode=2) from None
        try:
            text = export_trf(t)
        except ServiceError as exc:
            raise CommandError(f"{slug}: {exc}", returncode=2) from None
        if output is None or output == "-":
            self.stdout.write(text, ending="")
            return
        try:
            with open(output, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
        except OSError as exc:
            raise CommandError(f"cannot write {output}: {exc.strerror or exc}") from None
        self.stderr.write(f"{t.slug} -> {output}")
