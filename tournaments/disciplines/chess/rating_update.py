"""UpdateRatings (the seed's program): after the tournament the new DWZ and Elo of the DWZ
evaluation are written back to the players, once the director has confirmed the list.

The list is :func:`rating_changes` (each player whose DWZ, DWZ index or Elo changes); the
director confirms it by its start numbers, and :func:`update_ratings` writes it only when
it is still the same list. The ratings the tournament was evaluated with are kept in
``details["ratings_before"]``, so the tournament's own DWZ report stays as it was, and the
update cannot be applied twice.

**Another tournament keeps its ratings too.** A person plays several tournaments; the
ratings are the person's. Before the update writes a person's new ratings, every other
chess tournament with a drawn round that shows the person keeps the ratings it was played
with in ``details["ratings_played"]`` (start number -> the four values and ``"since"``, the
tournament whose update wrote over them). Its DWZ report reads them from there, so a
finished tournament's Ro never moves (issue 24, item 23: 1990-10 became 1975-11), and its
own new-ratings list leaves out whoever was rated since by a later event's list rather than
building on it (:func:`rated_since`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from scoring.ratings import dwz_text

from ...models import Entrant, Player, Tournament
from ...services.base import Actor, Conflict, ServiceError, change
from ...services.finish import planned_rounds_done
from ...services.locks import is_finished
from . import is_chess
from .outputs import dwz_report


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


RATING_KEYS = ("dwz", "dwz_index", "dwz_provisional", "rating")


def _values(p: Player) -> dict[str, Any]:
    return {k: getattr(p, k) for k in RATING_KEYS}


def rated_since(t: Tournament) -> dict[int, str]:
    """Start number -> the tournament whose new ratings were written over the ones ``t`` was
    played with (those players' ratings are no longer ``t``'s to write)."""
    kept = (t.details or {}).get("ratings_played") or {}
    people = {e.start_number: ps[0] for e in t.entrants.prefetch_related("players")
              if len(ps := list(e.players.all())) == 1}
    return {int(n): str(v.get("since", "")) for n, v in kept.items()
            if int(n) in people and _values(people[int(n)]) != {
                k: v.get(k) for k in RATING_KEYS}}


def rating_changes(t: Tournament) -> list[RatingChange]:
    """Every player of one person whose DWZ, index or Elo the evaluation changes (not those
    rated since by another tournament's list, :func:`rated_since`)."""
    people = {e.start_number: ps[0] for e in t.entrants.prefetch_related("players")
              if len(ps := list(e.players.all())) == 1}
    since = rated_since(t)
    out = []
    for x in dwz_report(t).lines:
        p = people.get(x.line.number)
        if p is None or x.line.number in since:
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
        if not is_chess(t):
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
        keep_in_other_tournaments(t, [x.player for x in changes])
        for x in changes:
            Player.objects.filter(pk=x.player).update(**x.ratings)
        t.details = {**(t.details or {}), "ratings_before": before}
        t.save(update_fields=["details"])
        c.target = t.slug
        c.wrote("settings", *(f"entrant:{x.number}" for x in changes))
        c.before = {"players": before}
        c.after = {"players": {str(x.number): x.ratings for x in changes}}
    return changes


def keep_in_other_tournaments(t: Tournament, people: list[int]) -> list[int]:
    """Before ``t`` writes new ratings to ``people``: each other chess tournament with a drawn
    round that shows one of them keeps the ratings it was played with (module doc). Called
    inside ``t``'s change; the others are locked in id order. Their pages do not change (that
    is the point), so their versions stay. The ids of the tournaments written are returned.
    """
    shown = (Entrant.objects.filter(players__pk__in=people, tournament__rounds__isnull=False)
             .exclude(tournament=t).values_list("tournament_id", flat=True).distinct())
    written = []
    for other in Tournament.objects.select_for_update().filter(pk__in=set(shown)).order_by("pk"):
        if not is_chess(other):
            continue
        details = dict(other.details or {})
        played = dict(details.get("ratings_played") or {})
        own = details.get("ratings_before") or {}
        for e in other.entrants.filter(players__pk__in=people).prefetch_related("players"):
            persons = list(e.players.all())
            number = str(e.start_number)
            if len(persons) != 1 or number in played or number in own:
                continue
            played[number] = {**_values(persons[0]), "since": t.name}
        if played != (details.get("ratings_played") or {}):
            details["ratings_played"] = played
            other.details = details
            other.save(update_fields=["details"])
            written.append(other.pk)
    return written


def set_age_group(t: Tournament, actor: Actor, number: int, group: str) -> str:
    """The age group of a player without a birth date for the DWZ evaluation (the seed's
    dialog: up to 20, 21 to 25, 26 or older; "" takes the choice back: over 25). Kept in
    ``details["dwz_age_groups"]``; a birth date entered later counts instead."""
    from .outputs import AGE_GROUPS

    if group and group not in AGE_GROUPS:
        raise ServiceError(_("choose an age group: %(groups)s")
                           % {"groups": ", ".join(AGE_GROUPS)}, "group")
    with change(t.pk, actor, "dwz_age_group") as c:
        t = c.tournament
        if not is_chess(t):
            raise ServiceError(_("ratings are written back in chess tournaments"), "tournament")
        e = t.entrants.filter(start_number=number).first()
        if e is None:
            raise ServiceError(_("choose an entrant of this tournament"), "entrant")
        details = dict(t.details or {})
        groups = dict(details.get("dwz_age_groups") or {})
        old = groups.get(str(number), "")
        if group:
            groups[str(number)] = group
        else:
            groups.pop(str(number), None)
        details["dwz_age_groups"] = groups
        t.details = details
        t.save(update_fields=["details"])
        c.target = f"{e.start_number}. {e.name}"
        c.wrote("settings")
        c.before = {"age_group": old}
        c.after = {"age_group": group}
    return group
