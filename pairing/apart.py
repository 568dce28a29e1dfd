"""Keeping the members of one club apart at tables without sides (Skat's series).

A Skat series is seated by the running score: the four leaders at table 1, the next four at
table 2 … (:func:`pairing.simple.standings_tables`). When the tournament asks for it (the
draw option ``avoid_same_club``), two players of one club should not share a table. This
module starts from the seating by score and swaps players between tables until no table
has two members of one club, always taking the swap that moves players the fewest places
from where their score put them, so the tables stay as close to the standings as the clubs
allow. Where no swap helps any more (one club has more members than there are tables), the
remaining clashes are named in the draw's explanation. An empty club never clashes; club
names compare case- and space-insensitively, as in :mod:`pairing.scoreswiss`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from scoring.i18n import N_, Message, Refs

MAX_SWAPS = 2_000  # each swap removes at least one clash, so this bound is never reached


def club_key(club: str | None) -> str:
    return " ".join((club or "").split()).casefold()


def _clashes(group: list[int], clubs: Mapping[int, str]) -> int:
    counts = Counter(clubs[e] for e in group if clubs[e])
    return sum(n - 1 for n in counts.values())


def _best_swap(groups: list[list[int]], clubs: Mapping[int, str], place: Mapping[int, int]
               ) -> tuple[int, int, int, int] | None:
    """The swap (table, seat, other table, other seat) that removes the most clashes, and of
    those the one moving players the fewest places; None when no swap removes one."""
    best: tuple[int, int, tuple[int, int, int, int]] | None = None
    before = [_clashes(g, clubs) for g in groups]
    for t, group in enumerate(groups):
        if not before[t]:
            continue
        for s, p in enumerate(group):
            if not clubs[p] or sum(clubs[e] == clubs[p] for e in group) < 2:
                continue
            for u, other in enumerate(groups):
                if u == t:
                    continue
                for v, q in enumerate(other):
                    a = [*group[:s], q, *group[s + 1:]]
                    b = [*other[:v], p, *other[v + 1:]]
                    gain = before[t] + before[u] - _clashes(a, clubs) - _clashes(b, clubs)
                    if gain <= 0:
                        continue
                    key = (-gain, abs(place[p] - place[q]))
                    if best is None or key < (best[0], best[1]):
                        best = (key[0], key[1], (t, s, u, v))
    return best[2] if best else None


def keep_apart(groups: list[list[int]], clubs: Mapping[int, str | None]
               ) -> tuple[list[list[int]], tuple[Message, ...]]:
    """The tables ``groups`` (entrant ids, in place order) with members of one club apart as
    far as swaps allow, and the explanation's lines: how many players were moved, and every
    table where two members of one club still sit together."""
    keys = {e: club_key(clubs.get(e)) for g in groups for e in g}
    place = {e: k for k, e in enumerate(e for g in groups for e in g)}
    out = [list(g) for g in groups]
    for _ in range(MAX_SWAPS):
        swap = _best_swap(out, keys, place)
        if swap is None:
            break
        t, s, u, v = swap
        out[t][s], out[u][v] = out[u][v], out[t][s]
    moved = sum(1 for g, h in zip(groups, out, strict=True) for e in h if e not in g)
    lines: list[Message] = []
    if moved:
        lines.append(N_("members of one club kept apart: %(n)s players moved from the table "
                        "their place gave them", n=moved))
    else:
        lines.append(N_("members of one club kept apart: no table had two"))
    for k, group in enumerate(out, start=1):
        counts = Counter(keys[e] for e in group if keys[e])
        for club, n in sorted(counts.items()):
            if n > 1:
                who = Refs(e for e in group if keys[e] == club)
                name = next(str(clubs[e]) for e in group if keys[e] == club)
                lines.append(N_("could not keep apart at table %(table)s: %(who)s (%(club)s)",
                                table=k, who=who, club=name))
    return out, tuple(lines)
