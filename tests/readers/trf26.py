"""A reader of FIDE's Tournament Report File, version 2026 (TRF-26), from the specification.

Specification: FIDE Handbook C.02.03 Annexure A, "Format of Tournament Report File (TRF) -
Version 2026", approved by the FIDE Council on 12/05/2025, applied from 01/09/2025. Columns
are 1-based and inclusive, as in the specification; ``_cols(line, a, b)`` is columns a..b.

What it reads:

- ``###`` comment lines (skipped);
- the tournament section: any ``??2`` record, its value from column 5; ``132`` round dates
  (``YY/MM/DD`` at 92-99, 102-109, …); ``162`` (a symbol at 6, 15, 24 … and its points in
  the four columns after it); ``172`` (federation 5-7, method 9-13);
- ``001`` player records: starting rank 5-8, sex 10, title 11-13, name 15-47, rating
  49-52, federation 54-56, FIDE number 58-68, birth date 70-79, points 81-84, rank 86-89;
  for round r the opponent at 92-95, colour at 97 and result at 99, each 10 columns
  further per round (``0000`` or blank opponent: none; blank colour: ``-``; blank result:
  ``Z``; letters in any case);
- national rating records: a 3-letter federation code in 1-3, then the same columns
  (national classification 11-13, national rating 49-52, origin 54-56, national number
  58-68).

Every column the specification leaves between two fields must be blank; anything else
raises :class:`ReadError` naming the line and column. Nothing here imports the project.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction

RESULTS = set("+-WDL1=0HFUZ")
SCORE_DEFAULTS = {"W": Fraction(1), "D": Fraction(1, 2), "L": Fraction(0), "A": Fraction(0)}


class ReadError(ValueError):
    def __init__(self, line: int, column: int, why: str) -> None:
        super().__init__(f"line {line}, column {column}: {why}")


@dataclass
class Round:
    opponent: int | None
    colour: str  # w, b or -
    result: str  # upper case; Z for blank


@dataclass
class Record:
    """A 001 record or a national rating record (``kind`` is 001 or the federation)."""

    kind: str
    number: int
    sex: str
    title: str
    name: str
    rating: int | None
    federation: str  # the national record's origin
    ident: str  # FIDE number / national number
    birth: str
    points: Fraction | None = None
    rank: int | None = None
    rounds: list[Round] = field(default_factory=list)


@dataclass
class TrfFile:
    header: dict[str, list[str]] = field(default_factory=dict)
    round_dates: dict[int, date] = field(default_factory=dict)
    scoring: dict[str, Fraction] = field(default_factory=dict)
    rank_methods: dict[str, str] = field(default_factory=dict)
    players: dict[int, Record] = field(default_factory=dict)
    national: list[Record] = field(default_factory=list)

    def value(self, code: str) -> str | None:
        values = self.header.get(code)
        return values[0] if values else None

    def points_of(self, result: str) -> Fraction:
        """Points of a result code under the 162 record (defaults of the specification)."""
        s = {**SCORE_DEFAULTS, **self.scoring}
        win, draw = s["W"], s["D"]
        pab, unknown = s.get("P", win), s.get("X", draw)
        return {"1": win, "W": win, "+": win, "F": win, "=": draw, "D": draw, "H": draw,
                "0": s["L"], "L": s["L"], "-": s["A"], "Z": s["A"], "U": pab,
                "X": unknown}[result]


def _cols(line: str, a: int, b: int) -> str:
    return line[a - 1:b]


def _blank(line: str, number: int, *columns: int) -> None:
    for c in columns:
        if _cols(line, c, c).strip():
            raise ReadError(number, c, f"must be blank, not {_cols(line, c, c)!r}")


def _int(text: str, number: int, column: int, what: str) -> int | None:
    text = text.strip()
    if not text:
        return None
    if not text.isdigit():
        raise ReadError(number, column, f"{what} must be digits, not {text!r}")
    return int(text)


def _points(text: str, number: int, column: int) -> Fraction | None:
    text = text.strip()
    if not text:
        return None
    if not re.fullmatch(r"\d+(\.\d+)?", text):
        raise ReadError(number, column, f"points must look like 11.5, not {text!r}")
    return Fraction(text)


def _record(line: str, number: int, kind: str) -> Record:
    line = line.rstrip("\r")
    _blank(line, number, 4, 9, 14, 48, 53, 57, 69, 80)
    starting = _int(_cols(line, 5, 8), number, 5, "the starting rank")
    if starting is None or not 1 <= starting <= 9999:
        raise ReadError(number, 5, "the starting rank must be 1 to 9999")
    record = Record(
        kind=kind, number=starting, sex=_cols(line, 10, 10).strip(),
        title=_cols(line, 11, 13).strip(), name=_cols(line, 15, 47).strip(),
        rating=_int(_cols(line, 49, 52), number, 49, "the rating"),
        federation=_cols(line, 54, 56).strip(), ident=_cols(line, 58, 68).strip(),
        birth=_cols(line, 70, 79).strip())
    if kind != "001":
        if len(line) > 79:
            raise ReadError(number, 80, "a national record ends at column 79")
        return record
    _blank(line, number, 85, 90, 91)
    record.points = _points(_cols(line, 81, 84), number, 81)
    record.rank = _int(_cols(line, 86, 89), number, 86, "the rank")
    start = 92
    while start <= len(line):
        r = len(record.rounds) + 1
        _blank(line, number, start + 4, start + 6, start + 8, start + 9)
        opponent = _int(_cols(line, start, start + 3), number, start, f"round {r} opponent")
        colour = _cols(line, start + 5, start + 5).strip().lower() or "-"
        if colour not in ("w", "b", "-"):
            raise ReadError(number, start + 5, f"round {r}: colour {colour!r}")
        result = _cols(line, start + 7, start + 7).strip().upper() or "Z"
        if result not in RESULTS:
            raise ReadError(number, start + 7, f"round {r}: result {result!r}")
        record.rounds.append(Round(opponent or None, colour, result))
        start += 10
    return record


def _dates(line: str, number: int) -> dict[int, date]:
    dates: dict[int, date] = {}
    start, r = 92, 1
    while start <= len(line):
        text = _cols(line, start, start + 7).strip()
        if text:
            m = re.fullmatch(r"(\d\d)/(\d\d)/(\d\d)", text)
            if not m:
                raise ReadError(number, start, f"round {r}: date must be YY/MM/DD")
            dates[r] = date(2000 + int(m[1]), int(m[2]), int(m[3]))
        start, r = start + 10, r + 1
    return dates


def _scoring(line: str, number: int) -> dict[str, Fraction]:
    scoring: dict[str, Fraction] = {}
    column = 6
    while column <= len(line):
        symbol = _cols(line, column, column).strip()
        if symbol:
            if symbol not in "WDLAPX":
                raise ReadError(number, column, f"unknown result symbol {symbol!r}")
            value = _points(_cols(line, column + 1, column + 4), number, column + 1)
            if value is None:
                raise ReadError(number, column + 1, "points missing")
            scoring[symbol] = value
        column += 9
    return scoring


def parse(text: str) -> TrfFile:
    f = TrfFile()
    for number, line in enumerate(re.split(r"\r\n|\r|\n", text), 1):
        line = line.rstrip()
        code = line[:3]
        if not line or code == "###":
            continue
        if code == "001":
            record = _record(line, number, "001")
            if record.number in f.players:
                raise ReadError(number, 5, f"starting rank {record.number} twice")
            f.players[record.number] = record
        elif (re.fullmatch(r"[A-Z]{3}", code) and not code.startswith(("XX", "BB"))
              and line[3:4] == " "):  # XX? and BB? are the pairing engines' own records
            f.national.append(_record(line, number, code))
        elif re.fullmatch(r"\d\d2", code):
            if len(line) > 3 and line[3] != " ":
                raise ReadError(number, 4, "column 4 must be blank")
            f.header.setdefault(code, []).append(line[4:])
            if code == "132":
                f.round_dates = _dates(line, number)
            elif code == "162":
                f.scoring = _scoring(line, number)
            elif code == "172":
                f.rank_methods[_cols(line, 5, 7)] = _cols(line, 9, 13).strip()
        # other records (XXR, 240, 250, 260, team records …) are not needed here
    return f
