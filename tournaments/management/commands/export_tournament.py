"""``manage.py export_tournament <slug> [-o file]``: a tournament as a turnier/1 document."""

from __future__ import annotations

import json

from tournaments import services
from tournaments.management.export import ExportCommand
from tournaments.models import Tournament


class Command(ExportCommand):
    help = "Write a tournament as a turnier/1 JSON document to stdout or a file."

    def text(self, t: Tournament) -> str:
        return json.dumps(services.export_document(t), ensure_ascii=False, indent=2) + "\n"
