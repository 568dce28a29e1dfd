"""The teams of a team tournament: their board order and captains (desk and director), and
each round's line-ups (director). The work is :mod:`tournaments.services.teams`'s; these
views turn the forms into its calls and its refusals into errors at the team they concern.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from ..models import Entrant, Round, Team, Tournament
from ..permissions import is_director
from ..services import Actor, ServiceError, side_teams, team_lists
from ..services import teams as team_services
from .access import desk_view, director_view


def _errors(exc: ServiceError) -> list[str]:
    """A refusal's messages (shown at the team's card, which holds each form's field)."""
    return [str(m) for messages_ in exc.errors.values() for m in messages_]


def _need_teams(t: Tournament) -> None:
    if not team_services.has_teams(t):
        raise Http404(_("this tournament has no teams"))


def _team_rows(t: Tournament, errors: dict[int, list[str]], posted: dict[str, Any]
               ) -> list[dict[str, Any]]:
    """Each team's card: its members, captain and refusals; ``slot`` names its add form's
    fields for the desk's picker (``desk.js``), ``mine`` says the refused form was its own."""
    captains = dict(Team.objects.filter(entrant__tournament=t)
                    .values_list("entrant_id", "captain"))
    return [{"entrant": e, "captain": captains.get(e.pk, ""),
             "pasting": posted.get("team") == str(e.start_number)
             and posted.get("action") == "paste",
             "members": team_services.roster(e), "errors": errors.get(e.start_number, []),
             "slot": f"t{e.start_number}", "mine": posted.get("team") == str(e.start_number)
             and posted.get("action") != "paste"}
            for e in t.entrants.order_by("start_number")]


@desk_view
@require_http_methods(["GET", "HEAD", "POST"])
def teams(request: HttpRequest, t: Tournament) -> HttpResponse:
    """Every team with its board order (add, take off) and its captain; in a tournament of
    single players with a team ranking (Skat, tabletop), its side teams."""
    if not team_services.has_teams(t) and side_teams.sizes(t) is not None:
        return _side_teams(request, t)
    _need_teams(t)
    errors: dict[int, list[str]] = {}
    posted: dict[str, Any] = {}
    status = 200
    if request.method == "POST":
        actor = Actor(request.user, f"desk {request.user.get_username()}")
        e = get_object_or_404(Entrant, tournament=t,
                              start_number=_whole(request.POST.get("team")))
        action = request.POST.get("action")
        try:
            if action == "add":
                team_services.add_member(t, actor, e.pk, request.POST.get("name", ""),
                                         request.POST.get("rating") or None,
                                         substitute=bool(request.POST.get("substitute")),
                                         dwz=request.POST.get("dwz") or None,
                                         person=request.POST.get("person"))
                messages.success(request, _("%(name)s added to %(team)s.") % {
                    "name": request.POST.get("name", "").strip(), "team": e.name})
            elif action == "late":
                team_services.add_late_substitute(
                    t, actor, e.pk, request.POST.get("name", ""),
                    request.POST.get("rating") or None, dwz=request.POST.get("dwz") or None,
                    person=request.POST.get("person"))
                messages.success(request, _("%(name)s added to %(team)s as a late "
                                            "substitute.") % {
                    "name": request.POST.get("name", "").strip(), "team": e.name})
            elif action == "paste":
                added = team_lists.add_members(t, actor, e.pk, request.POST.get("members", ""),
                                               substitute=bool(request.POST.get("substitutes")))
                messages.success(request, ngettext(
                    "%(n)s player added to %(team)s.", "%(n)s players added to %(team)s.",
                    len(added)) % {"n": len(added), "team": e.name})
            elif action == "remove":
                team_services.remove_member(t, actor, e.pk, request.POST.get("member"))
            elif action == "captain":
                team_services.set_captain(t, actor, e.pk, request.POST.get("captain", ""))
                messages.success(request, _("Captain of %(team)s saved.") % {"team": e.name})
            else:
                raise ServiceError(_("unknown action"), "action")
        except ServiceError as exc:
            posted = {k: request.POST.get(k, "")[:120]
                      for k in ("name", "rating", "dwz", "substitute", "person")}
            posted["team"] = str(e.start_number)
            if action == "paste" and team_lists.FIELD in exc.errors:  # at the list's field
                posted["action"] = "paste"
                posted["members"] = request.POST.get("members", "")[:team_lists.MAX_TEXT]
                posted["paste_errors"] = _errors(exc)
                posted["substitutes"] = bool(request.POST.get("substitutes"))
            else:
                errors[e.start_number] = _errors(exc)
            status = 400
        else:
            return redirect(f"{request.path}#team-{e.start_number}")
    return render(request, "desk/teams.html", {
        "t": t, "rows": _team_rows(t, errors, posted), "errors": errors, "posted": posted,
        "fixed": t.rounds.exists(), "boards": t.disc.settings(t).boards,
        "director": is_director(request.user, t)}, status=status)


FIELDS = ("name", "members", "substitutes")  # the side-team form's fields


def _side_teams(request: HttpRequest, t: Tournament) -> HttpResponse:
    """The teams of the team ranking: sign one up by its players' start numbers, take one
    off (services.side_teams)."""
    errors: dict[str, list[str]] = {}
    posted: dict[str, str] = {}
    status = 200
    if request.method == "POST":
        actor = Actor(request.user, f"desk {request.user.get_username()}")
        try:
            if request.POST.get("action") == "remove":
                side_teams.remove_team(t, actor, request.POST.get("side_team"))
            elif request.POST.get("action") == "add":
                team = side_teams.add_team(t, actor, request.POST.get("name", ""),
                                           request.POST.get("members", ""),
                                           request.POST.get("substitutes", ""))
                messages.success(request, _("%(team)s signed up.") % {"team": team.name})
            else:
                raise ServiceError(_("unknown action"), "action")
        except ServiceError as exc:
            errors = {k: [str(m) for m in v] for k, v in exc.errors.items()}
            posted = {k: request.POST.get(k, "")[:400]
                      for k in FIELDS}
            status = 400
        else:
            return redirect(request.path)
    names = dict(t.entrants.values_list("start_number", "name"))

    def who(numbers: tuple[int, ...]) -> str:
        return ", ".join(f"{names.get(n, '?')} ({n})" for n in numbers)

    fewest, most, spare = side_teams.sizes(t) or (0, 0, 0)
    rows = [{"id": pk, "name": name, "members": who(members), "substitutes": who(subs)}
            for pk, name, members, subs in side_teams.teams(t)]
    return render(request, "desk/side_teams.html", {
        "t": t, "rows": rows, "errors": errors, "posted": posted, "fewest": fewest,
        "general": [m for k, v in errors.items() if k not in FIELDS for m in v],
        "most": most, "spare": spare, "director": is_director(request.user, t)},
        status=status)


def _whole(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise Http404(_("no such team")) from None


@director_view
@require_http_methods(["GET", "HEAD", "POST"])
def lineups(request: HttpRequest, t: Tournament, number: int) -> HttpResponse:
    """Each match of round ``number`` with both teams' line-ups, one board after another."""
    _need_teams(t)
    rnd = get_object_or_404(Round, tournament=t, number=number)
    boards = int(t.disc.settings(t).boards)
    errors: dict[int, list[str]] = {}
    deadline_errors: list[str] = []
    status = 200
    if request.method == "POST" and request.POST.get("action") == "deadline":
        try:
            team_services.set_lineup_deadline(
                t, Actor(request.user, request.user.get_username()), number,
                request.POST.get("deadline", "")[:100])
        except ServiceError as exc:
            deadline_errors, status = _errors(exc), 400
        else:
            messages.success(request, _("Line-up deadline saved."))
            return redirect(request.path)
    elif request.method == "POST":
        e = get_object_or_404(Entrant, tournament=t,
                              start_number=_whole(request.POST.get("team")))
        chosen = [request.POST.get(f"board_{k}") or None for k in range(1, boards + 1)]
        try:
            team_services.set_lineup(t, Actor(request.user, request.user.get_username()),
                                     number, e.pk, chosen)
        except ServiceError as exc:
            errors[e.start_number] = _errors(exc)
            status = 400
        else:
            messages.success(request, _("Line-up of %(team)s saved.") % {"team": e.name})
            return redirect(f"{request.path}#team-{e.start_number}")
    matches = []
    for table in rnd.tables.prefetch_related("seats__entrant").order_by("number"):
        sides = []
        for seat in sorted(table.seats.all(), key=lambda s: s.side or 0):
            e = seat.entrant
            current = team_services.lineup_of(rnd, e, boards)
            members = team_services.roster(e)
            sides.append({"entrant": e, "label": t.disc.side_label(seat.side),
                          "errors": errors.get(e.start_number, []),
                          "boards": [{"board": k + 1, "chosen": current[k],
                                      "options": members} for k in range(boards)]})
        matches.append({"table": table, "sides": sides,
                        "locked": hasattr(table, "result")})
    deadline = team_services.lineup_deadline(rnd)
    return render(request, "director/lineups.html", {
        "t": t, "rnd": rnd, "matches": matches, "deadline": deadline,
        "deadline_value": (timezone.localtime(deadline).strftime("%Y-%m-%dT%H:%M")
                           if deadline else request.POST.get("deadline", "")[:40]),
        "deadline_passed": team_services.deadline_passed(rnd),
        "deadline_errors": deadline_errors}, status=status)


@require_http_methods(["GET", "HEAD", "POST"])
def captain_lineup(request: HttpRequest, link: str) -> HttpResponse:
    """A team captain's line-up for the open round, on the team's own link (the code is the
    permission, as for the confirmation): one choice per board, refused at the page when
    the board order is broken; fixed once the match has a result."""
    from ..services import hall_links
    from .hall_links import _entrant

    entrant = _entrant(request, link)
    if isinstance(entrant, HttpResponse):
        return entrant
    t = entrant.tournament
    _need_teams(t)
    rnd = hall_links.open_round(t)
    table = (rnd.tables.filter(seats__entrant=entrant).first() if rnd is not None else None)
    boards = int(t.disc.settings(t).boards)
    errors: list[str] = []
    saved = False
    status = 200
    if request.method == "POST" and rnd is not None and table is not None:
        chosen = [request.POST.get(f"board_{k}") or None for k in range(1, boards + 1)]
        try:
            team_services.set_lineup(t, Actor(None, _("captain of %(team)s")
                                              % {"team": entrant.name}),
                                     rnd.number, entrant.pk, chosen, captain=True)
        except ServiceError as exc:
            errors, status = _errors(exc), 400
        else:
            saved = True
    rows = []
    if rnd is not None and table is not None:
        current = team_services.lineup_of(rnd, entrant, boards)
        members = team_services.roster(entrant)
        rows = [{"board": k + 1, "chosen": current[k], "options": members}
                for k in range(boards)]
    return render(request, "links/lineup.html", {
        "tournament": t, "e": entrant, "code": link, "round": rnd, "table": table,
        "rows": rows, "errors": errors, "saved": saved,
        "deadline": team_services.lineup_deadline(rnd) if rnd is not None else None,
        "deadline_passed": rnd is not None and team_services.deadline_passed(rnd),
        "locked": table is not None and hasattr(table, "result")}, status=status)
