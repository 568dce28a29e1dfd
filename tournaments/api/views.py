"""The REST API: a director's token does what the director's pages do, through the services.

Every tournament-scoped view loads the tournament by slug and refuses anyone
who is not its director (401 without credentials, 403 with the wrong ones,
404 for an unknown slug) before it looks at anything else. Every change is a
call of :mod:`tournaments.services`; a :class:`ServiceError` becomes a 400 that
names the field (see :mod:`.errors`). Table captains have no account: their
unguessable token is the key, and it opens only its own table.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Q, QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
)
from rest_framework import status
from rest_framework.exceptions import APIException, NotFound, PermissionDenied
from rest_framework.parsers import JSONParser
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from .. import services
from ..models import Entrant, Result, ResultRevision, Round, Table, Tournament
from ..permissions import is_director
from ..services import Actor, ServiceError, seating
from ..services.documents import import_document
from . import serializers as s


class Conflict(APIException):
    """The request is fine but the state is not (a round that is not open)."""

    status_code = status.HTTP_409_CONFLICT
    default_detail = "conflict"
    default_code = "conflict"


# ---------------------------------------------------------------- schema helpers

ERRORS = OpenApiResponse(OpenApiTypes.OBJECT, description=(
    "Bad input: every problem under the field or place it concerns ('__all__' for general)."),
    examples=[OpenApiExample("Pussi sheet", value={
        "games[2].totals": ["declarer's total 140 does not follow from 80 and the bid 60"]})])
DENIED = {401: OpenApiResponse(s.MessageSerializer, description="No or bad credentials."),
          403: OpenApiResponse(s.MessageSerializer, description="Not a director of it."),
          404: OpenApiResponse(s.MessageSerializer, description="Unknown tournament.")}


def number(name: str, what: str) -> OpenApiParameter:
    return OpenApiParameter(name, int, OpenApiParameter.PATH, description=what)


ENTRANT = [number("start_number", "the entrant's start number")]
ROUND = [number("number", "round number")]
TABLE = [*ROUND, number("table", "table number in the round")]


def responses(ok: Any, code: int = 200, bad: bool = True) -> dict[int, Any]:
    """The usual answers of a director's endpoint around the successful one."""
    out: dict[int, Any] = {code: ok, **DENIED}
    if bad:
        out[400] = ERRORS
    return out


PAYLOAD_EXAMPLES = [
    OpenApiExample("mucken", value={"bobbl": [[21, 11], [17, 21]]}),
    OpenApiExample("pussi", value={"games": [{"declarer": 1, "bid": 60, "totals": [60, 0]},
                                             {"declarer": 2, "bid": 80, "totals": [60, 80]}]}),
    OpenApiExample("chess", value={"score": "1/2-1/2"}),
    OpenApiExample("boardgame", value={"points": {"12": 87, "4": 65, "9": 65, "1": 40}}),
    OpenApiExample("tabletop", value={"missions": [[12, 8], [5, 9], [3, 3]]}),
]
DOCUMENT_EXAMPLE = OpenApiExample("a Mucken tournament", value={
    "format": "turnier/1", "name": "Muckturnier 2026", "discipline": "mucken",
    "scoring": {"target": 21},
    "entrants": [{"id": 1, "name": "Fritz / Hans", "players": ["Fritz", "Hans"]},
                 {"id": 2, "name": "Anna / Berta", "players": ["Anna", "Berta"]}],
    "rounds": [{"number": 1, "tables": [{"number": 1, "seats": [
        {"entrant": 1, "side": 1}, {"entrant": 2, "side": 2}],
        "result": {"bobbl": [[21, 11], [17, 21]]}}], "byes": []}]})


# ---------------------------------------------------------------- base views


class APIBase(APIView):
    """JSON in, JSON out: form bodies are refused (415) instead of being half-understood."""

    parser_classes = [JSONParser]


class DirectorView(APIBase):
    """Only the tournament's directors: 401 without credentials, 403 for anyone else."""

    tournament: Tournament

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        super().initial(request, *args, **kwargs)  # 401 before anything is looked up
        tournament = get_object_or_404(Tournament, slug=kwargs.get("slug"))
        if not is_director(request.user, tournament):
            raise PermissionDenied(_("Only a director of this tournament may do this."))
        self.tournament = tournament

    @property
    def actor(self) -> Actor:
        return Actor.of(self.request.user)

    def get_round(self, number: int) -> Round:
        return get_object_or_404(Round, tournament=self.tournament, number=number)

    def get_table(self, number: int, table: int) -> Table:
        return get_object_or_404(Table.objects.select_related("round__tournament"),
                                 round__tournament=self.tournament, round__number=number,
                                 number=table)

    def round_data(self, number: int) -> dict[str, Any]:
        rnd = get_object_or_404(
            Round.objects.prefetch_related("tables__seats__entrant", "tables__result",
                                           "byes__entrant"),
            tournament=self.tournament, number=number)
        return s.RoundSerializer(rnd).data


def result_data(table: Table) -> dict[str, Any]:
    """A table's current result with every revision, oldest first."""
    res = Result.objects.filter(table=table).first()
    revisions = ResultRevision.objects.filter(table=table).select_related("user")
    return s.TableResultSerializer({
        "round": table.round.number, "table": table.number,
        "status": res.status if res else None, "payload": res.payload if res else None,
        "version": res.version if res else None, "revisions": list(revisions)}).data


# ---------------------------------------------------------------- tournaments


def directed_by(user: Any) -> QuerySet[Tournament]:
    if user.is_superuser:
        return Tournament.objects.all()
    return Tournament.objects.filter(roles__user=user, roles__kind="director").distinct()


class TournamentListView(APIBase):
    @extend_schema(summary="Tournaments I direct", responses={
        200: s.TournamentSerializer(many=True), 401: DENIED[401]})
    def get(self, request: Request) -> Response:
        return Response(s.TournamentSerializer(directed_by(request.user), many=True).data)

    @extend_schema(summary="Create a tournament (you become its director)",
                   request=s.TournamentCreateSerializer,
                   responses={201: s.TournamentSerializer, 400: ERRORS, 401: DENIED[401]},
                   examples=[OpenApiExample("Mucken, fixed pairs", request_only=True, value={
                       "name": "Muckturnier 2026", "discipline": "mucken",
                       "entrant_kind": "pair", "scoring": {"target": 21},
                       "planned_rounds": 3})])
    def post(self, request: Request) -> Response:
        form = s.TournamentCreateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        t = services.create_tournament(Actor.of(request.user), **form.validated_data)
        return Response(s.TournamentSerializer(t).data, status=status.HTTP_201_CREATED)


class TournamentDetailView(DirectorView):
    @extend_schema(summary="A tournament", responses=responses(s.TournamentSerializer,
                                                               bad=False))
    def get(self, request: Request, slug: str) -> Response:
        return Response(s.TournamentSerializer(self.tournament).data)

    @extend_schema(summary="Change settings", request=s.TournamentUpdateSerializer,
                   responses=responses(s.TournamentSerializer),
                   examples=[OpenApiExample("publish the standings", request_only=True,
                                            value={"public": True, "planned_rounds": 4})])
    def patch(self, request: Request, slug: str) -> Response:
        form = s.TournamentUpdateSerializer(data=request.data, partial=True)
        form.is_valid(raise_exception=True)
        t = self.tournament
        if form.validated_data:
            t = services.update_tournament(t, self.actor, **form.validated_data)
        return Response(s.TournamentSerializer(t).data)


class ImportView(APIBase):
    @extend_schema(summary="Create a tournament from a turnier/1 document",
                   request=s.DocumentSerializer, examples=[DOCUMENT_EXAMPLE],
                   responses={201: s.ImportedSerializer, 400: OpenApiResponse(
                       OpenApiTypes.OBJECT, description="Every problem, keyed by its place.",
                       examples=[OpenApiExample("a Bobbl nobody won", value={
                           "rounds[0].tables[0].result": [
                               "bobbl 2: neither side reached 21"]})]),
                       401: DENIED[401]})
    def post(self, request: Request) -> Response:
        t = import_document(request.data, Actor.of(request.user))
        return Response(s.ImportedSerializer(t).data, status=status.HTTP_201_CREATED)


class DocumentView(DirectorView):
    @extend_schema(summary="The tournament as a turnier/1 document",
                   responses=responses(s.DocumentSerializer, bad=False))
    def get(self, request: Request, slug: str) -> Response:
        return Response(services.export_document(self.tournament))


# ---------------------------------------------------------------- entrants


def entrants_of(t: Tournament) -> QuerySet[Entrant]:
    return Entrant.objects.filter(tournament=t).select_related(
        "registration_seat").prefetch_related("players")


class EntrantListView(DirectorView):
    @extend_schema(summary="Entrants in start-number order",
                   responses=responses(s.EntrantSerializer(many=True), bad=False))
    def get(self, request: Request, slug: str) -> Response:
        return Response(s.EntrantSerializer(entrants_of(self.tournament), many=True).data)

    @extend_schema(summary="Register an entrant (a player, or a fixed pair)",
                   request=s.EntrantCreateSerializer,
                   responses=responses(s.EntrantSerializer, code=201),
                   examples=[OpenApiExample("a fixed pair", request_only=True, value={
                       "players": [{"name": "Fritz Maier", "club": "JU Leupoldsgrün"},
                                   {"name": "Hans Huber"}], "status": "present"}),
                             OpenApiExample("a known player by id", request_only=True,
                                            value={"players": [17]})])
    def post(self, request: Request, slug: str) -> Response:
        form = s.EntrantCreateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = dict(form.validated_data)
        entrant = services.register(self.tournament, self.actor, data.pop("players"), **data)
        return Response(s.EntrantSerializer(entrants_of(self.tournament).get(pk=entrant.pk)).data,
                        status=status.HTTP_201_CREATED)


class EntrantDetailView(DirectorView):
    def entrant(self, start_number: int) -> Entrant:
        return get_object_or_404(entrants_of(self.tournament), start_number=start_number)

    @extend_schema(parameters=ENTRANT, summary="One entrant",
                   responses=responses(s.EntrantSerializer, bad=False))
    def get(self, request: Request, slug: str, start_number: int) -> Response:
        return Response(s.EntrantSerializer(self.entrant(start_number)).data)

    @extend_schema(parameters=ENTRANT, summary="Check in, mark absent, withdraw",
                   request=s.EntrantStatusSerializer, responses=responses(s.EntrantSerializer),
                   examples=[OpenApiExample("check in", request_only=True,
                                            value={"status": "present"})])
    def patch(self, request: Request, slug: str, start_number: int) -> Response:
        form = s.EntrantStatusSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        services.set_status(self.entrant(start_number), self.actor,
                            form.validated_data["status"])
        return Response(s.EntrantSerializer(self.entrant(start_number)).data)


# ---------------------------------------------------------------- rounds


class RoundListView(DirectorView):
    @extend_schema(summary="Rounds with their progress",
                   responses=responses(s.RoundSummarySerializer(many=True), bad=False))
    def get(self, request: Request, slug: str) -> Response:
        rounds = Round.objects.filter(tournament=self.tournament).annotate(
            table_count=Count("tables", distinct=True),
            result_count=Count("tables__result", distinct=True,
                               filter=~Q(tables__result__status=Result.Status.DISPUTED)))
        return Response(s.RoundSummarySerializer(rounds, many=True).data)


class RoundDetailView(DirectorView):
    @extend_schema(parameters=ROUND, summary="A round: tables with seats and result status, byes",
                   responses=responses(s.RoundSerializer, bad=False))
    def get(self, request: Request, slug: str, number: int) -> Response:
        return Response(self.round_data(number))


class DrawView(DirectorView):
    @extend_schema(summary="Draw the next round (a preview until it is published)",
                   request=s.DrawSerializer, responses=responses(s.RoundSerializer, code=201),
                   examples=[OpenApiExample("replay a draw", request_only=True,
                                            value={"seed": "5f0c2a9d1e7b3c44"})])
    def post(self, request: Request, slug: str) -> Response:
        form = s.DrawSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        rnd = services.draw_round(self.tournament, self.actor,
                                  seed=form.validated_data.get("seed") or None,
                                  method=form.validated_data.get("method") or None)
        return Response(self.round_data(rnd.number), status=status.HTTP_201_CREATED)


class CleanupView(DirectorView):
    """The draw at registration's cleanup: the moves to announce, then apply them."""

    @extend_schema(summary="The cleanup of the draw at registration (fewest moves)",
                   responses=responses(s.CleanupSerializer, bad=False))
    def get(self, request: Request, slug: str) -> Response:
        return Response(s.CleanupSerializer(seating.cleanup_plan(self.tournament)).data)

    @extend_schema(summary="Apply the cleanup: tables 1..T are full afterwards",
                   request=None, responses=responses(s.CleanupSerializer))
    def post(self, request: Request, slug: str) -> Response:
        plan = seating.apply_cleanup(self.tournament, self.actor)
        return Response(s.CleanupSerializer(plan).data)


class UndoDrawView(DirectorView):
    @extend_schema(summary="Undo the last draw (while no result is in)",
                   responses=responses(s.UndoSerializer))
    def delete(self, request: Request, slug: str) -> Response:
        return Response({"undone": services.undo_draw(self.tournament, self.actor)})


class RoundActionView(DirectorView):
    """Publish, close or reopen a round: one service call, the round comes back."""

    service: Any = None

    def post(self, request: Request, slug: str, number: int) -> Response:
        self.get_round(number)  # 404 for a round that does not exist
        type(self).service(self.tournament, self.actor, number)
        return Response(self.round_data(number))


class PublishView(RoundActionView):
    service = staticmethod(services.publish_round)

    @extend_schema(parameters=ROUND, summary="Publish a drawn round: captains may submit",
                   request=None, responses=responses(s.RoundSerializer))
    def post(self, request: Request, slug: str, number: int) -> Response:
        return super().post(request, slug, number)


class CloseView(RoundActionView):
    service = staticmethod(services.close_round)

    @extend_schema(parameters=ROUND, summary="Close a round once every table has an agreed result",
                   request=None, responses=responses(s.RoundSerializer))
    def post(self, request: Request, slug: str, number: int) -> Response:
        return super().post(request, slug, number)


class ReopenView(RoundActionView):
    service = staticmethod(services.reopen_round)

    @extend_schema(parameters=ROUND, summary="Open the last round again", request=None,
                   responses=responses(s.RoundSerializer))
    def post(self, request: Request, slug: str, number: int) -> Response:
        return super().post(request, slug, number)


# ---------------------------------------------------------------- results


class ResultView(DirectorView):
    @extend_schema(parameters=TABLE, summary="A table's result and every revision of it",
                   responses=responses(s.TableResultSerializer, bad=False))
    def get(self, request: Request, slug: str, number: int, table: int) -> Response:
        return Response(result_data(self.get_table(number, table)))

    @extend_schema(parameters=TABLE, summary="Enter or correct a table's result (it is confirmed)",
                   description="The body is the discipline's result payload (FORMAT.md).",
                   request=s.ResultPayloadSerializer, examples=PAYLOAD_EXAMPLES,
                   responses=responses(s.TableResultSerializer))
    def put(self, request: Request, slug: str, number: int, table: int) -> Response:
        tb = self.get_table(number, table)
        services.director_set_result(tb, self.actor, request.data)
        return Response(result_data(tb))


class AcceptView(DirectorView):
    @extend_schema(parameters=TABLE, summary="Settle a dispute by accepting one revision",
                   request=s.AcceptSerializer, responses=responses(s.TableResultSerializer))
    def post(self, request: Request, slug: str, number: int, table: int) -> Response:
        tb = self.get_table(number, table)
        form = s.AcceptSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        revision = ResultRevision.objects.filter(pk=form.validated_data["revision"],
                                                 table=tb).first()
        if revision is None:
            raise ServiceError(_("not a revision of this table"), "revision")
        services.accept_revision(revision, self.actor)
        return Response(result_data(tb))


# ---------------------------------------------------------------- standings


class StandingsQuerySerializer(s.serializers.Serializer):
    after_round = s.serializers.IntegerField(min_value=0, max_value=32767, required=False,
                                             help_text="Count only rounds up to this one.")
    category = s.serializers.CharField(required=False, help_text="e.g. senior, youth-a")


class StandingsView(DirectorView):
    @extend_schema(summary="Standings (FORMAT.md)", parameters=[StandingsQuerySerializer],
                   responses=responses(s.StandingsSerializer))
    def get(self, request: Request, slug: str) -> Response:
        query = StandingsQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        return Response(services.standings(self.tournament,
                                           query.validated_data.get("after_round"),
                                           query.validated_data.get("category") or None))


# ---------------------------------------------------------------- captain


class CaptainView(APIBase):
    """A table captain's link: no account, the token opens its own table and nothing else."""

    authentication_classes: list = []
    permission_classes = [AllowAny]

    def table(self, token: str) -> Table:
        try:
            return services.table_for_token(token)
        except ServiceError:
            raise NotFound(_("This link is not valid.")) from None

    @extend_schema(summary="The captain's table", parameters=[OpenApiParameter(
        "token", OpenApiTypes.STR, OpenApiParameter.PATH, description="from the QR code")],
        responses={200: s.CaptainTableSerializer, 404: s.MessageSerializer,
                   409: OpenApiResponse(s.MessageSerializer,
                                        description="The round is not published yet.")})
    def get(self, request: Request, token: str) -> Response:
        table = self.table(token)
        rnd = table.round
        if rnd.status == Round.Status.PREVIEW:
            raise Conflict(_("This round has not been published yet."))
        res = Result.objects.filter(table=table).first()
        return Response(s.CaptainTableSerializer({
            "tournament": rnd.tournament.name, "discipline": rnd.tournament.discipline,
            "round": rnd.number, "round_status": rnd.status, "table": table.number,
            "seats": list(table.seats.select_related("entrant")),
            "result_status": res.status if res else None,
            "accepting": rnd.status == Round.Status.OPEN}).data)

    @extend_schema(summary="Submit the table's result",
                   description=("The body is the discipline's result payload (FORMAT.md). A "
                                "second agreeing submission confirms it; a differing one "
                                "marks the table disputed for the director."),
                   parameters=[OpenApiParameter("token", OpenApiTypes.STR,
                                                OpenApiParameter.PATH)],
                   request=s.ResultPayloadSerializer, examples=PAYLOAD_EXAMPLES,
                   responses={200: s.CaptainSubmittedSerializer, 400: ERRORS,
                              404: s.MessageSerializer,
                              409: OpenApiResponse(s.MessageSerializer,
                                                   description="The round is not open.")})
    def post(self, request: Request, token: str) -> Response:
        table = self.table(token)
        closed = Conflict(_("This round is not open for results."))
        if table.round.status != Round.Status.OPEN:
            raise closed
        try:
            result = services.captain_submit(token, request.data)
        except ServiceError as exc:
            if "token" in exc.errors:  # the round was closed meanwhile
                raise closed from None
            raise
        return Response(s.CaptainSubmittedSerializer({
            "table": table.number, "round": table.round.number, "status": result.status}).data)
