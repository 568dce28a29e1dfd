"""What spectators and printed reports show: read-only views of a tournament.

Nothing here writes. The public pages and the PDF reports share these helpers so
a printed standings list has exactly the columns of the page, and a table reads
the same on a phone as on paper. Per-discipline differences are looked up in
dicts keyed by the discipline's name (no ``if discipline ==`` chains).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from ..models import Bye, Result, Round, Tournament
from .standings import standings

# One readable column header per standings value name (FORMAT.md, "Standings output").
COLUMN_HEADERS: dict[str, Any] = {
    # chess
    "points": gettext_lazy("Pts"),
    "buchholz": gettext_lazy("Bh."),
    "buchholz_cut1": gettext_lazy("Bh.-1"),
    "median": gettext_lazy("Med."),
    "fine_buchholz": gettext_lazy("FBh."),
    "sonneborn_berger": gettext_lazy("SB"),
    "progressive": gettext_lazy("Prog."),
    "direct_encounter": gettext_lazy("DE"),
    "wins": gettext_lazy("Wins"),
    "black_games": gettext_lazy("Black"),
    "aro": gettext_lazy("ARO"),
    # mucken
    "bobbl": gettext_lazy("Bobbl"),
    "tore": gettext_lazy("Goals"),
    "gegentore": gettext_lazy("Goals against"),
    "plus": gettext_lazy("Plus"),
    "plus_minus": gettext_lazy("+/−"),
    # pussi
    "total": gettext_lazy("Total"),
    "difference": gettext_lazy("Diff."),
    "premiums": gettext_lazy("Premiums"),
    "own_won": gettext_lazy("Own won"),
    "own_lost": gettext_lazy("Own lost"),
    "opp_won": gettext_lazy("Opp. won"),
    "opp_lost": gettext_lazy("Opp. lost"),
    "schwarz_won": gettext_lazy("Schwarz won"),
    "schwarz_lost": gettext_lazy("Schwarz lost"),
    # board games
    "share": gettext_lazy("Share"),
    "game_points": gettext_lazy("Game pts"),
    # tabletop
    "tp": gettext_lazy("TP"),
    "secondary": gettext_lazy("Secondary"),
    "mission_points": gettext_lazy("Mission pts"),
}

# What side 1 and side 2 of a table are called; disciplines without sides are not listed.
SIDE_LABELS: dict[str, tuple[Any, Any]] = {
    "chess": (gettext_lazy("White"), gettext_lazy("Black")),
    "mucken": (gettext_lazy("Party 1"), gettext_lazy("Party 2")),
    "pussi": (gettext_lazy("Party 1"), gettext_lazy("Party 2")),
    "tabletop": (gettext_lazy("Player 1"), gettext_lazy("Player 2")),
}

COUNTING = (Result.Status.SUBMITTED, Result.Status.CONFIRMED)


def state_key(t: Tournament) -> str:
    """Names this state of this tournament: changes bump the version, restores a new row."""
    return f"{t.pk}.{t.created.timestamp():.6f}.{t.version}"


def number(value: Any) -> str:
    """A standings value as people write it: whole numbers plain, others to two places."""
    if isinstance(value, bool) or value is None:
        return "" if value is None else str(int(value))
    if isinstance(value, int):
        return str(value)
    try:
        x = float(value)
    except (TypeError, ValueError):
        return str(value)
    if x.is_integer():
        return str(int(x))
    return formats.number_format(round(x, 2), use_l10n=True)


@dataclass
class StandingsTable:
    headers: list[tuple[str, str]]  # (value name, header)
    rows: list[dict[str, Any]]  # rank, entrant, name, cells (formatted values)
    flags: list[dict[str, Any]] = field(default_factory=list)


def standings_table(t: Tournament, after_round: int | None = None,
                    limit_columns: int | None = None) -> StandingsTable:
    """The standings with one readable header per value, values formatted for reading."""
    data = standings(t, after_round)
    rows = data.get("standings", [])
    names: list[str] = []
    for row in rows:
        for k in row["values"]:
            if k not in names:
                names.append(k)
    if limit_columns is not None:
        names = names[:limit_columns]
    headers = [(k, str(COLUMN_HEADERS.get(k, k))) for k in names]
    out = [{"rank": r["rank"], "entrant": r["entrant"], "name": r["name"],
            "cells": [number(r["values"].get(k)) for k in names]} for r in rows]
    return StandingsTable(headers, out, list(data.get("flags", [])))


def current_round(t: Tournament) -> Round | None:
    """The latest round spectators may see: published (open) or closed, never a preview."""
    return t.rounds.exclude(status=Round.Status.PREVIEW).order_by("-number").first()


def visible_rounds(t: Tournament) -> list[Round]:
    return list(t.rounds.exclude(status=Round.Status.PREVIEW).order_by("number"))


@dataclass
class SeatView:
    start_number: int
    name: str
    side: int | None
    entrant_id: int


@dataclass
class SideView:
    label: str
    seats: list[SeatView]


@dataclass
class TableView:
    number: int
    token: str
    sides: list[SideView]
    result: str = ""
    status: str = ""  # "" (no result yet), submitted, confirmed, disputed
    payload: Any = None

    @property
    def seats(self) -> list[SeatView]:
        return [s for side in self.sides for s in side.seats]


@dataclass
class ByeView:
    start_number: int
    name: str
    kind: str
    label: str


# -- readable results, one formatter per discipline -------------------------------------------

CHESS_SCORES = {"1-0": "1 – 0", "0-1": "0 – 1", "1/2-1/2": "½ – ½",
                "+-": "+ – −", "-+": "− – +", "--": "− – −"}


def _chess(payload: dict[str, Any], table: TableView) -> str:
    score = str(payload.get("score", ""))
    text = CHESS_SCORES.get(score, score)
    if score in ("+-", "-+", "--"):
        text += " " + _("(forfeit)")
    return text


def _mucken(payload: dict[str, Any], table: TableView) -> str:
    bobbl = payload.get("bobbl") or []
    won = [0, 0]
    for a, b in bobbl:
        won[0 if a > b else 1] += 1
    games = ", ".join(f"{number(a)}:{number(b)}" for a, b in bobbl)
    return _("Bobbl %(a)s:%(b)s (%(games)s)") % {"a": won[0], "b": won[1], "games": games}


def _pussi(payload: dict[str, Any], table: TableView) -> str:
    games = payload.get("games") or []
    if not games:
        return "–"
    a, b = games[-1]["totals"]
    n = len(games)
    return ngettext("%(a)s:%(b)s after %(n)s game", "%(a)s:%(b)s after %(n)s games", n) % {
        "a": number(a), "b": number(b), "n": n}


def _boardgame(payload: dict[str, Any], table: TableView) -> str:
    points = payload.get("points") or {}
    names = {str(s.start_number): s.name for s in table.seats}
    ordered = sorted(points.items(), key=lambda kv: -float(kv[1]))
    return ", ".join(f"{names.get(k, k)} {number(v)}" for k, v in ordered)


def _tabletop(payload: dict[str, Any], table: TableView) -> str:
    missions = payload.get("missions") or []
    parts = " · ".join(f"{number(a)}:{number(b)}" for a, b in missions)
    total = (sum(float(m[0]) for m in missions), sum(float(m[1]) for m in missions))
    return f"{parts} (Σ {number(total[0])}:{number(total[1])})"


RESULT_FORMATS: dict[str, Callable[[dict[str, Any], TableView], str]] = {
    "chess": _chess, "mucken": _mucken, "pussi": _pussi, "boardgame": _boardgame,
    "tabletop": _tabletop,
}


def result_text(discipline: str, payload: Any, table: TableView) -> str:
    """A result as a line a spectator can read; never fails on an odd payload."""
    if not isinstance(payload, dict):
        return ""
    fmt = RESULT_FORMATS.get(discipline)
    try:
        return fmt(payload, table) if fmt else str(payload)
    except (TypeError, ValueError, KeyError, IndexError):
        return str(payload)


def side_label(discipline: str, side: int | None) -> str:
    labels = SIDE_LABELS.get(discipline)
    if side is None:
        return ""
    if labels and side in (1, 2):
        return str(labels[side - 1])
    return _("Side %(n)s") % {"n": side}


def round_tables(rnd: Round, with_results: bool = True) -> list[TableView]:
    """The tables of a round with seats grouped by side, and the result that counts."""
    discipline = rnd.tournament.discipline
    tables = []
    for table in rnd.tables.prefetch_related("seats__entrant").select_related("result"):
        seats = sorted(table.seats.all(), key=lambda s: (s.side or 0, s.position))
        sides: list[SideView] = []
        for s in seats:
            if not sides or sides[-1].seats[-1].side != s.side:
                sides.append(SideView(side_label(discipline, s.side), []))
            sides[-1].seats.append(SeatView(s.entrant.start_number, s.entrant.name, s.side,
                                            s.entrant_id))
        view = TableView(table.number, table.token, sides)
        res = getattr(table, "result", None) if with_results else None
        if res is not None:
            view.status = res.status
            view.payload = res.payload
            if res.status in COUNTING:
                view.result = result_text(discipline, res.payload, view)
        tables.append(view)
    return tables


def round_byes(rnd: Round) -> list[ByeView]:
    labels = dict(Bye.Kind.choices)
    return [ByeView(b.entrant.start_number, b.entrant.name, b.kind,
                    str(labels.get(b.kind, b.kind)))
            for b in rnd.byes.select_related("entrant").order_by("entrant__start_number")]
