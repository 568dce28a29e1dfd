"""Round robin schedules for chess: the FIDE Berger tables and the shift system (Rutschsystem).

Players are numbered 1..n. With an odd n a dummy player n+1 is added; whoever is
drawn against it has the bye, written as 0 in the dummy's place (``(3, 0)`` or
``(0, 3)``: the real player keeps his side). A round is a list of ``(white,
black)`` in board order.

Both systems follow the Chaos seed (``002``, "FIDE-System" and "Rutschsystem"):

* ``berger``: the FIDE Berger tables (Handbook C.05, Annex 1), built by the seed's
  rule and checked against the published tables for 4-16 players in the tests;
* ``shift``: players 1..k on one side of a long table, k+1..n on the other; after
  each round everybody moves one seat clockwise, the boards stay, and player n
  (even n) stays seated and turns his board around.

``double`` makes a double round robin as FIDE recommends: the last two rounds of
the first cycle swapped, then the original cycle with colours reversed.

Command line (the arguments after ``python -m pairing roundrobin``)::

    N [--system berger|shift] [--double]

prints ``{"rounds": [[[white, black], ...], ...]}`` with 0 for the bye. N is
3..24 (``MAX_PLAYERS``): the FIDE tables stop well below, and a longer round robin
is no hall tournament. Bad input: ``error: ...`` on stderr, exit 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import NoReturn

from scoring.i18n import N_, Ref

from .base import Draw, DrawError, DrawnTable, DrawRequest
from .simple import BYE_WORDS

Round = list[tuple[int, int]]
BYE = 0
MIN_PLAYERS = 3
MAX_PLAYERS = 24
SYSTEMS = ("berger", "shift")


def _even(n: int) -> int:
    if n < 2:
        raise ValueError(f"a round robin needs at least 2 players, not {n}")
    return n + n % 2


def _with_bye(rounds: list[Round], n: int) -> list[Round]:
    """Write the dummy player (n+1 for odd n) as 0, so its opponent reads as the bye."""
    if n % 2 == 0:
        return rounds
    dummy = n + 1
    return [[(BYE if w == dummy else w, BYE if b == dummy else b) for w, b in rnd]
            for rnd in rounds]


def berger(n: int) -> list[Round]:
    """The FIDE Berger table for ``n`` players, built by the seed's rule.

    Round 1 is 1-m, 2-(m-1), ... (m = n rounded up to even). Afterwards everyone
    plays the successor of last round's opponent among 1..m-1 (m-1 is followed by
    1; whoever played m counts as his own last opponent), and whoever would meet
    himself plays m instead: m meets k+1, 2, k+2, 3, ... (k = m/2). White: against
    m, players 1..k; otherwise the lower number if the sum is odd, else the
    higher. Board 1 is m's game; then the pairs x+j / x-j (mod m-1) for j = 1, 2,
    ... where x is m's opponent, which is the FIDE board order.
    """
    m = _even(n)
    k = m // 2
    cyc = m - 1  # players 1..m-1 rotate, m stays

    def succ(p: int) -> int:
        return p % cyc + 1

    opponent = {i: m + 1 - i for i in range(1, m + 1)}
    pairings = [dict(opponent)]
    for _ in range(2, m):
        new: dict[int, int] = {}
        for p in range(1, m):
            last = opponent[p] if opponent[p] != m else p
            o = succ(last)
            new[p] = m if o == p else o
        new[m] = next(p for p in range(1, m) if new[p] == m)
        opponent = new
        pairings.append(new)

    rounds: list[Round] = []
    for opp in pairings:
        x = opp[m]
        games = []
        for a in range(1, m):
            b = opp[a]
            if b == m:
                games.append((0, (a, m) if a <= k else (m, a)))
            elif a < b:
                board = min((a - x) % cyc, (b - x) % cyc)
                games.append((board, (a, b) if (a + b) % 2 else (b, a)))
        rounds.append([game for _, game in sorted(games)])
    return _with_bye(rounds, n)


def shift_seating(n: int, round_number: int) -> tuple[list[int], list[int]]:
    """Who sits where in a round of the shift system: (far row, near row), board 1 left.

    Round 1: 1..k on the near row, k+1..m on the far row (the seed draws the far
    row on top; for odd n, m is the virtual player). The seats except m's (far
    row, last board) form a ring that everybody moves along by one seat per round:
    near 1 -> far 1 -> far 2 ... -> far k-1 -> near k -> near k-1 ... -> near 1.
    """
    m = _even(n)
    k = m // 2
    ring = [("near", 0)] + [("far", j) for j in range(k - 1)]
    ring += [("near", j) for j in range(k - 1, 0, -1)]
    start = [1, *range(k + 1, m), *range(k, 1, -1)]
    step = (round_number - 1) % (m - 1)
    far, near = [0] * k, [0] * k
    far[k - 1] = m
    for i, seat in enumerate(ring):
        row = far if seat[0] == "far" else near
        row[seat[1]] = start[(i - step) % len(ring)]
    return far, near


def shift(n: int) -> list[Round]:
    """The shift system for ``n`` players, exactly as the seed describes it.

    Board j is near j vs far j; white sits on the near side at odd boards and on
    the far side at even boards (round 1: 1-(k+1), (k+2)-2, 3-(k+3), ...). The
    boards stay; only the last board, where m keeps his seat, is turned around
    after every round, so m alternates colours.
    """
    m = _even(n)
    k = m // 2
    rounds: list[Round] = []
    for r in range(1, m):
        far, near = shift_seating(n, r)
        games = []
        for j in range(k):
            near_white = (j % 2 == 0) != (j == k - 1 and r % 2 == 0)
            games.append((near[j], far[j]) if near_white else (far[j], near[j]))
        rounds.append(games)
    return _with_bye(rounds, n)


def double_order(cycle_length: int) -> list[tuple[int, bool]]:
    """(round of the single cycle, colours reversed) for each round of a double round robin.

    FIDE (C.05 Annex 1): "reverse the order of the last two rounds of the first
    cycle", to avoid three games with the same colour in a row. The second cycle
    is the original cycle with colours reversed (as in the Vega manual's "adjusted
    Berger table": 1 2 3 5 4 | 6 7 8 9 10). Repeating the swapped cycle instead
    gives players 2 and 4 of four three equal colours at the junction. The shift
    system has no such recommendation; some of its players still get three equal
    colours at the junction, with either order.
    """
    first = list(range(1, cycle_length + 1))
    if cycle_length >= 2:
        first[-2], first[-1] = first[-1], first[-2]
    return [(r, False) for r in first] + [(r, True) for r in range(1, cycle_length + 1)]


def double(rounds: list[Round]) -> list[Round]:
    """A double round robin from a single cycle (see ``double_order``)."""
    return [[(b, w) for w, b in rounds[r - 1]] if rev else list(rounds[r - 1])
            for r, rev in double_order(len(rounds))]


_double = double  # ``schedule`` has a parameter of that name


def schedule(n: int, system: str = "berger", double: bool = False) -> list[Round]:
    """All rounds for ``n`` players by ``system`` ("berger" or "shift"), optionally double."""
    builders = {"berger": berger, "shift": shift}
    if system not in builders:
        raise ValueError(f"unknown round robin system {system!r} (known: {', '.join(SYSTEMS)})")
    rounds = builders[system](n)
    return _double(rounds) if double else rounds


def _draw(req: DrawRequest, system: str) -> Draw:
    """A round of a round robin by start number, or by the numbers the request's option
    ``numbers`` gives (competitor ids in number order, drawn by lot with the seed in
    ``numbers_seed``); the dummy's opponent gets the bye."""
    comps = sorted(req.competitors, key=lambda c: c.start_number)
    given = req.options.get("numbers")
    if given:
        place = {cid: k for k, cid in enumerate(given)}
        comps.sort(key=lambda c: place.get(c.id, len(place)))
    n = len(comps)
    if n < 2:
        raise DrawError(N_("a round robin needs at least two entrants"))
    twice = bool(req.options.get("double"))
    rounds = schedule(n, system, twice)
    if not 1 <= req.round_number <= len(rounds):
        raise DrawError((N_("a double round robin of %(n)s has only %(rounds)s rounds", n=n,
                            rounds=len(rounds)) if twice else
                         N_("a round robin of %(n)s has only %(rounds)s rounds", n=n,
                            rounds=len(rounds)))
                        if req.round_number > len(rounds)
                        else N_("round %(n)s does not exist (rounds start at 1)",
                                n=req.round_number))
    ids = {i + 1: c.id for i, c in enumerate(comps)}
    tables: list[DrawnTable] = []
    byes: list[tuple[int, str]] = []
    for white, black in rounds[req.round_number - 1]:
        if BYE in (white, black):
            byes.append((ids[white or black], req.layout.bye_kind))
        else:
            tables.append(DrawnTable(((ids[white], 1), (ids[black], 2))))
    m = _even(n)
    name = N_("FIDE Berger table") if system == "berger" else N_("shift system")
    size = str(m) if n == m else N_("%(m)s (%(n)s entrants, number %(m)s is the bye)", m=m, n=n)
    table_round, reversed_ = req.round_number, False
    if twice:
        table_round, reversed_ = double_order(m - 1)[req.round_number - 1]
    text = N_("%(name)s for %(size)s, round %(round)s", name=name, size=size, round=table_round)
    if twice:
        text = (N_("%(text)s; double round robin round %(n)s, colours reversed", text=text,
                   n=req.round_number) if reversed_ else
                N_("%(text)s; double round robin round %(n)s", text=text, n=req.round_number))
    lines = [text]
    if byes:  # the table's rule: the dummy's opponent, each entrant once in a cycle
        lines.append(N_("%(kind)s for %(name)s: the opponent of number %(m)s in the table, "
                        "which frees every entrant once in a cycle",
                        kind=BYE_WORDS.get(req.layout.bye_kind, req.layout.bye_kind),
                        name=Ref(byes[0][0]), m=m))
    if given:
        lines.append(N_("numbers drawn by lot (seed %(seed)s): %(numbers)s",
                        seed=str(req.options.get("numbers_seed", "")),
                        numbers=", ".join(f"{k} = #{c.start_number}"
                                          for k, c in enumerate(comps, 1))))
    return Draw(tuple(tables), tuple(byes), tuple(lines))


def round_robin(req: DrawRequest) -> Draw:
    """Everyone against everyone by the FIDE Berger tables; option ``double`` plays it twice."""
    return _draw(req, "berger")


def round_robin_shift(req: DrawRequest) -> Draw:
    """Everyone against everyone by the shift system; option ``double`` plays it twice."""
    return _draw(req, "shift")


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # exit 2 with the reason, never a traceback
        self.print_usage(sys.stderr)
        print(f"error: {message}", file=sys.stderr)
        raise SystemExit(2)


def _players(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number, not {text!r}") from None
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise argparse.ArgumentTypeError(
            f"must be from {MIN_PLAYERS} to {MAX_PLAYERS}, not {n}")
    return n


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m pairing roundrobin",
                     description="Print the rounds of a round robin as JSON (0 is the bye).")
    parser.add_argument("players", type=_players, metavar="N",
                        help=f"number of players, {MIN_PLAYERS} to {MAX_PLAYERS}")
    parser.add_argument("--system", choices=SYSTEMS, default="berger",
                        help="FIDE Berger tables (default) or the shift system")
    parser.add_argument("--double", action="store_true", help="double round robin")
    return parser


def main(argv: Sequence[str]) -> int:
    """``python -m pairing roundrobin N [--system berger|shift] [--double]``; argv after it."""
    try:
        args = build_parser().parse_args(list(argv))
    except SystemExit as stop:  # --help (0) or a bad argument (2, already reported)
        return stop.code if isinstance(stop.code, int) else 2
    rounds = schedule(args.players, args.system, args.double)
    print(json.dumps({"rounds": [[list(game) for game in rnd] for rnd in rounds]}))
    return 0
