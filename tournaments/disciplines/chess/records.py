"""Every player's rounds as the chess outputs show them (:mod:`.outputs`): the records.

Cells are written from the player's point of view: ``1``, ``½``, ``0`` for games
over the board, ``+``/``−`` for forfeits and unplayed rounds (``½`` for a
half-point bye), empty while the game is in play.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from scoring.chess import CHESS, Settings
from scoring.model import Problems
from scoring.ratings import dwz_text

from ...models import Entrant, Result, Round, Tournament
from ...services.base import ServiceError
from ...services.public import number
from ...services.standings import standings

COUNTING = (Result.Status.SUBMITTED, Result.Status.CONFIRMED)
ROUND_ROBIN_METHODS = ("round_robin", "round_robin_shift")
RR_SYSTEMS = {"round_robin": "berger", "round_robin_shift": "shift"}

WHITE, BLACK = pgettext_lazy("chess colour", "w"), pgettext_lazy("chess colour", "b")
HALF = "½"
MINUS = "−"

# Kinds of a player's round, with what a card or a table says about it.
GAME, FORFEIT, PENDING, ABSENT = "game", "forfeit", "pending", "absent"
BYE_WORDS: dict[str, Any] = {
    "bye": gettext_lazy("bye"),
    "half": gettext_lazy("half-point bye"),
    "zero": gettext_lazy("zero-point bye"),
    "forfeit-win": gettext_lazy("win by forfeit"),
    ABSENT: gettext_lazy("absent"),
}
# Short forms for the narrow cells of the progress table (FIDE C.07's PAB, HPB, ZPB, FPB).
BYE_SHORT: dict[str, Any] = {
    "bye": pgettext_lazy("pairing-allocated bye", "PAB"),
    "half": pgettext_lazy("half-point bye", "HPB"),
    "zero": pgettext_lazy("zero-point bye", "ZPB"),
    "forfeit-win": pgettext_lazy("full-point bye", "FPB"),
    ABSENT: pgettext_lazy("short for absent", "abs."),
}


# -- the records: every player's rounds --------------------------------------------------------

@dataclass
class Cell:
    """One round of one player."""

    round: int
    kind: str  # game, forfeit, pending, absent, or a bye kind (bye, half, zero, forfeit-win)
    symbol: str = ""  # 1 ½ 0 + − ("" while in play)
    opponent: int | None = None  # the opponent's start number
    opponent_name: str = ""
    colour: str = ""  # "w"/"b" (translated: w/s)
    points: Fraction | None = None  # tournament points of this round; None while in play
    running: Fraction | None = None  # score after this round; None while in play
    opponent_rank: int | None = None

    @property
    def note(self) -> str:
        """What an unplayed round was, for the cards and the progress table."""
        word = BYE_WORDS.get(self.kind)
        return str(word) if word is not None else ""

    @property
    def short(self) -> str:
        word = BYE_SHORT.get(self.kind)
        return str(word) if word is not None else ""

    @property
    def running_text(self) -> str:
        return symbol_points(self.running)

    @property
    def played(self) -> bool:
        """A game over the board with a result: what a rating evaluation counts."""
        return self.kind == GAME and self.symbol != ""


@dataclass
class Line:
    """One player with all rounds shown."""

    entrant_id: int
    number: int  # start number
    name: str
    club: str
    rating: int | None  # Elo (the entrant's rating)
    dwz: int | None
    status: str
    cells: list[Cell] = field(default_factory=list)
    rank: int | None = None
    values: dict[str, Any] = field(default_factory=dict)  # the standings values
    berger: int | None = None  # place in the round robin's schedule
    shown: list[str] = field(default_factory=list)  # formatted values of a table's columns
    dwz_text: str = "–"  # 1834-23, or 1457-(3) for a provisional DWZ (scoring.ratings)

    @property
    def score(self) -> Fraction:
        return sum((c.points for c in self.cells if c.points is not None), Fraction(0))


@dataclass
class Records:
    t: Tournament
    settings: Settings
    rounds: list[int]
    lines: list[Line]  # by start number
    after_round: int | None


def chess_settings(t: Tournament) -> Settings:
    return CHESS.parse_settings(t.disc.effective_scoring(t), Problems(), "scoring")


def is_round_robin(t: Tournament) -> bool:
    return t.pairing in ROUND_ROBIN_METHODS or (t.scoring or {}).get("system") == "round_robin"


def require_chess(t: Tournament) -> None:
    if not t.disc.chess_outputs:
        raise ServiceError(_("this output is for chess tournaments"), "kind")


def shown_rounds(t: Tournament, after_round: int | None = None) -> list[Round]:
    """Drawn rounds spectators may see (never a preview), up to ``after_round``."""
    qs = t.rounds.exclude(status=Round.Status.PREVIEW)
    if after_round is not None:
        qs = qs.filter(number__lte=after_round)
    return list(qs.order_by("number").prefetch_related(
        "tables__seats__entrant", "tables__result", "byes__entrant"))


SYMBOLS = {  # a result for white, for black
    "1-0": ("1", "0"), "0-1": ("0", "1"), "1/2-1/2": (HALF, HALF),
    "+-": ("+", MINUS), "-+": (MINUS, "+"), "--": (MINUS, MINUS)}


def _game(score: str, white: bool, s: Settings) -> tuple[str, str, Fraction]:
    """(kind, symbol, points) of a table's result for white or black."""
    own = SYMBOLS[score][0 if white else 1]
    points = {"1": s.win, HALF: s.draw, "0": s.loss, "+": s.win, MINUS: Fraction(0)}[own]
    return (GAME if score in ("1-0", "0-1", "1/2-1/2") else FORFEIT), own, points


def _bye(kind: str, s: Settings) -> tuple[str, Fraction]:
    return {"bye": ("+", s.bye), "half": (HALF, s.draw), "zero": (MINUS, Fraction(0)),
            "forfeit-win": ("+", s.win)}.get(kind, (MINUS, Fraction(0)))


def records(t: Tournament, after_round: int | None = None) -> Records:
    """Every player's rounds, ranks and standings values up to ``after_round`` (default: now)."""
    require_chess(t)
    s = chess_settings(t)
    rounds = shown_rounds(t, after_round)
    entrants = list(t.entrants.prefetch_related("players").order_by("start_number"))
    lines = {e.pk: _line(e) for e in entrants}
    for rnd in rounds:
        seen: set[int] = set()
        for table in rnd.tables.all():
            seats = sorted(table.seats.all(), key=lambda x: (x.side or 0, x.position))
            if len(seats) != 2:
                continue
            res = getattr(table, "result", None)
            score = (res.payload or {}).get("score") if res is not None and \
                res.status in COUNTING else None
            for me, other, white in ((seats[0], seats[1], True), (seats[1], seats[0], False)):
                seen.add(me.entrant_id)
                cell = Cell(rnd.number, PENDING, opponent=other.entrant.start_number,
                            opponent_name=other.entrant.name,
                            colour=str(WHITE if white else BLACK))
                if score in SYMBOLS:
                    cell.kind, cell.symbol, cell.points = _game(score, white, s)
                lines[me.entrant_id].cells.append(cell)
        for bye in rnd.byes.all():
            seen.add(bye.entrant_id)
            symbol, points = _bye(bye.kind, s)
            lines[bye.entrant_id].cells.append(Cell(rnd.number, bye.kind, symbol, points=points))
        for pk, line in lines.items():
            if pk not in seen:
                line.cells.append(Cell(rnd.number, ABSENT, MINUS, points=Fraction(0)))
    last = rounds[-1].number if rounds else None
    table = standings(t, last if last is not None else 0)["standings"]
    by_number = {line.number: line for line in lines.values()}
    for row in table:
        ranked = by_number.get(row["entrant"])
        if ranked is not None:
            ranked.rank, ranked.values = row["rank"], row["values"]
    for line in lines.values():
        running = Fraction(0)
        for cell in line.cells:
            if cell.points is not None:
                running += cell.points
                cell.running = running
            if cell.opponent is not None:
                cell.opponent_rank = by_number[cell.opponent].rank
    return Records(t, s, [r.number for r in rounds], list(lines.values()), last)


def _line(e: Entrant) -> Line:
    players = list(e.players.all())
    p = players[0] if len(players) == 1 else None
    if p is None:
        return Line(e.pk, e.start_number, e.name, e.club, e.rating, None, e.status)
    return Line(e.pk, e.start_number, e.name, e.club, e.rating, p.dwz, e.status,
                dwz_text=dwz_text(p.dwz, p.dwz_index, p.dwz_provisional))


def by_rank(lines: Iterable[Line]) -> list[Line]:
    return sorted(lines, key=lambda x: (x.rank if x.rank is not None else 10**6, x.number))


def symbol_points(value: Any) -> str:
    """Points as a chess table writes them: 3½, ½, 0 (whole and half points; else decimals)."""
    if value is None:
        return ""
    x = Fraction(value).limit_denominator(1000)
    if x.denominator == 2:
        whole = x.numerator // 2
        return f"{whole}{HALF}" if whole else HALF
    return number(x if x.denominator != 1 else int(x))
