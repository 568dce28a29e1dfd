"""Events with sections (docs/sections.md): the event's read and the ``event/1`` document.

Output only, for the schema: the service (:mod:`tournaments.services.event_documents`)
builds the JSON and checks an imported document, every problem at its place."""

from __future__ import annotations

from rest_framework import serializers

LIMITS_HELP = ("rating_min, rating_max (the rating the section ranks by: rating_kind), "
               "born_from, born_to (years); a missing key is no limit.")


class SectionLinksSerializer(serializers.Serializer):
    api = serializers.CharField(help_text="The section as a tournament of this API.")
    standings = serializers.CharField()
    page = serializers.CharField(help_text="The section's public page.")


class SectionSerializer(serializers.Serializer):
    slug = serializers.SlugField(help_text="The section's tournament slug.")
    label = serializers.CharField(help_text="A, B, U1800, Blitz …")  # type: ignore[assignment]
    name = serializers.CharField()
    discipline = serializers.CharField()
    status = serializers.CharField()
    public = serializers.BooleanField()
    limits = serializers.DictField(child=serializers.IntegerField(), help_text=LIMITS_HELP)
    rating_kind = serializers.CharField(help_text="Which rating the limits read: elo, dwz "
                                                  "(chess, by its seeding) or rating.")
    planned_rounds = serializers.IntegerField()
    rounds = serializers.IntegerField(help_text="Rounds drawn so far.")
    entrants = serializers.IntegerField()
    links = SectionLinksSerializer()


class EventLinksSerializer(serializers.Serializer):
    page = serializers.CharField()
    live = serializers.CharField(help_text="The live board of every section.")
    projector = serializers.CharField()
    document = serializers.CharField(help_text="The event/1 document.")


class EventSerializer(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()
    date = serializers.DateField(allow_null=True)
    organiser = serializers.CharField()
    sections = SectionSerializer(many=True)
    links = EventLinksSerializer()


class EventSectionDocumentSerializer(serializers.Serializer):
    label = serializers.CharField(max_length=40)  # type: ignore[assignment]
    limits = serializers.DictField(child=serializers.IntegerField(), required=False,
                                   help_text=LIMITS_HELP)
    tournament = serializers.DictField(help_text="The section as a plain turnier/1 document.")


class EventDocumentSerializer(serializers.Serializer):
    """An ``event/1`` document: the event and its sections, each a ``turnier/1`` document."""

    format = serializers.CharField(default="event/1")
    name = serializers.CharField(max_length=200)
    date = serializers.DateField(required=False, allow_null=True)
    organiser = serializers.CharField(required=False, allow_blank=True)
    sections = EventSectionDocumentSerializer(many=True)


class ImportedEventSerializer(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()
    sections = serializers.ListField(child=serializers.SlugField(),
                                     help_text="The sections' tournament slugs, by label.")
