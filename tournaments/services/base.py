"""What every service shares: who acts, clear errors, and the one way to record a change.

A service validates, then runs its writes inside :func:`change`, which locks
the tournament row (so two desks or two captains never interleave), writes
the action log entry and bumps the tournament's version (which invalidates
every cached public page of it).

The entry's ``before`` must hold everything needed to put the previous state back
(``services.undo`` does exactly that), and ``writes``/``reads`` name what the change
touched, so an undo can tell whether a later change rests on it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models import F

from ..common.actions import ACTIONS
from ..common.errors import (  # noqa: F401 (the services' names for them)
    Actor,
    Conflict,
    Forbidden,
    InvalidToken,
    NotFound,
    RoundNotOpen,
    ServiceError,
    StaleVersion,
)
from ..models import ActionLog, Tournament


@dataclass
class Change:
    """Filled in by the service inside :func:`change` before it is logged.

    ``writes``: keys of what the change wrote ("table:12", "entrant:5", "round:3");
    ``reads``: what it rested on ("entrant:*": every entrant, as a draw does).
    ``unchanged``: the service found nothing to do (a repeated submission): no entry, the
    version stays. ``undoes``: the id of the entry an undo takes back.
    """

    tournament: Tournament
    target: str = ""
    before: Any = None
    after: Any = None
    writes: set[str] = field(default_factory=set)
    reads: set[str] = field(default_factory=set)
    unchanged: bool = False
    undoes: int | None = None

    def wrote(self, *keys: str) -> None:
        self.writes.update(keys)


def _check_action(action: str) -> None:
    if action not in ACTIONS:
        raise ValueError(f"action {action!r} has no entry in the table of actions "
                         "(common.actions.COMMON, or its discipline's actions)")


def _log(record: Change, actor: Actor, action: str) -> None:
    ActionLog.objects.create(
        tournament=record.tournament if record.tournament.pk is not None else None,
        user=actor.user, actor=actor.label, action=action,
        target=record.target, before=record.before, after=record.after,
        writes=sorted(record.writes), reads=sorted(record.reads),
        undoes_id=record.undoes, version=record.tournament.version)


@contextmanager
def change(tournament_id: int, actor: Actor, action: str) -> Iterator[Change]:
    """Lock the tournament, let the caller write, then log the action and bump the version."""
    _check_action(action)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        record = Change(tournament)
        yield record
        if record.unchanged:
            return
        Tournament.objects.filter(pk=tournament_id).update(version=F("version") + 1)
        tournament.refresh_from_db(fields=["version"])
        _log(record, actor, action)


@contextmanager
def creation(actor: Actor, action: str, of_tournament: bool = True) -> Iterator[Change]:
    """Create a tournament (from a preset or a document) and log it as its first entry.

    The caller creates the tournament inside and sets ``record.tournament`` to it; the
    entry is written in the same transaction, at the new tournament's first version.
    ``of_tournament=False``: what is created belongs to no tournament (an event of
    sections, services.events); the entry is kept without one.
    """
    _check_action(action)
    with transaction.atomic():
        record = Change(Tournament())  # an unsaved stand-in until the caller sets its own
        yield record
        if of_tournament and record.tournament.pk is None:
            raise ValueError(f"{action}: no tournament was created")
        _log(record, actor, action)
