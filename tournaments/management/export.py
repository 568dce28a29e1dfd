"""What ``export_tournament`` and ``export_trf`` share: find the tournament by its slug, write
the text to stdout or a file, and say what went wrong with exit code 2 and the place."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.models import Tournament


class ExportCommand(BaseCommand):
    """``manage.py <command> <slug> [-o file]``; a subclass says how the text is made."""

    def text(self, t: Tournament) -> str:
        """The whole file, with its final line break."""
        raise NotImplementedError

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", help="the tournament's address (slug)")
        parser.add_argument("-o", "--output", help="file to write (default: stdout)")

    def handle(self, *args: Any, slug: str, output: str | None = None, **options: Any) -> None:
        try:
            t = Tournament.objects.get(slug=slug)
        except Tournament.DoesNotExist:
            raise CommandError(f"there is no tournament {slug!r}", returncode=2) from None
        text = self.text(t)
        if output is None or output == "-":
            self.stdout.write(text, ending="")
            return
        try:
            with open(output, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
        except OSError as exc:
            raise CommandError(f"cannot write {output}: {exc.strerror or exc}") from None
        self.stderr.write(f"{t.slug} -> {output}")
