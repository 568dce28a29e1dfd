"""``manage.py import_tournament <file> [--slug s]``: create a tournament from a turnier/1 document.

The document is checked completely by :mod:`scoring` before anything is
stored; a bad one exits with status 2 and lists every problem with its place
(``rounds[0].tables[2].result: bobbl 1: both sides reached 21``), no traceback. The
file is read by the bounded reader (:mod:`scoring.json_input`): at most 20 MB, 20
levels deep, no lone surrogates or NaN, each refused with its place.
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
from django.db import DatabaseError, IntegrityError

from scoring.json_input import MAX_BYTES, JsonInputError, loads
from tournaments import services
from tournaments.models import Tournament
from tournaments.services import Actor, ServiceError


def refuse(problems: list[str]) -> CommandError:
    return CommandError("the document was not imported:\n" + "\n".join(problems), returncode=2)


class Command(BaseCommand):
    help = "Create a tournament from a turnier/1 JSON document (use - for stdin)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the document (JSON), or - for stdin")
        parser.add_argument("--slug", help="the new tournament's address (default: from its name)")

    @no_translations  # a developer tool: English, whatever the site's default language
    def handle(self, *args: Any, file: str, slug: str | None = None, **options: Any) -> None:
        try:
            if file == "-":
                stdin = getattr(sys.stdin, "buffer", sys.stdin)  # bytes where there are any
                raw = stdin.read(MAX_BYTES + 1)
            else:
                with open(file, "rb") as f:
                    raw = f.read(MAX_BYTES + 1)  # the reader takes no more
        except OSError as exc:
            raise refuse([f"cannot read {file}: {exc.strerror or exc}"]) from None
        try:
            data = loads(raw)
        except JsonInputError as exc:
            raise refuse([f"{file}: {exc}"]) from None
        if slug:
            try:
                validate_slug(slug)
            except ValidationError:
                raise refuse([f"--slug: {slug!r} is not a valid address "
                              "(letters, digits, - and _)"]) from None
            if Tournament.objects.filter(slug=slug).exists():
                raise refuse([f"--slug: the address {slug!r} is taken"])
        try:
            t = services.import_document(data, Actor(None, "manage.py import_tournament"),
                                         slug=slug or None)
        except ServiceError as exc:
            raise refuse([text for texts in exc.errors.values() for text in texts]) from None
        except (IntegrityError, DatabaseError) as exc:
            raise refuse([f"the document could not be stored: {exc}"]) from None
        self.stdout.write(t.slug)
