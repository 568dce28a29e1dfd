"""Mucken: two parties per table playing Bobbl to a target (default 21).

A party is a fixed pair (one entrant) or two single players seated on the same
side (two entrants who each get the party's values). Ranking (seed 001): won
Bobbl, then Tore (points scored in lost Bobbl), then Gegentore (points the
opponents scored in Bobbl this entrant won; fewer is better). ``plus`` (own
points, the winning game counted at the target) and ``plus_minus`` (own minus
opponents' points) are reported for comparison only.

Byes: ``bye`` and ``forfeit-win`` count as winning the round, i.e.
``bobbl_per_round`` Bobbl (setting, default 2) with no Tore and no Gegentore,
and the target's points per Bobbl in Plus and Plus-Minus; ``zero`` counts
nothing. A half-point bye has no meaning in Mucken and is refused.

Round time limit. Halls run Mucken against the clock, so a round can end in the
middle of a Bobbl. Settings: ``time_limit`` (minutes per round; ``null``, the
default, means none; shown on the score pad and the captain's page) and
``unfinished``, what the Bobbl cut by time counts:

- ``"leader"`` (default): the party ahead wins that Bobbl (its opponents' points
  are its Gegentore), the party behind scores its points as Tore; a tie counts as
  ``"void"``;
- ``"void"``: the Bobbl counts for nobody (no Bobbl, Tore, Gegentore, Plus);
- ``"as_played"``: both parties' points count as Tore; nobody wins the Bobbl.

Plus and Plus-Minus take the cut Bobbl's points as written (none if it is void).
A result marks the cut Bobbl with ``"unfinished": k`` (1-based), e.g.
``{"bobbl": [[21, 11], [15, 9]], "unfinished": 2}``. Only the last Bobbl written
can be cut, and neither side may have reached the target in it (then it was
finished). A round cut by time may have fewer Bobbl than ``bobbl_per_round``
(this module never counted them). A result without ``unfinished`` (or with
``null``) is read exactly as before; ``time_limit`` does not have to be set for
a cut Bobbl to count, so a later change of the setting does not void old results.

Ranges (a real game stays far inside; anything outside is a typo or an attack, and
unbounded numbers once took every public page down):

- ``target``: 1 to :data:`MAX_TARGET` (halls play to 21, some to 31 or 41);
- ``bobbl_per_round``: 1 to :data:`MAX_BOBBL` (usually 2); a result lists at most
  :data:`MAX_BOBBL` Bobbl;
- points of a party in one Bobbl: 0 to twice the target. The winner of a Bobbl may
  overshoot the target with the last game (which is worth a few points), the other
  party stays below it; twice the target leaves a wide margin.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .discipline import (
    Discipline,
    Standings,
    check_two_sides,
    is_int,
    known_keys,
    played,
    range_problem,
    ranked,
    show,
    whole_in,
)
from .i18n import N_
from .model import Problems, Round, Seat, Table, Tournament
from .ranking import Criterion

UNFINISHED_RULES = ("leader", "void", "as_played")
MAX_TIME_LIMIT = 24 * 60  # minutes; a longer "round" is a typo, not a limit
MAX_TARGET = 100
MAX_BOBBL = 20


@dataclass(frozen=True)
class Settings:
    target: int = 21
    bobbl_per_round: int = 2
    time_limit: int | None = None  # minutes per round, None: no limit
    unfinished: str = "leader"  # what a Bobbl cut by time counts, one of UNFINISHED_RULES


@dataclass(frozen=True)
class Result:
    bobbl: tuple[tuple[int, int], ...]
    unfinished: int | None = None  # 1-based number of the Bobbl cut by time (always the last)


CRITERIA = (Criterion("bobbl"), Criterion("tore"), Criterion("gegentore", higher_is_better=False))
FURTHER = ("plus", "plus_minus")


class Mucken(Discipline[Settings]):
    name = "mucken"
    bye_kinds = frozenset({"bye", "forfeit-win", "zero"})
    result_keys = ("bobbl", "unfinished")
    settings_keys = ("target", "bobbl_per_round", "time_limit", "unfinished")

    def parse_settings(self, raw: Mapping[str, Any], problems: Problems, at: str) -> Settings:
        known_keys(raw, self.settings_keys, problems, at, what=N_("Mucken scoring"), warn=True)
        target = raw.get("target", 21)
        why = range_problem(target, 1, MAX_TARGET)
        if why:
            problems.error(f"{at}.target", why)
            target = 21
        per_round = raw.get("bobbl_per_round", 2)
        why = range_problem(per_round, 1, MAX_BOBBL)
        if why:
            problems.error(f"{at}.bobbl_per_round", why)
            per_round = 2
        limit = raw.get("time_limit")
        if limit is not None and not whole_in(limit, 1, MAX_TIME_LIMIT):
            problems.error(f"{at}.time_limit",
                           N_("must be the minutes per round (a whole number from 1 to "
                              "%(max)s) or null for no limit, not %(value)s",
                              max=MAX_TIME_LIMIT, value=show(limit)))
            limit = None
        rule = raw.get("unfinished", "leader")
        if not isinstance(rule, str) or rule not in UNFINISHED_RULES:
            known = ", ".join(repr(r) for r in UNFINISHED_RULES)
            problems.error(f"{at}.unfinished", N_("must be one of %(known)s, not %(value)s",
                                                  known=known, value=show(rule)))
            rule = "leader"
        return Settings(target, per_round, limit, rule)

    def check_seats(self, seats: Sequence[Seat], problems: Problems, at: str, hint: str) -> None:
        check_two_sides(seats, problems, at, hint, per_side=(1, 2))

    def parse_result(self, raw: Any, table: Table, round_extra: Any, settings: Settings,
                     problems: Problems, at: str, hint: str) -> Result | None:
        bobbl = raw.get("bobbl") if isinstance(raw, Mapping) else None
        if not isinstance(bobbl, list) or not bobbl:
            problems.error(at, N_('needs "bobbl": a list of [side 1, side 2] points'), hint)
            return None
        if len(bobbl) > MAX_BOBBL:
            problems.error(f"{at}.bobbl", N_("%(n)s Bobbl; a round has at most %(max)s",
                                             n=len(bobbl), max=MAX_BOBBL), hint)
            return None
        cut, cut_ok = _cut(raw.get("unfinished"), len(bobbl), problems, f"{at}.unfinished", hint)
        out = []
        target = settings.target
        top = 2 * target
        for k, b in enumerate(bobbl, start=1):
            if (not isinstance(b, list) or len(b) != 2
                    or not all(whole_in(x, 0, top) for x in b)):
                problems.error(at, N_("bobbl %(k)s: must be two whole numbers from 0 to "
                                      "%(top)s, not %(value)s", k=k, top=top, value=show(b)),
                               hint)
                continue
            reached = [x >= target for x in b]
            if k == cut:
                if any(reached):
                    who = (N_("both sides") if all(reached) else
                           N_("side %(n)s", n=reached.index(True) + 1))
                    problems.error(at, N_("bobbl %(k)s: cut by time, but %(who)s reached "
                                          "%(target)s, so it was finished", k=k, who=who,
                                          target=target), hint)
                    continue
            elif all(reached):
                problems.error(at, N_("bobbl %(k)s: both sides reached %(target)s", k=k,
                                      target=target), hint)
                continue
            elif not any(reached):
                problems.error(at, N_("bobbl %(k)s: neither side reached %(target)s", k=k,
                                      target=target), hint)
                continue
            out.append((b[0], b[1]))
        if len(out) != len(bobbl) or not cut_ok:
            return None
        return Result(tuple(out), cut)

    def standings(self, tournament: Tournament, rounds: Sequence[Round]) -> Standings:
        s: Settings = tournament.settings
        values = {e.id: dict.fromkeys(("bobbl", "tore", "gegentore", "plus", "plus_minus"), 0)
                  for e in tournament.entrants}
        for _, table in played(rounds):
            for side in (1, 2):
                tally = _tally(table.result, side, s)
                for e in table.side(side):
                    for k, v in tally.items():
                        values[e][k] += v
        for rnd in rounds:
            for bye in rnd.byes:
                if bye.kind in ("bye", "forfeit-win"):
                    row = values[bye.entrant]
                    row["bobbl"] += s.bobbl_per_round
                    row["plus"] += s.target * s.bobbl_per_round
                    row["plus_minus"] += s.target * s.bobbl_per_round
        return Standings(ranked(tournament, values, CRITERIA, FURTHER))


def _cut(raw: Any, count: int, problems: Problems, at: str, hint: str) -> tuple[int | None, bool]:
    """The Bobbl cut by time (None: none) and whether ``unfinished`` is valid.

    A number in range is returned even when it is not the last Bobbl, so that Bobbl is
    still checked as a cut one and every problem is reported at once.
    """
    if raw is None:
        return None, True
    if not is_int(raw) or not 1 <= raw <= count:
        problems.error(at, N_("must be the number of the Bobbl cut by time (1 to %(count)s), "
                              "not %(value)s", count=count, value=show(raw)), hint)
        return None, False
    if raw != count:
        problems.error(at, N_("only the last Bobbl (%(count)s) can be cut by time, not bobbl "
                              "%(n)s", count=count, n=raw), hint)
        return raw, False
    return raw, True


def outcome(own: int, opp: int, target: int, cut: bool = False, rule: str = "leader") -> str:
    """What one Bobbl is for the party with ``own`` points: ``won``, ``lost`` or ``void``.

    A finished Bobbl is won at the target. A Bobbl cut by time follows ``rule``: the
    leader wins it (a tie is void), ``void`` counts it for nobody, ``as_played`` makes
    both parties lose it (their points are Tore). Shared with pages that show results.
    """
    if not cut:
        return "won" if own >= target else "lost"
    if rule == "void" or (rule == "leader" and own == opp):
        return "void"
    if rule == "as_played":
        return "lost"
    return "won" if own > opp else "lost"


def _tally(result: Result, side: int, settings: Settings) -> dict[str, int]:
    """What one party gains from one table: the values of the ranking and of Plus/Plus-Minus."""
    target = settings.target
    t = {"bobbl": 0, "tore": 0, "gegentore": 0, "plus": 0, "plus_minus": 0}
    for k, pair in enumerate(result.bobbl, start=1):
        own, opp = (pair[0], pair[1]) if side == 1 else (pair[1], pair[0])
        state = outcome(own, opp, target, k == result.unfinished, settings.unfinished)
        if state == "void":
            continue
        own_c, opp_c = min(own, target), min(opp, target)  # above the target does not count
        if state == "won":
            t["bobbl"] += 1
            t["gegentore"] += opp
        else:
            t["tore"] += own
        t["plus"] += own_c
        t["plus_minus"] += own_c - opp_c
    return t


MUCKEN = Mucken()
