"""The REST API: a director's token does what the director's pages do, through the services.

Every tournament-scoped view loads the tournament by slug and refuses anyone
who is not its director (401 without credentials, 403 with the wrong ones,
404 for an unknown slug) before it looks at anything else. Every change is a
call of :mod:`tournaments.services`; a :class:`ServiceError` becomes a 400 that
names the field (see :mod:`.errors`). Table captains have no account: their
unguessable token is the key, and it opens only its own table.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction
from typing import Any

from django.db.models import Count, Q, QuerySet
from django.http import HttpResponse
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
from rest_framework.exceptions import APIException, NotFound, PermissionDenied, Throttled
from rest_framework.parsers import BaseParser
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

import scoring
from scoring.chess import TIEBREAKS

from .. import ratelimit, services
from ..bodylimit import IMPORT_BYTES
from ..log_labels import ACTION_LABELS, said
from ..models import (
    ByeRequest,
    Entrant,
    PairingRule,
    Result,
    ResultRevision,
    Round,
    Table,
    Tournament,
)
from ..permissions import MayCreateTournaments, is_director
from ..services import (
    Actor,
    ServiceError,
    chess,
    chess_outputs,
    reporters,
    seating,
    trf,
    undo,
)
from ..services.documents import import_document
from ..services.registration import delete_entrant, modify_entrant, register_person
from . import serializers as s
from .parsers import BoundedJSONParser, read_body

DEVICE_HEADER = reporters.DEVICE_HEADER


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
CREATOR_ONLY = OpenApiResponse(s.MessageSerializer, description=(
    "The account may not create tournaments (the administrator gives the permission "
    "tournaments.add_tournament)."))


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
    """JSON in, JSON out: form bodies are refused (415) instead of being half-understood.
    JSON is read by the bounded parser (size, depth, numbers, text: see .parsers)."""

    parser_classes = [BoundedJSONParser]


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


class CreatorView(APIBase):
    """Views that create tournaments: reading is for every account, a POST needs the right
    the administrator gives (:func:`~tournaments.permissions.may_create_tournaments`), as
    on the director's home page."""

    permission_classes = [IsAuthenticated, MayCreateTournaments]


class TournamentListView(CreatorView):
    @extend_schema(summary="Tournaments I direct", responses={
        200: s.TournamentSerializer(many=True), 401: DENIED[401]})
    def get(self, request: Request) -> Response:
        return Response(s.TournamentSerializer(directed_by(request.user), many=True).data)

    @extend_schema(summary="Create a tournament (you become its director)",
                   request=s.TournamentCreateSerializer,
                   responses={201: s.TournamentSerializer, 400: ERRORS, 401: DENIED[401],
                              403: CREATOR_ONLY},
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


class ImportView(CreatorView):
    max_body_bytes = IMPORT_BYTES  # as the director's import form (the middleware lets it in)

    @extend_schema(summary="Create a tournament from a turnier/1 document",
                   request=s.DocumentSerializer, examples=[DOCUMENT_EXAMPLE],
                   responses={201: s.ImportedSerializer, 400: OpenApiResponse(
                       OpenApiTypes.OBJECT, description="Every problem, keyed by its place.",
                       examples=[OpenApiExample("a Bobbl nobody won", value={
                           "rounds[0].tables[0].result": [
                               "bobbl 2: neither side reached 21"]})]),
                       401: DENIED[401], 403: CREATOR_ONLY})
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


# What a body may say about the entrant's one player, passed on to update_entrant.
PERSON_KEYS = ("elo", "dwz", "dwz_index", "birth_date", "fide_id", "title", "federation", "sex",
               "categories")


class EntrantListView(DirectorView):
    @extend_schema(summary="Entrants in start-number order (Chaos: PlayerList)",
                   responses=responses(s.EntrantSerializer(many=True), bad=False))
    def get(self, request: Request, slug: str) -> Response:
        return Response(s.EntrantSerializer(entrants_of(self.tournament), many=True).data)

    @extend_schema(
        summary="Register an entrant: a player, or a fixed pair (Chaos: AddPlayer)",
        description=(
            "Give `players` (ids of players who already play in a tournament you direct, or "
            "objects with their facts), or, for an "
            "entrant of one player, the player's facts flat in the body, as Chaos's AddPlayer "
            "does: `name`, `club`, `birth_date`, `dwz` (Chaos: RATING), `elo`, `flags` (s j w "
            "a–e) or `categories`, `fide_id`, `title`, `federation`, `sex`. A player of a "
            "tournament you direct, known by name and club, is reused and gets the facts "
            "given. Any other id is refused under `players`, whether it exists or not."),
        request=s.EntrantCreateSerializer,
        responses=responses(s.EntrantSerializer, code=201),
        examples=[OpenApiExample("a chess player, flat (AddPlayer)", request_only=True, value={
                      "name": "Widmann, Jochen", "club": "SK Hof", "birth_date": "1961-04-12",
                      "dwz": 1834, "dwz_index": 23, "elo": 1901, "flags": "s",
                      "fide_id": "4612345", "title": "", "federation": "GER", "sex": "m",
                      "status": "present"}),
                  OpenApiExample("a fixed pair", request_only=True, value={
                      "players": [{"name": "Fritz Maier", "club": "JU Leupoldsgrün"},
                                  {"name": "Hans Huber"}], "status": "present"}),
                  OpenApiExample("a known player by id", request_only=True,
                                 value={"players": [17]})])
    def post(self, request: Request, slug: str) -> Response:
        form = s.EntrantCreateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = dict(form.validated_data)
        players = data.pop("players", None)
        extra = {k: data.pop(k) for k in PERSON_KEYS if k in data}
        if players is None:  # one player given flat: the player is made (or found) from it
            spec = {"name": data.pop("name").strip(), "club": data.get("club", "")}
            spec.update({k: extra[k] for k in ("dwz", "birth_date", "categories") if k in extra})
            if "elo" in extra:
                spec["rating"] = extra["elo"]
                if "rating" in data:  # the entrant's own rating for the draw wins
                    del extra["elo"]
            players = [spec]
        elif len(players) == 1 and isinstance(players[0], dict):
            given = {("elo" if k == "rating" else k): v for k, v in players[0].items()
                     if k in PERSON_KEYS or (k == "rating" and "rating" not in data)}
            extra = {**given, **extra}
        entrant = register_person(self.tournament, self.actor, players, extra, **data)
        return Response(s.EntrantSerializer(entrants_of(self.tournament).get(pk=entrant.pk)).data,
                        status=status.HTTP_201_CREATED)


class EntrantDetailView(DirectorView):
    def entrant(self, start_number: int) -> Entrant:
        return get_object_or_404(entrants_of(self.tournament), start_number=start_number)

    @extend_schema(parameters=ENTRANT, summary="One entrant",
                   responses=responses(s.EntrantSerializer, bad=False))
    def get(self, request: Request, slug: str, start_number: int) -> Response:
        return Response(s.EntrantSerializer(self.entrant(start_number)).data)

    @extend_schema(
        parameters=ENTRANT,
        summary="Change an entrant's facts, check in, mark absent, withdraw (Chaos: ModifyPlayer)",
        description=("Only the fields given change. `dwz`, `birth_date`, `fide_id` … are the "
                     "person's and exist only for an entrant of one player. A person also "
                     "entered in other tournaments changes there too if you direct them all "
                     "(each of their logs says so); otherwise this entrant gets its own copy "
                     "and the others stay as they are. `status` withdrawn withdraws from the "
                     "first round not drawn yet."),
        request=s.EntrantUpdateSerializer, responses=responses(s.EntrantSerializer),
        examples=[OpenApiExample("check in", request_only=True, value={"status": "present"}),
                  OpenApiExample("correct a name only", request_only=True,
                                 value={"name": "Wiedmann, Jochen"}),
                  OpenApiExample("new rating list", request_only=True,
                                 value={"dwz": 1851, "dwz_index": 24, "elo": 1910})])
    def patch(self, request: Request, slug: str, start_number: int) -> Response:
        form = s.EntrantUpdateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = dict(form.validated_data)
        new_status = data.pop("status", None)
        modify_entrant(self.entrant(start_number), self.actor, new_status, **data)
        return Response(s.EntrantSerializer(self.entrant(start_number)).data)

    @extend_schema(
        parameters=ENTRANT, summary="Delete an entrant, or withdraw one who has played "
                                    "(Chaos: DeletePlayer)",
        description=("An entrant without games, registered after the last draw, is deleted. "
                     "Anyone else is withdrawn from the first round not drawn yet (their games "
                     "stay) and `outcome` says so."),
        responses=responses(s.EntrantRemovedSerializer),
        examples=[OpenApiExample("withdrawn instead", response_only=True, value={
            "outcome": "withdrawn", "detail": "3. Widmann, Jochen has played: withdrawn from "
                                              "round 3 instead; the games stay.",
            "entrant": {"start_number": 3, "name": "Widmann, Jochen", "status": "withdrawn",
                        "withdrawn_from_round": 3}})])
    def delete(self, request: Request, slug: str, start_number: int) -> Response:
        entrant = self.entrant(start_number)
        label = str(entrant)
        if delete_entrant(entrant, self.actor) == "deleted":
            return Response({"outcome": "deleted", "entrant": None,
                             "detail": _("%(entrant)s is deleted.") % {"entrant": label}})
        entrant = self.entrant(start_number)
        return Response({
            "outcome": "withdrawn", "entrant": s.EntrantSerializer(entrant).data,
            "detail": _("%(entrant)s has played or was drawn: withdrawn from round %(n)s "
                        "instead; the games stay.")
            % {"entrant": label, "n": entrant.withdrawn_from_round}})


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
    @extend_schema(summary="The last round (Chaos: Round without NUMBER)",
                   responses=responses(s.RoundSerializer, bad=False))
    def get(self, request: Request, slug: str) -> Response:
        last = Round.objects.filter(tournament=self.tournament).order_by("-number").first()
        if last is None:
            raise NotFound(_("No round is drawn yet."))
        return Response(self.round_data(last.number))

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
                   description="The body is the discipline's result payload (docs/format.md).",
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


# ---------------------------------------------------------------- the action log and undo


def log_data(t: Tournament, entries: list[Any]) -> list[dict[str, Any]]:
    """Log entries with what undo says of them (services.undo.undo_rows)."""
    rows = undo.undo_rows(t, entries)
    return s.LogEntrySerializer([{
        "id": e.pk, "action": e.action, "label": str(ACTION_LABELS.get(e.action, e.action)),
        "actor": e.actor, "target": e.target, "before": e.before, "after": e.after,
        "created": e.created, "undoes": e.undoes_id, "sentence": said(e),
        "undone_by": rows[e.pk]["undone_by"], "undoable": rows[e.pk].get("undoable", False),
        "refusal": rows[e.pk].get("refusal")} for e in entries], many=True).data


class LogView(DirectorView):
    @extend_schema(summary="The action log, newest first, with what can be undone",
                   parameters=[s.LogQuerySerializer],
                   responses=responses(s.LogEntrySerializer(many=True)))
    def get(self, request: Request, slug: str) -> Response:
        query = s.LogQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        entries = self.tournament.log.order_by("-id")
        if "before" in query.validated_data:
            entries = entries.filter(pk__lt=query.validated_data["before"])
        return Response(log_data(self.tournament,
                                 list(entries[:query.validated_data["limit"]])))


class UndoView(DirectorView):
    @extend_schema(
        summary="Undo an action of the log, or the last N (of a round)",
        description=(
            "Results (captains' and the director's), round status changes (publish, close, "
            "reopen), draws, withdrawals, entrant status changes, corrections and deletions "
            "can be undone, newest first within what depends on them: an action that a later "
            "one rests on is refused with the reason (`entry`/`last`). Undoing a result of a "
            "round with later rounds marks those rounds stale. Each undo is an entry of its "
            "own (`undoes`), the undone entry stays and shows `undone_by`."),
        request=s.UndoRequestSerializer, responses=responses(s.UndoneSerializer),
        examples=[OpenApiExample("one entry", request_only=True, value={"entry": 812}),
                  OpenApiExample("the last three of round 4", request_only=True,
                                 value={"last": 3, "round": 4})])
    def post(self, request: Request, slug: str) -> Response:
        form = s.UndoRequestSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        d = form.validated_data
        if "entry" in d:
            done = [undo.undo_entry(self.tournament, self.actor, d["entry"])]
        else:
            done = undo.undo_last(self.tournament, self.actor, d["last"], d.get("round"))
        return Response({"undone": log_data(self.tournament, done)})


# ---------------------------------------------------------------- standings


class StandingsQuerySerializer(s.serializers.Serializer):
    after_round = s.serializers.IntegerField(min_value=0, max_value=32767, required=False,
                                             help_text="Count only rounds up to this one.")
    category = s.serializers.CharField(required=False, help_text=(
        "Only this category, ranked anew within it (Chaos's PLRMODE): senior, junior, women, "
        "youth-a … youth-e."))
    tiebreaks = s.serializers.CharField(required=False, allow_blank=True, help_text=(
        "Chess: rank by these tiebreaks instead of the tournament's, comma-separated; empty "
        "for points only (Chaos's TABMODE 0 = empty, 1 = buchholz, 2 = fine_buchholz, "
        "3 = sonneborn_berger). Known: " + ", ".join(TIEBREAKS) + "."))

    def validate_tiebreaks(self, value: str) -> list[str]:
        names = [x.strip() for x in value.split(",") if x.strip()]
        unknown = [x for x in names if x not in TIEBREAKS]
        if unknown:
            raise s.serializers.ValidationError(
                _("unknown tiebreak %(name)s (known: %(known)s)")
                % {"name": unknown[0], "known": ", ".join(TIEBREAKS)})
        if len(set(names)) != len(names):
            raise s.serializers.ValidationError(_("a tiebreak is listed twice"))
        return names


def standings_with(t: Tournament, tiebreaks: list[str], after_round: int | None,
                   category: str | None) -> dict[str, Any]:
    """Standings as if the tournament ranked by ``tiebreaks``: nothing is stored or cached."""
    if t.discipline != "chess":
        raise ServiceError(_("other tiebreaks can be asked for in chess only"), "tiebreaks")
    doc = services.export_document(t)
    doc["scoring"] = {**(doc.get("scoring") or {}), "tiebreaks": tiebreaks}
    parsed, problems = scoring.check(doc)
    if parsed is None:
        raise ServiceError("; ".join(str(p) for p in problems.errors), "tiebreaks")
    return scoring.standings(parsed, after_round, category)


class StandingsView(DirectorView):
    @extend_schema(summary="Standings (docs/format.md; Chaos: Table TABMODE PLRMODE)",
                   parameters=[StandingsQuerySerializer],
                   responses=responses(s.StandingsSerializer))
    def get(self, request: Request, slug: str) -> Response:
        query = StandingsQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        after = query.validated_data.get("after_round")
        category = query.validated_data.get("category") or None
        if "tiebreaks" in query.validated_data:
            return Response(standings_with(self.tournament, query.validated_data["tiebreaks"],
                                           after, category))
        return Response(services.standings(self.tournament, after, category))


# ---------------------------------------------------------------- chess: Chaos's batch commands


@contextmanager
def fields_as(**names: str) -> Iterator[None]:
    """Name a service's fields as the API's body does (``round_number`` is ``round`` here)."""
    try:
        yield
    except ServiceError as exc:
        errors: dict[str, list[str]] = {}
        for key, messages in exc.errors.items():
            errors.setdefault(names.get(key, key), []).extend(messages)
        raise ServiceError(errors) from None


RULE = [number("rule", "id of the pairing rule")]


class PairingRuleListView(DirectorView):
    @extend_schema(summary="Set and forbidden pairings (Chaos: SetPlayer)",
                   responses=responses(s.PairingRuleSerializer(many=True), bad=False))
    def get(self, request: Request, slug: str) -> Response:
        rules = self.tournament.pairing_rules.select_related("first", "second")
        return Response(s.PairingRuleSerializer(rules, many=True).data)

    @extend_schema(
        summary="Set a game of a round to come, or keep two players apart (Chaos: SetPlayer)",
        description=(
            "`forced`: `white` has white against `black` in `round` (not drawn yet); the "
            "Dutch engine pairs everybody else. Refused: a rematch, a player already set, "
            "with a requested bye or not playing, a forbidden pair, and a colour that breaks "
            "the absolute colour rules unless `confirm_colour_clash` (Chaos's FORCE). "
            "`forbidden`: `a` and `b` are never paired. A bye on request is a "
            "bye request (`bye-requests/`)."),
        request=s.PairingRuleCreateSerializer,
        responses=responses(s.PairingRuleSerializer, code=201),
        examples=[OpenApiExample("3 has white against 5 in round 2", request_only=True,
                                 value={"kind": "forced", "round": 2, "white": 3, "black": 5,
                                        "confirm_colour_clash": False}),
                  OpenApiExample("siblings never meet", request_only=True,
                                 value={"kind": "forbidden", "a": 7, "b": 8}),
                  OpenApiExample("a colour clash", response_only=True, status_codes=["400"],
                                 value={"confirm_colour_clash": [
                                     "colour clash: Anna would get white for the third time "
                                     "in a row. Confirm it to set the game anyway."]})])
    def post(self, request: Request, slug: str) -> Response:
        form = s.PairingRuleCreateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        d = form.validated_data
        with fields_as(round_number="round"):
            if d["kind"] == "forced":
                rule = chess.set_forced_pairing(self.tournament, self.actor, d["round"],
                                                d["white"], d["black"],
                                                d["confirm_colour_clash"])
            else:
                rule = chess.forbid_pairing(self.tournament, self.actor, d["a"], d["b"])
        rule = PairingRule.objects.select_related("first", "second").get(pk=rule.pk)
        return Response(s.PairingRuleSerializer(rule).data, status=status.HTTP_201_CREATED)


class PairingRuleDetailView(DirectorView):
    @extend_schema(parameters=RULE,
                   summary="Delete a set or forbidden pairing (Chaos: SetPlayer INIT)",
                   description="A set game of a round already drawn stays (undo the draw first).",
                   responses=responses(None, code=204))
    def delete(self, request: Request, slug: str, rule: int) -> Response:
        get_object_or_404(PairingRule, pk=rule, tournament=self.tournament)
        chess.delete_pairing_rule(self.tournament, self.actor, rule)
        return Response(status=status.HTTP_204_NO_CONTENT)


class ByeRequestView(DirectorView):
    @extend_schema(summary="Byes asked for in rounds to come and past",
                   responses=responses(s.ByeRequestSerializer(many=True), bad=False))
    def get(self, request: Request, slug: str) -> Response:
        asked = ByeRequest.objects.filter(tournament=self.tournament).select_related("entrant")
        return Response(s.ByeRequestSerializer(asked, many=True).data)

    @extend_schema(
        summary="An entrant is not paired in a round to come: half- or zero-point bye",
        description="The pairing-allocated bye (odd number of players) is the engine's.",
        request=s.ByeRequestCreateSerializer,
        responses=responses(s.ByeRequestSerializer, code=201),
        examples=[OpenApiExample("half-point bye in round 3", request_only=True,
                                 value={"entrant": 17, "round": 3, "kind": "half"})])
    def post(self, request: Request, slug: str) -> Response:
        form = s.ByeRequestCreateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        d = form.validated_data
        with fields_as(round_number="round"):
            asked = chess.request_bye(self.tournament, self.actor, d["entrant"], d["round"],
                                      d["kind"])
        asked = ByeRequest.objects.select_related("entrant").get(pk=asked.pk)
        return Response(s.ByeRequestSerializer(asked).data, status=status.HTTP_201_CREATED)

    @extend_schema(summary="Take back a requested bye of a round not drawn yet",
                   parameters=[s.ByeRequestKeySerializer],
                   responses=responses(None, code=204))
    def delete(self, request: Request, slug: str) -> Response:
        query = s.ByeRequestKeySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        with fields_as(round_number="round"):
            chess.cancel_bye(self.tournament, self.actor, query.validated_data["entrant"],
                             query.validated_data["round"])
        return Response(status=status.HTTP_204_NO_CONTENT)


class GameResultView(DirectorView):
    """Chaos's EnterResult: the game is found by its players, not by round and board."""

    def game(self, white: int, black: int, round_number: int | None) -> Table:
        t = self.tournament
        known = set(Entrant.objects.filter(tournament=t, start_number__in=[white, black])
                    .values_list("start_number", flat=True))
        for no, field in ((white, "white"), (black, "black")):
            if no not in known:
                raise ServiceError(_("no entrant has start number %(n)s") % {"n": no}, field)
        if white == black:
            raise ServiceError(_("a player cannot play against himself"), "black")
        tables = (Table.objects.filter(round__tournament=t, seats__entrant__start_number=white)
                  .filter(seats__entrant__start_number=black).select_related("round")
                  .order_by("-round__number"))
        if round_number is not None:
            tables = tables.filter(round__number=round_number)
        met = list(tables.prefetch_related("seats__entrant"))
        if not met:
            if round_number is not None:
                raise ServiceError(_("%(w)s and %(b)s have no game in round %(n)s")
                                   % {"w": white, "b": black, "n": round_number}, "black")
            raise ServiceError(_("%(w)s and %(b)s have no game") % {"w": white, "b": black},
                               "black")
        # the latest game with these colours (a double round robin has both)
        table = next((tb for tb in met if any(
            seat.entrant.start_number == white and seat.side == 1
            for seat in tb.seats.all())), None)
        if table is None:
            raise ServiceError(_("in round %(n)s, %(w)s had black against %(b)s; give the "
                                 "player with white as white")
                               % {"n": met[0].round.number, "w": white, "b": black}, "white")
        if table.round.status == Round.Status.PREVIEW:
            raise ServiceError(_("round %(n)s is not published yet; publish it first")
                               % {"n": table.round.number}, "round")
        return table

    @extend_schema(
        summary="Enter a game's result by its players (Chaos: EnterResult)",
        description=(
            "Finds the game of `white` against `black` (the latest round in which they met, "
            "or `round`) and enters the result as the director (confirmed). Chaos's RESULT 2/1/0 "
            "is 1-0, 1/2-1/2, 0-1; with NOTPLAYED 2 is +- and 0 is -+; -- is a double forfeit. "
            "A result is corrected by entering another; it cannot be emptied (Chaos's -1). "
            "400 if they have no game."),
        request=s.GameResultSerializer, responses=responses(s.TableResultSerializer),
        examples=[OpenApiExample("white wins", request_only=True,
                                 value={"white": 3, "black": 5, "result": "1-0"}),
                  OpenApiExample("black wins by forfeit", request_only=True,
                                 value={"white": 2, "black": 4, "result": "-+"})])
    def post(self, request: Request, slug: str) -> Response:
        form = s.GameResultSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        d = form.validated_data
        table = self.game(d["white"], d["black"], d.get("round"))
        with fields_as(score="result"):
            services.director_set_result(table, self.actor, {"score": d["result"]})
        return Response(result_data(table))


# TRF-16 in and out: LoadTournament and SaveTournament in the file other programs read.

TRF_EXAMPLE = (
    "012 Blitz\n062 3\n072 3\nXXR 1\n"
    "001    1      Anna                              1800 GER             1958/02/01  1.0    1"
    "     2 w 1\n"
    "001    2      Bernd                             1700                             0.0    3"
    "     1 b 0\n"
    "001    3      Carla                             1650                             1.0    2"
    "  0000 - U\n")
TRF_TEXT = OpenApiResponse(OpenApiTypes.STR, description="The TRF-16 file (text/plain).",
                           examples=[OpenApiExample("three players, one round",
                                                    value=TRF_EXAMPLE)])


class PlainTextParser(BaseParser):
    """A text body (a TRF file) as it is, decoded; no longer than the view allows (413)."""

    media_type = "text/plain"

    def parse(self, stream: Any, media_type: str | None = None,
              parser_context: dict[str, Any] | None = None) -> str:
        charset = (parser_context or {}).get("encoding") or "utf-8"
        try:
            return read_body(stream, parser_context).decode(charset)
        except (UnicodeDecodeError, LookupError):  # LookupError: a charset Python does not know
            raise ServiceError(_("the file is not %(charset)s text") % {"charset": charset},
                               "trf") from None


class PlainTextRenderer(BaseRenderer):
    """Lets a client ask for text/plain; an error then comes as the JSON text it would be."""

    media_type = "text/plain"
    format = "txt"
    charset = "utf-8"

    def render(self, data: Any, accepted_media_type: str | None = None,
               renderer_context: dict[str, Any] | None = None) -> bytes:
        text = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
        return text.encode(self.charset)


class TrfView(DirectorView):
    renderer_classes = [JSONRenderer, PlainTextRenderer]

    @extend_schema(summary="The tournament as a FIDE TRF-16 file (Chaos: SaveTournament)",
                   description="Chess only. Pairing numbers are the initial ranking.",
                   responses={(200, "text/plain"): TRF_TEXT, **DENIED, 400: ERRORS})
    def get(self, request: Request, slug: str) -> HttpResponse:
        text = trf.export_trf(self.tournament)
        response = HttpResponse(text, content_type="text/plain; charset=utf-8")
        response["Content-Disposition"] = f'inline; filename="{self.tournament.slug}.trf"'
        return response


class TrfImportView(CreatorView):
    parser_classes = [BoundedJSONParser, PlainTextParser]
    max_body_bytes = IMPORT_BYTES  # as the director's import form (the middleware lets it in)

    @extend_schema(
        summary="Create a chess tournament from a TRF-16 file (Chaos: LoadTournament)",
        description=("The body is the file as text/plain (`slug` and `name` as query "
                     "parameters), or JSON `{\"trf\": \"...\", \"slug\"?, \"name\"?}`. A bad "
                     "file is refused under `trf` with line and column; you become the "
                     "director of the new tournament."),
        parameters=[OpenApiParameter("slug", OpenApiTypes.STR, description=(
                        "text/plain body: the address")),
                    OpenApiParameter("name", OpenApiTypes.STR, description=(
                        "text/plain body: the name"))],
        request={"application/json": s.TrfImportSerializer, "text/plain": OpenApiTypes.STR},
        responses={201: s.TournamentSerializer, 400: OpenApiResponse(
            OpenApiTypes.OBJECT, description="The problem with line and column.",
            examples=[OpenApiExample("an unknown result", value={
                "trf": ["line 12, column 99: round 1: unknown result 'Q'"]})]),
            401: DENIED[401], 403: CREATOR_ONLY},
        examples=[OpenApiExample("JSON", request_only=True, media_type="application/json",
                                 value={"trf": TRF_EXAMPLE, "slug": "blitz-2026"}),
                  OpenApiExample("text/plain", request_only=True, media_type="text/plain",
                                 value=TRF_EXAMPLE)])
    def post(self, request: Request) -> Response:
        if isinstance(request.data, str):
            body = {"trf": request.data, **{k: request.query_params[k] for k in ("slug", "name")
                                            if k in request.query_params}}
        else:
            body = request.data
        form = s.TrfImportSerializer(data=body)
        form.is_valid(raise_exception=True)
        d = form.validated_data
        with fields_as(file="trf"):
            t = trf.import_trf(d["trf"], Actor.of(request.user), slug=d.get("slug"),
                               name=d.get("name"))
        return Response(s.TournamentSerializer(t).data, status=status.HTTP_201_CREATED)


class RankingView(DirectorView):
    @extend_schema(summary="The initial ranking: pairing numbers (Chaos: InternalRatings)",
                   description=("Elo, then DWZ, then FIDE title, then name; the numbers the "
                                "Dutch draw and the TRF file use."),
                   responses=responses(s.RankingRowSerializer(many=True)))
    def get(self, request: Request, slug: str) -> Response:
        if self.tournament.discipline != "chess":
            raise ServiceError(_("pairing numbers exist in chess only"))
        rows = []
        for k, e in enumerate(trf.initial_ranking(self.tournament), 1):
            p = s._person(e)
            rows.append({"pairing_number": k, "entrant": e.start_number, "name": e.name,
                         "elo": e.rating if e.rating is not None else (p.rating if p else None),
                         "dwz": p.dwz if p else None, "title": p.title if p else "",
                         "status": e.status})
        return Response(s.RankingRowSerializer(rows, many=True).data)


# The chess outputs as data (the printed ones are the reports): cross table, progress
# table, player cards, DWZ evaluation.


def _float(value: Any) -> float | None:
    if value is None or isinstance(value, bool):
        return None
    try:
        return float(Fraction(value)) if isinstance(value, Fraction) else float(value)
    except (TypeError, ValueError):
        return None


def _colour(text: str) -> str:
    """The colour as the API says it, whatever the language: w or b."""
    return {str(chess_outputs.WHITE): "w", str(chess_outputs.BLACK): "b"}.get(text, "")


def cell_data(cell: chess_outputs.Cell) -> dict[str, Any]:
    return {"round": cell.round, "kind": cell.kind, "symbol": cell.symbol,
            "opponent": cell.opponent, "opponent_name": cell.opponent_name,
            "opponent_rank": cell.opponent_rank, "colour": _colour(cell.colour),
            "points": _float(cell.points), "running": _float(cell.running), "note": cell.note}


def line_data(line: chess_outputs.Line) -> dict[str, Any]:
    return {"entrant": line.number, "name": line.name, "club": line.club, "elo": line.rating,
            "dwz": line.dwz, "rank": line.rank,
            "values": {k: _float(v) for k, v in line.values.items()}}


def columns_data(columns: list[Any]) -> list[dict[str, str]]:
    return [{"key": c.key, "header": c.header, "title": c.title} for c in columns]


class OutputQuerySerializer(s.serializers.Serializer):
    after_round = s.serializers.IntegerField(min_value=0, max_value=32767, required=False,
                                             help_text="Only rounds up to this one.")


class CrossTableQuerySerializer(OutputQuerySerializer):
    order = s.serializers.ChoiceField(choices=["number", "rank"], default="number", help_text=(
        "Rows and columns by Berger number, or by rank."))


class ProgressQuerySerializer(OutputQuerySerializer):
    opponent_by = s.serializers.ChoiceField(choices=["rank", "number"], default="rank",
                                            help_text="Name the opponents by rank or number.")


class CrossTableView(DirectorView):
    @extend_schema(summary="Cross table: everyone against everyone (Chaos: CrossTable)",
                   parameters=[CrossTableQuerySerializer],
                   responses=responses(s.CrossTableSerializer))
    def get(self, request: Request, slug: str) -> Response:
        query = CrossTableQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        with fields_as(kind="__all__"):
            table = chess_outputs.cross_table(self.tournament,
                                              query.validated_data.get("after_round"),
                                              query.validated_data["order"])
        rows = [{**line_data(r.line), "position": r.position, "cells": r.cells,
                 "points": r.points} for r in table.rows]
        return Response(s.CrossTableSerializer({
            "order": table.order, "double": table.double, "rounds": table.rounds,
            "positions": table.positions, "columns": columns_data(table.columns),
            "rows": rows}).data)


class ProgressView(DirectorView):
    @extend_schema(summary="Progress table: each round's opponent, colour, result, running "
                           "score (Chaos: TableOfProgress)",
                   parameters=[ProgressQuerySerializer],
                   responses=responses(s.ProgressTableSerializer))
    def get(self, request: Request, slug: str) -> Response:
        query = ProgressQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        with fields_as(kind="__all__"):
            table = chess_outputs.progress_table(self.tournament,
                                                 query.validated_data.get("after_round"),
                                                 query.validated_data["opponent_by"])
        rows = [{**line_data(x), "cells": [cell_data(c) for c in x.cells]} for x in table.rows]
        return Response(s.ProgressTableSerializer({
            "rounds": table.rounds, "opponent_by": table.opponent_by,
            "columns": columns_data(table.columns), "rows": rows}).data)


class PlayerCardsView(DirectorView):
    @extend_schema(summary="Player cards: the rounds so far and rows for the rest "
                           "(Chaos: PlayerCards)",
                   responses=responses(s.CardSerializer(many=True)))
    def get(self, request: Request, slug: str) -> Response:
        with fields_as(kind="__all__"):
            cards = chess_outputs.player_cards(self.tournament)
        out = []
        for card in cards:
            rows = []
            for row in card.rows:
                if row.cell is not None:
                    rows.append(cell_data(row.cell))
                else:
                    rows.append({"round": row.round, "kind": None, "symbol": "",
                                 "opponent": row.opponent, "opponent_name": row.opponent_name,
                                 "opponent_rank": None, "colour": _colour(row.colour),
                                 "points": None, "running": None, "note": ""})
            out.append({**line_data(card.line), "rows": rows, "remaining": card.remaining})
        return Response(s.CardSerializer(out, many=True).data)


class DwzView(DirectorView):
    @extend_schema(summary="DWZ evaluation per player, and Elo changes if rated "
                           "(Chaos: DWZReport)",
                   description=("Games over the board only. A missing birth date counts as an "
                                "adult (Chaos asks; the API does not)."),
                   responses=responses(s.DwzReportSerializer))
    def get(self, request: Request, slug: str) -> Response:
        with fields_as(kind="__all__"):
            report = chess_outputs.dwz_report(self.tournament)
        lines = []
        for x in report.lines:
            d = x.dwz
            elo = None
            if x.elo is not None:
                elo = {"rating": x.elo.rating, "k": x.elo.k, "games": x.elo.games,
                       "score": _float(x.elo.score), "expected": x.elo.expected,
                       "change": x.elo.change, "new": x.elo.new}
            lines.append({"entrant": x.line.number, "name": x.line.name, "club": x.line.club,
                          "birth_date": x.birth, "age": x.age, "ro": d.ro,
                          "index_before": x.index_before, "ro_text": x.ro_text,
                          "w": _float(d.w), "n": d.n, "we": d.we, "e": d.e, "rh": d.rh,
                          "rn": d.rn, "index": d.index, "rn_text": x.rn_text, "note": d.note,
                          "elo": elo})
        return Response(s.DwzReportSerializer({"end": report.end, "with_elo": report.with_elo,
                                               "lines": lines}).data)


# ---------------------------------------------------------------- captain


class CaptainView(APIBase):
    """A table captain's link: no account, the token opens its own table and nothing else."""

    authentication_classes: list = []
    permission_classes = [AllowAny]
    max_body_bytes = 64 * 1024  # a result is at most 16 KB (scoring.discipline)

    def table(self, token: str) -> Table:
        """The link's table; 404 if unknown. Rate limits (tournaments.ratelimit): a valid
        link on its own budget, unknown tokens per address; over either 429 + Retry-After."""
        try:
            table = services.table_for_token(token)
        except ServiceError:
            retry = ratelimit.failed_lookup(self.request)
            if retry:
                raise Throttled(wait=retry, detail=ratelimit.message()) from None
            raise NotFound(_("This link is not valid.")) from None
        retry = ratelimit.link_request(self.request, token)
        if retry:
            raise Throttled(wait=retry, detail=ratelimit.message())
        return table

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
                   description=(
                       "The body is the discipline's result payload (docs/format.md). Send the "
                       "phone's own device id in the `X-Device-Id` header (generate a random "
                       "UUID once and keep it). A result is confirmed by a second *device* "
                       "that agrees (or by the director); one that differs marks the table "
                       "disputed for the director. The same device sending the same result "
                       "again changes nothing (`outcome` received); a different one replaces "
                       "its own report while nobody else has reported (`outcome` replaced). "
                       "Without the header every submission through the link counts as one "
                       "anonymous device, which can never confirm its own result."),
                   parameters=[OpenApiParameter("token", OpenApiTypes.STR,
                                                OpenApiParameter.PATH),
                               OpenApiParameter(
                                   DEVICE_HEADER, OpenApiTypes.STR, OpenApiParameter.HEADER,
                                   required=False, description=(
                                       "This phone's own id, 16 to 128 letters, digits or "
                                       "- _ . : ~ (a random UUID); the same on every "
                                       "submission from this phone."))],
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
        device = reporters.check_device_id(request.headers.get(DEVICE_HEADER))
        try:
            submission = services.captain_submit(token, request.data, device_id=device)
        except ServiceError as exc:
            if isinstance(exc, (services.InvalidToken, services.RoundNotOpen)):  # closed meanwhile
                raise closed from None
            raise
        return Response(s.CaptainSubmittedSerializer({
            "table": table.number, "round": table.round.number, "status": submission.status,
            "outcome": submission.outcome, "detail": submission.answer}).data)
