"""Schafkopf's demo: a Preisschafkopf of 13 players for money (two tables of four and one of
five, where the dealer sits out), short rounds of 8 games (10 at five), the lists written
the way a table writes them: the deal goes round the seats in order, a game everyone passed
is dealt again by the same dealer, Sauspiele mostly, now and then a Solo or a Wenz. The
lines carry what the captain's form sends."""

from __future__ import annotations

import random
from typing import Any

from scoring.schafkopf import LAUFENDE_MAX

from ..demo import Demo, seat_order

SCHAFKOPF_SCORING: dict[str, Any] = {
    "games_per_series": {"4": 8, "5": 10}, "table_of_five": True,
    "games": ["sauspiel", "solo", "wenz", "passed"],
    "unit": "cent", "tariff": {"sauspiel": 10, "solo": 50, "wenz": 50},
    "schneider": 10, "schwarz": 10, "laufende": 10,
}
"""Preisschafkopf (Demo): the Bayerischer Schafkopf-Verein's money tariff (10 / 50 cents,
Schneider and Schwarz 10 each, 10 per Laufender from three, two in a Wenz)."""

KINDS = ("sauspiel", "solo", "wenz", "passed")
WEIGHTS = (70, 14, 10, 6)


def schafkopf_line(rng: random.Random, game: str, active: list[int]) -> dict[str, Any]:
    """One game played out: the player (and partner), won or lost, now and then Schneider
    or Schwarz, the Laufende that happened to be in one party's hands."""
    player = rng.choice(active)
    line: dict[str, Any] = {"game": game, "player": player}
    if game == "sauspiel":
        line["partner"] = rng.choice([e for e in active if e != player])
    line["won"] = rng.random() < (0.6 if game == "sauspiel" else 0.75)
    if rng.random() < 0.15:
        line["schneider"] = True
        if rng.random() < 0.15:
            line["schwarz"] = True
    laufende = rng.choices(range(5), weights=(40, 25, 18, 12, 5))[0]
    if laufende:
        line["laufende"] = min(laufende, LAUFENDE_MAX[game])
    return line


def schafkopf_list(rng: random.Random, table: Any,
                   games_per_series: dict[str, int]) -> dict[str, Any]:
    """One round at this table: a line per game, the dealer by rotation (sitting out at a
    table of five), a passed game dealt again."""
    seats = seat_order(table)
    n = len(seats)
    lines: list[dict[str, Any]] = []
    turn = played = 0
    while played < games_per_series[str(n)]:
        dealer = seats[turn % n]
        game = rng.choices(KINDS, weights=WEIGHTS)[0]
        if game == "passed":
            lines.append({"dealer": dealer, "game": "passed"})
            continue
        active = [e for e in seats if n == 4 or e != dealer]
        lines.append({"dealer": dealer, **schafkopf_line(rng, game, active)})
        turn += 1
        played += 1
    return {"games": lines}


DEMO = Demo("demo-schafkopf", "Preisschafkopf (Demo)", "single", 13,
            lambda rng, t: schafkopf_list(rng, t, SCHAFKOPF_SCORING["games_per_series"]),
            SCHAFKOPF_SCORING)
