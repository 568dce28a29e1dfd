"""Comparing two TRF files by meaning: what a round trip through the app changed."""

from __future__ import annotations

from collections import Counter
from typing import Any

from pairing.trf import CELL_WIDTH, FIRST_CELL, Cell, Trf, TrfPlayer, points_before

from .ranking import HEADER, LIST_HEADER, REBUILT, normal_title
from .reading import _initial_colour


def player_facts(p: TrfPlayer) -> tuple[Any, ...]:
    """Sex, title, name, rating, federation, FIDE id, birth date of a ``001`` line."""
    h = p.head
    return (h[9].strip(), normal_title(h[10:13]), p.name, p.rating, h[53:56].strip(),
            h[57:68].strip(), h[69:79].strip())


def _header_facts(trf: Trf) -> dict[str, Any]:
    facts: dict[str, Any] = {}
    for line in trf.lines:
        if not isinstance(line, str):
            continue
        code = line[:3]
        if code in ("012", *HEADER):
            if line[4:].strip():  # an empty header line says nothing (and is not kept)
                facts.setdefault(code, line[4:].strip())
        elif code in LIST_HEADER:
            facts.setdefault(code, []).append(line[4:].strip())
        elif code == "132":
            dates = [line[i:i + 8].strip() for i in range(FIRST_CELL - 1, len(line), CELL_WIDTH)]
            while dates and not dates[-1]:
                dates.pop()
            if dates:
                facts[code] = dates
    return facts


def _ranked_by_score(trf: Trf) -> bool:
    """Is the rank column "score, then pairing number", the only order the export writes?

    Real files rank by their tie-breaks (or write the pairing number there); such a
    column is not pairing data (without ``XXC rank``) and cannot come back.
    """
    order = sorted(trf.players.values(), key=lambda p: (-(p.points or 0), p.number))
    return all(p.rank == k for k, p in enumerate(order, 1))


def _announced(trf: Trf) -> dict[int, dict[int, str]]:
    """Round -> player -> code of the absences known for rounds not paired yet."""
    paired = trf.rounds_paired
    out: dict[int, dict[int, str]] = {}
    for n, p in trf.players.items():
        for k, c in enumerate(p.cells, 1):
            if k > paired and c is not None:
                out.setdefault(k, {})[n] = c.result
    for n in trf.absent_next:
        out.setdefault(paired + 1, {}).setdefault(n, "Z")
    for k, absent in trf.absences.items():
        for n in absent:
            if k > paired:
                out.setdefault(k, {}).setdefault(n, "Z")
    return out


def _other_lines(trf: Trf) -> Counter[str]:
    paired = trf.rounds_paired
    return Counter(line for line in trf.lines if isinstance(line, str) and line.strip()
                   and line[:3] not in REBUILT
                   and (line[:3] != "240" or int(line[6:9]) <= paired))


def _forbidden(trf: Trf) -> set[tuple[frozenset[int], int, int | None]]:
    return {(frozenset((a, b)), f.first, f.last) for f in trf.forbidden
            for i, a in enumerate(f.players) for b in f.players[i + 1:] if a != b}


def _cell_text(c: Cell | None) -> str:
    return "blank" if c is None else c.text().strip()


def trf_differences(original: Trf, copy: Trf) -> list[str]:
    """What ``copy`` says differently from ``original``, as short sentences; [] if nothing.

    Compared by meaning, not bytes: header facts, rounds (``XXR``), initial colour,
    points per result code, forbidden pairs, accelerations, every player's facts,
    cells of the paired rounds (a blank cell counts as ``Z``, which is what it
    means), announced absences of later rounds (cells, ``XXZ`` and ``240`` alike),
    the score column when the original has one (it may count an ``H``/``F`` announced for
    the round to pair, as JaVaFo's files do), the rank column when the original
    ranks by score and pairing number (``XXC rank``: the initial ranking it gives),
    and every other line as a multiset. Empty header lines count as missing.
    """
    diffs: list[str] = []

    def differ(what: str, a: Any, b: Any) -> None:
        if a != b:
            diffs.append(f"{what}: {a!r} != {b!r}")

    a_facts, b_facts = _header_facts(original), _header_facts(copy)
    for code in sorted(set(a_facts) | set(b_facts)):
        differ(f"header {code}", a_facts.get(code), b_facts.get(code))
    if original.total_rounds is not None:
        differ("rounds (XXR)", original.total_rounds, copy.total_rounds)
    differ("initial colour", _initial_colour(original), _initial_colour(copy))
    differ("initial ranking", original.initial_order(), copy.initial_order())
    codes = "10=+-UHFZWDL"
    differ("points", [str(original.points.points(c)) for c in codes],
           [str(copy.points.points(c)) for c in codes])
    differ("forbidden pairs", _forbidden(original), _forbidden(copy))
    differ("accelerations", original.accelerations, copy.accelerations)
    differ("announced absences", _announced(original), _announced(copy))
    differ("other lines", sorted(_other_lines(original).elements()),
           sorted(_other_lines(copy).elements()))
    differ("players", sorted(original.players), sorted(copy.players))
    paired = original.rounds_paired
    differ("rounds paired", paired, copy.rounds_paired)
    compare_ranks = not original.by_rank and _ranked_by_score(original)
    absent = Cell(None, "-", "Z")
    for n in sorted(set(original.players) & set(copy.players)):
        a, b = original.players[n], copy.players[n]
        differ(f"player {n}", player_facts(a), player_facts(b))
        for k in range(1, paired + 1):
            ca, cb = a.cell(k) or absent, b.cell(k) or absent
            if ca != cb:
                diffs.append(f"player {n}, round {k}: {_cell_text(a.cell(k))} != "
                             f"{_cell_text(b.cell(k))}")
        # JaVaFo's files count an announced H/F of the round to pair in the score already
        if a.points is not None and not (
                a.points == points_before(original, a, len(a.cells) + 1)
                and b.points == points_before(original, a, paired + 1)):
            differ(f"player {n}: points", a.points, b.points)
        if a.rank is not None and compare_ranks:
            differ(f"player {n}: rank", a.rank, b.rank)
    return diffs
