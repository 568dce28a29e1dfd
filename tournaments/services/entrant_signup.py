"""Signing up an entrant as the API's body says it (Chaos's AddPlayer).

The body gives the entrant's ``players`` (ids or objects with their facts), or, for an
entrant of one player, that player's facts flat. This decides which fact belongs to
the entrant, which to the person, and which rating wins, then signs up through
:func:`~tournaments.services.registration.register_person` (all or nothing).
"""

from __future__ import annotations

from typing import Any

from ..models import Entrant, Tournament
from .base import Actor
from .registration import register_person

# What a body may say about the entrant's one player, passed on to update_entrant.
PERSON_KEYS = ("elo", "dwz", "dwz_index", "dwz_provisional", "birth_date", "fide_id", "title",
               "federation", "sex", "zps", "pkz", "categories")


def entrant_sign_up(tournament: Tournament, actor: Actor, data: dict[str, Any]) -> Entrant:
    """Sign up the entrant ``data`` describes (the API's checked body).

    Flat (no ``players``): the player is made or found from ``name``, ``club``, ``dwz``,
    ``birth_date``, ``categories`` and ``elo`` (as the player's rating); the entrant's own
    ``rating`` for the draw wins over ``elo``. One player given as an object: its person
    facts (``rating`` as ``elo``, unless the entrant has its own) go to the person; facts
    flat in the body win over the object's.
    """
    data = dict(data)
    players = data.pop("players", None)
    extra = {k: data.pop(k) for k in PERSON_KEYS if k in data}
    if players is None:  # one player given flat: the player is made (or found) from it
        spec = {"name": data.pop("name").strip(), "club": data.get("club", "")}
        spec.update({k: extra[k] for k in ("dwz", "birth_date", "categories") if k in extra})
        if "elo" in extra:
            spec["rating"] = extra["elo"]
            if "rating" in data:  # the entrant's own rating for the draw wins
                del extra["elo"]
        players = [spec]
    elif len(players) == 1 and isinstance(players[0], dict):
        given = {("elo" if k == "rating" else k): v for k, v in players[0].items()
                 if k in PERSON_KEYS or (k == "rating" and "rating" not in data)}
        extra = {**given, **extra}
    return register_person(tournament, actor, players, extra, **data)
