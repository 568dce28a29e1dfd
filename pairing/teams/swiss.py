"""The FIDE Swiss Team Pairing System, C.04.6 (in force from 1 February 2026): ``pair(state)``.

The procedure of Art. 3.3: give the pairing-allocated bye (3.4), then, while teams are
left, take the top-scoregroup (the highest score left), choose its upfloaters (3.5), pair
that bracket (3.6), and finally give every pair its colours (Art. 4,
:mod:`pairing.teams.swiss_colours`). The criteria of Art. 2:

- absolute: [C1] two teams meet once (forbidden pairs too); [C2] the bye rule;
- completion: [C3] the teams not yet paired can always still be paired;
- quality, in this order: [C4] fewest upfloaters; [C5] their scores as high as possible
  (compared from the lowest up); [C6] unless the following scoregroup was emptied by
  upfloating, it can still be paired with the fewest upfloaters; [C7] fewest upfloaters who
  floated in the previous round; [C8] fewest unfulfilled colour preferences; [C9] (Type B)
  fewest unfulfilled strong preferences; [C10] fewest upfloaters' opponents who floated in
  the previous round. C7 and C10 do not apply in the last two rounds.

3.5 orders the sets of upfloaters (3.5.3: each set by score, then TPN; 3.5.4: the sets
lexicographically by those TPNs) and takes the first that complies with C6 and C7; 3.6
orders the pairings of a bracket by their identifier (the top members' TPNs ascending, then
their opponents') and takes the first that complies with C1, C8, C9 and C10. Where a
criterion is a minimisation, "complies" is read as "reaches the least value any candidate
reaches" (``docs/teams.md``, conventions).

Both choices are exact maximum-weight matchings (the Dutch engine's
:func:`~pairing.dutch.matching.max_weight_matching`): the criteria and the order are bit
fields of each edge's weight, most important highest. C6 alone is not a sum over pairs; it
is checked on the chosen set and, if that set fails it, the sets of the same C4/C5 quality
are tried in their 3.5.4 order (at most :data:`MAX_SETS`).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from fractions import Fraction

from scoring.i18n import N_, Message, Ref, Refs

from ..dutch.matching import Cardinality, max_weight_matching
from .swiss_colours import allocate
from .swiss_state import TYPE_B, Facts, TeamSwissPairing, TeamSwissState, facts

MAX_SETS = 2000  # sets of upfloaters tried for C6 before the best one found is taken


class NoTeamPairing(ValueError):
    """No pairing satisfies the absolute criteria; 3.3.3 leaves it to the Chief Arbiter."""


def _bits(n: int) -> int:
    return max(1, n.bit_length())


class _Round:
    """What is fixed for the round: the teams, who may meet, whether C7/C10 apply."""

    def __init__(self, state: TeamSwissState, teams: list[Facts]):
        self.state = state
        self.teams = {t.number: t for t in teams}
        blocked: dict[int, set[int]] = {t.number: set() for t in teams}
        for t in teams:  # both ways, even if only one team's history names the match
            for o in t.opponents:
                if o in blocked:
                    blocked[t.number].add(o)
                    blocked[o].add(t.number)
        for pair in state.forbidden:
            if len(pair) == 2 and all(n in blocked for n in pair):
                a, b = sorted(pair)
                blocked[a].add(b)
                blocked[b].add(a)
        self.blocked = blocked
        self.floats_count = state.round < state.total_rounds - 1  # C7, C10

    def ok(self, a: int, b: int) -> bool:
        return a != b and b not in self.blocked[a]

    def completable(self, nodes: Sequence[int]) -> bool:
        """Can ``nodes`` all be paired (C1, forbidden pairs)?"""
        if len(nodes) % 2:
            return False
        if not nodes:
            return True
        ok = self.ok
        adjacency = [[j for j, w in enumerate(nodes) if ok(v, w)] for v in nodes]
        return all(m != -1 for m in Cardinality(adjacency).mate)

    def legal(self, bracket: Sequence[int], rest: Sequence[int]) -> bool:
        return self.completable(bracket) and self.completable(rest)


def _order(teams: Iterable[Facts]) -> list[Facts]:
    """3.5.3: by score (higher first), then TPN."""
    return sorted(teams, key=lambda t: (-t.score, t.number))


def choose_bye(rnd: _Round, teams: list[Facts]) -> Facts:
    """3.4: the team whose bye leaves a legal pairing (3.4.1), of the lowest score (3.4.2),
    with the most matches played (3.4.3), of the largest TPN (3.4.4); [C2] applies."""
    everyone = [t.number for t in teams]
    for t in sorted((t for t in teams if t.may_get_bye),
                    key=lambda t: (t.score, -t.matches, -t.number)):
        if rnd.completable([n for n in everyone if n != t.number]):
            return t
    raise NoTeamPairing(N_("no team may receive the pairing-allocated bye and leave the "
                           "others pairable"))


# --- 3.5: the upfloaters --------------------------------------------------------------------


def _min_upfloaters(rnd: _Round, residents: Sequence[int], lower: Sequence[int]) -> int:
    """[C4] in the bracket of ``residents``: the fewest upfloaters from ``lower`` with which
    the bracket and the rest can both be paired (a perfect matching with fewest cross pairs;
    -1 if none exists)."""
    nodes = list(residents) + list(lower)
    inside = set(residents)
    edges = []
    shift = _bits(len(nodes) + 1)  # completion first: a pair more beats any cross pairs
    for i, j in itertools.combinations(range(len(nodes)), 2):
        a, b = nodes[i], nodes[j]
        if rnd.ok(a, b):
            cross = (a in inside) != (b in inside)
            edges.append((i, j, (1 << shift) | (not cross)))
    if len(nodes) % 2:
        return -1
    mate = max_weight_matching(len(nodes), edges)
    if any(m == -1 for m in mate):
        return -1
    return sum(1 for i, m in enumerate(mate) if nodes[i] in inside and nodes[m] not in inside)


def _natural(lower: Sequence[Facts], k: int) -> list[int]:
    return [t.number for t in _order(lower)[:k]]


def _c6_excess(rnd: _Round, remaining: set[int], bracket: set[int]) -> int:
    """[C6]: how many more upfloaters than its parity the following scoregroup's bracket would
    need after this one (0 if that scoregroup was emptied or nothing is left)."""
    rest = [rnd.teams[n] for n in remaining - bracket]
    if not rest:
        return 0
    top = max(t.score for t in rest)
    following = [t.number for t in rest if t.score == top]
    lower = [t.number for t in rest if t.score != top]
    parity = len(following) % 2
    natural = _natural([rnd.teams[n] for n in lower], parity)
    if rnd.legal(following + natural, [n for n in lower if n not in natural]):
        return 0
    need = _min_upfloaters(rnd, following, lower)
    return max(0, need - parity) if need >= 0 else len(lower)


def _emptied(rnd: _Round, remaining: set[int], residents: set[int], chosen: set[int]) -> bool:
    below = [rnd.teams[n] for n in remaining - residents]
    if not below:
        return True
    top = max(t.score for t in below)
    return all(t.number in chosen for t in below if t.score == top)


def choose_upfloaters(rnd: _Round, residents: list[int], remaining: set[int]
                      ) -> tuple[list[int], list[Message]]:
    """3.5: the set of upfloaters for the bracket of ``residents`` (and notes for the
    explanation)."""
    lower = _order(rnd.teams[n] for n in remaining if n not in residents)
    k = len(residents) % 2
    notes: list[Message] = []
    floats = rnd.floats_count

    def rest_of(chosen: Sequence[int]) -> list[int]:
        return [t.number for t in lower if t.number not in chosen]

    def c7(chosen: Iterable[int]) -> int:
        return sum(rnd.teams[n].floated for n in chosen) if floats else 0

    natural = _natural(lower, k)
    if (rnd.legal(residents + natural, rest_of(natural)) and c7(natural) == 0
            and (_emptied(rnd, remaining, set(residents), set(natural))
                 or _c6_excess(rnd, remaining, set(residents) | set(natural)) == 0)):
        return natural, notes
    # C4 and C5 (and C7 and the order, for a first choice) by one matching over everyone.
    best = _matched_set(rnd, residents, lower)
    if best is None:
        raise NoTeamPairing(N_("the teams left cannot all be paired"))
    profile = _profile(rnd, best)
    first_c7 = c7(best)
    if _emptied(rnd, remaining, set(residents), set(best)) or _c6_excess(
            rnd, remaining, set(residents) | set(best)) == 0:
        return best, notes
    # C6 fails for the matching's choice: try the sets of the same quality in 3.5.4 order.
    found: tuple[tuple[int, int], list[int]] | None = None
    tried = 0
    for chosen in _sets_with_profile(lower, profile):
        tried += 1
        if tried > MAX_SETS:
            notes.append(N_("C6: only the first %(n)s sets of upfloaters were compared",
                            n=MAX_SETS))
            break
        if not rnd.legal(residents + chosen, rest_of(chosen)):
            continue
        excess = 0 if _emptied(rnd, remaining, set(residents), set(chosen)) else _c6_excess(
            rnd, remaining, set(residents) | set(chosen))
        key = (excess, c7(chosen))
        if found is None or key < found[0]:
            found = (key, chosen)
        if key == (0, first_c7):
            break
    return (found[1] if found else best), notes


def _profile(rnd: _Round, chosen: Sequence[int]) -> tuple[Fraction, ...]:
    return tuple(sorted(rnd.teams[n].score for n in chosen))


def _sets_with_profile(lower: list[Facts], profile: tuple[Fraction, ...]
                       ) -> Iterable[list[int]]:
    """Every set with these scores, in the 3.5.4 order (scores descending, TPNs ascending)."""
    need: dict[Fraction, int] = {}
    for s in profile:
        need[s] = need.get(s, 0) + 1
    groups = []
    for score in sorted(need, reverse=True):
        members = sorted(t.number for t in lower if t.score == score)
        groups.append(itertools.combinations(members, need[score]))
    for parts in itertools.product(*groups):
        yield [n for part in parts for n in part]


def _matched_set(rnd: _Round, residents: list[int], lower: list[Facts]) -> list[int] | None:
    """The set of upfloaters of one maximum-weight perfect matching of everyone left whose
    fields are, from the top: pairs (completion), [C4], [C5] per score level from the lowest
    up, [C7], and the 3.5.4 order."""
    nodes = residents + [t.number for t in lower]
    if len(nodes) % 2:
        return None
    inside = set(residents)
    levels = sorted({t.score for t in lower})
    index = {t.number: k for k, t in enumerate(lower)}  # 3.5.3 order
    half = len(nodes) // 2
    count_bits = _bits(half + 1)
    order_bits = len(lower) + 1
    edges = []
    for i, j in itertools.combinations(range(len(nodes)), 2):
        a, b = nodes[i], nodes[j]
        if not rnd.ok(a, b):
            continue
        cross = (a in inside) != (b in inside)
        up = rnd.teams[b if a in inside else a] if cross else None
        w = 1
        w = (w << count_bits) | (not cross)  # C4
        for level in levels:  # C5: fewest upfloaters of the lowest score first
            w = (w << count_bits) | (up is None or up.score != level)
        w = (w << count_bits) | (up is None or not (rnd.floats_count and up.floated))  # C7
        w <<= order_bits
        if up is not None:  # 3.5.4: the earliest teams in 3.5.3's order
            w |= 1 << (len(lower) - 1 - index[up.number])
        edges.append((i, j, w))
    mate = max_weight_matching(len(nodes), edges)
    if any(m == -1 for m in mate):
        return None
    chosen = [nodes[m] for i, m in enumerate(mate) if nodes[i] in inside and nodes[m] not in inside]
    return [t.number for t in lower if t.number in chosen]


# --- 3.6: the bracket -----------------------------------------------------------------------


def _costs(rnd: _Round, a: Facts, b: Facts, upfloaters: set[int]) -> tuple[int, int, int]:
    """(C8, C9, C10) of the pair a–b: preferences that cannot both be met, strong ones, and
    upfloaters whose opponent floated in the previous round."""
    same = a.preference is not None and a.preference == b.preference
    c8 = int(same)
    c9 = int(same and rnd.state.preferences == TYPE_B and a.strong and b.strong)
    c10 = 0
    if rnd.floats_count:
        c10 = int(a.number in upfloaters and b.floated) + int(b.number in upfloaters
                                                               and a.floated)
    return c8, c9, c10


def pair_bracket(rnd: _Round, bracket: list[int], upfloaters: set[int]
                 ) -> list[tuple[int, int]]:
    """3.6: the pairing of the bracket with the least C8, C9, C10 and, among those, the
    smallest identifier (top members' TPNs ascending, then their opponents' in that order)."""
    members = sorted(bracket)
    m = len(members)
    half = m // 2
    natural = list(zip(members[:half], members[half:], strict=True))
    teams = rnd.teams
    if all(rnd.ok(a, b) and _costs(rnd, teams[a], teams[b], upfloaters) == (0, 0, 0)
           for a, b in natural):
        return natural
    rank = {n: k for k, n in enumerate(members)}
    cb = _bits(half + 1)
    c10b = _bits(2 * half + 1)
    digit = _bits(m)
    edges = []
    for i, j in itertools.combinations(range(m), 2):
        top, bottom = members[i], members[j]
        if not rnd.ok(top, bottom):
            continue
        c8, c9, c10 = _costs(rnd, teams[top], teams[bottom], upfloaters)
        w = 1
        w = (w << cb) | (1 - c8)
        w = (w << cb) | (1 - c9)
        w = (w << c10b) | (2 - c10)
        w = (w << m) | (1 << (m - 1 - rank[top]))  # the top members, smallest first
        w = (w << (m * digit)) | ((m - 1 - rank[bottom]) << (digit * (m - 1 - rank[top])))
        edges.append((i, j, w))
    mate = max_weight_matching(m, edges)
    if any(x == -1 for x in mate):
        raise NoTeamPairing(N_("a bracket cannot be paired"))
    return [(members[i], members[x]) for i, x in enumerate(mate) if i < x]


# --- the round ------------------------------------------------------------------------------


def pair(state: TeamSwissState) -> TeamSwissPairing:
    """Pair round ``state.round`` of a team Swiss by C.04.6 (see the module's docstring)."""
    teams = facts(state)
    rnd = _Round(state, teams)
    lines: list[Message] = []
    remaining = {t.number for t in teams}
    bye = None
    if len(teams) % 2:
        bye_team = choose_bye(rnd, teams)
        bye = bye_team.number
        remaining.discard(bye)
        lines.append(N_("pairing-allocated bye: team %(team)s (3.4)", team=Ref(bye)))
    if not rnd.completable(sorted(remaining)):
        raise NoTeamPairing(N_("the teams cannot all be paired (C1, C3)"))
    pairs: list[tuple[int, int]] = []
    while remaining:
        top = max(rnd.teams[n].score for n in remaining)
        residents = sorted(n for n in remaining if rnd.teams[n].score == top)
        upfloaters, notes = choose_upfloaters(rnd, residents, remaining)
        bracket = residents + upfloaters
        got = pair_bracket(rnd, bracket, set(upfloaters))
        lines.append(N_("bracket of score %(score)s: teams %(residents)s", score=str(top),
                        residents=Refs(residents)) if not upfloaters else
                     N_("bracket of score %(score)s: teams %(residents)s with upfloaters "
                        "%(up)s (3.5)", score=str(top), residents=Refs(residents),
                        up=Refs(upfloaters)))
        lines.extend(notes)
        pairs.extend(got)
        remaining -= set(bracket)
    matches: list[tuple[Facts, Facts, Message]] = []
    for a, b in pairs:
        white, black, why = allocate(rnd.teams[a], rnd.teams[b], state.initial_colour,
                                     state.preferences, state.secondary_for_colours)
        matches.append((white, black, why))

    def board_order(m: tuple[Facts, Facts, Message]) -> tuple[Fraction, Fraction, int]:
        w, b, _ = m
        return (-max(w.score, b.score), -(w.score + b.score), min(w.number, b.number))

    matches.sort(key=board_order)
    for wt, bt, why in matches:
        lines.append(N_("team %(white)s - team %(black)s: %(why)s", white=Ref(wt.number),
                        black=Ref(bt.number), why=why))
    return TeamSwissPairing(tuple((wt.number, bt.number) for wt, bt, _ in matches), bye,
                            tuple(lines))


__all__ = ["MAX_SETS", "NoTeamPairing", "choose_bye", "choose_upfloaters", "pair",
           "pair_bracket"]
