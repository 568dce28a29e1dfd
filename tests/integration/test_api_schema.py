"""The API's schema documents every installed discipline's result body, with an example the
API accepts: the bodies and examples come from the disciplines' classes (issue 23), so a new
discipline appears in the schema by being installed."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse
from drf_spectacular.validation import validate_schema

from tournaments import services
from tournaments.disciplines import DISCIPLINES
from tournaments.models import Entrant, Result, Round, Seat
from tournaments.result_forms import seats_of
from tournaments.services import Actor

from .helpers import client_for

pytestmark = pytest.mark.django_db
API = "/api/v1"
# Entrants of one table (entrant kind, how many): the example names them 1, 2, … in seat order.
TABLES = {"chess": ("single", 2), "mucken": ("pair", 2), "pussi": ("single", 4),
          "boardgame": ("single", 4), "tabletop": ("single", 2), "skat": ("single", 4),
          "doppelkopf": ("single", 4), "schafkopf": ("single", 4), "teamchess": ("team", 2)}


@pytest.fixture(scope="module")
def schema(django_db_blocker) -> dict:
    from rest_framework.test import APIClient

    with django_db_blocker.unblock():
        r = APIClient().get(reverse("api-schema"), {"format": "json"})
    assert r.status_code == 200
    return json.loads(r.content)


def test_every_discipline_is_covered_by_the_test():
    assert set(TABLES) == set(DISCIPLINES)


def test_the_schema_names_every_disciplines_result_body(schema):
    validate_schema(schema)
    body = schema["components"]["schemas"]["ResultBody"]
    refs = {one["$ref"].rsplit("/", 1)[-1] for one in body["oneOf"]}
    assert len(refs) == len(DISCIPLINES), refs
    put = schema["paths"]["/api/v1/tournaments/{slug}/rounds/{number}/tables/{table}/result/"]
    examples = put["put"]["requestBody"]["content"]["application/json"]["examples"]
    shown = sorted(json.dumps(e["value"], sort_keys=True) for e in examples.values())
    assert shown == sorted(json.dumps(d.api_example(), sort_keys=True)
                           for d in DISCIPLINES.values())


@pytest.mark.parametrize("name", sorted(TABLES))
def test_each_example_is_accepted_by_the_api(name, may_create):
    kind, size = TABLES[name]
    boss = Actor(may_create, may_create.username)
    t = services.create_tournament(boss, f"Schema {name}", name, kind)
    per = 2 if kind == "pair" else 1
    for i in range(size):
        services.register(t, boss, [{"name": f"P{i}{k}"} for k in range(per)], status="present")
    services.draw_round(t, boss, seed="schema")
    rnd = Round.objects.get(tournament=t, number=1)
    table = rnd.tables.get()
    # The example's table: entrants 1, 2, … in seat order (the draw seats them by lot).
    slots = [(s.side, s.position) for s in seats_of(table)]
    table.seats.all().delete()
    for number, (side, position) in enumerate(slots, start=1):
        Seat.objects.create(table=table, round=rnd, side=side, position=position,
                            entrant=Entrant.objects.get(tournament=t, start_number=number))
    services.publish_round(t, boss, 1)
    r = client_for(may_create).put(
        f"{API}/tournaments/{t.slug}/rounds/1/tables/{table.number}/result/",
        DISCIPLINES[name].api_example(), format="json")
    assert r.status_code == 200, r.content
    assert Result.objects.get(table=table).payload == DISCIPLINES[name].api_example()


def test_the_schema_documents_registrations_and_their_fees(schema):
    """Online registration's endpoints (docs/registration.md): the list with the totals per
    fee state, and the fee change with its body and examples."""
    base = "/api/v1/tournaments/{slug}/registrations/"
    listed = schema["paths"][base]["get"]["responses"]["200"]["content"]["application/json"]
    assert listed["schema"]["$ref"].endswith("/RegistrationList")
    one = schema["paths"][base + "{number}/"]
    assert set(one) >= {"get", "patch"}
    body = one["patch"]["requestBody"]["content"]["application/json"]
    assert body["schema"]["$ref"].endswith("/PatchedFeeUpdate") or body["schema"][
        "$ref"].endswith("/FeeUpdate")
    assert {"cash at the desk", "waived"} <= {e["summary"] for e in body["examples"].values()}
    components = schema["components"]["schemas"]
    assert set(components["RegistrationList"]["properties"]) == {"totals", "registrations"}
    fee = components[body["schema"]["$ref"].rsplit("/", 1)[-1]]["properties"]
    state = fee["fee_state"]
    if "$ref" in state:  # an enum of its own, by name
        state = components[state["$ref"].rsplit("/", 1)[-1]]
    assert state["enum"] == ["due", "paid", "waived", "refunded"]
    assert "400" in one["patch"]["responses"] and "403" in one["patch"]["responses"]
    reg = components["Registration"]["properties"]
    assert {"reference", "fee_state", "paid_via", "place", "start_number"} <= set(reg)
    assert "token" not in reg  # the player's key stays theirs
