"""Side teams: teams of players who each enter on their own, for a team ranking beside the
players' (Skat's team ranking of the Preisskat, a tabletop team event in the BCP manner).

Such a team is a :class:`~tournaments.models.Team` row of the tournament without an entrant
(``Team.tournament``, ``Team.name``), its players :class:`~tournaments.models.TeamMember`
rows (regulars in order, then substitutes), so the team model is the one team chess uses.
The discipline says how big a team is (``side_team_sizes``); its scoring core ranks the
teams from ``team_models.side_groups``. Every write goes through :func:`~.base.change`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext as _

from ..common.text import check_single_line
from ..disciplines.registry import of
from ..models import Team, TeamMember, Tournament
from ..team_models import side_groups
from .base import Actor, NotFound, ServiceError, change
from .locks import ensure_not_finished

MAX_NAME = 120  # Team.name's column
MAX_TEAMS = 500  # a hall of 2000 Skat players has 500 teams of four


def sizes(t: Tournament) -> tuple[int, int, int] | None:
    """(fewest regulars, most regulars, most substitutes) of the discipline, or None."""
    return getattr(of(t), "side_team_sizes", None)


def _numbers(value: Any, field: str) -> list[int]:
    """Start numbers from a list or from text like "3, 7, 12"."""
    if value in (None, ""):
        return []
    if isinstance(value, str):
        value = [v for v in value.replace(";", ",").split(",") if v.strip()]
    if not isinstance(value, (list, tuple)) or len(value) > 100:
        raise ServiceError(_("start numbers, separated by commas"), field)
    out = []
    for v in value:
        try:
            out.append(int(str(v).strip()))
        except ValueError:
            raise ServiceError(_("start numbers, separated by commas"), field) from None
    return out


def add_team(t: Tournament, actor: Actor, name: Any, members: Any,
             substitutes: Any = None) -> Team:
    """Sign up a team of entrants (by start number) for the team ranking."""
    bounds = sizes(t)
    if bounds is None:
        raise ServiceError(_("this tournament has no team ranking"), "team")
    ensure_not_finished(t)
    fewest, most, spare = bounds
    if not isinstance(name, str) or not name.strip():
        raise ServiceError(_("a team needs a name"), "name")
    name = name.strip()
    if len(name) > MAX_NAME:
        raise ServiceError(_("at most %(n)s characters") % {"n": MAX_NAME}, "name")
    check_single_line(name, "name")
    regular, subs = _numbers(members, "members"), _numbers(substitutes, "substitutes")
    if not fewest <= len(regular) <= most:
        raise ServiceError(_("a team has %(a)s to %(b)s players") % {"a": fewest, "b": most}
                           if fewest != most else
                           _("a team has %(n)s players") % {"n": most}, "members")
    if len(subs) > spare:
        raise ServiceError(_("at most %(n)s substitutes") % {"n": spare}, "substitutes")
    groups = side_groups(t.pk)
    if len(groups) >= MAX_TEAMS:
        raise ServiceError(_("at most %(n)s teams") % {"n": MAX_TEAMS}, "name")
    if any(g[1].casefold() == name.casefold() for g in groups):
        raise ServiceError(_("there is a team %(name)s already") % {"name": name}, "name")
    taken = {n for g in groups for n in (*g[2], *g[3])}
    entrants = {e.start_number: e for e in t.entrants.prefetch_related("players")}
    seen: set[int] = set()
    for field, numbers in (("members", regular), ("substitutes", subs)):
        for n in numbers:
            if n not in entrants or not entrants[n].players.all():
                raise ServiceError(_("no. %(no)s is no entrant of this tournament")
                                   % {"no": n}, field)
            if n in seen or n in taken:
                raise ServiceError(_("no. %(no)s plays for a team already") % {"no": n}, field)
            seen.add(n)
    with change(t.pk, actor, "side_team_add") as c:
        team = Team.objects.create(tournament=t, name=name)
        for k, (n, substitute) in enumerate([*((n, False) for n in regular),
                                             *((n, True) for n in subs)], start=1):
            TeamMember.objects.create(team=team, player=entrants[n].players.all()[0],
                                      position=k, substitute=substitute)
        c.target = name
        c.after = {"side_team": team.pk, "name": name, "members": regular,
                   "substitutes": subs}
        c.wrote(f"side_team:{team.pk}")
    return team


def remove_team(t: Tournament, actor: Actor, team_id: Any) -> None:
    """Take a team off the team ranking (its players stay in the tournament)."""
    ensure_not_finished(t)
    try:
        team = Team.objects.get(pk=int(team_id), tournament=t, entrant__isnull=True)
    except (Team.DoesNotExist, TypeError, ValueError):
        raise NotFound(_("no such team in this tournament"), "team") from None
    group = next(g for g in side_groups(t.pk) if g[0] == team.pk)
    with change(t.pk, actor, "side_team_remove") as c:
        c.target = team.name
        c.before = {"side_team": team.pk, "name": team.name, "members": list(group[2]),
                    "substitutes": list(group[3])}
        team.delete()
        c.wrote(f"side_team:{team_id}")


def teams(t: Tournament) -> Sequence[tuple[int, str, tuple[int, ...], tuple[int, ...]]]:
    """The side teams, for pages: (id, name, regulars' numbers, substitutes' numbers)."""
    return side_groups(t.pk)
