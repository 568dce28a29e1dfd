"""Prizes across the sections of an event: an event-wide list and a club list beside the
sections' own lists, with one prize per person over all of them (docs/prizes.md).

An open with groups A/B/C gives prizes per group (each allocated by
:func:`scoring.prizes.allocate` on its own standings) and often a few for the whole event:
"best junior of the event", "best woman", and a prize for the best club. This module
allocates all of them together, pure like :mod:`scoring.prizes`:

- **Order** (:attr:`EventRules.order`): the lists are allocated one after another, and a
  person who received anything in an earlier list (a prize or a share of a tied prize) is
  left out of the later ones (:attr:`EventRules.one_prize`). ``sections_first`` (default):
  each section's list in the order given (A before B), then the event's list;
  ``event_first``: the event's list first. Players are the same person across lists when
  their ``Player.id`` is the same (a person who plays the rapid and the blitz).
- **The event's standings** (:func:`event_standings`, :attr:`EventRules.rank`): the
  sections' standings merged. ``sections`` (default): every player of an earlier section
  ranks above every player of a later one (group A is the stronger), within a section by
  its ranks; ties are then settled by the sections' tie-breaks, never shared across two
  sections. ``points``: by points, then the section's order, then the rank; equal points
  are a tie group as in one tournament.
- **The club list** (:func:`club_standings`): each club's best ``team_size`` players over
  all sections, by the sum of their points (then more players counted, then the name); a
  club prize goes to the club, so it does not count against its players' own prizes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Literal

from .prizes import Allocation, Category, Player, Prize, Rules, allocate

ORDERS = ("sections_first", "event_first")
RANKS = ("sections", "points")
MAX_TEAM_SIZE = 20
Order = Literal["sections_first", "event_first"]
Rank = Literal["sections", "points"]


@dataclass(frozen=True)
class EventRules:
    """How the lists of an event are allocated together; defaults in docs/prizes.md."""

    order: Order = "sections_first"
    rank: Rank = "sections"
    one_prize: bool = True  # one prize per person over every list of the event
    team_size: int = 4  # a club's best players that count for the club list


@dataclass(frozen=True)
class PrizeList:
    """One list to allocate: its key ("A", "event", "clubs"), standings, prizes, rules."""

    key: str
    players: Sequence[Player]
    prizes: Sequence[Prize]
    categories: Mapping[str, Category]
    rules: Rules = field(default_factory=Rules)


@dataclass(frozen=True)
class EventAllocation:
    """Each list's allocation in the order they were allocated; the club list last."""

    lists: tuple[tuple[str, Allocation], ...]

    @property
    def paid(self) -> int:
        return sum(a.paid for _, a in self.lists)

    def of(self, key: str) -> Allocation | None:
        return next((a for k, a in self.lists if k == key), None)


def event_standings(sections: Sequence[Sequence[Player]], rank: Rank = "sections"
                    ) -> list[Player]:
    """The sections' standings as one, ranked 1, 2, 3 … (see the module's docstring).

    A person in two sections appears once, at the better of his places."""
    keyed: list[tuple[tuple[Fraction | int, ...], Player]] = []
    for i, players in enumerate(sections):
        for p in sorted(players, key=lambda q: q.rank):
            key: tuple[Fraction | int, ...] = (
                (i, p.rank) if rank == "sections" else (-p.points, i, p.rank))
            keyed.append((key, p))
    keyed.sort(key=lambda kp: kp[0])
    out: list[Player] = []
    seen: set[int] = set()
    for _key, p in keyed:
        if p.id in seen:
            continue
        seen.add(p.id)
        out.append(replace(p, rank=len(out) + 1))
    return out


def club_standings(sections: Sequence[Sequence[Player]], team_size: int = 4) -> list[Player]:
    """The clubs ranked by the points of their best ``team_size`` players over all sections.

    Each club is a :class:`Player` with ``id`` 1, 2, … in this order and ``name`` the club;
    a player without a club counts for none, a person in two sections once (his best
    points)."""
    if not 1 <= team_size <= MAX_TEAM_SIZE:
        raise ValueError(f"team_size must be 1 to {MAX_TEAM_SIZE}")
    best: dict[int, Player] = {}
    for players in sections:
        for p in players:
            if p.club and (p.id not in best or p.points > best[p.id].points):
                best[p.id] = p
    clubs: dict[str, list[Fraction]] = {}
    for p in best.values():
        clubs.setdefault(p.club, []).append(p.points)
    scored = []
    for club, points in clubs.items():
        counted = sorted(points, reverse=True)[:team_size]
        scored.append((-sum(counted, Fraction(0)), -len(counted), club))
    scored.sort()
    return [Player(k, club, k, -score) for k, (score, _n, club) in enumerate(scored, 1)]


def allocate_event(sections: Sequence[PrizeList], event: PrizeList | None = None,
                   clubs: PrizeList | None = None, rules: EventRules = EventRules()
                   ) -> EventAllocation:
    """Allocate every list of the event under ``rules``.

    ``event.players`` is the event's standings (:func:`event_standings`); with
    ``rules.rank == "sections"`` its ties are settled by tie-break (the points of two
    sections are no tie). ``clubs.players`` is :func:`club_standings`. Each list is
    allocated by :func:`scoring.prizes.allocate` under its own rules, on its standings
    without the persons an earlier list paid (``rules.one_prize``)."""
    ordered = list(sections)
    if event is not None:
        if rules.rank == "sections":
            event = replace(event, rules=replace(event.rules, ties="tiebreak"))
        ordered = [event, *ordered] if rules.order == "event_first" else [*ordered, event]
    taken: set[int] = set()
    out: list[tuple[str, Allocation]] = []
    for lst in ordered:
        players = [p for p in lst.players if p.id not in taken] if rules.one_prize else list(
            lst.players)
        result = allocate(players, lst.prizes, lst.categories, lst.rules)
        taken.update(a.player for a in result.awards)
        out.append((lst.key, result))
    if clubs is not None:
        out.append((clubs.key, allocate(clubs.players, clubs.prizes, clubs.categories,
                                        clubs.rules)))
    return EventAllocation(tuple(out))
