"""FIDE Tournament Report Files (TRF-16 and TRF-26) for the Swiss pairing engines.

A TRF is read into a :class:`Trf`: the player lines (``001``) as data, every
other line verbatim, so that :func:`write` gives the file back without loss.
What the pairing needs is read from the known lines:

* ``XXR`` / ``142``: number of rounds; ``XXC white1|black1`` / ``152 W|B``: the
  initial colour; ``XXC rank``: the order of the player lines, not the pairing number,
  gives the initial ranking;
* point systems: ``162`` (codes ``W D L Z P``, ``A`` = ``Z``, from column 6 in
  steps of 9), ``BBW BBD BBL BBZ BBF BBU`` (value from column 5), ``XXS
  CODE=VALUE`` (JaVaFo's codes);
* accelerations ``XXA`` (player in columns 5-8, one value per round from
  column 10 in steps of 5) and ``250`` (points, rounds and players as ranges);
  without either, a ``192`` tournament type ending in ``_BAKU`` gives the Baku
  acceleration's virtual points (:mod:`pairing.baku`);
* forbidden pairs ``XXP`` (all players of the line, every round) and ``260``
  (rounds in columns 5-7 and 9-11, players from column 13 in steps of 5);
* absences announced for the round to pair: ``XXZ`` (a list of players) and
  ``240`` (round in columns 7-9, players from column 11 in steps of 5).

Unknown lines are kept for writing back and ignored for pairing. A malformed
file raises :class:`TrfError` naming the line and the column. What real files
write differently and the endorsed engines still read is read too (a blank
opponent field, rank 0, ``0000 - -`` …: :func:`_read_cell`, ``docs/dutch.md``).

The fixtures' README (``fixtures/dutch/README.md``) defines "the
tournament as it stood before round r": :func:`before_round` builds it as a
TRF, :func:`state_before_round` as the engine's :class:`~pairing.swiss.SwissState`,
and :func:`recorded_pairing` reads round r as it was paired.
"""

from __future__ import annotations

import errno
import gzip
import re
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path

from scoring.i18n import N_, Message
from scoring.text import single_line

from .baku import baku_accelerations, names_baku
from .swiss import (
    ABSENCES,
    FORFEIT,
    PAB,
    PLAYED,
    PointSystem,
    RoundRecord,
    SwissPairing,
    SwissPlayer,
    SwissState,
)

RESULTS = PLAYED | FORFEIT | ABSENCES | {PAB}
FIRST_CELL = 92  # 1-based column of round 1's cell; each round 10 columns further
CELL_WIDTH = 10
_NUMBER = re.compile(r"\d+(\.\d*)?|\.\d+")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


class TrfError(ValueError):
    """A malformed TRF: ``line 12, column 99: round 1: unknown result 'Q'``."""

    def __init__(self, line: int, column: int | None, message: Message) -> None:
        self.line = line
        self.column = column
        self.message = message
        where = f"line {line}" + (f", column {column}" if column else "")
        super().__init__(f"{where}: {message}")


@dataclass
class Cell:
    """One round of a player line: ``OOOO C R`` (opponent, colour, result).

    ``colour`` and ``result`` are what the cell means (see :func:`_read_cell`):
    ``0000 - +`` is read as ``F``, ``0000 - -`` and ``0000 -  `` as ``Z``,
    ``0000 - =`` as ``H``, a blank opponent as ``0000``, lower-case codes as
    upper-case. ``raw`` keeps the spelling of the file for writing it back.
    """

    opponent: int | None  # None for 0000
    colour: str  # "w", "b" or "-"
    result: str  # 1 0 = W D L + - U H Z F
    raw: str | None = field(default=None, compare=False)  # the 8 columns as read

    @property
    def record(self) -> RoundRecord:
        return RoundRecord(self.opponent, self.colour if self.colour in "wb" else None,
                           self.result)

    def text(self) -> str:
        if self.raw is not None:
            return self.raw
        return self.canonical()

    def canonical(self) -> str:
        """The cell as TRF-16 spells it: ``0000 - F`` for a ``0000 - +`` read from a file."""
        opponent = "0000" if self.opponent is None else f"{self.opponent:>4}"
        return f"{opponent} {self.colour} {self.result}"


@dataclass
class TrfPlayer:
    """A ``001`` line: columns 1-80 verbatim, then score, rank and the round cells."""

    number: int  # pairing number (columns 5-8)
    head: str  # columns 1-80 as in the file: name, rating, federation, FIDE id, birth date
    points: Fraction | None  # columns 81-84
    rank: int | None  # columns 86-89 (0 is read: withdrawn players in some files)
    cells: list[Cell | None]  # round 1, 2, ...; None for an empty cell
    line: int = 0  # where it was read, for messages

    @property
    def name(self) -> str:
        return self.head[14:47].strip()

    @property
    def rating(self) -> int:
        text = self.head[48:52].strip()
        return int(text) if text.isdecimal() else 0

    def cell(self, round_: int) -> Cell | None:
        return self.cells[round_ - 1] if 0 < round_ <= len(self.cells) else None


@dataclass(frozen=True)
class ForbiddenPairs:
    """Players of one ``XXP`` or ``260`` line: none may meet another in rounds first..last."""

    players: tuple[int, ...]
    first: int = 1
    last: int | None = None  # None: to the end

    def applies(self, round_: int) -> bool:
        return self.first <= round_ and (self.last is None or round_ <= self.last)


@dataclass
class Trf:
    """A read TRF: player data plus every other line verbatim, in file order."""

    lines: list[str | int] = field(default_factory=list)  # a text line, or a pairing number
    players: dict[int, TrfPlayer] = field(default_factory=dict)
    total_rounds: int | None = None
    initial_colour: str | None = None  # "w" / "b"; None when the file does not say
    by_rank: bool = False  # XXC rank: the order of the lines, not the number, ranks initially
    points: PointSystem = field(default_factory=PointSystem)
    accelerations: dict[int, dict[int, Fraction]] = field(default_factory=dict)  # XXA / 250
    forbidden: list[ForbiddenPairs] = field(default_factory=list)
    absent_next: frozenset[int] = frozenset()  # XXZ: absent in the round to pair
    absences: dict[int, frozenset[int]] = field(default_factory=dict)  # 240: round -> players
    final_newline: bool = True

    @property
    def rounds_in_file(self) -> int:
        """The last round with any cell (absences announced ahead included)."""
        return max((len(p.cells) for p in self.players.values()), default=0)

    @property
    def rounds_paired(self) -> int:
        """The last round somebody was paired in: absences alone do not make a round."""
        last = 0
        for p in self.players.values():
            for k, c in enumerate(p.cells, 1):
                if c is not None and c.result not in ABSENCES and k > last:
                    last = k
        return last

    @property
    def next_round(self) -> int:
        return self.rounds_paired + 1

    def initial_order(self) -> list[int]:
        """Pairing numbers in the order of the initial ranking.

        The numbers themselves, unless ``XXC rank`` says the players rank in the order of
        their ``001`` lines (JaVaFo's "positional id"; the pairing numbers are then only
        names). bbpPairings reads it so too: it never reads the rank column (86-89), which
        exports fill with the current standings — lichess writes the standings rank there
        and its lines in the order of the pairing numbers, i.e. of the ratings.
        """
        if not self.by_rank:
            return sorted(self.players)
        return [x for x in self.lines if isinstance(x, int)]


# --- reading -------------------------------------------------------------------------------


MAX_FILE_BYTES = 20 * 1024 * 1024  # ten times the app's import limit (5,000 players: 2 MB)


def read_file(path: str | Path) -> Trf:
    """Read a TRF from disk (``.gz`` is unpacked); see :func:`decode` for the encoding.

    At most :data:`MAX_FILE_BYTES`, also unpacked: a small ``.gz`` may unpack to gigabytes.
    A larger file is an ``OSError`` (EFBIG), which the commands report as unreadable."""
    opener = gzip.open if str(path).endswith(".gz") else open
    with opener(path, "rb") as stream:
        data = stream.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise OSError(errno.EFBIG, f"the file is larger than {MAX_FILE_BYTES // 2**20} MB"
                      + (" unpacked" if opener is gzip.open else ""))
    return read(decode(data))


def decode(data: bytes) -> str:
    """UTF-8; else Windows-1252, as programs on Windows write it (Latin-1 would turn its
    „ and “ into C1 control characters); else Latin-1, which takes any byte."""
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            pass
    return data.decode("latin-1")


def read(text: str) -> Trf:
    """Parse a TRF; CR, LF and CRLF line endings; raises :class:`TrfError`."""
    lines = _LINE_BREAK.split(text)
    trf = Trf(final_newline=len(lines) > 1 and lines[-1] == "")
    if trf.final_newline:
        lines.pop()
    points = _PointsReader()
    baku_line = 0  # the 192 line that names Baku acceleration
    for number, line in enumerate(lines, 1):
        code = line[:3]
        if code == "001":
            player = _read_player(line, number)
            if player.number in trf.players:
                raise TrfError(number, 5, N_("pairing number %(n)s is used twice (first on "
                                             "line %(line)s)", n=player.number,
                                             line=trf.players[player.number].line))
            trf.players[player.number] = player
            trf.lines.append(player.number)
            continue
        trf.lines.append(line)
        if code in ("XXR", "142"):
            trf.total_rounds = _whole(line[3:], number, 4,
                                      N_("%(code)s: number of rounds", code=code))
        elif code == "XXC":
            for word in line[3:].split():
                if word in ("white1", "black1"):
                    trf.initial_colour = word[0]
                elif word == "rank":
                    trf.by_rank = True
        elif code == "152":
            colour = line[4:].strip()
            if colour not in ("W", "B", "w", "b"):
                raise TrfError(number, 5, N_("152: initial colour must be W or B, not "
                                             "'%(value)s'", value=colour))
            trf.initial_colour = colour.lower()
        elif code == "162":
            points.read_162(line, number)
        elif code in _BB_FIELDS:
            points.read_bb(line, number)
        elif code == "XXS":
            points.read_xxs(line, number)
        elif code == "192":
            baku_line = number if names_baku(line[3:]) else 0
        elif code == "XXA":
            _read_xxa(trf, line, number)
        elif code == "250":
            _read_250(trf, line, number)
        elif code == "XXP":
            trf.forbidden.append(ForbiddenPairs(tuple(n for n, _ in _numbers(line, number))))
        elif code == "260":
            _read_260(trf, line, number)
        elif code == "XXZ":
            trf.absent_next |= {n for n, _ in _numbers(line, number)}
        elif code == "240":
            _read_240(trf, line, number)
    trf.points = points.system(lines)
    _check(trf, lines)
    if baku_line and not trf.accelerations:  # XXA / 250 lines, when given, say it all
        if trf.total_rounds is None:
            raise TrfError(baku_line, 5, N_("192: Baku acceleration needs the number of "
                                            "rounds (XXR or 142)"))
        trf.accelerations = baku_accelerations(trf.initial_order(), trf.total_rounds)
    return trf


def _whole(text: str, line: int, column: int, what: Message) -> int:
    value = text.strip()
    if not value.isdecimal() or int(value) < 1:
        raise TrfError(line, column, N_("%(what)s must be a positive whole number, not "
                                        "'%(value)s'", what=what, value=value))
    return int(value)


def _decimal(text: str, line: int, column: int, what: Message) -> Fraction:
    value = text.strip()
    if not _NUMBER.fullmatch(value):
        raise TrfError(line, column, N_("%(what)s must be a number like 1.5, not '%(value)s'",
                                        what=what, value=value))
    return Fraction(value)


def _numbers(line: str, number: int, start: int = 3) -> list[tuple[int, int]]:
    """Whitespace-separated pairing numbers from column start+1, with their columns."""
    found = []
    for m in re.finditer(r"\S+", line[start:]):
        column = start + m.start() + 1
        found.append((_whole(m.group(), number, column, _player_of(line[:3])), column))
    return found


def _player_of(code: str) -> Message:
    """What a pairing number in a list of players is called: ``XXP: player``."""
    return N_("%(code)s: player", code=code)


def _read_player(line: str, number: int) -> TrfPlayer:
    padded = line.ljust(FIRST_CELL - 1)
    pairing_number = _whole(padded[4:8], number, 5, N_("pairing number"))
    rating = padded[48:52].strip()
    if rating and not rating.isdecimal():
        raise TrfError(number, 49, N_("rating must be a whole number, not '%(value)s'",
                                      value=rating))
    text = padded[80:84].strip()
    score = _decimal(text, number, 81, N_("score")) if text else None
    for column in (85, 90, 91):
        if padded[column - 1] != " ":
            raise TrfError(number, column, N_("column %(n)s must be blank, not '%(value)s'",
                                              n=column, value=padded[column - 1]))
    text = padded[85:89].strip()
    if text and not text.isdecimal():
        raise TrfError(number, 86, N_("rank must be a whole number, not '%(value)s'",
                                      value=text))
    rank = int(text) if text else None
    cells: list[Cell | None] = []
    start = FIRST_CELL - 1
    while start - 2 < len(line):  # columns 90-91 were checked above
        round_ = len(cells) + 1
        chunk = line[start:start + 8].ljust(8)
        gap = line[start - 2:start]
        if round_ > 1 and gap.strip():
            raise TrfError(number, start - 1 + (gap[0] == " "),
                           N_("round %(n)s: columns %(first)s-%(last)s must be blank between "
                              "two rounds", n=round_, first=start - 1, last=start))
        cells.append(_read_cell(chunk, number, start + 1, round_) if chunk.strip() else None)
        start += CELL_WIDTH
    while cells and cells[-1] is None:
        cells.pop()
    return TrfPlayer(pairing_number, padded[:80], score, rank, cells, number)


# Cells without an opponent whose result is a game's or a forfeit's, read as the bye they
# are to the endorsed engines: bbpPairings scores ``0000 - =`` as a draw and ``0000 - -`` /
# ``0000 -  `` as a zero-point bye, and leaves the player unpaired in that round. ``0000 - +``
# (a "spielfrei" dummy opponent in real opens) is read as the full-point bye F.
_UNPAIRED = {"=": "H", "-": "Z", " ": "Z", "+": "F"}


def _read_cell(chunk: str, line: int, column: int, round_: int) -> Cell:
    """One round's 8 columns, as the endorsed engines read them.

    Accepted besides TRF-16's own spelling (as bbpPairings does): a blank opponent field
    for ``0000`` (raw lichess exports write ``         H``), a blank colour for ``-`` on
    byes and forfeits, result letters in lower case, a blank result for ``Z``, and the
    unpaired cells of :data:`_UNPAIRED`. Refused, as there: a game without opponent or
    colour, a bye with an opponent or a colour, a forfeit without opponent but with a colour.
    """
    where = N_("round %(n)s", n=round_)
    opponent_text = chunk[:4].strip()
    if opponent_text and not opponent_text.isdecimal():
        raise TrfError(line, column, N_("%(where)s: opponent must be a pairing number or "
                                        "0000, not '%(value)s'", where=where, value=chunk[:4]))
    opponent = int(opponent_text or 0) or None
    for offset in (4, 6):
        if chunk[offset] != " ":
            raise TrfError(line, column + offset, N_("%(where)s: expected a blank, not "
                                                     "'%(value)s'", where=where,
                                                     value=chunk[offset]))
    colour, result = chunk[5], chunk[7].upper() if chunk[7].isascii() else chunk[7]
    if colour not in ("w", "b", "-", " "):
        raise TrfError(line, column + 5, N_("%(where)s: colour must be w, b or -, not "
                                            "'%(value)s'", where=where, value=colour))
    colour = "-" if colour == " " else colour
    if opponent is None and colour == "-" and result in _UNPAIRED:
        return Cell(None, "-", _UNPAIRED[result], raw=chunk)
    if result not in RESULTS:
        raise TrfError(line, column + 7, N_("%(where)s: unknown result '%(value)s'",
                                            where=where, value=chunk[7]))
    if result in PLAYED:
        if opponent is None:
            raise TrfError(line, column, N_("%(where)s: a game ('%(result)s') needs an "
                                            "opponent", where=where, result=result))
        if colour == "-":
            raise TrfError(line, column + 5, N_("%(where)s: a game ('%(result)s') needs a "
                                                "colour", where=where, result=result))
    elif result in ABSENCES or result == PAB:
        if opponent is not None:
            raise TrfError(line, column, N_("%(where)s: a bye ('%(result)s') has no "
                                            "opponent", where=where, result=result))
        if colour != "-":
            raise TrfError(line, column + 5, N_("%(where)s: a bye ('%(result)s') has no "
                                                "colour", where=where, result=result))
    elif opponent is None:  # + or - with a colour but nobody to have it against
        raise TrfError(line, column + 5, N_("%(where)s: a forfeit ('%(result)s') without an "
                                            "opponent has no colour", where=where,
                                            result=result))
    cell = Cell(opponent, colour, result)
    return cell if cell.canonical() == chunk else replace(cell, raw=chunk)


# Point systems: 1 / ½ / 0 unless the file says otherwise. 162 W and BBW move the PAB with
# the win unless a P / BBU says otherwise (as bbpPairings reads them); JaVaFo's XXS keeps
# its own defaults, where the PAB stays 1.0 unless PAB= is given.
_BB_FIELDS = {"BBW": "win", "BBD": "draw", "BBL": "loss", "BBZ": "zero", "BBF": "forfeit_loss",
              "BBU": "pab"}
_162_FIELDS = {"W": ("win",), "D": ("draw",), "L": ("loss",), "Z": ("zero", "forfeit_loss"),
               "A": ("zero", "forfeit_loss"), "P": ("pab",)}
_XXS_FIELDS = {
    "WW": ("win",), "BW": ("black_win",), "FW": ("forfeit_win",), "FPB": ("full_bye",),
    "WD": ("draw",), "BD": ("black_draw",), "HPB": ("half_bye",),
    "WL": ("loss",), "BL": ("black_loss",), "ZPB": ("zero",), "FL": ("forfeit_loss",),
    "PAB": ("pab",),
    "W": ("win", "black_win", "forfeit_win", "full_bye"), "D": ("draw", "black_draw", "half_bye"),
}


class _PointsReader:
    """Collects the point system line by line; later lines override earlier ones."""

    def __init__(self) -> None:
        default = PointSystem()
        self.values: dict[str, Fraction | None] = {
            "win": default.win, "draw": default.draw, "loss": default.loss,
            "zero": default.zero, "forfeit_loss": default.forfeit_loss, "pab": default.pab,
            "half_bye": None, "full_bye": None, "black_win": None, "black_draw": None,
            "black_loss": None, "forfeit_win": None,
        }
        self.pab_follows_win = True
        self.where: dict[str, int] = {}  # field -> line that set it last

    def set(self, name: str, value: Fraction, line: int, explicit: bool = True) -> None:
        self.values[name] = value
        self.where[name] = line
        if name == "win" and self.pab_follows_win:
            self.values["pab"] = value
        if name == "pab" and explicit:
            self.pab_follows_win = False

    def read_162(self, line: str, number: int) -> None:
        start = 5
        padded = line.rstrip()
        if len(padded) <= start:
            raise TrfError(number, 6, N_("162: no point codes"))
        while start < len(padded):
            code = padded[start]
            if code not in _162_FIELDS:
                raise TrfError(number, start + 1, N_("162: unknown point code '%(code)s' "
                                                     "(known: W D L Z P)", code=code))
            value = _decimal(padded[start + 1:start + 5], number, start + 2,
                             Message(f"162: {code}"))
            for name in _162_FIELDS[code]:
                self.set(name, value, number)
            if padded[start + 5:start + 9].strip():
                raise TrfError(number, start + 6, N_("162: codes must be 9 columns apart"))
            start += 9

    def read_bb(self, line: str, number: int) -> None:
        self.set(_BB_FIELDS[line[:3]], _decimal(line[4:], number, 5, Message(line[:3])),
                 number)

    def read_xxs(self, line: str, number: int) -> None:
        self.pab_follows_win = False  # JaVaFo: the PAB keeps 1.0 unless PAB= says otherwise
        for m in re.finditer(r"\S+", line[3:]):
            column = 4 + m.start()
            code, eq, value = m.group().partition("=")
            if not eq or code.upper() not in _XXS_FIELDS:
                raise TrfError(number, column, N_("XXS: expected CODE=VALUE with a code of "
                                                  "%(known)s, not '%(value)s'",
                                                  known=" ".join(_XXS_FIELDS), value=m.group()))
            points = _decimal(value, number, column + len(code) + 1, Message(f"XXS: {code}"))
            for name in _XXS_FIELDS[code.upper()]:
                self.set(name, points, number)
            if code.upper() == "D":
                self.values["half_bye"] = None  # the same as a draw
            if code.upper() == "W":
                self.values["full_bye"] = None  # the same as a win

    def system(self, lines: list[str]) -> PointSystem:
        v = self.values
        for name, like in (("black_win", "win"), ("black_draw", "draw"), ("black_loss", "loss"),
                           ("forfeit_win", "win")):
            if v[name] is not None and v[name] != v[like]:
                line = self.where.get(name, 0)
                raise TrfError(line, None, N_("XXS: points for %(name)s different from "
                                              "%(like)s are not supported",
                                              name=name.replace("_", " "), like=like))
        def given(name: str) -> Fraction:  # the points every system has (never unset)
            value = v[name]
            assert value is not None, name
            return value

        return PointSystem(win=given("win"), draw=given("draw"), loss=given("loss"),
                           zero=given("zero"), forfeit_loss=given("forfeit_loss"),
                           pab=given("pab"),
                           half_bye=v["half_bye"], full_bye=v["full_bye"])


def _read_xxa(trf: Trf, line: str, number: int) -> None:
    player = _whole(line[4:8], number, 5, _player_of("XXA"))
    rounds = trf.accelerations.setdefault(player, {})
    start = 9
    while start < len(line):
        text = line[start:start + 4]
        if text.strip():
            rounds[(start - 9) // 5 + 1] = _decimal(text, number, start + 1,
                                                    N_("%(code)s: points", code="XXA"))
        if line[start + 4:start + 5].strip():
            raise TrfError(number, start + 5, N_("XXA: values must be 5 columns apart"))
        start += 5


def _read_250(trf: Trf, line: str, number: int) -> None:
    padded = line.ljust(31)
    if padded[4:8].strip() and _decimal(padded[4:8], number, 5,
                                        N_("%(code)s: match points", code="250")):
        raise TrfError(number, 5, N_("250: accelerated match points are not supported"))
    points = _decimal(padded[9:13], number, 10, N_("%(code)s: game points", code="250"))
    if not points:
        raise TrfError(number, 10, N_("250: the game points must not be 0"))
    first = _whole(padded[14:17], number, 15, N_("%(code)s: first round", code="250"))
    last = _whole(padded[18:21], number, 19, N_("%(code)s: last round", code="250"))
    low = _whole(padded[22:26], number, 23, N_("%(code)s: first player", code="250"))
    high = _whole(padded[27:31], number, 28, N_("%(code)s: last player", code="250"))
    if first > last or low > high:
        raise TrfError(number, 15 if first > last else 23,
                       N_("250: a range ends before it starts"))
    for player in range(low, high + 1):
        rounds = trf.accelerations.setdefault(player, {})
        for round_ in range(first, last + 1):
            rounds[round_] = points


def _fixed_players(line: str, number: int, start: int) -> tuple[int, ...]:
    """Pairing numbers of 4 columns, 5 columns apart, from 0-based index start."""
    players = []
    while start < len(line):
        if line[start:start + 4].strip():
            players.append(_whole(line[start:start + 4], number, start + 1,
                                  _player_of(line[:3])))
        if line[start + 4:start + 5].strip():
            raise TrfError(number, start + 5, N_("%(code)s: players must be 5 columns apart",
                                                 code=line[:3]))
        start += 5
    return tuple(players)


def _read_260(trf: Trf, line: str, number: int) -> None:
    first = _whole(line[4:7], number, 5, N_("%(code)s: first round", code="260"))
    last = _whole(line[8:11], number, 9, N_("%(code)s: last round", code="260"))
    trf.forbidden.append(ForbiddenPairs(_fixed_players(line, number, 12), first, last))


def _read_240(trf: Trf, line: str, number: int) -> None:
    round_ = _whole(line[6:9], number, 7, N_("%(code)s: round", code="240"))
    players = _fixed_players(line, number, 10)
    trf.absences[round_] = trf.absences.get(round_, frozenset()) | frozenset(players)


def _check(trf: Trf, lines: list[str]) -> None:
    """Cells must agree with the opponent's cell; listed players must exist."""
    players = trf.players
    for p in players.values():
        for k, c in enumerate(p.cells, 1):
            if c is None or c.opponent is None:
                continue
            column = FIRST_CELL + CELL_WIDTH * (k - 1)
            where = N_("round %(n)s", n=k)
            if c.opponent == p.number:
                raise TrfError(p.line, column, N_("%(where)s: player %(n)s cannot meet himself",
                                                  where=where, n=p.number))
            other = players.get(c.opponent)
            if other is None:
                raise TrfError(p.line, column, N_("%(where)s: opponent %(n)s has no player "
                                                  "line", where=where, n=c.opponent))
            o = other.cell(k)
            if o is None or o.opponent != p.number:
                raise TrfError(p.line, column, N_("%(where)s: player %(other)s does not have "
                                                  "%(n)s as opponent in this round",
                                                  where=where, other=c.opponent, n=p.number))
            if c.colour in "wb" and c.colour == o.colour:
                raise TrfError(p.line, column + 5, N_("%(where)s: both %(n)s and %(other)s "
                                                      "have colour '%(colour)s'", where=where,
                                                      n=p.number, other=c.opponent,
                                                      colour=c.colour))
            if (c.result in PLAYED) != (o.result in PLAYED):
                raise TrfError(p.line, column + 7, N_(
                    "%(where)s: '%(result)s' against %(other)s's '%(theirs)s': a game for "
                    "one, a forfeit for the other", where=where, result=c.result,
                    other=c.opponent, theirs=o.result))
    for number, line in enumerate(lines, 1):
        code = line[:3]
        if code in ("XXP", "XXZ", "260", "240"):
            start = {"XXP": None, "XXZ": None, "260": 12, "240": 10}[code]
            listed = (_numbers(line, number) if start is None
                      else [(n, 0) for n in _fixed_players(line, number, start)])
            for n, column in listed:
                if n not in players:
                    raise TrfError(number, column or None, _no_player_line(code, n))
        if code == "XXA" and int(line[4:8]) not in players:
            raise TrfError(number, 5, _no_player_line(code, int(line[4:8])))


def _no_player_line(code: str, n: int) -> Message:
    return N_("%(code)s: player %(n)s has no player line", code=code, n=n)


# --- writing -------------------------------------------------------------------------------


def format_points(points: Fraction) -> str:
    """Scores as TRF writes them: one decimal (more only when one is not exact)."""
    places = 1
    while (points * 10 ** places).denominator != 1 and places < 4:
        places += 1
    return f"{float(points):.{places}f}"


def player_line(player: TrfPlayer) -> str:
    """A ``001`` line. A control character in the head (a name with a newline, written
    straight into a database) becomes a space: a field never starts a line of its own."""
    points = "" if player.points is None else format_points(player.points)
    rank = "" if player.rank is None else str(player.rank)
    text = f"{single_line(player.head):<80}{points:>4} {rank:>4}"
    for c in player.cells:
        text += "  " + ("        " if c is None else c.text())
    return text.rstrip()


def write(trf: Trf) -> str:
    """The TRF text, LF line endings; non-player lines as read, except that a control
    character (which no TRF field holds) is written as a space."""
    out = [player_line(trf.players[x]) if isinstance(x, int) else single_line(x)
           for x in trf.lines]
    return "\n".join(out) + ("\n" if trf.final_newline else "")


# --- the tournament as it stood before a round -----------------------------------------------


def _check_round(trf: Trf, round_: int) -> None:
    if round_ < 1:
        raise ValueError(f"round {round_}: rounds are numbered from 1")


def points_before(trf: Trf, player: TrfPlayer, round_: int) -> Fraction:
    """Points from rounds 1 .. round-1 under the file's point system."""
    return sum((trf.points.points(c.result) for c in player.cells[:round_ - 1] if c),
               Fraction(0))


def round_cell(trf: Trf, player: TrfPlayer, round_: int,
               paired: int | None = None) -> Cell | None:
    """The player's cell of a round; a blank cell of a round already paired is ``Z``.

    TRF-26 writes "Z or blank" for a zero-point bye, and real files leave the rest of a
    line blank after a withdrawal: in a round somebody was paired in, the player was not.
    A blank cell of the round to pair says nothing (the player is there). ``paired``:
    ``trf.rounds_paired`` if the caller has it (it reads every cell of the file).
    """
    c = player.cell(round_)
    if c is None and round_ <= (trf.rounds_paired if paired is None else paired):
        return Cell(None, "-", "Z")
    return c


def is_absent(trf: Trf, player: TrfPlayer, round_: int, next_round: int | None = None,
              paired: int | None = None) -> bool:
    """Not paired in the round: cell H, Z or F there (a blank cell of a round already
    paired counts as Z), XXZ (next round) or 240."""
    c = round_cell(trf, player, round_, paired)
    if c is not None and c.result in ABSENCES:
        return True
    if player.number in trf.absent_next and round_ == (next_round or trf.next_round):
        return True
    return player.number in trf.absences.get(round_, ())


def before_round(trf: Trf, round_: int) -> Trf:
    """The TRF as it stood before round r was paired (the fixtures' README, step 1).

    Rounds 1..r-1 as in the file, the score recomputed from them (the rank too:
    score, then pairing number, unless the file has ``XXC rank``: then it stays as written),
    and the round-r cell kept only for an announced absence (a blank cell of a round
    that was paired is written as ``0000 - Z``); every other line unchanged.
    """
    _check_round(trf, round_)
    players = {}
    paired = trf.rounds_paired
    for n, p in trf.players.items():
        cells = list(p.cells[:round_ - 1])
        c = round_cell(trf, p, round_, paired)
        if c is not None and c.result in ABSENCES:
            cells += [None] * (round_ - 1 - len(cells)) + [c]
        while cells and cells[-1] is None:
            cells.pop()
        players[n] = replace(p, points=points_before(trf, p, round_), cells=cells)
    if not trf.by_rank:  # with XXC rank the file's own rank column is kept as written
        order = sorted(players.values(), key=lambda p: (-(p.points or 0), p.number))
        for rank, p in enumerate(order, 1):
            p.rank = rank
    return replace(trf, players=players, lines=list(trf.lines))


def infer_initial_colour(trf: Trf) -> str:
    """The colour drawn for the top player when the file does not say (XXC / 152).

    Taken from the first round with a game over the board, counting the initial ranking
    only among players paired up to then (as bbpPairings infers it); white if none.
    """
    coloured = [k for p in trf.players.values() for k, c in enumerate(p.cells, 1)
                if c and c.colour in "wb"]
    if not coloured:
        return "w"
    first = min(coloured)
    index = 0
    for n in trf.initial_order():
        cells = trf.players[n].cells[:first]
        if any(c and (c.opponent is not None or c.result in ("U", "+")) for c in cells):
            c = trf.players[n].cell(first)
            if c and c.colour in "wb":
                return c.colour if index % 2 == 0 else ("b" if c.colour == "w" else "w")
            index += 1
    return "w"


def accelerations_upto(trf: Trf, number: int, round_: int) -> tuple[Fraction, ...]:
    """The player's virtual points of rounds 1 .. round (0 where the file gives none)."""
    given = trf.accelerations.get(number, {})
    values = [given.get(k, Fraction(0)) for k in range(1, round_ + 1)]
    while values and not values[-1]:
        values.pop()
    return tuple(values)


def state_before_round(trf: Trf, round_: int) -> SwissState:
    """The engine's view of the tournament before round r (the fixtures' README, step 1)."""
    _check_round(trf, round_)
    paired = trf.rounds_paired  # once: it reads every cell (9,999 players: 60,000 cells)
    next_round = paired + 1
    players = []
    for n in sorted(trf.players):
        p = trf.players[n]
        history = tuple(c.record if c else RoundRecord(None, None, "Z")
                        for c in (p.cells[:round_ - 1] + [None] * (round_ - 1 - len(p.cells))))
        players.append(SwissPlayer(
            number=n, points=points_before(trf, p, round_), history=history,
            absent=is_absent(trf, p, round_, next_round, paired), rating=p.rating, name=p.name,
            accelerations=accelerations_upto(trf, n, round_)))
    forbidden = frozenset(
        frozenset((a, b)) for f in trf.forbidden if f.applies(round_)
        for i, a in enumerate(f.players) for b in f.players[i + 1:] if a != b)
    return SwissState(
        round=round_,
        total_rounds=trf.total_rounds or max(trf.rounds_paired, round_),
        initial_colour=trf.initial_colour or infer_initial_colour(trf),
        players=tuple(players), points=trf.points, forbidden=forbidden,
        ranking=tuple(trf.initial_order()) if trf.by_rank else ())


def recorded_pairing(trf: Trf, round_: int) -> SwissPairing:
    """Round r as the file records it: (white, black) pairs and the PAB.

    Forfeited games count as pairs (they were paired); a pair without colours
    (forfeits written ``-``) is given lower number first.
    """
    _check_round(trf, round_)
    pairs: list[tuple[int, int]] = []
    bye: int | None = None
    seen: set[int] = set()
    for n in sorted(trf.players):
        c = trf.players[n].cell(round_)
        if c is None or n in seen:
            continue
        if c.result == PAB:
            if bye is not None:
                raise TrfError(trf.players[n].line, FIRST_CELL + CELL_WIDTH * (round_ - 1),
                               N_("round %(n)s: a second pairing-allocated bye (players "
                                  "%(first)s and %(second)s)", n=round_, first=bye,
                                  second=n))
            bye = n
        elif c.opponent is not None:
            o = trf.players[c.opponent].cell(round_)
            if c.colour == "b" or (c.colour == "-" and o is not None and o.colour == "w"):
                pairs.append((c.opponent, n))
            else:
                pairs.append((n, c.opponent))
            seen |= {n, c.opponent}
    return SwissPairing(tuple(pairs), bye)


# --- the endorsed engines' output format ---------------------------------------------------


def format_pairing(pairing: SwissPairing) -> str:
    """``N`` then ``WHITE BLACK`` per line, the PAB as ``PLAYER 0`` (N counts it)."""
    rows = [f"{w} {b}" for w, b in pairing.pairs]
    if pairing.bye is not None:
        rows.append(f"{pairing.bye} 0")
    return "\n".join([str(len(rows)), *rows]) + "\n"


def read_pairing(text: str) -> SwissPairing:
    """Parse the output format of :func:`format_pairing` (the engines' ``-p`` file)."""
    rows = [line.split() for line in _LINE_BREAK.split(text.strip())]
    if not rows or len(rows[0]) != 1 or not rows[0][0].isdecimal():
        raise TrfError(1, 1, Message("the first line must be the number of pairs"))
    if int(rows[0][0]) != len(rows) - 1:
        raise TrfError(1, 1, Message(f"{rows[0][0]} pairs announced, {len(rows) - 1} given"))
    pairs, bye = [], None
    for number, row in enumerate(rows[1:], 2):
        if len(row) != 2 or not all(x.isdecimal() for x in row):
            raise TrfError(number, 1, Message(f"expected 'WHITE BLACK', not '{' '.join(row)}'"))
        white, black = int(row[0]), int(row[1])
        if black == 0:
            bye = white
        else:
            pairs.append((white, black))
    return SwissPairing(tuple(pairs), bye)

