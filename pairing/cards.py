"""Card-hall draws for later rounds: Mucken rotation, the fixed "pair 1 stays" scheme, Pussi.

Card tables have two sides. Mucken with fixed pairs seats one pair (entrant) per side;
Mucken with single players and Pussi seat two players per side, who are partners for the
round, and the other side are their opponents.

What is guaranteed (a "repeat" is a pairing that happened in an earlier round; costs are
compared first by the number of repeated pairings, then by how often those met before):

- ``rotation``, fixed pairs: the fewest repeated opponents possible (an exact minimum-cost
  perfect matching), the bye going to a pair that sat out fewest (one without an earlier
  bye while there is one);
  among the optimal rounds the seed decides (random integer weights below the costs).
- ``rotation``, single players, and ``pussi_partners``: the fewest repeated partners
  possible (exact matching, given the byes). Opponents: the partnerships are matched into
  tables exactly for their opponents, over up to :data:`RESTARTS` seeded restarts, each
  improved by swapping players between tables. If that leaves repeated opponents and at
  most :data:`SEARCH_PLAYERS` are seated, a branch-and-bound search over the whole round
  looks for fewer. Up to :data:`EXACT_PLAYERS` its budget covers every possible round, so
  there the result is optimal (partners, then opponents): a round without any repeat is
  always found when one exists. Above that the search has a smaller budget, and above
  :data:`SEARCH_PLAYERS` there is none; the explanation says whether the result was proven
  optimal (it is whenever no repeated opponent is left).
- ``fixed_rotation``: the scheme itself; opponents repeat only after as many rounds as
  tables, which the explanation says. When the round-1 tables are no longer complete it
  falls back to ``rotation`` and says why.

Round 1 (no history) is a seeded shuffle. The same request and seed always give the same
draw: only ``random.Random(req.seed)`` is used and nothing iterates over a set.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from scoring.i18n import N_, Message, Ref, Refs, join

from .base import Draw, DrawError, DrawnTable, DrawRequest
from .dutch.matching import max_weight_matching
from .simple import _leftover, bye_notes, seat_groups

RANDOM_BITS = 4  # ties broken by these and the shuffled vertex order; more bits cost time
COUNT_UNIT = 1 << 20  # one more repeated pairing outweighs any sum of earlier meetings
PARTNER_UNIT = 1 << 48  # one more repeated partner outweighs any number of repeated opponents
RESTARTS = 8  # seeded restarts for single players (fewer for large fields, see _restarts)
SEARCH_PLAYERS = 16  # fields up to this size get the search over whole rounds
EXACT_PLAYERS = 12  # ... and up to this size its budget covers every round, so it is exact
EXACT_BUDGET = 210_000  # 11·45 + 11·45·7·15 + 11·45·7·15·3 = 208,395 table choices for 12
SEARCH_BUDGET = 30_000  # table choices for 13-16 players (about 0.4 s)

Pairs = Counter[tuple[int, int]]


def _key(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def _pair_cost(met: int) -> int:
    """Cost of a pairing that happened ``met`` times before: counted once, then by frequency."""
    return COUNT_UNIT + met if met else 0


ROTATION = N_("rotation")


def _ordinal(k: int) -> Message:
    if 10 <= k % 100 <= 20:
        return N_("%(n)sth", n=k)
    return {1: N_("%(n)sst", n=k), 2: N_("%(n)snd", n=k), 3: N_("%(n)srd", n=k)}.get(
        k % 10, N_("%(n)sth", n=k))


def _met(req: DrawRequest) -> tuple[Pairs, Pairs]:
    """How often each two entrants were partners (same side) and opponents (other sides)."""
    partners: Pairs = Counter()
    opponents: Pairs = Counter()
    for rnd in req.history:
        for table in rnd:
            if len(table.sides) == 2:
                for side in table.sides:
                    for i, a in enumerate(side):
                        for b in side[i + 1:]:
                            partners[_key(a, b)] += 1
                for a in table.sides[0]:
                    for b in table.sides[1]:
                        opponents[_key(a, b)] += 1
            else:  # a table without sides: everyone played against everyone
                ids = table.entrants
                for i, a in enumerate(ids):
                    for b in ids[i + 1:]:
                        opponents[_key(a, b)] += 1
    return partners, opponents


def _checked_ids(req: DrawRequest, per_side: tuple[int, ...] | None = (1, 2)) -> list[int]:
    """The entrant ids in standings order, refusing what no card table can seat.

    ``per_side`` lists the party sizes the method can handle (None: any).
    """
    layout = req.layout
    if (layout.sides != 2 or layout.per_side < 1
            or (per_side is not None and layout.per_side not in per_side)):
        raise DrawError(N_("this draw needs card tables of two sides with %(sizes)s per side",
                           sizes=" or ".join(map(str, per_side))) if per_side else
                        N_("this draw needs card tables of two sides with at least one per "
                           "side"))
    ids = [c.id for c in req.competitors]
    twice = sorted(e for e, k in Counter(ids).items() if k > 1)
    if twice:
        raise DrawError(N_("entrants listed twice: %(entrants)s", entrants=Refs(twice)))
    if len(ids) < layout.seats:
        raise DrawError(N_("%(n)s entrants cannot fill a table of %(seats)s (%(per_side)s per "
                           "side)", n=len(ids), seats=layout.seats, per_side=layout.per_side))
    return ids


def _random_round(req: DrawRequest, label: Message) -> Draw:
    """Round 1: a seeded shuffle, leftovers preferring those without an earlier bye."""
    ids = _checked_ids(req, None)
    rng = random.Random(req.seed)
    rng.shuffle(ids)
    seated, left = _leftover(ids, req.layout, req)
    k = req.layout.seats
    groups = [seated[i:i + k] for i in range(0, len(seated), k)]
    return Draw(seat_groups(groups, req.layout), tuple((e, req.layout.bye_kind) for e in left),
                (N_("%(label)s: random tables (seed %(seed)s)", label=label, seed=req.seed),
                 *bye_notes(left, len(ids), req)))


def _min_cost_perfect(n: int, cost: Callable[[int, int], int],
                      rng: random.Random) -> list[tuple[int, int]]:
    """A perfect matching of least total cost on vertices 0..n-1 (n even), exact.

    Costs sit in the high bits above random low bits, so among the optimal matchings the
    seed decides; a large constant makes every perfect matching beat every smaller one.
    """
    shift = RANDOM_BITS + n.bit_length() + 1
    perm = list(range(n))
    rng.shuffle(perm)
    raw = [(u, v, (cost(perm[u], perm[v]) << shift) + rng.getrandbits(RANDOM_BITS))
           for u in range(n) for v in range(u + 1, n)]
    top = max(c for _, _, c in raw)
    big = (n // 2 + 1) * top + 1
    mate = max_weight_matching(n, [(u, v, big - c) for u, v, c in raw])
    if any(m < 0 for m in mate):  # cannot happen on a complete graph of even order
        raise AssertionError("matching not perfect")
    return [(perm[u], perm[mate[u]]) for u in range(n) if u < mate[u]]


def _repeat_notes(repeats: list[tuple[int, int, int]], partners: bool) -> Message:
    return join([N_("%(a)s with %(b)s (%(ordinal)s time)", a=Ref(a), b=Ref(b),
                    ordinal=_ordinal(m + 1)) if partners else
                 N_("%(a)s against %(b)s (%(ordinal)s time)", a=Ref(a), b=Ref(b),
                    ordinal=_ordinal(m + 1)) for a, b, m in repeats], ", ")


# --- fixed pairs ----------------------------------------------------------------------------------

def _rotate_pairs(req: DrawRequest, ids: list[int], label: Message) -> Draw:
    """One pair per side: an exact least-rematch perfect matching, with the bye as a vertex.

    The bye is a dummy vertex whose edges cost more, for each bye a pair had beyond the
    fewest any pair had, than any number of rematches, so the bye goes to a pair that sat
    out fewest (a fresh one while there is one), chosen to help the others.
    """
    _, opp = _met(req)
    rng = random.Random(req.seed)
    order = list(ids)
    rng.shuffle(order)
    n = len(order)
    dummy = n if n % 2 else -1

    least = min(req.byes_had(e) for e in order)

    def cost(u: int, v: int) -> int:
        if dummy in (u, v):  # each bye more than the fewest outweighs every rematch
            return PARTNER_UNIT * (req.byes_had(order[u + v - dummy]) - least)
        return _pair_cost(opp[_key(order[u], order[v])])

    tables: list[DrawnTable] = []
    left: list[int] = []
    repeats: list[tuple[int, int, int]] = []
    for u, v in _min_cost_perfect(n + (n % 2), cost, rng):
        if dummy in (u, v):
            left.append(order[u + v - dummy])
            continue
        a, b = (order[u], order[v]) if rng.random() < 0.5 else (order[v], order[u])
        tables.append(DrawnTable(((a, 1), (b, 2))))
        if opp[_key(a, b)]:
            repeats.append((*_key(a, b), opp[_key(a, b)]))
    rng.shuffle(tables)
    repeats.sort()
    if repeats:
        lines = [N_("%(label)s: stage 2 (repeated opponents unavoidable; %(n)s repeat(s), the "
                    "fewest possible)", label=label, n=len(repeats)),
                 N_("repeated opponents: %(list)s", list=_repeat_notes(repeats, False))]
    else:
        lines = [N_("%(label)s: stage 1 (no repeated opponent)", label=label)]
    return Draw(tuple(tables), tuple((e, req.layout.bye_kind) for e in left),
                (*lines, *bye_notes(left, n, req, helps_others=bool(left))))


# --- single players: two partners per side --------------------------------------------------------

Table = tuple[int, int, int, int]  # side 1 = first two, side 2 = last two (vertex indices)


class _Costs:
    """Partner and opponent costs between seated players (by index), partners dominating."""

    def __init__(self, seated: list[int], partners: Pairs, opponents: Pairs):
        n = len(seated)
        self.pc = [[_pair_cost(partners[_key(seated[i], seated[j])]) * PARTNER_UNIT
                    if i != j else 0 for j in range(n)] for i in range(n)]
        self.oc = [[_pair_cost(opponents[_key(seated[i], seated[j])]) if i != j else 0
                    for j in range(n)] for i in range(n)]

    def table(self, t: Table) -> int:
        a, b, c, d = t
        oc = self.oc
        return self.pc[a][b] + self.pc[c][d] + oc[a][c] + oc[a][d] + oc[b][c] + oc[b][d]

    def best_split(self, four: Table) -> tuple[int, Table]:
        """The cheapest of the three ways to seat four players as two sides."""
        a, b, c, d = four
        return min((self.table(t), t) for t in ((a, b, c, d), (a, c, b, d), (a, d, b, c)))


def _restarts(n: int) -> int:
    """Fewer restarts for large fields, where one already finds a round without repeats."""
    return max(2, min(RESTARTS, 800 // max(n, 1)))


def _matched_round(n: int, costs: _Costs, rng: random.Random) -> list[Table]:
    """Partnerships by an exact least-repeat matching, then those into tables the same way."""
    duos = _min_cost_perfect(n, lambda u, v: costs.pc[u][v], rng)
    oc = costs.oc

    def cross(x: int, y: int) -> int:
        (a, b), (c, d) = duos[x], duos[y]
        return oc[a][c] + oc[a][d] + oc[b][c] + oc[b][d]

    return [(*duos[x], *duos[y]) for x, y in _min_cost_perfect(len(duos), cross, rng)]


def _improve(tables: list[Table], costs: _Costs, max_passes: int = 30) -> list[Table]:
    """Swap single players between a table with repeats and any other while that helps."""
    tables = list(tables)
    cost = [costs.table(t) for t in tables]
    for _ in range(max_passes):
        changed = False
        for i in range(len(tables)):
            if cost[i] % PARTNER_UNIT == 0:
                continue  # no repeated opponent here (partner repeats are already minimal)
            done = False
            for j in range(len(tables)):
                if j == i:
                    continue
                for x in range(4):
                    for y in range(4):
                        ti, tj = list(tables[i]), list(tables[j])
                        ti[x], tj[y] = tj[y], ti[x]
                        ci, si = costs.best_split((ti[0], ti[1], ti[2], ti[3]))
                        cj, sj = costs.best_split((tj[0], tj[1], tj[2], tj[3]))
                        if ci + cj < cost[i] + cost[j]:
                            tables[i], tables[j], cost[i], cost[j] = si, sj, ci, cj
                            changed = done = True
                            break
                    if done:
                        break
                if done:
                    break
        if not changed:
            break
    return tables


def _search(n: int, costs: _Costs, bound: int, floor: int,
            budget: int) -> tuple[list[Table] | None, int, bool]:
    """Branch and bound over whole rounds for a cheaper one than ``bound``.

    The first free player takes every partner and every pair of opponents in turn, cheapest
    first; a partial round as dear as the best so far is dropped. Stops at ``floor`` (no
    round can be cheaper). Returns the best round found (None if none beat ``bound``), its
    cost, and whether the search was complete (so that round is optimal).
    """
    pc, oc = costs.pc, costs.oc
    best = [bound]
    found: list[list[Table] | None] = [None]
    nodes = [0]
    acc: list[Table] = []

    def rec(free: list[int], cost: int) -> bool:  # False: out of budget
        if not free:
            best[0], found[0] = cost, list(acc)
            return True
        p, rest = free[0], free[1:]
        options = []
        for qi, q in enumerate(rest):
            c1 = cost + pc[p][q]
            if c1 >= best[0]:
                continue
            others = rest[:qi] + rest[qi + 1:]
            for ri, r in enumerate(others):
                c2 = c1 + oc[p][r] + oc[q][r]
                if c2 >= best[0]:
                    continue
                for s in others[ri + 1:]:
                    c = c2 + pc[r][s] + oc[p][s] + oc[q][s]
                    if c < best[0]:
                        options.append((c, q, r, s))
        options.sort()
        for c, q, r, s in options:
            if c >= best[0] or best[0] <= floor:
                break
            nodes[0] += 1
            if nodes[0] > budget:
                return False
            acc.append((p, q, r, s))
            ok = rec([x for x in rest if x not in (q, r, s)], c)
            acc.pop()
            if not ok:
                return False
        return True

    complete = rec(list(range(n)), 0)
    return found[0], best[0], complete or best[0] <= floor


def _rotate_singles(req: DrawRequest, ids: list[int], label: Message, stages: bool) -> Draw:
    """Two partners per side: partners exactly, then opponents as well as restarts and search do."""
    partners, opponents = _met(req)
    rng = random.Random(req.seed)
    order = list(ids)
    rng.shuffle(order)
    seated, left = _leftover(order, req.layout, req)
    n = len(seated)
    costs = _Costs(seated, partners, opponents)

    best: list[Table] = []
    best_cost = -1
    floor = 0
    for _ in range(_restarts(n)):
        tables = _improve(_matched_round(n, costs, rng), costs)
        total = sum(costs.table(t) for t in tables)
        floor = max(floor, total // PARTNER_UNIT * PARTNER_UNIT)  # partner part is exact
        if best_cost < 0 or total < best_cost:
            best, best_cost = tables, total
        if best_cost == floor:
            break
    proven = best_cost == floor
    if not proven and n <= SEARCH_PLAYERS:
        budget = EXACT_BUDGET if n <= EXACT_PLAYERS else SEARCH_BUDGET
        found, cost, proven = _search(n, costs, best_cost, floor, budget)
        if found is not None:
            best, best_cost = found, cost

    drawn = []
    rep_partners: list[tuple[int, int, int]] = []
    rep_opponents: list[tuple[int, int, int]] = []
    for a, b, c, d in best:
        sides = [sorted((seated[a], seated[b])), sorted((seated[c], seated[d]))]
        rng.shuffle(sides)
        for side in sides:
            k = _key(*side)
            if partners[k]:
                rep_partners.append((*k, partners[k]))
        for x in sides[0]:
            for y in sides[1]:
                k = _key(x, y)
                if opponents[k]:
                    rep_opponents.append((*k, opponents[k]))
        drawn.append(DrawnTable(tuple((e, s + 1) for s, side in enumerate(sides) for e in side)))
    rng.shuffle(drawn)
    rep_partners.sort()
    rep_opponents.sort()

    quality = (N_("the fewest possible") if proven else
               N_("the fewest found in %(n)s seeded draws and an incomplete search",
                  n=_restarts(n)) if n <= SEARCH_PLAYERS else
               N_("the fewest found in %(n)s seeded draws", n=_restarts(n)))
    if not rep_partners and not rep_opponents:
        stage, what = 1, N_("no repeated partner or opponent")
    elif not rep_partners:
        stage, what = 2, N_("no repeated partner; %(n)s repeated opponent pairing(s), "
                            "%(quality)s", n=len(rep_opponents), quality=quality)
    else:
        stage, what = 3, N_("%(partners)s repeated partnership(s), the fewest possible; "
                            "%(n)s repeated opponent pairing(s), %(quality)s",
                            partners=len(rep_partners), n=len(rep_opponents), quality=quality)
    head = N_("stage %(stage)s (%(what)s)", stage=stage, what=what) if stages else what
    lines = [N_("%(label)s: %(head)s", label=label, head=head)]
    if rep_partners:
        lines.append(N_("repeated partners: %(list)s", list=_repeat_notes(rep_partners, True)))
    if rep_opponents:
        lines.append(N_("repeated opponents: %(list)s",
                        list=_repeat_notes(rep_opponents, False)))
    return Draw(tuple(drawn), tuple((e, req.layout.bye_kind) for e in left),
                (*lines, *bye_notes(left, len(ids), req)))


# --- the registered methods -----------------------------------------------------------------------

def rotation(req: DrawRequest) -> Draw:
    """Mucken, later rounds: new tables for the whole round, avoiding repeats in stages.

    Stage 1: no repeated partner or opponent; stage 2: no repeated partner, fewest repeated
    opponents; stage 3: fewest repeated partners, then opponents. Whole-round matchings,
    not table by table, so an early table cannot force repeats at the last ones.
    """
    ids = _checked_ids(req)
    if not req.history:
        return _random_round(req, ROTATION)
    if req.layout.per_side == 1:
        return _rotate_pairs(req, ids, ROTATION)
    return _rotate_singles(req, ids, ROTATION, stages=True)


def pussi_partners(req: DrawRequest) -> Draw:
    """Pussi: partners drawn anew each series, fewest repeated partners, then opponents."""
    ids = _checked_ids(req, (2,))
    if not req.history:
        return _random_round(req, N_("pussi partners"))
    return _rotate_singles(req, ids, N_("pussi partners"), stages=False)


def fixed_rotation(req: DrawRequest) -> Draw:
    """Mucken's fixed scheme: side 1 of round-1 table t stays, side 2 moves on one table a round.

    In round r side 2 of round-1 table t sits at table ((t - 1 + r - 1) mod T) + 1, so for
    r <= T nobody meets twice. The round-1 tables are the first round of the history, in
    table order. If they are no longer complete (withdrawals, late or round-1-bye entrants)
    the scheme cannot work and the round is drawn by :func:`rotation` instead, saying why.
    """
    ids = _checked_ids(req, None)
    r = req.round_number
    if r <= 1 or not req.history:
        draw = _random_round(req, N_("fixed rotation"))
        if r > 1:
            draw = Draw(draw.tables, draw.byes,
                        (*draw.explanation, N_("no earlier rounds known: the scheme starts here")))
        return draw
    first = req.history[0]
    k = req.layout.per_side
    seated = [e for t in first for e in t.entrants]
    now, then = set(ids), set(seated)
    complete = (all(len(t.sides) == 2 and all(len(s) == k for s in t.sides) for t in first)
                and len(seated) == len(then))
    if not complete or now != then:
        gone = sorted(then - now)
        new = sorted(now - then)
        why = []
        if gone:
            why.append(N_("no longer playing: %(entrants)s", entrants=Refs(gone)))
        if new:
            why.append(N_("not seated in round 1: %(entrants)s", entrants=Refs(new)))
        if not complete:
            why.append(N_("round 1 has incomplete tables"))
        draw = rotation(req)
        return Draw(draw.tables, draw.byes,
                    (N_("fixed rotation impossible (%(why)s): drawn by rotation", why=join(why)),
                     *draw.explanation))
    size = len(first)
    shift = (r - 1) % size
    movers = [first[(t - shift) % size].sides[1] for t in range(size)]
    tables = tuple(DrawnTable(tuple((e, 1) for e in first[t].sides[0])
                              + tuple((e, 2) for e in movers[t])) for t in range(size))
    lines = [N_("fixed rotation, round %(r)s: side 1 stays, side 2 of round-1 table t sits at "
                "table t + %(shift)s (mod %(size)s)", r=r, shift=r - 1, size=size)]
    if r > size:
        lines.append(N_("round %(r)s is beyond %(size)s table(s): opponents repeat (same tables "
                        "as round %(same)s)", r=r, size=size, same=shift + 1))
    return Draw(tables, (), tuple(lines))
