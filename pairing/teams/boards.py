"""The boards of a match: who plays whom with which colour, a single match day, Scheveningen.

**Colours within a match.** The first-named team's colour on each board follows a colour
sequence, repeated down the boards; the other team has the other colour. The default
``"WB"`` is the FIDE way: White on the odd boards, Black on the even ones (the TRF-2026
record 352 writes such a sequence, its example ``WBWBWB``), so the first team's colour in
the match, which C.04.6 Art. 1.6.1 defines as its board-1 colour, is White. German cup
matches often play ``"WBBW"`` (boards 1 and 4 the same colour), so that a match won by all
White players cannot be decided by the Berliner Wertung either; any sequence of ``W`` and
``B`` may be given. Which team is named first (the home team, the guest, the team the
schedule names first) is the competition's choice; :func:`match_day` takes it as a flag.

**Scheveningen.** Every member of team A meets every member of team B: ``n`` boards,
``n`` rounds, A's member ``i`` meets B's member ``j = (i + r) mod n`` in round ``r`` (all
0-based), board ``i`` being A's member ``i``. For even ``n`` A's colours alternate down the
boards, A's colour on board 1 alternates by round, and the second half of the rounds flips
A's colours (without the flip B's players would keep one colour all along). For ``n``
divisible by 4 every player then has as many Whites as Blacks; for ``n ≡ 2 mod 4`` no
schedule with alternating boards balances everyone (``docs/teams.md``): B's players are
balanced, A's differ by 2. For odd ``n`` the colour is White for A when ``i + j`` is even:
every player's Whites and Blacks differ by at most 1, but the boards do not alternate.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .lineup import MAX_BOARDS

WHITE, BLACK = "W", "B"
FIDE_SEQUENCE = "WB"


@dataclass(frozen=True)
class Board:
    """One board of a match: the member ids at White and Black (None: nobody sits there)
    and which team's member has White (``first_white``: the first-named team's)."""

    board: int
    white: int | None
    black: int | None
    first_white: bool


def check_sequence(sequence: str) -> str:
    """The colour sequence in capitals; ValueError unless it is 1 to MAX_BOARDS of W/B."""
    s = sequence.upper()
    if not 1 <= len(s) <= MAX_BOARDS or set(s) - {WHITE, BLACK}:
        raise ValueError(f"a colour sequence is 1 to {MAX_BOARDS} letters W or B, "
                         f"not {sequence!r}")
    return s


def first_colours(boards: int, sequence: str = FIDE_SEQUENCE) -> tuple[str, ...]:
    """The first-named team's colour on boards 1..``boards`` (the sequence repeated)."""
    s = check_sequence(sequence)
    return tuple(s[k % len(s)] for k in range(boards))


def match_boards(first: Sequence[int | None], second: Sequence[int | None],
                 sequence: str = FIDE_SEQUENCE) -> tuple[Board, ...]:
    """The boards of a match between two line-ups of equal length (board order)."""
    if len(first) != len(second):
        raise ValueError("both line-ups need the same number of boards")
    boards = []
    for k, (colour, a, b) in enumerate(zip(first_colours(len(first), sequence), first, second,
                                           strict=True), 1):
        boards.append(Board(k, a, b, True) if colour == WHITE else Board(k, b, a, False))
    return tuple(boards)


def match_day(home: Sequence[int | None], guest: Sequence[int | None],
              sequence: str = FIDE_SEQUENCE, home_first: bool = True) -> tuple[Board, ...]:
    """A single league match day between two line-ups; ``home_first`` names the home team
    first (its board 1 gets the sequence's first colour), else the guest."""
    if home_first:
        return match_boards(home, guest, sequence)
    swapped = match_boards(guest, home, sequence)
    return tuple(Board(b.board, b.white, b.black, not b.first_white) for b in swapped)


@dataclass(frozen=True)
class Encounter:
    """One game of a Scheveningen round: A's member ``a`` against B's member ``b`` (0-based
    places in the line-ups), on board ``a + 1``; ``a_white`` says who has White."""

    a: int
    b: int
    a_white: bool


def scheveningen(n: int, double: bool = False) -> list[list[Encounter]]:
    """The rounds of a Scheveningen match of two teams of ``n`` (see the module's docstring).
    ``double`` plays it twice, the second time with colours reversed."""
    if not 1 <= n <= MAX_BOARDS:
        raise ValueError(f"a Scheveningen team has 1 to {MAX_BOARDS} players, not {n}")
    flip_half = n % 2 == 0
    rounds = []
    for r in range(n):
        flip = flip_half and r >= n // 2
        if n % 2:  # odd: colour by the two players' places, so nobody is off by more than 1
            rounds.append([Encounter(i, (i + r) % n, (i + (i + r) % n) % 2 == 0)
                           for i in range(n)])
        else:
            rounds.append([Encounter(i, (i + r) % n, ((i + r) % 2 == 0) != flip)
                           for i in range(n)])
    if double:
        rounds += [[Encounter(e.a, e.b, not e.a_white) for e in rnd] for rnd in rounds[:n]]
    return rounds
