"""Make a large Swiss field as it stands before a round: the benchmark's biggest fixture.

``python tools/dutch_large_field.py --players 9999 --seed 36 -o fixtures/dutch-large/p9999.trf.gz``
writes a 9-round tournament of N players after round 5 (gzip-compressed TRF, the format of
``fixtures/dutch/README.md``), made the way the 2,000- and 5,000-player fixtures were: the
first rounds are paired by a *simple legal Swiss*, not by the Dutch rules (no engine that
follows them finishes at this size in reasonable time, which is the point of the benchmark):

* players ranked by rating (pairing numbers 1..N, ratings falling from 2800);
* each round the present players are sorted by score, then pairing number, and each unpaired
  player in turn meets the next one below him he has not met and who can take the colours
  (nobody gets a colour difference beyond ±2 or the same colour three times running); the
  colours go by preference, then alternation, then the higher player's pairing number; an odd
  player out (the lowest one who has not had it) gets the pairing-allocated bye (``U``);
* results drawn by rating difference (the Elo expectation, a fifth of the games drawn),
  about 1 % of games won by forfeit, about 1 % of players each round absent with a
  half-point bye (``H``) and 1 % without points (``Z``);
* players announced absent for the next round (about 2 %) already carry its cell, so the
  engine must leave them unpaired (as in the other fixtures of ``fixtures/dutch-large``).

The same seed and size always give the same file (``random.Random(seed)`` only). The rank
column (86-89) is the standings rank (score, then pairing number), as exports write it.
"""

from __future__ import annotations

import argparse
import gzip
import random
import sys
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

HALF = Fraction(1, 2)


@dataclass
class Player:
    number: int
    rating: int
    cells: list[str] = field(default_factory=list)
    colours: list[str] = field(default_factory=list)  # over the board only
    met: set[int] = field(default_factory=set)
    score: Fraction = Fraction(0)
    had_bye: bool = False

    def difference(self) -> int:
        return self.colours.count("w") - self.colours.count("b")

    def may_take(self, colour: str) -> bool:
        """No colour difference beyond ±2, no colour three times running."""
        diff = self.difference() + (1 if colour == "w" else -1)
        return abs(diff) <= 2 and self.colours[-2:] != [colour, colour]

    def preference(self) -> str | None:
        diff = self.difference()
        if diff:
            return "b" if diff > 0 else "w"
        if self.colours:
            return "b" if self.colours[-1] == "w" else "w"
        return None


def colours_of(a: Player, b: Player, first_white: bool) -> tuple[Player, Player] | None:
    """(white, black) for a (the higher) and b, or None if no colours are possible."""
    options = [(a, b), (b, a)]
    legal = [(w, k) for w, k in options if w.may_take("w") and k.may_take("b")]
    if not legal:
        return None
    pa, pb = a.preference(), b.preference()
    for w, k in legal:
        if pa is not None and (pa == "w") == (w is a) and (pb is None or pb != pa):
            return w, k
    for w, k in legal:
        if pb is not None and (pb == "w") == (w is b):
            return w, k
    for w, k in legal:
        if pa is not None and (pa == "w") == (w is a):
            return w, k
    for w, k in legal:
        if (w is a) == first_white:
            return w, k
    return legal[0]


def result_of(rng: random.Random, white: Player, black: Player) -> tuple[str, str]:
    """The two cells' results: a game by the Elo expectation, or a forfeit now and then."""
    if rng.random() < 0.01:
        return ("+", "-") if rng.random() < 0.5 else ("-", "+")
    expected = 1 / (1 + 10 ** ((black.rating - white.rating) / 400))
    if rng.random() < 0.2:
        return "=", "="
    return ("1", "0") if rng.random() < expected else ("0", "1")


POINTS = {"1": Fraction(1), "=": HALF, "0": Fraction(0), "+": Fraction(1), "-": Fraction(0),
          "U": Fraction(1), "H": HALF, "Z": Fraction(0)}


def play_round(rng: random.Random, players: list[Player], round_: int,
               absent: dict[int, str]) -> None:
    """Pair one round by the simple legal Swiss and draw its results."""
    for p in players:
        if p.number in absent:
            p.cells.append(f"0000 - {absent[p.number]}")
            p.score += POINTS[absent[p.number]]
    order = sorted((p for p in players if p.number not in absent),
                   key=lambda p: (-p.score, p.number))
    if len(order) % 2:
        bye = next(p for p in reversed(order) if not p.had_bye)
        order.remove(bye)
        bye.had_bye = True
        bye.cells.append("0000 - U")
        bye.score += 1
    free = order[:]
    while free:
        a = free.pop(0)
        for k, b in enumerate(free):
            if b.number in a.met:
                continue
            pair = colours_of(a, b, first_white=(a.number % 2 == 1) == (round_ % 2 == 1))
            if pair is None:
                continue
            free.pop(k)
            white, black = pair
            rw, rb = result_of(rng, white, black)
            for me, other, colour, res in ((white, black, "w", rw), (black, white, "b", rb)):
                me.cells.append(f"{other.number:>4} {colour} {res}")
                me.score += POINTS[res]
                if res not in "+-":
                    me.colours.append(colour)
                    me.met.add(other.number)
            break
        else:
            raise SystemExit(f"round {round_}: no legal opponent for player {a.number}; "
                             "try another seed")


def absences(rng: random.Random, players: list[Player], share: float) -> dict[int, str]:
    """Who is absent this round: half of them with a half-point bye, half without points."""
    return {p.number: ("H" if rng.random() < 0.5 else "Z") for p in players
            if rng.random() < share}


def tournament(size: int, seed: int, played: int, rounds: int) -> str:
    rng = random.Random(seed)
    players = [Player(n, 2800 - (n - 1) * 2000 // max(size - 1, 1)) for n in range(1, size + 1)]
    for round_ in range(1, played + 1):
        play_round(rng, players, round_, absences(rng, players, 0.02))
    announced = absences(rng, players, 0.02)
    standings = sorted(players, key=lambda p: (-p.score, p.number))
    rank = {p.number: k for k, p in enumerate(standings, 1)}
    lines = [f"012 Large field {size} players, after round {played}", f"XXR {rounds}",
             "XXC white1"]
    for p in players:
        cells = list(p.cells)
        shown = p.score
        if p.number in announced:
            cells.append(f"0000 - {announced[p.number]}")
            shown += POINTS[announced[p.number]]
        head = f"001 {p.number:>4}      Test{p.number:04d} Player{p.number:04d}".ljust(48)
        points = f"{float(shown):.1f}"
        lines.append(f"{head}{p.rating:>4}".ljust(80) + f"{points:>4} {rank[p.number]:>4}"
                     + "".join(f"  {c}" for c in cells))
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=9999, help="1 to 9,999 (TRF's limit)")
    parser.add_argument("--seed", type=int, default=36)
    parser.add_argument("--played", type=int, default=5, help="rounds already played")
    parser.add_argument("--rounds", type=int, default=9, help="rounds of the tournament")
    parser.add_argument("-o", "--output", type=Path, required=True, help="FILE.trf.gz")
    args = parser.parse_args(argv)
    if not 2 <= args.players <= 9999:
        parser.error("--players: 2 to 9,999")
    if not 1 <= args.played < args.rounds <= 99:
        parser.error("--played and --rounds: 1 <= played < rounds <= 99")
    text = tournament(args.players, args.seed, args.played, args.rounds)
    # mtime=0: the same bytes on every run, so the committed file can be checked
    args.output.write_bytes(gzip.compress(text.encode("ascii"), mtime=0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
