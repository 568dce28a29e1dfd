"""Cardinality matchings of large fields without writing the graph out (issue 36).

Who may meet whom (C1, C3) is "everybody, except the few players one has met and the
players with the same absolute colour preference". :class:`pairing.dutch.matching.Cardinality`
starts with a greedy matching — each vertex in turn takes the first free neighbour in index
order — and augments from what is left. Written out, the graph of 5,000 players has twelve
million edges and the greedy pass alone looks at most of them.

:func:`greedy` computes *the same* greedy matching from the structure instead: the free
players of each colour class in a skip list, so a player finds his first free partner by
looking past the few he has met, not past everybody already paired. Where the greedy
matching is complete, that is the answer and no edge list is ever built; otherwise the
caller hands it to ``Cardinality`` (same augmenting order), so the result is identical to
building the graph. For a yes/no question (:func:`perfect`) two free players are first joined
through one matched pair (an augmenting path of length three), which settles nearly all
cases at once; only the rest go to Edmonds' algorithm.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from .matching import Cardinality

SHORT_PATHS = 8  # more free vertices than this after the greedy pass: Edmonds at once


class _FreeList:
    """The free positions of one colour class, in order, with amortised skipping."""

    def __init__(self, positions: list[int]):
        self.positions = positions
        self.jump = list(range(len(positions) + 1))  # next slot that may still be free

    def find(self, slot: int) -> int:
        jump = self.jump
        root = slot
        while jump[root] != root:
            root = jump[root]
        while jump[slot] != root:
            jump[slot], slot = root, jump[slot]
        return root

    def take(self, slot: int) -> None:
        self.jump[slot] = slot + 1


class Field:
    """Vertices ``0..n-1`` (local) that stand for players, plus an optional dummy vertex.

    ``classes[k]`` is the colour class of vertex k (C3: two of the same class never meet,
    None meets anybody); ``blocked[k]`` the local vertices k may not meet (C1); ``first``
    the number of leading vertices that may not meet each other (floaters, which only
    meet the next scoregroup), 0 for none. The dummy (index ``n``), if ``dummy`` lists
    who may take it, is the last neighbour of each of them and takes the first free one.
    """

    def __init__(self, classes: Sequence[str | None], blocked: Sequence[set[int]],
                 first: int = 0, dummy: Sequence[bool] | None = None):
        self.n = len(classes)
        self.classes = classes
        self.blocked = blocked
        self.first = first
        self.dummy = dummy
        names: dict[str | None, list[int]] = {}
        for k, c in enumerate(classes):
            names.setdefault(c, []).append(k)
        self.lists = {c: _FreeList(p) for c, p in names.items()}
        self.slot = [0] * self.n
        for lst in self.lists.values():
            for s, k in enumerate(lst.positions):
                self.slot[k] = s

    def adjacent(self, a: int, b: int) -> bool:
        n = self.n
        if a == b:
            return False
        if a == n or b == n:
            other = b if a == n else a
            return self.dummy is not None and self.dummy[other]
        if a < self.first and b < self.first:
            return False
        c = self.classes[a]
        return b not in self.blocked[a] and (c is None or c != self.classes[b])

    def neighbours(self, k: int) -> Iterator[int]:
        """Neighbours in the order the written-out graph would list them."""
        n = self.n
        if k == n:
            dummy = self.dummy
            assert dummy is not None
            yield from (j for j in range(n) if dummy[j])
            return
        adjacent = self.adjacent
        yield from (j for j in range(n) if adjacent(k, j))
        if self.dummy is not None and self.dummy[k]:
            yield n

    def size(self) -> int:
        return self.n + (self.dummy is not None)

    def greedy(self) -> list[int]:
        """Cardinality's greedy matching: each vertex in turn takes its first free neighbour."""
        n = self.n
        mate = [-1] * self.size()
        lists = self.lists
        classes, blocked, slot, first = self.classes, self.blocked, self.slot, self.first
        allowed = {c: [d for d in lists if c is None or d is None or d != c] for c in lists}
        for v in range(n):
            if mate[v] != -1:
                continue
            start = max(v + 1, first) if v < first else v + 1
            best = -1
            block = blocked[v]
            for c in allowed[classes[v]]:
                lst = lists[c]
                positions = lst.positions
                # the first slot of this class at or after ``start``
                lo, hi = 0, len(positions)
                while lo < hi:
                    mid = (lo + hi) // 2
                    if positions[mid] < start:
                        lo = mid + 1
                    else:
                        hi = mid
                s = lst.find(lo)
                while s < len(positions) and (positions[s] in block or mate[positions[s]] != -1):
                    s = lst.find(s + 1)
                if s < len(positions) and (best == -1 or positions[s] < best):
                    best = positions[s]
            if best != -1:
                mate[v] = best
                mate[best] = v
                for k in (v, best):
                    lists[classes[k]].take(slot[k])
            elif self.dummy is not None and self.dummy[v] and mate[n] == -1:
                mate[v] = n
                mate[n] = v
            lists[classes[v]].take(slot[v])
        if self.dummy is not None and mate[n] == -1:
            for j in range(n):
                if self.dummy[j] and mate[j] == -1:
                    mate[n] = j
                    mate[j] = n
                    break
        return mate

    def matching(self) -> list[int]:
        """Exactly ``Cardinality`` on the written-out graph, built only if the greedy falls
        short."""
        mate = self.greedy()
        if all(m != -1 for m in mate):
            return mate
        return Cardinality(self.neighbours, self.size(), mate=mate).mate

    def perfect(self) -> bool:
        """Does a matching cover every vertex (the dummy included)?"""
        return self.maximum_size() * 2 == self.size()

    def maximum_size(self) -> int:
        """The number of pairs of a maximum matching (dummy pairs counted)."""
        mate = self.greedy()
        free = [k for k, m in enumerate(mate) if m == -1]
        if 1 < len(free) <= SHORT_PATHS:
            free = self._short_paths(mate, free)
        if len(free) > 1:
            mate = Cardinality(self.neighbours, self.size(), mate=mate).mate
        return sum(1 for m in mate if m != -1) // 2

    def _short_paths(self, mate: list[int], free: list[int]) -> list[int]:
        return short_paths(mate, free, self.adjacent)


def short_paths(mate: list[int], free: list[int], adjacent: Callable[[int, int], bool]
                ) -> list[int]:
    """Join free vertices directly or through one matched pair (u-x=y-z becomes u-x, y-z),
    changing ``mate``; returns those still free."""
    size = len(mate)
    changed = True
    while changed and len(free) > 1:
        changed = False
        for i, u in enumerate(free):
            for z in free[i + 1:]:
                if adjacent(u, z):
                    mate[u], mate[z] = z, u
                    changed = True
                    break
                for x in range(size):
                    y = mate[x]
                    if y == -1 or x in (u, z) or y in (u, z):
                        continue
                    if adjacent(u, x) and adjacent(y, z):
                        mate[u], mate[x], mate[y], mate[z] = x, u, z, y
                        changed = True
                        break
                if changed:
                    break
            if changed:
                free = [k for k in free if mate[k] == -1]
                break
    return free


def field_of(nodes: Sequence[int], colour_class: Sequence[str | None],
             blocked: Sequence[set[int]], first: int = 0,
             dummy: Callable[[int], bool] | None = None) -> Field:
    """The :class:`Field` of the players ``nodes`` (entrant indices) in this order."""
    local = {v: k for k, v in enumerate(nodes)}
    classes = [colour_class[v] for v in nodes]
    block = [{local[w] for w in blocked[v] if w in local} for v in nodes]
    flags = None if dummy is None else [dummy(v) for v in nodes]
    return Field(classes, block, first, flags)
