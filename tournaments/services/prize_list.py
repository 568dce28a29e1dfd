"""The prize list with money of a tournament (a section of an open): what the director
defines, and who receives what by the standings (docs/sections.md, docs/prizes.md).

The list is kept as a ``prizes/1`` document without standings (``Tournament.prize_fund``:
settings, categories, prizes), checked by the same reader as ``python -m scoring prizes``
(:mod:`scoring.prizes_input`); the allocation is :func:`scoring.prizes.allocate` on the
tournament's standings, each row with the facts the categories ask for: the rating the
tournament ranks by, the birth year, sex, club, and the entrant's categories as groups
("Damen", "Senioren", a club's members). The money is in cents throughout.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scoring.prizes import Allocation, allocate, money_text
from scoring.prizes_input import read

from ..core_messages import say
from ..models import Entrant, Tournament
from .base import Actor, ServiceError, change
from .finish import _said
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


def set_prize_fund(t: Tournament, actor: Actor, doc: Any) -> Tournament:
    """Keep the prize list (allowed while finished: it changes no result)."""
    clean = check_fund(doc)
    with change(t.pk, actor, "set_prize_fund") as c:
        t = c.tournament
        if t.prize_fund == clean:
            c.unchanged = True
            return t
        c.target = t.name
        c.wrote("tournament")
        c.before = {"prize_fund": t.prize_fund}
        c.after = {"prize_fund": clean, "sentence": _said(
            gettext_noop("Prize list with %(n)s prizes saved."), n=len(clean["prizes"]))}
        t.prize_fund = clean
        t.save(update_fields=["prize_fund"])
    return t


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


def _decimal(points: Any) -> str:
    """Points as the reader takes them: a decimal of at most four places ("6.5")."""
    value = Fraction(str(points if points is not None else 0)).limit_denominator(10_000)
    return f"{float(value):.4f}".rstrip("0").rstrip(".")


def prize_list(t: Tournament) -> PrizeList | None:
    """Who receives which prize by the current standings (None: no prize list yet).

    A section of an event with prize lists of its own gets its part of the event's
    allocation (one prize per person over every list: services.event_prizes)."""
    fund = t.prize_fund or {}
    if fund.get("prizes") and t.event_id is not None:
        from .event_prizes import has_event_prizes, section_prize_list

        if has_event_prizes(t.event):
            return section_prize_list(t)
    if not fund.get("prizes"):
        return None
    rows = standings_rows(t)
    found, problems = read({**EMPTY, **fund, "standings": rows})
    if found is None:
        return PrizeList([], [], 0, [f"{p.place}: {say(p.message)}" for p in problems.errors])
    players, prizes, categories, rules = found
    result: Allocation = allocate(players, prizes, categories, rules)
    by_id = {p.id: p for p in players}
    clubs = {r["id"]: r.get("club", "") for r in rows}
    awards = [AwardRow(by_id[a.player].rank, by_id[a.player].name, clubs.get(a.player, ""),
                       a.prize.name if a.prize else _("share of a tied prize"), a.money,
                       money_text(a.money), a.item, say(a.reason),
                       [by_id[x].name for x in a.shared_with])
              for a in result.awards]
    return PrizeList(awards, [(z.name, say(why)) for z, why in result.unawarded],
                     result.paid)
