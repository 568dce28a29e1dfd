"""How fast the Dutch engine pairs large fields (issue goal: 1,000 players < 5 s, 2,000 < 30 s,
5,000 < 5 min, and the same pairings as the endorsed engine).

For each ``fixtures/dutch-large/pNNNN.trf.gz`` (unpacked in memory):
build the tournament as it stands before round 6, time ``pairing.dutch.pair``,
take the peak memory of the process (``ru_maxrss``; ``--tracemalloc`` for the
Python allocations alone, slower), and compare with ``pNNNN.round6.txt`` where
there is one: MATCH, or DIFF with the number of pairs (the bye counted as one)
that differ. Each size runs in its own process, so a slow one is stopped after
``--timeout`` seconds and reported as "over S s".

Run: ``python bench/dutch.py [--sizes 100,500] [--timeout S] [--tracemalloc]``.
"""

from __future__ import annotations

import argparse
import json
import re
import resource
import subprocess
import sys
import time
import tracemalloc
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pairing.replay import EngineMissing, load_engine
from pairing.swiss import SwissPairing
from pairing.trf import read_file, read_pairing, state_before_round

ROOT = Path(__file__).resolve().parent.parent
LARGE = ROOT / "fixtures" / "dutch-large"
ROUND = 6


def differing_pairs(expected: SwissPairing, got: SwissPairing) -> int:
    """Expected pairs (with colours; the bye as a pair) that the engine did not make."""
    def rows(p: SwissPairing) -> Counter:
        return Counter([*p.pairs, *([(p.bye, 0)] if p.bye is not None else [])])
    return sum((rows(expected) - rows(got)).values())


def measure(path: Path, trace: bool) -> dict:
    """One size, in this process: the figures as a dict (printed as JSON by --one)."""
    pair = load_engine()
    start = time.perf_counter()
    trf = read_file(path)
    state = state_before_round(trf, ROUND)
    read_s = time.perf_counter() - start
    if trace:
        tracemalloc.start()
    start = time.perf_counter()
    got = pair(state)
    pair_s = time.perf_counter() - start
    figures = {"players": len(state.players),
               "to_pair": sum(not p.absent for p in state.players),
               "read_s": read_s, "pair_s": pair_s,
               "maxrss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}
    if trace:
        figures["traced_peak_mb"] = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
    reference = path.with_name(path.name.replace(".trf.gz", f".round{ROUND}.txt"))
    if reference.exists():
        expected = read_pairing(reference.read_text())
        figures["differing"] = differing_pairs(expected, got)
        figures["reference_pairs"] = len(expected.pairs) + (expected.bye is not None)
    return figures


def report(size: int, figures: dict) -> str:
    text = (f"{size:>5} players ({figures['to_pair']} to pair): pair {figures['pair_s']:8.2f} s"
            f"  (read {figures['read_s']:.2f} s)  peak RSS {figures['maxrss_mb']:7.1f} MB")
    if "traced_peak_mb" in figures:
        text += f"  traced {figures['traced_peak_mb']:.1f} MB"
    if "differing" not in figures:
        return text + "  (no reference)"
    if figures["differing"] == 0:
        return text + "  MATCH"
    return text + f"  DIFF ({figures['differing']} of {figures['reference_pairs']} pairs)"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", help="comma-separated sizes, e.g. 100,500 (default: all)")
    parser.add_argument("--timeout", type=float, default=600.0, metavar="S",
                        help="seconds allowed per size (default 600)")
    parser.add_argument("--tracemalloc", action="store_true",
                        help="also trace Python allocations (slower pairing)")
    parser.add_argument("--one", type=Path, help=argparse.SUPPRESS)  # the child's job
    args = parser.parse_args()
    try:
        load_engine()
    except EngineMissing as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if args.one:
        print(json.dumps(measure(args.one, args.tracemalloc)))
        return 0
    files = {int(re.sub(r"\D", "", p.name.split(".")[0])): p
             for p in sorted(LARGE.glob("p*.trf.gz"))}
    sizes = sorted(files) if not args.sizes else [int(s) for s in args.sizes.split(",")]
    status = 0
    for size in sizes:
        if size not in files:
            print(f"{size:>5} players: no file p{size:04d}.trf.gz in {LARGE}")
            status = 1
            continue
        command = [sys.executable, __file__, "--one", str(files[size])]
        if args.tracemalloc:
            command.append("--tracemalloc")
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=args.timeout)
        except subprocess.TimeoutExpired:
            print(f"{size:>5} players: over {args.timeout:g} s", flush=True)
            status = 1
            continue
        if done.returncode != 0:
            last = (done.stderr.strip().splitlines() or ["no message"])[-1]
            print(f"{size:>5} players: failed: {last}", flush=True)
            status = 1
            continue
        figures = json.loads(done.stdout.strip().splitlines()[-1])
        print(report(size, figures), flush=True)
        status |= bool(figures.get("differing"))
    return status


if __name__ == "__main__":
    sys.exit(main())
