"""A team's whole line-up at once: a pasted list, one player a line.

Before, the teams page took one player a form submit: 32 submits for eight teams of four.
A captain's e-mail or a club's list is pasted instead, one player a line::

    Anna Berg, 2105        (a comma: the Elo follows)
    Bernd Cramer; 1834-23  (a semicolon: the DWZ, with its index if known)
    Carla Dorn             (no rating)
    Müller,Hans, 1901      (a name with a comma, as the DWZ list writes it)

Each line becomes one :func:`~.teams.add_member` call, so every rule of a single addition
holds (names, ratings, the board order, a player in one team only) and each player is a
log entry of its own, undone as a single addition is (from the bottom). The whole list is
one transaction: if any line is refused, nothing is stored and every refused line is named
with its number at the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from ..models import TeamMember, Tournament
from .base import Actor, ServiceError
from .teams import _refuse_after_draw, _team_entrant, add_member

FIELD = "members"
MAX_LINES = 20  # a team of four regulars and substitutes several times over
MAX_TEXT = 20 * 160  # twenty lines of a long name and a rating each


@dataclass(frozen=True)
class Line:
    """One pasted line: the player's name and what was typed after it."""

    number: int
    name: str
    elo: str | None
    dwz: str | None


def parse(text: Any) -> list[Line]:
    """The list's non-empty lines; a ServiceError at the field for a list too long."""
    if not isinstance(text, str) or not text.strip():
        raise ServiceError(_("Paste one player a line, e.g. “Anna Berg, 2105”."), FIELD)
    if len(text) > MAX_TEXT:
        raise ServiceError(_("At most %(n)s characters.") % {"n": MAX_TEXT}, FIELD)
    lines: list[Line] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.replace("\u00a0", " ").strip()
        if not line:
            continue
        if len(lines) >= MAX_LINES:
            raise ServiceError(_("At most %(n)s players at once.") % {"n": MAX_LINES}, FIELD)
        elo = dwz = None
        for sep in (";", ","):
            name, found, rating = (part.strip() for part in line.rpartition(sep))
            # "Müller,Hans" (as the DWZ list writes a name): no digit after it, the name's
            if found and any(c.isdigit() for c in rating):
                line, elo, dwz = name, (rating if sep == "," else None), (
                    rating if sep == ";" else None)
                break
        lines.append(Line(number, line, elo or None, dwz or None))
    return lines


def add_members(t: Tournament, actor: Actor, entrant_id: Any, text: Any,
                substitute: bool = False) -> list[TeamMember]:
    """Add every pasted player at the bottom of the team's board order, in the list's
    order; all or nothing. ``substitute``: the whole list joins as substitutes (paste the
    regulars first, then the substitutes with the box ticked)."""
    entrant = _team_entrant(t, entrant_id)  # said once, not once a line
    _refuse_after_draw(t)
    lines = parse(text)
    entrant_id = entrant.pk
    errors: list[str] = []
    added: list[TeamMember] = []
    try:
        with transaction.atomic():
            for line in lines:
                try:
                    added.append(add_member(t, actor, entrant_id, line.name, line.elo,
                                            substitute=substitute, dwz=line.dwz))
                except ServiceError as exc:
                    said = "; ".join(str(m) for ms in exc.errors.values() for m in ms)
                    errors.append(_("Line %(n)s (%(name)s): %(error)s")
                                  % {"n": line.number, "name": line.name[:40] or "–",
                                     "error": said})
            if errors:
                raise ServiceError({FIELD: errors})
    except ServiceError as exc:
        if FIELD in exc.errors:
            raise
        raise ServiceError({FIELD: [str(m) for ms in exc.errors.values() for m in ms]}
                           ) from exc
    return added
