"""The quality criteria C6–C21 packed into one integer per possible pair.

A bracket's best pairing is the matching with the largest total weight when every criterion is
a bit field of the weight, the most important one highest (Art. 2.4 compares candidates
criterion by criterion, the first difference deciding). Each field is wide enough that the sum
over all pairs of a matching cannot spill into the field above. The layout follows the
FIDE-endorsed bbpPairings, whose pairings are the reference; from high to low:

* top: 1 + (not a bye candidate) for each player — completion (C4) and who may take the
  PAB (C2, C5): the round must be complete, and a player who may not get the bye is paired;
* C6: a pair in the current bracket (maximise pairs = minimise downfloaters);
* C7: the score of the higher player of a pair in the bracket (pair the highest scores first,
  i.e. minimise the scores of the downfloaters);
* C8: the same two fields for the next bracket (choose downfloaters so that the next bracket
  pairs as well as possible);
* C9: the rank of a bye-score player by played games, fewer games ranking higher, so that
  the PAB goes to the one with the fewest unplayed games (only while the bracket decides
  the PAB; a sum of ranks, so twice as wide);
* C10–C13: colour bits (topscorers' colour difference and three in a row, colour
  preference, strong colour preference), one per pair;
* C14–C17: repeated floats from the last round and two rounds back;
* C18–C21: the scores of those repeated floaters;
* room for the tie-break between equally good candidates (transpositions and exchanges).

Only pairs whose lower player is a resident of the current bracket get the C6, C7 and C10–C21
bits; pairs with the lower player in the next scoregroup get the C8 bits; all other pairs only
the top field (they matter for completion only). Per bracket the fields are cut to the scores
and the number of players present (:meth:`Layout.local`); the order stays the same.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .model import DOWN, UP, Entrant


@dataclass
class Layout:
    """Field widths of the weight for one round."""

    size_bits: int  # bits for a count of players in one scoregroup
    score_bits: int  # total width of a score field (one sub-field per scoregroup)
    shift: dict[Fraction, int]  # score -> bit offset of its sub-field
    played_rounds: int
    bye_score: Fraction
    candidate: list[bool]  # per entrant index: may take the PAB (C2 and C5)
    played_rank: dict[int, int]  # C9: played games -> rank among bye-score players

    @classmethod
    def of(cls, players: list[Entrant], played_rounds: int) -> Layout:
        shift: dict[Fraction, int] = {}
        total = 0
        largest = 0
        i = len(players) - 1
        while i >= 0:  # from the lowest scoregroup up
            j = i
            while j > 0 and players[j - 1].score == players[i].score:
                j -= 1
            size = i - j + 1
            shift[players[i].score] = total
            total += size.bit_length()
            largest = max(largest, size)
            i = j - 1
        return cls(size_bits=largest.bit_length(), score_bits=total, shift=shift,
                   played_rounds=played_rounds, bye_score=Fraction(0),
                   candidate=[False] * len(players), played_rank={})

    def local(self, players: list[Entrant], indices: list[int]) -> Layout:
        """The same criteria with fields only as wide as this bracket needs.

        Only the scores present among ``indices`` (the bracket and the next scoregroup) get a
        sub-field, and counts are bounded by their number: narrower integers, the same order.
        """
        counts: dict[Fraction, int] = {}
        for i in indices:
            counts[players[i].score] = counts.get(players[i].score, 0) + 1
        shift: dict[Fraction, int] = {}
        total = 0
        for score in sorted(counts):
            shift[score] = total
            total += (counts[score] + 1).bit_length()
        return Layout(size_bits=(len(indices) + 1).bit_length(), score_bits=total, shift=shift,
                      played_rounds=self.played_rounds, bye_score=self.bye_score,
                      candidate=self.candidate, played_rank=self.played_rank)

    @property
    def low_bits(self) -> int:
        """Width of everything below the top field."""
        sb, gb, r = self.size_bits, self.score_bits, self.played_rounds
        bits = sb + gb + sb + gb + 2 * sb + 4 * sb
        if r >= 1:
            bits += 2 * sb + 2 * gb
        if r > 1:
            bits += 2 * sb + 2 * gb
        return bits + 3 * sb + 1

    def set_bye(self, players: list[Entrant], bye_score: Fraction) -> None:
        self.bye_score = bye_score
        self.candidate = [p.eligible_for_bye and p.score <= bye_score for p in players]
        counts = sorted((p.played_games for p in players if p.score == bye_score),
                        reverse=True)
        self.played_rank = {}
        for rank, games in enumerate(counts):
            self.played_rank[games] = rank

    def top(self, i: int, j: int) -> int:
        return 1 + (not self.candidate[i]) + (not self.candidate[j])

    def low(self, h: Entrant, lo: Entrant, in_current: bool, in_next: bool,
            single_bye_bracket: bool) -> int:
        """The criteria fields (below the top field) of the pair higher ``h``, lower ``lo``."""
        sb, gb = self.size_bits, self.score_bits
        shift = self.shift
        w = int(in_current)
        w <<= gb
        if in_current:
            w |= 1 << shift[h.score]
        w = (w << sb) | int(in_next)
        w <<= gb
        if in_next:
            w |= 1 << shift[h.score]
        w <<= 2 * sb  # a sum of ranks: twice as wide
        if single_bye_bracket:
            if h.score == self.bye_score:
                w |= self.played_rank[h.played_games]
            if lo.score == self.bye_score:
                w += self.played_rank[lo.played_games]
        for bit in colour_bits(lo, h):
            w = (w << sb) | (in_current and bit)
        r = self.played_rounds
        for back in (0, 1):
            if r <= back:
                continue
            fl, fh = lo.floats[back], h.floats[back]
            w <<= sb
            if in_current:
                w += (fl == DOWN) + (h.score <= lo.score and fh == DOWN)
            w <<= sb
            if in_current:
                w |= not (h.score > lo.score and fl == UP)
        for back in (0, 1):
            if r <= back:
                continue
            fl, fh = lo.floats[back], h.floats[back]
            w <<= gb
            if in_current:
                w += (fl == DOWN) << shift[lo.score]
                w += (fh == DOWN) << shift[h.score]
            w <<= gb
            if in_current and not (fl == UP and h.score > lo.score):
                w |= 1 << shift[h.score]
        return w << (3 * sb + 1)


def colour_bits(p: Entrant, o: Entrant) -> tuple[bool, bool, bool, bool]:
    """C10–C13 for one pair: True where the pair does not violate the criterion."""
    same = p.preference == o.preference
    c10 = not (p.imbalance > 1 and o.imbalance > 1 and same)
    if not (p.absolute and o.absolute and same):
        c11 = True
    elif p.imbalance == o.imbalance:
        c11 = p.repeated is None or p.repeated != o.repeated
    else:
        loser = o if p.imbalance > o.imbalance else p
        c11 = loser.repeated != (None if p.preference is None else
                                 ("b" if p.preference == "w" else "w"))
    c12 = not same or p.preference is None or o.preference is None
    p_any = p.strong or p.absolute
    o_any = o.strong or o.absolute
    c13 = (not p_any) or (not o_any) or (p.absolute and o.absolute) or not same
    return c10, c11, c12, c13
