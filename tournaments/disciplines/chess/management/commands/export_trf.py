"""``manage.py export_trf <slug> [-o file]``: a chess tournament as a FIDE TRF-16 file."""

from __future__ import annotations

from django.core.management.base import CommandError

from tournaments.disciplines.chess.trf import export_trf
from tournaments.management.export import ExportCommand
from tournaments.models import Tournament
from tournaments.services import ServiceError


class Command(ExportCommand):
    help = "Write a chess tournament as a TRF-16 file (as the FIDE engines read it)."

    def text(self, t: Tournament) -> str:
        try:
            return export_trf(t)
        except ServiceError as exc:
            raise CommandError(f"{t.slug}: {exc}", returncode=2) from None
