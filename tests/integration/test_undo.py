"""Undo from the action log, newest first, each undo an entry of its own.

Security review, finding 16: the log could not rebuild what it recorded (a deleted
entrant's club, rating and personal data were gone) and the only undo was "undo last
draw". Now every change records a ``before`` that puts it back, and the director undoes
results, round status changes, draws, withdrawals, status changes, corrections and
deletions from the log page and the API (``services.undo``).
"""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tournaments import services
from tournaments.disciplines.chess import services as chess_services
from tournaments.disciplines.chess.models import ByeRequest, PairingRule
from tournaments.models import ActionLog, Entrant, Result, ResultRevision, Round, Tournament
from tournaments.services import Actor, ServiceError
from tournaments.services import undo as undo_services
from tournaments.services.registration import delete_entrant, update_entrant

pytestmark = pytest.mark.django_db

API = "/api/v1"
WIN, LOSS, DRAW = {"score": "1-0"}, {"score": "0-1"}, {"score": "1/2-1/2"}


@pytest.fixture
def actor(director):
    return Actor(director, director.username)


@pytest.fixture
def api(director):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=director).key}")
    return client


@pytest.fixture
def chess(make_tournament, actor):
    """A chess Swiss of six players, round 1 published."""
    t = make_tournament("chess", entrants=6, planned_rounds=4)
    services.draw_round(t, actor, seed="undo")
    services.publish_round(t, actor, 1)
    t.refresh_from_db()
    return t


def tables(t: Tournament, number: int = 1) -> list[Any]:
    return list(t.rounds.get(number=number).tables.order_by("number"))


def captain(table: Any, payload: dict[str, str], device: str) -> dict[str, Any]:
    r = APIClient().post(f"{API}/captain/{table.token}/", payload, format="json",
                         headers={"X-Device-Id": device})
    assert r.status_code == 200, r.content
    return r.json()


def last_entry(t: Tournament, action: str) -> ActionLog:
    return ActionLog.objects.filter(tournament=t, action=action).order_by("-id").first()


def frozen(entry: ActionLog) -> tuple[Any, ...]:
    entry = ActionLog.objects.get(pk=entry.pk)
    return (entry.action, entry.target, entry.before, entry.after, entry.version)


def undo_page(client: Any, t: Tournament, entry: ActionLog) -> Any:
    return client.post(reverse("director:undo_entry", args=[t.slug, entry.pk]), follow=True)


# --- results ------------------------------------------------------------------------------

def test_undoing_a_confirmation_from_the_log_page(director_client, chess):
    table = tables(chess)[0]
    captain(table, WIN, "phone-of-party-one")
    captain(table, WIN, "phone-of-party-two")
    confirming = last_entry(chess, "captain_submit")
    kept = frozen(confirming)
    page = director_client.get(reverse("director:log", args=[chess.slug])).content.decode()
    assert reverse("director:undo_entry", args=[chess.slug, confirming.pk]) in page
    r = undo_page(director_client, chess, confirming)
    assert r.status_code == 200
    html = r.content.decode()
    assert "Undone: The result of table 1 in round 1 is back to what it was: submitted." in html
    result = Result.objects.get(table=table)
    assert (result.status, result.payload) == ("submitted", WIN)
    second = ResultRevision.objects.filter(table=table).order_by("id").last()
    assert second.undone and not ResultRevision.objects.filter(table=table).first().undone
    undo_entry = last_entry(chess, "undo")
    assert undo_entry.undoes_id == confirming.pk
    assert frozen(confirming) == kept  # the log is never edited
    assert f'data-undone-by="{undo_entry.pk}"' in html
    assert f'data-undoes="{confirming.pk}"' in html
    # the same phone again still cannot confirm; the other phone can, again
    assert captain(table, WIN, "phone-of-party-one")["outcome"] == "received"
    assert captain(table, WIN, "phone-of-party-two")["status"] == "confirmed"


def test_an_earlier_report_waits_for_the_later_one(director_client, chess):
    table = tables(chess)[0]
    captain(table, WIN, "phone-of-party-one")
    first = last_entry(chess, "captain_submit")
    captain(table, LOSS, "phone-of-party-two")  # disputed
    second = last_entry(chess, "captain_submit")
    html = director_client.get(reverse("director:log", args=[chess.slug])).content.decode()
    assert reverse("director:undo_entry", args=[chess.slug, first.pk]) not in html
    assert f"(entry {second.pk}); undo that first" in html
    r = undo_page(director_client, chess, first)
    assert f"a later action rests on it: result from the table captain, round 1, Board 1 " \
           f"(entry {second.pk}); undo that first" in r.content.decode()
    assert Result.objects.get(table=table).status == "disputed"
    assert not ActionLog.objects.filter(action="undo").exists()
    undo_page(director_client, chess, second)
    undo_page(director_client, chess, first)
    assert not Result.objects.filter(table=table).exists()  # back to no result at all
    assert ResultRevision.objects.filter(table=table, undone=True).count() == 2


def test_undoing_the_directors_decision_brings_the_dispute_back(chess, actor):
    table = tables(chess)[0]
    captain(table, WIN, "phone-of-party-one")
    captain(table, LOSS, "phone-of-party-two")
    services.accept_revision(ResultRevision.objects.filter(table=table).last(), actor)
    assert Result.objects.get(table=table).status == "confirmed"
    decision = last_entry(chess, "set_result")
    undo_services.undo_entry(chess, actor, decision.pk)
    result = Result.objects.get(table=table)
    assert (result.status, result.payload) == ("disputed", WIN)
    director_rev = ResultRevision.objects.get(table=table, source="director")
    assert director_rev.undone
    with pytest.raises(ServiceError) as info:
        services.accept_revision(director_rev, actor)
    assert list(info.value.errors) == ["revision"]


def test_undo_the_last_actions_of_a_round_through_the_api(api, chess, actor):
    t = chess
    for table in tables(t):
        services.director_set_result(table, actor, WIN)
    services.close_round(t, actor, 1)
    r = api.post(f"{API}/tournaments/{t.slug}/log/undo/", {"last": 2, "round": 1},
                 format="json")
    assert r.status_code == 200, r.content
    undone = r.json()["undone"]
    assert [u["action"] for u in undone] == ["undo", "undo"]
    assert undone[0]["sentence"] == "Round 1 is open again for results."
    assert Round.objects.get(tournament=t, number=1).status == "open"
    assert Result.objects.filter(table__round__tournament=t).count() == 2  # newest first
    log = api.get(f"{API}/tournaments/{t.slug}/log/", {"limit": 5}).json()
    assert [log[0]["undoes"], log[1]["undoes"]] == [log[3]["id"], log[2]["id"]]
    assert log[2]["undone_by"] == log[1]["id"] and log[2]["action"] == "close_round"
    # then the rest of the round: two results, publish, draw
    r = api.post(f"{API}/tournaments/{t.slug}/log/undo/", {"last": 4, "round": 1},
                 format="json")
    assert r.status_code == 200, r.content
    assert not Round.objects.filter(tournament=t).exists()
    assert Tournament.objects.get(pk=t.pk).status == "setup"


def test_undo_requests_are_checked_by_field(api, chess, make_tournament, stranger):
    url = f"{API}/tournaments/{chess.slug}/log/undo/"
    assert list(api.post(url, {"entry": 1, "last": 2}, format="json").json()) == ["entry"]
    assert list(api.post(url, {}, format="json").json()) == ["entry"]
    assert list(api.post(url, {"last": 0}, format="json").json()) == ["last"]
    r = api.post(url, {"last": 50}, format="json")
    assert r.status_code == 400 and "only" in r.json()["last"][0]
    r = api.post(url, {"entry": 10**9}, format="json")  # no such entry: 404, said by field
    assert r.status_code == 404 and r.json()["code"] == "not_found" and "entry" in r.json()
    other = make_tournament("chess", entrants=2, name="Andere")
    foreign = ActionLog.objects.filter(tournament=other).first()
    r = api.post(url, {"entry": foreign.pk}, format="json")  # not this tournament's log
    assert r.status_code == 404 and "entry" in r.json()
    create = ActionLog.objects.filter(tournament=chess, action="create_tournament").get()
    r = api.post(url, {"entry": create.pk}, format="json")
    assert r.status_code == 400 and "cannot be undone" in r.json()["entry"][0]
    outsider = APIClient()
    outsider.force_authenticate(stranger)
    assert outsider.post(url, {"last": 1}, format="json").status_code == 403
    assert not ActionLog.objects.filter(action="undo").exists()


def test_a_result_of_an_earlier_round_and_the_stale_mark(chess, actor):
    """Decided: undoing a result of a round with later rounds is allowed and marks them
    stale; undoing the correction that made them stale brings their flags back; a closed
    round never loses an agreed result."""
    t = chess
    for table in tables(t):
        services.director_set_result(table, actor, DRAW)
    services.close_round(t, actor, 1)
    services.draw_round(t, actor, seed="zwei")
    first = tables(t)[0]
    services.director_set_result(first, actor, WIN)  # a correction: round 2 is stale
    assert Round.objects.get(tournament=t, number=2).stale
    undo_services.undo_entry(t, actor, last_entry(t, "set_result").pk)
    assert Result.objects.get(table=first).payload == DRAW
    assert not Round.objects.get(tournament=t, number=2).stale  # drawn on this result
    entered = ActionLog.objects.filter(tournament=t, action="set_result",
                                       target="round 1, table 1").order_by("id").first()
    with pytest.raises(ServiceError) as info:
        undo_services.undo_entry(t, actor, entered.pk)
    assert "round 1 is closed, and table 1 would be left without an agreed result" in str(
        info.value)
    # a correction made before round 2 was drawn, undone after: round 2 is stale now
    services.undo_draw(t, actor)
    services.director_set_result(first, actor, LOSS)
    services.draw_round(t, actor, seed="zwei")
    undo_services.undo_entry(t, actor, last_entry(t, "set_result").pk)
    rnd2 = Round.objects.get(tournament=t, number=2)
    assert rnd2.stale and "was undone" in rnd2.stale_reason


# --- rounds ----------------------------------------------------------------------------------

def test_undoing_a_publication_waits_for_the_results(chess, actor):
    t = chess
    table = tables(t)[0]
    services.director_set_result(table, actor, WIN)
    publish = last_entry(t, "publish_round")
    with pytest.raises(ServiceError) as info:
        undo_services.undo_entry(t, actor, publish.pk)
    assert "result entered by the director" in str(info.value)
    undo_services.undo_entry(t, actor, last_entry(t, "set_result").pk)
    undo_services.undo_entry(t, actor, publish.pk)
    assert Round.objects.get(tournament=t, number=1).status == "preview"


# --- entrants -------------------------------------------------------------------------------

def test_undoing_a_withdrawal_gives_back_the_requested_byes(make_tournament, actor):
    t = make_tournament("chess", entrants=6, planned_rounds=4)
    player = t.entrants.get(start_number=3)
    chess_services.request_bye(t, actor, player, 2, "zero")
    chess_services.withdraw(t, actor, player, 1)
    assert not ByeRequest.objects.filter(entrant=player).exists()
    undo_services.undo_entry(t, actor, last_entry(t, "withdraw").pk)
    player.refresh_from_db()
    assert (player.status, player.withdrawn_from_round) == ("present", None)
    assert list(ByeRequest.objects.filter(entrant=player).values_list(
        "round_number", "kind")) == [(2, "zero")]
    # a draw rests on the field as it was: a withdrawal before it stays
    chess_services.withdraw(t, actor, player, 1)
    services.draw_round(t, actor, seed="ohne")
    with pytest.raises(ServiceError) as info:
        undo_services.undo_entry(t, actor, last_entry(t, "withdraw").pk)
    assert "round drawn" in str(info.value) and "undo that first" in str(info.value)


def test_undoing_a_status_change_at_the_desk(desk_client, make_tournament, actor):
    t = make_tournament("mucken", "pair", entrants=4)
    e = t.entrants.get(start_number=2)
    desk_client.post(reverse("desk:status", args=[t.slug, 2]), {"status": "absent"})
    e.refresh_from_db()
    assert e.status == "absent"
    undo_services.undo_entry(t, actor, last_entry(t, "entrant_status").pk)
    e.refresh_from_db()
    assert e.status == "present"
    assert last_entry(t, "undo").after["sentence"] == {
        "en": f"{e} is present again, as before.", "de": f"{e} ist wieder anwesend, wie zuvor."}


def test_undoing_a_correction(make_tournament, actor):
    t = make_tournament("chess", entrants=3)
    e = t.entrants.get(start_number=1)
    update_entrant(e, actor, name="Meier, Anna", club="SK Ost", elo=1875,
                   birth_date=datetime.date(1990, 5, 17))
    undo_services.undo_entry(t, actor, last_entry(t, "update_entrant").pk)
    e.refresh_from_db()
    person = e.players.get()
    assert (e.name, e.club, e.rating) == ("Spieler 1", "", None)
    assert (person.name, person.birth_date) == ("Spieler 1", None)


def test_undoing_a_deletion_brings_the_entrant_back_with_all_data(make_tournament, actor):
    t = make_tournament("chess", entrants=4, planned_rounds=5)
    e = services.register(t, actor, [{"name": "Widmann, Jochen", "club": "SC Nord",
                                      "rating": 1910, "dwz": 1851,
                                      "categories": ["senior"]}], status="present")
    other = t.entrants.get(start_number=1)
    update_entrant(e, actor, fide_id="4600053", federation="GER", sex="m")
    chess_services.request_bye(t, actor, e, 2, "half")
    chess_services.forbid_pairing(t, actor, e, other)
    pk, players, arrived = e.pk, list(e.players.all()), Entrant.objects.get(pk=e.pk).arrived
    assert delete_entrant(e, actor) == "deleted"
    assert not Entrant.objects.filter(pk=pk).exists()
    deletion = last_entry(t, "delete_entrant")
    assert deletion.before["club"] == "SC Nord" and deletion.before["rating"] == 1910
    assert deletion.before["players"][0]["dwz"] == 1851
    undo_services.undo_entry(t, actor, deletion.pk)
    back = Entrant.objects.get(pk=pk)
    assert (back.start_number, back.name, back.club, back.rating, back.status) == (
        5, "Widmann, Jochen", "SC Nord", 1910, "present")
    assert back.categories == ["senior"] and back.arrived == arrived
    assert list(back.players.all()) == players
    assert back.players.get().fide_id == "4600053"
    assert list(ByeRequest.objects.filter(entrant=back).values_list(
        "round_number", "kind")) == [(2, "half")]
    assert PairingRule.objects.filter(kind="forbidden", first=back, second=other).exists()


def test_a_deletion_is_not_undone_over_a_new_entrant_with_its_number(make_tournament, actor):
    t = make_tournament("chess", entrants=3)
    delete_entrant(t.entrants.get(start_number=3), actor)
    services.register(t, actor, [{"name": "Neu"}])  # gets start number 3 again
    with pytest.raises(ServiceError) as info:
        undo_services.undo_entry(t, actor, last_entry(t, "delete_entrant").pk)
    assert "start number 3 has been given to 3. Neu since" in str(info.value)


# --- the log stays append-only ------------------------------------------------------------

def test_an_entry_is_undone_once_and_the_undo_is_not_undone(chess, actor):
    table = tables(chess)[0]
    services.director_set_result(table, actor, WIN)
    entry = last_entry(chess, "set_result")
    undo = undo_services.undo_entry(chess, actor, entry.pk)
    with pytest.raises(ServiceError) as info:
        undo_services.undo_entry(chess, actor, entry.pk)
    assert f"undone already (entry {undo.pk})" in str(info.value)
    with pytest.raises(ServiceError):
        undo_services.undo_entry(chess, actor, undo.pk)
    with pytest.raises(ValueError):
        entry.save()  # append-only


def test_an_entry_from_before_undo_is_refused_with_the_reason(chess, actor):
    table = tables(chess)[0]
    services.director_set_result(table, actor, WIN)
    old = ActionLog.objects.create(tournament=chess, actor="direktor", action="set_result",
                                   target="round 1, table 1",
                                   before={"payload": LOSS, "status": "submitted"})
    with pytest.raises(ServiceError) as info:
        undo_services.undo_entry(chess, actor, old.pk)
    assert "recorded before undo was possible" in str(info.value)


def test_the_log_page_in_german(client, director, chess, actor):
    client.force_login(director)
    services.director_set_result(tables(chess)[0], actor, WIN)
    undo_services.undo_entry(chess, actor, last_entry(chess, "set_result").pk)
    html = client.get(reverse("director:log", args=[chess.slug]),
                      HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Das Ergebnis von Tisch 1 in Runde 1 ist wieder wie zuvor: kein Ergebnis." in html
    assert "rückgängig" in html


def test_every_change_names_what_it_wrote(make_tournament, actor, desk_user):
    """The audit: each service that writes through change() says what it touched, so
    undo can tell what rests on what."""
    t = make_tournament("chess", entrants=6, planned_rounds=4)
    e = t.entrants.get(start_number=2)
    services.update_tournament(t, actor, planned_rounds=5)
    services.set_status(e, actor, "absent")
    update_entrant(e, actor, club="SK")
    chess_services.request_bye(t, actor, e, 1, "half")
    chess_services.cancel_bye(t, actor, e, 1)
    rule = chess_services.forbid_pairing(t, actor, e, t.entrants.get(start_number=3))
    chess_services.delete_pairing_rule(t, actor, rule.pk)
    chess_services.withdraw(t, actor, e, 2)
    services.draw_round(t, actor, seed="audit")
    services.publish_round(t, actor, 1)
    services.director_set_result(tables(t)[0], actor, WIN)
    services.grant_role(t, actor, desk_user, "director")
    blank = [x.action for x in ActionLog.objects.filter(tournament=t).exclude(
        action="create_tournament") if not x.writes]
    assert blank == []
