"""``python -m pairing teams STATE.json [--explain]``: draw a team round from plain JSON.

The state (``docs/teams.md`` has a complete example)::

    {"system": "swiss" | "roundrobin" | "scheveningen" | "match",
     "round": 3, "rounds": 7, "boards": 4, "colour_sequence": "WB",
     "initial_colour": "w", "preferences": "A", "primary": "match",
     "secondary_for_colours": true, "double": false, "home_first": true,
     "empty_boards": "last", "forbidden": [[1, 2]],
     "teams": [{"number": 1, "name": "SK Turm", "members": [{"id": 11, "rating": 2100}],
                "lineup": [11, 12, 13, null], "absent": false,
                "history": [{"kind": "match", "opponent": 2, "colour": "w",
                             "played": true, "match_points": "2", "game_points": "2.5"}]}]}

It prints ``{"round": r, "matches": [{"first": team, "second": team, "boards": [{"board":
1, "white": id, "black": id}]}], "bye": team or null, "explanation": [...]}``, the team
named first having White on board 1. Swiss: every team's earlier rounds in ``history``;
round robin: teams numbered 1..n; ``scheveningen`` and ``match``: exactly two teams.
A line-up that breaks the rules, or anything else that is wrong, exits 2 with its place
(``teams[1].lineup: board 2: ...``); numbers, texts and lists are bounded.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, NoReturn

from scoring.json_input import JsonInputError, loads

from . import boards as bd
from . import roundrobin as trr
from .lineup import (
    EMPTY_RULES,
    MAX_BOARDS,
    MAX_MEMBERS,
    MAX_NAME,
    LineupRules,
    Member,
    Team,
    default_lineup,
    lineup_problems,
    roster_problems,
)
from .swiss import NoTeamPairing, pair
from .swiss_state import KINDS, PREFERENCE_TYPES, SwissTeam, TeamRound, TeamSwissState

SYSTEMS = ("swiss", "roundrobin", "scheveningen", "match")
MAX_TEAMS = 256
MAX_ROUNDS = 30
MAX_POINTS = 1000
MAX_ID = 999_999


class BadInput(ValueError):
    def __init__(self, place: str, message: str):
        super().__init__(f"{place}: {message}")


def _get(obj: Any, key: str, place: str, default: Any = ...) -> Any:
    if not isinstance(obj, dict):
        raise BadInput(place, "must be an object")
    if key not in obj:
        if default is ...:
            raise BadInput(f"{place}.{key}".lstrip("."), "is missing")
        return default
    return obj[key]


def _int(value: Any, place: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadInput(place, f"must be a whole number from {low} to {high}")
    return int(value)


def _choice(value: Any, place: str, choices: Sequence[str]) -> str:
    if value not in choices:
        raise BadInput(place, f"must be one of {', '.join(choices)}")
    return str(value)


def _bool(value: Any, place: str) -> bool:
    if not isinstance(value, bool):
        raise BadInput(place, "must be true or false")
    return value


def _list(value: Any, place: str, most: int) -> list[Any]:
    if not isinstance(value, list) or len(value) > most:
        raise BadInput(place, f"must be a list of at most {most}")
    return value


def _points(value: Any, place: str) -> Fraction:
    try:
        if isinstance(value, bool) or not isinstance(value, (int, str, float)):
            raise ValueError
        number = Fraction(str(value))
    except (ValueError, ZeroDivisionError):
        raise BadInput(place, "must be a number such as 2 or \"1.5\"") from None
    if not 0 <= number <= MAX_POINTS or number.denominator > 100:
        raise BadInput(place, f"must be from 0 to {MAX_POINTS} in hundredths at most")
    return number


def _team(raw: Any, place: str, rounds: int) -> tuple[Team, SwissTeam, Any]:
    number = _int(_get(raw, "number", place), f"{place}.number", 1, MAX_TEAMS)
    name = _get(raw, "name", place, "")
    if not isinstance(name, str) or len(name) > MAX_NAME:
        raise BadInput(f"{place}.name", f"must be a text of at most {MAX_NAME} characters")
    members = []
    for k, m in enumerate(_list(_get(raw, "members", place, []), f"{place}.members",
                                MAX_MEMBERS)):
        at = f"{place}.members[{k}]"
        rating = _get(m, "rating", at, None)
        members.append(Member(
            _int(_get(m, "id", at), f"{at}.id", 1, MAX_ID),
            None if rating is None else _int(rating, f"{at}.rating", 0, 4000),
            _bool(_get(m, "substitute", at, False), f"{at}.substitute")))
    team = Team(number, name, tuple(members))
    problems = roster_problems(team) if members else []
    if problems:
        raise BadInput(f"{place}.members", str(problems[0]))
    history = []
    for k, r in enumerate(_list(_get(raw, "history", place, []), f"{place}.history",
                                rounds)):
        at = f"{place}.history[{k}]"
        opponent = _get(r, "opponent", at, None)
        colour = _get(r, "colour", at, None)
        history.append(TeamRound(
            _choice(_get(r, "kind", at, "match"), f"{at}.kind", KINDS),
            None if opponent is None else _int(opponent, f"{at}.opponent", 1, MAX_TEAMS),
            None if colour is None else _choice(colour, f"{at}.colour", ("w", "b")),
            _bool(_get(r, "played", at, True), f"{at}.played"),
            _points(_get(r, "match_points", at, 0), f"{at}.match_points"),
            _points(_get(r, "game_points", at, 0), f"{at}.game_points"),
            _bool(_get(r, "won_by_forfeit", at, False), f"{at}.won_by_forfeit")))
    absent = _bool(_get(raw, "absent", place, False), f"{place}.absent")
    return team, SwissTeam(number, tuple(history), absent), _get(raw, "lineup", place, None)


def _lineup(team: Team, raw: Any, place: str, rules: LineupRules) -> tuple[int | None, ...]:
    if raw is None:
        return default_lineup(team, rules) if team.members else (None,) * rules.boards
    ids = _list(raw, place, MAX_BOARDS)
    for k, v in enumerate(ids):
        if v is not None:
            _int(v, f"{place}[{k}]", 1, MAX_ID)
    problems = lineup_problems(team, ids, rules)
    if problems:
        raise BadInput(place, str(problems[0]))
    return tuple(ids)


def _boards(match: Sequence[bd.Board]) -> list[dict[str, Any]]:
    return [{"board": b.board, "white": b.white, "black": b.black} for b in match]


def draw(state: Any) -> dict[str, Any]:
    """The round the JSON ``state`` asks for, as the JSON the command prints."""
    system = _choice(_get(state, "system", ""), "system", SYSTEMS)
    rounds = _int(_get(state, "rounds", "", 1), "rounds", 1, MAX_ROUNDS)
    round_ = _int(_get(state, "round", ""), "round", 1, MAX_ROUNDS)
    board_count = _int(_get(state, "boards", "", 4), "boards", 1, MAX_BOARDS)
    sequence = _get(state, "colour_sequence", "", "WB")
    try:
        bd.check_sequence(sequence if isinstance(sequence, str) else "")
    except ValueError as e:
        raise BadInput("colour_sequence", str(e)) from None
    rules = LineupRules(board_count, _choice(_get(state, "empty_boards", "", "last"),
                                             "empty_boards", EMPTY_RULES))
    double = _bool(_get(state, "double", "", False), "double")
    parsed = [_team(t, f"teams[{k}]", MAX_ROUNDS)
              for k, t in enumerate(_list(_get(state, "teams", ""), "teams", MAX_TEAMS))]
    numbers = [t.number for t, _, _ in parsed]
    if len(set(numbers)) != len(numbers):
        raise BadInput("teams", "two teams have the same number")
    lineups = {t.number: _lineup(t, raw, f"teams[{k}].lineup", rules)
               for k, (t, _, raw) in enumerate(parsed)}
    out: dict[str, Any] = {"round": round_, "matches": [], "bye": None, "explanation": []}

    def add(first: int, second: int) -> None:
        out["matches"].append({"first": first, "second": second, "boards": _boards(
            bd.match_boards(lineups[first], lineups[second], sequence))})

    if system == "swiss":
        if round_ > rounds:
            raise BadInput("round", f"the tournament has {rounds} rounds")
        for k, (_, swiss_team, _) in enumerate(parsed):
            if len(swiss_team.history) != round_ - 1:
                raise BadInput(f"teams[{k}].history", f"must have the {round_ - 1} earlier "
                                                      "rounds")
        forbidden = frozenset(
            frozenset(_int(n, f"forbidden[{k}][{j}]", 1, MAX_TEAMS)
                      for j, n in enumerate(_list(p, f"forbidden[{k}]", 2)))
            for k, p in enumerate(_list(_get(state, "forbidden", "", []), "forbidden", 1000)))
        swiss_state = TeamSwissState(
            round_, rounds, tuple(s for _, s, _ in parsed),
            _choice(_get(state, "initial_colour", "", "w"), "initial_colour", ("w", "b")),
            _choice(_get(state, "preferences", "", "A"), "preferences", PREFERENCE_TYPES),
            _choice(_get(state, "primary", "", "match"), "primary", ("match", "game")),
            _bool(_get(state, "secondary_for_colours", "", True), "secondary_for_colours"),
            forbidden)
        try:
            got = pair(swiss_state)
        except NoTeamPairing as e:
            raise BadInput("teams", f"no pairing is possible: {e}") from None
        for white, black in got.matches:
            add(white, black)
        out["bye"] = got.bye
        out["explanation"] = [str(line) for line in got.explanation]
    elif system == "roundrobin":
        if sorted(numbers) != list(range(1, len(numbers) + 1)) or len(numbers) > trr.MAX_TEAMS:
            raise BadInput("teams", f"a round robin numbers its 2 to {trr.MAX_TEAMS} teams 1..n")
        schedule = trr.schedule(len(numbers), double)
        if round_ > len(schedule):
            raise BadInput("round", f"the round robin has {len(schedule)} rounds")
        for f in schedule[round_ - 1]:
            add(f.first, f.second)
        out["bye"] = trr.byes(len(numbers), double)[round_ - 1]
    else:
        if len(parsed) != 2:
            raise BadInput("teams", f"a {system} has exactly two teams")
        a, b = numbers
        if system == "match":
            home_first = _bool(_get(state, "home_first", "", True), "home_first")
            first, second = (a, b) if home_first else (b, a)
            add(first, second)
        else:
            rounds_ = bd.scheveningen(board_count, double)
            if round_ > len(rounds_):
                raise BadInput("round", f"the Scheveningen has {len(rounds_)} rounds")
            la, lb = lineups[a], lineups[b]
            games = [{"board": k + 1,
                      "white": la[e.a] if e.a_white else lb[e.b],
                      "black": lb[e.b] if e.a_white else la[e.a]}
                     for k, e in enumerate(rounds_[round_ - 1])]
            out["matches"].append({"first": a, "second": b, "boards": games})
    return out


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        print(f"error: {message}", file=sys.stderr)
        raise SystemExit(2)


def main(argv: Sequence[str]) -> int:
    """``python -m pairing teams STATE.json [--explain]``; argv after ``teams``."""
    parser = _Parser(prog="python -m pairing teams",
                     description="Draw a round of a team competition from a JSON state.")
    parser.add_argument("state", type=Path, help="the state as JSON (see docs/teams.md)")
    parser.add_argument("--explain", action="store_true",
                        help="print the explanation to stderr as well")
    try:
        args = parser.parse_args(list(argv))
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else 2
    try:
        data = args.state.read_bytes()
    except OSError as e:
        print(f"error: cannot read {args.state}: {e.strerror or e}", file=sys.stderr)
        return 2
    try:
        result = draw(loads(data))
    except (JsonInputError, BadInput) as e:
        print(f"{args.state}: {e}", file=sys.stderr)
        return 2
    json.dump(result, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")
    if args.explain:
        print("\n".join(result["explanation"]), file=sys.stderr)
    return 0
