"""Compare computed standings with a fixture's expected standings (shared by tests and scripts)."""

from __future__ import annotations

import math
from typing import Any


def differences(expected: dict[str, Any], actual: dict[str, Any],
                keys: set[str] | None = None) -> list[str]:
    """Where ``actual`` differs: ranks, the set of entrants per rank, every expected value."""
    out: list[str] = []
    exp_rows, act_rows = expected["standings"], actual["standings"]
    if len(exp_rows) != len(act_rows):
        out.append(f"{len(act_rows)} rows, expected {len(exp_rows)}")

    def by_rank(rows: list[dict[str, Any]]) -> dict[int, set[int]]:
        ranks: dict[int, set[int]] = {}
        for r in rows:
            ranks.setdefault(r["rank"], set()).add(r["entrant"])
        return ranks

    if by_rank(exp_rows) != by_rank(act_rows):
        out.append(f"ranks differ: expected {sorted(by_rank(exp_rows).items())}, "
                   f"got {sorted(by_rank(act_rows).items())}")
    actual_values = {r["entrant"]: r["values"] for r in act_rows}
    for row in exp_rows:
        got = actual_values.get(row["entrant"], {})
        for k, v in row["values"].items():
            if keys is not None and k not in keys:
                continue
            if k not in got:
                out.append(f"entrant {row['entrant']}: no value {k!r}")
            elif v is None or got[k] is None:
                if v != got[k]:
                    out.append(f"entrant {row['entrant']}: {k} = {got[k]}, expected {v}")
            elif not math.isclose(got[k], v, rel_tol=1e-9, abs_tol=1e-9):
                out.append(f"entrant {row['entrant']}: {k} = {got[k]}, expected {v}")
    return out
