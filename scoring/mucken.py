"""Mucken: two parties per table playing Bobbl to a target (default 21).

A party is a fixed pair (one entrant) or two single players seated on the same
side (two entrants who each get the party's values). Ranking (seed 001): won
Bobbl, then Tore (points scored in lost Bobbl), then Gegentore (points the
opponents scored in Bobbl this entrant won; fewer is better). ``plus`` (own
points, the winning game counted at the target) and ``plus_minus`` (own minus
opponents' points) are reported for comparison only.

Byes: ``bye`` and ``forfeit-win`` count as winning the round, i.e.
``bobbl_per_round`` Bobbl (setting, default 2) with no Tore and no Gegentore,
and the target's points per Bobbl in Plus and Plus-Minus; ``zero`` counts
nothing. A half-point bye has no meaning in Mucken and is refused.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .discipline import Discipline, Standings, check_two_sides, is_int, played, ranked
from .model import Problems, Round, Seat, Table, Tournament
from .ranking import Criterion


@dataclass(frozen=True)
class Settings:
    target: int = 21
    bobbl_per_round: int = 2


@dataclass(frozen=True)
class Result:
    bobbl: tuple[tuple[int, int], ...]


CRITERIA = (Criterion("bobbl"), Criterion("tore"), Criterion("gegentore", higher_is_better=False))
FURTHER = ("plus", "plus_minus")


class Mucken(Discipline):
    name = "mucken"
    bye_kinds = frozenset({"bye", "forfeit-win", "zero"})

    def parse_settings(self, raw: Mapping[str, Any], problems: Problems, at: str) -> Settings:
        target = raw.get("target", 21)
        if not is_int(target) or target <= 0:
            problems.error(f"{at}.target", f"must be a positive whole number, not {target!r}")
            target = 21
        per_round = raw.get("bobbl_per_round", 2)
        if not is_int(per_round) or per_round <= 0:
            problems.error(f"{at}.bobbl_per_round",
                           f"must be a positive whole number, not {per_round!r}")
            per_round = 2
        return Settings(target, per_round)

    def check_seats(self, seats: Sequence[Seat], problems: Problems, at: str, hint: str) -> None:
        check_two_sides(seats, problems, at, hint, per_side=(1, 2))

    def parse_result(self, raw: Any, table: Table, round_extra: Any, settings: Settings,
                     problems: Problems, at: str, hint: str) -> Result | None:
        bobbl = raw.get("bobbl") if isinstance(raw, Mapping) else None
        if not isinstance(bobbl, list) or not bobbl:
            problems.error(at, 'needs "bobbl": a list of [side 1, side 2] points', hint)
            return None
        out = []
        target = settings.target
        for k, b in enumerate(bobbl, start=1):
            if (not isinstance(b, list) or len(b) != 2 or not all(is_int(x) for x in b)
                    or min(b) < 0):
                problems.error(at, f"bobbl {k}: must be two whole numbers >= 0, not {b!r}", hint)
                continue
            reached = [x >= target for x in b]
            if all(reached):
                problems.error(at, f"bobbl {k}: both sides reached {target}", hint)
            elif not any(reached):
                problems.error(at, f"bobbl {k}: neither side reached {target}", hint)
            else:
                out.append((b[0], b[1]))
        return Result(tuple(out)) if len(out) == len(bobbl) else None

    def standings(self, tournament: Tournament, rounds: Sequence[Round]) -> Standings:
        s: Settings = tournament.settings
        values = {e.id: dict.fromkeys(("bobbl", "tore", "gegentore", "plus", "plus_minus"), 0)
                  for e in tournament.entrants}
        for _, table in played(rounds):
            for side in (1, 2):
                tally = _tally(table.result, side, s.target)
                for e in table.side(side):
                    for k, v in tally.items():
                        values[e][k] += v
        for rnd in rounds:
            for bye in rnd.byes:
                if bye.kind in ("bye", "forfeit-win"):
                    v = values[bye.entrant]
                    v["bobbl"] += s.bobbl_per_round
                    v["plus"] += s.target * s.bobbl_per_round
                    v["plus_minus"] += s.target * s.bobbl_per_round
        return Standings(ranked(tournament, values, CRITERIA, FURTHER))


def _tally(result: Result, side: int, target: int) -> dict[str, int]:
    """What one party gains from one table: the values of the ranking and of Plus/Plus-Minus."""
    t = {"bobbl": 0, "tore": 0, "gegentore": 0, "plus": 0, "plus_minus": 0}
    for pair in result.bobbl:
        own, opp = (pair[0], pair[1]) if side == 1 else (pair[1], pair[0])
        own_c, opp_c = min(own, target), min(opp, target)  # above the target does not count
        if own >= target:
            t["bobbl"] += 1
            t["gegentore"] += opp
        else:
            t["tore"] += own
        t["plus"] += own_c
        t["plus_minus"] += own_c - opp_c
    return t


MUCKEN = Mucken()
