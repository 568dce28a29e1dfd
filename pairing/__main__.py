"""Command line compatible with the FIDE-endorsed pairing engines.

``python -m pairing --dutch IN.trf -p [OUT]`` pairs the next round (the one after
the last round anybody was paired in; announced absences alone do not make a
round) and writes it in the engines' format: the number of pairs, then ``WHITE
BLACK`` per line, the pairing-allocated bye as ``PLAYER 0``; to OUT, or to stdout.
``--round R`` pairs round R as the tournament stood before it instead.

``python -m pairing --dutch IN.trf -c`` pairs every round of the file again and
lists the rounds that come out differently: exit 0 if none, 1 if any.

``--explain`` prints the engine's explanation (to stdout after the pairing when
it goes to a file, else to stderr; with ``-c`` for the rounds that differ).
Exit 2 for a bad file or a missing engine, with the reason and never a traceback;
3 if the engine fails.

The pairing system is a flag (``--dutch``) as in the endorsed engines, so that
other systems can be added next to it.

Two subcommands stand beside it: ``python -m pairing roundrobin N [--system
berger|shift] [--double]`` prints a round-robin schedule as JSON, ``python -m
pairing window-study ...`` simulates the draw at registration and its cleanup, and
``python -m pairing teams STATE.json`` draws a round of a team competition
(:mod:`pairing.teams.cli`).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from .replay import EngineMissing, difference, load_engine
from .swiss import SwissPairing
from .trf import TrfError, format_pairing, read_file, recorded_pairing, state_before_round

SYSTEMS = {"dutch": "FIDE Dutch system (C.04.3, 2025 rules)"}
ENGINES = {"dutch": load_engine}  # each imports its engine only when asked


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # exit 2 with usage, as argparse does, but say why
        self.print_usage(sys.stderr)
        print(f"error: {message}", file=sys.stderr)
        raise SystemExit(2)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m pairing",
                     description="Pair a round of a Swiss tournament given as a TRF file.")
    system = parser.add_mutually_exclusive_group(required=True)
    for name, text in SYSTEMS.items():
        system.add_argument(f"--{name}", dest="system", action="store_const", const=name,
                            help=text)
    parser.add_argument("input", type=Path, help="the tournament as a TRF-16 / TRF-26 file")
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("-p", "--pair", dest="output", nargs="?", const="-", metavar="OUT",
                        help="pair the next round; write it to OUT (default: stdout)")
    action.add_argument("-c", "--check", action="store_true",
                        help="pair every round again and list the differences")
    parser.add_argument("--round", type=int, metavar="R",
                        help="with -p: pair round R as the tournament stood before it")
    parser.add_argument("--explain", action="store_true",
                        help="print the engine's explanation of the pairing")
    return parser


def _explanation(pairing: SwissPairing) -> str:
    return "\n".join(pairing.explanation) or "(the engine gave no explanation)"


SUBCOMMANDS = {"roundrobin": "pairing.roundrobin", "window-study": "pairing.window_study",
               "teams": "pairing.teams.cli"}


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in SUBCOMMANDS:
        from importlib import import_module
        return int(import_module(SUBCOMMANDS[argv[0]]).main(argv[1:]))
    args = build_parser().parse_args(argv)
    try:
        trf = read_file(args.input)
    except TrfError as e:
        print(f"{args.input}: {e}", file=sys.stderr)
        return 2
    except (OSError, EOFError) as e:  # EOFError: a truncated .gz
        print(f"error: cannot read {args.input}: {getattr(e, 'strerror', None) or e}",
              file=sys.stderr)
        return 2
    try:
        pair = ENGINES[args.system]()
    except EngineMissing as e:
        print(f"error: {e}", file=sys.stderr)
        return 2

    if args.check:
        differing = 0
        for r in range(1, trf.rounds_paired + 1):
            try:
                got = pair(state_before_round(trf, r))
                mismatch = difference(recorded_pairing(trf, r), got)
            except TrfError as e:
                print(f"{args.input}: {e}", file=sys.stderr)
                return 2
            except Exception as e:  # report and go on: the check lists every round
                got, mismatch = None, f"engine error: {type(e).__name__}: {e}"
            if mismatch:
                differing += 1
                print(f"round {r}: {mismatch}")
                if args.explain and got is not None:
                    print(_explanation(got))
        total = trf.rounds_paired
        print(f"{total - differing}/{total} rounds as recorded")
        return 1 if differing else 0

    round_ = args.round or trf.next_round
    if round_ < 1:
        print("error: --round must be 1 or more", file=sys.stderr)
        return 2
    if trf.total_rounds is None:
        print(f"{args.input}: the number of rounds is missing (XXR or 142 line); "
              "the last round has its own colour rules", file=sys.stderr)
        return 2
    if round_ > trf.next_round:
        print(f"{args.input}: round {round_} cannot be paired before round {trf.next_round}",
              file=sys.stderr)
        return 2
    if round_ > trf.total_rounds:
        print(f"{args.input}: all {trf.total_rounds} rounds are paired", file=sys.stderr)
        return 2
    try:
        pairing = pair(state_before_round(trf, round_))
    except Exception as e:  # an engine failure is reported, not shown as a traceback
        print(f"error: the engine failed on round {round_}: {type(e).__name__}: {e}",
              file=sys.stderr)
        return 3
    text = format_pairing(pairing)
    if args.output == "-":
        sys.stdout.write(text)
        if args.explain:
            print(_explanation(pairing), file=sys.stderr)
        return 0
    try:
        Path(args.output).write_text(text, encoding="utf-8")
    except OSError as e:
        print(f"error: cannot write {args.output}: {e.strerror or e}", file=sys.stderr)
        return 2
    if args.explain:
        print(_explanation(pairing))
    return 0


if __name__ == "__main__":
    from scoring.pipe import run_to_pipe

    sys.exit(run_to_pipe(main))
