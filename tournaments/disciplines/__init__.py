"""The disciplines the web app runs: one package per discipline, and the framework they share.

Each discipline is a package here (``chess/``, ``skat/``, …) with its
:class:`~.base.WebDiscipline` subclass, result form, templates and static files, installed as
a Django app (``config/settings.py``). :mod:`.registry` finds them; the rest of the app
reaches a discipline only through its class: ``of(tournament)``, ``get(name)``,
``DISCIPLINES``. This module imports no discipline package (the registry reads the installed
apps when first asked), so the models may import it to build their choices.

docs/adding-a-discipline.md says what a new package needs.
"""

from __future__ import annotations

from .base import WebDiscipline
from .registry import DISCIPLINES, SCORING_ONLY, get, of

__all__ = ["DISCIPLINES", "SCORING_ONLY", "WebDiscipline", "get", "of"]
