"""Matchings in general graphs: maximum weight (exact, arbitrary-precision) and maximum cardinality.

The Dutch criteria are compared lexicographically; packing them into one Python integer per
edge (see :mod:`pairing.dutch.criteria`) turns "the best pairing of a bracket" into a
maximum-weight matching, which Edmonds' blossom algorithm finds exactly. Python integers do not
overflow, so the weights may be as wide as the criteria need.

:func:`max_weight_matching` is the primal-dual blossom algorithm (Edmonds; Galil's O(n³)
formulation with dual variables on vertices and blossoms, integer arithmetic by doubling the
weights). :class:`Cardinality` answers the completion question ("can the players left over
still all be paired?") with Edmonds' augmenting paths, which is much cheaper.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence


def max_weight_matching(n: int, edges: Sequence[tuple[int, int, int]],
                        duals: list[int] | None = None) -> list[int]:
    """A matching of maximum total weight on vertices ``0 .. n-1``.

    ``edges`` are ``(u, v, weight)`` with positive integer weights (at most one edge per pair).
    Returns ``mate`` with ``mate[v]`` the partner of ``v`` or -1. Not necessarily of maximum
    cardinality: the callers make cardinality part of the weight.

    If ``duals`` is given, the vertices' optimal dual values are appended to it (doubled:
    ``y[u] + y[v] >= 2 * weight``, equal on the matched edges, 0 on unmatched vertices). In a
    bipartite graph no blossoms form, so exactly the matchings that use only such tight edges
    and cover every vertex with a positive dual are optimal.
    """
    if not edges:
        if duals is not None:
            duals.extend([0] * n)
        return [-1] * n
    nedge = len(edges)
    endpoint = [0] * (2 * nedge)
    neighbend: list[list[int]] = [[] for _ in range(n)]
    maxweight = 0
    for k, (i, j, w) in enumerate(edges):
        endpoint[2 * k] = i
        endpoint[2 * k + 1] = j
        neighbend[i].append(2 * k + 1)
        neighbend[j].append(2 * k)
        if w > maxweight:
            maxweight = w
    weight2 = [2 * w for _, _, w in edges]

    # mate[v]: the remote endpoint index p of v's matched edge (endpoint[p] is v's partner).
    mate = [-1] * n
    # Labels of top-level blossoms: 0 free, 1 S (outer), 2 T (inner).
    label = [0] * (2 * n)
    labelend = [-1] * (2 * n)
    inblossom = list(range(n))
    blossomparent = [-1] * (2 * n)
    blossomchilds: list[list[int] | None] = [None] * (2 * n)
    blossombase = list(range(n)) + [-1] * n
    blossomendps: list[list[int] | None] = [None] * (2 * n)
    bestedge = [-1] * (2 * n)
    blossombestedges: list[list[int] | None] = [None] * (2 * n)
    unusedblossoms = list(range(n, 2 * n))
    dualvar = [maxweight] * n + [0] * n
    allowedge = [False] * nedge
    queue: list[int] = []

    def slack(k: int) -> int:
        return dualvar[endpoint[2 * k]] + dualvar[endpoint[2 * k + 1]] - weight2[k]

    def blossom_leaves(b: int) -> Iterable[int]:
        if b < n:
            yield b
        else:
            childs = blossomchilds[b]
            assert childs is not None  # a blossom (b >= n) in use has its children
            for t in childs:
                if t < n:
                    yield t
                else:
                    yield from blossom_leaves(t)

    def assign_label(w: int, t: int, p: int) -> None:
        b = inblossom[w]
        label[w] = label[b] = t
        labelend[w] = labelend[b] = p
        bestedge[w] = bestedge[b] = -1
        if t == 1:
            queue.extend(blossom_leaves(b))
        else:
            base = blossombase[b]
            assign_label(endpoint[mate[base]], 1, mate[base] ^ 1)

    def scan_blossom(v: int, w: int) -> int:
        """Trace back from v and w to find a new blossom's base, or -1 for an augmenting path."""
        path = []
        base = -1
        while v != -1 or w != -1:
            b = inblossom[v]
            if label[b] & 4:
                base = blossombase[b]
                break
            path.append(b)
            label[b] = 5
            if labelend[b] == -1:
                v = -1
            else:
                v = endpoint[labelend[b]]
                b = inblossom[v]
                v = endpoint[labelend[b]]
            if w != -1:
                v, w = w, v
        for b in path:
            label[b] = 1
        return base

    def add_blossom(base: int, k: int) -> None:
        v, w = endpoint[2 * k], endpoint[2 * k + 1]
        bb = inblossom[base]
        bv = inblossom[v]
        bw = inblossom[w]
        b = unusedblossoms.pop()
        blossombase[b] = base
        blossomparent[b] = -1
        blossomparent[bb] = b
        path: list[int] = []
        endps: list[int] = []
        while bv != bb:
            blossomparent[bv] = b
            path.append(bv)
            endps.append(labelend[bv])
            v = endpoint[labelend[bv]]
            bv = inblossom[v]
        path.append(bb)
        path.reverse()
        endps.reverse()
        endps.append(2 * k)
        while bw != bb:
            blossomparent[bw] = b
            path.append(bw)
            endps.append(labelend[bw] ^ 1)
            w = endpoint[labelend[bw]]
            bw = inblossom[w]
        blossomchilds[b] = path
        blossomendps[b] = endps
        label[b] = 1
        labelend[b] = labelend[bb]
        dualvar[b] = 0
        for leaf in blossom_leaves(b):
            if label[inblossom[leaf]] == 2:
                queue.append(leaf)
            inblossom[leaf] = b
        bestedgeto = [-1] * (2 * n)
        for bv in path:
            known = blossombestedges[bv]
            if known is None:
                nblists = [[p // 2 for p in neighbend[leaf]] for leaf in blossom_leaves(bv)]
            else:
                nblists = [known]
            for nblist in nblists:
                for kk in nblist:
                    i, j = endpoint[2 * kk], endpoint[2 * kk + 1]
                    if inblossom[j] == b:
                        i, j = j, i
                    bj = inblossom[j]
                    if (bj != b and label[bj] == 1
                            and (bestedgeto[bj] == -1 or slack(kk) < slack(bestedgeto[bj]))):
                        bestedgeto[bj] = kk
            blossombestedges[bv] = None
            bestedge[bv] = -1
        best_edges = [kk for kk in bestedgeto if kk != -1]
        blossombestedges[b] = best_edges
        bestedge[b] = -1
        for kk in best_edges:
            if bestedge[b] == -1 or slack(kk) < slack(bestedge[b]):
                bestedge[b] = kk

    def expand_blossom(b: int, endstage: bool) -> None:
        childs = blossomchilds[b]
        assert childs is not None
        for s in childs:
            blossomparent[s] = -1
            if s < n:
                inblossom[s] = s
            elif endstage and dualvar[s] == 0:
                expand_blossom(s, endstage)
            else:
                for leaf in blossom_leaves(s):
                    inblossom[leaf] = s
        if not endstage and label[b] == 2:
            endps = blossomendps[b]
            assert endps is not None
            entrychild = inblossom[endpoint[labelend[b] ^ 1]]
            j = childs.index(entrychild)
            if j & 1:
                j -= len(childs)
                jstep = 1
                endptrick = 0
            else:
                jstep = -1
                endptrick = 1
            p = labelend[b]
            while j != 0:
                label[endpoint[p ^ 1]] = 0
                label[endpoint[endps[j - endptrick] ^ endptrick ^ 1]] = 0
                assign_label(endpoint[p ^ 1], 2, p)
                allowedge[endps[j - endptrick] // 2] = True
                j += jstep
                p = endps[j - endptrick] ^ endptrick
                allowedge[p // 2] = True
                j += jstep
            bv = childs[j]
            label[endpoint[p ^ 1]] = label[bv] = 2
            labelend[endpoint[p ^ 1]] = labelend[bv] = p
            bestedge[bv] = -1
            j += jstep
            while childs[j] != entrychild:
                bv = childs[j]
                if label[bv] == 1:
                    j += jstep
                    continue
                for v in blossom_leaves(bv):
                    if label[v] != 0:
                        break
                if label[v] != 0:
                    label[v] = 0
                    label[endpoint[mate[blossombase[bv]]]] = 0
                    assign_label(v, 2, labelend[v])
                j += jstep
        label[b] = labelend[b] = -1
        blossomchilds[b] = blossomendps[b] = None
        blossombase[b] = -1
        blossombestedges[b] = None
        bestedge[b] = -1
        unusedblossoms.append(b)

    def augment_blossom(b: int, v: int) -> None:
        t = v
        while blossomparent[t] != b:
            t = blossomparent[t]
        if t >= n:
            augment_blossom(t, v)
        childs = blossomchilds[b]
        endps = blossomendps[b]
        assert childs is not None and endps is not None
        i = j = childs.index(t)
        if i & 1:
            j -= len(childs)
            jstep = 1
            endptrick = 0
        else:
            jstep = -1
            endptrick = 1
        while j != 0:
            j += jstep
            t = childs[j]
            p = endps[j - endptrick] ^ endptrick
            if t >= n:
                augment_blossom(t, endpoint[p])
            j += jstep
            t = childs[j]
            if t >= n:
                augment_blossom(t, endpoint[p ^ 1])
            mate[endpoint[p]] = p ^ 1
            mate[endpoint[p ^ 1]] = p
        blossomchilds[b] = childs[i:] + childs[:i]
        blossomendps[b] = endps[i:] + endps[:i]
        blossombase[b] = blossombase[childs[i]]

    def augment_matching(k: int) -> None:
        v, w = endpoint[2 * k], endpoint[2 * k + 1]
        for s, p in ((v, 2 * k + 1), (w, 2 * k)):
            while True:
                bs = inblossom[s]
                if bs >= n:
                    augment_blossom(bs, s)
                mate[s] = p
                if labelend[bs] == -1:
                    break
                t = endpoint[labelend[bs]]
                bt = inblossom[t]
                s = endpoint[labelend[bt]]
                j = endpoint[labelend[bt] ^ 1]
                if bt >= n:
                    augment_blossom(bt, j)
                mate[j] = labelend[bt]
                p = labelend[bt] ^ 1

    for _stage in range(n):
        label[:] = [0] * (2 * n)
        bestedge[:] = [-1] * (2 * n)
        for b in range(n, 2 * n):
            blossombestedges[b] = None
        allowedge[:] = [False] * nedge
        queue.clear()
        for v in range(n):
            if mate[v] == -1 and label[inblossom[v]] == 0:
                assign_label(v, 1, -1)
        augmented = False
        while True:
            while queue and not augmented:
                v = queue.pop()
                dv = dualvar[v]
                for p in neighbend[v]:
                    w = endpoint[p]
                    if inblossom[v] == inblossom[w]:
                        continue
                    k = p >> 1
                    if not allowedge[k]:
                        kslack = dv + dualvar[w] - weight2[k]
                        if kslack <= 0:
                            allowedge[k] = True
                    if allowedge[k]:
                        if label[inblossom[w]] == 0:
                            assign_label(w, 2, p ^ 1)
                        elif label[inblossom[w]] == 1:
                            base = scan_blossom(v, w)
                            if base >= 0:
                                add_blossom(base, k)
                            else:
                                augment_matching(k)
                                augmented = True
                                break
                        elif label[w] == 0:
                            label[w] = 2
                            labelend[w] = p ^ 1
                    elif label[inblossom[w]] == 1:
                        b = inblossom[v]
                        be = bestedge[b]
                        if be == -1 or kslack < (dualvar[endpoint[2 * be]]
                                                 + dualvar[endpoint[2 * be + 1]] - weight2[be]):
                            bestedge[b] = k
                    elif label[w] == 0:
                        be = bestedge[w]
                        if be == -1 or kslack < (dualvar[endpoint[2 * be]]
                                                 + dualvar[endpoint[2 * be + 1]] - weight2[be]):
                            bestedge[w] = k
            if augmented:
                break
            # No augmenting path: adjust the duals.
            deltatype = 1
            delta = min(dualvar[:n])
            deltaedge = -1
            deltablossom = -1
            for v in range(n):
                k = bestedge[v]
                if k != -1 and label[inblossom[v]] == 0:
                    d = dualvar[endpoint[2 * k]] + dualvar[endpoint[2 * k + 1]] - weight2[k]
                    if d < delta:
                        delta = d
                        deltatype = 2
                        deltaedge = bestedge[v]
            for b in range(2 * n):
                if blossomparent[b] == -1 and label[b] == 1 and bestedge[b] != -1:
                    kslack = slack(bestedge[b])
                    d = kslack // 2
                    if d < delta:
                        delta = d
                        deltatype = 3
                        deltaedge = bestedge[b]
            for b in range(n, 2 * n):
                if (blossombase[b] >= 0 and blossomparent[b] == -1 and label[b] == 2
                        and dualvar[b] < delta):
                    delta = dualvar[b]
                    deltatype = 4
                    deltablossom = b
            for v in range(n):
                lv = label[inblossom[v]]
                if lv == 1:
                    dualvar[v] -= delta
                elif lv == 2:
                    dualvar[v] += delta
            for b in range(n, 2 * n):
                if blossombase[b] >= 0 and blossomparent[b] == -1:
                    if label[b] == 1:
                        dualvar[b] += delta
                    elif label[b] == 2:
                        dualvar[b] -= delta
            if deltatype == 1:
                break
            if deltatype == 2:
                allowedge[deltaedge] = True
                i, j = endpoint[2 * deltaedge], endpoint[2 * deltaedge + 1]
                if label[inblossom[i]] == 0:
                    i, j = j, i
                queue.append(i)
            elif deltatype == 3:
                allowedge[deltaedge] = True
                i = endpoint[2 * deltaedge]
                queue.append(i)
            else:
                expand_blossom(deltablossom, False)
        if not augmented:
            break
        for b in range(n, 2 * n):
            if (blossomparent[b] == -1 and blossombase[b] >= 0 and label[b] == 1
                    and dualvar[b] == 0):
                expand_blossom(b, True)
    if duals is not None:
        duals.extend(dualvar[:n])
    return [endpoint[mate[v]] if mate[v] >= 0 else -1 for v in range(n)]


class Cardinality:
    """Maximum-cardinality matching by Edmonds' augmenting paths.

    ``adjacency`` is either adjacency lists or a function giving the neighbours of a vertex
    (then ``n`` says how many vertices there are): a dense graph need not be written out. The
    matching starts greedy (or from ``mate``, a matching found otherwise) and is augmented
    until no augmenting path remains.
    """

    def __init__(self, adjacency: Sequence[Sequence[int]] | Callable[[int], Iterable[int]],
                 n: int | None = None, mate: list[int] | None = None):
        if callable(adjacency):
            self.neighbours = adjacency
            assert n is not None
        else:
            lists = adjacency
            self.neighbours = lists.__getitem__
            n = len(lists)
        self.n = n
        given = mate is not None
        self.mate = mate if mate is not None else [-1] * n
        neighbours, mate = self.neighbours, self.mate
        for v in range(n):
            if not given and mate[v] == -1:
                for w in neighbours(v):
                    if mate[w] == -1 and w != v:
                        mate[v] = w
                        mate[w] = v
                        break
        for v in range(n):
            if self.mate[v] == -1:
                self._augment_from(v)

    def size(self) -> int:
        return sum(1 for m in self.mate if m != -1) // 2

    def _augment_from(self, root: int) -> bool:
        neighbours, mate, n = self.neighbours, self.mate, self.n
        parent = [-1] * n
        base = list(range(n))
        used = [False] * n
        used[root] = True
        queue = [root]
        head = 0

        def lca(a: int, b: int) -> int:
            seen = [False] * n
            while True:
                a = base[a]
                seen[a] = True
                if mate[a] == -1:
                    break
                a = parent[mate[a]]
            while True:
                b = base[b]
                if seen[b]:
                    return b
                b = parent[mate[b]]

        def mark_path(v: int, b: int, child: int, blossom: list[bool]) -> None:
            while base[v] != b:
                blossom[base[v]] = blossom[base[mate[v]]] = True
                parent[v] = child
                child = mate[v]
                v = parent[mate[v]]

        while head < len(queue):
            v = queue[head]
            head += 1
            for to in neighbours(v):
                if base[v] == base[to] or mate[v] == to:
                    continue
                if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                    cur = lca(v, to)
                    blossom = [False] * n
                    mark_path(v, cur, to, blossom)
                    mark_path(to, cur, v, blossom)
                    for i in range(n):
                        if blossom[base[i]]:
                            base[i] = cur
                            if not used[i]:
                                used[i] = True
                                queue.append(i)
                elif parent[to] == -1:
                    parent[to] = v
                    if mate[to] == -1:
                        # Augment along the path ending at `to`.
                        while to != -1:
                            pv = parent[to]
                            nxt = mate[pv]
                            mate[to] = pv
                            mate[pv] = to
                            to = nxt
                        return True
                    used[mate[to]] = True
                    queue.append(mate[to])
        return False
