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

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scoring.prizes import Allocation, allocate
from scoring.prizes_input import read

from ..core_messages import say
from ..models import Tournament
from .base import Actor, change
from .event_prizes import has_event_prizes, section_prize_list
from .finish import _said
from .prize_base import (
    EMPTY,
    AwardRow,
    PrizeList,
    check_fund,
    money_text,
    place_name,
    prize_label,
    standings_rows,
)

__all__ = ["EMPTY", "AwardRow", "PrizeList", "check_fund", "money_text", "place_name",
           "prize_label", "prize_list", "set_prize_fund", "standings_rows"]


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


def prize_list(t: Tournament) -> PrizeList | None:
    """Who receives which prize by the current standings (None: no prize list yet).

    A section of an event with prize lists of its own gets its part of the event's
    allocation (one prize per person over every list: services.event_prizes)."""
    fund = t.prize_fund or {}
    if fund.get("prizes") and t.event_id is not None and has_event_prizes(t.event):
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
                       prize_label(a.prize) if a.prize else _("share of a tied prize"), a.money,
                       money_text(a.money), a.item, say(a.reason),
                       [by_id[x].name for x in a.shared_with])
              for a in result.awards]
    return PrizeList(awards, [(z.name, say(why)) for z, why in result.unawarded],
                     result.paid)
