"""The federations' files from the director's page (docs/federation-files.md,
docs/sections.md): FIDE's rating report as TRF-26 and the DSB's DWZ file (TRF-26 with
``GER`` records), with the completeness check shown before round 1 and before export.

The pure writers and checks are :mod:`pairing.trf26` and :mod:`pairing.trf_dsb`; this
module builds their :class:`~pairing.trf26.Report` from the database: the header facts of
``Tournament.details`` (the TRF header the director keeps or an import brought), one
record per entrant in the order of the initial ranking with the person's facts, the cells
of every complete round and the rank of the standings.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import Any, Literal

from django.utils.translation import gettext as _

from pairing.trf import Cell
from pairing.trf26 import Gap, Report, ReportHeader, ReportPlayer
from pairing.trf26 import check as check_fide
from pairing.trf26 import write as write_fide
from pairing.trf_dsb import DsbFacts
from pairing.trf_dsb import check as check_dsb
from pairing.trf_dsb import write as write_dsb

from ...common.text import check_single_line
from ...core_messages import say
from ...models import Tournament
from ...services.base import Actor, ServiceError, change
from ...services.standings import standings
from .trf.ranking import _elo, _player, initial_ranking, normal_title
from .trf.writing import _last_complete, _load, _round_cells, point_system

Kind = Literal["fide", "dsb"]
Stage = Literal["before_round_1", "export"]
_DATE = re.compile(r"(\d{2}|\d{4})[/.-](\d{1,2})[/.-](\d{1,2})")
_GERMAN_DATE = re.compile(r"(\d{1,2})\.(\d{1,2})\.(\d{4})")


def parse_day(text: Any) -> date | None:
    """A header date as directors and TRF files write it: ``2025/06/01``, ``25/06/01``,
    ``2025-06-01`` or ``01.06.2025``; None for anything else."""
    text = str(text or "").strip()
    try:
        m = _GERMAN_DATE.fullmatch(text)
        if m:
            return date(int(m[3]), int(m[2]), int(m[1]))
        m = _DATE.fullmatch(text)
        if m:
            year = int(m[1]) + (2000 if len(m[1]) == 2 else 0)
            return date(year, int(m[2]), int(m[3]))
    except ValueError:
        return None
    return None


def _header(t: Tournament) -> ReportHeader:
    d = t.details or {}
    return ReportHeader(
        name=t.name, city=str(d.get("city", "")), federation=str(d.get("federation", "")),
        start=parse_day(d.get("start_date")), end=parse_day(d.get("end_date")),
        chief_arbiter=str(d.get("chief_arbiter", "")),
        deputies=tuple(str(x) for x in d.get("deputy_arbiters", [])),
        time_control=str(d.get("time_control", "")),
        tournament_type=str(d.get("tournament_type", "")),
        round_dates=tuple(parse_day(x) for x in d.get("round_dates", [])),
        rounds=t.planned_rounds)


@dataclass(frozen=True)
class Built:
    report: Report
    dsb: dict[int, DsbFacts]


def build(t: Tournament) -> Built:
    """The rating report of ``t`` as far as it is played (every complete round)."""
    data = _load(t)
    ranking = initial_ranking(t, data.entrants)
    number = {e.pk: k for k, e in enumerate(ranking, 1)}
    upto = _last_complete(data.rounds)
    cells: dict[int, list[Cell | None]] = {n: [] for n in number.values()}
    for r in data.rounds[:upto]:
        got = _round_cells(r, number)
        for n, row in cells.items():
            row.append(got.get(n, Cell(None, "-", "Z")))
    points = point_system(t.disc.effective_scoring(t))
    ranks: dict[int, int] = {}
    if upto:
        by_start = {e.start_number: e for e in ranking}
        for row in standings(t, upto).get("standings", []):
            e = by_start.get(row["entrant"])
            if e is not None:
                ranks[number[e.pk]] = int(row["rank"])
    players, dsb = [], {}
    for e in ranking:
        n = number[e.pk]
        p = _player(e)
        elo = _elo(e, p)
        birth = p.birth_date if p is not None else None
        fide_id = (p.fide_id if p is not None else "").strip()
        players.append(ReportPlayer(
            number=n, name=(p.name if p is not None else e.name),
            sex=(p.sex if p is not None else "") or "",
            title=normal_title(p.title if p is not None else ""),
            rating=elo or None, federation=(p.federation if p is not None else "") or "",
            fide_id=int(fide_id) if fide_id.isdecimal() else None,
            # a year alone is kept as 1 January (the desk's birth year)
            birth_date=birth if birth is not None and (birth.month, birth.day) != (1, 1)
            else None,
            birth_year=birth.year if birth is not None else None,
            points=sum((points.points(c.result) for c in cells[n] if c), Fraction(0)),
            rank=ranks.get(n), cells=tuple(cells[n])))
        dsb[n] = DsbFacts(dwz=p.dwz if p is not None else None,
                          zps=(p.zps if p is not None else "") or "",
                          pkz=(p.pkz if p is not None else "") or "")
    return Built(Report(_header(t), tuple(players)), dsb)


def stage_of(t: Tournament) -> Stage:
    return "before_round_1" if not t.rounds.exists() else "export"


def gaps(t: Tournament, kind: Kind, stage: Stage | None = None) -> list[Gap]:
    built = build(t)
    stage = stage or stage_of(t)
    if kind == "fide":
        return check_fide(built.report, stage)
    return check_dsb(built.report, built.dsb, stage)


def said(found: list[Gap]) -> list[dict[str, Any]]:
    """The gaps for a page: the sentence in the reader's language, required or a warning."""
    return [{"place": g.place, "text": say(g.message), "required": g.required} for g in found]


def file_text(t: Tournament, kind: Kind) -> str:
    built = build(t)
    return write_fide(built.report) if kind == "fide" else write_dsb(built.report, built.dsb)


# ----------------------------------------------------------------------------- header facts

# What the director types for the reports' header, kept in Tournament.details under the keys
# the TRF reader and writer use (trf/ranking.py HEADER).
HEADER_KEYS = ("city", "federation", "start_date", "end_date", "chief_arbiter",
               "deputy_arbiters", "time_control", "tournament_type", "round_dates")
TEXT_LENGTH = 100
MAX_LIST = 99


def check_header(values: dict[str, Any]) -> dict[str, Any]:
    """The header facts, bounded and in TRF's forms (dates ``YYYY/MM/DD``)."""
    out: dict[str, Any] = {}
    for key in HEADER_KEYS:
        value = values.get(key)
        if key in ("deputy_arbiters", "round_dates"):
            items = [str(x).strip() for x in (value or []) if str(x).strip()]
            if len(items) > MAX_LIST:
                raise ServiceError(_("at most %(n)s entries") % {"n": MAX_LIST}, key)
            for item in items:
                check_single_line(item, key)
                if len(item) > TEXT_LENGTH:
                    raise ServiceError(_("at most %(n)s characters") % {"n": TEXT_LENGTH}, key)
            if key == "round_dates":
                days = [parse_day(x) for x in items]
                if None in days:
                    raise ServiceError(_("dates as 2025/06/01 or 01.06.2025, one per round"),
                                       key)
                items = [f"{d:%y/%m/%d}" for d in days if d is not None]
            if items:
                out[key] = items
            continue
        text = str(value or "").strip()
        check_single_line(text, key)
        if len(text) > TEXT_LENGTH:
            raise ServiceError(_("at most %(n)s characters") % {"n": TEXT_LENGTH}, key)
        if key in ("start_date", "end_date") and text:
            day = parse_day(text)
            if day is None:
                raise ServiceError(_("a date as 2025/06/01 or 01.06.2025"), key)
            text = f"{day:%Y/%m/%d}"
        if key == "federation" and text and not re.fullmatch(r"[A-Z]{3}", text.upper()):
            raise ServiceError(_("a 3-letter FIDE federation code such as GER"), key)
        if text:
            out[key] = text.upper() if key == "federation" else text
    return out


def set_report_header(t: Tournament, actor: Actor, values: dict[str, Any]) -> Tournament:
    """Keep the report's header facts in ``details`` (logged, the version moves)."""
    clean = check_header(values)
    with change(t.pk, actor, "set_report_header") as c:
        t = c.tournament
        details = dict(t.details or {})
        before = {k: details.get(k) for k in HEADER_KEYS if k in details}
        if before == clean:
            c.unchanged = True
            return t
        for key in HEADER_KEYS:
            details.pop(key, None)
        details.update(clean)
        c.target = t.name
        c.wrote("tournament")
        c.before, c.after = {"details": before}, {"details": clean}
        t.details = details
        t.save(update_fields=["details"])
    return t
