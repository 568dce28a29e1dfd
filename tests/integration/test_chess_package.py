"""tournaments.chess is a subpackage of the tournaments app, not an app of its own.

Its models keep the app label and tables they had in tournaments.models (so no
migration), and every module of it imports alone in a fresh interpreter: no
import cycle with tournaments.services, which it uses and which finds it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tournaments import models, services
from tournaments.chess import models as chess_models
from tournaments.chess import services as chess_services

ROOT = Path(__file__).resolve().parents[2]
CHESS_MODULES = [
    "tournaments.chess.draw", "tournaments.chess.forms", "tournaments.chess.games",
    "tournaments.chess.models", "tournaments.chess.outputs", "tournaments.chess.pages",
    "tournaments.chess.records", "tournaments.chess.services", "tournaments.chess.trf",
    "tournaments.chess.trf.compare", "tournaments.chess.trf.ranking",
    "tournaments.chess.trf.reading", "tournaments.chess.trf.writing",
    "tournaments.chess.views", "tournaments.services.markers", "tournaments.services.undo",
]


def test_chess_models_keep_their_app_label_and_tables():
    for model in (chess_models.ByeRequest, chess_models.PairingRule):
        assert model._meta.app_label == "tournaments"
        assert model._meta.db_table == f"tournaments_{model.__name__.lower()}"
        assert getattr(models, model.__name__) is model  # Django and old imports find it


def test_the_services_package_still_offers_the_chess_services():
    assert services.request_bye is chess_services.request_bye
    assert services.withdraw is chess_services.withdraw
    with pytest.raises(AttributeError):
        services.no_such_service  # noqa: B018


def test_every_chess_module_imports_alone():
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"}
    code = ("import sys, django; django.setup(); "
            "import importlib; importlib.import_module(sys.argv[1])")
    failed = {}
    for name in CHESS_MODULES:
        run = subprocess.run([sys.executable, "-c", code, name], cwd=ROOT, env=env,
                             capture_output=True, text=True, timeout=120, check=False)
        if run.returncode:
            failed[name] = run.stderr.strip().splitlines()[-1:]
    assert failed == {}
