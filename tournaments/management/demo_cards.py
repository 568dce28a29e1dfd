"""The demo's Skat and Doppelkopf lists (``manage.py load_demo``), drawn from its seeded rng.

A list is written the way a table writes it: the deal goes round the seats in order, at a
table of four the Skat dealer sits out, every value is one the game can have (taken from
the scoring core's own tables, so the demo cannot drift from the rules), and each
Doppelkopf player plays the compulsory solo once a round. The lines carry what the
captain's form sends, so a demo list opens in that form like a typed one.
"""

from __future__ import annotations

import random
from typing import Any

from scoring.doppelkopf import SOLOS, SPECIALS, Facts, re_result, scores_of
from scoring.skat import BASE, MULTIPLIERS, NULL

SKAT_SCORING: dict[str, Any] = {
    "games_per_series": {"4": 12, "3": 9},  # a club evening's short series, no flags
    "loss_fee": 0.5, "loss_fee_higher": 1, "loss_fee_from": 3,
    "teams": [{"name": "Kreuz Bube", "members": [1, 4, 7, 10]},
              {"name": "Pik Bube", "members": [2, 5, 8, 11]}],
}
"""Preisskat (Demo): 50 cents a lost game, a euro from the third on; two teams of four."""

DOKO_SCORING: dict[str, Any] = {"games_per_round": {"4": 10, "5": 12}, "compulsory_solos": 1,
                                "time_limit": 100}
"""Doppelkopf-Turnier (Demo): short rounds of 10 games, one compulsory solo each."""

DEMO_SOLOS = ("queens", "queens", "jacks", "jacks", "diamonds", "hearts", "clubs", "fleischlos")
"""The compulsory solos, Damen- and Bubensolo the favourites."""

SKAT_KINDS = ("clubs", "spades", "hearts", "diamonds", "grand", "null", "null_hand",
              "null_ouvert", "passed")
SKAT_WEIGHTS = (14, 13, 14, 13, 16, 4, 2, 2, 2)  # suit games and Grands are the bulk


def seat_order(table: Any) -> list[int]:
    """Start numbers in seat order: the first seat deals the first game."""
    seats = table.seats.select_related("entrant").order_by("side", "position")
    return [s.entrant.start_number for s in seats]


def skat_value(rng: random.Random, game: str) -> int:
    """A value the game can have, the everyday ones (with/without 1-2, a hand, a
    schneider) far more often than the rare high ones."""
    if game in NULL:
        return NULL[game]
    top = min(MULTIPLIERS[game].stop - 1, 6)
    multiplier = rng.choices(range(2, top + 1), weights=[8, 9, 6, 3, 1][:top - 1])[0]
    return BASE[game] * multiplier


def skat_list(rng: random.Random, table: Any, games_per_series: dict[str, int]) -> dict:
    """One series at this table: a line per game, dealer by rotation, declarer one of the
    players in the game, about three games in four won."""
    seats = seat_order(table)
    n = len(seats)
    lines: list[dict[str, Any]] = []
    for k in range(games_per_series[str(n)]):
        dealer = seats[k % n]
        game = rng.choices(SKAT_KINDS, weights=SKAT_WEIGHTS)[0]
        if game == "passed":
            lines.append({"game": "passed", "dealer": dealer})
            continue
        declarer = rng.choice([e for e in seats if n == 3 or e != dealer])
        lines.append({"game": game, "declarer": declarer, "dealer": dealer,
                      "value": skat_value(rng, game), "won": rng.random() < 0.75})
    return {"games": lines}


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


def doko_list(rng: random.Random, table: Any, games_per_round: dict[str, int]) -> dict:
    """One round at this table (of four): normal games and now and then a wedding, and
    each player's compulsory solo somewhere in the round; lines sum to zero, a soloist
    scoring three times what each opponent loses."""
    seats = seat_order(table)
    count = games_per_round[str(len(seats))]
    solo_at = dict(zip(rng.sample(range(count), len(seats)), seats, strict=True))
    lines: list[dict[str, Any]] = []
    for k in range(count):
        if k in solo_at:
            kind, re = rng.choice(DEMO_SOLOS), [solo_at[k]]
        else:
            kind, re = ("wedding" if rng.random() < 0.1 else "normal"), rng.sample(seats, 2)
        announce, result = doko_result(rng, kind, re)
        scores = scores_of(kind, re, [e for e in seats if e not in re], result)
        line: dict[str, Any] = {"kind": kind, "re": sorted(re)}
        if kind in SOLOS:
            line["compulsory"] = True
        if announce:
            line["announce"] = announce
        line["scores"] = {str(e): scores[e] for e in seats}
        lines.append(line)
    return {"games": lines}
