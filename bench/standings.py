"""How long standings take on large tournaments (issue 2's figures).

- chess: 1,000 entrants, 11 rounds, a simple score-ordered Swiss with byes and
  forfeits, all ten tiebreaks (direct encounter included);
- Pussi: 240 players, 6 series of 8 games at 60 tables.

Prints the median of several runs for reading+validating the document and for
computing the standings. Run: ``python bench/standings.py [--runs N]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring import parse, standings
from scoring.chess import TIEBREAKS


def chess_document(n: int = 1000, rounds: int = 11, seed: int = 1) -> dict:
    rng = random.Random(seed)
    score = dict.fromkeys(range(1, n + 1), 0.0)
    doc_rounds = []
    for r in range(1, rounds + 1):
        order = sorted(score, key=lambda e: (-score[e], rng.random()))
        byes = []
        if len(order) % 2:
            byes.append({"entrant": order.pop(), "kind": "bye"})
            score[byes[-1]["entrant"]] += 1
        tables = []
        for k in range(0, len(order), 2):
            w, b = order[k], order[k + 1]
            res = rng.choices(["1-0", "0-1", "1/2-1/2", "+-", "-+"], [40, 35, 23, 1, 1])[0]
            score[w] += {"1-0": 1, "+-": 1, "1/2-1/2": 0.5}.get(res, 0)
            score[b] += {"0-1": 1, "-+": 1, "1/2-1/2": 0.5}.get(res, 0)
            tables.append({"number": k // 2 + 1, "seats": [{"entrant": w, "side": 1},
                                                          {"entrant": b, "side": 2}],
                           "result": {"score": res}})
        doc_rounds.append({"number": r, "tables": tables, "byes": byes})
    return {"format": "turnier/1", "name": "bench chess", "discipline": "chess",
            "scoring": {"tiebreaks": list(TIEBREAKS)},
            "entrants": [{"id": i, "name": f"Player {i}", "rating": 1000 + rng.randrange(1800)}
                         for i in range(1, n + 1)], "rounds": doc_rounds}


def pussi_sheet(rng: random.Random, games: int) -> list[dict]:
    totals = [0, 0]
    out = []
    for _ in range(games):
        d = rng.randrange(2)
        bid = rng.choice([60, 80, 100, 120, 150, 200])
        o = 1 - d
        outcome = rng.choices(["won", "lost", "schwarz"], [60, 35, 5])[0]
        totals[d] += {"won": bid, "lost": -bid, "schwarz": -2 * bid}[outcome]
        totals[o] += -2 * bid if outcome == "won" and rng.random() < 0.05 else rng.randrange(120)
        out.append({"declarer": d + 1, "bid": bid, "totals": list(totals)})
    return out


def pussi_document(n: int = 240, series: int = 6, games: int = 8, seed: int = 1) -> dict:
    rng = random.Random(seed)
    rounds = []
    for s in range(1, series + 1):
        players = list(range(1, n + 1))
        rng.shuffle(players)
        tables = []
        for k in range(0, n, 4):
            a, b, c, d = players[k:k + 4]
            tables.append({"number": k // 4 + 1, "seats": [
                {"entrant": a, "side": 1}, {"entrant": b, "side": 1},
                {"entrant": c, "side": 2}, {"entrant": d, "side": 2}],
                "result": {"games": pussi_sheet(rng, games)}})
        rounds.append({"number": s, "tables": tables})
    return {"format": "turnier/1", "name": "bench pussi", "discipline": "pussi",
            "scoring": {"games_per_series": games},
            "entrants": [{"id": i, "name": f"Player {i}"} for i in range(1, n + 1)],
            "rounds": rounds}


def timed(fn, runs: int) -> float:
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    for label, doc in (("chess 1000 entrants x 11 rounds, all tiebreaks", chess_document()),
                       ("pussi 240 players x 6 series x 8 games", pussi_document())):
        tournament = parse(doc)
        t_parse = timed(lambda doc=doc: parse(doc), args.runs)
        t_stand = timed(lambda t=tournament: standings(t), args.runs)
        print(f"{label}: read+validate {t_parse * 1000:.1f} ms, standings {t_stand * 1000:.1f} ms,"
              f" total {(t_parse + t_stand) * 1000:.1f} ms (median of {args.runs})")


if __name__ == "__main__":
    main()
