"""Chess tournaments as FIDE Tournament Report Files (TRF-16), both ways.

:func:`tournament_trf` gives the Dutch engine (and any FIDE-endorsed engine) the
tournament as :mod:`pairing.trf` reads a file; :func:`export_trf` writes it as
text; :func:`import_trf` creates a tournament from a file, all or nothing.

**Pairing numbers are the initial ranking** (:func:`initial_ranking`), not the
start numbers of the desk, which follow the order of registration. The ranking
depends only on the entrants' ratings and names, never on results, so it is the
same before and after every round. An entrant who signs up late is inserted by
rating and moves everybody below him down one number: each call numbers the
whole history anew, so the engine always sees a consistent file, but numbers
in a file written before the late entry no longer match.
:func:`entrant_for_number` translates the engine's numbers back.

**Rounds.** A round cell comes from the entrant's seat and the table's result
(side 1 is white), or from a bye (``bye`` U, ``half`` H, ``zero`` Z,
``forfeit-win`` F); neither means absent (Z), which also covers rounds before
``joined_round`` and from ``withdrawn_from_round`` on. The round after the last
one exported carries only what is known before it is paired: byes already
given in it (H/Z/F), bye requests (H/Z), and Z for a late entry not yet in,
a withdrawn or an absent entrant; :func:`pairing.trf.state_before_round` leaves
them all unpaired. Bye requests for later rounds are written as ``240`` lines.
An import stores a ``Z`` of a paired round as a ``zero`` bye (so the round can
be paired again from the database) and a ``Z``/``H`` of a later round as a
bye request. Cells are read as :mod:`pairing.trf` reads them: in a paired round
``0000 - +`` is ``F`` (stored as a ``forfeit-win`` bye), ``0000 - -`` and a blank
cell ``Z``. A file with ``XXC rank`` keeps its initial ranking as the list of
start numbers ``details["ranking"]`` and is written back with ``XXC rank``.

**Header facts** live in ``Tournament.details`` under the keys of
:data:`HEADER` (``city``, ``start_date`` … as the file's text), ``deputy_arbiters``
and ``round_dates`` (lists), ``initial_colour`` (``"w"``/``"b"``, written as
``XXC``; taken from the first round when the file does not say, as the engines
infer it), ``ranking`` (``XXC rank``), and ``trf_lines`` (lines we do not
interpret, written back verbatim).
The point system is ``Tournament.scoring`` (``win``/``draw``/``loss``/``bye``);
forbidden pairs are :class:`~tournaments.models.PairingRule` rows (``XXP``, or
``260`` for one round).

**What a round trip changes** (:func:`trf_differences` compares by meaning):
the order of the header lines; the score and rank columns are recomputed (rank:
score, then pairing number); a blank cell of a paired round comes back as ``Z``;
``XXZ`` and ``240`` announcements of later rounds come back as cells (next
round) or ``240`` lines; an ``XXP`` of three or more players as one line per
pair; ``152``/``142``/``XXS`` as ``XXC``/``XXR``/``162`` + ``BB?``; titles as
TRF letters (``GM`` -> ``g``); TRF-26 unrated results ``W``/``D``/``L`` as
``1``/``=``/``0``; forfeits without colours keep them only through
``Round.extra["trf_uncoloured"]``; byes written without opponent or in lower case
come back as ``0000 - F``/``Z``/``H``/``U``; a rank column of tie-break standings
comes back as score-then-number ranks; anything in columns 1-80 outside the known
fields is dropped. Refused: points other than 0 for zero-point byes and forfeit
losses, a half-point bye not worth a draw, a full-point bye announced ahead.
"""

from __future__ import annotations

import datetime
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from pairing.swiss import PointSystem
from pairing.trf import (
    CELL_WIDTH,
    FIRST_CELL,
    Cell,
    Trf,
    TrfError,
    TrfPlayer,
    format_points,
    infer_initial_colour,
    player_line,
    points_before,
    read,
    round_cell,
)
from scoring.text import control_character, single_line

from ..disciplines import DISCIPLINES
from ..models import (
    Bye,
    ByeRequest,
    Entrant,
    PairingRule,
    Player,
    Result,
    ResultRevision,
    Round,
    Seat,
    Table,
    Tournament,
)
from . import limits
from .base import Actor, ServiceError, change
from .text import CHARACTER_NAMES, check_single_line
from .tournaments import unique_slug

# FIDE C.04.2: among equal ratings, titles rank in this order, then names.
TITLE_ORDER = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
TRF_TITLE = {"GM": "g", "IM": "i", "WGM": "wg", "FM": "f", "WIM": "wi", "CM": "c",
             "WFM": "wf", "WCM": "wc"}
LONG_TITLE = {v: k for k, v in TRF_TITLE.items()}

# Header lines kept as text in Tournament.details (012 is the tournament's name).
HEADER = {"022": "city", "032": "federation", "042": "start_date", "052": "end_date",
          "082": "teams", "092": "tournament_type", "102": "chief_arbiter",
          "122": "time_control"}
LIST_HEADER = {"112": "deputy_arbiters"}
# Lines rebuilt from the database on export instead of being kept verbatim.
REBUILT = {"012", "062", "072", "132", "XXR", "142", "XXC", "152", "162", "BBW", "BBD", "BBL",
           "BBZ", "BBF", "BBU", "XXS", "XXP", "XXZ", *HEADER, *LIST_HEADER}

# Result payload -> (white's code, black's code), and back.
SCORE_CODES = {"1-0": ("1", "0"), "0-1": ("0", "1"), "1/2-1/2": ("=", "="),
               "+-": ("+", "-"), "-+": ("-", "+"), "--": ("-", "-")}
CODES_SCORE = {codes: score for score, codes in SCORE_CODES.items()}
BYE_CODE = {"bye": "U", "half": "H", "zero": "Z", "forfeit-win": "F"}
REQUEST_CODE = {"half": "H", "zero": "Z"}
COUNTING = (Result.Status.SUBMITTED, Result.Status.CONFIRMED)
MAX_ROUNDS = 99


# --- ranking -----------------------------------------------------------------------------


def _player(e: Entrant) -> Player | None:
    players = list(e.players.all())  # prefetched by the callers
    return players[0] if players else None


def _elo(e: Entrant, p: Player | None) -> int:
    if e.rating is not None:
        return e.rating
    return (p.rating if p is not None else None) or 0


def normal_title(text: str) -> str:
    """``g``/``GM``/``gm`` -> ``GM``; unknown titles stay as written."""
    text = (text or "").strip()
    if text.lower() in LONG_TITLE:
        return LONG_TITLE[text.lower()]
    return text.upper() if text.upper() in TITLE_ORDER else text


def ranking_key(e: Entrant) -> tuple[Any, ...]:
    """Elo (higher first), DWZ, FIDE title (GM … WCM, then none), name, start number."""
    p = _player(e)
    title = normal_title(p.title if p else "")
    title_rank = TITLE_ORDER.index(title) if title in TITLE_ORDER else len(TITLE_ORDER)
    dwz = (p.dwz if p else None) or 0
    return (-_elo(e, p), -dwz, title_rank, ((p.name if p else "") or e.name).casefold(),
            e.start_number)


def initial_ranking(t: Tournament, entrants: Iterable[Entrant] | None = None) -> list[Entrant]:
    """Every entrant in the order of the initial ranking: position k is pairing number k.

    As FIDE C.04.2 (and the Chaos seed) rank a Swiss: rating (Elo) highest first,
    then DWZ, then FIDE title (GM, IM, WGM, FM, WIM, CM, WFM, WCM, none), then name;
    the start number only separates complete ties. Unrated players come last.
    Results never move anybody. An imported file whose numbering does not follow
    this rule keeps its own (``details["pairing_numbers"] == "fixed"``: by start
    number, which the import set to the file's pairing numbers).
    """
    if entrants is None:
        entrants = t.entrants.prefetch_related("players")
    if (t.details or {}).get("pairing_numbers") == "fixed":
        return sorted(entrants, key=lambda e: e.start_number)
    return sorted(entrants, key=ranking_key)


def entrant_for_number(t: Tournament) -> dict[int, Entrant]:
    """Pairing number (as in :func:`tournament_trf`) -> entrant, to read the engine's answer."""
    return dict(enumerate(initial_ranking(t), 1))


def number_for_entrant(t: Tournament) -> dict[int, int]:
    """Entrant id -> pairing number."""
    return {e.pk: k for k, e in entrant_for_number(t).items()}


# --- the tournament as a TRF ---------------------------------------------------------------


def point_system(scoring: dict[str, Any]) -> PointSystem:
    """The chess settings (``win``/``draw``/``loss``/``bye``) as TRF points; forfeits score 0."""
    defaults = DISCIPLINES["chess"].scoring

    def value(key: str, default: Any) -> Fraction:
        return Fraction(str(scoring.get(key, default)))

    win = value("win", defaults["win"])
    return PointSystem(win=win, draw=value("draw", defaults["draw"]),
                       loss=value("loss", defaults["loss"]), pab=value("bye", win))


def _points_lines(points: PointSystem) -> list[str]:
    """The point system in both notations the fixtures use (``162`` and ``BB?``), if not 1/½/0."""
    if points == PointSystem():
        return []
    codes = [f"{code}{format_points(v):>4}" for code, v, default in (
        ("W", points.win, Fraction(1)), ("D", points.draw, Fraction(1, 2)),
        ("L", points.loss, Fraction(0)), ("Z", points.zero, Fraction(0)),
        ("P", points.pab, points.win)) if v != default]
    lines = ["162  " + "    ".join(codes)] if codes else []
    lines += [f"{code} {format_points(v):>4}" for code, v in (
        ("BBW", points.win), ("BBD", points.draw), ("BBL", points.loss), ("BBZ", points.zero),
        ("BBF", points.forfeit_loss), ("BBU", points.pab))]
    return lines


def _fixed_columns(code: str, prefix: str, players: Sequence[int]) -> str:
    return (code + prefix + "".join(f"{n:>4} " for n in players)).rstrip()


@dataclass
class _Loaded:
    entrants: list[Entrant]
    rounds: list[Round]
    requests: list[ByeRequest]
    rules: list[PairingRule]


def _load(t: Tournament) -> _Loaded:
    return _Loaded(
        list(t.entrants.prefetch_related("players")),
        list(t.rounds.prefetch_related("tables__seats", "tables__result", "byes")),
        list(t.bye_requests.all()),
        list(t.pairing_rules.filter(kind=PairingRule.Kind.FORBIDDEN)))


def _complete(r: Round) -> bool:
    return all(getattr(tb, "result", None) is not None and tb.result.status in COUNTING
               for tb in r.tables.all())


def _round_cells(r: Round, number: dict[int, int]) -> dict[int, Cell]:
    """Pairing number -> cell for one round whose results are all in."""
    cells: dict[int, Cell] = {}
    uncoloured = set((r.extra or {}).get("trf_uncoloured", []))
    for tb in r.tables.all():
        seats = sorted(tb.seats.all(), key=lambda s: (s.side or 0, s.position))
        if len(seats) != 2:
            raise ServiceError(_("round %(round)s, table %(table)s: a chess table needs two "
                                 "players") % {"round": r.number, "table": tb.number})
        payload = tb.result.payload
        score = payload.get("score") if isinstance(payload, dict) else None
        if score not in SCORE_CODES:
            raise ServiceError(_("round %(round)s, table %(table)s: the result is not a chess "
                                 "result") % {"round": r.number, "table": tb.number})
        white, black = (number[s.entrant_id] for s in seats)
        w, b = SCORE_CODES[score]
        colours = ("-", "-") if tb.number in uncoloured and score in ("+-", "-+", "--") \
            else ("w", "b")
        cells[white] = Cell(black, colours[0], w)
        cells[black] = Cell(white, colours[1], b)
    for bye in r.byes.all():
        cells.setdefault(number[bye.entrant_id], Cell(None, "-", BYE_CODE[bye.kind]))
    return cells


def _last_complete(rounds: Sequence[Round]) -> int:
    last = 0
    for r in rounds:
        if r.number != last + 1 or not _complete(r):
            break
        last = r.number
    return last


def _rounds_upto(rounds: list[Round], upto_round: int | None) -> int:
    if upto_round is None:
        return _last_complete(rounds)
    existing = {r.number: r for r in rounds}
    if upto_round < 0 or upto_round > len(existing):
        raise ServiceError(_("there is no round %(n)s") % {"n": upto_round}, "round")
    for k in range(1, upto_round + 1):
        if k not in existing:
            raise ServiceError(_("there is no round %(n)s") % {"n": k}, "round")
        if not _complete(existing[k]):
            raise ServiceError(_("round %(n)s has tables without an agreed result")
                               % {"n": k}, "round")
    return upto_round


def _head(n: int, e: Entrant, p: Player | None, birth_texts: dict[str, str]) -> str:
    """Columns 1-80 of a ``001`` line (TRF-16)."""
    sex = ((p.sex if p else "") or "")[:1]
    title = normal_title(p.title if p else "")
    title = TRF_TITLE.get(title, title)[:3]
    name = ((p.name if p else e.name) or "")[:33]
    elo = _elo(e, p)
    rating = str(elo) if 0 < elo < 10000 else ""
    federation = ((p.federation if p else "") or "")[:3]
    fide_id = ((p.fide_id if p else "") or "")[:11]
    if p is not None and p.birth_date is not None:
        birth = p.birth_date.strftime("%Y/%m/%d")
    else:
        birth = birth_texts.get(str(e.start_number), "")[:10]
    head = (f"001 {n:>4} {sex:1}{title:>3} {name:<33} {rating:>4} {federation:<3} "
            f"{fide_id:>11} {birth:<10}").ljust(80)
    return single_line(head)  # a newline in a name must not start a line of its own


def trf_text(t: Tournament, upto_round: int | None = None) -> str:
    """The tournament as TRF-16 text (see :func:`tournament_trf`)."""
    if t.discipline != "chess":
        raise ServiceError(_("only chess tournaments can be written as a TRF file"))
    data = _load(t)
    details = t.details or {}
    ranking = initial_ranking(t, data.entrants)
    number = {e.pk: k for k, e in enumerate(ranking, 1)}
    upto = _rounds_upto(data.rounds, upto_round)
    points = point_system(t.scoring or {})

    cells: dict[int, list[Cell | None]] = {n: [] for n in number.values()}
    for r in data.rounds[:upto]:
        got = _round_cells(r, number)
        for n, row in cells.items():
            row.append(got.get(n, Cell(None, "-", "Z")))

    nxt = upto + 1
    later: dict[int, list[int]] = {}  # round -> players announced absent (240)
    if upto_round is not None or nxt <= t.planned_rounds:
        announced: dict[int, str] = {}
        for r in data.rounds:
            if r.number == nxt:
                for bye in r.byes.all():
                    if bye.kind != "bye":
                        announced[number[bye.entrant_id]] = BYE_CODE[bye.kind]
        for q in data.requests:
            if q.round_number == nxt:
                announced.setdefault(number[q.entrant_id], REQUEST_CODE[q.kind])
            elif nxt < q.round_number <= t.planned_rounds:
                later.setdefault(q.round_number, []).append(number[q.entrant_id])
        for e in ranking:
            # A withdrawal names its first missed round: before it the player still plays
            # (e.g. after the draw that preceded it was undone), whatever the status says.
            later_withdrawal = (e.status == Entrant.Status.WITHDRAWN
                                and e.withdrawn_from_round is not None
                                and e.withdrawn_from_round > nxt)
            gone = (e.joined_round > nxt or (not e.active and not later_withdrawal) or
                    (e.withdrawn_from_round is not None and e.withdrawn_from_round <= nxt))
            code = announced.get(number[e.pk], "Z" if gone else None)
            if code is not None:
                cells[number[e.pk]].append(Cell(None, "-", code))

    lines = [f"012 {t.name}"]
    for code, key in HEADER.items():
        if details.get(key):
            lines.append(f"{code} {details[key]}")
        if code == "052" and details.get("trf_counts", True):
            rated = sum(1 for e in ranking if _elo(e, _player(e)) > 0)
            lines += [f"062 {len(ranking)}", f"072 {rated}"]
        if code == "102":
            lines += [f"112 {x}" for x in details.get("deputy_arbiters", [])]
    if details.get("round_dates"):
        text = "132"
        for k, date in enumerate(details["round_dates"]):
            text = text.ljust(FIRST_CELL - 1 + CELL_WIDTH * k) + str(date)
        lines.append(text)
    lines.append(f"XXR {t.planned_rounds}")
    if details.get("initial_colour") in ("w", "b"):
        lines.append(f"XXC {'white1' if details['initial_colour'] == 'w' else 'black1'}")
    by_rank = _rank_order(details, ranking, number)
    if by_rank is not None:
        lines.append("XXC rank")
    lines += _points_lines(points)
    for rule in data.rules:
        pair = sorted((number[rule.first_id], number[rule.second_id]))
        if rule.round_number is None:
            lines.append(f"XXP {pair[0]} {pair[1]}")
        else:
            lines.append(_fixed_columns("260", f" {rule.round_number:>3} "
                                        f"{rule.round_number:>3} ", pair))
    for round_, players in sorted(later.items()):
        lines.append(_fixed_columns("240", f"   {round_:>3} ", sorted(players)))
    lines += [str(x) for x in details.get("trf_lines", [])]

    birth_texts = details.get("birth_texts", {})
    heads = {number[e.pk]: _head(number[e.pk], e, _player(e), birth_texts) for e in ranking}
    score = {n: sum((points.points(c.result) for c in row[:upto] if c), Fraction(0))
             for n, row in cells.items()}
    rank = by_rank or {n: k for k, n in enumerate(sorted(score, key=lambda n: (-score[n], n)),
                                                  1)}
    for n in sorted(cells):
        row = cells[n]
        while row and row[-1] is None:
            row.pop()
        lines.append(player_line(TrfPlayer(n, heads[n], score[n], rank[n], row)))
    # Names, header facts and kept lines are checked where they come in, but what reached
    # the database another way must still not write a line of its own: a control
    # character in any field is written as a space.
    return "\n".join(single_line(line) for line in lines) + "\n"


def _rank_order(details: dict[str, Any], ranking: Sequence[Entrant],
                number: dict[int, int]) -> dict[int, int] | None:
    """Pairing number -> rank column for a file imported with ``XXC rank``, else None.

    The import keeps the file's initial ranking as start numbers in order
    (``details["ranking"]``); entrants added since come after them, by number.
    """
    order = details.get("ranking")
    if not isinstance(order, list):
        return None
    by_start = {e.start_number: number[e.pk] for e in ranking}
    numbers = [by_start[s] for s in order if s in by_start]
    numbers += sorted(set(number.values()) - set(numbers))
    return {n: k for k, n in enumerate(numbers, 1)}


def tournament_trf(t: Tournament, upto_round: int | None = None) -> Trf:
    """The chess tournament as :mod:`pairing.trf` reads a file, for the pairing engines.

    Rounds 1 .. ``upto_round`` (default: every round whose results are all in), then
    what is known of the next round (byes given or requested, late, withdrawn and
    absent entrants as ``H``/``Z``/``F``), so that
    ``pairing.trf.state_before_round(trf, upto_round + 1)`` is the state to pair.
    Pairing numbers are :func:`initial_ranking` positions (:func:`entrant_for_number`).
    """
    text = trf_text(t, upto_round)
    try:
        return read(text)
    except TrfError as exc:  # our own writing is wrong: say where, never a 500
        raise ServiceError(_("the TRF of this tournament is invalid: %(error)s")
                           % {"error": str(exc)}) from exc


def export_trf(t: Tournament) -> str:
    """TRF-16 text of the whole tournament, as the FIDE-endorsed engines read it."""
    return trf_text(t)


# --- import --------------------------------------------------------------------------------


class TrfImportError(ServiceError):
    """A file we refuse, with the place: ``line 12, column 99: round 1: unknown result 'Q'``."""

    def __init__(self, line: int | None, column: int | None, message: str) -> None:
        self.line = line
        self.column = column
        if line and column:
            where = _("line %(line)s, column %(column)s") % {"line": line, "column": column}
        elif line:
            where = _("line %(line)s") % {"line": line}
        else:
            where = _("the file")
        super().__init__({"file": [f"{where}: {message}"]})


def _initial_colour(trf: Trf) -> str | None:
    """The file's initial colour, or the one its first round shows (as the engines infer it).

    Kept either way: once the rounds are in the database, round 1 must still be paired
    with the colour it was paired with, not a default.
    """
    if trf.initial_colour:
        return trf.initial_colour
    if any(c is not None and c.colour in "wb" for p in trf.players.values() for c in p.cells):
        return infer_initial_colour(trf)
    return None


def _refuse_control_characters(text: str) -> None:
    """Every field of a TRF is one line of text: a tab, a form feed or any other control
    character (scoring.text) is refused with its line and column (line breaks end lines)."""
    for number, line in enumerate(re.split(r"\r\n|\r|\n", text.removeprefix("\ufeff")), 1):
        found = control_character(line)
        if found is not None:
            index, ch = found
            what = CHARACTER_NAMES.get(ch) or f"U+{ord(ch):04X}"
            raise TrfImportError(number, index + 1, _(
                "a control character (%(what)s) is not allowed in a TRF file") % {"what": what})


def _number(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


def _first_line(trf: Trf, codes: Iterable[str]) -> int | None:
    wanted = set(codes)
    for k, line in enumerate(trf.lines, 1):
        if isinstance(line, str) and line[:3] in wanted:
            return k
    return None


def _points_line(trf: Trf, bb: Sequence[str], codes_162: str, xxs: Sequence[str]) -> int | None:
    """The last line that sets these points (a later line overrides an earlier one)."""
    found = None
    for k, line in enumerate(trf.lines, 1):
        if not isinstance(line, str):
            continue
        code = line[:3]
        words = {w.partition("=")[0].upper() for w in line[3:].split()}
        if (code in bb or (code == "162" and any(line[i:i + 1] in codes_162
                                                 for i in range(5, len(line), 9)))
                or (code == "XXS" and words & set(xxs))):
            found = k
    return found


def _check_points(trf: Trf) -> PointSystem:
    """Chess scores forfeit losses and zero-point byes 0, a half-point bye as a draw."""
    p = trf.points
    if p.zero != 0 or p.forfeit_loss != 0:
        raise TrfImportError(_points_line(trf, ("BBZ", "BBF"), "ZA", ("ZPB", "FL")), None, _(
            "points for a zero-point bye or a forfeit loss other than 0 are not supported"))
    if p.half_bye not in (None, p.draw) or p.full_bye not in (None, p.win):
        raise TrfImportError(_points_line(trf, (), "", ("HPB", "FPB")), None, _(
            "a half-point bye must score a draw and a full-point bye a win"))
    if not p.win > p.draw >= p.loss:
        raise TrfImportError(_points_line(trf, ("BBW", "BBD", "BBL"), "WDL", ("W", "D", "L",
                                                                             "WW", "WD", "WL")),
                             None, _("points must satisfy win > draw >= loss"))
    return p


_BIRTH = re.compile(r"(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})")


def _birth_date(text: str) -> datetime.date | None:
    m = _BIRTH.fullmatch(text)
    if not m:
        return None
    try:
        return datetime.date(int(m[1]), int(m[2]), int(m[3]))
    except ValueError:
        return None


@dataclass
class _Game:
    round: int
    white: int
    black: int
    score: str
    uncoloured: bool


def _cell_column(round_: int) -> int:
    return FIRST_CELL + CELL_WIDTH * (round_ - 1)


PLAYED_AS = {"W": "1", "D": "=", "L": "0"}  # TRF-26 unrated games: stored as rated ones


def _games(trf: Trf, last: int) -> list[_Game]:
    """Every pairing of rounds 1..last once, with its result from white's side."""
    games = []
    for n in sorted(trf.players):
        p = trf.players[n]
        for k, c in enumerate(p.cells[:last], 1):
            if c is None or c.opponent is None or c.opponent < n:
                continue
            o = trf.players[c.opponent].cell(k)
            assert o is not None  # pairing.trf checked that the opponent names us
            mine, theirs = PLAYED_AS.get(c.result, c.result), PLAYED_AS.get(o.result, o.result)
            if c.colour == "b" or (c.colour == "-" and o.colour == "w"):
                white, black, codes = c.opponent, n, (theirs, mine)
            else:
                white, black, codes = n, c.opponent, (mine, theirs)
            if codes not in CODES_SCORE:
                raise TrfImportError(p.line, _cell_column(k) + 7, _(
                    "round %(round)s: result '%(mine)s' against %(other)s's '%(theirs)s' do not "
                    "fit together") % {"round": k, "mine": c.result, "other": c.opponent,
                                       "theirs": o.result})
            games.append(_Game(k, white, black, CODES_SCORE[codes],
                               c.colour == "-" and o.colour == "-"))
    return games


def import_trf(text: str, actor: Actor, slug: str | None = None,
               name: str | None = None) -> Tournament:
    """Create a chess tournament from a TRF file; a bad file is refused with line and column.

    Pairing numbers become start numbers; rounds, tables (by the higher score, then
    the sum of scores, then the higher-ranked player, as no TRF records boards),
    results, byes, announced absences (bye requests), forbidden pairs (``XXP``) and
    the header facts are stored, all or nothing.
    """
    too_big = limits.trf_size_problem(text)
    if too_big:
        raise TrfImportError(None, None, too_big)
    _refuse_control_characters(text)
    if name is not None:
        check_single_line(name, "name")
    try:
        trf = read(text)
    except TrfError as exc:
        raise TrfImportError(exc.line, exc.column, exc.message) from None
    if not trf.players:
        raise TrfImportError(None, None, _("there is no player line (001)"))
    if len(trf.players) > limits.MAX_ENTRANTS:
        first_over = sorted(p.line for p in trf.players.values())[limits.MAX_ENTRANTS]
        raise TrfImportError(first_over, None, _(
            "at most %(n)s players can be imported, not %(count)s")
            % {"n": limits.MAX_ENTRANTS, "count": len(trf.players)})
    points = _check_points(trf)
    paired = trf.rounds_paired
    planned = trf.total_rounds or max(paired, 1)
    if planned > MAX_ROUNDS:  # as services.tournaments.create_tournament allows
        raise TrfImportError(_first_line(trf, ("XXR", "142")), 5,
                             _("at most %(n)s rounds") % {"n": MAX_ROUNDS})
    if trf.rounds_in_file > limits.MAX_ROUNDS:
        longest = max(trf.players.values(), key=lambda p: len(p.cells))
        raise TrfImportError(longest.line, _cell_column(limits.MAX_ROUNDS + 1),
                             _("at most %(n)s rounds can be imported, not %(count)s")
                             % {"n": limits.MAX_ROUNDS, "count": trf.rounds_in_file})
    if len(trf.players) * trf.rounds_in_file > limits.MAX_PLAYER_ROUNDS:
        raise TrfImportError(None, None, limits.player_rounds_problem(len(trf.players),
                                                                      trf.rounds_in_file))

    header: dict[str, str] = {}
    details: dict[str, Any] = {}
    other: list[str] = []
    for line in trf.lines:
        if not isinstance(line, str) or not line.strip():
            continue
        code, value = line[:3], line[4:].strip()
        if code in ("012", *HEADER) and code not in header:
            header[code] = value
        elif code in LIST_HEADER:
            details.setdefault(LIST_HEADER[code], []).append(value)
        elif code == "132":
            details["round_dates"] = [line[i:i + 8].strip() for i in
                                      range(FIRST_CELL - 1, len(line), CELL_WIDTH)]
        elif code not in REBUILT and (code != "240" or int(line[6:9]) <= paired):
            other.append(line)
        if code in ("062", "072"):
            details["trf_counts"] = True
    details.setdefault("trf_counts", False)
    for code, key in HEADER.items():
        if header.get(code):
            details[key] = header[code]
    colour = _initial_colour(trf)
    if colour:
        details["initial_colour"] = colour
    if other:
        details["trf_lines"] = other
    title = (name or header.get("012") or _("TRF import")).strip()
    max_name = Tournament._meta.get_field("name").max_length
    if len(title) > max_name:
        raise TrfImportError(_first_line(trf, ("012",)), 5, _(
            "the tournament's name has more than %(n)s characters") % {"n": max_name})

    players: dict[int, Player] = {}
    birth_texts: dict[str, str] = {}
    keys = {}
    for n, p in trf.players.items():
        head = p.head
        birth_text = head[69:79].strip()
        birth = _birth_date(birth_text)
        if birth_text and (birth is None or birth.strftime("%Y/%m/%d") != birth_text):
            birth_texts[str(n)] = birth_text
        title_ = normal_title(head[10:13])
        players[n] = Player(name=p.name, rating=p.rating or None, sex=head[9].strip(),
                            title=title_, federation=head[53:56].strip(),
                            fide_id=head[57:68].strip(), birth_date=birth)
        rank = TITLE_ORDER.index(title_) if title_ in TITLE_ORDER else len(TITLE_ORDER)
        keys[n] = (-p.rating, 0, rank, p.name.casefold(), n)
    if birth_texts:
        details["birth_texts"] = birth_texts
    if sorted(trf.players, key=keys.__getitem__) != sorted(trf.players):
        details["pairing_numbers"] = "fixed"
    if trf.by_rank:  # XXC rank: the rank column ranks; the numbers stay the players' names
        details["pairing_numbers"] = "fixed"
        details["ranking"] = trf.initial_order()

    games = _games(trf, paired)
    byes: list[tuple[int, int, str]] = []  # round, player, kind
    requests: dict[tuple[int, int], str] = {}  # (round, player) -> kind
    kinds = {code: kind for kind, code in BYE_CODE.items()}
    for n in sorted(trf.players):
        p = trf.players[n]
        for k in range(1, max(len(p.cells), paired) + 1):
            c = round_cell(trf, p, k)  # a blank cell of a paired round: not paired (Z)
            if c is None or c.opponent is not None:
                continue
            if k <= paired:
                byes.append((k, n, kinds[c.result]))
            elif c.result == "F":
                raise TrfImportError(p.line, _cell_column(k) + 7, _(
                    "round %(round)s: a full-point bye (F) for a round not paired yet cannot "
                    "be stored") % {"round": k})
            else:
                requests[(k, n)] = "half" if c.result == "H" else "zero"
    for n in trf.absent_next:
        requests.setdefault((paired + 1, n), "zero")
    for k, absent in trf.absences.items():
        if k > paired:
            for n in absent:
                requests.setdefault((k, n), "zero")
    forbidden = sorted({(a, b) for f in trf.forbidden if f.first == 1 and f.last is None
                        for i, a in enumerate(sorted(f.players))
                        for b in sorted(f.players)[i + 1:] if a != b})

    info = DISCIPLINES["chess"]
    scoring = dict(info.scoring)
    scoring.update(win=_number(points.win), draw=_number(points.draw),
                   loss=_number(points.loss), bye=_number(points.pab))
    if slug is not None:
        max_slug = Tournament._meta.get_field("slug").max_length
        if not re.fullmatch(r"[-\w]+", slug, re.ASCII) or len(slug) > max_slug:
            raise ServiceError(_("%(slug)s is not a valid address (letters, digits, - and _)")
                               % {"slug": slug}, "slug")
        if Tournament.objects.filter(slug=slug).exists():
            raise ServiceError(_("the address %(slug)s is taken") % {"slug": slug}, "slug")
    status = (Tournament.Status.SETUP if not paired else Tournament.Status.FINISHED
              if paired >= planned else Tournament.Status.RUNNING)
    with transaction.atomic():
        t = Tournament.objects.create(
            slug=slug or unique_slug(title), name=title, discipline="chess",
            entrant_kind=Tournament.EntrantKind.SINGLE, scoring=scoring,
            pairing="dutch" if "dutch" in info.methods else info.methods[0],
            planned_rounds=planned, status=status, details=details, created_by=actor.user)
        if actor.user is not None:
            t.roles.create(user=actor.user, kind="director")
        _store(t, trf, actor, players, games, byes, requests, forbidden, points)
        with change(t.pk, actor, "import_trf") as c:
            c.target = t.slug
            c.wrote("tournament")
            c.after = {"entrants": len(players), "rounds": paired, "games": len(games)}
        t.refresh_from_db()
    return t


def _store(t: Tournament, trf: Trf, actor: Actor, players: dict[int, Player],
           games: list[_Game], byes: list[tuple[int, int, str]],
           requests: dict[tuple[int, int], str], forbidden: list[tuple[int, int]],
           points: PointSystem) -> None:
    """Write the parsed file; everything in bulk, inside the caller's transaction."""
    numbers = sorted(players)
    Player.objects.bulk_create([players[n] for n in numbers])
    entrants: dict[int, Entrant] = {}
    used: set[str] = set()
    wanted = {players[n].name or str(n) for n in numbers}
    for n in numbers:  # entrant names are unique in a tournament; people's names need not be
        base = name = players[n].name or str(n)
        k = 1
        while name in used or (name != base and name in wanted):
            k += 1
            name = f"{base} ({k})"
        used.add(name)
        entrants[n] = Entrant(tournament=t, start_number=n, rating=players[n].rating,
                              name=name, status=Entrant.Status.PRESENT)
    Entrant.objects.bulk_create([entrants[n] for n in numbers])
    Entrant.players.through.objects.bulk_create([
        Entrant.players.through(entrant_id=entrants[n].pk, player_id=players[n].pk)
        for n in numbers])

    paired = trf.rounds_paired
    rounds = {k: Round(tournament=t, number=k, status=Round.Status.CLOSED, draw_method="trf")
              for k in range(1, paired + 1)}
    by_round: dict[int, list[_Game]] = {}
    for g in games:
        by_round.setdefault(g.round, []).append(g)
    tables: list[Table] = []
    seats: list[tuple[Table, int, int, int]] = []
    results: list[tuple[Table, str]] = []
    running = dict.fromkeys(numbers, Fraction(0))  # points before round k, kept as we go
    for k in range(1, paired + 1):
        score = dict(running)
        for n in numbers:
            c = trf.players[n].cell(k)
            if c is not None:
                running[n] += trf.points.points(c.result)
        order = sorted(by_round.get(k, []), key=lambda g: (
            -max(score[g.white], score[g.black]), -(score[g.white] + score[g.black]),
            min(g.white, g.black)))
        uncoloured = []
        for board, g in enumerate(order, 1):
            table = Table(round=rounds[k], number=board)
            tables.append(table)
            seats += [(table, g.white, 1, 0), (table, g.black, 2, 1)]
            results.append((table, g.score))
            if g.uncoloured:
                uncoloured.append(board)
        if uncoloured:
            rounds[k].extra = {"trf_uncoloured": uncoloured}
    Round.objects.bulk_create(list(rounds.values()))
    for table in tables:
        table.round_id = table.round.pk
    Table.objects.bulk_create(tables, batch_size=2000)
    Seat.objects.bulk_create([Seat(table_id=tb.pk, round_id=tb.round_id,
                                   entrant_id=entrants[n].pk, side=side, position=pos)
                              for tb, n, side, pos in seats], batch_size=2000)
    Result.objects.bulk_create([Result(table_id=tb.pk, payload={"score": s},
                                       status=Result.Status.CONFIRMED) for tb, s in results],
                               batch_size=2000)
    ResultRevision.objects.bulk_create([
        ResultRevision(table_id=tb.pk, payload={"score": s}, source="import", user=actor.user,
                       note="TRF") for tb, s in results], batch_size=2000)
    Bye.objects.bulk_create([Bye(round_id=rounds[k].pk, entrant_id=entrants[n].pk, kind=kind)
                             for k, n, kind in byes], batch_size=2000)
    ByeRequest.objects.bulk_create([
        ByeRequest(tournament=t, entrant_id=entrants[n].pk, round_number=k, kind=kind)
        for (k, n), kind in sorted(requests.items())], batch_size=2000)
    PairingRule.objects.bulk_create([
        PairingRule(tournament=t, kind=PairingRule.Kind.FORBIDDEN, first_id=entrants[a].pk,
                    second_id=entrants[b].pk, note="TRF XXP") for a, b in forbidden])


# --- comparing two files -------------------------------------------------------------------


def player_facts(p: TrfPlayer) -> tuple[Any, ...]:
    """Sex, title, name, rating, federation, FIDE id, birth date of a ``001`` line."""
    h = p.head
    return (h[9].strip(), normal_title(h[10:13]), p.name, p.rating, h[53:56].strip(),
            h[57:68].strip(), h[69:79].strip())


def _header_facts(trf: Trf) -> dict[str, Any]:
    facts: dict[str, Any] = {}
    for line in trf.lines:
        if not isinstance(line, str):
            continue
        code = line[:3]
        if code in ("012", *HEADER):
            if line[4:].strip():  # an empty header line says nothing (and is not kept)
                facts.setdefault(code, line[4:].strip())
        elif code in LIST_HEADER:
            facts.setdefault(code, []).append(line[4:].strip())
        elif code == "132":
            dates = [line[i:i + 8].strip() for i in range(FIRST_CELL - 1, len(line), CELL_WIDTH)]
            while dates and not dates[-1]:
                dates.pop()
            if dates:
                facts[code] = dates
    return facts


def _ranked_by_score(trf: Trf) -> bool:
    """Is the rank column "score, then pairing number", the only order the export writes?

    Real files rank by their tie-breaks (or write the pairing number there); such a
    column is not pairing data (without ``XXC rank``) and cannot come back.
    """
    order = sorted(trf.players.values(), key=lambda p: (-(p.points or 0), p.number))
    return all(p.rank == k for k, p in enumerate(order, 1))


def _announced(trf: Trf) -> dict[int, dict[int, str]]:
    """Round -> player -> code of the absences known for rounds not paired yet."""
    paired = trf.rounds_paired
    out: dict[int, dict[int, str]] = {}
    for n, p in trf.players.items():
        for k, c in enumerate(p.cells, 1):
            if k > paired and c is not None:
                out.setdefault(k, {})[n] = c.result
    for n in trf.absent_next:
        out.setdefault(paired + 1, {}).setdefault(n, "Z")
    for k, absent in trf.absences.items():
        for n in absent:
            if k > paired:
                out.setdefault(k, {}).setdefault(n, "Z")
    return out


def _other_lines(trf: Trf) -> Counter[str]:
    paired = trf.rounds_paired
    return Counter(line for line in trf.lines if isinstance(line, str) and line.strip()
                   and line[:3] not in REBUILT
                   and (line[:3] != "240" or int(line[6:9]) <= paired))


def _forbidden(trf: Trf) -> set[tuple[frozenset[int], int, int | None]]:
    return {(frozenset((a, b)), f.first, f.last) for f in trf.forbidden
            for i, a in enumerate(f.players) for b in f.players[i + 1:] if a != b}


def _cell_text(c: Cell | None) -> str:
    return "blank" if c is None else c.text().strip()


def trf_differences(original: Trf, copy: Trf) -> list[str]:
    """What ``copy`` says differently from ``original``, as short sentences; [] if nothing.

    Compared by meaning, not bytes: header facts, rounds (``XXR``), initial colour,
    points per result code, forbidden pairs, accelerations, every player's facts,
    cells of the paired rounds (a blank cell counts as ``Z``, which is what it
    means), announced absences of later rounds (cells, ``XXZ`` and ``240`` alike),
    the score column when the original has one (it may count an ``H``/``F`` announced for
    the round to pair, as JaVaFo's files do), the rank column when the original
    ranks by score and pairing number (``XXC rank``: the initial ranking it gives),
    and every other line as a multiset. Empty header lines count as missing.
    """
    diffs: list[str] = []

    def differ(what: str, a: Any, b: Any) -> None:
        if a != b:
            diffs.append(f"{what}: {a!r} != {b!r}")

    a_facts, b_facts = _header_facts(original), _header_facts(copy)
    for code in sorted(set(a_facts) | set(b_facts)):
        differ(f"header {code}", a_facts.get(code), b_facts.get(code))
    if original.total_rounds is not None:
        differ("rounds (XXR)", original.total_rounds, copy.total_rounds)
    differ("initial colour", _initial_colour(original), _initial_colour(copy))
    differ("initial ranking", original.initial_order(), copy.initial_order())
    codes = "10=+-UHFZWDL"
    differ("points", [str(original.points.points(c)) for c in codes],
           [str(copy.points.points(c)) for c in codes])
    differ("forbidden pairs", _forbidden(original), _forbidden(copy))
    differ("accelerations", original.accelerations, copy.accelerations)
    differ("announced absences", _announced(original), _announced(copy))
    differ("other lines", sorted(_other_lines(original).elements()),
           sorted(_other_lines(copy).elements()))
    differ("players", sorted(original.players), sorted(copy.players))
    paired = original.rounds_paired
    differ("rounds paired", paired, copy.rounds_paired)
    compare_ranks = not original.by_rank and _ranked_by_score(original)
    absent = Cell(None, "-", "Z")
    for n in sorted(set(original.players) & set(copy.players)):
        a, b = original.players[n], copy.players[n]
        differ(f"player {n}", player_facts(a), player_facts(b))
        for k in range(1, paired + 1):
            ca, cb = a.cell(k) or absent, b.cell(k) or absent
            if ca != cb:
                diffs.append(f"player {n}, round {k}: {_cell_text(a.cell(k))} != "
                             f"{_cell_text(b.cell(k))}")
        # JaVaFo's files count an announced H/F of the round to pair in the score already
        if a.points is not None and not (
                a.points == points_before(original, a, len(a.cells) + 1)
                and b.points == points_before(original, a, paired + 1)):
            differ(f"player {n}: points", a.points, b.points)
        if a.rank is not None and compare_ranks:
            differ(f"player {n}: rank", a.rank, b.rank)
    return diffs
