"""The team section of a Tournament Report File: TRF-16's ``013`` and TRF-2026's records.

The individual games stay on the players' ``001`` lines (:mod:`pairing.trf`); these records
say which players form which team and, in TRF-2026, the teams' scores, byes and forfeits.
Columns as the FIDE specifications give them (1-based, both ends included):

- ``013`` (TRF-16; TRF-2026 keeps it "to be phased out"): team name 5-36, the players'
  starting ranks in board order at 37-40, 42-45, 47-50, … (the table lists 14 players, to
  102-105; a longer roster continues the pattern);
- ``310`` (TRF-2026): team pairing number 5-7, name 9-40, nickname 42-46, strength factor
  48-53, match points 55-60, game points 62-67, rank 69-71, players at 74-77, 79-82, …
  (14 listed, to 139-142);
- ``082``: the number of teams; ``352``: the boards' colour sequence (``WBWBWB``);
- ``362``: the match points of a team win, draw and loss, written ``TW 2.0 TD 1.0 TL 0.0``
  (the codes and defaults are the specification's; it gives no columns, so they are spaced
  like ``162``'s: code at 5, value at 8-11, every 9 columns);
- ``320``: the pairing-allocated bye's match points 5-8 and game points 10-13, then the
  team that had it in round 1, 2, … at 15-17, 19-21, … (``000``: none);
- ``330``: a forfeited match: type 5-6 (``+-`` the White team won, ``-+`` the Black team,
  ``--`` both lost), round 8-10, White team 12-14, Black team 16-18.

Fields longer than their columns are cut (a name to 32 characters); numbers that do not fit
raise ValueError. The reader used by the tests (``tests/readers/trf_teams.py``) is written
from the same tables without this module.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from scoring.text import single_line

FORFEIT_TYPES = ("+-", "-+", "--")


@dataclass(frozen=True)
class TrfTeam:
    """A team as the team section writes it: players are starting ranks in board order."""

    number: int
    name: str
    players: tuple[int, ...]
    nickname: str = ""
    strength: int | None = None
    match_points: Fraction | None = None
    game_points: Fraction | None = None
    rank: int | None = None


def _field(text: str, width: int) -> str:
    return single_line(text)[:width].ljust(width)


def _number(value: int | None, width: int, what: str) -> str:
    if value is None:
        return " " * width
    if not 0 <= value < 10 ** width:
        raise ValueError(f"{what} {value} does not fit {width} columns")
    return str(value).rjust(width)


def _points(value: Fraction | None, width: int, what: str) -> str:
    if value is None:
        return " " * width
    if (value * 10).denominator != 1:
        raise ValueError(f"{what} {value} has no one-decimal spelling")
    text = f"{float(value):.1f}"
    if len(text) > width or value < 0:
        raise ValueError(f"{what} {value} does not fit {width} columns")
    return text.rjust(width)


def _players(players: Sequence[int]) -> str:
    return " ".join(_number(p, 4, "starting rank") for p in players)


def line_013(team: TrfTeam) -> str:
    """``013 NAME(32)PPPP PPPP …``: the players start at column 37."""
    return f"013 {_field(team.name, 32)}{_players(team.players)}".rstrip()


def line_310(team: TrfTeam) -> str:
    """The TRF-2026 team record (columns in the module's docstring)."""
    head = (f"310 {_number(team.number, 3, 'team number')} {_field(team.name, 32)} "
            f"{_field(team.nickname, 5)} {_number(team.strength, 6, 'strength')} "
            f"{_points(team.match_points, 6, 'match points')} "
            f"{_points(team.game_points, 6, 'game points')} "
            f"{_number(team.rank, 3, 'rank')}  ")
    return (head + _players(team.players)).rstrip()


def line_082(teams: int) -> str:
    return f"082 {teams}"


def line_352(sequence: str) -> str:
    s = sequence.upper()
    if not s or set(s) - {"W", "B"}:
        raise ValueError(f"a colour sequence is made of W and B, not {sequence!r}")
    return f"352 {s}"


def line_362(win: Fraction, draw: Fraction, loss: Fraction) -> str:
    parts = [f"{code} {_points(v, 4, code)}" for code, v in (("TW", win), ("TD", draw),
                                                             ("TL", loss))]
    return "362 " + "  ".join(parts)


def line_320(match_points: Fraction, game_points: Fraction, byes: Sequence[int | None]) -> str:
    """The PAB record: ``byes[r - 1]`` is the team that had it in round r (None: none)."""
    teams = " ".join(_number(t or 0, 3, "team number").replace(" ", "0") for t in byes)
    return (f"320 {_points(match_points, 4, 'match points')} "
            f"{_points(game_points, 4, 'game points')} {teams}").rstrip()


def line_330(kind: str, round_: int, white: int, black: int) -> str:
    if kind not in FORFEIT_TYPES:
        raise ValueError(f"a forfeit type is one of {', '.join(FORFEIT_TYPES)}, not {kind!r}")
    return (f"330 {kind} {_number(round_, 3, 'round').replace(' ', '0')} "
            f"{_number(white, 3, 'team number').replace(' ', '0')} "
            f"{_number(black, 3, 'team number').replace(' ', '0')}")


def team_section(teams: Sequence[TrfTeam], version: str = "TRF-26", sequence: str | None = None,
                 match_points: tuple[Fraction, Fraction, Fraction] | None = None,
                 pab: tuple[Fraction, Fraction, Sequence[int | None]] | None = None,
                 forfeits: Sequence[tuple[str, int, int, int]] = ()) -> list[str]:
    """The team lines of a TRF: for ``TRF-16`` the ``013`` records; for ``TRF-26`` the
    ``082``, ``352``, ``362``, ``310``, ``320`` and ``330`` records that apply (``013``
    too is accepted by TRF-2026 readers, but it is being phased out)."""
    if version == "TRF-16":
        return [line_013(t) for t in teams]
    if version != "TRF-26":
        raise ValueError(f"unknown TRF version {version!r}")
    lines = [line_082(len(teams))]
    if sequence:
        lines.append(line_352(sequence))
    if match_points and match_points != (Fraction(2), Fraction(1), Fraction(0)):
        lines.append(line_362(*match_points))
    lines += [line_310(t) for t in teams]
    if pab and any(pab[2]):
        lines.append(line_320(*pab))
    lines += [line_330(*f) for f in forfeits]
    return lines
