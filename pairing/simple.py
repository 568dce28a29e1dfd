"""Simple draw methods: random tables, tables by standings, score order without rematches.

Round robins are in :mod:`pairing.roundrobin`, the card-hall draws in
:mod:`pairing.cards`, the score-based Swiss in :mod:`pairing.scoreswiss`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from scoring.i18n import N_, Message, Refs

from . import apart
from .base import Competitor, Draw, DrawError, DrawnTable, DrawRequest, Layout


def table_sizes(n: int, layout: Layout) -> list[int]:
    """Sizes of side-less tables: full tables, then at most ``max_short`` tables one short
    (or, where the layout allows none short, at most ``max_long`` tables one larger)."""
    size = layout.table_size
    if n <= 0:
        raise DrawError(N_("there is nobody to seat"))
    for short in range(layout.max_short + 1):
        rest = n - short * (size - 1)
        if rest >= 0 and rest % size == 0:
            return [size] * (rest // size) + [size - 1] * short
    for long in range(1, layout.max_long + 1):
        rest = n - long * (size + 1)
        if rest >= 0 and rest % size == 0:
            return [size] * (rest // size) + [size + 1] * long
    if layout.max_short:
        raise DrawError(N_("%(n)s entrant cannot be seated at tables of %(size)s with at most "
                            "%(short)s tables of %(smaller)s", n=n, size=size,
                            short=layout.max_short, smaller=size - 1) if n == 1 else
                         N_("%(n)s entrants cannot be seated at tables of %(size)s with at most "
                            "%(short)s tables of %(smaller)s", n=n, size=size,
                            short=layout.max_short, smaller=size - 1))
    raise DrawError(N_("%(n)s entrant cannot be seated at tables of %(size)s", n=n, size=size)
                    if n == 1 else
                    N_("%(n)s entrants cannot be seated at tables of %(size)s", n=n, size=size))


def seat_groups(groups: list[list[int]], layout: Layout) -> tuple[DrawnTable, ...]:
    tables = []
    for group in groups:
        seats: Sequence[tuple[int, int | None]]
        if layout.sides:
            k = layout.per_side
            seats = [(e, 1) for e in group[:k]] + [(e, 2) for e in group[k:]]
        else:
            seats = [(e, None) for e in group]
        tables.append(DrawnTable(tuple(seats)))
    return tuple(tables)


def _leftover(ids: list[int], layout: Layout, req: DrawRequest) -> tuple[list[int], list[int]]:
    """Split off the entrants that cannot be seated at two-sided tables: those who sat out
    fewest so far (:meth:`DrawRequest.byes_had`), among them the last ones of ``ids``."""
    extra = len(ids) % layout.seats if layout.sides else 0
    if not extra:
        return ids, []
    order = sorted(ids[::-1], key=req.byes_had)  # stable: last ones first among equals
    out = order[:extra]
    return [e for e in ids if e not in out], out


BYE_WORDS = {"bye": N_("bye"), "zero": N_("zero"), "half": N_("half"),
             "forfeit-win": N_("forfeit-win")}


def bye_notes(left: list[int], n: int, req: DrawRequest, helps_others: bool = False,
              drawn: bool = True) -> list[Message]:
    """Say who sits out and why, so the hall can check that sitting out goes round.

    ``drawn``: chosen by lot among the candidates (else by the method's order, the lowest
    placed); ``helps_others``: among the candidates, the one that leaves the fewest rematches.
    """
    if not left:
        return []
    kind = BYE_WORDS.get(req.layout.bye_kind, req.layout.bye_kind)
    note = N_("%(kind)s for %(names)s: %(n)s entrants at tables of %(seats)s leave %(left)s over",
              kind=kind, names=Refs(sorted(left)), n=n, seats=req.layout.seats, left=len(left))
    fewest = min(req.byes_had(e) for e in left)
    again = sorted(e for e in left if req.byes_had(e))
    if again:
        most = max(req.byes_had(e) for e in left)
        note = N_("%(note)s; everybody else has sat out at least %(k)s time(s), so %(again)s "
                  "sit(s) out again, chosen among those who sat out fewest", note=note,
                  k=most, again=Refs(again)) if fewest == most else \
            N_("%(note)s; too few without an earlier %(kind)s, so %(again)s sit(s) out again, "
               "chosen among those who sat out fewest", note=note, kind=kind,
               again=Refs(again))
    elif helps_others:
        note = N_("%(note)s; drawn among those without an earlier %(kind)s, chosen to leave the "
                  "others the fewest rematches", note=note, kind=kind)
    elif drawn:
        note = N_("%(note)s; drawn among those without an earlier %(kind)s", note=note, kind=kind)
    else:
        note = N_("%(note)s; the lowest placed without an earlier %(kind)s", note=note,
                  kind=kind)
    return [note]


def random_tables(req: DrawRequest) -> Draw:
    """Round 1 of every hall game, and every round of the card games for now: a seeded shuffle."""
    rng = random.Random(req.seed)
    ids = [c.id for c in req.competitors]
    rng.shuffle(ids)
    n = len(ids)
    ids, left = _leftover(ids, req.layout, req)
    if req.layout.sides:
        groups = [ids[i:i + req.layout.seats] for i in range(0, len(ids), req.layout.seats)]
    else:
        groups, i = [], 0
        for size in table_sizes(len(ids), req.layout):
            groups.append(ids[i:i + size])
            i += size
    return Draw(seat_groups(groups, req.layout), tuple((e, req.layout.bye_kind) for e in left),
                (N_("random tables, seed %(seed)s", seed=req.seed), *bye_notes(left, n, req)))


def standings_tables(req: DrawRequest) -> Draw:
    """Board games after round 1: places 1-4 at table 1, 5-8 at table 2 …, short tables last.
    With ``options["avoid_same_club"]`` (Skat) members of one club are then swapped apart,
    in round 1 too (:mod:`pairing.apart`)."""
    avoid = bool(req.options.get("avoid_same_club")) and not req.layout.sides
    if req.round_number == 1:
        drawn = random_tables(req)
        if not avoid:
            return drawn
        groups = [[e for e, _side in t.seats] for t in drawn.tables]
        explanation = drawn.explanation
    else:
        ids = [c.id for c in req.competitors]
        groups, i = [], 0
        for size in table_sizes(len(ids), req.layout):
            groups.append(ids[i:i + size])
            i += size
        explanation = (N_("tables by standings"),)
    if avoid:
        groups, lines = apart.keep_apart(groups, {c.id: c.club for c in req.competitors},
                                         req.options.get("teams") or {})
        explanation = (*explanation, *lines)
    return Draw(seat_groups(groups, req.layout), (), explanation)


def _colours(a: Competitor, b: Competitor, whites: dict[int, int]) -> tuple[int, int]:
    """White to the one who had white less often; the higher placed on a tie."""
    return (b.id, a.id) if whites.get(a.id, 0) > whites.get(b.id, 0) else (a.id, b.id)


def score_order(req: DrawRequest) -> Draw:
    """Pair in standings order without rematches (backtracking); the last gets the bye."""
    comps = list(req.competitors)
    met: set[frozenset[int]] = set()
    whites: dict[int, int] = {}
    for rnd in req.history:
        for t in rnd:
            ids = t.entrants
            if len(ids) == 2:
                met.add(frozenset(ids))
            if len(t.sides) == 2 and t.sides[0]:
                whites[t.sides[0][0]] = whites.get(t.sides[0][0], 0) + 1
    byes: list[tuple[int, str]] = []
    if len(comps) % 2:
        bye = min(reversed(comps), key=lambda c: req.byes_had(c.id))  # lowest placed of fewest
        comps.remove(bye)
        byes.append((bye.id, req.layout.bye_kind))
    explanation: list[Message] = []
    pairs = _pair(comps, met)
    if pairs is None:
        explanation.append(N_("no pairing without rematches exists; rematches allowed"))
        pairs = _pair(comps, set())
        assert pairs is not None
    tables = []
    for a, b in pairs:
        w, bl = _colours(a, b, whites)
        tables.append(DrawnTable(((w, 1), (bl, 2))))
    return Draw(tuple(tables), tuple(byes),
                (N_("score order without rematches"), *explanation,
                 *bye_notes([e for e, _ in byes], len(req.competitors), req, drawn=False)))


def _pair(comps: list[Competitor], met: set[frozenset[int]],
          budget: list[int] | None = None) -> list[tuple[Competitor, Competitor]] | None:
    budget = budget if budget is not None else [200_000]
    if not comps:
        return []
    first, rest = comps[0], comps[1:]
    for i, other in enumerate(rest):
        budget[0] -= 1
        if budget[0] < 0:
            return None
        if frozenset((first.id, other.id)) in met:
            continue
        tail = _pair(rest[:i] + rest[i + 1:], met, budget)
        if tail is not None:
            return [(first, other), *tail]
    return None
