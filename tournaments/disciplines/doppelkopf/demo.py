"""Doppelkopf's demo: 12 players at tables of four, short rounds, each player playing the
compulsory solo once a round; the lists as the captain's form sends them."""

from __future__ import annotations

import random
from typing import Any

from scoring.doppelkopf import SOLOS, SPECIALS, Facts, re_result, scores_of

from ..demo import Demo, seat_order

DOKO_SCORING: dict[str, Any] = {"games_per_round": {"4": 10, "5": 12}, "compulsory_solos": 1,
                                "time_limit": 100}
"""Doppelkopf-Turnier (Demo): short rounds of 10 games, one compulsory solo each."""

DEMO_SOLOS = ("queens", "queens", "jacks", "jacks", "diamonds", "hearts", "clubs", "fleischlos")
"""The compulsory solos, Damen- and Bubensolo the favourites."""

def doko_result(rng: random.Random, kind: str, re: list[int]) -> tuple[dict[str, str], int]:
    """The announcements and what each Re player scores for a game played out with random
    card points, counted by the scoring core's TSR rules."""
    announce: dict[str, str] = {}
    if rng.random() < 0.4:
        announce["re"] = "re"
    if rng.random() < 0.2:
        announce["kontra"] = "kontra"
    if announce and rng.random() < 0.25:
        announce[rng.choice(sorted(announce))] = "90"
    eyes = max(0, min(240, round(rng.gauss(125, 35))))
    levels = {"re": 1, "kontra": 1, "90": 2}
    facts = Facts(eyes, (levels.get(announce.get("re", ""), 0),
                         levels.get(announce.get("kontra", ""), 0)), None, ({}, {}))
    return announce, re_result(kind, re, facts, frozenset(SPECIALS))


def doko_list(rng: random.Random, table: Any, games_per_round: dict[str, int]) -> dict[str, Any]:
    """One round at this table (of four): normal games and now and then a wedding, and
    each player's compulsory solo somewhere in the round; lines sum to zero, a soloist
    scoring three times what each opponent loses."""
    seats = seat_order(table)
    count = games_per_round[str(len(seats))]
    solo_at = dict(zip(rng.sample(range(count), len(seats)), seats, strict=True))
    lines: list[dict[str, Any]] = []
    turn = 0  # the deal (TSR 3.3): it stays with the dealer after a compulsory solo
    for k in range(count):
        if k in solo_at:
            kind, re = rng.choice(DEMO_SOLOS), [solo_at[k]]
        else:
            kind, re = ("wedding" if rng.random() < 0.1 else "normal"), rng.sample(seats, 2)
        announce, result = doko_result(rng, kind, re)
        scores = scores_of(kind, re, [e for e in seats if e not in re], result)
        line: dict[str, Any] = {"kind": kind, "re": sorted(re),
                                "dealer": seats[turn % len(seats)]}
        if kind in SOLOS:
            line["compulsory"] = True
        else:
            turn += 1
        if announce:
            line["announce"] = announce
        line["scores"] = {str(e): scores[e] for e in seats}
        lines.append(line)
    return {"games": lines}


DEMO = Demo("demo-doppelkopf", "Doppelkopf-Turnier (Demo)", "single", 12,
            lambda rng, t: doko_list(rng, t, DOKO_SCORING["games_per_round"]), DOKO_SCORING)
