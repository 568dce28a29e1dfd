"""Events with sections (docs/sections.md): the event's read, its ``event/1`` document and
the import of one. Directors of the event (its creator and its sections' directors) read
it; the document holds the sections the caller directs."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from ...bodylimit import IMPORT_BYTES
from ...models import Event
from ...permissions import directs_event, is_director
from ...services import event_documents
from ...services.events import sections
from ..schema import CREATOR_ONLY, DENIED, responses
from ..serializers import events as s
from .base import APIBase, CreatorView

EVENT_EXAMPLE = OpenApiExample("an open with two groups", value={
    "format": "event/1", "name": "Sommer-Open", "date": "2026-07-04", "organiser": "SK Nord",
    "sections": [
        {"label": "A", "limits": {"rating_min": 1800}, "tournament": {
            "format": "turnier/1", "name": "Open A", "discipline": "chess",
            "entrants": [{"id": 1, "name": "Anna Berg", "rating": 2010}], "rounds": []}},
        {"label": "B", "limits": {"rating_max": 1799}, "tournament": {
            "format": "turnier/1", "name": "Open B", "discipline": "chess",
            "entrants": [{"id": 1, "name": "Bernd Ohm", "rating": 1500}], "rounds": []}}]})


class DirectsEvent(BasePermission):
    """The event's creator or a director of one of its sections (404 for an unknown slug,
    after the 401 of a request without credentials)."""

    message = "Only a director of this event may do this."

    def has_permission(self, request: Any, view: Any) -> bool:
        return directs_event(request.user, view.event)


class EventView(APIBase):
    permission_classes = [IsAuthenticated, DirectsEvent]

    @cached_property
    def event(self) -> Event:
        return get_object_or_404(Event, slug=self.kwargs.get("event"))


class EventDetailView(EventView):
    @extend_schema(summary="An event with its sections",
                   responses=responses(s.EventSerializer, bad=False))
    def get(self, request: Request, event: str) -> Response:
        return Response(event_documents.event_summary(self.event))


class EventDocumentView(EventView):
    @extend_schema(summary="The event as an event/1 document (the sections you direct)",
                   responses=responses(s.EventDocumentSerializer, bad=False),
                   examples=[EVENT_EXAMPLE])
    def get(self, request: Request, event: str) -> Response:
        mine = [t for t in sections(self.event) if is_director(request.user, t)]
        return Response(event_documents.export_event(self.event, mine))


class EventImportView(CreatorView):
    max_body_bytes = IMPORT_BYTES

    @extend_schema(summary="Create an event and its sections from an event/1 document",
                   request=s.EventDocumentSerializer, examples=[EVENT_EXAMPLE],
                   responses={201: s.ImportedEventSerializer, 400: OpenApiResponse(
                       OpenApiTypes.OBJECT, description="Every problem, keyed by its place.",
                       examples=[OpenApiExample("a limit out of range", value={
                           "sections[1].limits.rating_max": [
                               "a whole number from 0 to 4000"]})]),
                       401: DENIED[401], 403: CREATOR_ONLY})
    def post(self, request: Request) -> Response:
        event = event_documents.import_event(request.data, self.actor)
        return Response({"slug": event.slug, "name": event.name,
                         "sections": [t.slug for t in sections(event)]},
                        status=status.HTTP_201_CREATED)
