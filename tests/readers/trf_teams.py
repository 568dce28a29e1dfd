"""A reader of the TRF team records, written from the FIDE specifications alone.

TRF-16 (FIDE Data Exchange Format, 2016) and TRF-2026 ("Format of Tournament Report File,
Version 2026", approved 12 May 2025) give each record's columns, 1-based and inclusive:

    013  team name 5-36; player starting ranks 37-40, 42-45, ... (every 5 columns)
    310  team pairing number 5-7; name 9-40; nickname 42-46; strength factor 48-53;
         match points 55-60; game points 62-67; rank 69-71; players 74-77, 79-82, ...
    320  PAB match points 5-8; PAB game points 10-13; PAB team of round 1 at 15-17,
         round 2 at 19-21, ... (000: none)
    330  forfeit type 5-6; round 8-10; White team 12-14; Black team 16-18
    082  number of teams; 352 colour sequence; 362 TW/TD/TL with their match points

Only for 362 the specification gives codes and defaults but no columns; it is read as
code-value pairs. The reader does not import the project's writer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction


def _cols(line: str, first: int, last: int) -> str:
    return line[first - 1:last]


def _int(text: str) -> int | None:
    text = text.strip()
    return int(text) if text else None


def _dec(text: str) -> Fraction | None:
    text = text.strip()
    return Fraction(text) if text else None


def _players(line: str, first: int) -> list[int]:
    out = []
    col = first
    while col <= len(line):
        value = _int(_cols(line, col, col + 3))
        if value is not None:
            out.append(value)
        col += 5
    return out


@dataclass
class TeamRecord:
    kind: str
    number: int | None
    name: str
    players: list[int]
    nickname: str = ""
    strength: int | None = None
    match_points: Fraction | None = None
    game_points: Fraction | None = None
    rank: int | None = None


@dataclass
class TeamSection:
    teams: list[TeamRecord] = field(default_factory=list)
    team_count: int | None = None
    sequence: str | None = None
    match_points: dict[str, Fraction] = field(default_factory=dict)
    pab_points: tuple[Fraction | None, Fraction | None] | None = None
    pab_teams: list[int] = field(default_factory=list)
    forfeits: list[tuple[str, int, int, int]] = field(default_factory=list)


def read(text: str) -> TeamSection:
    section = TeamSection()
    for line in text.splitlines():
        code = line[:3]
        if code == "013":
            section.teams.append(TeamRecord("013", None, _cols(line, 5, 36).strip(),
                                            _players(line, 37)))
        elif code == "310":
            section.teams.append(TeamRecord(
                "310", _int(_cols(line, 5, 7)), _cols(line, 9, 40).strip(), _players(line, 74),
                _cols(line, 42, 46).strip(), _int(_cols(line, 48, 53)),
                _dec(_cols(line, 55, 60)), _dec(_cols(line, 62, 67)), _int(_cols(line, 69, 71))))
        elif code == "082":
            section.team_count = _int(line[4:])
        elif code == "352":
            section.sequence = line[4:].strip()
        elif code == "362":
            tokens = line[4:].split()
            section.match_points = {tokens[k]: Fraction(tokens[k + 1])
                                    for k in range(0, len(tokens) - 1, 2)}
        elif code == "320":
            section.pab_points = (_dec(_cols(line, 5, 8)), _dec(_cols(line, 10, 13)))
            col = 15
            while col <= len(line):
                section.pab_teams.append(_int(_cols(line, col, col + 2)) or 0)
                col += 4
        elif code == "330":
            section.forfeits.append((_cols(line, 5, 6), int(_cols(line, 8, 10)),
                                     int(_cols(line, 12, 14)), int(_cols(line, 16, 18))))
    return section
