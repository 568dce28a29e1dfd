"""Events in the API and the event/1 document (issue 33, docs/sections.md)."""

from __future__ import annotations

import json
from copy import deepcopy

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import Event, Tournament
from tournaments.services import event_documents as docs
from tournaments.services import events as ev

from .helpers import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def open_event(boss, may_create):
    event = ev.create_event(boss, "Sommer-Open", organiser="SK Nord")
    a = ev.create_section(event, boss, "A", "Open A", "chess", {"rating_min": 1800})
    b = ev.create_section(event, boss, "B", "Open B", "chess", {"rating_max": 1799})
    for name, value in (("Anna Berg", 2010), ("Carl Kern", 1950), ("Bernd Ohm", 1500),
                        ("Dora Fix", 1400)):
        ev.sign_up_at_event(event, boss, {"name": name, "rating": value, "dwz": value})
    services.draw_round(a, boss, seed="api")
    services.publish_round(a, boss, 1)
    table = a.rounds.get(number=1).tables.get()
    services.director_set_result(table, boss, {"score": "1-0"})
    return event, a, b


def test_read_an_event_with_its_sections(open_event, api):
    event, a, b = open_event
    r = api.get(f"/api/v1/events/{event.slug}/")
    assert r.status_code == 200, r.content
    data = r.json()
    assert (data["name"], data["organiser"]) == ("Sommer-Open", "SK Nord")
    assert [(s["label"], s["slug"], s["limits"]) for s in data["sections"]] == [
        ("A", a.slug, {"rating_min": 1800}), ("B", b.slug, {"rating_max": 1799})]
    first = data["sections"][0]
    assert (first["rounds"], first["planned_rounds"], first["entrants"]) == (
        1, a.planned_rounds, 2)
    assert first["links"]["api"] == f"/api/v1/tournaments/{a.slug}/"
    assert data["links"]["live"] == f"/v/{event.slug}/live/"


def test_who_may_read_it(open_event, stranger):
    event, _a, _b = open_event
    assert client_for().get(f"/api/v1/events/{event.slug}/").status_code == 401
    assert client_for(stranger).get(f"/api/v1/events/{event.slug}/").status_code == 403
    assert client_for(stranger).get("/api/v1/events/nope/").status_code == 404


def test_the_document_round_trips_as_a_new_event(open_event, api):
    event, a, _b = open_event
    doc = api.get(f"/api/v1/events/{event.slug}/document/").json()
    assert doc["format"] == "event/1" and len(doc["sections"]) == 2
    section = doc["sections"][0]
    # A section's own document is a plain tournament: the same as its own export.
    assert section["tournament"] == services.export_document(a)
    assert section["tournament"]["format"] == "turnier/1"
    doc["name"] = "Sommer-Open (Kopie)"
    r = api.post("/api/v1/events/import/", doc, format="json")
    assert r.status_code == 201, r.content
    copy = Event.objects.get(slug=r.json()["slug"])
    labels = [(t.section_label, t.section_limits) for t in ev.sections(copy)]
    assert labels == [("A", {"rating_min": 1800}), ("B", {"rating_max": 1799})]
    again = docs.export_event(copy)
    for before, after in zip(doc["sections"], again["sections"], strict=True):
        assert after["tournament"]["entrants"] == before["tournament"]["entrants"]
        assert after["tournament"]["rounds"] == before["tournament"]["rounds"]


def bad(doc, path, value):
    doc = deepcopy(doc)
    node = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return doc


@pytest.mark.parametrize("path,value,field", [
    (("format",), "turnier/1", "format"),
    (("sections",), [], "sections"),
    (("sections",), [{}] * 21, "sections"),
    (("date",), "4.7.2026", "date"),
    (("name",), "a\nb", "name"),
    (("sections", 1, "label"), "A", "sections[1].label"),
    (("sections", 1, "label"), "x" * 41, "sections[1].label"),
    (("sections", 1, "limits"), {"rating_max": 5000}, "sections[1].limits.rating_max"),
    (("sections", 0, "tournament"), [], "sections[0].tournament"),
    (("sections", 0, "colour"), "red", "sections[0].colour"),
    (("sections", 1, "tournament", "discipline"), "nope", "sections[1].tournament.discipline"),
])
def test_a_bad_document_is_refused_at_its_place_and_creates_nothing(open_event, api, path,
                                                                     value, field):
    event, _a, _b = open_event
    doc = api.get(f"/api/v1/events/{event.slug}/document/").json()
    events, tournaments = Event.objects.count(), Tournament.objects.count()
    r = api.post("/api/v1/events/import/", bad(doc, path, value), format="json")
    assert r.status_code == 400, r.content
    assert any(key.startswith(field) for key in r.json()), r.json()
    assert (Event.objects.count(), Tournament.objects.count()) == (events, tournaments)


def test_import_needs_the_right_to_create(open_event, api, stranger):
    event, _a, _b = open_event
    doc = api.get(f"/api/v1/events/{event.slug}/document/").json()
    assert client_for(stranger).post("/api/v1/events/import/", doc,
                                     format="json").status_code == 403
    r = client_for(stranger).post("/api/v1/events/import/", "[1", content_type="application/json")
    assert r.status_code in (400, 403)


def test_the_schema_documents_the_event_endpoints():
    from rest_framework.test import APIClient

    schema = json.loads(APIClient().get(reverse("api-schema"), {"format": "json"}).content)
    paths = schema["paths"]
    one = paths["/api/v1/events/{event}/"]["get"]["responses"]["200"]["content"]
    assert one["application/json"]["schema"]["$ref"].endswith("/Event")
    section = schema["components"]["schemas"]["Section"]["properties"]
    assert {"slug", "label", "limits", "planned_rounds", "rounds", "links"} <= set(section)
    assert "400" in paths["/api/v1/events/import/"]["post"]["responses"]
    assert "/api/v1/events/{event}/document/" in paths


def test_the_event_page_downloads_its_document(open_event, client, director):
    event, _a, _b = open_event
    client.force_login(director)
    page = client.get(f"/director/events/{event.slug}/").content.decode()
    assert f"/director/events/{event.slug}/export/" in page
    r = client.get(f"/director/events/{event.slug}/export/")
    assert r.status_code == 200 and "attachment" in r["Content-Disposition"]
    assert json.loads(r.content)["format"] == "event/1"


def test_an_event_named_import_does_not_hide_behind_the_import(boss, may_create, api):
    event = ev.create_event(boss, "Import")
    assert event.slug != "import"
    assert api.get(f"/api/v1/events/{event.slug}/").status_code == 200
