"""Replay the reference tournaments through the Dutch engine: does every round come out the same?

``python -m pairing.replay [FILES...] [--jobs N] [--limit K]`` pairs every round of
every file (default: all of ``fixtures/dutch/*.trf`` and the accelerated
``fixtures/dutch-accel/*.trf`` in the repository) from the tournament as it stood
before that round, compares with the recorded round (pairs, who has white, the PAB;
not the board order), prints one line per mismatch, then MATCHED/TOTAL rounds and
files fully matched per directory, and the whole with the time. Engine exceptions
count as mismatches; the run goes on. Exit 0 if all match.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from .swiss import SwissPairing, SwissState
from .trf import TrfError, read_file, recorded_pairing, state_before_round

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
SETS = ("dutch", "dutch-accel")  # the reference tournaments, without and with acceleration

Engine = Callable[[SwissState], SwissPairing]


class EngineMissing(RuntimeError):
    """``pairing.dutch.pair`` cannot be imported (not written yet, or broken)."""


def load_engine() -> Engine:
    """Import the Dutch engine only when asked, so TRF work does not depend on it."""
    try:
        from pairing.dutch import pair
    except ModuleNotFoundError as e:
        if e.name == "pairing.dutch":
            raise EngineMissing("the Dutch pairing engine is missing: there is no "
                                "pairing.dutch yet") from None
        raise EngineMissing(f"the Dutch pairing engine cannot be loaded: {e}") from None
    except ImportError as e:
        raise EngineMissing(f"the Dutch pairing engine cannot be loaded: {e}") from None
    return pair


def _show(pairs: Sequence[tuple[int, int]], bye: int | None, limit: int = 8) -> str:
    items = [f"{w}-{b}" for w, b in pairs]
    if len(items) > limit:
        items = [*items[:limit], f"… ({len(items) - limit} more)"]
    if bye is not None:
        items.append(f"bye {bye}")
    return " ".join(items) or "nothing"


def difference(expected: SwissPairing, got: SwissPairing) -> str | None:
    """None if equal as sets of (white, black) pairs plus the bye; else a short account.

    Only the pairs that differ are listed: ``expected 2-1 4-5; got 1-2 4-3 bye 5``.
    """
    want, have = Counter(expected.pairs), Counter(got.pairs)
    if want == have and expected.bye == got.bye:
        return None
    missing, extra = (want - have).elements(), (have - want).elements()
    if expected.bye == got.bye:
        return f"expected {_show(list(missing), None)}; got {_show(list(extra), None)}"
    return f"expected {_show(list(missing), expected.bye)}; got {_show(list(extra), got.bye)}"


@dataclass
class RoundOutcome:
    round: int
    mismatch: str | None  # None: the engine paired the round as recorded
    seconds: float


def replay_rounds(trf_path: Path, pair: Engine) -> list[RoundOutcome]:
    """Every round of one file; engine exceptions become mismatches."""
    trf = read_file(trf_path)
    outcomes = []
    for r in range(1, trf.rounds_paired + 1):
        expected = recorded_pairing(trf, r)
        start = time.perf_counter()
        try:
            got = pair(state_before_round(trf, r))
            mismatch = difference(expected, got)
        except Exception as e:  # the run must go on; the message is the mismatch
            mismatch = f"engine error: {type(e).__name__}: {e}"
        outcomes.append(RoundOutcome(r, mismatch, time.perf_counter() - start))
    return outcomes


@dataclass
class Tally:
    """Rounds and files of one directory (or of the whole run)."""

    matched: int = 0
    total: int = 0
    files_ok: int = 0
    files: int = 0

    def add(self, other: Tally) -> None:
        self.matched += other.matched
        self.total += other.total
        self.files_ok += other.files_ok
        self.files += other.files

    def __str__(self) -> str:
        return (f"{self.matched}/{self.total} rounds matched, "
                f"{self.files_ok}/{self.files} files fully matched")


def _replay_file(path: str) -> tuple[str, list[RoundOutcome] | str]:
    """Worker: one file's outcomes, or why the file could not be replayed."""
    try:
        return path, replay_rounds(Path(path), load_engine())
    except (TrfError, OSError, EngineMissing) as e:
        return path, str(e)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pairing.replay",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path,
                        help=f"TRF files (default: {', '.join(SETS)} in {FIXTURES})")
    parser.add_argument("--jobs", "-j", type=int, default=2, metavar="N",
                        help="worker processes (default 2)")
    parser.add_argument("--limit", type=int, metavar="K", help="only the first K files")
    args = parser.parse_args(argv)
    try:
        load_engine()
    except EngineMissing as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    files = args.files or [f for name in SETS for f in sorted((FIXTURES / name).glob("*.trf"))]
    if args.limit is not None:
        files = files[:args.limit]
    if not files:
        print(f"error: no TRF files (looked in {FIXTURES}/{{{','.join(SETS)}}})",
              file=sys.stderr)
        return 2
    start = time.perf_counter()
    tally: dict[str, Tally] = {}  # per directory
    slowest: tuple[float, str] = (0.0, "")
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for path, outcomes in pool.map(_replay_file, map(str, files), chunksize=1):
            name = Path(path).stem
            t = tally.setdefault(Path(path).parent.name, Tally())
            t.files += 1
            if isinstance(outcomes, str):
                print(f"{name}: cannot replay: {outcomes}", flush=True)
                continue
            for o in outcomes:
                if o.mismatch:
                    print(f"{name} round {o.round}: {o.mismatch}", flush=True)
                if o.seconds > slowest[0]:
                    slowest = (o.seconds, f"{name} round {o.round}")
            t.total += len(outcomes)
            t.matched += sum(o.mismatch is None for o in outcomes)
            t.files_ok += all(o.mismatch is None for o in outcomes)
    elapsed = time.perf_counter() - start
    whole = Tally()
    for directory, t in tally.items():
        if len(tally) > 1:
            print(f"{directory}: {t}")
        whole.add(t)
    print(f"{whole}, {elapsed:.1f} s ({args.jobs} jobs; slowest round {slowest[1]}: "
          f"{slowest[0]:.2f} s)")
    matched, total, files_ok = whole.matched, whole.total, whole.files_ok
    return 0 if matched == total and files_ok == len(files) else 1


if __name__ == "__main__":
    sys.exit(main())
