"""The one registry of draw methods, written out: nothing is registered by importing.

Each :class:`DrawMethod` says what it is (Tabbycat's draw generators carry the same kind
of capability attributes):

- ``result_dependent``: the draw rests on the results so far, so a corrected result makes
  a later round drawn by it stale (a round robin's schedule, say, does not change);
- ``registration_time``: the draw happens as entrants register (the window draw seats
  round 1), not when the director asks for a round;
- ``seats``: the kinds of table it can seat (:class:`Seats`: one against one, two against
  two, tables without sides); a discipline offers the methods that fit its layouts and
  chooses among them (the registry knows no discipline);
- ``draw``: the pure function over a :class:`~pairing.base.DrawRequest`, or None for the
  draws the web app makes itself, because they need more than a request (the FIDE Dutch
  system with the director's byes and set pairings, the window draw's stored seats). The
  app adds their callables in its own table (``tournaments.services.rounds.APP_DRAWS``).
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.i18n import N_

from . import cards, roundrobin, scoreswiss, simple
from .base import Draw, DrawError, DrawRequest, Layout, Method
from .teams import draws as team_draws


@dataclass(frozen=True)
class Seats:
    """A kind of table a draw method can seat: two sides of ``per_side`` entrants each, or
    (``sides`` 0) a table without sides, whatever its size."""

    sides: int
    per_side: int = 1

    def fits(self, layout: Layout) -> bool:
        return layout.sides == self.sides and (not self.sides or layout.per_side == self.per_side)


HEAD_TO_HEAD = Seats(2, 1)  # one entrant against one (a player, a pair, a team)
TWO_A_SIDE = Seats(2, 2)  # two against two: players who came alone, seated as partners
ROUND_TABLE = Seats(0)  # a table of three to five without sides (card and board games)


@dataclass(frozen=True)
class DrawMethod:
    name: str
    draw: Method | None
    seats: tuple[Seats, ...]
    result_dependent: bool = False
    registration_time: bool = False

    @property
    def in_app(self) -> bool:
        """Drawn by the web app (with its database), not by :attr:`draw`."""
        return self.draw is None

    def fits(self, layout: Layout) -> bool:
        """Whether the method can seat tables of ``layout``."""
        return any(kind.fits(layout) for kind in self.seats)

    def __call__(self, request: DrawRequest) -> Draw:
        if self.draw is None:
            raise DrawError(N_("the draw method %(name)r is drawn by the web app",
                               name=self.name))
        return self.draw(request)


def _m(name: str, draw: Method | None, *seats: Seats, result_dependent: bool = False,
       registration_time: bool = False) -> DrawMethod:
    return DrawMethod(name, draw, seats, result_dependent, registration_time)


METHODS: dict[str, DrawMethod] = {m.name: m for m in (
    _m("dutch", None, HEAD_TO_HEAD, result_dependent=True),
    _m("round_robin", roundrobin.round_robin, HEAD_TO_HEAD),
    _m("round_robin_shift", roundrobin.round_robin_shift, HEAD_TO_HEAD),
    _m("score_order", simple.score_order, HEAD_TO_HEAD, result_dependent=True),
    _m("rotation", cards.rotation, HEAD_TO_HEAD, TWO_A_SIDE),
    _m("fixed_rotation", cards.fixed_rotation, HEAD_TO_HEAD, TWO_A_SIDE),
    _m("pussi_partners", cards.pussi_partners, TWO_A_SIDE),
    _m("random_tables", simple.random_tables, HEAD_TO_HEAD, TWO_A_SIDE, ROUND_TABLE),
    _m("standings_tables", simple.standings_tables, ROUND_TABLE, result_dependent=True),
    _m("swiss_score", scoreswiss.swiss_score, HEAD_TO_HEAD, result_dependent=True),
    _m("team_swiss", None, HEAD_TO_HEAD, result_dependent=True),
    _m("match_day", team_draws.match_day, HEAD_TO_HEAD),
    _m("scheveningen", team_draws.scheveningen, HEAD_TO_HEAD),
    _m("registration", None, HEAD_TO_HEAD, TWO_A_SIDE, registration_time=True),
)}

RESULT_DEPENDENT = frozenset(m.name for m in METHODS.values() if m.result_dependent)
REGISTRATION = next(m.name for m in METHODS.values() if m.registration_time)


def get(name: str) -> DrawMethod:
    try:
        return METHODS[name]
    except KeyError:
        raise DrawError(N_("unknown draw method %(name)r (known: %(known)s)", name=name,
                           known=", ".join(sorted(METHODS)))) from None
