"""Time the draws on large fields: a round after several rounds of history.

    .venv/bin/python bench/draws.py [--repeat 3]

Each line: method, field, rounds of history, best time of the repeats, and what the
method says about the round (its first explanation line). Histories are built by the
method itself, round by round, so they look like a real evening.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pairing import Competitor, DrawRequest, Layout, PastTable, get, window

PAIRS = Layout(sides=2, per_side=1, bye_kind="bye")
SINGLES = Layout(sides=2, per_side=2, bye_kind="zero")


def evening(method: str, n: int, layout: Layout, rounds: int, clubs: int = 0,
            repeat: int = 3) -> tuple[float, str]:
    rng = random.Random(f"{method}:{n}")
    scores = {i: Fraction(0) for i in range(1, n + 1)}
    club = {i: f"club {rng.randrange(clubs)}" if clubs else None for i in scores}
    history: list[tuple[PastTable, ...]] = []
    byes: set[int] = set()

    def request(r: int) -> DrawRequest:
        order = sorted(scores, key=lambda i: (-scores[i], i))
        comps = tuple(Competitor(i, i, scores[i], club=club[i]) for i in order)
        return DrawRequest(r, comps, layout, f"bench-{r}", tuple(history), frozenset(byes),
                           {"avoid_same_club": bool(clubs)})

    draw = get(method)
    for r in range(1, rounds + 1):
        d = draw(request(r))
        history.append(tuple(PastTable(tuple(tuple(e for e, s in t.seats if s == side)
                                             for side in (1, 2))) for t in d.tables))
        for t in d.tables:
            winner = rng.choice((1, 2))
            for e, side in t.seats:
                scores[e] += 3 if side == winner else 0
        byes.update(e for e, _ in d.byes)
    best, text = float("inf"), ""
    for _ in range(repeat):
        start = time.perf_counter()
        d = draw(request(rounds + 1))
        best = min(best, time.perf_counter() - start)
        text = d.explanation[0] if d.explanation else ""
    return best, text


def registrations(n: int, per_side: int, k: int, repeat: int = 3) -> float:
    settings = window.WindowSettings(per_side=per_side, window=k)
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        seats = window.draw_for_registrations(n, settings, "bench")
        window.cleanup(dict(enumerate(seats)), per_side)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    cases = [("rotation", 200, PAIRS, 8, 0), ("rotation", 200, SINGLES, 8, 0),
             ("rotation", 400, SINGLES, 8, 0), ("pussi_partners", 200, SINGLES, 8, 0),
             ("fixed_rotation", 200, PAIRS, 8, 0), ("swiss_score", 500, PAIRS, 6, 40),
             ("swiss_score", 1000, PAIRS, 6, 0), ("round_robin", 24, PAIRS, 22, 0)]
    for method, n, layout, rounds, clubs in cases:
        seconds, text = evening(method, n, layout, rounds, clubs, args.repeat)
        who = "pairs" if layout.per_side == 1 else "single players"
        extra = f", {clubs} clubs avoided" if clubs else ""
        print(f"{method:15} {n:5} {who:14} after {rounds:2} rounds{extra}: "
              f"{seconds * 1000:8.1f} ms  ({text})")
    for n, per_side in ((400, 1), (800, 2)):
        seconds = registrations(n, per_side, 4, args.repeat)
        print(f"window draw +4 {n:5} registrations and the cleanup ({2 * per_side} seats a "
              f"table): {seconds * 1000:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
