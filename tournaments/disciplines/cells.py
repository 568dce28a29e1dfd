"""One cell of a reported result as people write it (``WebDiscipline.result_cells``, the
log's labels): kept apart from ``base`` so that module stays a size one can read."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def cell_text(value: Any, words: Mapping[str, Any] | None = None) -> str:
    """One cell of a report as people write it: 21:15 for a pair of numbers; the keys of a
    game on a list in the discipline's ``words`` (Pussi: "Bid 100"), and a word written as a
    value too (Skat: "Game Grand", not "game grand")."""
    words = words or {}
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "✓" if value else "–"
    if isinstance(value, list):
        return ":".join(cell_text(v, words) for v in value)
    if isinstance(value, Mapping):
        return ", ".join(f"{words.get(k, k)} {cell_text(v, words)}" for k, v in value.items())
    if isinstance(value, str):
        return str(words.get(value, value))
    return str(value)
