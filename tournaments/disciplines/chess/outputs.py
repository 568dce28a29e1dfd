"""The chess outputs a German club expects: cross table, progress table, player cards, DWZ report.

They are built from the database rather than from the scoring document because
they need what a document leaves out: the opponent of a game still in play,
requested byes, the players' DWZ, DWZ index and birth dates. Points, ranks and
tiebreaks come from the standings service, so a printed cross table never
disagrees with the standings page. Preview rounds are never shown: their
pairings are not final.

Cells are written from the player's point of view: ``1``, ``½``, ``0`` for games
over the board, ``+``/``−`` for forfeits and unplayed rounds (``½`` for a
half-point bye), empty while the game is in play.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from fractions import Fraction
from typing import Any

from django.utils import formats, timezone
from django.utils.translation import gettext_lazy

from pairing import roundrobin
from scoring.ratings import (
    DwzResult,
    EloResult,
    dwz_evaluation,
    dwz_text,
    elo_change,
    k_factor,
)

from ...models import Entrant, Round, Tournament
from ...services.public import Column, column, number, round_byes
from ..rating_words import ELO_GAMES_BEFORE, age_at, note_text
from .conventions import round_robin_order
from .models import ByeRequest
from .records import (
    ABSENT,
    BLACK,
    HALF,
    RR_SYSTEMS,
    WHITE,
    Cell,
    Line,
    Records,
    by_rank,
    is_round_robin,
    records,
    symbol_points,
)

__all__ = [
    "BLACK",
    "WHITE",
    "Cell",
    "Line",
    "chess_byes",
    "cross_table",
    "dwz_report",
    "is_round_robin",
    "player_cards",
    "progress_table",
]


# -- cross table (round robin) -----------------------------------------------------------------

@dataclass
class CrossRow:
    line: Line
    position: int  # the row's number in this table (Berger number, or rank)
    cells: list[str]  # per column: the results against that opponent ("" none, "×" self)
    points: str
    values: list[str]  # the tiebreak columns


@dataclass
class CrossTable:
    rows: list[CrossRow]
    points: Column
    columns: list[Column]  # the tiebreak columns after the points
    order: str  # "number" or "rank"
    rounds: list[int]
    double: bool

    @property
    def positions(self) -> list[int]:
        return [r.position for r in self.rows]


def participants(rec: Records) -> list[Line]:
    """Who plays the round robin: everyone in a shown round; before round 1, the active."""
    if rec.rounds:
        return [x for x in rec.lines if any(c.kind != ABSENT for c in x.cells)]
    return [x for x in rec.lines if x.status in (Entrant.Status.REGISTERED,
                                                 Entrant.Status.PRESENT)]


def cross_table(t: Tournament, after_round: int | None = None,
                order: str = "number") -> CrossTable:
    """Everyone against everyone: rows and columns by Berger number (or by rank).

    A cell holds the row player's results against the column player in round
    order (two in a double round robin). The tiebreak columns are the
    tournament's own, with Sonneborn-Berger always among them.
    """
    rec = records(t, after_round)
    players = participants(rec)
    berger: dict[int, int] = {}
    for k, line in enumerate(players, start=1):
        line.berger = berger[line.number] = k
    if order == "rank":
        players = by_rank(players)
    position = {line.number: (k if order == "rank" else berger[line.number])
                for k, line in enumerate(players, start=1)}
    index = {line.number: k for k, line in enumerate(players)}
    keys = [k for k in rec.settings.tiebreaks if k != "points"]
    if "sonneborn_berger" not in keys:
        keys.append("sonneborn_berger")
    rows = []
    for line in players:
        cells = [""] * len(players)
        cells[index[line.number]] = "×"
        for cell in line.cells:
            if cell.opponent in index:
                k = index[cell.opponent]
                cells[k] = f"{cells[k]} {cell.symbol or '·'}".strip()
        rows.append(CrossRow(line, position[line.number], cells,
                             symbol_points(line.values.get("points", line.score)),
                             [number(line.values.get(k)) for k in keys]))
    return CrossTable(rows, column(t, "points"), [column(t, k) for k in keys], order, rec.rounds,
                      bool((t.draw_options or {}).get("double")))


# -- progress table (Swiss) ---------------------------------------------------------------------

@dataclass
class ProgressTable:
    rows: list[Line]  # by current rank; ``shown`` holds the values of ``columns``
    rounds: list[int]
    opponent_by: str  # "rank" or "number"
    columns: list[Column]  # the points and tiebreak columns


def progress_table(t: Tournament, after_round: int | None = None,
                   opponent_by: str = "rank") -> ProgressTable:
    """Per player, by current rank: each round's opponent, colour, result and running score."""
    rec = records(t, after_round)
    rows = by_rank(x for x in rec.lines if x.rank is not None or x.cells)
    keys = ["points", *(k for k in rec.settings.tiebreaks if k != "points")]
    for x in rows:
        x.shown = [symbol_points(x.values.get(k)) if k == "points" else number(x.values.get(k))
                   for k in keys]
    return ProgressTable(rows, rec.rounds, "number" if opponent_by == "number" else "rank",
                         [column(t, k) for k in keys])


# -- player cards --------------------------------------------------------------------------------

@dataclass
class CardRow:
    round: int
    cell: Cell | None  # None: not drawn yet, a row to fill in by hand
    opponent: int | None = None  # a round robin's scheduled opponent (start number)
    opponent_name: str = ""
    colour: str = ""


@dataclass
class Card:
    line: Line
    rows: list[CardRow]

    @property
    def remaining(self) -> int:
        return sum(1 for r in self.rows if r.cell is None)


def planned_rounds(t: Tournament, players: int, drawn: int) -> int:
    """How many rounds the cards need: the schedule of a round robin, else the plan."""
    if is_round_robin(t) and players >= 2:
        cycle = players - 1 + players % 2
        return max(drawn, cycle * (2 if (t.draw_options or {}).get("double") else 1))
    return max(drawn, t.planned_rounds)


def _schedule(t: Tournament, players: list[Line]) -> dict[tuple[int, int], tuple[int, str]]:
    """(round, start number) -> (opponent's start number, colour) of a round robin's plan."""
    if not is_round_robin(t) or not 3 <= len(players) <= roundrobin.MAX_PLAYERS:
        return {}
    order = round_robin_order(t, [line.number for line in players])  # numbers by lot
    if order is not None:
        place = {n: k for k, n in enumerate(order)}
        players = sorted(players, key=lambda line: place.get(line.number, len(place)))
    number = {k: line.number for k, line in enumerate(players, start=1)}
    plan = roundrobin.schedule(len(players), RR_SYSTEMS.get(t.pairing, "berger"),
                               bool((t.draw_options or {}).get("double")))
    out: dict[tuple[int, int], tuple[int, str]] = {}
    for r, games in enumerate(plan, start=1):
        for white, black in games:
            if roundrobin.BYE in (white, black):
                continue
            out[(r, number[white])] = (number[black], str(WHITE))
            out[(r, number[black])] = (number[white], str(BLACK))
    return out


def player_cards(t: Tournament) -> list[Card]:
    """A card per player by start number: the rounds so far, then empty rows for the rest.

    In a round robin the empty rows already name the scheduled opponent and
    colour, so the tournament can be finished by hand.
    """
    rec = records(t)
    players = participants(rec)
    total = planned_rounds(t, len(players), len(rec.rounds))
    plan = _schedule(t, players)
    names = {x.number: x.name for x in rec.lines}
    cards = []
    for line in rec.lines:
        if not line.cells and line not in players:
            continue
        rows = [CardRow(c.round, c) for c in line.cells]
        for r in range(len(rows) + 1, total + 1):
            opp, colour = plan.get((r, line.number), (None, ""))
            rows.append(CardRow(r, None, opp, names.get(opp, "") if opp else "", colour))
        cards.append(Card(line, rows))
    return cards


# -- pairings: board, white, black, result, byes ------------------------------------------------

@dataclass
class ByeLine:
    start_number: int
    name: str
    kind: str
    label: str


REQUEST_LABELS: dict[str, Any] = {
    "half": gettext_lazy("half-point bye (requested)"),
    "zero": gettext_lazy("zero-point bye (requested)"),
}


def chess_byes(rnd: Round, byes: list[Any] | None = None) -> list[ByeLine]:
    """The round's byes in chess words (``byes``: as recorded, else read here), with
    requested byes the draw has not recorded yet."""
    recorded = round_byes(rnd) if byes is None else byes
    out = [ByeLine(b.start_number, b.name, b.kind, b.label) for b in recorded]
    placed = set(rnd.seats.values_list("entrant_id", flat=True))
    placed |= set(rnd.byes.values_list("entrant_id", flat=True))
    asked = ByeRequest.objects.filter(tournament_id=rnd.tournament_id, round_number=rnd.number
                                      ).exclude(entrant_id__in=placed).select_related("entrant")
    out += [ByeLine(q.entrant.start_number, q.entrant.name, q.kind,
                    str(REQUEST_LABELS.get(q.kind, q.kind))) for q in asked]
    return sorted(out, key=lambda b: b.start_number)


# -- DWZ and Elo evaluation -----------------------------------------------------------------------

DATE_FORMATS = ("%Y-%m-%d", "%Y/%m/%d", "%d.%m.%Y", "%Y.%m.%d")


def _day(raw: Any) -> date | None:
    """A date from the tournament's details (TRF header text such as ``2026/03/14``)."""
    text = str(raw or "").strip()[:10]
    for fmt in DATE_FORMATS:
        try:
            return datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    return None


def tournament_day(t: Tournament, key: str) -> date:
    """``end_date`` or ``start_date`` of the details if known, else today."""
    return _day((t.details or {}).get(key)) or timezone.localdate()


def dwz_age(birth: date | None, end: date) -> int | None:
    """The age the DWZ uses: reached in the year the tournament ends (scoring.ratings)."""
    return None if birth is None else end.year - birth.year


# The seed's age groups for a player without a birth date (its DWZ dialog: "up to 20",
# "21 to 25", "from 26"), as the age the DWZ formula is given; kept per tournament in
# ``details["dwz_age_groups"]`` (start number -> group) by :func:`.rating_update.set_age_group`.
AGE_GROUPS: dict[str, tuple[int, Any]] = {
    "u20": (20, gettext_lazy("up to 20")),
    "21_25": (25, gettext_lazy("21 to 25")),
    "over25": (26, gettext_lazy("26 or older")),
}


GAME_POINTS = {"1": Fraction(1), HALF: Fraction(1, 2), "0": Fraction(0)}


@dataclass
class DwzLine:
    line: Line
    dwz: DwzResult
    index_before: int | None = None
    provisional_before: bool = False  # Ro is a provisional DWZ ("1457-(3)")
    elo: EloResult | None = None  # when the player and some opponents have an Elo
    birth: date | None = None
    age: int | None = None
    age_group: str = ""  # chosen for a player without a birth date (AGE_GROUPS)

    @property
    def age_group_label(self) -> str:
        return str(AGE_GROUPS[self.age_group][1]) if self.age_group in AGE_GROUPS else ""

    @property
    def w_text(self) -> str:
        return symbol_points(self.dwz.w)

    @property
    def we_text(self) -> str:
        return "" if self.dwz.we is None else formats.number_format(self.dwz.we, 3)

    @property
    def note(self) -> str:
        return note_text(self.dwz.note)

    @property
    def ro_text(self) -> str:
        return dwz_text(self.dwz.ro, self.index_before, self.provisional_before)

    @property
    def rn_text(self) -> str:
        return dwz_text(self.dwz.rn, self.dwz.index, self.dwz.provisional)


@dataclass
class DwzReport:
    lines: list[DwzLine]
    end: date
    with_elo: bool

    @property
    def with_provisional(self) -> bool:
        """Some Ro or Rn is a provisional DWZ: the legend says how it is written."""
        return any(x.provisional_before or x.dwz.provisional for x in self.lines)

    @property
    def missing_birth_dates(self) -> list[DwzLine]:
        """Players with rated games and no birth date: the seed's program asks for it
        before the report, as the age changes the development coefficient (E); until
        it is entered (or an age group chosen) the player is taken to be over 25."""
        return [x for x in self.lines if x.birth is None and x.dwz.n > 0]


def dwz_report(t: Tournament) -> DwzReport:
    """The DWZ evaluation per player (Ro, W, n, We, E, Rh, Rn), and Elo changes if rated.

    Only games over the board count (forfeits and byes never), scored 1 / ½ / 0
    whatever the tournament's points are; the opponent's DWZ is None when unrated.
    The age is taken in the year the tournament ends (``details["end_date"]``,
    else today), as ``scoring.ratings`` expects. Elo: K by FIDE's rules for an
    established player (we keep no count of earlier rated games).
    """
    rec = records(t)
    end = tournament_day(t, "end_date")
    groups = (t.details or {}).get("dwz_age_groups") or {}
    start = _day((t.details or {}).get("start_date")) or end
    person = {}
    for e in t.entrants.prefetch_related("players"):
        ps = list(e.players.all())
        person[e.start_number] = ps[0] if len(ps) == 1 else None
    # Once new ratings were written back (UpdateRatings, this tournament's or a later one's:
    # .rating_update), the tournament keeps the ones it was played with.
    details = t.details or {}
    kept = {**(details.get("ratings_before") or {}), **(details.get("ratings_played") or {})}

    def before(n: int, key: str) -> int | None:
        if str(n) in kept:
            value: int | None = kept[str(n)].get(key)
            return value
        p = person.get(n)
        return getattr(p, key) if p else None

    provisional = {n for n in person if before(n, "dwz_provisional")}
    own_dwz = {n: before(n, "dwz") for n in person}
    # A provisional DWZ is no DWZ for the opponents (WO 3.4.2: Restpartien).
    dwz_of = {n: None if n in provisional else dwz for n, dwz in own_dwz.items()}
    elo_of = {n: before(n, "rating") for n in person}
    playing = participants(rec)
    out = []
    for line in rec.lines:
        games = [(c.opponent, GAME_POINTS[c.symbol]) for c in line.cells
                 if c.played and c.opponent is not None]
        if not games and line not in playing:
            continue
        p = person.get(line.number)
        birth = p.birth_date if p else None
        index = before(line.number, "dwz_index")
        group = "" if birth is not None else str(groups.get(str(line.number), ""))
        age = dwz_age(birth, end) if birth is not None else (
            AGE_GROUPS[group][0] if group in AGE_GROUPS else None)
        result = dwz_evaluation(own_dwz[line.number], index, age,
                                [(dwz_of[o], s) for o, s in games],
                                provisional=line.number in provisional)
        entry = DwzLine(line, result, index, line.number in provisional, birth=birth,
                        age=age, age_group=group if group in AGE_GROUPS else "")
        own_elo = elo_of[line.number]
        elo_games = [(rating, s) for o, s in games if (rating := elo_of[o]) is not None]
        if own_elo is not None and elo_games:
            k = k_factor(own_elo, ELO_GAMES_BEFORE, age_at(birth, start), own_elo >= 2400)
            entry.elo = elo_change(own_elo, k, elo_games)
        out.append(entry)
    return DwzReport(out, end, any(x.elo is not None for x in out))
