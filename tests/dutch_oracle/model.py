"""The players of one round as the Dutch rules see them (C.04.3 Art. 1, C.04.2).

Everything the criteria ask about a player is computed once here: the score used for pairing
(with acceleration), the rank (pairing number counted only among players who belong to the
tournament this round), colour difference and preference (Art. 1.6, 1.7), the floats of the
last two rounds (Art. 1.4) and whether the player may still receive the pairing-allocated bye
(C2).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pairing.swiss import SwissPlayer, SwissState
from scoring.i18n import N_, Message

WHITE, BLACK = "w", "b"
DOWN, UP = "D", "U"


def other(colour: str | None) -> str | None:
    return {WHITE: BLACK, BLACK: WHITE}.get(colour or "")


@dataclass
class Entrant:
    """A player to be paired this round, with the derived data the criteria need."""

    number: int  # pairing number (TRF)
    rank: int  # 0-based rank among the players who belong to the tournament this round
    score: Fraction  # score for pairing purposes (with acceleration)
    colours: tuple[str, ...]  # colours of the games played over the board, in order
    imbalance: int  # |games with white - games with black|
    difference: int  # games with white - games with black (the colour difference)
    preference: str | None  # the colour this player should get: "w", "b" or None
    repeated: str | None  # the colour of the last two games when both were the same
    strong: bool  # strong (not absolute) preference: colour difference +1 or -1
    played_games: int
    eligible_for_bye: bool  # C2: no PAB yet, never a win's points without playing
    floats: tuple[str | None, str | None]  # float of the last round, of two rounds before
    opponents: frozenset[int]  # players met over the board
    topscorer: bool = False

    @property
    def absolute(self) -> bool:
        """Absolute colour preference: |CD| > 1, or the same colour in the last two games."""
        return self.imbalance > 1 or self.repeated is not None

    def describe_preference(self) -> Message:
        if self.preference is None:
            return N_("no colour preference")
        white = self.preference == WHITE
        if self.absolute:
            return N_("absolute preference for white") if white else N_(
                "absolute preference for black")
        if self.strong:
            return N_("strong preference for white") if white else N_(
                "strong preference for black")
        return N_("mild preference for white") if white else N_("mild preference for black")


def belongs(player: SwissPlayer) -> bool:
    """Counted for pairing numbers this round: not a newcomer who is absent again (README)."""
    return not player.absent or any(r.paired for r in player.history)


def entrants(state: SwissState) -> list[Entrant]:
    """The players to pair, sorted by score (descending) then rank (Art. 1.2)."""
    points = state.points
    by_number = {p.number: p for p in state.players}
    position = {n: i for i, n in enumerate(state.ranking)}
    ranked = [p for p in sorted(state.players,
                                key=lambda p: (position.get(p.number, len(position)), p.number))
              if belongs(p)]
    rank = {p.number: i for i, p in enumerate(ranked)}
    played_rounds = state.round - 1
    best = max(points.win, points.draw)
    threshold = played_rounds * best / 2
    last_round = played_rounds >= state.total_rounds - 1

    def score_before(player: SwissPlayer, index: int) -> Fraction:
        """Score before round ``index + 1`` (0-based index into the history)."""
        return sum((points.points(r.result) for r in player.history[:index]), Fraction(0))

    def paired_score(player: SwissPlayer, index: int) -> Fraction:
        """The score round ``index + 1`` was paired on: the points before it plus that
        round's acceleration (as the endorsed engines judge an earlier float)."""
        return score_before(player, index) + player.acceleration_in(index + 1)

    def float_of(player: SwissPlayer, back: int) -> str | None:
        index = len(player.history) - back
        if index < 0:
            return None
        record = player.history[index]
        if not record.played:
            # A PAB, a forfeit win or a bye worth more than a loss is a downfloat (1.4.3);
            # nothing else unplayed is a float (1.4.4).
            return DOWN if points.points(record.result) > points.loss else None
        mine = paired_score(player, index)
        opponent = by_number.get(record.opponent) if record.opponent is not None else None
        theirs = paired_score(opponent, index) if opponent is not None else mine
        return DOWN if mine > theirs else UP if mine < theirs else None

    result = []
    for p in state.players:
        if p.absent:
            continue
        colours = p.colours
        white = colours.count(WHITE)
        black = len(colours) - white
        imbalance = abs(white - black)
        lower = BLACK if white > black else WHITE
        run = 0
        for c in reversed(colours):
            if c != colours[-1]:
                break
            run += 1
        last = colours[-1] if colours else None
        preference: str | None
        if imbalance > 1:
            preference = lower
        elif run > 1:
            preference = other(last)
        elif imbalance > 0:
            preference = lower
        elif run:
            preference = other(last)
        else:
            preference = None
        repeated = last if run > 1 else None
        absolute = imbalance > 1 or repeated is not None
        eligible = not p.had_pab and not any(
            not r.played and points.points(r.result) >= points.win for r in p.history)
        score = p.points + p.acceleration
        result.append(Entrant(
            number=p.number, rank=rank[p.number], score=score, colours=colours,
            imbalance=imbalance, difference=white - black, preference=preference,
            repeated=repeated, strong=not absolute and imbalance > 0,
            played_games=len(colours), eligible_for_bye=eligible,
            floats=(float_of(p, 1) if played_rounds >= 1 else None,
                    float_of(p, 2) if played_rounds >= 2 else None),
            opponents=p.opponents,
            topscorer=last_round and score > threshold))
    result.sort(key=lambda e: (-e.score, e.rank))
    return result
