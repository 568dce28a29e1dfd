"""Plain data of a Swiss tournament as a pairing engine needs it (no Django, no TRF).

The TRF reader (:mod:`pairing.trf`) builds a :class:`SwissState` for "the
tournament as it stood before round r"; the Dutch engine (:mod:`pairing.dutch`)
turns it into a :class:`SwissPairing`; the web app builds the same state from its
database. Pairing numbers are the initial ranking (1 = highest).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction

# Result codes of a round, as in TRF: games over the board, forfeits, byes, absences.
PLAYED = frozenset("10=WDL")  # W/D/L: TRF-26 codes for unrated games, treated like 1/=/0
FORFEIT = frozenset("+-")
PAB = "U"  # pairing-allocated bye
ABSENCES = frozenset("HZF")  # half-point bye, zero-point bye/absent, full-point bye


@dataclass(frozen=True)
class PointSystem:
    """Points per result; defaults are 1 / ½ / 0 with a full point for the PAB."""

    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    zero: Fraction = Fraction(0)  # zero-point bye and forfeit loss
    forfeit_loss: Fraction = Fraction(0)
    pab: Fraction = Fraction(1)
    half_bye: Fraction | None = None  # None: the same as a draw
    full_bye: Fraction | None = None  # None: the same as a win

    def canonical(self) -> PointSystem:
        """The same points with byes that score a draw / a win written as "like a draw / win".

        ``XXS HPB=0.5 FPB=1.0`` and a file that says nothing about byes give the same
        points for every result; only their spelling differed.
        """
        return replace(self, half_bye=None if self.half_bye == self.draw else self.half_bye,
                       full_bye=None if self.full_bye == self.win else self.full_bye)

    def points(self, result: str) -> Fraction:
        return {
            "1": self.win, "W": self.win, "+": self.win,
            "=": self.draw, "D": self.draw,
            "0": self.loss, "L": self.loss,
            "-": self.forfeit_loss,
            "U": self.pab,
            "H": self.draw if self.half_bye is None else self.half_bye,
            "F": self.win if self.full_bye is None else self.full_bye,
            "Z": self.zero,
        }.get(result, Fraction(0))


@dataclass(frozen=True)
class RoundRecord:
    """One earlier round of one player."""

    opponent: int | None  # pairing number, None for byes and absences
    colour: str | None  # "w", "b", or None (no board)
    result: str  # TRF code: 1 = 0 + - U H Z F (W D L)

    @property
    def played(self) -> bool:
        """A game over the board: it counts for colours and for having met."""
        return self.opponent is not None and self.result in PLAYED

    @property
    def paired(self) -> bool:
        """The player was paired this round (a game, a forfeit, or the PAB)."""
        return self.opponent is not None or self.result == PAB


@dataclass(frozen=True)
class SwissPlayer:
    number: int  # pairing number = initial ranking
    points: Fraction  # score before the round being paired
    history: tuple[RoundRecord, ...]  # rounds 1 .. r-1, in order
    absent: bool = False  # announced absent for the round being paired (not paired, no PAB)
    rating: int = 0
    name: str = ""
    # Virtual points (XXA / 250) of rounds 1, 2, ... as they were paired: the current round's
    # moves the player between scoregroups, and the earlier rounds' decide who floated then
    # (the endorsed engines judge an old float on the scores as they were paired).
    accelerations: tuple[Fraction, ...] = ()

    @property
    def acceleration(self) -> Fraction:
        """The virtual points for pairing this round (round ``len(history) + 1``)."""
        return self.acceleration_in(len(self.history) + 1)

    def acceleration_in(self, round_: int) -> Fraction:
        """The virtual points the player had when round ``round_`` was paired (0 if none)."""
        if 0 < round_ <= len(self.accelerations):
            return self.accelerations[round_ - 1]
        return Fraction(0)

    @property
    def opponents(self) -> frozenset[int]:
        """Players met over the board (forfeits do not count as having met)."""
        return frozenset(r.opponent for r in self.history if r.played and r.opponent)

    @property
    def colours(self) -> tuple[str, ...]:
        """Colours of the games played over the board, in order."""
        return tuple(r.colour for r in self.history if r.played and r.colour in ("w", "b"))

    @property
    def had_pab(self) -> bool:
        return any(r.result == PAB for r in self.history)


@dataclass(frozen=True)
class SwissState:
    round: int  # the round to pair, 1-based
    total_rounds: int
    initial_colour: str  # "w" or "b": the colour drawn for the top player before round 1
    players: tuple[SwissPlayer, ...]
    points: PointSystem = field(default_factory=PointSystem)
    forbidden: frozenset[frozenset[int]] = frozenset()  # pairs that must not meet (XXP)
    # The initial ranking as pairing numbers when it is not their order (TRF ``XXC rank``:
    # the numbers then only name the players); empty: number 1 ranks first, and so on.
    ranking: tuple[int, ...] = ()


    def pairing_view(self) -> SwissState:
        """Only what a pairing can depend on, so that two states can be compared by meaning.

        Names and ratings go (pairing numbers are the ranking), forfeits and byes lose the
        colour a file may write on them (only games over the board have colours), the point
        system is :meth:`PointSystem.canonical`, and trailing zero accelerations are dropped.
        """
        players = []
        for p in self.players:
            history = tuple(r if r.played else replace(r, colour=None) for r in p.history)
            accelerations = list(p.accelerations)
            while accelerations and not accelerations[-1]:
                accelerations.pop()
            players.append(replace(p, name="", rating=0, history=history,
                                   accelerations=tuple(accelerations)))
        return replace(self, players=tuple(players), points=self.points.canonical())


@dataclass(frozen=True)
class SwissPairing:
    pairs: tuple[tuple[int, int], ...]  # (white, black) pairing numbers
    bye: int | None = None  # the pairing-allocated bye
    explanation: tuple[str, ...] = ()
