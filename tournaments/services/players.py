"""The person behind an entrant: who may reach a Player, and how a change of one is made.

A :class:`~tournaments.models.Player` is a person, reused across tournaments so a
club's regulars need not be typed in again and their DWZ, FIDE ID and birth date
follow them. That reuse must not open one director's tournaments to another:

**Reach.** A user reaches the players who already appear in a tournament the user
directs (superusers: every player). Only those may be picked by id, matched by name
and club, or offered by the desk's search. Directing is the line because a director
already sees (and may correct) every fact of those people; a role in a tournament
is granted only by that tournament's directors, so nobody can widen their own reach.
Anyone else's player id is refused with the same words whether it exists or not, so
the answer does not tell which ids exist.

**A change of a shared person.** The Player row is the person: a corrected name, DWZ
or birth date is true in every tournament the person plays, which is what arbiters
expect of a player database. So when the person also appears in other tournaments
and the user directs all of them, the row is changed and the change is logged in
every tournament where it shows (each through its own :func:`~.base.change`, so each
version moves and its pages and TRF export are rendered anew). If one of those
tournaments is directed by somebody else, the user may not write there: the entrant
gets a copy of the person with the change (copy-on-write), and the other
tournaments keep the row they had, untouched and with nothing in their logs.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _

from scoring.text import control_character

from ..common.text import check_single_line
from ..models import Entrant, Player, Role, Tournament
from .base import Actor, Change, ServiceError, change

# What a Player row holds about the person, copied when a shared row is copied.
PERSON_COLUMNS = ("name", "club", "rating", "dwz", "fide_id", "birth_date", "title",
                  "federation", "sex", "dwz_index", "dwz_provisional", "zps", "pkz",
                  "categories")


def reachable(user: Any) -> QuerySet[Player]:
    """The players who appear in a tournament ``user`` directs (superusers: all, others: none)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return Player.objects.none()
    if user.is_superuser:
        return Player.objects.all()
    directed = Role.objects.filter(user=user, kind=Role.Kind.DIRECTOR).values("tournament_id")
    return Player.objects.filter(entries__tournament_id__in=directed).distinct()


def search(query: str, user: Any, tournament: Tournament | None = None,
           limit: int = 10) -> list[Player]:
    """Players ``user`` reaches (and those of ``tournament``) whose name or club contains
    every word of ``query`` (the desk's search-as-you-type). Text with a control character
    finds nobody: no stored name or club holds one (they are refused at every input), and
    PostgreSQL refuses a NUL in a query outright."""
    words = [w for w in (query or "").split() if w]
    if not words or control_character(query):
        return []
    among = Q(pk__in=reachable(user).values("pk"))
    if tournament is not None:
        among |= Q(entries__tournament=tournament)
    qs = Player.objects.filter(among)
    for w in words:
        qs = qs.filter(Q(name__icontains=w) | Q(club__icontains=w))
    return list(qs.distinct().order_by("name")[:limit])


def resolve(spec: Any, actor: Actor) -> Player:
    """A Player from a Player (the services' own), an id, or a dict with at least ``name``.

    An id counts only if ``actor`` reaches it; a dict is matched by name and club among
    the players ``actor`` reaches, otherwise it is a new person.
    """
    if isinstance(spec, Player):
        return spec
    if isinstance(spec, int) and not isinstance(spec, bool):
        found = reachable(actor.user).filter(pk=spec).first()
        if found is None:  # the same words for an id that does not exist
            raise ServiceError(_("no player %(id)s among the tournaments you direct")
                               % {"id": spec}, "players")
        return found
    if isinstance(spec, dict):
        name = str(spec.get("name", "")).strip()
        if not name:
            raise ServiceError(_("every player needs a name"), "players")
        check_single_line(name, "players")
        fields = {k: spec[k] for k in ("club", "rating", "dwz", "birth_date", "categories")
                  if spec.get(k) not in (None, "")}
        check_single_line(fields.get("club"), "club")
        existing = reachable(actor.user).filter(name__iexact=name,
                                                club=fields.get("club", "")).first()
        return existing or Player.objects.create(name=name, **fields)
    raise ServiceError(_("a player is an id or an object with a name"), "players")


def tournaments_showing(person: Player) -> list[int]:
    """Ids of the tournaments where ``person`` is (part of) an entrant."""
    return sorted(set(Entrant.objects.filter(players=person)
                      .values_list("tournament_id", flat=True)))


def directs_all(user: Any, tournament_ids: Iterable[int]) -> bool:
    ids = set(tournament_ids)
    if not ids:
        return True
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    if user.is_superuser:
        return True
    return Role.objects.filter(user=user, kind=Role.Kind.DIRECTOR,
                               tournament_id__in=ids).values("tournament_id").distinct(
                               ).count() == len(ids)


def copy_for(entrant: Entrant, person: Player) -> Player:
    """Give ``entrant`` its own copy of ``person`` (copy-on-write); the copy is returned."""
    copy = Player.objects.create(**{k: getattr(person, k) for k in PERSON_COLUMNS})
    entrant.players.remove(person)
    entrant.players.add(copy)
    return copy


@contextmanager
def change_all(ids: Iterable[int], actor: Actor, actions: dict[int, str],
               default: str = "update_player") -> Iterator[dict[int, Change]]:
    """:func:`~.base.change` in each of these tournaments at once, one transaction; the
    locks are taken in id order, so two such changes never wait for each other the
    wrong way round. The caller fills each record, keyed by tournament id."""
    with ExitStack() as stack:
        yield {tid: stack.enter_context(change(tid, actor, actions.get(tid, default)))
               for tid in sorted(set(ids))}


def describe(person: Player, tournament_id: int) -> str:
    """The entrant ``person`` is in that tournament, for the log's target."""
    e = Entrant.objects.filter(tournament_id=tournament_id, players=person).first()
    return str(e) if e is not None else person.name
