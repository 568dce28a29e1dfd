"""The team chess demo: six club teams of four and a substitute, a team Swiss."""

from __future__ import annotations

import random
from typing import Any

from ..demo import Demo

TEAMS = ("SK Turm Ahornfeld", "SV Springer Birkenau", "SC Läufer Cranach", "SG Dame Dornbach",
         "TSV König Elsterau", "SF Bauer Fichtenhain")
FIRST = ("Anna", "Bernd", "Clara", "Dieter", "Eva", "Frank", "Gisela", "Hans", "Inge",
         "Jonas", "Karin", "Lutz", "Maria", "Norbert", "Olga", "Paul")
RESULTS = ("1-0", "1-0", "1/2-1/2", "0-1", "0-1", "1/2-1/2")


def add_players(t: Any, actor: Any) -> None:
    """Five players per team in board order, the fifth a substitute; the captain board 1."""
    from ...services import teams

    rng = random.Random(f"2026-{t.slug}-players")
    for e in t.entrants.order_by("start_number"):
        last = e.name.split()[-1]
        for k in range(5):
            name = f"{rng.choice(FIRST)} {last}{'' if k == 0 else f' {k + 1}'}"
            teams.add_member(t, actor, e.pk, name, rng.randrange(1500, 2200) - 40 * k,
                             substitute=k == 4)
        teams.set_captain(t, actor, e.pk, f"{rng.choice(FIRST)} {last}")


def result(rng: random.Random, table: Any) -> dict[str, Any]:
    return {"boards": [rng.choice(RESULTS) for _k in range(4)]}


DEMO = Demo("demo-mannschaft", "Mannschafts-Schnellschach (Demo)", "team", len(TEAMS), result,
            names=TEAMS, setup=add_players)
