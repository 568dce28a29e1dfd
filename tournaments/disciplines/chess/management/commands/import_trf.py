"""``manage.py import_trf <file> [--slug s] [--name n]``: a chess tournament from a TRF file.

A bad file exits with status 2 and names the place (``line 7, column 99: round 1:
unknown result 'Q'``), no traceback; nothing is stored then.
"""

from __future__ import annotations

import sys
from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.base import (
    BaseCommand,
    CommandError,
    CommandParser,
    no_translations,
)
from django.core.validators import validate_slug
from django.db import DatabaseError

from pairing.trf import decode
from tournaments.disciplines.chess.trf import import_trf
from tournaments.models import Tournament
from tournaments.services import Actor, ServiceError


def refuse(problem: str) -> CommandError:
    return CommandError(f"the file was not imported: {problem}", returncode=2)


class Command(BaseCommand):
    help = "Create a chess tournament from a TRF-16/TRF-26 file (use - for stdin)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the TRF file, or - for stdin")
        parser.add_argument("--slug", help="the new tournament's address (default: from its name)")
        parser.add_argument("--name", help="the tournament's name (default: line 012)")

    @no_translations  # a developer tool: English, whatever the site's default language
    def handle(self, *args: Any, file: str, slug: str | None = None, name: str | None = None,
               **options: Any) -> None:
        try:
            if file == "-":
                data = sys.stdin.buffer.read()
            else:
                with open(file, "rb") as f:
                    data = f.read()
        except OSError as exc:
            raise refuse(f"cannot read {file}: {exc.strerror or exc}") from None
        if slug:
            try:
                validate_slug(slug)
            except ValidationError:
                raise refuse(f"--slug: {slug!r} is not a valid address "
                             "(letters, digits, - and _)") from None
            if Tournament.objects.filter(slug=slug).exists():
                raise refuse(f"--slug: the address {slug!r} is taken")
        try:
            t = import_trf(decode(data), Actor(None, "manage.py import_trf"), slug=slug or None,
                           name=name or None)
        except ServiceError as exc:
            raise refuse(" ".join(m for ms in exc.errors.values() for m in ms)) from None
        except DatabaseError as exc:
            raise refuse(f"the tournament could not be stored: {exc}") from None
        self.stdout.write(t.slug)
