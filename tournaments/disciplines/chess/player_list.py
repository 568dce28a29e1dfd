"""The printed player list of a chess tournament, long or short, as the seed's program printed it.

The chess program (the Chaos manual) printed its participants either with all their data
or in a short form of number, name, club, DWZ and Elo. The desk shows the entrants on
screen and the API lists them; this is the list for the wall or the arbiter's folder,
a report kind like the cross table (:mod:`tournaments.services.reports`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from django.utils.translation import gettext_lazy

from ...models import Entrant, Tournament
from ...services.public import category_label
from .person_fields import shown_dwz

FORMS: tuple[tuple[str, Any], ...] = (
    ("long", gettext_lazy("long: all data")),
    ("short", gettext_lazy("short: number, name, club, DWZ, Elo")),
)
"""The two forms of the list, the first the default (GET ``form`` on the page, ``layout``
of the PDF)."""
FORM_NAMES = tuple(name for name, _label in FORMS)


@dataclass(frozen=True)
class PlayerLine:
    """One entrant of the list: the short form's columns, then the long form's."""

    number: int
    name: str
    club: str
    dwz: str  # 1834-23, or 1457-(3) for a provisional DWZ; "" without one
    elo: int | None
    title: str = ""
    federation: str = ""
    fide_id: str = ""
    birth_date: date | None = None
    sex: str = ""
    zps: str = ""
    categories: tuple[str, ...] = field(default_factory=tuple)  # labels
    status: str = ""  # the status's label
    joined_round: int = 1
    withdrawn_from_round: int | None = None


@dataclass(frozen=True)
class PlayerList:
    form: str  # "long" or "short"
    lines: tuple[PlayerLine, ...]

    @property
    def long(self) -> bool:
        return self.form == "long"


def form_of(value: Any) -> str:
    """The form asked for, the default for anything else (a page's GET is no input error)."""
    return value if value in FORM_NAMES else FORM_NAMES[0]


def player_list(t: Tournament, form: str = "long") -> PlayerList:
    """Every entrant by start number, withdrawn ones too (with their status)."""
    lines = []
    entrants = t.entrants.order_by("start_number").prefetch_related("players")
    for e in entrants:
        players = list(e.players.all())
        p = players[0] if len(players) == 1 else None
        elo = (p.rating if p is not None and p.rating is not None else e.rating)
        lines.append(PlayerLine(
            e.start_number, e.name, e.club or (p.club if p is not None else ""),
            shown_dwz(p.dwz, p.dwz_index, p.dwz_provisional) if p is not None else "", elo,
            title=p.title if p else "", federation=p.federation if p else "",
            fide_id=p.fide_id if p else "", birth_date=p.birth_date if p else None,
            sex=p.sex if p else "", zps=p.zps if p else "",
            categories=tuple(category_label(c) for c in e.categories or []),
            status=str(Entrant.Status(e.status).label) if e.status in Entrant.Status.values
            else e.status,
            joined_round=e.joined_round, withdrawn_from_round=e.withdrawn_from_round))
    return PlayerList(form_of(form), tuple(lines))
