"""The one registry of draw methods, written out: nothing is registered by importing.

Each :class:`DrawMethod` says what it is (Tabbycat's draw generators carry the same kind
of capability attributes):

- ``result_dependent``: the draw rests on the results so far, so a corrected result makes
  a later round drawn by it stale (a round robin's schedule, say, does not change);
- ``registration_time``: the draw happens as entrants register (the window draw seats
  round 1), not when the director asks for a round;
- ``disciplines``: the disciplines it fits;
- ``draw``: the pure function over a :class:`~pairing.base.DrawRequest`, or None for the
  draws the web app makes itself, because they need more than a request (the FIDE Dutch
  system with the director's byes and set pairings, the window draw's stored seats). The
  app adds their callables in its own table (``tournaments.services.rounds.APP_DRAWS``).
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.i18n import N_

from . import cards, roundrobin, scoreswiss, simple
from .base import Draw, DrawError, DrawRequest, Method


@dataclass(frozen=True)
class DrawMethod:
    name: str
    draw: Method | None
    disciplines: frozenset[str]
    result_dependent: bool = False
    registration_time: bool = False

    @property
    def in_app(self) -> bool:
        """Drawn by the web app (with its database), not by :attr:`draw`."""
        return self.draw is None

    def __call__(self, request: DrawRequest) -> Draw:
        if self.draw is None:
            raise DrawError(N_("the draw method %(name)r is drawn by the web app",
                               name=self.name))
        return self.draw(request)


def _m(name: str, draw: Method | None, *disciplines: str, result_dependent: bool = False,
       registration_time: bool = False) -> DrawMethod:
    return DrawMethod(name, draw, frozenset(disciplines), result_dependent, registration_time)


METHODS: dict[str, DrawMethod] = {m.name: m for m in (
    _m("dutch", None, "chess", result_dependent=True),
    _m("round_robin", roundrobin.round_robin, "chess"),
    _m("round_robin_shift", roundrobin.round_robin_shift, "chess"),
    _m("score_order", simple.score_order, "chess", result_dependent=True),
    _m("rotation", cards.rotation, "mucken"),
    _m("fixed_rotation", cards.fixed_rotation, "mucken"),
    _m("pussi_partners", cards.pussi_partners, "pussi"),
    _m("random_tables", simple.random_tables, "mucken", "pussi", "boardgame", "skat",
       "doppelkopf"),
    _m("standings_tables", simple.standings_tables, "boardgame", "skat", "doppelkopf",
       result_dependent=True),
    _m("swiss_score", scoreswiss.swiss_score, "tabletop", result_dependent=True),
    _m("registration", None, "mucken", "pussi", registration_time=True),
)}

RESULT_DEPENDENT = frozenset(m.name for m in METHODS.values() if m.result_dependent)
REGISTRATION = next(m.name for m in METHODS.values() if m.registration_time)


def get(name: str) -> DrawMethod:
    try:
        return METHODS[name]
    except KeyError:
        raise DrawError(N_("unknown draw method %(name)r (known: %(known)s)", name=name,
                           known=", ".join(sorted(METHODS)))) from None
