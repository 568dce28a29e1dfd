"""A captain's submission key: the server takes each key once per table, however often the
phone sends it (captain-offline.js keeps a result on the phone and sends it again until an
answer arrives). Also the service worker and manifest the offline page rests on."""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import ActionLog, Result, ResultRevision, SubmissionKey
from tournaments.services import ServiceError

from .helpers import publish_first_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def chess(make_tournament, boss) -> tuple[Any, Any, list[Any]]:
    t = make_tournament("chess", "single", entrants=4)
    return (t, *publish_first_round(t, boss, "keys"))


def page(table: Any) -> str:
    return reverse("captain:table", args=[table.token])


def test_the_same_key_twice_is_one_revision_with_the_same_outcome(chess):
    _, _, tables = chess
    table, key = tables[0], str(uuid.uuid4())
    first = services.captain_submit(table.token, {"score": "1-0"}, device_id="a" * 20, key=key)
    logged = ActionLog.objects.count()
    again = services.captain_submit(table.token, {"score": "1-0"}, device_id="a" * 20, key=key)
    assert (first.outcome, again.outcome) == ("submitted", "submitted")
    assert ResultRevision.objects.filter(table=table).count() == 1
    assert ActionLog.objects.count() == logged  # nothing new on record
    assert SubmissionKey.objects.get(table=table, key=key).outcome == "submitted"


def test_a_repeated_key_keeps_its_first_outcome_after_another_phone_confirmed(chess):
    _, _, tables = chess
    table, key = tables[0], str(uuid.uuid4())
    services.captain_submit(table.token, {"score": "1-0"}, device_id="a" * 20, key=key)
    services.captain_submit(table.token, {"score": "1-0"}, device_id="b" * 20,
                            key=str(uuid.uuid4()))
    again = services.captain_submit(table.token, {"score": "0-1"}, device_id="a" * 20, key=key)
    assert again.outcome == "submitted"  # what this key did when it arrived
    assert again.status == "confirmed"  # and the table as it stands now
    assert ResultRevision.objects.filter(table=table).count() == 2


def test_a_key_belongs_to_its_table(chess):
    _, _, tables = chess
    key = str(uuid.uuid4())
    services.captain_submit(tables[0].token, {"score": "1-0"}, key=key)
    services.captain_submit(tables[1].token, {"score": "0-1"}, key=key)
    assert Result.objects.get(table=tables[1]).payload == {"score": "0-1"}


def test_a_stored_key_is_answered_even_after_the_round_closed(chess, boss):
    t, rnd, tables = chess
    key = str(uuid.uuid4())
    services.captain_submit(tables[0].token, {"score": "1-0"}, key=key)
    for table in tables:
        services.director_set_result(table, boss, {"score": "1-0"})
    services.close_round(t, boss, rnd.number)
    assert services.captain_submit(tables[0].token, {"score": "1-0"}, key=key).outcome \
        == "submitted"
    with pytest.raises(services.RoundNotOpen):
        services.captain_submit(tables[0].token, {"score": "1-0"}, key=str(uuid.uuid4()))


@pytest.mark.parametrize("key", ["short", "x" * 65, "ä" * 20, "has space in it 123",
                                 "semi;colon-0123456789", "<script>alert(1)</script>"])
def test_a_malformed_key_is_refused(chess, key):
    _, _, tables = chess
    with pytest.raises(ServiceError) as caught:
        services.captain_submit(tables[0].token, {"score": "1-0"}, key=key)
    assert "key" in caught.value.errors
    assert not ResultRevision.objects.exists()


def test_the_page_takes_a_keyed_post_once(phone, chess):
    _, _, tables = chess
    table, key = tables[0], str(uuid.uuid4())
    form = {"score": "1-0", "key": key, "nonce": "n1"}
    first = phone.post(page(table), form)
    again = phone.post(page(table), form)
    assert first.status_code == again.status_code == 302
    assert first["Location"] == again["Location"] == page(table) + "?sent=submitted"
    assert ResultRevision.objects.filter(table=table).count() == 1
    shown = phone.get(first["Location"])
    assert b"data-sent=\"submitted\"" in shown.content and b"1 \xe2\x80\x93 0" in shown.content


def test_a_keyed_post_is_not_taken_for_an_old_nonce(phone, chess):
    """A page kept on the phone carries the nonce it had when it was kept: a new result sent
    from it with a new key is a new submission, not the old nonce's answer."""
    _, _, tables = chess
    table = tables[0]
    phone.post(page(table), {"score": "1-0", "nonce": "kept-nonce"})
    phone.post(page(table), {"score": "0-1", "nonce": "kept-nonce", "key": str(uuid.uuid4())})
    assert Result.objects.get(table=table).payload == {"score": "0-1"}
    assert ResultRevision.objects.filter(table=table).count() == 2


@pytest.mark.parametrize("key", ["short", "x" * 65, "<b>0123456789abcdef</b>"])
def test_the_page_answers_a_bad_key_with_400_and_stores_nothing(phone, chess, key):
    _, _, tables = chess
    response = phone.post(page(tables[0]), {"score": "1-0", "key": key})
    assert response.status_code == 400
    assert b"a submission key is 16 to 64" in response.content
    assert not ResultRevision.objects.exists()


def test_a_stored_key_after_closing_shows_the_closed_page_with_the_result(phone, chess, boss):
    t, rnd, tables = chess
    key = str(uuid.uuid4())
    phone.post(page(tables[0]), {"score": "1-0", "key": key})
    for table in tables:
        services.director_set_result(table, boss, {"score": "1-0"})
    services.close_round(t, boss, rnd.number)
    again = phone.post(page(tables[0]), {"score": "1-0", "key": key})
    assert again.status_code == 302  # stored before: the phone follows to what stands
    unsent = phone.post(page(tables[0]), {"score": "1-0", "key": str(uuid.uuid4())})
    assert unsent.status_code == 410
    told = phone.get(page(tables[0]) + "?unsent=1")
    assert told.status_code == 410 and b"data-unsent" in told.content
    assert b"data-unsent" not in phone.get(page(tables[0])).content


def test_service_worker_is_javascript_for_the_captain_scope(phone, db):
    response = phone.get(reverse("captain:service_worker"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    assert reverse("captain:service_worker") == "/c/sw.js"  # its scope: all of /c/
    body = response.content.decode()
    assert "/static/js/captain-offline.js" in body and "&quot;" not in body
    assert "default-src 'self'" in response["Content-Security-Policy"]


def test_manifest_opens_this_tables_page(phone, chess):
    _, _, tables = chess
    response = phone.get(reverse("captain:manifest", args=[tables[0].token]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/manifest+json")
    data = json.loads(response.content)
    assert data["start_url"] == page(tables[0]) and data["scope"] == "/c/"
    assert data["display"] == "standalone" and data["icons"]
    assert phone.get(reverse("captain:manifest", args=["no-such-token"])).status_code == 404


def test_the_page_links_its_manifest_and_offline_script(phone, chess):
    _, _, tables = chess
    body = phone.get(page(tables[0])).content.decode()
    assert reverse("captain:manifest", args=[tables[0].token]) in body
    assert "js/captain-offline.js" in body and 'name="key"' in body
    assert 'data-sw="/c/sw.js"' in body


def test_director_undo_is_not_undone_by_a_late_copy(chess, boss):
    """A copy arriving after the director took the report back writes nothing again."""
    _, _, tables = chess
    key = str(uuid.uuid4())
    services.captain_submit(tables[0].token, {"score": "1-0"}, key=key)
    services.clear_result(tables[0], boss)
    again = services.captain_submit(tables[0].token, {"score": "1-0"}, key=key)
    assert again.outcome == "submitted"
    assert ResultRevision.objects.filter(table=tables[0], source="captain").count() == 1
    assert not Result.objects.filter(table=tables[0]).exists()



def test_the_captain_api_takes_an_idempotency_key_once_even_after_closing(client, chess, boss):
    t, rnd, tables = chess
    url = reverse("api-captain", args=[tables[0].token])
    key = str(uuid.uuid4())
    headers = {"HTTP_IDEMPOTENCY_KEY": key, "HTTP_X_DEVICE_ID": "a" * 20}
    first = client.post(url, {"score": "1-0"}, content_type="application/json", **headers)
    again = client.post(url, {"score": "1-0"}, content_type="application/json", **headers)
    assert first.status_code == again.status_code == 200
    assert first.json()["outcome"] == again.json()["outcome"] == "submitted"
    assert ResultRevision.objects.filter(table=tables[0]).count() == 1
    for table in tables[1:]:
        services.director_set_result(table, boss, {"score": "1-0"})
    services.close_round(t, boss, rnd.number)
    late = client.post(url, {"score": "1-0"}, content_type="application/json", **headers)
    assert late.status_code == 200 and late.json()["outcome"] == "submitted"
    fresh = client.post(url, {"score": "1-0"}, content_type="application/json",
                        HTTP_IDEMPOTENCY_KEY=str(uuid.uuid4()))
    assert fresh.status_code == 409  # a new submission after closing is refused as before
    assert ResultRevision.objects.filter(table=tables[0]).count() == 1


def test_the_captain_api_refuses_a_malformed_idempotency_key_with_400(client, chess):
    _, _, tables = chess
    response = client.post(reverse("api-captain", args=[tables[0].token]), {"score": "1-0"},
                           content_type="application/json", HTTP_IDEMPOTENCY_KEY="short")
    assert response.status_code == 400 and "key" in response.json()
    assert not ResultRevision.objects.filter(table=tables[0]).exists()
