"""The rating evaluation of a team tournament's board games, per player (issue 34).

Every game over the board is rated individually (the TRF export carries the same games
for the rating offices). For each member: games, points, the opponents' average Elo, the
FIDE performance (``scoring.teams.player_results``), the expected score and the Elo change
with FIDE's K (``scoring.ratings.k_factor``, B.02 8.3), and, for a member with a DWZ, the
DSB's fields Ro, W, n, We, E, Rh, Rn (``scoring.ratings.dwz_evaluation``). Forfeits and
empty boards score points but are no games; opponents without the rating are left out of
that rating's evaluation, as the rating rules say.

What we do not store: the number of rated games a player had before (K assumes an
established player, 30 games or more, as chess's DWZ report does) and whether a player
ever reached 2400 (taken from the current Elo).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from typing import Any

from django.utils import formats, timezone

from scoring.ratings import (
    DwzResult,
    EloResult,
    dwz_evaluation,
    dwz_text,
    elo_change,
    k_factor,
)
from scoring.teams import player_results

from ...models import Tournament
from ..rating_words import ELO_GAMES_BEFORE, age_at, note_text
from .outputs import team_games
from .score import half


@dataclass
class PlayerRating:
    place: int
    name: str
    substitute: bool
    elo: int | None
    dwz: int | None
    dwz_index: int | None
    games: int = 0
    points: str = ""
    average: int | None = None  # the rated opponents' average Elo, rounded half up
    tpr: int | None = None
    elo_result: EloResult | None = None
    dwz_result: DwzResult | None = None

    @property
    def expected(self) -> str:
        """The Elo expected score, to two places (FIDE's table of probabilities)."""
        if self.elo_result is None:
            return ""
        return formats.number_format(self.elo_result.expected, 2)

    @property
    def change(self) -> str:
        if self.elo_result is None:
            return ""
        value = self.elo_result.change
        return f"+{value}" if value > 0 else str(value)

    @property
    def ro_text(self) -> str:
        return dwz_text(self.dwz, self.dwz_index) if self.dwz is not None else ""

    @property
    def rn_text(self) -> str:
        r = self.dwz_result
        return dwz_text(r.rn, r.index, r.provisional) if r is not None else ""

    @property
    def we_text(self) -> str:
        r = self.dwz_result
        return "" if r is None or r.we is None else formats.number_format(r.we, 3)

    @property
    def w_text(self) -> str:
        return half(self.dwz_result.w) if self.dwz_result is not None else ""

    @property
    def note(self) -> str:
        r = self.dwz_result
        return note_text(r.note) if r is not None else ""


@dataclass
class TeamRatings:
    team: Any
    players: list[PlayerRating] = field(default_factory=list)


def _half_up(value: Fraction) -> int:
    return int(value + Fraction(1, 2)) if value >= 0 else -int(-value + Fraction(1, 2))


def team_ratings(t: Tournament, today: date | None = None) -> list[TeamRatings]:
    """Every team's members in board order with their rating evaluation (module doc)."""
    day = today or timezone.localdate()
    teams, matches = team_games(t)
    members = {m.pk: m for _e, ms in teams for m in ms}
    elo = {pk: m.player.rating for pk, m in members.items() if m.player.rating}
    dwz = {pk: m.player.dwz for pk, m in members.items() if m.player.dwz}
    results = player_results(matches, elo=elo, dwz=dwz)
    out = []
    for e, ms in teams:
        block = TeamRatings(e)
        for m in ms:
            p = m.player
            row = PlayerRating(m.position, p.name, m.substitute, p.rating, p.dwz, p.dwz_index)
            r = results.get(m.pk)
            if r is not None:
                row.games, row.points, row.tpr = r.games, half(r.points), r.tpr
                elo_games = [(elo[o], s) for o, s in r.opponents if o in elo]
                if elo_games:
                    row.average = _half_up(Fraction(sum(x for x, _ in elo_games),
                                                    len(elo_games)))
                if p.rating and elo_games:
                    age = age_at(p.birth_date, day)
                    k = k_factor(p.rating, ELO_GAMES_BEFORE, age, p.rating >= 2400)
                    row.elo_result = elo_change(p.rating, k, elo_games)
                if p.dwz:
                    age = None if p.birth_date is None else day.year - p.birth_date.year
                    row.dwz_result = dwz_evaluation(
                        p.dwz, p.dwz_index, age, [(dwz.get(o), s) for o, s in r.opponents],
                        provisional=p.dwz_provisional)
            block.players.append(row)
        out.append(block)
    return out
