"""Team chess (Mannschaftsschach): teams meet in matches of B boards.

The entrants of a team tournament are the teams; a table is a **match** between the
team on side 1 (the first-named team, White on board 1 with the FIDE colour sequence) and
the team on side 2. A result is the list of board results from the first-named team's
side::

    {"boards": ["1-0", "1/2-1/2", "0-1", "+-"]}

one of ``1-0``, ``1/2-1/2``, ``0-1``, ``+-``, ``-+``, ``--`` per board (the chess words;
``+-`` the first team's player won by forfeit). Who sat on which board is the web side's
line-up, not part of the result.

Standings come from :func:`scoring.teams.team_standings`: match points (2/1/0 by default,
FIDE C.07 11.1, configurable), game points ("Brettpunkte"), then the tie-breaks chosen
(``docs/teams.md`` cites each). Byes: the pairing-allocated bye of a team Swiss scores a
drawn match (C.04.6 1.4); ``half``, ``zero`` and ``forfeit-win`` a drawn, lost and won
match. ``swiss`` says whether unplayed rounds count dummy opponents (a Swiss) or not (a
round robin); the web side sets it from the draw method.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from . import teams
from .discipline import (
    Discipline,
    Row,
    Standings,
    check_two_sides,
    exact,
    known_keys,
    out_number,
    played,
    range_problem,
    show,
)
from .i18n import N_
from .model import Problems, Round, Seat, Table, Tournament

MAX_BOARDS = 20  # pairing.teams' bound
MAX_MATCH_POINTS = 100
TIEBREAKS = tuple(tb for tb in teams.TIEBREAKS if tb != "mp")
DEFAULT_TIEBREAKS = ("gp", "berliner")
BYES = {"bye": "pab", "half": "half", "zero": "zero", "forfeit-win": "full"}


@dataclass(frozen=True)
class Settings:
    boards: int = 4
    win: Fraction = Fraction(2)
    draw: Fraction = Fraction(1)
    loss: Fraction = Fraction(0)
    tiebreaks: tuple[str, ...] = DEFAULT_TIEBREAKS
    rules: str = "fide2023"
    swiss: bool = True
    # C.04.6 4.1: the initial-colour of the team Swiss, drawn by lot before round 1 unless
    # the competition fixes it ("lot", "white", "black").
    first_colour: str = "lot"
    # A league match day names the home team first (FIDE's "first team named" has White on
    # board 1) or the guest ("home", "guest").
    named_first: str = "home"

    @property
    def points(self) -> teams.Points:
        return teams.Points(win=self.win, draw=self.draw, loss=self.loss)


@dataclass(frozen=True)
class Result:
    boards: tuple[str, ...]


def _tiebreaks(raw: Any, problems: Problems, at: str) -> tuple[str, ...]:
    if raw is None:
        return DEFAULT_TIEBREAKS
    if not isinstance(raw, list) or len(raw) > len(TIEBREAKS):
        problems.error(at, N_("must be a list of at most %(n)s tie-break names", n=len(TIEBREAKS)))
        return DEFAULT_TIEBREAKS
    out: list[str] = []
    for k, name in enumerate(raw):
        if name not in TIEBREAKS:
            problems.error(f"{at}[{k}]", N_("unknown tie-break %(value)s (known: %(known)s)",
                                            value=show(name), known=", ".join(TIEBREAKS)))
        elif name in out:
            problems.error(f"{at}[{k}]", N_("tie-break %(name)r is listed twice", name=name))
        else:
            out.append(name)
    return tuple(out)


FIRST_COLOURS = ("lot", "white", "black")
NAMED_FIRST = ("home", "guest")


def _choice(raw: Mapping[str, Any], key: str, known: tuple[str, ...], problems: Problems,
            at: str) -> str:
    value = raw.get(key, known[0])
    if value not in known:
        problems.error(f"{at}.{key}", N_("must be one of %(known)s, not %(value)s",
                                         known=", ".join(known), value=show(value)))
        return known[0]
    return str(value)


class TeamChess(Discipline[Settings]):
    name = "teamchess"
    bye_kinds = frozenset(BYES)
    result_keys = ("boards",)
    settings_keys = ("boards", "win", "draw", "loss", "tiebreaks", "rules", "swiss",
                     "first_colour", "named_first")

    def parse_settings(self, raw: Mapping[str, Any], problems: Problems, at: str) -> Settings:
        known_keys(raw, self.settings_keys, problems, at, what=N_("team chess scoring"),
                   warn=True)
        boards = raw.get("boards", 4)
        why = range_problem(boards, 1, MAX_BOARDS)
        if why:
            problems.error(f"{at}.boards", why)
            boards = 4
        points: dict[str, Fraction] = {}
        for key, default in (("win", 2), ("draw", 1), ("loss", 0)):
            value = raw.get(key, default)
            why = range_problem(value, 0, MAX_MATCH_POINTS, whole=False)
            if why:
                problems.error(f"{at}.{key}", why)
                value = default
            points[key] = exact(value)
        if not points["win"] > points["draw"] >= points["loss"]:
            problems.error(f"{at}.win", N_("match points must fall: win > draw >= loss"))
        rules = raw.get("rules", "fide2023")
        if rules not in teams.RULES:
            problems.error(f"{at}.rules", N_("must be one of %(known)s, not %(value)s",
                                             known=", ".join(teams.RULES), value=show(rules)))
            rules = "fide2023"
        swiss = raw.get("swiss", True)
        if not isinstance(swiss, bool):
            problems.error(f"{at}.swiss", N_("must be true or false, not %(value)s",
                                             value=show(swiss)))
            swiss = True
        choices = {key: _choice(raw, key, known, problems, at)
                   for key, known in (("first_colour", FIRST_COLOURS),
                                      ("named_first", NAMED_FIRST))}
        return Settings(boards, points["win"], points["draw"], points["loss"],
                        _tiebreaks(raw.get("tiebreaks"), problems, f"{at}.tiebreaks"),
                        rules, swiss, choices["first_colour"], choices["named_first"])

    def check_seats(self, seats: Sequence[Seat], problems: Problems, at: str, hint: str) -> None:
        check_two_sides(seats, problems, at, hint)

    def parse_result(self, raw: Any, table: Table, round_extra: Any, settings: Settings,
                     problems: Problems, at: str, hint: str) -> Result | None:
        boards = raw.get("boards")
        if not isinstance(boards, list):
            problems.error(at, N_('needs "boards": one result per board, e.g. %(example)s',
                                  example='["1-0", "1/2-1/2", "0-1", "1-0"]'), hint)
            return None
        if len(boards) != settings.boards:
            problems.error(f"{at}.boards", N_("a match has %(n)s boards, not %(found)s",
                                              n=settings.boards, found=len(boards)), hint)
            return None
        ok = True
        for k, value in enumerate(boards):
            if value not in teams.RESULTS:
                problems.error(f"{at}.boards[{k}]", N_(
                    "board %(board)s: %(value)s is no result (one of %(known)s)",
                    board=k + 1, value=show(value), known=", ".join(teams.RESULTS)), hint)
                ok = False
        return Result(tuple(boards)) if ok else None

    def matches(self, rounds: Sequence[Round]) -> tuple[list[teams.Match], list[teams.Bye]]:
        """The played matches and the byes of ``rounds`` as :mod:`scoring.teams` reads them."""
        matches = [teams.Match(rnd.number, table.side(1)[0], table.side(2)[0],
                               tuple(teams.Game(k + 1, None, None, r)
                                     for k, r in enumerate(table.result.boards)))
                   for rnd, table in played(rounds)]
        byes = [teams.Bye(rnd.number, b.entrant, BYES[b.kind])
                for rnd in rounds for b in rnd.byes if b.kind in BYES]
        return matches, byes

    def standings(self, tournament: Tournament, rounds: Sequence[Round]) -> Standings:
        s: Settings = tournament.settings
        matches, byes = self.matches(rounds)
        criteria = ("mp", *s.tiebreaks)
        rows = teams.team_standings([e.id for e in tournament.entrants], matches, byes,
                                    criteria, s.points, rules=s.rules, swiss=s.swiss)
        shown = (*criteria, *(k for k in ("gp",) if k not in criteria))
        return Standings([(row.rank, Row(row.team, {k: out_number(row.values[k])
                                                    for k in shown}))
                          for row in rows])


TEAMCHESS = TeamChess()
