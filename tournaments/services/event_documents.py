"""An event as data: the API's summary of it and the ``event/1`` document (docs/sections.md).

A section is a whole tournament, so its document stays a plain ``turnier/1``
(:func:`~.documents.export_document`): a section exported alone imports as a tournament
of its own, anywhere. The ``event/1`` document wraps them: the event's facts and, per
section, its label, its limits and its ``turnier/1`` document. Importing it creates the
event and every section (each through :func:`~.documents.import_document`, with the same
checks and limits) all or nothing; every problem is reported at its place
(``sections[1].tournament.entrants[0].name``).
"""

from __future__ import annotations

from datetime import date
from typing import Any

from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext as _

from ..models import Event, Tournament
from .base import Actor, ServiceError
from .documents import export_document, import_document
from .events import (
    LABEL_LENGTH,
    MAX_SECTIONS,
    check_limits,
    create_event,
    section_name,
    sections,
    set_section,
)

FORMAT = "event/1"
EVENT_KEYS = {"format", "name", "date", "organiser", "sections"}
SECTION_KEYS = {"label", "limits", "tournament"}


def event_summary(event: Event) -> dict[str, Any]:
    """The API's read of an event: its facts, its sections with their limits, rounds and
    the addresses of each (API and pages)."""
    rows = []
    for t in sections(event):
        kind, _label = t.disc.desk_rating(t)
        rows.append({
            "slug": t.slug, "label": section_name(t), "name": t.name,
            "discipline": t.discipline, "status": t.status, "public": t.public,
            "limits": t.section_limits or {}, "rating_kind": kind,
            "planned_rounds": t.planned_rounds, "rounds": t.rounds.count(),
            "entrants": t.entrants.count(),
            "links": {"api": reverse("api-tournament", args=[t.slug]),
                      "standings": reverse("api-standings", args=[t.slug]),
                      "page": reverse("public:tournament", args=[t.slug])}})
    return {"slug": event.slug, "name": event.name,
            "date": event.date.isoformat() if event.date else None,
            "organiser": event.organiser, "sections": rows,
            "links": {"page": reverse("events:public", args=[event.slug]),
                      "live": reverse("events:live", args=[event.slug]),
                      "projector": reverse("events:projector", args=[event.slug]),
                      "document": reverse("api-event-document", args=[event.slug])}}


def export_event(event: Event, of: list[Tournament] | None = None) -> dict[str, Any]:
    """The ``event/1`` document of ``event`` with the sections ``of`` (default: all)."""
    chosen = list(sections(event)) if of is None else of
    return {"format": FORMAT, "name": event.name,
            "date": event.date.isoformat() if event.date else None,
            "organiser": event.organiser,
            "sections": [{"label": section_name(t), "limits": t.section_limits or {},
                          "tournament": export_document(t)} for t in chosen]}


def _date(raw: Any) -> date | None:
    if raw in (None, ""):
        return None
    if not isinstance(raw, str) or len(raw) != 10:
        raise ServiceError(_("a date as YYYY-MM-DD"), "date")
    try:
        return date.fromisoformat(raw)
    except ValueError:
        raise ServiceError(_("a date as YYYY-MM-DD"), "date") from None


def _check_shape(data: Any) -> list[dict[str, Any]]:
    """The document's outline, before anything is created: every problem at its place."""
    if not isinstance(data, dict):
        raise ServiceError(_("an event/1 document is a JSON object"), "document")
    if data.get("format") != FORMAT:
        raise ServiceError(_("format must be %(f)s") % {"f": FORMAT}, "format")
    unknown = sorted(set(data) - EVENT_KEYS)
    if unknown:
        raise ServiceError(_("unknown key %(key)s") % {"key": unknown[0]}, unknown[0])
    for key in ("name", "organiser"):
        if data.get(key) is not None and not isinstance(data[key], str):
            raise ServiceError(_("a text"), key)
    rows = data.get("sections")
    if not isinstance(rows, list) or not 1 <= len(rows) <= MAX_SECTIONS:
        raise ServiceError(_("a list of 1 to %(n)s sections") % {"n": MAX_SECTIONS},
                           "sections")
    errors: dict[str, list[str]] = {}
    labels: set[str] = set()
    for i, row in enumerate(rows):
        here = f"sections[{i}]"
        if not isinstance(row, dict):
            errors.setdefault(here, []).append(_("a section is an object of label, limits "
                                                 "and tournament"))
            continue
        for key in sorted(set(row) - SECTION_KEYS):
            errors.setdefault(f"{here}.{key}", []).append(_("unknown key %(key)s")
                                                          % {"key": key})
        label = row.get("label")
        if not isinstance(label, str) or not 1 <= len(label.strip()) <= LABEL_LENGTH:
            errors.setdefault(f"{here}.label", []).append(
                _("a section label of 1 to %(n)s characters") % {"n": LABEL_LENGTH})
        elif label.strip().lower() in labels:
            errors.setdefault(f"{here}.label", []).append(
                _("the event has a section %(label)s already") % {"label": label})
        else:
            labels.add(label.strip().lower())
        try:
            check_limits(row.get("limits"))
        except ServiceError as exc:
            for field, messages in exc.errors.items():
                errors.setdefault(f"{here}.limits.{field}" if field != "limits"
                                  else f"{here}.limits", []).extend(messages)
        if not isinstance(row.get("tournament"), dict):
            errors.setdefault(f"{here}.tournament", []).append(
                _("a turnier/1 document"))
    if errors:
        raise ServiceError(errors)
    return rows


def import_event(data: Any, actor: Actor) -> Event:
    """Create the event and its sections from an ``event/1`` document, all or nothing.

    Each section's tournament is checked and stored as a ``turnier/1`` import is; a
    refusal names the place inside the event document."""
    rows = _check_shape(data)
    day = _date(data.get("date"))
    with transaction.atomic():
        event = create_event(actor, data.get("name") or "", day, data.get("organiser") or "")
        for i, row in enumerate(rows):
            try:
                t = import_document(row["tournament"], actor)
            except ServiceError as exc:
                raise ServiceError({f"sections[{i}].tournament.{field}": messages
                                    for field, messages in exc.errors.items()}) from None
            try:
                set_section(event, t, actor, row["label"], row.get("limits"))
            except ServiceError as exc:
                raise ServiceError({f"sections[{i}].{field}": messages
                                    for field, messages in exc.errors.items()}) from None
    return event
