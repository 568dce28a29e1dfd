"""The prize lists of a whole event: an event-wide list (an event category such as "best
junior of the event") and a club list beside the sections' own lists, allocated together
with one prize per person over all of them (docs/prizes.md, :mod:`scoring.prizes_event`).

The event's document is kept in ``Event.prize_fund``::

    {"settings": {...}, "categories": {...}, "prizes": [...],   # as a section's prizes/1
     "club_prizes": [{"name": "best club", "place": 1, "money": 10000}],
     "event": {"order": "sections_first", "rank": "sections", "one_prize": true,
               "team_size": 4}}

checked by the same reader as a section's list (every problem at its place). Once an event
has such a document, every section's prize list (page, end page, PDFs) is its part of the
event's allocation, so a person never gets two prizes, whichever page is printed.

A person is the same across sections when the entrant is one person (``Entrant.players``):
the one who plays the rapid and the blitz.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scoring.prizes import Allocation, Player, Rules
from scoring.prizes_event import (
    MAX_TEAM_SIZE,
    ORDERS,
    RANKS,
    EventRules,
    allocate_event,
    club_standings,
    event_standings,
)
from scoring.prizes_event import PrizeList as ListInput
from scoring.prizes_input import read

from ..core_messages import say
from ..models import Entrant, Event, Tournament
from .base import Actor, ServiceError, creation
from .events import section_name, sections
from .finish import _said
from .prize_base import (
    EMPTY,
    AwardRow,
    PrizeList,
    check_fund,
    money_text,
    prize_label,
    standings_rows,
)

EVENT_DEFAULTS: dict[str, Any] = {"order": "sections_first", "rank": "sections",
                                  "one_prize": True, "team_size": 4}
KEYS = ("settings", "categories", "prizes", "club_prizes", "event")
MAX_CLUB_PRIZES = 100
PERSONLESS = 1_000_000_000  # ids of entrants that are no single person (pairs, teams)


def _event_settings(raw: Any) -> dict[str, Any]:
    if raw is None:
        return dict(EVENT_DEFAULTS)
    if not isinstance(raw, dict):
        raise ServiceError(_("an object of order, rank, one_prize, team_size"), "event")
    unknown = sorted(set(raw) - set(EVENT_DEFAULTS))
    if unknown:
        raise ServiceError(_("unknown setting"), f"event.{unknown[0][:40]}")
    out = {**EVENT_DEFAULTS, **raw}
    if out["order"] not in ORDERS:
        raise ServiceError(_("one of %(options)s") % {"options": ", ".join(ORDERS)},
                           "event.order")
    if out["rank"] not in RANKS:
        raise ServiceError(_("one of %(options)s") % {"options": ", ".join(RANKS)},
                           "event.rank")
    if type(out["one_prize"]) is not bool:
        raise ServiceError(_("true or false"), "event.one_prize")
    size = out["team_size"]
    if type(size) is not int or not 1 <= size <= MAX_TEAM_SIZE:
        raise ServiceError(_("a whole number from %(low)s to %(high)s")
                           % {"low": 1, "high": MAX_TEAM_SIZE}, "event.team_size")
    return out


def check_event_fund(doc: Any) -> dict[str, Any]:
    """The event's prize document, checked; every problem at its place."""
    if not isinstance(doc, dict):
        raise ServiceError(_("a prize list is an object of settings, categories and prizes"),
                           "prize_fund")
    extra = sorted(set(doc) - set(KEYS))
    if extra:
        raise ServiceError(_("unknown field"), extra[0][:40])
    clean = check_fund({k: doc.get(k, EMPTY[k]) for k in EMPTY})
    club = doc.get("club_prizes", [])
    if not isinstance(club, list) or len(club) > MAX_CLUB_PRIZES:
        raise ServiceError(_("a list of at most %(n)s prizes") % {"n": MAX_CLUB_PRIZES},
                           "club_prizes")
    _found, problems = read({"prizes": club, "standings": []})
    errors: dict[str, list[str]] = {}
    for p in problems.errors:
        errors.setdefault("club_" + (p.place or "prizes"), []).append(say(p.message))
    if errors:
        raise ServiceError(errors)
    return {**clean, "club_prizes": club, "event": _event_settings(doc.get("event"))}


def set_event_prize_fund(event: Event, actor: Actor, doc: Any) -> Event:
    """Keep the event's prize lists; logged as the event's own entry."""
    clean = check_event_fund(doc)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.prize_fund == clean:
            return event
        with creation(actor, "set_event_prize_fund", of_tournament=False) as c:
            c.target = event.slug
            c.wrote(f"event:{event.pk}")
            c.before = {"prize_fund": event.prize_fund}
            c.after = {"prize_fund": clean, "sentence": _said(
                gettext_noop("Prize list of the event with %(n)s prizes saved."),
                n=len(clean["prizes"]) + len(clean["club_prizes"]))}
            event.prize_fund = clean
            event.save(update_fields=["prize_fund"])
    return event


def has_event_prizes(event: Event | None) -> bool:
    """Whether the event's prize document decides the sections' lists too."""
    return event is not None and bool(event.prize_fund)


@dataclass
class Section:
    """One section's standings as the core reads them, with the way back to its rows."""

    t: Tournament
    label: str
    players: list[Player]
    rows: dict[int, dict[str, Any]]  # person id -> the section's standings row
    fund: ListInput | None
    problems: list[str]


def _person_ids(t: Tournament) -> dict[int, int]:
    """start number -> the id of the person across the event (or one of its own)."""
    out = {}
    for e in Entrant.objects.filter(tournament=t).prefetch_related("players"):
        people = list(e.players.all())
        out[e.start_number] = people[0].pk if len(people) == 1 else PERSONLESS + e.pk
    return out


def _section(t: Tournament) -> Section:
    rows = standings_rows(t)
    ids = _person_ids(t)
    fund = t.prize_fund or {}
    found, problems = read({**EMPTY, **{k: fund[k] for k in EMPTY if k in fund},
                            "standings": rows})
    if found is None:
        return Section(t, section_name(t), [], {}, None,
                       [f"{p.place}: {say(p.message)}" for p in problems.errors])
    players, prizes, categories, rules = found
    moved = [replace(p, id=ids.get(p.id, PERSONLESS + p.id)) for p in players]
    by_id = {ids.get(r["id"], PERSONLESS + r["id"]): r for r in rows}
    return Section(t, section_name(t), moved, by_id,
                   ListInput(section_name(t), moved, prizes, categories, rules), [])


@dataclass
class EventPrizes:
    """The allocation of the whole event as the pages and the PDFs show it."""

    event: Event
    sections: list[tuple[Tournament, PrizeList]]
    event_list: PrizeList | None
    club_list: PrizeList | None
    settings: dict[str, Any]

    @property
    def paid(self) -> int:
        return sum(p.paid for _t, p in self.sections) + sum(
            p.paid for p in (self.event_list, self.club_list) if p is not None)

    @property
    def paid_text(self) -> str:
        return money_text(self.paid)

    def lists(self) -> list[tuple[str, PrizeList]]:
        """Every list with its title, the event's and the clubs' first."""
        out = []
        if self.event_list is not None:
            out.append((_("Prizes of the whole event"), self.event_list))
        if self.club_list is not None:
            out.append((_("Best clubs"), self.club_list))
        out += [(_("Section %(label)s") % {"label": section_name(t)}, p)
                for t, p in self.sections if p.awards or p.unawarded or p.problems]
        return out


def _rows(result: Allocation, players: dict[int, Player], facts: dict[int, tuple[str, str]]
          ) -> list[AwardRow]:
    """Awards as rows; ``facts``: id -> (shown name, club)."""
    out = []
    for a in result.awards:
        name, club = facts.get(a.player, (players[a.player].name, ""))
        out.append(AwardRow(players[a.player].rank, name, club,
                            prize_label(a.prize) if a.prize else _("share of a tied prize"),
                            a.money, money_text(a.money), a.item, say(a.reason),
                            [facts.get(x, (players[x].name, ""))[0] for x in a.shared_with]))
    return out


def _list(result: Allocation | None, players: list[Player],
          facts: dict[int, tuple[str, str]]) -> PrizeList | None:
    if result is None:
        return None
    by_id = {p.id: p for p in players}
    return PrizeList(_rows(result, by_id, facts),
                     [(z.name, say(why)) for z, why in result.unawarded], result.paid)


def event_prizes(event: Event) -> EventPrizes | None:
    """Every list of the event by the sections' current standings (None: the event has no
    prize document of its own; each section's list is then its own)."""
    if not has_event_prizes(event):
        return None
    fund = event.prize_fund
    settings = _event_settings(fund.get("event"))
    parts = [_section(t) for t in sections(event)]
    standings_of = [s.players for s in parts]
    event_players = event_standings(standings_of, settings["rank"])
    found, _problems = read({"settings": fund.get("settings", {}),
                            "categories": fund.get("categories", {}),
                            "prizes": fund.get("prizes", []), "standings": []})
    rules = EventRules(order=settings["order"], rank=settings["rank"],
                       one_prize=settings["one_prize"], team_size=settings["team_size"])
    event_input = None
    if found is not None and found[1]:
        _p, prizes, categories, list_rules = found
        event_input = ListInput("event", event_players, prizes, categories, list_rules)
    clubs = club_standings(standings_of, settings["team_size"])
    club_found, _club_problems = read({"prizes": fund.get("club_prizes", []), "standings": []})
    club_input = None
    if club_found is not None and club_found[1]:
        club_input = ListInput("clubs", clubs, club_found[1], {}, Rules())
    result = allocate_event([s.fund for s in parts if s.fund is not None], event_input,
                            club_input, rules)
    facts: dict[int, tuple[str, str]] = {}
    for s in parts:
        for pid, row in s.rows.items():
            facts.setdefault(pid, (f"{row['name']} ({s.label})", row.get("club", "")))
    section_lists = []
    for s in parts:
        own = {pid: (row["name"], row.get("club", "")) for pid, row in s.rows.items()}
        part = _list(result.of(s.label), s.players, own)
        section_lists.append((s.t, part if part is not None
                              else PrizeList([], [], 0, s.problems)))
    club_facts = {c.id: (c.name, c.name) for c in clubs}
    return EventPrizes(event, section_lists, _list(result.of("event"), event_players, facts),
                       _list(result.of("clubs"), clubs, club_facts), settings)


def section_prize_list(t: Tournament) -> PrizeList | None:
    """The section's part of its event's allocation (None when the section has no prizes)."""
    if not (t.prize_fund or {}).get("prizes") or t.event is None:
        return None
    found = event_prizes(t.event)
    if found is None:
        return None
    return next((p for s, p in found.sections if s.pk == t.pk), None)
