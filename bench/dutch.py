"""How fast the Dutch engine pairs large fields, round by round (issue 36: 5,000 players in
under 15 s, 9,999 in under 60 s, under 1 GB; 1,000 players as the reference pairs them).

For each ``fixtures/dutch-large/pNNNN.trf.gz`` (100 … 9,999 players, 9 rounds, recorded up
to round 5) and each round asked for (default 2 … 6), the tournament as it stood before that
round is paired in a process of its own: the pairing time (``time.process_time``, the CPU
seconds of that process, which a busy machine skews less than the wall clock) and the peak
memory (``ru_maxrss``) of the process. Round 6 is compared with ``pNNNN.round6.txt`` where
there is one (MATCH, or DIFF with the number of pairs that differ).

The reference engine (bbpPairings) is timed beside it when its source is at hand:
``--reference-source DIR`` or ``BBP_SOURCE=DIR`` names a checkout, which the bench builds
with ``make`` in a temporary copy (a C++ compiler is needed) and runs as
``bbpPairings.exe --dutch FILE -p OUT`` on the same round, allowed ``--timeout`` seconds
(10 minutes by default), and its pairing is compared with ours (``same`` or ``DIFF n``).
Without the source that column says ``-``.

Run: ``python bench/dutch.py [--sizes 100,500] [--rounds 6] [--timeout S]``; the table is
Markdown, as in ``docs/load.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pairing.replay import EngineMissing, load_engine
from pairing.swiss import SwissPairing
from pairing.trf import before_round, read_file, read_pairing, state_before_round, write

ROOT = Path(__file__).resolve().parent.parent
LARGE = ROOT / "fixtures" / "dutch-large"
CHECKED = 6  # the round the reference files give


def differing_pairs(expected: SwissPairing, got: SwissPairing) -> int:
    """Expected pairs (with colours; the bye as a pair) that the engine did not make."""
    def rows(p: SwissPairing) -> Counter[tuple[int, int]]:
        return Counter([*p.pairs, *([(p.bye, 0)] if p.bye is not None else [])])
    return sum((rows(expected) - rows(got)).values())


def measure(path: Path, round_: int) -> dict[str, object]:
    """One size and round, in this process: the figures as a dict (JSON from ``--one``)."""
    pair = load_engine()
    trf = read_file(path)
    state = state_before_round(trf, round_)
    start = time.process_time()
    got = pair(state)
    figures: dict[str, object] = {
        "players": len(state.players), "to_pair": sum(not p.absent for p in state.players),
        "pair_s": time.process_time() - start,
        "maxrss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "pairs": [list(p) for p in got.pairs], "bye": got.bye}
    reference = path.with_name(path.name.replace(".trf.gz", f".round{round_}.txt"))
    if reference.exists():
        expected = read_pairing(reference.read_text())
        figures["differing"] = differing_pairs(expected, got)
    return figures


def build_reference(source: Path, work: Path) -> Path | None:
    """bbpPairings built from ``source`` in a copy under ``work``; None if that fails."""
    copy = work / "bbpPairings"
    shutil.copytree(source, copy, ignore=shutil.ignore_patterns(".git"))
    done = subprocess.run(["make", "-j2"], cwd=copy, capture_output=True, text=True)
    if done.returncode != 0:
        print(f"reference: make failed in {source}: "
              f"{(done.stderr.strip().splitlines() or ['?'])[-1]}", file=sys.stderr)
        return None
    found = sorted(p for p in copy.rglob("bbpPairings*") if p.is_file() and os.access(p, os.X_OK))
    return found[0] if found else None


def run_reference(binary: Path, path: Path, round_: int, work: Path,
                  timeout: float) -> tuple[float | None, SwissPairing | None]:
    """Seconds (CPU of the child) and pairing of the reference, or (None, None) on timeout."""
    trf_path = work / f"{path.name}.round{round_}.trf"
    out = work / f"{path.name}.round{round_}.out"
    trf_path.write_text(write(before_round(read_file(path), round_)), encoding="utf-8")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        subprocess.run([str(binary), "--dutch", str(trf_path), "-p", str(out)],
                       capture_output=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return None, None
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if not out.exists():
        return seconds, None
    return seconds, read_pairing(out.read_text())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", help="comma-separated sizes, e.g. 100,500 (default: all)")
    parser.add_argument("--rounds", default="2,3,4,5,6",
                        help="comma-separated rounds to pair (default 2,3,4,5,6)")
    parser.add_argument("--timeout", type=float, default=600.0, metavar="S",
                        help="seconds allowed per pairing, ours and the reference's "
                             "(default 600)")
    parser.add_argument("--reference-source", type=Path,
                        default=Path(os.environ["BBP_SOURCE"]) if os.environ.get("BBP_SOURCE")
                        else None, help="a bbpPairings checkout to build (or BBP_SOURCE)")
    parser.add_argument("--one", nargs=2, help=argparse.SUPPRESS)  # the child's job
    args = parser.parse_args()
    try:
        load_engine()
    except EngineMissing as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if args.one:
        print(json.dumps(measure(Path(args.one[0]), int(args.one[1]))))
        return 0
    files = {int(re.sub(r"\D", "", p.name.split(".")[0])): p
             for p in sorted(LARGE.glob("p*.trf.gz"))}
    try:
        sizes = sorted(files) if not args.sizes else [int(s) for s in args.sizes.split(",")]
        rounds = [int(r) for r in args.rounds.split(",")]
    except ValueError:
        parser.error("--sizes and --rounds: whole numbers separated by commas")
    if any(not 2 <= r <= CHECKED for r in rounds):
        parser.error(f"--rounds: 2 to {CHECKED} (the files are recorded up to round 5)")
    status = 0
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        binary = None
        if args.reference_source is not None:
            if not (args.reference_source / "Makefile").exists():
                print(f"reference: no Makefile in {args.reference_source}; skipped",
                      file=sys.stderr)
            else:
                binary = build_reference(args.reference_source, work)
        print("| players | to pair | round | pair (CPU s) | peak RSS (MB) | reference (CPU s) "
              "| check |")
        print("|---:|---:|---:|---:|---:|---:|---|")
        for size in sizes:
            if size not in files:
                print(f"| {size} | | | no file p{size:04d}.trf.gz | | | |")
                status = 1
                continue
            for round_ in rounds:
                status |= row(files[size], size, round_, binary, work, args.timeout)
    return status


def row(path: Path, size: int, round_: int, binary: Path | None, work: Path,
        timeout: float) -> int:
    """Measure and print one table row; 1 if something failed or differed."""
    command = [sys.executable, __file__, "--one", str(path), str(round_)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        print(f"| {size} | | {round_} | over {timeout:g} s | | | |", flush=True)
        return 1
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        print(f"| {size} | | {round_} | failed: {last} | | | |", flush=True)
        return 1
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    ours = SwissPairing(tuple(tuple(p) for p in figures["pairs"]), figures["bye"], ())
    checks = []
    status = 0
    if "differing" in figures:
        checks.append("MATCH" if figures["differing"] == 0
                      else f"DIFF {figures['differing']} pairs")
        status |= bool(figures["differing"])
    reference = "-"
    if binary is not None:
        seconds, theirs = run_reference(binary, path, round_, work, timeout)
        if seconds is None:
            reference = f"over {timeout:g}"
        else:
            reference = f"{seconds:.2f}"
            if theirs is not None:
                diff = differing_pairs(theirs, ours)
                checks.append("same as reference" if diff == 0 else f"reference DIFF {diff}")
    print(f"| {size} | {figures['to_pair']} | {round_} | {figures['pair_s']:.2f} "
          f"| {figures['maxrss_mb']:.0f} | {reference} | {', '.join(checks)} |", flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
