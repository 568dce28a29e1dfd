"""What a prize list with money is made of, shared by a section's list
(:mod:`.prize_list`) and the event's lists across sections (:mod:`.event_prizes`): the
stored document's check, the standings as ``prizes/1`` rows with each entrant's facts, and
the rows the pages and PDFs show. Below both, so neither imports the other's callers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.utils import translation
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from scoring.prizes import Prize
from scoring.prizes_input import read

from ..core_messages import say
from ..models import Entrant, Tournament
from .base import ServiceError
from .standings import standings

EMPTY: dict[str, Any] = {"settings": {}, "categories": {}, "prizes": []}


def check_fund(doc: Any) -> dict[str, Any]:
    """The prize list, checked by the prizes/1 reader; every problem at its place."""
    if not isinstance(doc, dict):
        raise ServiceError(_("a prize list is an object of settings, categories and prizes"),
                           "prize_fund")
    clean = {k: doc.get(k, EMPTY[k]) for k in EMPTY}
    extra = sorted(set(doc) - set(EMPTY))
    if extra:
        raise ServiceError(_("unknown field"), extra[0][:40])
    _found, problems = read({**clean, "standings": []})
    errors: dict[str, list[str]] = {}
    for p in problems.errors:
        errors.setdefault(p.place or "prize_fund", []).append(say(p.message))
    if errors:
        raise ServiceError(errors)
    return clean


def standings_rows(t: Tournament) -> list[dict[str, Any]]:
    """The standings as prizes/1 rows, with each entrant's facts."""
    data = standings(t)
    entrants = {e.start_number: e for e in Entrant.objects.filter(tournament=t)
                .prefetch_related("players")}
    kind = t.disc.desk_rating(t)[0]
    rows = []
    for r in data.get("standings", []):
        e = entrants.get(r["entrant"])
        if e is None:
            continue
        person = next(iter(e.players.all()), None)
        rating = (person.dwz if person is not None else None) if kind == "dwz" else (
            e.rating if e.rating is not None else (person.rating if person else None))
        points = r["values"].get("points", 0)
        row: dict[str, Any] = {
            "id": e.start_number, "name": e.name, "rank": int(r["rank"]),
            "points": _decimal(points),
            "club": e.club[:200], "groups": [g for g in e.categories if isinstance(g, str)][:20]}
        if rating is not None:
            row["rating"] = rating
        if person is not None and person.birth_date is not None:
            row["birth_date"] = person.birth_date.isoformat()
        if person is not None and person.sex in ("m", "w"):
            row["sex"] = person.sex
        rows.append(row)
    return rows


@dataclass
class AwardRow:
    rank: int
    name: str
    club: str
    prize: str
    money: int
    money_text: str
    item: str
    reason: str
    shared_with: list[str] = field(default_factory=list)


@dataclass
class PrizeList:
    """The allocation as the pages and PDFs show it."""

    awards: list[AwardRow]
    unawarded: list[tuple[str, str]]
    paid: int
    problems: list[str] = field(default_factory=list)

    @property
    def paid_text(self) -> str:
        return money_text(self.paid)


def money_text(cents: int) -> str:
    """Euros with the reader's decimal mark ("175,00" on a German page, "175.00" on an
    English one): the core's ``money_text`` is for files, this is for people."""
    return number_format(Decimal(cents) / 100, decimal_pos=2)


def place_name(category: str, place: int) -> str:
    """The name the prize-list form gives a prize, in the active language."""
    if category:
        return _("%(c)s, place %(n)s") % {"c": category, "n": place}
    return _("Place %(n)s") % {"n": place}


def prize_label(prize: Prize) -> str:
    """A prize's name in the reader's language. The form stores the name in the language
    of whoever saved the list ("1. Platz"); an English page must not show that, so a name
    the form made is made again here. A name typed elsewhere (an import) stays as it is."""
    category = prize.category or ""
    for lang in ("en", "de"):
        with translation.override(lang):
            made = place_name(category, prize.place)
        if prize.name == made:
            return place_name(category, prize.place)
    return prize.name


def _decimal(points: Any) -> str:
    """Points as the reader takes them: a decimal of at most four places ("6.5")."""
    value = Fraction(str(points if points is not None else 0)).limit_denominator(10_000)
    return f"{float(value):.4f}".rstrip("0").rstrip(".")
