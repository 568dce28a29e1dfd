"""Command line: ``python -m scoring standings DOC.json``, ``... validate DOC.json``,
``... prizes PRIZES.json`` (the prize allocation, :mod:`scoring.prizes`) and
``... teams DOC.json`` (a team competition's ranking, :mod:`scoring.teams_cli`) and
``... camt STATEMENT.xml`` (a bank statement read and matched, :mod:`scoring.payments_cli`).

Exit status 0 on success, 2 on bad input with every problem on stderr, one per
line, each naming its place in the document. Never a traceback for bad input.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import NoReturn

from . import prizes_input
from .document import check_file
from .prizes import allocate
from .standings import standings


class _Parser(argparse.ArgumentParser):
    top: argparse.ArgumentParser | None = None  # whose usage a subcommand's error shows

    def error(self, message: str) -> NoReturn:  # exit 2 with usage, as argparse does, but say why
        (self.top or self).print_usage(sys.stderr)
        print(f"error: {message}", file=sys.stderr)
        raise SystemExit(2)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m scoring",
                     description="Standings and checks for turnier/1 tournament documents.")
    sub = parser.add_subparsers(dest="command", required=True)
    st = sub.add_parser("standings", help="print the standings as JSON")
    st.add_argument("document", help="a turnier/1 JSON file")
    st.add_argument("--after-round", type=int, metavar="N",
                    help="count only the rounds numbered up to N")
    st.add_argument("--category", metavar="NAME",
                    help="only entrants of this category (senior, junior, women, youth-a …)")
    va = sub.add_parser("validate", help="list every problem of a document")
    va.add_argument("document", help="a turnier/1 JSON file")
    pr = sub.add_parser("prizes", help="allocate the prizes of a prize document (JSON)")
    pr.add_argument("document", help="a prizes/1 JSON file: standings, prizes, settings")
    for p in (st, va, pr):
        p.top = parser
    return parser


def prizes(path: str) -> int:
    """Print the allocation as JSON; exit 2 with every problem of the document."""
    found, problems = prizes_input.read_file(path)
    for p in problems.items:
        print(f"{path}: {p}", file=sys.stderr)
    if found is None:
        count = len(problems.errors)
        print(f"{path}: {count} problem{'s' if count != 1 else ''}; nothing allocated",
              file=sys.stderr)
        return 2
    players, prize_list, categories, rules = found
    allocation = allocate(players, prize_list, categories, rules)
    json.dump(prizes_input.as_json(players, allocation), sys.stdout, ensure_ascii=False,
              indent=1)
    sys.stdout.write("\n")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "teams":
        from .teams_cli import main as teams_main
        return teams_main(argv[1:])
    if argv and argv[0] == "camt":
        from .payments_cli import main as camt_main
        return camt_main(argv[1:])
    args = build_parser().parse_args(argv)
    if args.command == "prizes":
        return prizes(args.document)
    tournament, problems = check_file(args.document)
    for p in problems.items:
        prefix = "warning: " if p.severity == "warning" else ""
        print(f"{args.document}: {prefix}{p}", file=sys.stderr)
    if tournament is None:
        count = len(problems.errors)
        print(f"{args.document}: {count} problem{'s' if count != 1 else ''}; "
              "nothing evaluated", file=sys.stderr)
        return 2
    if args.command == "validate":
        print(f"{args.document}: valid {tournament.discipline} tournament, "
              f"{len(tournament.entrants)} entrants, {len(tournament.rounds)} rounds"
              + (f", {len(problems.warnings)} warning(s)" if problems.warnings else ""))
        return 0
    if args.after_round is not None and args.after_round < 0:
        print("error: --after-round must be 0 or more", file=sys.stderr)
        return 2
    result = standings(tournament, args.after_round, args.category)
    json.dump(result, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")
    return 0
