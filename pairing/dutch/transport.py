"""The assignment of S1 to S2 solved between kinds of players, then realised (issue 36).

A bracket of 900 players asks for the best assignment of 450 S1 players to 450 S2 players:
as a weighted matching that is cubic in the players. But the weight of a pair only depends on
what the criteria read of the two players (score, colour preference, floats …: their *kind*,
``Round.kinds``), and a bracket has a few dozen kinds. So the assignment is first solved as a
transportation problem between kinds (:func:`transport`: how many S1 players of kind a meet
S2 players of kind b), which also gives dual values per kind; then the players are matched
along the pairs of kinds the duals call tight (:func:`realise`).

Why that is exact: the kind duals ``u[a] + v[b] >= W[a][b]`` hold for every pair of players
(a pair that may not meet only removes a constraint), so they bound every assignment. A
matching of the players that uses only tight pairs and covers every player with a positive
dual reaches that bound and is therefore a best assignment, with those duals as its proof
(complementary slackness) — whoever has met whom. When the players cannot be matched that
way (pairs that may not meet are in the way), :func:`realise` says so and the caller solves
the assignment by the blossom algorithm as before.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence


def transport(supply: Sequence[int], demand: Sequence[int],
              weight: Callable[[int, int], int | None]
              ) -> tuple[list[list[int]], list[int], list[int]] | None:
    """Maximum-weight transportation: ``flow[a][b]`` S1 players of kind a with S2 players of
    kind b, every S1 player placed (None if that is impossible), and optimal duals u, v.

    Duals satisfy ``u[a] + v[b] >= weight(a, b)`` for every allowed pair, with equality where
    the flow is positive; when S2 has more players, also ``u >= 0`` and ``v >= 0`` with
    ``v[b] == 0`` where kind b is not used up (None if these potentials do not give that).
    Successive shortest paths (Bellman–Ford on a graph of a few dozen nodes).
    """
    na, nb = len(supply), len(demand)
    arcs = [[(b, w) for b in range(nb) if (w := weight(a, b)) is not None] for a in range(na)]
    flow = [[0] * nb for _ in range(na)]
    row = [0] * na
    col = [0] * nb
    total = sum(supply)
    placed = 0
    inf = None
    while placed < total:
        # Shortest path (cost = -weight) from an S1 kind with supply left to an S2 kind with
        # room, in the residual graph: forward a->b always, backward b->a where flow > 0.
        dist_a: list[int | None] = [0 if row[a] < supply[a] else inf for a in range(na)]
        dist_b: list[int | None] = [inf] * nb
        pred_b = [-1] * nb
        pred_a = [-1] * na
        changed = True
        rounds = 0
        while changed:
            changed = False
            rounds += 1
            if rounds > na + nb + 2:
                raise ValueError("negative cycle in a transportation residual graph")
            for a in range(na):
                da = dist_a[a]
                if da is None:
                    continue
                for b, w in arcs[a]:
                    d = da - w
                    db = dist_b[b]
                    if db is None or d < db:
                        dist_b[b] = d
                        pred_b[b] = a
                        changed = True
            for a in range(na):
                for b, w in arcs[a]:
                    back = dist_b[b]
                    if flow[a][b] > 0 and back is not None:
                        d = back + w
                        da = dist_a[a]
                        if da is None or d < da:
                            dist_a[a] = d
                            pred_a[a] = b
                            changed = True
        best = -1
        best_d = 0
        for b in range(nb):
            room = dist_b[b]
            if col[b] < demand[b] and room is not None and (best == -1 or room < best_d):
                best, best_d = b, room
        if best == -1:
            return None
        # Walk back, find the bottleneck, push.
        path: list[tuple[int, int, int]] = []  # (a, b, +1 forward / -1 backward)
        b = best
        while True:
            a = pred_b[b]
            path.append((a, b, 1))
            if pred_a[a] == -1:
                break
            b2 = pred_a[a]
            path.append((a, b2, -1))
            b = b2
        start = path[-1][0]
        amount = min(supply[start] - row[start], demand[best] - col[best], total - placed)
        for a, b, sign in path:
            if sign < 0:
                amount = min(amount, flow[a][b])
        for a, b, sign in path:
            flow[a][b] += sign * amount
        row[start] += amount
        col[best] += amount
        placed += amount
    # Duals from shortest distances in the final residual graph (every node starts at 0; the
    # sink t is reached from a kind with room left and reaches every kind in use).
    pa = [0] * na
    pb = [0] * nb
    pt = 0
    changed = True
    rounds = 0
    while changed:
        changed = False
        rounds += 1
        if rounds > na + nb + 3:
            raise ValueError("the transportation flow is not optimal")
        for a in range(na):
            for b, w in arcs[a]:
                if pa[a] - w < pb[b]:
                    pb[b] = pa[a] - w
                    changed = True
                if flow[a][b] > 0 and pb[b] + w < pa[a]:
                    pa[a] = pb[b] + w
                    changed = True
        for b in range(nb):
            if col[b] < demand[b] and pb[b] < pt:
                pt = pb[b]
                changed = True
            if col[b] > 0 and pt < pb[b]:
                pb[b] = pt
                changed = True
    balanced = sum(demand) == total
    u = [pa[a] - pt for a in range(na)]
    # With as many S2 as S1 players everybody is paired: the duals need no sign (a best
    # perfect matching is what they prove). Otherwise they are those of a best matching.
    v = [pt - pb[b] if balanced else max(0, pt - pb[b]) for b in range(nb)]
    for a in range(na):
        if supply[a] and u[a] < 0 and not balanced:
            return None  # no certificate of this form: the caller uses the blossom
        for b, w in arcs[a]:
            if u[a] + v[b] < w or (flow[a][b] and u[a] + v[b] != w):
                return None
    return flow, u, v


def realise(s1: Sequence[int], s2: Sequence[int], tight: Callable[[int, int], bool],
            must_cover: Callable[[int], bool]
            ) -> tuple[dict[int, int | None], bool] | None:
    """Players matched along tight pairs: every S1 player, and every S2 player that
    ``must_cover``; each S1 player in order takes the first free tight S2 player, then
    alternating paths place whoever is left. None if no such matching was found; else the
    partners and whether the first pass alone made them."""
    partner: dict[int, int | None] = {v: None for v in (*s1, *s2)}
    order = list(s2)
    for p in s1:
        for o in order:
            if partner[o] is None and tight(p, o):
                partner[p] = o
                partner[o] = p
                break
    greedy = True
    for p in s1:
        if partner[p] is None:
            greedy = False
            if not _augment(p, partner, s2, tight):
                return None
    for o in s2:
        if partner[o] is None and must_cover(o):
            greedy = False
            if not _cover(o, partner, s1, tight, must_cover):
                return None
    return partner, greedy


def _augment(start: int, partner: dict[int, int | None], s2: Sequence[int],
             tight: Callable[[int, int], bool]) -> bool:
    """An alternating path from S1 player ``start`` to a free S2 player."""
    reached: dict[int, int] = {}
    stack = [start]
    while stack:
        q = stack.pop()
        for r in s2:
            if r in reached or not tight(q, r):
                continue
            reached[r] = q
            nxt = partner[r]
            if nxt is None:
                while True:
                    q2 = reached[r]
                    old = partner[q2]
                    partner[q2], partner[r] = r, q2
                    if q2 == start:
                        return True
                    assert old is not None
                    r = old
            stack.append(nxt)
    return False


def _cover(start: int, partner: dict[int, int | None], s1: Sequence[int],
           tight: Callable[[int, int], bool], must_cover: Callable[[int], bool]) -> bool:
    """Pair S2 player ``start`` by moving S1 players along tight pairs until one leaves an S2
    player who may stay unpaired."""
    reached: dict[int, int] = {}  # S1 player -> the S2 player he moves to
    stack = [start]
    while stack:
        r = stack.pop()
        for q in s1:
            if q in reached or not tight(q, r):
                continue
            reached[q] = r
            freed = partner[q]
            assert freed is not None
            if not must_cover(freed):
                partner[freed] = None
                while True:
                    target = reached[q]
                    previous = partner[target]
                    partner[q], partner[target] = target, q
                    if target == start:
                        return True
                    assert previous is not None
                    q = previous
            stack.append(freed)
    return False
