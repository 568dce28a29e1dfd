"""``python -m scoring camt STATEMENT.xml [--dues DUES.json]``: a camt.053 statement read
(:mod:`scoring.camt`) and, with open registrations, matched (:mod:`scoring.payments`).

``DUES.json`` is a list of ``{"key": 1, "reference": "TW-…", "name": "…", "amount_cents":
3000}``. Prints JSON: the transfers, or the matches and what stayed unmatched with its
reason. Exit 2 with the line on a file that cannot be read.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from .camt import CamtError, StatementLine, read
from .payments import Due, match


def _line(line: StatementLine) -> dict[str, Any]:
    return {"line": line.line, "amount_cents": line.amount_cents, "currency": line.currency,
            "credit": line.credit, "booked": line.booked,
            "date": line.date.isoformat() if line.date else None, "name": line.name,
            "iban": line.iban, "remittance": line.remittance}


def _dues(path: str) -> list[Due]:
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    if not isinstance(data, list) or len(data) > 100_000:
        raise ValueError("the dues are a list of at most 100,000 objects")
    dues = []
    for i, d in enumerate(data):
        if not isinstance(d, dict) or not isinstance(d.get("key"), int) \
                or not isinstance(d.get("amount_cents"), int) \
                or not isinstance(d.get("reference"), str) or not isinstance(d.get("name"), str):
            raise ValueError(f"dues[{i}]: needs key, reference, name, amount_cents")
        dues.append(Due(d["key"], d["reference"], d["name"], d["amount_cents"]))
    return dues


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scoring camt",
                                     description="Read (and match) a camt.053 statement.")
    parser.add_argument("statement")
    parser.add_argument("--dues", help="a JSON list of open registrations to match")
    args = parser.parse_args(argv)
    try:
        with open(args.statement, "rb") as f:
            statement = read(f)
        dues = _dues(args.dues) if args.dues else None
    except CamtError as exc:
        print(f"{args.statement}:{exc.line}: {exc.message}", file=sys.stderr)
        return 2
    except (OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    out: dict[str, Any] = {"version": statement.version, "iban": statement.iban}
    if dues is None:
        out["lines"] = [_line(x) for x in statement.lines]
    else:
        found = match(statement.lines, dues)
        out["matches"] = [{"key": m.key, "how": m.how, **_line(m.line)} for m in found.matches]
        out["unmatched"] = [{"reason": u.reason, "key": u.key, **_line(u.line)}
                            for u in found.unmatched]
    json.dump(out, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")
    return 0
