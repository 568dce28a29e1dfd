"""The database's limits for an imported document, so an import never ends in a 500.

``scoring.check`` judges a ``turnier/1`` document by the format's rules, but a
valid document can still break the database's limits (two entrants of one
name, a negative rating, a round number beyond a small integer, a name longer
than its column). :func:`storage_problems` finds those too, each under its place,
before :func:`~.documents.import_document` writes anything.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..models import Entrant, Player, Tournament

MAX_INT = 2_147_483_647  # PositiveIntegerField on PostgreSQL
MAX_SMALL = 32_767  # PositiveSmallIntegerField


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def storage_problems(data: Any) -> dict[str, list[str]]:
    """Places in ``data`` the database could not store, with why; empty when it can."""
    errors: dict[str, list[str]] = {}

    def add(place: str, message: str) -> None:
        errors.setdefault(place, []).append(f"{place}: {message}")

    def too_long(place: str, value: Any, limit: int) -> None:
        if isinstance(value, str) and len(value) > limit:
            add(place, f"at most {limit} characters, not {len(value)}")

    def in_range(place: str, value: Any, limit: int, low: int = 0) -> None:
        if _whole(value) and not low <= value <= limit:
            add(place, f"must be from {low} to {limit}, not {value}")

    if not isinstance(data, Mapping):
        return errors
    too_long("name", data.get("name"), Tournament._meta.get_field("name").max_length)
    entrants = data.get("entrants")
    seen: dict[str, int] = {}
    for i, e in enumerate(entrants if isinstance(entrants, list) else []):
        if not isinstance(e, Mapping):
            continue
        at = f"entrants[{i}]"
        in_range(f"{at}.id", e.get("id"), MAX_INT, 1)
        in_range(f"{at}.rating", e.get("rating"), MAX_INT)
        too_long(f"{at}.name", e.get("name"), Entrant._meta.get_field("name").max_length)
        too_long(f"{at}.club", e.get("club"), Entrant._meta.get_field("club").max_length)
        for k, p in enumerate(e.get("players") or [] if isinstance(e.get("players"), list)
                              else []):
            too_long(f"{at}.players[{k}]", p, Player._meta.get_field("name").max_length)
        name = e.get("name")
        if isinstance(name, str):
            if name in seen:
                add(f"{at}.name", f"{name!r} is also the name of entrants[{seen[name]}]")
            seen.setdefault(name, i)
    rounds = data.get("rounds")
    for r, rnd in enumerate(rounds if isinstance(rounds, list) else []):
        if not isinstance(rnd, Mapping):
            continue
        in_range(f"rounds[{r}].number", rnd.get("number"), MAX_SMALL, 1)
        tables = rnd.get("tables")
        for k, table in enumerate(tables if isinstance(tables, list) else []):
            if isinstance(table, Mapping):
                in_range(f"rounds[{r}].tables[{k}].number", table.get("number"), MAX_SMALL, 1)
    return errors
