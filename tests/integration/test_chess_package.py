"""Chess is a discipline package (``tournaments/disciplines/chess/``, a Django app of its own)
that the rest of the app reaches only through its class.

Its models keep the app label and tables they had in ``tournaments.models`` (so no data
moved), the generic services and models no longer offer its names, and every module of it
imports alone in a fresh interpreter.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.apps import apps

from tournaments import models, services
from tournaments.disciplines import of
from tournaments.disciplines.chess import models as chess_models
from tournaments.disciplines.chess.discipline import Chess

ROOT = Path(__file__).resolve().parents[2]
CHESS = "tournaments.disciplines.chess"
CHESS_MODULES = [f"{CHESS}.{name}" for name in (
    "draw", "panel_forms", "games", "models", "outputs", "pages", "records", "services", "trf",
    "trf.compare", "trf.ranking", "trf.reading", "trf.writing", "views", "reports", "urls",
    "entrants", "api.views", "api.serializers", "selectors", "rating_lists.service", "tasks",
)] + ["tournaments.services.markers", "tournaments.services.undo"]


def test_chess_models_keep_their_app_label_and_tables():
    for model in (chess_models.ByeRequest, chess_models.PairingRule, chess_models.RatingList,
                  chess_models.RatingListEntry):
        assert model._meta.app_label == "tournaments"
        assert model._meta.db_table == f"tournaments_{model.__name__.lower()}"
        assert apps.get_model("tournaments", model.__name__) is model  # Django finds it
        assert not hasattr(models, model.__name__)  # the generic models do not import it


def test_the_generic_services_no_longer_offer_the_chess_services():
    for name in ("request_bye", "withdraw", "give_full_bye", "forbid_pairing"):
        with pytest.raises(AttributeError):
            getattr(services, name)


@pytest.mark.django_db
def test_a_chess_tournament_reaches_its_package_through_its_class(make_tournament):
    t = make_tournament("chess")
    assert isinstance(of(t), Chess)
    assert apps.get_app_config("chess").name == CHESS


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
