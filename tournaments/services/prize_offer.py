"""The prizes a section offers, as its announcement shows them before anybody has played
(docs/registration.md, "Prizes on the announcement").

Read from the prize list with money the director keeps (``Tournament.prize_fund``, the
``prizes/1`` document without standings of :mod:`.prize_list`) by the same reader
(:func:`scoring.prizes_input.read`), so the page shows exactly what will be allocated:
per prize its place, its category in words, the money and any item. A list the reader
refuses shows nothing (the director's prize-list page names the problem).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from scoring.prizes import Category, money_text
from scoring.prizes_input import read

from ..models import Tournament

EMPTY: dict[str, Any] = {"settings": {}, "categories": {}, "prizes": []}


@dataclass(frozen=True)
class OfferedPrize:
    place: int
    name: str
    category: str  # "" for the whole field
    money_cents: int
    money: str  # "175.00"
    item: str


def category_words(c: Category) -> str:
    """A category's conditions in words ("rating below 1800, under 18")."""
    parts = []
    if c.rating_below is not None:
        parts.append(_("rating below %(n)s") % {"n": c.rating_below})
    if c.rating_at_least is not None:
        parts.append(_("rating %(n)s or more") % {"n": c.rating_at_least})
    if c.age_under is not None:
        parts.append(_("under %(n)s") % {"n": c.age_under})
    if c.age_at_least is not None:
        parts.append(_("%(n)s or older") % {"n": c.age_at_least})
    if c.sex == "w":
        parts.append(_("women"))
    if c.clubs:
        parts.append(_("members of %(clubs)s") % {"clubs": ", ".join(sorted(c.clubs))})
    if c.group:
        parts.append(c.group)
    return ", ".join(parts)


def offered(t: Tournament) -> tuple[list[OfferedPrize], int]:
    """The section's prizes in the list's order (overall first, then by category and
    place) and their money in total (cents)."""
    fund = t.prize_fund or {}
    if not fund.get("prizes"):
        return [], 0
    found, _problems = read({**EMPTY, **fund, "standings": []})
    if found is None:
        return [], 0
    _players, prizes, categories, _rules = found
    rows = []
    for p in prizes:
        cat = categories.get(p.category) if p.category else None
        label = ""
        if p.category:
            words = category_words(cat) if cat is not None else ""
            label = f"{p.category} ({words})" if words else p.category
        rows.append(OfferedPrize(p.place, p.name, label, p.money, money_text(p.money),
                                 p.item))
    rows.sort(key=lambda r: (r.category != "", r.category, r.place))
    return rows, sum(r.money_cents for r in rows)
