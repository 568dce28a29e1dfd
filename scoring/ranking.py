"""Ranking by a list of criteria, with shared ranks for complete ties.

Most criteria are one number per entrant (higher or lower is better). Some,
like chess's direct encounter, can only be judged within a group of entrants
tied so far; they are given as a function that splits such a group. Ranking
therefore refines groups criterion by criterion, and entrants left in one
group share a rank (``1, 2, 2, 4``). Inside a shared rank, rows are ordered by
entrant id so the output never depends on the order of the document.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

Group = list[int]
Splitter = Callable[[Group], list[Group]]


@dataclass(frozen=True)
class Criterion:
    """A ranking criterion: a value per entrant, or a splitter of tied groups."""

    name: str
    higher_is_better: bool = True
    splitter: Splitter | None = None


def _split_by_value(group: Group, values: Mapping[int, Any], higher: bool) -> list[Group]:
    ordered = sorted(group, key=lambda e: values[e], reverse=higher)
    out: list[Group] = []
    for e in ordered:
        if out and values[out[-1][0]] == values[e]:
            out[-1].append(e)
        else:
            out.append([e])
    return out


def rank(entrants: Sequence[int], criteria: Sequence[Criterion],
         values: Mapping[int, Mapping[str, Any]]) -> list[tuple[int, int]]:
    """Return ``(rank, entrant)`` in ranking order.

    ``values[e][criterion.name]`` must be comparable for value criteria.
    """
    groups: list[Group] = [sorted(entrants)]
    for crit in criteria:
        refined: list[Group] = []
        for group in groups:
            if len(group) < 2:
                refined.append(group)
            elif crit.splitter is not None:
                refined.extend(crit.splitter(group))
            else:
                column = {e: values[e][crit.name] for e in group}
                refined.extend(_split_by_value(group, column, crit.higher_is_better))
        groups = refined
    out: list[tuple[int, int]] = []
    position = 1
    for group in groups:
        for e in sorted(group):
            out.append((position, e))
        position += len(group)
    return out
