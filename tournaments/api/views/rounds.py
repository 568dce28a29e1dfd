"""Rounds: the list, one round, the draw and its undo, publish, close, reopen, the cleanup."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response

from ... import services
from ...selectors.rounds import round_last, round_list_with_progress
from ...services import ServiceError, seating
from ...services.round_choices import set_round_choices
from .. import serializers as s
from ..schema import ROUND, responses
from .base import DirectorView


class RoundListView(DirectorView):
    @extend_schema(summary="Rounds with their progress",
                   responses=responses(s.RoundSummarySerializer(many=True), bad=False))
    def get(self, request: Request, slug: str) -> Response:
        return Response(s.RoundSummarySerializer(round_list_with_progress(self.tournament),
                                                 many=True).data)


class RoundDetailView(DirectorView):
    @extend_schema(parameters=ROUND, summary="A round: tables with seats and result status, byes",
                   responses=responses(s.RoundSerializer, bad=False))
    def get(self, request: Request, slug: str, number: int) -> Response:
        return Response(self.round_data(number))

    @extend_schema(parameters=ROUND, summary="Set what the round is played with (tabletop's "
                   "12 matrix: the missions' kinds, results already in count by them; board "
                   "games: the title of the round's game)",
                   request=s.RoundChoicesSerializer, responses=responses(s.RoundSerializer),
                   examples=[OpenApiExample("Maelstrom primary", request_only=True, value={
                       "missions": ["maelstrom", "eternal_war", "tertiary"]})])
    def patch(self, request: Request, slug: str, number: int) -> Response:
        self.get_round(number)  # 404 for a round that does not exist
        form = s.RoundChoicesSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        set_round_choices(self.tournament, self.actor, number, dict(form.validated_data))
        return Response(self.round_data(number))


class DrawView(DirectorView):
    @extend_schema(summary="Draw the next round (a preview until it is published)",
                   request=s.DrawSerializer, responses=responses(s.RoundSerializer, code=201),
                   examples=[OpenApiExample("replay a draw", request_only=True,
                                            value={"seed": "5f0c2a9d1e7b3c44"})])
    def post(self, request: Request, slug: str) -> Response:
        form = s.DrawSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        choices = {"missions": form.validated_data["missions"]} if (
            "missions" in form.validated_data) else None
        if choices is not None:  # refused before anything is drawn
            _extra, problems = self.tournament.disc.clean_round_choices(self.tournament,
                                                                        choices)
            if problems:
                raise ServiceError(problems)
        rnd = services.draw_round(self.tournament, self.actor,
                                  seed=form.validated_data.get("seed") or None,
                                  method=form.validated_data.get("method") or None)
        if choices is not None:
            set_round_choices(self.tournament, self.actor, rnd.number, choices)
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
        last = round_last(self.tournament)
        if last is None:
            raise NotFound(_("No round is drawn yet."))
        return Response(self.round_data(last.number))

    @extend_schema(summary="Undo the last draw (while no result is in)",
                   responses=responses(s.UndoSerializer))
    def delete(self, request: Request, slug: str) -> Response:
        undone = services.undo_draw(self.tournament, self.actor)
        return Response(s.UndoSerializer({"undone": undone}).data)


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
