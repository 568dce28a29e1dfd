"""Writing a chess tournament as a TRF-16 file (the package's doc says what goes where)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

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
    player_line,
    read,
)
from scoring.text import single_line

from ....models import Entrant, Player, Round, Tournament
from ....services.base import ServiceError
from ... import DISCIPLINES
from .. import is_chess
from ..conventions import first_colour
from ..models import ByeRequest, PairingRule
from .ranking import (
    BYE_CODE,
    COUNTING,
    HEADER,
    REQUEST_CODE,
    SCORE_CODES,
    TRF_TITLE,
    _elo,
    _player,
    initial_ranking,
    normal_title,
)

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
    if not is_chess(t):
        raise ServiceError(_("only chess tournaments can be written as a TRF file"))
    data = _load(t)
    details = t.details or {}
    ranking = initial_ranking(t, data.entrants)
    number = {e.pk: k for k, e in enumerate(ranking, 1)}
    upto = _rounds_upto(data.rounds, upto_round)
    points = point_system(t.disc.effective_scoring(t))

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
    colour = first_colour(t)  # an imported file's, the settings', or round 1's lot
    if colour is not None:
        lines.append(f"XXC {'white1' if colour[0] == 'w' else 'black1'}")
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
    # With XXC rank the engines rank the players in the order of their lines (bbpPairings,
    # JaVaFo's positional id): the lines go in the order of the initial ranking.
    for n in sorted(cells, key=by_rank.__getitem__) if by_rank else sorted(cells):
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

