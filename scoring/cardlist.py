"""Shared parts of the game-list disciplines (Skat, Doppelkopf): one line per game at a table.

Both games are written on a list ("Spielliste") per table and series: every line names the
players by entrant id, so a list stays valid whatever order the document gives its seats.
These helpers read those ids, bound the list's length, and total the series per entrant.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from .discipline import is_int, key_text, show
from .model import Problems, Seat

MAX_GAMES = 99
"""No list has more lines than this: a Skat series has 48 games, a Doppelkopf round 24 plus
owed solos; anything longer is a typing error, and the bound keeps documents small."""


def check_seat_count(seats: Sequence[Seat], sizes: Collection[int], what: str,
                     problems: Problems, at: str, hint: str) -> None:
    """Card tables have no sides, and only the table sizes the rules know."""
    if any(s.side is not None for s in seats):
        problems.error(f"{at}.seats", f"{what} tables have no sides (omit side)", hint)
        return
    if len(seats) not in sizes:
        allowed = " or ".join(str(n) for n in sorted(sizes))
        problems.error(f"{at}.seats", f"a {what} table seats {allowed} players, "
                       f"found {len(seats)}", hint)


def game_lines(raw: Any, problems: Problems, at: str, hint: str) -> list[Any] | None:
    """The list's lines (``{"games": [...]}``), at most :data:`MAX_GAMES` of them."""
    games = raw.get("games") if isinstance(raw, Mapping) else None
    if not isinstance(games, list) or not games:
        problems.error(at, 'needs "games": the list, one entry per game', hint)
        return None
    if len(games) > MAX_GAMES:
        problems.error(f"{at}.games", f"{len(games)} games; a list has at most {MAX_GAMES}",
                       hint)
        return None
    return games


def entrant_at(value: Any, allowed: Collection[int], role: str, problems: Problems,
               place: str, hint: str) -> int | None:
    """An entrant id that must be one of ``allowed`` (e.g. the players seated at the table)."""
    if not is_int(value) or value not in allowed:
        seated = ", ".join(str(e) for e in sorted(allowed))
        problems.error(place, f"the {role} must be a player of this table "
                       f"(entrant {seated}), not {show(value)}", hint)
        return None
    return value


def per_table_setting(raw: Any, default: Mapping[int, int], sizes: Collection[int],
                      low: int, high: int, problems: Problems, at: str) -> dict[int, int]:
    """A whole number per table size, e.g. ``{"3": 36, "4": 48}``; missing sizes keep the
    default."""
    out = dict(default)
    if raw is None:
        return out
    if not isinstance(raw, Mapping):
        problems.error(at, "must map a table size to a whole number, e.g. "
                       + ", ".join(f'"{k}": {v}' for k, v in sorted(default.items())))
        return out
    for key, value in raw.items():
        size = int(key) if isinstance(key, str) and key in {str(n) for n in sizes} else None
        if size is None:
            problems.error(f"{at}.{key_text(key)}", "unknown table size (known: "
                           + ", ".join(str(s) for s in sorted(sizes)) + ")")
        elif not is_int(value) or not low <= value <= high:
            problems.error(f"{at}.{key}", f"must be a whole number from {low} to {high}, "
                           f"not {show(value)}")
        else:
            out[size] = value
    return out


def series_key(prefix: str, number: int) -> str:
    """The standings value of one series (round) of an entrant: ``series_2``, ``round_3``."""
    return f"{prefix}_{number}"
