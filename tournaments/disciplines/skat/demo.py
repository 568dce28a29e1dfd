"""Skat's demo: a Preisskat of 11 players (two tables of four, where the dealer sits out,
and one of three), its lists written the way a table writes them: the deal goes round the
seats in order, every value one the game can have (taken from the scoring core's own tables,
so the demo cannot drift from the rules). The lines carry what the captain's form sends."""

from __future__ import annotations

import random
from typing import Any

from scoring.skat import BASE, MULTIPLIERS, NULL

from ..demo import Demo, seat_order

SKAT_SCORING: dict[str, Any] = {
    "games_per_series": {"4": 12, "3": 9},  # a club evening's short series, no flags
    "loss_fee": 0.5, "loss_fee_higher": 1, "loss_fee_from": 3,
}
"""Preisskat (Demo): 50 cents a lost game, a euro from the third on."""

DEMO_TEAMS = (("Kreuz Bube", (1, 4, 7, 10)), ("Pik Bube", (2, 5, 8, 11)))
"""The demo's two teams of four, signed up as the desk does (the team model's rows)."""


def setup(t: Any, actor: Any) -> None:
    """Sign the demo's teams up for the team ranking (services.side_teams)."""
    from ...services import side_teams

    for name, members in DEMO_TEAMS:
        side_teams.add_team(t, actor, name, list(members))

SKAT_KINDS = ("clubs", "spades", "hearts", "diamonds", "grand", "null", "null_hand",
              "null_ouvert", "passed")
SKAT_WEIGHTS = (14, 13, 14, 13, 16, 4, 2, 2, 2)  # suit games and Grands are the bulk


def skat_value(rng: random.Random, game: str) -> int:
    """A value the game can have, the everyday ones (with/without 1-2, a hand, a
    schneider) far more often than the rare high ones."""
    if game in NULL:
        return NULL[game]
    top = min(MULTIPLIERS[game].stop - 1, 6)
    multiplier = rng.choices(range(2, top + 1), weights=[8, 9, 6, 3, 1][:top - 1])[0]
    return BASE[game] * multiplier


def skat_list(rng: random.Random, table: Any, games_per_series: dict[str, int]) -> dict[str, Any]:
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


DEMO = Demo("demo-skat", "Preisskat (Demo)", "single", 11,
            lambda rng, t: skat_list(rng, t, SKAT_SCORING["games_per_series"]), SKAT_SCORING,
            setup=setup)
