"""What the rating evaluations of chess and team chess share on the web side: the words for
the DWZ core's notes (:mod:`scoring.ratings`), the age FIDE's K factor asks, and the number
of earlier rated games we assume (kept beside :mod:`.words`; the two packages may not import
each other)."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.utils.translation import gettext_lazy

from scoring.ratings import (
    NOTE_EXTREME,
    NOTE_FIRST,
    NOTE_NO_GAMES,
    NOTE_PROVISIONAL,
    NOTE_TOO_FEW,
)

DWZ_NOTES: dict[str, Any] = {
    NOTE_FIRST: gettext_lazy("first rating"),
    NOTE_NO_GAMES: gettext_lazy("no rated games"),
    NOTE_TOO_FEW: gettext_lazy("no first rating: fewer than 5 rated games"),
    NOTE_PROVISIONAL: gettext_lazy("provisional: fewer than 5 rated games"),
    NOTE_EXTREME: gettext_lazy("no first rating: no points or all points"),
}

# Established FIDE players are assumed: we do not store a player's earlier rated games.
ELO_GAMES_BEFORE = 30


def age_at(birth: date | None, day: date) -> int | None:
    """Completed years on ``day`` (FIDE's K factor for players under 18)."""
    if birth is None:
        return None
    return day.year - birth.year - ((day.month, day.day) < (birth.month, birth.day))


def note_text(note: str) -> str:
    """A DWZ note in the reader's language ("" for none)."""
    return str(DWZ_NOTES.get(note, note)) if note else ""
