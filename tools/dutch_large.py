"""The Dutch engine against its frozen predecessor on large fields (``make test-dutch-large``).

The reference engine cannot pair 5,000 or 9,999 players in reasonable time, so at those
sizes the engine must pair exactly as the engine did before the large-field work (issue 36),
kept in ``tests/dutch_oracle``. For each file (default: every ``fixtures/dutch-large/*.trf.gz``)
this pairs the round after the last recorded one with both and compares pairs, colours and
the PAB; ``--rounds`` also replays every earlier round of the file (rounds 2 … last) the same
way. ``--no-oracle`` only times the engine (the oracle takes minutes at 5,000 players).

Where ``pNNNN.roundR.oracle.txt`` lies beside a file, the oracle's pairing of that round is
read from it instead of computed (the oracle needs hours for 9,999 players; ``--live``
computes it anyway; ``--keep`` stores a computed one there). Prints one line per
comparison with both times (CPU seconds of this process, so that a busy machine skews them
less) and exits 1 on any difference.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pairing.dutch import pair  # noqa: E402
from pairing.replay import difference  # noqa: E402
from pairing.swiss import SwissPairing, SwissState  # noqa: E402
from pairing.trf import format_pairing, read_file, read_pairing, state_before_round  # noqa: E402

LARGE = ROOT / "fixtures" / "dutch-large"


def timed(engine: Callable[[SwissState], SwissPairing], state: SwissState
          ) -> tuple[SwissPairing, float]:
    start = time.process_time()
    result = engine(state)
    return result, time.process_time() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--rounds", action="store_true",
                        help="also every earlier round of each file")
    parser.add_argument("--no-oracle", action="store_true", help="time the engine only")
    parser.add_argument("--live", action="store_true",
                        help="run the oracle even where its pairing is stored")
    parser.add_argument("--keep", action="store_true",
                        help="store the oracle's pairing beside the file where none is stored")
    args = parser.parse_args(argv)
    oracle = None
    if not args.no_oracle:
        from tests.dutch_oracle import pair as oracle
    files = args.files or sorted(LARGE.glob("*.trf.gz"))
    status = 0
    for path in files:
        trf = read_file(path)
        last = trf.next_round
        for round_ in range(2 if args.rounds else last, last + 1):
            state = state_before_round(trf, round_)
            got, seconds = timed(pair, state)
            line = f"{path.name} round {round_}: {len(state.players)} players, {seconds:.2f} s"
            stored = path.with_name(path.name.replace(".trf.gz", f".round{round_}.oracle.txt"))
            if oracle is not None:
                if stored.exists() and not args.live:
                    expected = read_pairing(stored.read_text())
                    line += " (oracle stored) "
                else:
                    expected, old = timed(oracle, state)
                    line += f" (oracle {old:.2f} s) "
                    if args.keep and not stored.exists():
                        stored.write_text(format_pairing(expected))
                        line += f"(kept in {stored.name}) "
                diff = difference(expected, got)
                line += "SAME" if diff is None else f"DIFF {diff}"
                status |= diff is not None
            print(line, flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
