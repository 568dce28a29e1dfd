"""The rating report as a TRF-26 file (FIDE Handbook C.02.03, Annexure A, "Tournament
Report File Format Version 2026"), written from plain data, and the check of what a rated
event's report must hold.

:mod:`pairing.trf` reads any TRF for the pairing engines and writes back what it read.
This module writes the report a chief arbiter sends to the rating officer after the event
(or, before round 1, checks that it will be possible): every header record the format
marks mandatory for rating (012, 022, 032, 042, 052, 102, 132), the counts 062/072, the
TRF-26 records 142-222 that say how the event was run, the ``001`` player records with
their round cells, and national rating records (a federation's code instead of ``001``,
with the ``172`` record that must then say how the starting rank was built; the DSB's
file, :mod:`pairing.trf_dsb`, uses them). The web side builds a :class:`Report` from its
database and calls :func:`write`; ``tournaments/chess/trf/writing.py`` keeps writing the
engines' TRF-16 with the ``XX?`` extensions.

:func:`check` names what is missing, each with a sentence made by
:func:`scoring.i18n.N_`: before round 1 the players' FIDE ID, federation, birth year, sex
and title information and the header facts known by then; for the export also the round
dates, the end date and every player's rank. What the format marks mandatory for rating
(■) or the FIDE registration rules require is ``required``; what it marks "warning if
wrong" (□) is not. ``docs/federation-files.md`` gives the sources.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import Literal

from scoring.i18n import N_, Message, Ref
from scoring.text import single_line

from .trf import CELL_WIDTH, FIRST_CELL, Cell, TrfPlayer, format_points, player_line

TITLES = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
SCORE_CODES = ("W", "D", "L", "A", "P", "X")  # the 162 record's result symbols
RANK_METHODS = ("FIDE", "NRO", "FIDON", "NIDOF", "HBFN", "LBFN", "OTHER")  # the 172 record
_FEDERATION = re.compile(r"[A-Z]{3}")


@dataclass(frozen=True)
class NationalRecord:
    """A national rating record: the ``001`` columns 1-79 again, for one federation."""

    federation: str  # 3-letter FIDE code, written in columns 1-3 instead of 001
    rating: int | None = None  # national rating, columns 49-52
    number: str = ""  # national ID, columns 58-68
    origin: str = ""  # federation, state, region …, columns 54-56
    classification: str = ""  # columns 11-13
    name: str = ""  # only if it differs from the 001 record
    sex: str = ""
    birth_date: date | None = None


@dataclass(frozen=True)
class ReportPlayer:
    """One ``001`` record. ``title`` is a FIDE title code, ``""`` for none and None when
    nobody knows yet (a norm event needs to)."""

    number: int  # starting rank, 1-9999
    name: str  # "Lastname, Firstname"
    sex: str = ""  # "m" / "w"
    title: str | None = ""
    rating: int | None = None
    federation: str = ""
    fide_id: int | None = None
    birth_date: date | None = None
    birth_year: int | None = None  # when only the year is known
    points: Fraction = Fraction(0)
    rank: int | None = None
    cells: tuple[Cell | None, ...] = ()  # round 1, 2, …; None: no cell (Z)
    national: tuple[NationalRecord, ...] = ()

    @property
    def year(self) -> int | None:
        return self.birth_date.year if self.birth_date else self.birth_year


@dataclass(frozen=True)
class ReportHeader:
    """The tournament section: TRF-16's 012-132 and TRF-26's 142-222."""

    name: str
    city: str = ""
    federation: str = ""
    start: date | None = None
    end: date | None = None
    chief_arbiter: str = ""
    deputies: tuple[str, ...] = ()
    time_control: str = ""  # 122, as text
    tournament_type: str = ""  # 092, as text
    round_dates: tuple[date | None, ...] = ()  # 132
    rounds: int | None = None  # 142
    initial_colour: str = ""  # 152: "W" or "B"
    scoring: tuple[tuple[str, Fraction], ...] = ()  # 162: symbols whose points differ
    rank_method: str = "FIDON"  # 172 with national records: how the starting rank was made
    pairing_controller: str = ""  # 182
    type_code: str = ""  # 192, e.g. FIDE_DUTCH_2026
    tiebreaks: tuple[str, ...] = ()  # 212: PTS first, then the tie-breaks
    time_code: str = ""  # 222, e.g. 5400+30


@dataclass(frozen=True)
class Report:
    header: ReportHeader
    players: tuple[ReportPlayer, ...]
    title_event: bool = False  # a norm event: 182, 192, 212 and every title are needed


@dataclass(frozen=True)
class Gap:
    """One thing a report lacks: where (``players[3].fide_id``), what, and whether the
    rating officer may refuse the report for it."""

    place: str
    message: Message
    required: bool = True


# --- writing -------------------------------------------------------------------------------


def _day(d: date | None) -> str:
    return d.strftime("%Y/%m/%d") if d else ""


def _birth(p: ReportPlayer) -> str:
    if p.birth_date:
        return _day(p.birth_date)
    return str(p.birth_year) if p.birth_year else ""


def head(p: ReportPlayer) -> str:
    """Columns 1-80 of the ``001`` record."""
    rating = str(p.rating) if p.rating else ""
    fide_id = str(p.fide_id) if p.fide_id else ""
    return (f"001 {p.number:>4} {p.sex[:1]:1}{(p.title or '')[:3]:>3} {p.name[:33]:<33} "
            f"{rating[:4]:>4} {p.federation[:3]:<3} {fide_id[:11]:>11} "
            f"{_birth(p)[:10]:<10}").ljust(80)


def national_line(number: int, player_name: str, n: NationalRecord) -> str:
    """A national rating record: the federation's code, then the ``001`` columns."""
    rating = str(n.rating) if n.rating else ""
    name = n.name if n.name and n.name != player_name else ""
    return (f"{n.federation[:3]:<3} {number:>4} {n.sex[:1]:1}{n.classification[:3]:>3} "
            f"{name[:33]:<33} {rating[:4]:>4} {n.origin[:3]:<3} {n.number[:11]:>11} "
            f"{_day(n.birth_date):<10}").rstrip()


def _dated(code: str, dates: Sequence[date | None]) -> str:
    text = code
    for k, d in enumerate(dates):
        if d is not None:
            text = text.ljust(FIRST_CELL - 1 + CELL_WIDTH * k) + d.strftime("%y/%m/%d")
    return text


def _score_line(scoring: Sequence[tuple[str, Fraction]]) -> str:
    """``162``: a symbol at column 6 and its points at 7-10, the next pair 9 columns on."""
    text = "162"
    for j, (symbol, points) in enumerate(scoring):
        text = text.ljust(5 + 9 * j) + f"{symbol}{format_points(points):>4}"
    return text


def header_lines(report: Report) -> list[str]:
    h = report.header
    rated = sum(1 for p in report.players if p.rating)
    lines = [f"012 {h.name}"]
    for code, value in (("022", h.city), ("032", h.federation), ("042", _day(h.start)),
                        ("052", _day(h.end)), ("062", str(len(report.players))),
                        ("072", str(rated)), ("092", h.tournament_type),
                        ("102", h.chief_arbiter)):
        if value:
            lines.append(f"{code} {value}")
    lines += [f"112 {x}" for x in h.deputies if x]
    if h.time_control:
        lines.append(f"122 {h.time_control}")
    if any(h.round_dates):
        lines.append(_dated("132", h.round_dates))
    if h.rounds:
        lines.append(f"142 {h.rounds}")
    if h.initial_colour:
        lines.append(f"152 {h.initial_colour}")
    if h.scoring:
        lines.append(_score_line(h.scoring))
    federations = sorted({n.federation for p in report.players for n in p.national})
    lines += [f"172 {f:<3} {h.rank_method}" for f in federations]
    for code, value in (("182", h.pairing_controller), ("192", h.type_code),
                        ("212", ",".join(h.tiebreaks)), ("222", h.time_code)):
        if value:
            lines.append(f"{code} {value}")
    return lines


def write(report: Report) -> str:
    """The report as TRF-26 text: the tournament section, then each ``001`` record
    followed by its national records. Lines end with CR LF (the format asks for a CR at
    the end of every line); a control character in any field is written as a space."""
    lines = header_lines(report)
    for p in sorted(report.players, key=lambda p: p.number):
        lines.append(player_line(TrfPlayer(p.number, head(p), p.points, p.rank,
                                           list(p.cells))))
        lines += [national_line(p.number, p.name, n) for n in p.national]
    return "".join(single_line(line) + "\r\n" for line in lines)


# --- what a rated report needs ---------------------------------------------------------------

Stage = Literal["before_round_1", "export"]


def named(p: ReportPlayer) -> dict[str, object]:
    return {"number": Ref(p.number), "name": p.name or "?"}


def check(report: Report, stage: Stage = "export") -> list[Gap]:
    """Every gap of the report for FIDE rating, header first, then player by player."""
    h = report.header
    gaps: list[Gap] = []

    def need(place: str, message: Message, required: bool = True) -> None:
        gaps.append(Gap(place, message, required))

    missing: list[tuple[str, object, Message]] = [
        ("name", h.name, N_("the tournament's name (012) is missing")),
        ("city", h.city, N_("the tournament's city (022) is missing")),
        ("federation", h.federation, N_("the tournament's federation (032) is missing")),
        ("start", h.start, N_("the tournament's start date (042) is missing")),
        ("chief_arbiter", h.chief_arbiter, N_("the chief arbiter (102) is missing"))]
    if report.title_event:
        missing += [
            ("pairing_controller", h.pairing_controller,
             N_("a title event's report needs the pairing controller (182)")),
            ("type_code", h.type_code,
             N_("a title event's report needs the encoded tournament type (192)")),
            ("tiebreaks", h.tiebreaks,
             N_("a title event's report needs the tie-breaks (212)"))]
    for key, value, message in missing:
        if not value:
            need(f"header.{key}", message)
    if h.federation and not _FEDERATION.fullmatch(h.federation):
        need("header.federation", N_("%(value)s is not a 3-letter FIDE federation code",
                                     value=h.federation))
    if stage == "export":
        if not h.end:
            need("header.end", N_("the tournament's end date (052) is missing"))
        played = max((len(p.cells) for p in report.players), default=0)
        for k in range(played):
            if k >= len(h.round_dates) or h.round_dates[k] is None:
                need(f"header.round_dates[{k}]", N_("round %(n)s has no date (132)", n=k + 1))
    if any(p.national for p in report.players) and h.rank_method not in RANK_METHODS:
        need("header.rank_method", N_("172 must be one of %(options)s",
                                      options=", ".join(RANK_METHODS)))
    seen: set[int] = set()
    for k, p in enumerate(report.players):
        gaps += _player_gaps(k, p, report.title_event, stage)
        if p.number in seen:
            need(f"players[{k}].number", N_("starting rank %(number)s is given twice",
                                            number=Ref(p.number)))
        seen.add(p.number)
    return gaps


def _player_gaps(k: int, p: ReportPlayer, title_event: bool, stage: Stage) -> list[Gap]:
    place = f"players[{k}]"
    who = named(p)
    gaps: list[Gap] = []
    if not p.fide_id:
        gaps.append(Gap(f"{place}.fide_id", N_("player %(number)s (%(name)s) has no FIDE ID",
                                               **who)))
    if not p.federation:
        gaps.append(Gap(f"{place}.federation", N_("player %(number)s (%(name)s) has no "
                                                  "federation", **who)))
    elif not _FEDERATION.fullmatch(p.federation):
        gaps.append(Gap(f"{place}.federation", N_(
            "player %(number)s (%(name)s): %(value)s is not a 3-letter FIDE federation code",
            value=p.federation, **who)))
    if p.year is None:
        gaps.append(Gap(f"{place}.birth", N_("player %(number)s (%(name)s) has no birth year",
                                             **who)))
    if p.title is None:
        gaps.append(Gap(f"{place}.title", N_("player %(number)s (%(name)s): title not known",
                                             **who), title_event))
    elif p.title and p.title not in TITLES:
        gaps.append(Gap(f"{place}.title", N_(
            "player %(number)s (%(name)s): %(value)s is not a FIDE title (%(titles)s)",
            value=p.title, titles=", ".join(TITLES), **who)))
    if p.sex not in ("m", "w"):
        gaps.append(Gap(f"{place}.sex", N_("player %(number)s (%(name)s): sex not known",
                                           **who), False))
    if "," not in p.name:
        gaps.append(Gap(f"{place}.name", N_("player %(number)s (%(name)s): the name should "
                                            "read Lastname, Firstname", **who), False))
    if stage == "export" and p.rank is None:
        gaps.append(Gap(f"{place}.rank", N_("player %(number)s (%(name)s) has no rank",
                                            **who)))
    return gaps
