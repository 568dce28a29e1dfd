"""Chess: the batch commands of Chaos (ARexx) and the chess outputs as data.

Set and forbidden pairings, requested byes, a game's result entered by its players, the
tournament as a TRF-16 file and back, the initial ranking, and the cross table, progress
table, player cards and DWZ evaluation (the printed ones are the reports).
"""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from .... import services
from ....api import serializers as s
from ....api.parsers import BoundedJSONParser, PlainTextParser, PlainTextRenderer
from ....api.schema import CREATOR_ONLY, DENIED, ERRORS, number, responses
from ....api.views.base import CreatorView, DirectorView
from ....bodylimit import IMPORT_BYTES
from ....selectors.results import table_result_get
from .. import outputs as chess_outputs
from .. import services as chess
from .. import trf
from ..selectors import (
    bye_request_list,
    chess_game_get,
    chess_ranking_list,
    pairing_rule_list,
)
from . import serializers as cs

RULE = [number("rule", "id of the pairing rule")]


class PairingRuleListView(DirectorView):
    error_fields = {"round_number": "round"}

    @extend_schema(summary="Set and forbidden pairings (Chaos: SetPlayer)",
                   responses=responses(cs.PairingRuleSerializer(many=True), bad=False))
    def get(self, request: Request, slug: str) -> Response:
        return Response(cs.PairingRuleSerializer(pairing_rule_list(self.tournament),
                                                many=True).data)

    @extend_schema(
        summary="Set a game of a round to come, or keep two players apart (Chaos: SetPlayer)",
        description=(
            "`forced`: `white` has white against `black` in `round` (not drawn yet); the "
            "Dutch engine pairs everybody else. Refused: a rematch, a player already set, "
            "with a requested bye or not playing, a forbidden pair, and a colour that breaks "
            "the absolute colour rules unless `confirm_colour_clash` (Chaos's FORCE). "
            "`forbidden`: `a` and `b` are never paired. A bye on request is a "
            "bye request (`bye-requests/`)."),
        request=cs.PairingRuleCreateSerializer,
        responses=responses(cs.PairingRuleSerializer, code=201),
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
        form = cs.PairingRuleCreateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        d = form.validated_data
        if d["kind"] == "forced":
            rule = chess.set_forced_pairing(self.tournament, self.actor, d["round"],
                                            d["white"], d["black"], d["confirm_colour_clash"],
                                            by_program=d["colours"] == "program")
        else:
            rule = chess.forbid_pairing(self.tournament, self.actor, d["a"], d["b"])
        rule = pairing_rule_list(self.tournament).get(pk=rule.pk)
        return Response(cs.PairingRuleSerializer(rule).data, status=status.HTTP_201_CREATED)


class PairingRuleDetailView(DirectorView):
    @extend_schema(parameters=RULE,
                   summary="Delete a set or forbidden pairing (Chaos: SetPlayer INIT)",
                   description="A set game of a round already drawn stays (undo the draw first).",
                   responses=responses(None, code=204))
    def delete(self, request: Request, slug: str, rule: int) -> Response:
        get_object_or_404(pairing_rule_list(self.tournament), pk=rule)
        chess.delete_pairing_rule(self.tournament, self.actor, rule)
        return Response(status=status.HTTP_204_NO_CONTENT)


class ByeRequestView(DirectorView):
    error_fields = {"round_number": "round"}

    @extend_schema(summary="Byes asked for in rounds to come and past",
                   responses=responses(cs.ByeRequestSerializer(many=True), bad=False))
    def get(self, request: Request, slug: str) -> Response:
        return Response(cs.ByeRequestSerializer(bye_request_list(self.tournament),
                                               many=True).data)

    @extend_schema(
        summary="An entrant is not paired in a round to come: half-, zero- or full-point bye",
        description=("half/zero: the bye the player asked for. full: the full-point bye "
                     "(Freilos) the director gives to a chosen player, one per round. "
                     "Otherwise the pairing-allocated bye (odd number of players) is the "
                     "engine's."),
        request=cs.ByeRequestCreateSerializer,
        responses=responses(cs.ByeRequestSerializer, code=201),
        examples=[OpenApiExample("half-point bye in round 3", request_only=True,
                                 value={"entrant": 17, "round": 3, "kind": "half"})])
    def post(self, request: Request, slug: str) -> Response:
        form = cs.ByeRequestCreateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        d = form.validated_data
        asked = chess.request_bye(self.tournament, self.actor, d["entrant"], d["round"],
                                  d["kind"])
        asked = bye_request_list(self.tournament).get(pk=asked.pk)
        return Response(cs.ByeRequestSerializer(asked).data, status=status.HTTP_201_CREATED)

    @extend_schema(summary="Take back a requested bye of a round not drawn yet",
                   parameters=[cs.ByeRequestKeySerializer],
                   responses=responses(None, code=204))
    def delete(self, request: Request, slug: str) -> Response:
        query = cs.ByeRequestKeySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        chess.cancel_bye(self.tournament, self.actor, query.validated_data["entrant"],
                         query.validated_data["round"])
        return Response(status=status.HTTP_204_NO_CONTENT)


class GameResultView(DirectorView):
    """Chaos's EnterResult: the game is found by its players, not by round and board."""

    error_fields = {"score": "result"}

    @extend_schema(
        summary="Enter a game's result by its players (Chaos: EnterResult)",
        description=(
            "Finds the game of `white` against `black` (the latest round in which they met, "
            "or `round`) and enters the result as the director (confirmed). Chaos's RESULT 2/1/0 "
            "is 1-0, 1/2-1/2, 0-1; with NOTPLAYED 2 is +- and 0 is -+; -- is a double forfeit. "
            "A result is corrected by entering another, and cleared (Chaos's -1) by "
            "DELETE on the table's result/. "
            "400 if they have no game."),
        request=cs.GameResultSerializer, responses=responses(s.TableResultSerializer),
        examples=[OpenApiExample("white wins", request_only=True,
                                 value={"white": 3, "black": 5, "result": "1-0"}),
                  OpenApiExample("black wins by forfeit", request_only=True,
                                 value={"white": 2, "black": 4, "result": "-+"})])
    def post(self, request: Request, slug: str) -> Response:
        form = cs.GameResultSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        d = form.validated_data
        table = chess_game_get(self.tournament, d["white"], d["black"], d.get("round"))
        services.director_set_result(table, self.actor, {"score": d["result"]})
        return Response(s.TableResultSerializer(table_result_get(table)).data)


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
    error_fields = {"file": "trf"}
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
        request={"application/json": cs.TrfImportSerializer, "text/plain": OpenApiTypes.STR},
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
        form = cs.TrfImportSerializer(data=body)
        form.is_valid(raise_exception=True)
        d = form.validated_data
        t = trf.import_trf(d["trf"], self.actor, slug=d.get("slug"), name=d.get("name"))
        return Response(s.TournamentSerializer(t).data, status=status.HTTP_201_CREATED)


class RankingView(DirectorView):
    @extend_schema(summary="The initial ranking: pairing numbers (Chaos: InternalRatings)",
                   description=("Elo, then DWZ, then FIDE title, then name; the numbers the "
                                "Dutch draw and the TRF file use."),
                   responses=responses(cs.RankingRowSerializer(many=True)))
    def get(self, request: Request, slug: str) -> Response:
        rows = chess_ranking_list(self.tournament)
        return Response(cs.RankingRowSerializer(rows, many=True).data)


# The chess outputs as data (the printed ones are the reports): cross table, progress
# table, player cards, DWZ evaluation.


class CrossTableView(DirectorView):
    error_fields = {"kind": "__all__"}

    @extend_schema(summary="Cross table: everyone against everyone (Chaos: CrossTable)",
                   parameters=[cs.CrossTableQuerySerializer],
                   responses=responses(cs.CrossTableSerializer))
    def get(self, request: Request, slug: str) -> Response:
        query = cs.CrossTableQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        table = chess_outputs.cross_table(self.tournament, query.validated_data.get("after_round"),
                                          query.validated_data["order"])
        return Response(cs.CrossTableSerializer(table).data)


class ProgressView(DirectorView):
    error_fields = {"kind": "__all__"}

    @extend_schema(summary="Progress table: each round's opponent, colour, result, running "
                           "score (Chaos: TableOfProgress)",
                   parameters=[cs.ProgressQuerySerializer],
                   responses=responses(cs.ProgressTableSerializer))
    def get(self, request: Request, slug: str) -> Response:
        query = cs.ProgressQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        table = chess_outputs.progress_table(self.tournament,
                                             query.validated_data.get("after_round"),
                                             query.validated_data["opponent_by"])
        return Response(cs.ProgressTableSerializer(table).data)


class PlayerCardsView(DirectorView):
    error_fields = {"kind": "__all__"}

    @extend_schema(summary="Player cards: the rounds so far and rows for the rest "
                           "(Chaos: PlayerCards)",
                   responses=responses(cs.CardSerializer(many=True)))
    def get(self, request: Request, slug: str) -> Response:
        cards = chess_outputs.player_cards(self.tournament)
        return Response(cs.CardSerializer(cards, many=True).data)


class DwzView(DirectorView):
    error_fields = {"kind": "__all__"}

    @extend_schema(summary="DWZ evaluation per player, and Elo changes if rated "
                           "(Chaos: DWZReport)",
                   description=("Games over the board only. Players with rated games and no "
                                "birth date are listed in `missing_birth_dates` (Chaos asks "
                                "for them before the report); until entered they count as "
                                "over 25."),
                   responses=responses(cs.DwzReportSerializer))
    def get(self, request: Request, slug: str) -> Response:
        report = chess_outputs.dwz_report(self.tournament)
        return Response(cs.DwzReportSerializer(report).data)


class RatingUpdateView(DirectorView):
    """Chaos's UpdateRatings: the new DWZ and Elo written back to the players."""

    error_fields = {"kind": "__all__"}

    @extend_schema(summary="The ratings the evaluation changes (to confirm before writing)",
                   responses=responses(cs.RatingChangeSerializer(many=True), bad=False))
    def get(self, request: Request, slug: str) -> Response:
        from ..rating_update import rating_changes

        return Response(cs.RatingChangeSerializer(rating_changes(self.tournament),
                                                 many=True).data)

    @extend_schema(
        summary="Write the new ratings to the players (Chaos: UpdateRatings)",
        description=("`confirmed`: the start numbers of the list from GET, as checked. 409 "
                     "when the list has changed since, or the ratings were written already; "
                     "400 before the last round is closed."),
        request=cs.RatingUpdateSerializer,
        responses=responses(cs.RatingChangeSerializer(many=True)))
    def post(self, request: Request, slug: str) -> Response:
        from ..rating_update import update_ratings

        form = cs.RatingUpdateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        done = update_ratings(self.tournament, self.actor, form.validated_data["confirmed"])
        return Response(cs.RatingChangeSerializer(done, many=True).data)
