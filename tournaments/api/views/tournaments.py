"""Tournaments: the list, creating and changing one, and the turnier/1 document."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from ... import services
from ...bodylimit import IMPORT_BYTES
from ...selectors.tournaments import tournament_list_directed
from ...services.documents import import_document
from .. import serializers as s
from ..schema import CREATOR_ONLY, DENIED, DOCUMENT_EXAMPLE, ERRORS, responses
from .base import CreatorView, DirectorView


class TournamentListView(CreatorView):
    @extend_schema(summary="Tournaments I direct", responses={
        200: s.TournamentSerializer(many=True), 401: DENIED[401]})
    def get(self, request: Request) -> Response:
        return Response(s.TournamentSerializer(tournament_list_directed(request.user),
                                               many=True).data)

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
        t = services.create_tournament(self.actor, **form.validated_data)
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
        t = import_document(request.data, self.actor)
        return Response(s.ImportedSerializer(t).data, status=status.HTTP_201_CREATED)


class DocumentView(DirectorView):
    @extend_schema(summary="The tournament as a turnier/1 document",
                   responses=responses(s.DocumentSerializer, bad=False))
    def get(self, request: Request, slug: str) -> Response:
        return Response(services.export_document(self.tournament))
