"""The team API (issue 34): a team tournament's teams with their members, its matches with
every board, and a team captain's line-up through his match link.

Reading is the director's, as the rest of ``/api/v1/tournaments/<slug>/``. The line-up is
written with what the printed match sheet gives each team's captain: the match's token and
the team's mark (``/c/<token>/?team=<mark>``, ``services.reporters.team_mark``): the token
alone opens the match for both teams, so it cannot say whose line-up it is; the mark can,
and only its own team's (an HMAC of match and side). The rules are the phone page's:
``services.teams.set_lineup`` with ``captain=True`` (board order, no gaps, the deadline, a
match with a result is fixed).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response

from ...api import serializers as s
from ...api.schema import ERRORS, responses
from ...api.serializers.common import Serializer
from ...api.views.base import Conflict, DirectorView
from ...api.views.captain import CaptainView
from ...models import Entrant, Round, Tournament
from ...services import Actor, ServiceError, reporters
from ...services import teams as team_services
from . import outputs
from .score import match_score

MAX_ROUND = 999


class MemberSerializer(Serializer):
    place = serializers.IntegerField(help_text="place in the board order (1 = board 1)")
    name = serializers.CharField()
    elo = serializers.IntegerField(allow_null=True)
    dwz = serializers.IntegerField(allow_null=True)
    substitute = serializers.BooleanField()


class TeamSerializer(Serializer):
    start_number = serializers.IntegerField(help_text="the team pairing number in a Swiss")
    name = serializers.CharField()
    club = serializers.CharField()
    captain = serializers.CharField()
    rating = serializers.IntegerField(allow_null=True, help_text="average Elo of the top boards")
    members = MemberSerializer(many=True)


class SideSerializer(Serializer):
    start_number = serializers.IntegerField()
    name = serializers.CharField()


class BoardSerializer(Serializer):
    board = serializers.IntegerField()
    first_colour = serializers.ChoiceField(["W", "B"], help_text="the first team's colour")
    first = serializers.CharField(help_text="the first team's player (empty: nobody)")
    first_place = serializers.IntegerField(allow_null=True)
    second = serializers.CharField()
    second_place = serializers.IntegerField(allow_null=True)
    result = serializers.CharField(help_text="from the first team's side: 1-0, 1/2-1/2, 0-1, "
                                             "+-, -+, -- (empty: none yet)")


class MatchSerializer(Serializer):
    round = serializers.IntegerField()
    number = serializers.IntegerField()
    first = SideSerializer(help_text="named first: White on board 1")
    second = SideSerializer()
    status = serializers.CharField(help_text="the result's status (empty: none yet)")
    score = serializers.ListField(child=serializers.CharField(), max_length=2,
                                  help_text="board points of both teams, e.g. ['2.5', '1.5']")
    boards = BoardSerializer(many=True)


class LineupSerializer(Serializer):
    boards = serializers.ListField(
        child=serializers.IntegerField(allow_null=True, min_value=1,
                                       max_value=team_services.MAX_MEMBERS),
        max_length=40, help_text="per board the place in the board order, or null (empty)")


class CaptainLineupSerializer(Serializer):
    round = serializers.IntegerField()
    team = SideSerializer()
    boards = serializers.ListField(child=serializers.IntegerField(allow_null=True))
    members = MemberSerializer(many=True)
    deadline = serializers.DateTimeField(allow_null=True)
    fixed = serializers.BooleanField(help_text="the match has a result or the deadline passed")


def _member(m: Any) -> dict[str, Any]:
    return {"place": m.position, "name": m.player.name, "elo": m.player.rating,
            "dwz": m.player.dwz, "substitute": m.substitute}


def _side(e: Entrant | None) -> dict[str, Any]:
    return {"start_number": e.start_number, "name": e.name} if e is not None else {
        "start_number": 0, "name": ""}


def _decimal(value: Fraction) -> str:
    """Board points as the API writes numbers in text: ``2.5``, ``3``."""
    return str(int(value)) if value.denominator == 1 else str(float(value))


def team_list(t: Tournament) -> list[dict[str, Any]]:
    captains = {e_id: c for e_id, c in t.entrants.values_list("pk", "team__captain")}
    return [{"start_number": e.start_number, "name": e.name, "club": e.club or "",
             "captain": captains.get(e.pk) or "", "rating": e.rating,
             "members": [_member(m) for m in team_services.roster(e)]}
            for e in t.entrants.order_by("start_number")]


def match_list(t: Tournament, number: int | None) -> list[dict[str, Any]]:
    rounds = t.rounds.exclude(status=Round.Status.PREVIEW).order_by("number")
    if number is not None:
        rounds = rounds.filter(number=number)
    out = []
    for rnd in rounds:
        results = {tb.number: _boards(tb) for tb in rnd.tables.select_related("result")}
        for m in outputs.round_matches(t, rnd):
            given = results.get(m["number"], [])
            score = match_score({"boards": given}) if given else None
            out.append({
                "round": rnd.number, "number": m["number"], "first": _side(m["first"]),
                "second": _side(m["second"]), "status": m["status"],
                "score": [_decimal(x) for x in score] if score is not None else [],
                "boards": [{"board": b["line"].board, "first_colour": b["line"].first_colour,
                            "first": b["line"].first, "first_place": b["line"].first_place,
                            "second": b["line"].second,
                            "second_place": b["line"].second_place,
                            "result": given[b["line"].board - 1]
                            if b["line"].board <= len(given) else ""}
                           for b in m["boards"]]})
    return out


def _boards(table: Any) -> list[str]:
    """The match's board results as the API writes results (``1/2-1/2``), not as pages
    show them; none without a result."""
    result = getattr(table, "result", None)
    boards = (result.payload or {}).get("boards") if result is not None else None
    return [str(b) for b in boards] if isinstance(boards, list) else []


class TeamListView(DirectorView):
    @extend_schema(summary="The teams with their members in board order (team chess)",
                   responses=responses(TeamSerializer(many=True), bad=False))
    def get(self, request: Request, slug: str) -> Response:
        if not team_services.has_teams(self.tournament):
            raise NotFound(_("this tournament has no teams"))
        return Response(TeamSerializer(team_list(self.tournament), many=True).data)


class MatchListView(DirectorView):
    error_fields = {"round": "round"}

    @extend_schema(summary="The matches with every board's players, colours and result "
                           "(team chess)",
                   parameters=[OpenApiParameter("round", int, OpenApiParameter.QUERY,
                                                required=False,
                                                description="one round (default: every "
                                                            "published round)")],
                   responses=responses(MatchSerializer(many=True)))
    def get(self, request: Request, slug: str) -> Response:
        if not team_services.has_teams(self.tournament):
            raise NotFound(_("this tournament has no teams"))
        wanted = request.query_params.get("round")
        number = None
        if wanted is not None:
            if not wanted.isdigit() or not 1 <= int(wanted) <= MAX_ROUND:
                raise ServiceError(_("a round number from 1 to %(n)s") % {"n": MAX_ROUND},
                                   "round")
            number = int(wanted)
        return Response(MatchSerializer(match_list(self.tournament, number), many=True).data)


TOKEN = OpenApiParameter("token", OpenApiTypes.STR, OpenApiParameter.PATH,
                         description="the match's token (from the QR code)")
MARK = OpenApiParameter("team", OpenApiTypes.STR, OpenApiParameter.QUERY, required=True,
                        description="the team's mark from its captain link (?team=…)")


class CaptainLineupView(CaptainView):
    """A team captain's line-up for his match, by the match token and his team's mark."""

    http_method_names = ["get", "head", "put", "options"]  # HEAD answered like GET
    error_fields = {"lineup": "boards", "team": "team"}

    def _team(self, request: Request) -> Entrant:
        table = self.table
        side = reporters.side_of_mark(table.pk, request.query_params.get("team"))
        seat = table.seats.filter(side=side).select_related("entrant").first() if side else None
        if seat is None or not team_services.has_teams(table.round.tournament):
            raise NotFound(_("This link is not valid."))
        if table.round.status == Round.Status.PREVIEW:
            raise Conflict(_("This round has not been published yet."))
        return seat.entrant

    def _answer(self, e: Entrant) -> Response:
        table, rnd = self.table, self.table.round
        t = rnd.tournament
        boards = int(t.disc.settings(t).boards)
        return Response(CaptainLineupSerializer({
            "round": rnd.number, "team": _side(e),
            "boards": list(team_services.lineup_of(rnd, e, boards)),
            "members": [_member(m) for m in team_services.roster(e)],
            "deadline": team_services.lineup_deadline(rnd),
            "fixed": hasattr(table, "result") or team_services.deadline_passed(rnd)}).data)

    @extend_schema(summary="A team captain's line-up for the match (team chess)",
                   parameters=[TOKEN, MARK],
                   responses={200: CaptainLineupSerializer, 404: s.MessageSerializer,
                              409: s.MessageSerializer})
    def get(self, request: Request, token: str) -> Response:
        return self._answer(self._team(request))

    @extend_schema(
        summary="Set the team's line-up for the match (team chess)",
        description=("`boards`: per board the place in the team's board order (1 = the "
                     "first listed) or null for an empty board. The board order is kept, "
                     "empty boards only at the bottom (the tournament's rule), before the "
                     "line-up deadline, while the match has no result; else 400 with the "
                     "reason at `boards`."),
        parameters=[TOKEN, MARK], request=LineupSerializer,
        examples=[OpenApiExample("the substitute (place 5) on board 4", request_only=True,
                                 value={"boards": [1, 2, 3, 5]})],
        responses={200: CaptainLineupSerializer, 400: ERRORS, 404: s.MessageSerializer,
                   409: s.MessageSerializer})
    def put(self, request: Request, token: str) -> Response:
        e = self._team(request)
        body = LineupSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        rnd = self.table.round
        try:
            team_services.set_lineup(rnd.tournament,
                                     Actor(None, _("captain of %(team)s") % {"team": e.name}),
                                     rnd.number, e.pk, body.validated_data["boards"],
                                     captain=True)
        except ServiceError as exc:
            raise ServiceError({"boards": [m for ms in exc.errors.values() for m in ms]}
                               ) from None
        self.table.refresh_from_db()
        return self._answer(e)
