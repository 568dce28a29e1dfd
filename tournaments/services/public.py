"""What spectators and printed reports show: read-only views of a tournament.

Nothing here writes. The public pages and the PDF reports share these helpers so
a printed standings list has exactly the columns of the page, and a table reads
the same on a phone as on paper. Per-discipline differences (side words, how a
result reads, byes) are asked of the discipline's class (:mod:`tournaments.disciplines`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.core.cache import cache
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..common.numbers import column_numbers, money
from ..common.numbers import number as number  # re-exported: chess outputs, statistics
from ..disciplines import get, of
from ..models import Bye, Entrant, Result, Round, Tournament, seats_with_entrants
from .standings import standings, version_key


@dataclass(frozen=True)
class Column:
    key: str  # the value's name in the standings
    header: str  # short: the official abbreviation where there is one
    title: str  # the long name


def column(t: Tournament, key: str) -> Column:
    """A value's column: the official abbreviation if known, else our label; long name as title."""
    header = of(t).column_header(t, key) or key
    title = of(t).column_title(t, key) or header
    return Column(key, str(header), str(title))


# Categories of entrants (docs/format.md) in the order a club prints them.
CATEGORY_LABELS: dict[str, Any] = {
    "senior": gettext_lazy("Seniors"),
    "junior": gettext_lazy("Juniors"),
    "women": gettext_lazy("Women"),
    "youth-a": gettext_lazy("Youth A (U18)"),
    "youth-b": gettext_lazy("Youth B (U16)"),
    "youth-c": gettext_lazy("Youth C (U14)"),
    "youth-d": gettext_lazy("Youth D (U12)"),
    "youth-e": gettext_lazy("Youth E (U10)"),
}


def category_label(category: str) -> str:
    return str(CATEGORY_LABELS.get(category, category))


def categories_present(t: Tournament) -> list[str]:
    """The categories some entrant of the tournament has: the known ones first, in order.

    Kept per version of the tournament (every change of an entrant bumps it): the public
    page asks on every visit, and reading every entrant's categories made up a tenth of the
    server's work in a hall of 500 pairs (bench/hall.py, docs/load.md)."""
    key = f"categories:{version_key(t)}"
    present = cache.get(key)
    if present is None:
        found: set[str] = set()
        for cats in t.entrants.values_list("categories", flat=True):
            found.update(c for c in (cats or []) if isinstance(c, str) and c)
        known = [c for c in CATEGORY_LABELS if c in found]
        present = known + sorted(found - set(known))
        cache.set(key, present, 3600)
    return list(present)


COUNTING = (Result.Status.SUBMITTED, Result.Status.CONFIRMED)


@dataclass
class StandingsTable:
    headers: list[tuple[str, str]]  # (value name, header)
    rows: list[dict[str, Any]]  # rank, entrant, name, cells (formatted values)
    flags: list[dict[str, Any]] = field(default_factory=list)
    columns: list[Column] = field(default_factory=list)  # the headers with their long names
    category: str | None = None
    category_label: str = ""
    totals: list[str] = field(default_factory=list)  # WebDiscipline.standings_totals
    sides: list[dict[str, Any]] = field(default_factory=list)  # WebDiscipline.side_rankings
    # Who withdrew before playing: not ranked (documents.scoring_document), shown apart
    # under the table as (start number, name). Ranked rows of those who withdrew after
    # playing carry ``withdrawn``.
    withdrawn: list[tuple[int, str]] = field(default_factory=list)


def withdrawn_entrants(t: Tournament) -> dict[int, str]:
    """The withdrawn entrants by start number (a few, read in one small query)."""
    return dict(t.entrants.filter(status=Entrant.Status.WITHDRAWN).order_by(
        "start_number").values_list("start_number", "name"))


def standings_table(t: Tournament, after_round: int | None = None,
                    limit_columns: int | None = None,
                    category: str | None = None) -> StandingsTable:
    """The standings with one readable header per value, values formatted for reading.

    With a ``category`` only its entrants, ranked 1..k among themselves.
    """
    data = standings(t, after_round, category)
    rows = data.get("standings", [])
    names: list[str] = []
    for row in rows:
        for k in row["values"]:
            if k not in names:
                names.append(k)
    names = t.disc.standings_columns(t, names)
    if limit_columns is not None:
        names = names[:limit_columns]
    columns = [column(t, k) for k in names]
    headers = [(c.key, c.header) for c in columns]
    withdrawn = withdrawn_entrants(t)
    # a column at a time: its fractions share their decimal places (0,80 beside 0,82)
    text = [[money(r["values"].get(k)) for r in rows] if k in t.disc.money_columns
            else column_numbers([r["values"].get(k) for r in rows]) for k in names]
    out = [{"rank": r["rank"], "entrant": r["entrant"], "name": r["name"],
            "withdrawn": r["entrant"] in withdrawn, "cells": [column[i] for column in text]}
           for i, r in enumerate(rows)]
    ranked = {r["entrant"] for r in rows}
    apart = [] if category else [(n, name) for n, name in withdrawn.items() if n not in ranked]
    return StandingsTable(headers, out, list(data.get("flags", [])), columns, category,
                          category_label(category) if category else "",
                          t.disc.standings_totals(t, rows),
                          [] if category else t.disc.side_rankings(t, rows), apart)


def category_tables(t: Tournament, after_round: int | None = None) -> list[StandingsTable]:
    """One standings table per category present in the tournament, each ranked 1..k."""
    return [standings_table(t, after_round, category=c) for c in categories_present(t)]


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
    rating: str = ""  # shown beside the name where the discipline ranks by one (chess)


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
    # A submitted result not yet confirmed while its round is open; once the round is
    # closed the result is final, whatever its status, and nothing says "provisional".
    provisional: bool = False
    payload: Any = None
    settings: dict[str, Any] = field(default_factory=dict)  # the tournament's scoring

    @property
    def seats(self) -> list[SeatView]:
        return [s for side in self.sides for s in side.seats]


@dataclass
class ByeView:
    start_number: int
    name: str
    kind: str
    label: str


# -- readable results -----------------------------------------------------------------------

def result_text(discipline: str, payload: Any, table: TableView, settings: Any = None) -> str:
    """A result as a line a spectator can read; never fails on an odd payload."""
    if not isinstance(payload, dict):
        return ""
    disc = get(discipline)
    if disc is None:
        return str(payload)
    try:
        return disc.result_line(payload, table, settings or disc.settings(table.settings))
    except (TypeError, ValueError, KeyError, IndexError):
        return str(payload)


def side_label(discipline: str, side: int | None) -> str:
    disc = get(discipline)
    if disc is None:
        return "" if side is None else _("Side %(n)s") % {"n": side}
    return disc.side_label(side)


def round_tables(rnd: Round, with_results: bool = True) -> list[TableView]:
    """The tables of a round with seats grouped by side, and the result that counts."""
    discipline = rnd.tournament.discipline
    disc = of(rnd.tournament)
    settings = disc.settings(rnd.tournament)
    tables = []
    related: tuple[Any, ...] = (seats_with_entrants(),) + (
        ("seats__entrant__players",) if disc.has_ratings else ())
    for table in rnd.tables.prefetch_related(*related).select_related("result"):
        seats = sorted(table.seats.all(), key=lambda s: (s.side or 0, s.position))
        sides: list[SideView] = []
        for s in seats:
            if not sides or sides[-1].seats[-1].side != s.side:
                sides.append(SideView(disc.side_label(s.side), []))
            sides[-1].seats.append(SeatView(
                s.entrant.start_number, s.entrant.name, s.side, s.entrant_id,
                disc.seat_rating(rnd.tournament, s.entrant) if disc.has_ratings else ""))
        view = TableView(table.number, table.token, sides,
                         settings=rnd.tournament.scoring or {})
        res = getattr(table, "result", None) if with_results else None
        if res is not None:
            view.status = res.status
            view.payload = res.payload
            view.provisional = (res.status == Result.Status.SUBMITTED
                                and rnd.status == Round.Status.OPEN)
            if res.status in COUNTING:
                view.result = result_text(discipline, res.payload, view, settings)
        tables.append(view)
    return tables


def round_byes(rnd: Round) -> list[ByeView]:
    labels = {**dict(Bye.Kind.choices), **of(rnd.tournament).bye_labels}
    return [ByeView(b.entrant.start_number, b.entrant.name, b.kind,
                    str(labels.get(b.kind, b.kind)))
            for b in rnd.byes.select_related("entrant").order_by("entrant__start_number")]
