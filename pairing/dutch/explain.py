"""Short English lines for the director's preview: per bracket who floated and why, and why
each colour was given."""

from __future__ import annotations

from fractions import Fraction

from .brackets import BracketRecord
from .model import DOWN, Entrant


def _score(s: Fraction) -> str:
    return str(s.numerator) if s.denominator == 1 else f"{float(s):g}"


def explanation(players: list[Entrant], brackets: list[BracketRecord],
                reasons: dict[tuple[int, int], str], bye: int | None) -> list[str]:
    lines: list[str] = []
    for b in brackets:
        movers = ", ".join(str(players[i].number) for i in b.movers)
        head = f"Bracket {_score(b.score)}: {len(b.residents)} resident(s)"
        if movers:
            head += f", moved down: {movers}"
        lines.append(head)
        for h, lo in b.pairs:
            ph, pl = players[h], players[lo]
            if ph.score != pl.score:
                lines.append(f"  {ph.number} ({_score(ph.score)}) floats down to meet "
                             f"{pl.number} ({_score(pl.score)})")
        odd = (len(b.movers) + len(b.residents)) % 2 == 1
        for i in b.downfloaters:
            p = players[i]
            if odd and len(b.downfloaters) == 1:
                why = "odd number of players in the bracket"
            else:
                why = ("no opponent left in the bracket that he has not met, that the colour "
                       "rules allow and that keeps the round pairable")
            if p.floats[0] == DOWN:
                why += "; floated down last round too"
            lines.append(f"  {p.number} ({_score(p.score)}) moves down: {why}")
        if b.complete_check_failed:
            lines.append("  (paired so that the brackets below can still be completed, C4)")
    by_number = {p.number: p for p in players}
    for (w, bl), reason in sorted(reasons.items()):
        pw, pb = by_number[w], by_number[bl]
        lines.append(f"{w}-{bl}: white {w} ({pw.describe_preference()}), black {bl} "
                     f"({pb.describe_preference()}): {reason}")
    if bye is not None:
        lines.append(f"Pairing-allocated bye: {bye} (lowest score that keeps the round "
                     f"complete, no earlier bye)")
    return lines
