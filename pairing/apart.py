"""Keeping the members of one club apart at tables without sides (Skat's series).

A Skat series is seated by the running score: the four leaders at table 1, the next four at
table 2 … (:func:`pairing.simple.standings_tables`). When the tournament asks for it (the
draw option ``avoid_same_club``), two players of one club should not share a table. This
module starts from the seating by score and swaps players between tables until no table
has two members of one club, always taking the swap that parts the most pairs of clubmates
(three of a club at one table and one at another is worse than two and two), and of those
the one that moves players the fewest places from where their score put them, so the tables
stay as close to the standings as the clubs allow. Where no swap helps any more (one club
has more members than there are tables), the remaining clashes are named in the draw's
explanation. An empty club never clashes; club
names compare case- and space-insensitively, as in :mod:`pairing.scoreswiss`. Members of one
team (Skat's team ranking; ``options["teams"]``: entrant id -> team name) are kept apart
the same way.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from scoring.i18n import N_, Message, Refs

MAX_SWAPS = 2_000  # each swap removes at least one clash, so this bound is never reached


def club_key(club: str | None) -> str:
    return " ".join((club or "").split()).casefold()


def _clashes(group: list[int], keys: Mapping[int, tuple[str, ...]]) -> int:
    """Pairs at the table who share a club or a team: three of one club are worse than two
    and two, so a swap that spreads them evenly counts as a gain."""
    counts = Counter(k for e in group for k in keys[e])
    return sum(n * (n - 1) // 2 for n in counts.values())


def _best_swap(groups: list[list[int]], keys: Mapping[int, tuple[str, ...]],
               place: Mapping[int, int]) -> tuple[int, int, int, int] | None:
    """The swap (table, seat, other table, other seat) that removes the most clashes, and of
    those the one moving players the fewest places; None when no swap removes one."""
    best: tuple[int, int, tuple[int, int, int, int]] | None = None
    before = [_clashes(g, keys) for g in groups]
    for t, group in enumerate(groups):
        if not before[t]:
            continue
        for s, p in enumerate(group):
            if not any(k in keys[e] for k in keys[p] for e in group if e != p):
                continue
            for u, other in enumerate(groups):
                if u == t:
                    continue
                for v, q in enumerate(other):
                    a = [*group[:s], q, *group[s + 1:]]
                    b = [*other[:v], p, *other[v + 1:]]
                    gain = before[t] + before[u] - _clashes(a, keys) - _clashes(b, keys)
                    if gain <= 0:
                        continue
                    key = (-gain, abs(place[p] - place[q]))
                    if best is None or key < (best[0], best[1]):
                        best = (key[0], key[1], (t, s, u, v))
    return best[2] if best else None


def keep_apart(groups: list[list[int]], clubs: Mapping[int, str | None],
               teams: Mapping[int, str] | None = None
               ) -> tuple[list[list[int]], tuple[Message, ...]]:
    """The tables ``groups`` (entrant ids, in place order) with members of one club, and of
    one team where ``teams`` names them, apart as far as swaps allow; and the explanation's
    lines: how many players were moved, and every table where two members of one club or
    team still sit together."""
    teams = teams or {}
    names: dict[str, str] = {}
    keys: dict[int, tuple[str, ...]] = {}
    for e in (e for g in groups for e in g):
        own = []
        if club_key(clubs.get(e)):
            own.append("club:" + club_key(clubs.get(e)))
            names.setdefault(own[-1], " ".join(str(clubs[e]).split()))
        if club_key(teams.get(e)):
            own.append("team:" + club_key(teams.get(e)))
            names.setdefault(own[-1], " ".join(str(teams[e]).split()))
        keys[e] = tuple(own)
    place = {e: k for k, e in enumerate(e for g in groups for e in g)}
    out = [list(g) for g in groups]
    for _ in range(MAX_SWAPS):
        swap = _best_swap(out, keys, place)
        if swap is None:
            break
        t, s, u, v = swap
        out[t][s], out[u][v] = out[u][v], out[t][s]
    moved = sum(1 for g, h in zip(groups, out, strict=True) for e in h if e not in g)
    left: list[Message] = []
    for k, group in enumerate(out, start=1):
        counts = Counter(key for e in group for key in keys[e])
        for key, n in sorted(counts.items()):
            if n > 1:
                who = Refs(e for e in group if key in keys[e])
                left.append(N_("could not keep apart at table %(table)s: %(who)s (%(club)s)",
                               table=k, who=who, club=names[key]))
    if moved:
        first = N_("members of one club or team kept apart: %(n)s players moved from the table "
                   "their place gave them", n=moved)
    elif left:
        first = N_("members of one club or team kept apart as far as the tables allow: no "
                   "swap parts more of them")
    else:
        first = N_("members of one club or team kept apart: no table had two")
    return out, (first, *left)
