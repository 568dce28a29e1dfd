"""Reading and validating a ``turnier/1`` document (see docs/format.md).

:func:`read` walks the whole document and collects every problem before it
gives up, so ``python -m scoring validate`` can list them all. Places are
JSON paths with 0-based indices (``rounds[1].tables[3]``); the hint names the
round and table numbers as printed on the score sheets (``round 2, table 4``).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from . import registry
from .discipline import is_int, show
from .i18n import N_, Message
from .json_input import MAX_BYTES, JsonInputError, loads
from .model import BYE_KINDS, Bye, DocumentError, Entrant, Problems, Round, Seat, Table, Tournament
from .text import control_problem

FORMAT = "turnier/1"
MAX_RATING = 9999  # Elo and DWZ stay below 3000; the desk takes up to 9999 as well


def load(path: str | Path) -> Tournament:
    """Read a document from a file; raises :class:`DocumentError` with every problem."""
    tournament, problems = check_file(path)
    if tournament is None:
        raise DocumentError(problems.errors)
    return tournament


def check_file(path: str | Path) -> tuple[Tournament | None, Problems]:
    problems = Problems()
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)  # no more than the reader takes, however big the file
    except OSError as exc:
        problems.error("", N_("cannot read %(path)s: %(why)s", path=str(path),
                              why=exc.strerror or str(exc)))
        return None, problems
    try:
        data = loads(raw)
    except JsonInputError as exc:
        problems.error(exc.place, exc.detail)
        return None, problems
    return check(data, problems)


def parse(data: Any) -> Tournament:
    """Validate already decoded JSON; raises :class:`DocumentError` with every problem."""
    tournament, problems = check(data)
    if tournament is None:
        raise DocumentError(problems.errors)
    return tournament


def check(data: Any, problems: Problems | None = None) -> tuple[Tournament | None, Problems]:
    """Validate decoded JSON. Returns the tournament (None if there are errors) and problems."""
    problems = problems if problems is not None else Problems()
    if not isinstance(data, Mapping):
        problems.error("", N_("a turnier/1 document is a JSON object"))
        return None, problems
    fmt = data.get("format")
    if fmt != FORMAT:
        problems.error("format", N_("missing; this is not a turnier/1 document") if fmt is None
                       else N_("unknown format %(value)s; this program reads %(format)r",
                               value=show(fmt), format=FORMAT))
        return None, problems
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.error("name", N_("the tournament needs a name"))
    else:
        _one_line(name, "name", problems)
    discipline = registry.get(data.get("discipline"))
    if discipline is None:
        known = ", ".join(sorted(registry.DISCIPLINES))
        problems.error("discipline", N_("unknown discipline %(value)s (known: %(known)s)",
                                        value=show(data.get("discipline")), known=known))
        return None, problems
    raw_scoring = data.get("scoring", {})
    if not isinstance(raw_scoring, Mapping):
        problems.error("scoring", MUST_BE_OBJECT)
        raw_scoring = {}
    settings = discipline.parse_settings(raw_scoring, problems, "scoring")
    entrants = _entrants(data.get("entrants"), problems)
    known_ids = {e.id for e in entrants}
    rounds = _rounds(data.get("rounds", []), discipline, settings, known_ids, problems)
    if problems.errors:
        return None, problems
    assert isinstance(name, str)  # else an error above
    tournament = Tournament(name=name, discipline=discipline.name, settings=settings,
                            entrants=tuple(entrants), rounds=tuple(rounds),
                            warnings=tuple(problems.warnings))
    return tournament, problems


MUST_BE_OBJECT = N_("must be an object")


def _positive(value: Any) -> Message:
    return N_("must be a positive integer, not %(value)s", value=show(value))


def _one_line(text: str, place: str, problems: Problems) -> bool:
    """Names and other texts that line formats (TRF) write are one line: no control
    characters (see :mod:`scoring.text`)."""
    why = control_problem(text)
    if why:
        problems.error(place, why)
    return why is None


def _entrants(raw: Any, problems: Problems) -> list[Entrant]:
    if not isinstance(raw, list):
        problems.error("entrants", N_("must be a list of entrants"))
        return []
    out: list[Entrant] = []
    seen: dict[int, int] = {}
    for i, e in enumerate(raw):
        at = f"entrants[{i}]"
        if not isinstance(e, Mapping):
            problems.error(at, MUST_BE_OBJECT)
            continue
        eid = e.get("id")
        if not is_int(eid) or eid <= 0:
            problems.error(f"{at}.id", _positive(eid))
            continue
        if eid in seen:
            problems.error(f"{at}.id", N_("duplicate entrant id %(id)s (also entrants[%(k)s])",
                                          id=eid, k=seen[eid]))
            continue
        seen[eid] = i
        name = e.get("name")
        if not isinstance(name, str) or not name.strip():
            problems.error(f"{at}.name", N_("every entrant needs a name"))
            continue
        _one_line(name, f"{at}.name", problems)
        players = e.get("players") or []
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            problems.error(f"{at}.players", N_("must be a list of names"))
            players = []
        for k, player in enumerate(players):
            _one_line(player, f"{at}.players[{k}]", problems)
        rating = e.get("rating")
        if rating is not None and not (is_int(rating) and 0 <= rating <= MAX_RATING):
            problems.error(f"{at}.rating", N_("must be a whole number from 0 to %(max)s or "
                                              "null, not %(value)s", max=MAX_RATING,
                                              value=show(rating)))
            rating = None
        club = e.get("club")
        if club is not None and not isinstance(club, str):
            problems.error(f"{at}.club", N_("must be a string or null"))
            club = None
        elif club is not None:
            _one_line(club, f"{at}.club", problems)
        categories = e.get("categories") or []
        if not isinstance(categories, list) or not all(isinstance(c, str) for c in categories):
            problems.error(f"{at}.categories", N_("must be a list of strings"))
            categories = []
        for k, category in enumerate(categories):
            _one_line(category, f"{at}.categories[{k}]", problems)
        out.append(Entrant(eid, name, tuple(players), rating, club, tuple(categories)))
    return out


def _rounds(raw: Any, discipline: Any, settings: Any, known: set[int],
            problems: Problems) -> list[Round]:
    if not isinstance(raw, list):
        problems.error("rounds", N_("must be a list of rounds"))
        return []
    out: list[Round] = []
    numbers: dict[int, int] = {}
    for i, r in enumerate(raw):
        at = f"rounds[{i}]"
        if not isinstance(r, Mapping):
            problems.error(at, MUST_BE_OBJECT)
            continue
        number = r.get("number")
        if not is_int(number) or number <= 0:
            problems.error(f"{at}.number", _positive(number))
            continue
        if number in numbers:
            problems.error(f"{at}.number", N_("round %(n)s appears twice (also rounds[%(k)s])",
                                              n=number, k=numbers[number]))
            continue
        numbers[number] = i
        hint = N_("round %(n)s", n=number)
        extra = discipline.parse_round(r, settings, problems, at, hint)
        where: dict[int, str] = {}  # entrant -> where it already sits in this round
        tables = _tables(r.get("tables", []), discipline, settings, extra, known, where,
                         problems, at, number)
        byes = _byes(r.get("byes", []), discipline, known, where, problems, at, hint)
        out.append(Round(number, tuple(tables), tuple(byes), extra))
    out.sort(key=lambda rd: rd.number)
    return out


def _tables(raw: Any, discipline: Any, settings: Any, extra: Any, known: set[int],
            where: dict[int, str], problems: Problems, at_round: str,
            round_number: int) -> list[Table]:
    if not isinstance(raw, list):
        problems.error(f"{at_round}.tables", N_("must be a list of tables"))
        return []
    out: list[Table] = []
    numbers: set[int] = set()
    for j, t in enumerate(raw):
        at = f"{at_round}.tables[{j}]"
        if not isinstance(t, Mapping):
            problems.error(at, MUST_BE_OBJECT, N_("round %(n)s", n=round_number))
            continue
        number = t.get("number", j + 1)
        if not is_int(number) or number <= 0:
            problems.error(f"{at}.number", _positive(number), N_("round %(n)s", n=round_number))
            continue
        hint = N_("round %(round)s, table %(table)s", round=round_number, table=number)
        if number in numbers:
            problems.error(f"{at}.number", N_("table %(n)s appears twice in this round",
                                              n=number), hint)
        numbers.add(number)
        seats = _seats(t.get("seats"), known, where, problems, at, hint)
        if seats is None:
            continue
        before = len(problems.errors)
        discipline.check_seats(seats, problems, at, hint)
        if len(problems.errors) > before:
            continue
        table = Table(number, tuple(seats), None, at, hint)
        raw_result = t.get("result")
        result = None
        if raw_result is not None:
            result = discipline.read_result(raw_result, table, extra, settings, problems,
                                            f"{at}.result", hint)
        out.append(Table(number, tuple(seats), result, at, hint))
    return out


def _seats(raw: Any, known: set[int], where: dict[int, str], problems: Problems, at: str,
           hint: str) -> list[Seat] | None:
    if not isinstance(raw, list) or not raw:
        problems.error(f"{at}.seats", N_("must be a non-empty list of seats"), hint)
        return None
    seats: list[Seat] = []
    ok = True
    for k, s in enumerate(raw):
        sat = f"{at}.seats[{k}]"
        if not isinstance(s, Mapping):
            problems.error(sat, MUST_BE_OBJECT, hint)
            ok = False
            continue
        eid = s.get("entrant")
        side = s.get("side")
        if not is_int(eid) or eid not in known:
            problems.error(f"{sat}.entrant", N_("unknown entrant %(value)s", value=show(eid)),
                           hint)
            ok = False
            continue
        if side is not None and not is_int(side):
            problems.error(f"{sat}.side", N_("must be 1 or 2, not %(value)s", value=show(side)),
                           hint)
            ok = False
            continue
        if eid in where:
            problems.error(f"{sat}.entrant", N_("entrant %(id)s is seated twice in this round "
                                                "(also %(where)s)", id=eid, where=where[eid]),
                           hint)
            ok = False
            continue
        where[eid] = sat
        seats.append(Seat(eid, side))
    return seats if ok else None


def _byes(raw: Any, discipline: Any, known: set[int], where: dict[int, str],
          problems: Problems, at_round: str, hint: str) -> list[Bye]:
    if not isinstance(raw, list):
        problems.error(f"{at_round}.byes", N_("must be a list"), hint)
        return []
    out: list[Bye] = []
    for k, b in enumerate(raw):
        at = f"{at_round}.byes[{k}]"
        if not isinstance(b, Mapping):
            problems.error(at, MUST_BE_OBJECT, hint)
            continue
        eid, kind = b.get("entrant"), b.get("kind", "bye")
        if not is_int(eid) or eid not in known:
            problems.error(f"{at}.entrant", N_("unknown entrant %(value)s", value=show(eid)),
                           hint)
            continue
        if eid in where:
            problems.error(f"{at}.entrant", N_("entrant %(id)s has a bye and is also at "
                                               "%(where)s", id=eid, where=where[eid]), hint)
            continue
        if not isinstance(kind, str) or kind not in BYE_KINDS:
            problems.error(f"{at}.kind", N_("unknown bye kind %(value)s (known: %(known)s)",
                                            value=show(kind), known=", ".join(BYE_KINDS)), hint)
            continue
        if kind not in discipline.bye_kinds:
            allowed = ", ".join(sorted(discipline.bye_kinds))
            problems.error(f"{at}.kind", N_("%(discipline)s does not score a bye of kind "
                                            "%(kind)r (allowed: %(allowed)s)",
                                            discipline=discipline.name, kind=kind,
                                            allowed=allowed), hint)
            continue
        where[eid] = at
        out.append(Bye(eid, kind))
    return out
