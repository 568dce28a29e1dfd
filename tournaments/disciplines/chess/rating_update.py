"""UpdateRatings (the seed's program): after the tournament the new DWZ and Elo of the DWZ
evaluation are written back to the players, once the director has confirmed the list.

The list is :func:`rating_changes` (each player whose DWZ, DWZ index or Elo changes); the
director confirms it by its start numbers, and :func:`update_ratings` writes it only when
it is still the same list. The ratings the tournament was evaluated with are kept in
``details["ratings_before"]``, so the tournament's own DWZ report stays as it was, and the
update cannot be applied twice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from ...models import Player, Tournament
from ...services.base import Actor, Conflict, ServiceError, change
from ...services.finish import planned_rounds_done
from ...services.locks import is_finished
from .outputs import dwz_report, dwz_text


@dataclass(frozen=True)
class RatingChange:
    number: int  # start number
    name: str
    player: int  # Player id
    dwz_before: int | None
    index_before: int | None
    dwz_after: int | None
    index_after: int | None
    elo_before: int | None
    elo_after: int | None
    provisional_before: bool = False  # "1457-(3)": a provisional DWZ and its games
    provisional_after: bool = False

    @property
    def ratings(self) -> dict[str, Any]:
        return {"dwz": self.dwz_after, "dwz_index": self.index_after,
                "dwz_provisional": self.provisional_after, "rating": self.elo_after}

    @property
    def dwz_before_text(self) -> str:
        return dwz_text(self.dwz_before, self.index_before, self.provisional_before)

    @property
    def dwz_after_text(self) -> str:
        return dwz_text(self.dwz_after, self.index_after, self.provisional_after)


def rating_changes(t: Tournament) -> list[RatingChange]:
    """Every player of one person whose DWZ, index or Elo the evaluation changes."""
    people = {e.start_number: ps[0] for e in t.entrants.prefetch_related("players")
              if len(ps := list(e.players.all())) == 1}
    out = []
    for x in dwz_report(t).lines:
        p = people.get(x.line.number)
        if p is None:
            continue
        elo_after = x.elo.new if x.elo is not None else p.rating
        dwz_after = x.dwz.rn if x.dwz.rn is not None else p.dwz
        index_after = x.dwz.index if x.dwz.rn is not None else p.dwz_index
        provisional_after = x.dwz.provisional if x.dwz.rn is not None else p.dwz_provisional
        if (dwz_after, index_after, provisional_after, elo_after) == (
                p.dwz, p.dwz_index, p.dwz_provisional, p.rating):
            continue
        out.append(RatingChange(x.line.number, x.line.name, p.pk, p.dwz, p.dwz_index,
                                dwz_after, index_after, p.rating, elo_after,
                                p.dwz_provisional, provisional_after))
    return out


def ratings_written(t: Tournament) -> bool:
    return "ratings_before" in (t.details or {})


def update_ratings(t: Tournament, actor: Actor, confirmed: list[int]) -> list[RatingChange]:
    """Write the new ratings to the players; ``confirmed``: the start numbers of the list
    the director checked (refused when the list has changed since)."""
    if not isinstance(confirmed, list) or not all(
            isinstance(n, int) and not isinstance(n, bool) for n in confirmed):
        raise ServiceError(_("give the start numbers of the confirmed list"), "confirmed")
    with change(t.pk, actor, "update_ratings") as c:
        t = c.tournament
        if not t.disc.chess_outputs:
            raise ServiceError(_("ratings are written back in chess tournaments"), "tournament")
        if not (is_finished(t) or planned_rounds_done(t)):
            raise ServiceError(_("the new ratings are written after the last round is "
                                 "closed"), "tournament")
        if ratings_written(t):
            raise Conflict(_("the new ratings of this tournament were written already"),
                           "tournament")
        changes = rating_changes(t)
        if sorted(confirmed) != sorted(x.number for x in changes):
            raise Conflict(_("the list has changed since it was shown; check it again"),
                           "confirmed")
        before = {str(x.number): {"dwz": x.dwz_before, "dwz_index": x.index_before,
                                  "dwz_provisional": x.provisional_before,
                                  "rating": x.elo_before} for x in changes}
        for x in changes:
            Player.objects.filter(pk=x.player).update(**x.ratings)
        t.details = {**(t.details or {}), "ratings_before": before}
        t.save(update_fields=["details"])
        c.target = t.slug
        c.wrote("settings", *(f"entrant:{x.number}" for x in changes))
        c.before = {"players": before}
        c.after = {"players": {str(x.number): x.ratings for x in changes}}
    return changes
