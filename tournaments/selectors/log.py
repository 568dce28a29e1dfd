"""The action log with what undo says of each entry."""

from __future__ import annotations

from dataclasses import dataclass

from ..common.actions import label as action_label
from ..log_labels import round_word, said
from ..models import ActionLog, Tournament
from ..services import undo


@dataclass
class LogRow:
    """An entry of the log and what :func:`~tournaments.services.undo.undo_rows` says of it."""

    entry: ActionLog
    undone_by: int | None = None
    undoable: bool = False
    refusal: str | None = None
    round_word: str | None = None  # what the tournament calls a round (its action labels)

    @property
    def label(self) -> str:
        return str(action_label(self.entry.action, self.round_word))

    @property
    def sentence(self) -> str:
        return said(self.entry)


def log_rows(t: Tournament, entries: list[ActionLog]) -> list[LogRow]:
    """``entries`` (in their order) with whether each is undone, undoable, or why not."""
    rows = undo.undo_rows(t, entries)
    word = round_word(t)
    return [LogRow(e, rows[e.pk]["undone_by"], rows[e.pk].get("undoable", False),
                   rows[e.pk].get("refusal"), word) for e in entries]


def log_list(t: Tournament, limit: int, before: int | None = None) -> list[LogRow]:
    """The newest ``limit`` entries (older than the id ``before``), newest first."""
    entries = t.log.order_by("-id")
    if before is not None:
        entries = entries.filter(pk__lt=before)
    return log_rows(t, list(entries[:limit]))
