"""Pairing bracket by bracket, top-down (C.04.3 Art. 1.9, 3, 4).

For each bracket (the players moved down from above, the residents of one scoregroup) the best
pairing is a maximum-weight matching whose weights pack criteria C6–C21
(:mod:`pairing.dutch.criteria`). Among equally good candidates the rules take the first in
their generation order (Art. 4): which moved-down players are paired (the higher ones), their
opponents (the highest residents), then the remainder with the fewest exchanges, the smallest
BSN differences, the lowest S1 and highest S2 players exchanged, and finally each S1 player
with the highest S2 player still possible. The first of these are lexicographic fields below
the criteria; the last is an assignment problem decided with its optimal duals.

Completion (C4) and C8 couple a bracket with everything below it. The bracket is matched alone
first and its floaters are accepted if the next scoregroup can take them as well as any
floaters and the rest stays pairable (cheap cardinality matchings); otherwise the next
scoregroup is matched with it, and if even that leaves the round incomplete the bracket is
solved over all unpaired players with completion as the top field.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from pairing.swiss import SwissState

from .criteria import Layout, colour_bits
from .matching import Cardinality, max_weight_matching
from .model import DOWN, Entrant

Allowed = Callable[[int, int], bool]  # may this pair be made in the current stage?


class NoValidPairing(ValueError):
    """No pairing of the round satisfies the absolute criteria (C1–C3, C4)."""


@dataclass
class BracketRecord:
    """What one bracket did, for the explanation."""

    score: Fraction
    movers: list[int]  # moved-down players (entrant indices)
    residents: list[int]
    pairs: list[tuple[int, int]] = field(default_factory=list)
    downfloaters: list[int] = field(default_factory=list)
    complete_check_failed: bool = False


@dataclass
class Round:
    """All that is fixed for the round: players, who may meet whom, the weight layout."""

    state: SwissState
    players: list[Entrant]
    blocked: list[set[int]]  # per player: who he has met, or is forbidden to meet (C1)
    colour_class: list[str | None]  # C3: the absolute preference of a non-topscorer, if any
    layout: Layout
    odd: bool = False

    @classmethod
    def of(cls, state: SwissState, players: list[Entrant]) -> Round:
        index = {p.number: i for i, p in enumerate(players)}
        blocked: list[set[int]] = [{index[o] for o in p.opponents if o in index}
                                   for p in players]
        for pair in state.forbidden:
            if len(pair) == 2 and all(n in index for n in pair):
                a, b = (index[n] for n in pair)
                blocked[a].add(b)
                blocked[b].add(a)
        colour_class = [p.preference if p.absolute and not p.topscorer else None
                        for p in players]
        return cls(state, players, blocked, colour_class, Layout.of(players, state.round - 1),
                   odd=len(players) % 2 == 1)

    def ok(self, a: int, b: int) -> bool:
        """May a and b meet? C1 (not met over the board, not forbidden) and C3 (not two
        non-topscorers with the same absolute colour preference)."""
        c = self.colour_class[a]
        return b not in self.blocked[a] and (c is None or c != self.colour_class[b])

    # --- completion ---------------------------------------------------------------------

    def completable(self, free: Sequence[int], needs_bye: bool | None = None) -> bool:
        """Can ``free`` be paired completely (the PAB, if one is left, to a candidate)?"""
        return self.complete_matching(free, needs_bye) is not None

    def complete_matching(self, free: Sequence[int],
                          needs_bye: bool | None = None) -> list[int] | None:
        """A matching of ``free`` leaving at most one bye candidate unpaired, or None."""
        if needs_bye is None:
            needs_bye = len(free) % 2 == 1
        if len(free) % 2 == 1 and not needs_bye:
            return None
        candidate = self.layout.candidate
        size = len(free)
        dummy = size if needs_bye else -1
        ok = self.ok

        def neighbours(k: int):
            if k == dummy:
                return (j for j in range(size) if candidate[free[j]])
            v = free[k]
            near = (j for j in range(size) if j != k and ok(v, free[j]))
            if needs_bye and candidate[v]:
                return itertools.chain(near, (dummy,))
            return near

        matching = Cardinality(neighbours, size + needs_bye)
        if any(m == -1 for m in matching.mate):
            return None
        return matching.mate

    def graph(self, nodes: Sequence[int], keep: Callable[[int, int], bool] | None = None
              ) -> list[list[int]]:
        """Adjacency lists (local indices) of the players ``nodes``."""
        ok = self.ok
        return [[j for j, w in enumerate(nodes) if j != k and ok(v, w)
                 and (keep is None or keep(v, w))] for k, v in enumerate(nodes)]


def bye_score(rnd: Round) -> Fraction:
    """C5: the lowest score of a player who may take the PAB (C2) in a complete pairing."""
    players = rnd.players
    everyone = list(range(len(players)))
    saved = rnd.layout.candidate
    try:
        for s in sorted({p.score for p in players if p.eligible_for_bye}):
            rnd.layout.candidate = [p.score == s and p.eligible_for_bye for p in players]
            if rnd.completable(everyone, True):
                return s
    finally:
        rnd.layout.candidate = saved
    raise NoValidPairing("no complete pairing gives the bye to a player who may receive it")


def pair_round(state: SwissState, players: list[Entrant]) -> tuple[dict[int, int], int | None,
                                                                     list[BracketRecord]]:
    """Pair the entrants; returns partner by entrant index, the PAB's index, the brackets."""
    n = len(players)
    if n == 0:
        return {}, None, []
    if n == 1:
        return {}, 0, []
    rnd = Round.of(state, players)
    layout = rnd.layout
    everyone = list(range(n))
    if rnd.odd:
        layout.set_bye(players, bye_score(rnd))
    else:
        layout.set_bye(players, Fraction(0))
        if not rnd.completable(everyone, False):
            raise NoValidPairing("no complete pairing satisfies the absolute criteria")
    groups: list[list[int]] = []
    for i, p in enumerate(players):
        if groups and players[groups[-1][0]].score == p.score:
            groups[-1].append(i)
        else:
            groups.append([i])
    single = False
    if rnd.odd and layout.bye_score >= players[0].score:
        single = len(groups) == 1 or (
            rnd.completable(groups[0], True)
            and rnd.completable([i for g in groups[1:] for i in g], False))
    partner: dict[int, int] = {}
    records: list[BracketRecord] = []
    movers: list[int] = []
    k = 0
    while k < len(groups) or len(movers) > 1:
        residents = groups[k] if k < len(groups) else []
        following = groups[k + 1] if k + 1 < len(groups) else []
        lower = [i for g in groups[k + 2:] for i in g]
        bracket = Bracket(rnd, movers, residents, following, lower, single)
        bracket.solve()
        for a, b in bracket.pairs:
            partner[a] = b
            partner[b] = a
        records.append(BracketRecord(
            players[residents[0]].score if residents else players[movers[0]].score,
            list(movers), list(residents), list(bracket.pairs), list(bracket.floaters),
            bracket.fell_back))
        movers = bracket.floaters
        single = bracket.next_single
        k += 1
        if k >= len(groups):
            if len(movers) > 1:
                # Moved-down players are not paired with each other in a bracket; if some are
                # still left after the last one, pair them among themselves.
                mate = rnd.complete_matching(movers, rnd.odd)
                if mate is None:
                    raise NoValidPairing("players were left unpaired in the last bracket")
                for i, m in enumerate(mate[:len(movers)]):
                    if m < len(movers) and i < m:
                        partner[movers[i]] = movers[m]
                        partner[movers[m]] = movers[i]
            break
    unpaired = [i for i in everyone if i not in partner]
    if len(unpaired) > 1:
        raise NoValidPairing("players were left unpaired")
    return partner, (unpaired[0] if unpaired else None), records


def _lexicographic_bits(radix: int, digits: int) -> int:
    return (radix ** digits).bit_length() + 1


class Bracket:
    """One pairing bracket: moved-down players (MDPs) and residents, with the next group."""

    _global_mate: dict[int, int] | None  # the matching over the whole round, when one was used

    def __init__(self, rnd: Round, movers: list[int], residents: list[int],
                 following: list[int], lower: list[int], single: bool):
        self.rnd = rnd
        self.movers = movers
        self.residents = residents
        self.following = following
        self.lower = lower
        self.single = single  # C9 applies: this bracket downfloats exactly the PAB assignee
        self.pairs: list[tuple[int, int]] = []
        self.floaters: list[int] = []
        self.next_single = False
        self.fell_back = False
        self._low: dict[tuple[int, int], int] = {}
        self._resident_set = set(residents)
        self._following_set = set(following)
        self._mode = ""
        self.layout = rnd.layout.local(rnd.players, movers + residents + following)
        self._mover_set = set(movers)

    # --- weights ------------------------------------------------------------------------

    def low(self, h: int, lo: int) -> int:
        """Criteria fields of the pair (h higher, lo lower), as in the current bracket."""
        key = (h, lo)
        w = self._low.get(key)
        if w is None:
            players = self.rnd.players
            w = self.layout.low(players[h], players[lo], lo in self._resident_set,
                                    lo in self._following_set, self.single)
            self._low[key] = w
        return w

    def solve_stage(self, vertices: list[int], stage: dict[tuple[int, int], int],
                    stage_bits: int, allowed: Allowed) -> dict[int, int]:
        """Best matching of ``vertices`` for criteria + the stage tie-break, completable.

        ``stage`` maps (h, lo) to the tie-break value of that pair; ``allowed(h, lo)`` says
        whether the pair may be made in this stage. Returns partner by entrant index for the
        pairs among ``vertices``.

        The bracket is first matched without the next scoregroup: when the players it leaves
        over can all be paired in the next scoregroup as well as any could (C8 at its best),
        that is the answer; otherwise the next scoregroup is added.
        """
        following = set(self.following)
        bracket = [v for v in vertices if v not in following]
        if following and not self.single:
            matched = self._match(bracket, stage, stage_bits, allowed)
            floaters = [v for v in bracket if v not in matched]
            if self._next_bracket_at_best(floaters):
                self._mode = "bracket"
                return matched
        matched = self._match(vertices, stage, stage_bits, allowed)
        left = [v for v in vertices if v not in matched] + self.lower
        if self.rnd.completable(left, self.rnd.odd):
            self._mode = "bracket" if not following else "next"
            return matched
        self.fell_back = True
        self._mode = "global"
        return self._solve_globally(vertices, stage, stage_bits, allowed)

    def _match(self, vertices: list[int], stage: dict[tuple[int, int], int],
               stage_bits: int, allowed: Allowed) -> dict[int, int]:
        """Maximum-weight matching of ``vertices`` (criteria, then the stage tie-break)."""
        ok = self.rnd.ok
        index = {v: k for k, v in enumerate(vertices)}
        edges = []
        for a in vertices:
            for b in vertices:
                if b <= a or not ok(a, b) or not allowed(a, b):
                    continue
                w = (self.low(a, b) << stage_bits) + stage.get((a, b), 0)
                edges.append((index[a], index[b], w))
        mate = max_weight_matching(len(vertices), edges)
        return {vertices[k]: vertices[m] for k, m in enumerate(mate) if m != -1}

    def _acceptable_floaters(self, floaters: list[int]) -> bool:
        """May exactly these players float down from this bracket (C4, and C8 at its best)?"""
        if self.following:
            return self._next_bracket_at_best(floaters)
        return self.rnd.completable(floaters + self.lower, self.rnd.odd)

    def _next_bracket_at_best(self, floaters: list[int]) -> bool:
        """Can every floater meet somebody of the next scoregroup, the rest of it pair up as
        far as its size allows, and everybody below still be paired (C4)? Then no other choice
        of floaters does better on C8."""
        following = self.following
        if len(floaters) > len(following):
            return False
        nodes = floaters + following
        floating = set(floaters)
        adjacency = self.rnd.graph(nodes, lambda v, w: not (v in floating and w in floating))
        spare: list[int] = []
        if len(nodes) % 2:
            dummy = len(nodes)
            adjacency.append([])
            for k in range(len(floaters), len(nodes)):
                adjacency[k].append(dummy)
                adjacency[dummy].append(k)
            mate = Cardinality(adjacency).mate
            if any(m == -1 for m in mate):
                return False
            spare = [nodes[mate[dummy]]]
        elif any(m == -1 for m in Cardinality(adjacency).mate):
            return False
        return self.rnd.completable(spare + self.lower, self.rnd.odd)

    def _solve_globally(self, vertices: list[int], stage: dict[tuple[int, int], int],
                        stage_bits: int, allowed: Allowed) -> dict[int, int]:
        """The same stage over all unpaired players, completion as the top field."""
        rnd = self.rnd
        layout = self.layout
        inside = set(vertices)
        everyone = vertices + self.lower
        index = {v: k for k, v in enumerate(everyone)}
        top_shift = layout.low_bits + stage_bits
        edges = []
        for a in everyone:
            for b in everyone:
                if b <= a or not rnd.ok(a, b):
                    continue
                w = layout.top(a, b) << top_shift
                if a in inside and b in inside and allowed(a, b):
                    w += (self.low(a, b) << stage_bits) + stage.get((a, b), 0)
                edges.append((index[a], index[b], w))
        mate = max_weight_matching(len(everyone), edges)
        unmatched = sum(1 for m in mate if m == -1)
        if unmatched > 1:
            raise NoValidPairing("the bracket cannot be paired so that the round is complete")
        self._global_mate = {everyone[k]: everyone[m] for k, m in enumerate(mate) if m != -1}
        return {v: p for v, p in self._global_mate.items() if v in inside and p in inside}

    # --- the bracket ----------------------------------------------------------------------

    def allowed_first(self, a: int, b: int) -> bool:
        """Pairs considered in the first stage: not two MDPs with each other."""
        return not (a in self._mover_set and b in self._mover_set)

    def natural_pairing(self) -> list[tuple[int, int]] | None:
        """The first candidate of a homogeneous bracket (S1[i] v S2[i]) if it is perfect.

        Perfect: every pair may meet and gets both colour preferences, and the player left
        over (the bracket has no next scoregroup then) does not repeat a downfloat and may take
        the PAB. Such a candidate is the best (Art. 3.4), so no matching is needed.
        """
        if self.movers:
            return None
        residents = self.residents
        size = len(residents)
        if size % 2 and self.following:
            return None
        half = size // 2
        players = self.rnd.players
        ok = self.rnd.ok
        pairs = []
        for a, b in zip(residents[:half], residents[half:2 * half], strict=True):
            if not ok(a, b) or not all(colour_bits(players[b], players[a])):
                return None
            pairs.append((a, b))
        left = self.following + self.lower
        if size % 2:
            last = residents[-1]
            p = players[last]
            layout = self.rnd.layout
            if DOWN in p.floats or not layout.candidate[last] or (
                    self.single and p.played_games < max(players[v].played_games
                                                         for v in residents)):
                return None
            left = [last, *left]
        if not self.rnd.completable(left, self.rnd.odd):
            return None
        return pairs

    def solve(self) -> None:
        natural = self.natural_pairing()
        if natural is not None:
            self.pairs = natural
            paired = {v for p in natural for v in p}
            self.floaters = [v for v in self.residents if v not in paired]
            self._global_mate = None
            self._next_single({})
            return
        movers, residents = self.movers, self.residents
        vertices = movers + residents + self.following
        m0 = len(movers)
        r = len(residents)
        # Stage 1: which MDPs are paired (the higher ones first) and with whom (the highest
        # residents first), both lexicographic in the order of the MDPs.
        stage: dict[tuple[int, int], int] = {}
        bits = 1
        if m0 and r:
            radix = r + 1
            opponent_bits = _lexicographic_bits(radix, m0)
            bits = m0 + 1 + opponent_bits
            for i, mdp in enumerate(movers):
                chosen = 1 << (m0 - 1 - i)
                for j, res in enumerate(residents):
                    stage[(mdp, res)] = ((chosen << opponent_bits)
                                         + (r - j) * radix ** (m0 - 1 - i))
        self._global_mate = None
        if not m0:
            # Homogeneous: the first stage would only tell how many pairs the bracket makes.
            mate = self._homogeneous(residents)
            if mate is not None:
                self._finish([], residents, mate)
                return
        matched = self.solve_stage(vertices, stage, bits, self.allowed_first)
        mdp_pairs = [(mdp, matched[mdp]) for mdp in movers
                     if matched.get(mdp) in self._resident_set]
        paired_residents = {b for _, b in mdp_pairs}
        remainder = [res for res in residents if res not in paired_residents]
        in_remainder = set(remainder)
        remainder_pairs = sum(1 for v in remainder
                              if matched.get(v) in in_remainder and matched[v] < v)
        unpaired_movers = [mdp for mdp in movers if mdp not in dict(mdp_pairs)]

        # Stage 2: the remainder (or the homogeneous bracket).
        if len(remainder) >= 2 and remainder_pairs:
            mate = self._solve_remainder(remainder, remainder_pairs, unpaired_movers)
        else:
            mate = matched
        self._finish(mdp_pairs, remainder, mate)

    def _homogeneous(self, residents: list[int]) -> dict[int, int] | None:
        """Pair a bracket without MDPs, guessing its number of pairs from a cardinality
        matching; None if the guess was wrong (the caller then does the first stage)."""
        pairs = Cardinality(self.rnd.graph(residents)).size()
        if pairs == 0 or len(residents) < 2:
            return None
        mate = self._solve_remainder(residents, pairs, [])
        inside = set(residents)
        made = sum(1 for v in residents if mate.get(v) in inside and mate[v] > v)
        return mate if made == pairs else None

    def _finish(self, mdp_pairs: list[tuple[int, int]], remainder: list[int],
                mate: dict[int, int]) -> None:
        in_remainder = set(remainder)
        rem_pairs = []
        for v in remainder:
            w = mate.get(v)
            if w is not None and w in in_remainder and v < w:
                rem_pairs.append((v, w))
        self.pairs = list(mdp_pairs) + rem_pairs
        paired = {v for p in self.pairs for v in p}
        self.floaters = [v for v in self.movers + self.residents if v not in paired]
        self._next_single(mate)

    def _solve_remainder(self, remainder: list[int], rp: int,
                         unpaired_movers: list[int]) -> dict[int, int]:
        """The remainder (or a homogeneous bracket), in the order of Art. 4.2–4.3.

        First the criteria with the exchange order: fewest exchanges, the smallest BSN sum of
        the players acting as S1, the lowest S1 players exchanged, then the highest S2 players.
        That fixes who is in S1; then each S1 player, in order, gets the highest S2 player with
        which the pairing stays among the best (:meth:`_choose_partners`).
        """
        size = len(remainder)
        s2 = size - rp
        order = {v: k for k, v in enumerate(remainder)}
        big_d = 1 << ((size * size).bit_length() + 1)
        d_bits = big_d.bit_length() + size.bit_length() + 2
        offset = 1 << (s2 + rp)
        ef_bits = s2 + rp + size.bit_length() + 3
        exchange: dict[tuple[int, int], int] = {}
        for a in remainder:
            ka = order[a]
            d = (big_d if ka < rp else 0) + (size - ka)
            ef = offset - (1 << (s2 + ka)) if ka < rp else offset + (1 << (s2 - 1 - (ka - rp)))
            for b in remainder[ka + 1:]:
                exchange[(a, b)] = (d << ef_bits) + ef
        bits = d_bits + ef_bits
        movers = set(unpaired_movers)
        in_remainder = set(remainder)

        def allowed(a: int, b: int) -> bool:
            # Unpaired MDPs were not paired in this bracket: at most with the next group.
            if a in movers or b in movers:
                return not (a in in_remainder or b in in_remainder
                            or (a in movers and b in movers))
            return True

        self._global_mate = None
        natural = self._natural_halves(remainder, rp, unpaired_movers, exchange, bits)
        if natural is not None:
            self._mode = "bracket"
            return natural
        vertices = unpaired_movers + remainder + self.following
        matched = self.solve_stage(vertices, exchange, bits, allowed)
        if self._mode == "bracket":
            chosen = self._choose_partners(remainder, matched, unpaired_movers)
            if chosen is not None:
                return chosen
        # With the next scoregroup involved: the partner order as one more lexicographic field.
        radix = size + 1
        g_bits = _lexicographic_bits(radix, size)
        stage = {}
        for (a, b), value in exchange.items():
            stage[(a, b)] = (value << g_bits) + (size - order[b]) * radix ** (size - 1 - order[a])
        self._global_mate = None
        return self.solve_stage(vertices, stage, bits + g_bits, allowed)

    def _choose_partners(self, remainder: list[int], matched: dict[int, int],
                         unpaired_movers: list[int]) -> dict[int, int] | None:
        """Each S1 player in turn gets the highest S2 player still possible (Art. 4.2).

        The players acting as S1 are those paired with somebody below them. Among the best
        pairings with these roles (an assignment problem: its optimal dual values mark the
        tight pairs), the S1 players choose greedily (:meth:`_greedy_partners`).
        """
        inside = set(remainder)
        s1 = [v for v in remainder if matched.get(v) in inside and matched[v] > v]
        if not s1:
            return matched
        s1_set = set(s1)
        s2 = [v for v in remainder if v not in s1_set]
        if len(s2) - len(s1) > 1:
            return None
        ok = self.rnd.ok
        weights = {(p, o): self.low(p, o) for p in s1 for o in s2 if o > p and ok(p, o)}
        partner, dual = _assignment(s1, s2, weights)
        result = self._greedy_partners(s1, s2, weights, partner, dual, unpaired_movers)
        if result is None:
            return None
        for v, w in matched.items():
            if v not in inside and w not in inside:
                result[v] = w
        return result

    def _natural_halves(self, remainder: list[int], rp: int, unpaired_movers: list[int],
                        exchange: dict[tuple[int, int], int], bits: int) -> dict[int, int] | None:
        """The remainder without exchanges, if that is best.

        S1 (the first ``rp``) against S2 is an assignment problem. Its optimal duals, shifted
        by the same amount down on S1 and up on S2 (which keeps every S1–S2 pair as it was),
        must also cover the pairs inside S1 and inside S2: then no pairing with exchanges does
        better (LP duality, with a zero-weight partner for the one player left over). The
        players left over must be acceptable below.
        """
        if rp * 2 > len(remainder) or len(remainder) - 2 * rp > 1 or (
                self.single and self.following):
            return None
        s1, s2 = remainder[:rp], remainder[rp:]
        ok = self.rnd.ok
        # Within S1 x S2 the exchange field only depends on the S1 player (a constant per
        # row): the assignment is solved on the criteria alone and the duals lifted after.
        weights = {(p, o): self.low(p, o) for p in s1 for o in s2 if ok(p, o)}
        partner, low_dual = _assignment(s1, s2, weights)
        if any(partner[p] is None for p in s1):
            return None
        row = {p: exchange[(p, s2[0])] if s2 else 0 for p in s1}
        dual = {v: (y << bits) + 2 * row.get(v, 0) for v, y in low_dual.items()}
        # shift t (doubled): S1 duals - t/2, S2 duals + t/2; low <= t <= high must be possible
        high = min(dual[p] for p in s1) if len(s2) > len(s1) else None
        for k, a in enumerate(s1):
            for b in s1[k + 1:]:
                if ok(a, b):
                    room = dual[a] + dual[b] - 2 * ((self.low(a, b) << bits) + exchange[(a, b)])
                    high = room if high is None else min(high, room)
        low = None
        for k, a in enumerate(s2):
            for b in s2[k + 1:]:
                if ok(a, b):
                    need = 2 * ((self.low(a, b) << bits) + exchange[(a, b)]) - dual[a] - dual[b]
                    low = need if low is None else max(low, need)
                    if high is not None and low > high:
                        return None
        floaters = [*unpaired_movers, *(o for o in s2 if partner[o] is None)]
        if not self._acceptable_floaters(floaters):
            return None
        return self._greedy_partners(s1, s2, weights, partner, low_dual, unpaired_movers)

    def _greedy_partners(self, s1: list[int], s2: list[int], weights: dict[tuple[int, int], int],
                         partner: dict[int, int | None], dual: dict[int, int],
                         unpaired_movers: list[int]) -> dict[int, int] | None:
        """S1 players in order take the highest S2 player with which a best pairing remains.

        A choice is kept when the others can still be paired with tight pairs, which an
        alternating path shows. The player left over, if any, must still suit the next bracket
        and completion (C4, C8).
        """
        # Who must be paired: a positive dual says so; and the one left over must be a player
        # whose floating keeps the next bracket at its best and the round completable.
        must_cover = _MustPair(dual, lambda o: self._acceptable_floaters([*unpaired_movers, o]))
        tight: dict[int, list[int]] = {p: [] for p in s1}
        tight_back: dict[int, list[int]] = {o: [] for o in s2}
        for (p, o), w in weights.items():
            if dual[p] + dual[o] == 2 * w:
                tight[p].append(o)
                tight_back[o].append(p)
        fixed: set[int] = set()
        for o in s2:
            if (partner[o] is None and o in must_cover
                    and not _cover_right(o, partner, tight_back, must_cover, fixed)):
                return None
        for p in s1:
            for o in sorted(tight[p]):
                if o in fixed:
                    continue
                if partner[p] == o:
                    break
                trial = dict(partner)
                old = trial[p]
                previous = trial[o]
                trial[p] = o
                trial[o] = p
                if old is not None:
                    trial[old] = None
                if previous is not None:
                    trial[previous] = None
                fixed |= {p, o}
                ok = (previous is None or _augment_left(previous, trial, tight, fixed))
                if ok and old is not None and trial[old] is None and old in must_cover:
                    ok = _cover_right(old, trial, tight_back, must_cover, fixed)
                fixed -= {p, o}
                if ok:
                    partner = trial
                    break
            fixed.add(p)
            chosen = partner[p]
            if chosen is not None:
                fixed.add(chosen)
        result: dict[int, int] = {}
        for p in s1:
            q = partner[p]
            assert q is not None
            result[p] = q
            result[q] = p
        return result

    def _next_single(self, mate: dict[int, int]) -> None:
        """C9 for the next bracket: it downfloats only the player who will get the PAB.

        True when the PAB goes to the next scoregroup or lower and nobody carried into the next
        bracket (the downfloaters and the next scoregroup) has to be paired further down.
        """
        rnd = self.rnd
        players = rnd.players
        if not (rnd.odd and self.following
                and rnd.layout.bye_score >= players[self.following[0]].score):
            self.next_single = False
            return
        carried = self.floaters + self.following
        floor = players[self.following[0]].score
        if self._global_mate is not None:
            gm = self._global_mate
            self.next_single = all(players[gm.get(v, v)].score >= floor for v in carried)
            return
        self.next_single = (len(carried) % 2 == 1 and rnd.completable(carried, True)
                            and rnd.completable(self.lower, False))


def _augment_left(start: int, partner: dict[int, int | None], tight: dict[int, list[int]],
                  fixed: set[int]) -> bool:
    """Give S1 player ``start`` an S2 partner along an alternating path of tight pairs."""
    reached: dict[int, int] = {}  # S2 player -> the S1 player that reached him
    queue = [start]
    seen: set[int] = set()
    while queue:
        q = queue.pop()
        for r in tight[q]:
            if r in fixed or r in seen:
                continue
            seen.add(r)
            reached[r] = q
            nxt = partner[r]
            if nxt is None:
                while True:
                    q2 = reached[r]
                    old = partner[q2]
                    partner[q2] = r
                    partner[r] = q2
                    if q2 == start:
                        return True
                    assert old is not None  # q2 is matched unless it is the start
                    r = old
            queue.append(nxt)
    return False


def _assignment(s1: list[int], s2: list[int], weights: dict[tuple[int, int], int]
                ) -> tuple[dict[int, int | None], dict[int, int]]:
    """Best assignment of S1 to S2 players: partner and (doubled) dual value per player."""
    players = s1 + s2
    index = {v: k for k, v in enumerate(players)}
    edges = [(index[p], index[o], w) for (p, o), w in weights.items()]
    y: list[int] = []
    mate = max_weight_matching(len(players), edges, y)
    partner: dict[int, int | None] = {v: (players[mate[index[v]]] if mate[index[v]] != -1
                                          else None) for v in players}
    return partner, {v: y[index[v]] for v in players}


class _MustPair:
    """The S2 players every best pairing must pair (checked lazily, remembered)."""

    def __init__(self, dual: dict[int, int], may_float: Callable[[int], bool]):
        self.dual = dual
        self.may_float = may_float
        self.known: dict[int, bool] = {}

    def __contains__(self, player: int) -> bool:
        if self.dual[player] > 0:
            return True
        if player not in self.known:
            self.known[player] = not self.may_float(player)
        return self.known[player]


def _cover_right(start: int, partner: dict[int, int | None], tight_back: dict[int, list[int]],
                 must_cover: _MustPair, fixed: set[int]) -> bool:
    """Pair S2 player ``start`` (who must be paired) by moving S1 players along tight pairs
    until one leaves an S2 player who may stay unpaired."""
    reached: dict[int, int] = {}  # S1 player -> the S2 player he moves to
    came: dict[int, int] = {}  # S2 player -> the S1 player he was paired with
    queue = [start]
    seen: set[int] = set()
    while queue:
        r = queue.pop()
        for q in tight_back[r]:
            if q in fixed or q in seen:
                continue
            seen.add(q)
            reached[q] = r
            freed = partner[q]
            if freed is None:
                continue
            came[freed] = q
            if freed not in must_cover:
                partner[freed] = None
                while True:
                    target = reached[q]
                    partner[q] = target
                    partner[target] = q
                    if target == start:
                        return True
                    q = came[target]
            queue.append(freed)
    return False
