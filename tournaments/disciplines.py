"""What the web app needs to know per discipline: presets, table layout, draw methods.

This is the one place that maps a discipline's name to its web-side facts
(the scoring side has :mod:`scoring.registry`); views and services look up
here instead of branching on the name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext_lazy as _

from pairing import Layout


@dataclass(frozen=True)
class DisciplineInfo:
    name: str
    label: Any
    scoring: dict[str, Any]
    entrant_kinds: tuple[str, ...]
    layouts: dict[str, Layout]
    methods: tuple[str, ...]  # draw methods the director may pick; the first is the default
    planned_rounds: int = 3
    round_extra: dict[str, Any] = field(default_factory=dict)
    options: tuple[str, ...] = ()  # draw options the director may set (services.seating)

    def layout(self, entrant_kind: str) -> Layout:
        return self.layouts.get(entrant_kind) or next(iter(self.layouts.values()))


DISCIPLINES: dict[str, DisciplineInfo] = {d.name: d for d in (
    DisciplineInfo(
        "chess", _("Chess"),
        {"win": 1, "draw": 0.5, "loss": 0, "bye": 1, "system": "swiss",
         "tiebreaks": ["buchholz_cut1", "buchholz", "sonneborn_berger"]},
        ("single",), {"single": Layout(sides=2, per_side=1, bye_kind="bye")},
        ("dutch", "round_robin", "round_robin_shift", "score_order"), planned_rounds=7,
        options=("double",)),
    DisciplineInfo(
        "mucken", _("Mucken"),
        {"target": 21, "bobbl_per_round": 2, "time_limit": None, "unfinished": "leader"},
        ("pair", "single"),
        {"pair": Layout(sides=2, per_side=1, bye_kind="bye"),
         "single": Layout(sides=2, per_side=2, bye_kind="zero")},
        ("rotation", "fixed_rotation", "random_tables"), planned_rounds=3,
        options=("registration",)),
    DisciplineInfo(
        "pussi", _("Pussi"),
        {"weight_points": 1.0, "weight_difference": 0.2, "premium": 100, "premium_at": 500,
         "games_per_series": 8},
        ("single",), {"single": Layout(sides=2, per_side=2, bye_kind="zero")},
        ("pussi_partners", "random_tables"), planned_rounds=3,
        options=("registration",)),
    DisciplineInfo(
        "boardgame", _("Board game"), {"placement": {"4": [5, 3, 2, 1], "3": [5, 3, 1]}},
        ("single",), {"single": Layout(sides=0, table_size=4, max_short=3, bye_kind="zero")},
        ("standings_tables", "random_tables"), planned_rounds=3),
    DisciplineInfo(
        "tabletop", _("Tabletop"), {"system": "ttm20"},
        ("single",), {"single": Layout(sides=2, per_side=1, bye_kind="bye")},
        ("swiss_score",), planned_rounds=5,
        round_extra={"missions": ["eternal_war", "maelstrom", "tertiary"]},
        options=("avoid_same_club",)),
)}

