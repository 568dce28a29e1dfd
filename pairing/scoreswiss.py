"""Score Swiss for tabletop and other score-based events: one exact matching per round.

The whole round is a single maximum-weight perfect matching (Edmonds' blossom algorithm,
:func:`pairing.dutch.matching.max_weight_matching`). Every possible game is an edge whose
weight packs the criteria below into one integer, most important first, so that the best
total weight is the lexicographically best round. An odd field gets a dummy vertex; the
player matched to it has the bye. The criteria, as costs to minimise in this order:

1. byes to a player who already had more byes than the fewest anybody had (so nobody gets
   a second bye while someone has had none: the rule has no exception, while rematches may
   be allowed when unavoidable);
2. rematches (games between two players who met before);
3. earlier meetings summed over those rematches (a third meeting is worse than a second);
4. same-club games, when ``options["avoid_same_club"]`` is set (every round; an empty club
   never clashes; names compare case- and space-insensitively);
5. the bye's place: it goes to the lowest-placed player allowed by 1-4;
6. the sum over the games of the squared difference in tournament points (``score``):
   keeps score groups together and, when somebody must move, spreads the gap thinly;
7. the sum over the games of the squared distance in places (1-based rank in the request).

Without constraints the unique optimum of 6-7 on a field in standings order (scores not
rising down the list, as the web app sends it) is 1-2, 3-4, … (pairing two neighbours never
costs more than a crossing or nesting pair of games, by convexity), and
when a constraint breaks that the nearest possible opponents are taken. Round 1 (no
history) shuffles the field with ``random.Random(seed)`` and ignores scores, so it pairs
1-2, 3-4 … of the shuffled order under the same constraints. Side 1 goes to the
higher-placed player (in round 1: the one earlier in the shuffled order); tabletop has
no colours, so there is nothing to balance.

Fields above ``FULL_GRAPH_UP_TO`` are solved on a sparse graph first (each player's next
places, his nearest allowed opponents, the bye edges) and proven optimal for the complete
graph with the matching's vertex duals: blossom duals are never negative, so if no left-out
game weighs more than its endpoints' duals allow, nothing left out can improve the round.
Otherwise the uncovered games are added and the matching solved again; when that does not
settle it (or too many games are uncovered) the complete graph is solved. The result is
exact either way; only the time differs.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from math import lcm

from scoring.i18n import N_, Message, join

from .base import Competitor, Draw, DrawError, DrawnTable, DrawRequest
from .dutch.matching import max_weight_matching

FULL_GRAPH_UP_TO = 80  # players; above this the sparse graph is tried first
NEAR = 8  # the sparse graph joins every player to the next NEAR places,
WINDOW = 8  # and to the next WINDOW places below that he may meet (no rematch, no club clash)
GROUP_REACH = 40  # and to allowed players of his own score up to this many places down
SHOW_MOVED = 20  # games off the plain order named in the explanation


def _club(c: Competitor, avoid: bool) -> str:
    return " ".join((c.club or "").split()).casefold() if avoid else ""


def _score(c: Competitor) -> Fraction:
    s = c.score
    return Fraction(str(s)) if isinstance(s, float) else Fraction(s)


class _Round:
    """The edge weights of one round over players ``0 .. n-1`` in place order (+ the bye)."""

    def __init__(self, comps: list[Competitor], req: DrawRequest, first: bool) -> None:
        n = self.n = len(comps)
        index = {c.id: i for i, c in enumerate(comps)}
        self.met: Counter[tuple[int, int]] = Counter()
        for rnd in req.history:
            for table in rnd:
                seated = sorted(index[e] for e in table.entrants if e in index)
                for a in range(len(seated)):
                    for b in range(a + 1, len(seated)):
                        self.met[seated[a], seated[b]] += 1
        avoid = bool(req.options.get("avoid_same_club"))
        self.clubs = [_club(c, avoid) for c in comps]
        had = [req.byes_had(c.id) for c in comps]
        least = min(had, default=0)
        self.extra_byes = [k - least for k in had]  # byes beyond the fewest anybody had
        self.had_bye = [k > 0 for k in had]
        if first:
            self.points = [0] * n
        else:
            scores = [_score(c) for c in comps]
            unit = lcm(*(s.denominator for s in scores)) if scores else 1
            self.points = [int(s * unit) for s in scores]
        self.odd = n % 2 == 1
        pairs = (n + 1) // 2  # games in the round, the bye counted as one
        max_met = max(self.met.values(), default=0)
        gap = (max(self.points) - min(self.points)) if n else 0
        # (name, largest bonus per edge) from the least important level up; bonus = best - cost.
        levels = [("rank", (n - 1) ** 2), ("score", gap * gap), ("bye_place", max(n - 1, 0)),
                  ("club", 1), ("meetings", max_met), ("rematch", 1),
                  ("second_bye", max(self.extra_byes, default=0)),
                  ("edge", 1)]
        self.unit: dict[str, int] = {}
        self.best: dict[str, int] = {}
        place = 1
        for name, best in levels:
            self.unit[name] = place
            self.best[name] = best
            place *= pairs * best + 1
        u, most = self.unit, self.best
        # Weight of a game with every cost 0; the costs are subtracted from it.
        self.top = (u["edge"] + most["second_bye"] * u["second_bye"] + u["rematch"]
                    + most["meetings"] * u["meetings"] + u["club"] + most["score"] * u["score"]
                    + most["rank"] * u["rank"])

    def clash(self, i: int, j: int) -> bool:
        return bool(self.clubs[i]) and self.clubs[i] == self.clubs[j]

    def weight(self, i: int, j: int) -> int:
        """Weight of the game between places ``i < j``."""
        u = self.unit
        met = self.met.get((i, j), 0)
        d = self.points[i] - self.points[j]
        w = self.top - d * d * u["score"] - (j - i) * (j - i) * u["rank"]
        if met:
            w -= u["rematch"] + met * u["meetings"]
        if self.clash(i, j):
            w -= u["club"]
        return w

    def bye_weight(self, i: int) -> int:
        """Weight of the bye for place ``i`` (an edge to the dummy vertex ``n``)."""
        w = self.top + i * self.unit["bye_place"]
        return w - self.extra_byes[i] * self.unit["second_bye"]

    def edges(self, pairs: set[tuple[int, int]]) -> list[tuple[int, int, int]]:
        out = [(i, j, self.weight(i, j)) for i, j in sorted(pairs)]
        if self.odd:
            out += [(i, self.n, self.bye_weight(i)) for i in range(self.n)]
        return out

    def solve(self) -> list[int]:
        """The optimal mate of every vertex (the dummy is ``n``)."""
        n = self.n
        if n <= FULL_GRAPH_UP_TO:
            return max_weight_matching(n + self.odd, self.edges(self.all_pairs()))
        pairs = self.sparse()
        budget = n * n // 4  # games (half of all); beyond that the complete graph is as fast
        for _attempt in range(2):  # typically proven at once or after one addition
            duals: list[int] = []
            mate = max_weight_matching(n + self.odd, self.edges(pairs), duals)
            missing = self.underpriced(pairs, duals, limit=budget - len(pairs))
            if missing is None:
                break
            if not missing and all(m != -1 for m in mate):
                return mate
            pairs.update(missing)  # not proven optimal: add the games that might improve it
        return max_weight_matching(n + self.odd, self.edges(self.all_pairs()))

    def underpriced(self, pairs: set[tuple[int, int]], duals: list[int],
                    limit: int) -> list[tuple[int, int]] | None:
        """Left-out games that the duals do not cover (None if more than ``limit``).

        Blossom duals are never negative, so a game with ``y[i] + y[j] >= 2 w`` cannot
        improve the matching; if every left-out game is such, the duals prove it optimal.
        """
        out = []
        for i in range(self.n):
            yi = duals[i]
            for j in range(i + 1, self.n):
                if (i, j) not in pairs and yi + duals[j] < 2 * self.weight(i, j):
                    out.append((i, j))
                    if len(out) > limit:
                        return None
        return out

    def all_pairs(self) -> set[tuple[int, int]]:
        return {(i, j) for i in range(self.n) for j in range(i + 1, self.n)}

    def sparse(self) -> set[tuple[int, int]]:
        """The games an optimal round is likely made of: each player's next places, his nearest
        allowed opponents below him, and the allowed ones of his own score further down."""
        n, points = self.n, self.points
        pairs = {(i, j) for i in range(n) for j in range(i + 1, min(n, i + NEAR + 1))}
        for i in range(n):
            found = 0
            for j in range(i + 1, n):
                if (i, j) in self.met or self.clash(i, j):
                    continue
                if found < WINDOW:
                    found += 1
                elif points[j] != points[i] or j - i > GROUP_REACH:
                    break
                pairs.add((i, j))
        return pairs


def _plain_order(rest: list[int]) -> set[tuple[int, int]]:
    return {(rest[k], rest[k + 1]) for k in range(0, len(rest) - 1, 2)}


def swiss_score(req: DrawRequest) -> Draw:
    """Pair one against one by standings, as one exact optimisation of the whole round."""
    if req.layout.sides != 2 or req.layout.per_side != 1:
        raise DrawError(N_("the score Swiss pairs one entrant against one (two sides of one)"))
    comps = list(req.competitors)
    if len({c.id for c in comps}) != len(comps):
        raise DrawError(N_("an entrant is listed twice in the draw request"))
    if not comps:
        raise DrawError(N_("there is nobody to pair"))
    first = not req.history
    if first:
        random.Random(req.seed).shuffle(comps)
    rnd = _Round(comps, req, first)
    n = rnd.n
    mate = rnd.solve()
    games = sorted((i, m) for i, m in enumerate(mate[:n]) if i < m < n)
    bye = next((i for i in range(n) if mate[i] == n), None)

    no = [c.start_number for c in comps]
    lines = [N_("score Swiss, round %(n)s: round 1 in seeded random order (seed %(seed)s), then "
                "1-2, 3-4 …", n=req.round_number, seed=req.seed) if first else
             N_("score Swiss, round %(n)s: by standings, places 1-2, 3-4 … as far as the "
                "constraints allow", n=req.round_number),
             N_("criteria: no second bye > no rematch > no same-club game > bye to the "
                "lowest-placed > closest scores > closest places") if any(rnd.clubs) else
             N_("criteria: no second bye > no rematch > bye to the lowest-placed > closest "
                "scores > closest places")]
    rematches = [(i, j) for i, j in games if (i, j) in rnd.met]
    clashes = [(i, j) for i, j in games if rnd.clash(i, j)]
    fewest = (N_("the fewest possible without a second bye") if bye is not None
              and not rnd.had_bye[bye] and any(rnd.had_bye) else N_("the fewest possible"))
    relaxed = []
    if rematches:
        relaxed.append(N_("rematches allowed (%(fewest)s: %(n)s)", fewest=fewest,
                          n=len(rematches)))
    if clashes:
        relaxed.append(N_("same-club games allowed (%(fewest)s: %(n)s)", fewest=fewest,
                          n=len(clashes)))
    lines.append(N_("stage reached: %(stage)s",
                    stage=join(relaxed) if relaxed else N_("every constraint met")))
    for i, j in rematches:
        lines.append(N_("rematch unavoidable: %(a)s-%(b)s (meeting no. %(k)s)", a=no[i], b=no[j],
                        k=rnd.met[i, j] + 1))
    for i, j in clashes:
        lines.append(N_("same-club game unavoidable: %(a)s-%(b)s (%(club)s)", a=no[i], b=no[j],
                        club=comps[i].club))
    if bye is not None:
        lines.append(_bye_line(rnd, bye, no))
    rest = [i for i in range(n) if i != bye]
    plain = _plain_order(rest)
    moved = [g for g in games if g not in plain]
    if moved and not first:
        shown = ", ".join(f"{no[i]}-{no[j]}" for i, j in moved[:SHOW_MOVED])
        lines.append(N_("%(n)s of %(games)s games differ from places 1-2, 3-4 … (the nearest "
                        "allowed opponents instead; by start number): %(shown)s", n=len(moved),
                        games=len(games),
                        shown=shown + (" …" if len(moved) > SHOW_MOVED else "")))
    tables = tuple(DrawnTable(((comps[i].id, 1), (comps[j].id, 2))) for i, j in games)
    byes = ((comps[bye].id, req.layout.bye_kind),) if bye is not None else ()
    return Draw(tables, byes, tuple(lines))


def _bye_line(rnd: _Round, bye: int, no: list[int]) -> Message:
    """Who got the bye and why not anybody placed lower."""
    if rnd.had_bye[bye]:
        return N_("bye: %(n)s (everybody has had a bye; the lowest-placed that keeps the round "
                  "best)", n=no[bye])
    skipped = [no[i] for i in range(rnd.n - 1, bye, -1) if not rnd.had_bye[i]]
    if not skipped:
        return N_("bye: %(n)s (the lowest-placed player without a bye)", n=no[bye])
    return N_("bye: %(n)s (the lowest-placed player without a bye whose bye keeps the rest free "
              "of rematches and same-club games as far as possible; not %(skipped)s, whose bye "
              "would force more of them)", n=no[bye], skipped=", ".join(map(str, skipped)))
