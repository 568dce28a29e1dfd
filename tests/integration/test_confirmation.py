"""A result is confirmed by a second device or the director, never by one phone twice.

Security review, finding 13: the same link submitting the same result twice turned
"submitted" into "confirmed". Now every report carries its reporter (a keyed hash of the
phone's device id, ``services.reporters``) and only another reporter confirms.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st
from rest_framework.test import APIClient

from tournaments import services
from tournaments.models import ActionLog, Result, ResultRevision, Round, Table
from tournaments.services import Actor, reporters

pytestmark = pytest.mark.django_db

API = "/api/v1"
WIN, LOSS = {"score": "1-0"}, {"score": "0-1"}


@pytest.fixture
def tables(make_tournament, director) -> list[Table]:
    """A chess tournament of four, round 1 published: two tables."""
    t = make_tournament("chess", entrants=4)
    actor = Actor(director, director.username)
    services.draw_round(t, actor, seed="confirm")
    rnd = services.publish_round(t, actor, 1)
    return list(rnd.tables.order_by("number"))


def phone() -> Client:
    """A phone of its own: its own cookies, so its own device id once it opened the page."""
    return Client(HTTP_ACCEPT_LANGUAGE="en")


def page(table: Table) -> str:
    return reverse("captain:table", args=[table.token])


def send(client: Client, table: Table, score: str) -> str:
    """Post the chess form as a phone does; the confirmation page's address."""
    r = client.post(page(table), {"score": score})
    assert r.status_code == 302, r.content.decode()[:500]
    return r.url


def status(table: Table) -> str:
    return Result.objects.get(table=table).status


# --- the captain page -----------------------------------------------------------------------

def test_the_same_phone_sending_the_same_result_again_does_not_confirm(tables):
    table = tables[0]
    mine = phone()
    mine.get(page(table))
    assert send(mine, table, "1-0").endswith("?sent=submitted")
    again = send(mine, table, "1-0")
    assert again.endswith("?sent=received")
    assert status(table) == Result.Status.SUBMITTED
    assert ResultRevision.objects.filter(table=table).count() == 1  # nothing new to keep
    done = mine.get(again).content.decode()
    assert 'data-state="submitted"' in done
    assert "Already received, waiting for the opponent." in done  # chess: one opponent
    assert "waiting for a second report" in done


def test_the_same_phone_sending_another_result_replaces_its_own_report(tables):
    table = tables[0]
    mine = phone()
    mine.get(page(table))
    send(mine, table, "1-0")
    assert send(mine, table, "0-1").endswith("?sent=replaced")
    result = Result.objects.get(table=table)
    assert result.status == Result.Status.SUBMITTED and result.payload == LOSS
    revisions = list(ResultRevision.objects.filter(table=table))
    assert [r.payload for r in revisions] == [WIN, LOSS]  # the typo stays on record
    assert revisions[0].reporter == revisions[1].reporter
    entry = ActionLog.objects.filter(action="captain_submit").first()
    assert entry.after["outcome"] == "replaced"
    assert entry.before["result"]["payload"] == WIN
    # the other party agrees with the corrected result: confirmed
    other = phone()
    other.get(page(table))
    assert send(other, table, "0-1").endswith("?sent=confirmed")
    assert status(table) == Result.Status.CONFIRMED


def test_a_second_phone_confirms_or_disputes(tables):
    one, two = tables
    for table, second, expected in ((one, "1-0", "confirmed"), (two, "0-1", "disputed")):
        a, b = phone(), phone()
        a.get(page(table))
        b.get(page(table))
        send(a, table, "1-0")
        assert send(b, table, second).endswith(f"?sent={expected}")
        assert status(table) == expected
    assert Result.objects.get(table=two).payload == WIN  # never overwritten by a dispute


def test_after_a_confirmation_the_first_phone_repeating_itself_changes_nothing(tables):
    table = tables[0]
    a, b = phone(), phone()
    a.get(page(table))
    b.get(page(table))
    send(a, table, "1-0")
    send(b, table, "1-0")
    assert send(a, table, "1-0").endswith("?sent=received")
    assert status(table) == Result.Status.CONFIRMED
    assert ResultRevision.objects.filter(table=table).count() == 2
    # but a different result from it now is a dispute: somebody agreed already
    assert send(a, table, "0-1").endswith("?sent=disputed")


def test_the_page_tells_the_reporting_phone_from_the_other_one(tables):
    table = tables[0]
    a, b = phone(), phone()
    a.get(page(table))
    send(a, table, "1-0")
    own = a.get(page(table)).content.decode()
    assert "data-mine" in own and "You have reported a result from this phone" in own
    theirs = b.get(page(table)).content.decode()
    assert "data-mine" not in theirs
    assert "A result has been reported from another phone" in theirs


def test_a_phone_on_its_first_visit_is_not_told_it_reported(tables):
    """An anonymous report (a script, the demo's results) is not the report of every phone
    that opens the page for the first time, before it has a device id."""
    table = tables[0]
    Client().post(page(table), {"score": "1-0"})
    first = phone().get(page(table)).content.decode()
    assert "data-mine" not in first
    assert "A result has been reported from another phone" in first


def test_the_page_sets_a_long_lived_httponly_device_cookie_once(tables):
    table = tables[0]
    client = phone()
    first = client.get(page(table))
    cookie = first.cookies[reporters.DEVICE_COOKIE]
    assert cookie["httponly"] and cookie["samesite"] == "Lax"
    assert cookie["path"] == "/c/"
    assert int(cookie["max-age"]) >= 365 * 86400
    assert reporters.DEVICE_ID.fullmatch(cookie.value)
    assert reporters.DEVICE_COOKIE not in client.get(page(table)).cookies  # kept, not renewed
    assert phone().get(page(table)).cookies[reporters.DEVICE_COOKIE].value != cookie.value


def test_posting_without_the_cookie_is_one_anonymous_device(tables):
    """A script that never opens the page: every post is the link's one anonymous device,
    and the answer to a post brings no cookie that would make the next post a second one."""
    table = tables[0]
    script = phone()
    r = script.post(page(table), {"score": "1-0"})
    assert reporters.DEVICE_COOKIE not in r.cookies
    assert send(script, table, "1-0").endswith("?sent=received")
    assert Client().post(page(table), {"score": "1-0"}).url.endswith("?sent=received")
    assert status(table) == Result.Status.SUBMITTED
    assert ResultRevision.objects.get(table=table).reporter == reporters.ANONYMOUS


def test_a_forged_device_cookie_is_ignored_and_replaced(tables):
    table = tables[0]
    client = phone()
    client.cookies[reporters.DEVICE_COOKIE] = "x" * 500
    fresh = client.get(page(table)).cookies[reporters.DEVICE_COOKIE].value
    assert fresh != "x" * 500 and reporters.DEVICE_ID.fullmatch(fresh)


def test_the_confirmation_page_in_german(tables):
    table = tables[0]
    a = Client(HTTP_ACCEPT_LANGUAGE="de")
    b = Client(HTTP_ACCEPT_LANGUAGE="de")
    c = Client(HTTP_ACCEPT_LANGUAGE="de")
    for client in (a, b, c):
        client.get(page(table))
    waiting = a.get(send(a, table, "1-0")).content.decode()
    assert "warten auf eine zweite Meldung" in waiting
    confirmed = b.get(send(b, table, "1-0")).content.decode()
    assert "Bestätigt" in confirmed
    review = c.get(send(c, table, "0-1")).content.decode()
    assert "Wird von der Turnierleitung geprüft" in review


# --- the captain API ------------------------------------------------------------------------

def post(table: Table, payload: dict[str, Any], device: str | None = None) -> Any:
    headers = {"X-Device-Id": device} if device is not None else {}
    return APIClient().post(f"{API}/captain/{table.token}/", payload, format="json",
                            headers=headers)


def test_api_the_same_device_id_twice_does_not_confirm(tables):
    table = tables[0]
    assert post(table, WIN, "9b2f6a3e-0c4d-4e8f-a1b2-c3d4e5f60718").json()["outcome"] == \
        "submitted"
    again = post(table, WIN, "9b2f6a3e-0c4d-4e8f-a1b2-c3d4e5f60718").json()
    assert (again["status"], again["outcome"]) == ("submitted", "received")
    assert again["detail"] == "Already received, waiting for the opponent."
    confirmed = post(table, WIN, "0d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6").json()
    assert (confirmed["status"], confirmed["outcome"]) == ("confirmed", "confirmed")


def test_api_without_a_device_id_never_confirms_itself(tables):
    table = tables[0]
    for _ in range(3):
        assert post(table, WIN).json()["status"] == "submitted"
    assert ResultRevision.objects.filter(table=table).count() == 1
    body = post(table, LOSS).json()
    assert (body["status"], body["outcome"]) == ("submitted", "replaced")


def test_api_refuses_a_malformed_device_id_by_its_name(tables):
    table = tables[0]
    for bad in ("short", "x" * 129, "ümlaut-is-not-ascii-at-all", "has spaces in it, see?"):
        r = post(table, WIN, bad)
        assert r.status_code == 400 and list(r.json()) == ["X-Device-Id"], bad
    assert not ResultRevision.objects.exists()


def test_api_schema_documents_the_device_and_idempotency_headers():
    schema = APIClient().get(f"{API}/schema/", {"format": "json"}).json()
    operation = schema["paths"]["/api/v1/captain/{token}/"]["post"]
    header = [p for p in operation["parameters"] if p["in"] == "header"]
    assert sorted(p["name"] for p in header) == ["Idempotency-Key", "X-Device-Id"]
    assert "second *device*" in operation["description"]
    submitted = operation["responses"]["200"]["content"]["application/json"]["schema"]
    assert submitted["$ref"].endswith("CaptainSubmitted")
    fields = schema["components"]["schemas"]["CaptainSubmitted"]["properties"]
    assert {"status", "outcome", "detail"} <= set(fields)


def test_the_device_id_is_stored_only_as_a_keyed_hash_per_table(tables):
    one, two = tables
    device = "my-phone-id-0123456789"
    post(one, WIN, device)
    post(two, WIN, device)
    first, second = (ResultRevision.objects.get(table=t).reporter for t in (one, two))
    assert device not in first and device not in second
    assert first.startswith("device:") and len(first) == len("device:") + 64
    assert first != second  # one phone's reports cannot be linked across tables
    assert reporters.device_reporter(one.pk, device) == first


def test_the_directors_entry_is_always_confirmed(tables, director):
    table = tables[0]
    post(table, WIN, "phone-of-the-winner-1")
    services.director_set_result(table, Actor(director, director.username), WIN)
    assert status(table) == Result.Status.CONFIRMED
    fresh = tables[1]
    services.director_set_result(fresh, Actor(director, director.username), LOSS)
    assert status(fresh) == Result.Status.CONFIRMED


def test_a_round_that_is_not_open_takes_no_report_even_a_repeated_one(tables, director):
    table = tables[0]
    actor = Actor(director, director.username)
    post(table, WIN, "phone-of-the-winner-1")
    for tb in tables:
        services.director_set_result(tb, actor, WIN)
    services.close_round(table.round.tournament, actor, 1)
    assert Round.objects.get(pk=table.round_id).status == Round.Status.CLOSED
    assert post(table, WIN, "phone-of-the-winner-1").status_code == 409


# --- the rule itself, for any sequence of reports ----------------------------------------

REPORTS = st.lists(st.tuples(st.sampled_from(["a", "b", "c"]), st.sampled_from(["x", "y"])),
                   max_size=12)


def replay(reports: list[tuple[str, str]]) -> tuple[str | None, Any, list[reporters.Report]]:
    """Feed reports through the rule as submit_report does; (status, payload, kept)."""
    status_, current, kept = None, None, []
    for who, what in reports:
        d = reporters.decide(status_, current, kept, reporters.Report(who, what))
        if d.record:
            kept.append(reporters.Report(who, what))
        status_, current = d.status, d.payload
    return status_, current, kept


@given(REPORTS)
def test_one_reporter_alone_never_confirms(reports):
    lone = [("a", what) for _who, what in reports]
    assert replay(lone)[0] in (None, "submitted")


@given(REPORTS)
def test_confirmed_means_two_reporters_sent_the_result_that_counts(reports):
    status_, current, kept = replay(reports)
    if status_ == "confirmed":
        assert len({r.reporter for r in kept if r.payload == current}) >= 2
    if status_ == "submitted":
        assert len({r.reporter for r in kept}) == 1 and kept[-1].payload == current


# --- whose phone a captain waits for (issue 31, item 19) ------------------------------------

@pytest.mark.parametrize(("discipline", "entrants", "waits_for", "who"), [
    ("boardgame", 8, "von einem anderen Handy an diesem Tisch",
     "ein anderer Spieler an diesem Tisch"),
    ("tabletop", 4, "vom Handy der Gegenseite", "die Gegenseite"),
    ("mucken", 8, "vom Handy der anderen Partei", "die andere Partei"),
])
def test_the_captain_waits_for_a_phone_the_table_has(make_tournament, director, discipline,
                                                     entrants, waits_for, who):
    """A board-game table of four has no "andere Partei": the captain reads that another
    phone at the table confirms; tabletop names the other side."""
    t = make_tournament(discipline, entrants=entrants)
    actor = Actor(director, director.username)
    services.draw_round(t, actor, seed="wer-bestaetigt")
    table = services.publish_round(t, actor, 1).tables.order_by("number").first()
    seats = list(table.seats.select_related("entrant").order_by("side", "position"))
    post = t.disc.result_form.post_from_payload(t.disc.example(t, seats), table)
    mine = Client(HTTP_ACCEPT_LANGUAGE="de")
    mine.get(page(table))  # the phone gets its device id
    sent = mine.post(page(table), post, follow=True).content.decode()
    assert f"Es fehlt noch eine zweite Meldung ({waits_for}) oder die Turnierleitung." in sent
    assert f"sobald {who} es vom eigenen Handy bestätigt" in sent
    again = mine.get(page(table)).content.decode()
    assert f"Es fehlt noch eine zweite Meldung {waits_for} oder die Turnierleitung." in again
    if discipline != "mucken":
        assert "Partei" not in sent + again
