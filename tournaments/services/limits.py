"""Limits for an imported tournament: what one import may cost, and what the database holds.

**Size.** An import is one request, and what it stores is what every later page of
the tournament computes over (the statistics rank everybody after every round). So
an import is refused, before anything expensive, beyond what a real tournament
needs: :data:`MAX_ENTRANTS` entrants (the biggest opens and card-game halls have a
few hundred to about two thousand; 5,000 leaves room), :data:`MAX_ROUNDS` rounds
(a Swiss open has 7 to 13, a double round robin of 16 has 30), entrants times rounds
at most :data:`MAX_PLAYER_ROUNDS` (5,000 for 20 rounds, 3,300 for 30: what an import
stores, and what the statistics rank, grows with it), :data:`MAX_TABLES` tables in
one round (one per entrant at most), and a TRF file of at most
:data:`MAX_TRF_BYTES` (5,000 players with 30 rounds are 1.95 MB). The
tournament's own planned rounds may still go up to 99, as for one created by hand.
:func:`size_problems` and :func:`trf_size_problem` say what is too big, under its
place; the web form shows it at the file, the API as a 400, the ``manage.py``
commands exit with status 2.

**Storage.** ``scoring.check`` judges a ``turnier/1`` document by the format's rules,
but a valid document can still break the database's limits (two entrants of one
name, a negative rating, a round number beyond a small integer, a name longer
than its column). :func:`storage_problems` finds those too, each under its place,
before :func:`~.documents.import_document` writes anything.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db.models import Field, Model
from django.utils.translation import gettext as _

from ..models import Entrant, Player, Tournament

MAX_INT = 2_147_483_647  # PositiveIntegerField on PostgreSQL
MAX_SMALL = 32_767  # PositiveSmallIntegerField

MAX_ENTRANTS = 5_000
MAX_ROUNDS = 30
MAX_PLAYER_ROUNDS = 100_000
MAX_TABLES = 5_000  # in one round
MAX_TRF_BYTES = 2 * 1024 * 1024  # below the 2.5 MB Django takes in one request body
MAX_CATEGORY = 30  # characters of one category, as the API's entrant takes it
MAX_CATEGORIES = 20  # per entrant: senior, junior, women, youth-a … youth-e and a few own


def size_problems(data: Any) -> dict[str, list[str]]:
    """Counts in a ``turnier/1`` document beyond the import limits, under their place.

    Only counts are looked at (no entrant or result is read), so this is cheap enough
    to run before the document is checked at all.
    """
    errors: dict[str, list[str]] = {}
    if not isinstance(data, Mapping):
        return errors
    entrants, rounds = data.get("entrants"), data.get("rounds")
    if isinstance(entrants, list) and len(entrants) > MAX_ENTRANTS:
        errors["entrants"] = [_("at most %(n)s entrants can be imported, not %(count)s")
                              % {"n": MAX_ENTRANTS, "count": len(entrants)}]
    if isinstance(rounds, list):
        if len(rounds) > MAX_ROUNDS:
            errors["rounds"] = [_("at most %(n)s rounds can be imported, not %(count)s")
                                % {"n": MAX_ROUNDS, "count": len(rounds)}]
        if isinstance(entrants, list) and not errors and (
                len(entrants) * len(rounds) > MAX_PLAYER_ROUNDS):
            errors["rounds"] = [player_rounds_problem(len(entrants), len(rounds))]
        for r, rnd in enumerate(rounds[:MAX_ROUNDS + 1]):
            tables = rnd.get("tables") if isinstance(rnd, Mapping) else None
            if isinstance(tables, list) and len(tables) > MAX_TABLES:
                errors[f"rounds[{r}].tables"] = [
                    _("at most %(n)s tables in a round, not %(count)s")
                    % {"n": MAX_TABLES, "count": len(tables)}]
    return errors


def player_rounds_problem(entrants: int, rounds: int) -> str:
    return (_("%(entrants)s entrants with %(rounds)s rounds are too many: entrants times "
              "rounds can be at most %(n)s") % {"entrants": entrants, "rounds": rounds,
                                                 "n": f"{MAX_PLAYER_ROUNDS:,}"})


def trf_size_problem(text: str) -> str | None:
    """Why a TRF text is too big to import, or None; measured in UTF-8 bytes."""
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_TRF_BYTES:
        return (_("the file has %(size)s bytes; at most %(n)s can be imported")
                % {"size": f"{size:,}", "n": f"{MAX_TRF_BYTES:,}"})
    return None


def max_length(model: type[Model], name: str) -> int:
    """The length limit of ``model``'s text field ``name`` (each of them has one)."""
    field = model._meta.get_field(name)
    assert isinstance(field, Field) and field.max_length is not None, name
    return field.max_length


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
    too_long("name", data.get("name"), max_length(Tournament, "name"))
    entrants = data.get("entrants")
    seen: dict[str, int] = {}
    for i, e in enumerate(entrants if isinstance(entrants, list) else []):
        if not isinstance(e, Mapping):
            continue
        at = f"entrants[{i}]"
        in_range(f"{at}.id", e.get("id"), MAX_INT, 1)
        in_range(f"{at}.rating", e.get("rating"), MAX_INT)
        too_long(f"{at}.name", e.get("name"), max_length(Entrant, "name"))
        too_long(f"{at}.club", e.get("club"), max_length(Entrant, "club"))
        for k, p in enumerate(e.get("players") or [] if isinstance(e.get("players"), list)
                              else []):
            too_long(f"{at}.players[{k}]", p, max_length(Player, "name"))
        categories = e.get("categories")
        if isinstance(categories, list):
            if len(categories) > MAX_CATEGORIES:
                add(f"{at}.categories", f"at most {MAX_CATEGORIES}, not {len(categories)}")
            for k, category in enumerate(categories[:MAX_CATEGORIES]):
                too_long(f"{at}.categories[{k}]", category, MAX_CATEGORY)
        status = e.get("status")  # once stored as "present" whatever it said
        if status is not None and status not in Entrant.Status.values:
            add(f"{at}.status", f"must be one of {', '.join(Entrant.Status.values)}, "
                                f"not {str(status)[:40]!r}")
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
