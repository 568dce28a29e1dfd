"""``python -m scoring teams DOC.json``: team standings and each player's results as JSON.

The document (``docs/teams.md``)::

    {"teams": [1, 2, 3, 4], "rounds": 3, "points": {"win": 2, "draw": 1, "loss": 0},
     "tiebreaks": ["mp", "gp", "de", "bh"], "rules": "fide2023", "swiss": false,
     "matches": [{"round": 1, "first": 1, "second": 4, "games": [
         {"board": 1, "first": 11, "second": 41, "result": "1-0", "first_white": true}]}],
     "byes": [{"round": 1, "team": 3, "kind": "pab"}],
     "elo": {"11": 2100}, "dwz": {"41": 1850}}

It prints ``{"standings": [{"rank", "team", <every tie-break>}], "players": [{"player",
"team", "points", "games", "boards", "tpr", "dwz_rh"}], "berliner": [[first, second] per
match]}``. Bad input exits 2 with its place (``matches[0].games[1].result: ...``).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from .discipline import out_number
from .json_input import JsonInputError, loads
from .teams import (
    BYE_KINDS,
    RESULTS,
    RULES,
    TIEBREAKS,
    Bye,
    Game,
    Match,
    Points,
    berliner,
    player_results,
    team_standings,
)

MAX_TEAMS, MAX_MATCHES, MAX_BOARDS, MAX_ID, MAX_ROUNDS = 256, 5000, 20, 999_999, 50


class BadInput(ValueError):
    def __init__(self, place: str, message: str):
        super().__init__(f"{place}: {message}")


def _int(value: Any, place: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadInput(place, f"must be a whole number from {low} to {high}")
    return int(value)


def _list(value: Any, place: str, most: int) -> list[Any]:
    if not isinstance(value, list) or len(value) > most:
        raise BadInput(place, f"must be a list of at most {most}")
    return value


def _obj(value: Any, place: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise BadInput(place, "must be an object")
    return value


def _points(value: Any, place: str) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise BadInput(place, "must be a number")
    try:
        number = Fraction(str(value))
    except (ValueError, ZeroDivisionError):
        raise BadInput(place, "must be a number") from None
    if not -100 <= number <= 100 or number.denominator > 100:
        raise BadInput(place, "must be from -100 to 100 in hundredths at most")
    return number


def _ratings(raw: Any, place: str) -> dict[int, int]:
    out = {}
    for key, value in _obj(raw, place).items():
        if not key.isdecimal() or not 1 <= int(key) <= MAX_ID:
            raise BadInput(f"{place}.{key[:20]}", "the key must be a player id")
        out[int(key)] = _int(value, f"{place}.{key}", 0, 4000)
    return out


def evaluate(doc: Any) -> dict[str, Any]:
    doc = _obj(doc, "document")
    teams = [_int(t, f"teams[{k}]", 1, MAX_ID)
             for k, t in enumerate(_list(doc.get("teams"), "teams", MAX_TEAMS))]
    known = set(teams)
    raw_points = _obj(doc.get("points", {}), "points")
    points = Points(**{k: _points(v, f"points.{k}") for k, v in raw_points.items()
                       if k in ("win", "draw", "loss", "game_win", "game_draw", "game_loss")})
    tiebreaks = _list(doc.get("tiebreaks", ["mp", "gp", "de", "bh"]), "tiebreaks", 20)
    for k, name in enumerate(tiebreaks):
        if name not in TIEBREAKS:
            raise BadInput(f"tiebreaks[{k}]", f"must be one of {', '.join(TIEBREAKS)}")
    rules = doc.get("rules", "fide2023")
    if rules not in RULES:
        raise BadInput("rules", f"must be one of {', '.join(RULES)}")
    swiss = doc.get("swiss", True)
    if not isinstance(swiss, bool):
        raise BadInput("swiss", "must be true or false")
    rounds = doc.get("rounds")
    rounds = None if rounds is None else _int(rounds, "rounds", 1, MAX_ROUNDS)
    matches = []
    for k, m in enumerate(_list(doc.get("matches", []), "matches", MAX_MATCHES)):
        at = f"matches[{k}]"
        m = _obj(m, at)
        first, second = (_int(m.get(s), f"{at}.{s}", 1, MAX_ID) for s in ("first", "second"))
        for side, team in (("first", first), ("second", second)):
            if team not in known:
                raise BadInput(f"{at}.{side}", f"team {team} is not in teams")
        if first == second:
            raise BadInput(f"{at}.second", "a team cannot play itself")
        games = []
        for j, g in enumerate(_list(m.get("games"), f"{at}.games", MAX_BOARDS)):
            gat = f"{at}.games[{j}]"
            g = _obj(g, gat)
            ids = [None if g.get(s) is None else _int(g.get(s), f"{gat}.{s}", 1, MAX_ID)
                   for s in ("first", "second")]
            result = g.get("result")
            if result not in RESULTS:
                raise BadInput(f"{gat}.result", f"must be one of {', '.join(RESULTS)}")
            white = g.get("first_white", True)
            if not isinstance(white, bool):
                raise BadInput(f"{gat}.first_white", "must be true or false")
            games.append(Game(_int(g.get("board", j + 1), f"{gat}.board", 1, MAX_BOARDS),
                              ids[0], ids[1], result, white))
        matches.append(Match(_int(m.get("round"), f"{at}.round", 1, MAX_ROUNDS), first,
                             second, tuple(games)))
    byes = []
    for k, b in enumerate(_list(doc.get("byes", []), "byes", MAX_MATCHES)):
        at = f"byes[{k}]"
        b = _obj(b, at)
        kind = b.get("kind", "pab")
        if kind not in BYE_KINDS:
            raise BadInput(f"{at}.kind", f"must be one of {', '.join(BYE_KINDS)}")
        team = _int(b.get("team"), f"{at}.team", 1, MAX_ID)
        if team not in known:
            raise BadInput(f"{at}.team", f"team {team} is not in teams")
        byes.append(Bye(_int(b.get("round"), f"{at}.round", 1, MAX_ROUNDS), team, kind))
    seated: set[tuple[int, int]] = set()
    for k, (rnd, team) in enumerate([(m.round, t) for m in matches for t in (m.first, m.second)]
                                    + [(b.round, b.team) for b in byes]):
        if (rnd, team) in seated:
            raise BadInput("matches" if k < 2 * len(matches) else "byes",
                           f"team {team} is seated twice in round {rnd}")
        seated.add((rnd, team))
    elo = _ratings(doc.get("elo", {}), "elo")
    dwz = _ratings(doc.get("dwz", {}), "dwz")
    rows = team_standings(teams, matches, byes, tiebreaks, points, rounds, rules, swiss)
    players = player_results(matches, points, elo, dwz)
    return {
        "standings": [{"rank": r.rank, "team": r.team,
                       **{k: out_number(v) for k, v in r.values.items()}} for r in rows],
        "players": [{"player": p.player, "team": p.team, "points": out_number(p.points),
                     "games": p.games, "boards": p.boards, "tpr": p.tpr, "dwz_rh": p.dwz_rh}
                    for p in sorted(players.values(), key=lambda p: (p.team, p.player))],
        "berliner": [[out_number(x) for x in berliner(m, points)] for m in matches],
    }


def main(argv: Sequence[str]) -> int:
    """``python -m scoring teams DOC.json``; argv after ``teams``."""
    if len(argv) != 1 or argv[0].startswith("-"):
        print("usage: python -m scoring teams DOC.json", file=sys.stderr)
        return 0 if list(argv) in (["-h"], ["--help"]) else 2
    path = Path(argv[0])
    try:
        data = path.read_bytes()
    except OSError as e:
        print(f"error: cannot read {path}: {e.strerror or e}", file=sys.stderr)
        return 2
    try:
        result = evaluate(loads(data))
    except (JsonInputError, BadInput) as e:
        print(f"{path}: {e}", file=sys.stderr)
        return 2
    json.dump(result, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")
    return 0
