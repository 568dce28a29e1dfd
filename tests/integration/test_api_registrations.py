"""The API's online registrations (docs/registration.md): the list with fee states and
totals, and the fee change through the desk's service (logged, refused at the field)."""

from __future__ import annotations

import pytest

from tournaments.models import ActionLog, Registration
from tournaments.services import announcement as announcements
from tournaments.services import online

from .helpers import client_for

URL = "/api/v1/tournaments/{slug}/registrations/"


@pytest.fixture
def t(make_tournament, boss):
    t = make_tournament("chess")
    announcements.save(t, boss, open=True, capacity=2, base_cents=1500, reduced_cents=1000)
    for n, youth in ((1, False), (2, True), (3, False)):
        online.register_online(t, f"Player {n}", f"p{n}@example.org", youth=youth)
    return t


def test_the_list_has_each_fee_and_the_totals(t, api):
    r = api.get(URL.format(slug=t.slug))
    assert r.status_code == 200
    body = r.json()
    assert [x["number"] for x in body["registrations"]] == [1, 2, 3]
    first, second, third = body["registrations"]
    assert (first["fee_cents"], second["fee_cents"]) == (1500, 1000)
    assert first["place"] == "placed" and first["start_number"] is not None
    assert third["place"] == "waiting" and third["start_number"] is None
    assert first["reference"].startswith("TW-") and "token" not in first
    # a fee is owed only with a place: the waiting third's 15 € is not (yet) due
    assert body["totals"]["due"] == {"count": 2, "cents": 2500}
    assert (body["totals"]["placed"], body["totals"]["waiting"]) == (2, 1)


def test_setting_a_fee_goes_through_the_desks_service(t, api):
    url = URL.format(slug=t.slug) + "2/"
    r = api.patch(url, {"fee_state": "paid", "paid_via": "cash"}, format="json")
    assert r.status_code == 200, r.content
    assert (r.json()["fee_state"], r.json()["paid_via"], r.json()["paid_cents"]) == (
        "paid", "cash", 1000)
    entry = ActionLog.objects.filter(action="set_fee").order_by("pk").last()
    assert entry.after == {"fee_state": "paid", "paid_via": "cash", "paid_cents": 1000}
    assert api.get(URL.format(slug=t.slug)).json()["totals"]["paid"] == {
        "count": 1, "cents": 1000}
    again = api.patch(url, {"fee_state": "due"}, format="json")
    assert again.json()["fee_state"] == "due" and again.json()["paid_via"] == ""


@pytest.mark.parametrize(("body", "field"), [
    ({"fee_state": "free"}, "fee_state"),
    ({}, "fee_state"),
    ({"fee_state": "paid", "paid_via": "cheque"}, "paid_via"),
    ({"fee_state": "paid", "paid_cents": -1}, "paid_cents"),
    ({"fee_state": "paid", "paid_cents": 10**9}, "paid_cents"),
    ({"fee_state": "waived", "paid_via": "cash"}, "paid_via"),
    ({"fee_state": "paid", "amount": 5}, "amount"),
])
def test_a_bad_fee_change_is_refused_at_its_field(t, api, body, field):
    r = api.patch(URL.format(slug=t.slug) + "1/", body, format="json")
    assert r.status_code == 400 and field in r.json(), r.content
    assert Registration.objects.get(tournament=t, number=1).fee_state == "due"


def test_unknown_registration_and_other_people_are_refused(t, api, desk_user, stranger):
    assert api.patch(URL.format(slug=t.slug) + "99/", {"fee_state": "paid"},
                     format="json").status_code == 404
    for user in (desk_user, stranger):
        assert client_for(user).get(URL.format(slug=t.slug)).status_code == 403
