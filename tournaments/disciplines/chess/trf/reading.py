"""Reading a TRF file into a new chess tournament, all or nothing (see the package's doc)."""

from __future__ import annotations

import datetime
import re
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
    Trf,
    TrfError,
    infer_initial_colour,
    read,
    round_cell,
)
from scoring.text import control_character

from ....common.text import CHARACTER_NAMES, check_single_line
from ....core_messages import say
from ....models import Bye, Entrant, Player, Result, ResultRevision, Round, Seat, Table, Tournament
from ....services import limits
from ....services.base import Actor, ServiceError, change
from ....services.tournaments import unique_slug
from ... import DISCIPLINES
from ..models import ByeRequest, PairingRule
from .ranking import (
    BYE_CODE,
    CODES_SCORE,
    HEADER,
    LIST_HEADER,
    MAX_ROUNDS,
    REBUILT,
    TITLE_ORDER,
    normal_title,
)


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
        raise TrfImportError(exc.line, exc.column, say(exc.message)) from None
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
    max_name = limits.max_length(Tournament, "name")
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
            cell = round_cell(trf, p, k, paired)  # a blank cell of a paired round: Z
            if cell is None or cell.opponent is not None:
                continue
            if k <= paired:
                byes.append((k, n, kinds[cell.result]))
            else:  # F: the full-point bye (Freilos) the director gave
                requests[(k, n)] = {"H": "half", "F": "full"}.get(cell.result, "zero")
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
        max_slug = limits.max_length(Tournament, "slug")
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

