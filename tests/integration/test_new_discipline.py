"""A new discipline needs its package and the registry, no migration: ``Tournament.discipline``
takes its choices from the registry by a callable (issue 23).

A throwaway discipline (a copy of Boardgame's rules under another name) is registered for
the test only, in both registries; a tournament of it is created through the service and
passes the model's validation, and Django sees no change to migrate.
"""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from scoring import registry as scoring_registry
from scoring.boardgame import BOARDGAME
from tournaments import services
from tournaments.disciplines import DISCIPLINES, get, of
from tournaments.disciplines.boardgame.discipline import Boardgame
from tournaments.disciplines.registry import choices, registered
from tournaments.models import Tournament
from tournaments.services import Actor

pytestmark = pytest.mark.django_db


class Throwaway(Boardgame):
    name = "throwaway"
    label = "Throwaway"


@pytest.fixture
def throwaway(monkeypatch):
    rules = type(BOARDGAME)()
    rules.name = "throwaway"
    monkeypatch.setitem(scoring_registry.DISCIPLINES, "throwaway", rules)
    with registered(Throwaway()) as web:
        yield web
    assert "throwaway" not in DISCIPLINES


def test_a_registered_discipline_gets_a_tournament_without_a_migration(throwaway, director):
    assert ("throwaway", "throwaway") in choices()
    t = services.create_tournament(Actor(director, director.username), "Wegwerf",
                                   "throwaway", "single")
    t = Tournament.objects.get(pk=t.pk)
    t.full_clean()  # the choices the model validates with include it
    assert of(t) is throwaway and get("throwaway") is throwaway
    out = io.StringIO()
    call_command("makemigrations", "tournaments", "--check", "--dry-run", stdout=out)
    assert "No changes detected" in out.getvalue()


def test_an_unknown_discipline_is_refused_by_the_model(director):
    t = Tournament(slug="x", name="x", discipline="no_such_game", entrant_kind="single")
    with pytest.raises(Exception) as raised:
        t.full_clean(exclude=["created_by"])
    assert "discipline" in str(raised.value)


def test_choices_follow_the_installed_apps():
    assert [name for name, _label in choices()] == list(DISCIPLINES)
