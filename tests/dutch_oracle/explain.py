"""Short lines for the director's preview: per bracket who floated and why, and why each
colour was given. English messages (:mod:`scoring.i18n`) that the web side translates; the
players in them are :class:`~scoring.i18n.Ref` to their pairing numbers, which the web
side shows as start numbers."""

from __future__ import annotations

from fractions import Fraction

from scoring.i18n import N_, Message, Ref, Refs

from .brackets import BracketRecord
from .model import DOWN, Entrant


def _score(s: Fraction) -> int | float:
    """A score as a message shows it: 1, 0.5 (the web side writes 0,5 in German)."""
    return s.numerator if s.denominator == 1 else float(f"{float(s):g}")


def explanation(players: list[Entrant], brackets: list[BracketRecord],
                reasons: dict[tuple[int, int], Message], bye: int | None) -> list[Message]:
    lines: list[Message] = []
    for b in brackets:
        movers = Refs(players[i].number for i in b.movers)
        if movers:
            lines.append(N_("Bracket %(score)s: %(n)s resident(s), moved down: %(movers)s",
                            score=_score(b.score), n=len(b.residents), movers=movers))
        else:
            lines.append(N_("Bracket %(score)s: %(n)s resident(s)",
                            score=_score(b.score), n=len(b.residents)))
        for h, lo in b.pairs:
            ph, pl = players[h], players[lo]
            if ph.score != pl.score:
                lines.append(N_("  %(high)s (%(high_score)s) floats down to meet "
                                "%(low)s (%(low_score)s)",
                                high=Ref(ph.number), high_score=_score(ph.score),
                                low=Ref(pl.number), low_score=_score(pl.score)))
        odd = (len(b.movers) + len(b.residents)) % 2 == 1
        for i in b.downfloaters:
            p = players[i]
            if odd and len(b.downfloaters) == 1:
                why = N_("odd number of players in the bracket")
            else:
                why = N_("no opponent left in the bracket that he has not met, that the colour "
                         "rules allow and that keeps the round pairable")
            if p.floats[0] == DOWN:
                why = N_("%(why)s; floated down last round too", why=why)
            lines.append(N_("  %(player)s (%(score)s) moves down: %(why)s",
                            player=Ref(p.number), score=_score(p.score), why=why))
        if b.complete_check_failed:
            lines.append(N_("  (paired so that the brackets below can still be completed, C4)"))
    by_number = {p.number: p for p in players}
    for (w, bl), reason in sorted(reasons.items()):
        pw, pb = by_number[w], by_number[bl]
        lines.append(N_("%(white)s-%(black)s: white %(white)s (%(white_pref)s), black %(black)s "
                        "(%(black_pref)s): %(reason)s", white=Ref(w), black=Ref(bl),
                        white_pref=pw.describe_preference(),
                        black_pref=pb.describe_preference(), reason=reason))
    if bye is not None:
        lines.append(N_("Pairing-allocated bye: %(player)s (lowest score that keeps the round "
                        "complete, no earlier bye)", player=Ref(bye)))
    return lines
