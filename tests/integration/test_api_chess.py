"""The API's equivalents of Chaos's batch (ARexx) commands, for chess tournaments.

NewTournament/LoadTournament/SaveTournament: tournaments, turnier/1 and TRF-16;
AddPlayer/ModifyPlayer/DeletePlayer: entrants; SetPlayer: pairing rules and bye
requests; DoPairings: the draw; EnterResult: results by white and black;
PlayerList, InternalRatings, Table, Round, TableOfProgress, CrossTable,
PlayerCards, DWZReport: the read endpoints. Each answers a bad request with a
400 naming the field, a non-director with a 403, and never with a 500.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.urls import reverse
from drf_spectacular.validation import validate_schema
from rest_framework.test import APIClient

from tournaments import services
from tournaments.disciplines.chess.models import PairingRule
from tournaments.models import ActionLog, Entrant, Player, Tournament
from tournaments.services import Actor

from .helpers import client_for

API = "/api/v1"


@pytest.fixture
def actor(director) -> Actor:
    return Actor(director, director.username)


@pytest.fixture
def chess(make_tournament):
    """A Swiss of six present players with DWZ 2000, 1900 …, five rounds planned."""

    def make(n: int = 6, rounds: int = 5) -> Tournament:
        t = make_tournament("chess", planned_rounds=rounds)
        actor = Actor(t.created_by, "direktor")
        for i in range(1, n + 1):
            services.register(t, actor, [{"name": f"Spieler {i}", "rating": 2100 - 100 * i}],
                              status="present")
        t.refresh_from_db()
        return t

    return make


def base(t: Tournament) -> str:
    return f"{API}/tournaments/{t.slug}"


def ok(response: Any, code: int = 200) -> Any:
    assert response.status_code == code, (response.status_code, response.content)
    return response.json() if response.content else None


def refused(response: Any, field: str) -> dict[str, Any]:
    assert response.status_code == 400, (response.status_code, response.content)
    body = response.json()
    assert field in body, body
    return body


def draw(api: APIClient, t: Tournament, **body: Any) -> dict[str, Any]:
    """Draw and publish the next round (Chaos's DoPairings)."""
    rnd = ok(api.post(f"{base(t)}/rounds/draw/", {"seed": "s", **body}, format="json"), 201)
    ok(api.post(f"{base(t)}/rounds/{rnd['number']}/publish/"))
    return rnd


def games(rnd: dict[str, Any]) -> list[tuple[int, int]]:
    """(white, black) start numbers of a round's boards."""
    out = []
    for tb in rnd["tables"]:
        sides = {seat["side"]: seat["entrant"] for seat in tb["seats"]}
        out.append((sides[1], sides[2]))
    return out


def play_round(api: APIClient, t: Tournament, rnd: dict[str, Any]) -> None:
    """White wins every board (by start number order of boards); then the round closes."""
    for white, black in games(rnd):
        ok(api.post(f"{base(t)}/results/", {"white": white, "black": black, "result": "1-0"},
                    format="json"))
    ok(api.post(f"{base(t)}/rounds/{rnd['number']}/close/"))


# ---------------------------------------------------------------- AddPlayer


def test_add_player_flat_with_every_chaos_field(api, make_tournament):
    t = make_tournament("chess")
    e = ok(api.post(f"{base(t)}/entrants/", {
        "name": "Widmann, Jochen", "club": "SK Hof", "birth_date": "1961-04-12", "dwz": 1834,
        "dwz_index": 23, "elo": 1901, "flags": "sw", "fide_id": "4612345", "title": "fm",
        "federation": "ger", "sex": "M", "zps": "c0327-12", "status": "present"},
        format="json"), 201)
    assert (e["name"], e["club"], e["rating"], e["status"]) == (
        "Widmann, Jochen", "SK Hof", 1901, "present")
    assert e["categories"] == ["senior", "women"] and e["flags"] == "sw"
    assert e["person"] == {"elo": 1901, "dwz": 1834, "dwz_index": 23,
                           "dwz_provisional": False, "dwz_text": "1834-23",
                           "birth_date": "1961-04-12", "fide_id": "4612345", "title": "FM",
                           "federation": "GER", "sex": "m", "zps": "C0327-12",
                           "pkz": ""}
    p = Player.objects.get(name="Widmann, Jochen")
    assert (p.dwz, p.rating, p.club, p.categories) == (1834, 1901, "SK Hof", ["senior", "women"])
    # in the list (PlayerList) as well
    listed = ok(api.get(f"{base(t)}/entrants/"))
    assert listed[0]["person"]["dwz"] == 1834


def test_add_player_by_players_list_takes_the_person_facts(api, make_tournament):
    t = make_tournament("chess")
    e = ok(api.post(f"{base(t)}/entrants/", {"players": [
        {"name": "Anna", "elo": 1700, "dwz": 1650, "title": "WFM", "flags": "j"}]},
        format="json"), 201)
    assert e["rating"] == 1700 and e["person"]["title"] == "WFM"
    assert e["person"]["dwz"] == 1650 and e["categories"] == ["junior"]


def test_add_player_known_by_name_and_club_gets_the_new_facts(api, make_tournament, actor):
    old = make_tournament("chess", name="Alt")
    services.register(old, actor, [{"name": "Berta", "club": "SK Hof", "dwz": 1500}])
    t = make_tournament("chess", name="Neu")
    e = ok(api.post(f"{base(t)}/entrants/", {"name": "Berta", "club": "SK Hof", "dwz": 1560,
                                             "fide_id": "123"}, format="json"), 201)
    assert Player.objects.filter(name="Berta").count() == 1  # the same person
    assert e["person"]["dwz"] == 1560 and e["person"]["fide_id"] == "123"


@pytest.mark.parametrize("body, field", [
    ({"club": "SK Hof"}, "name"),
    ({"name": "A", "flags": "sx"}, "flags"),
    ({"name": "A", "dwz": "stark"}, "dwz"),
    ({"name": "A", "dwz": 12000}, "dwz"),
    ({"name": "A", "elo": -1}, "elo"),
    ({"name": "A", "birth_date": "gestern"}, "birth_date"),
    ({"name": "A", "birth_date": "2999-01-01"}, "birth_date"),
    ({"name": "A", "title": "XY"}, "title"),
    ({"name": "A", "federation": "DE"}, "federation"),
    ({"name": "A", "sex": "x"}, "sex"),
    ({"name": "A", "fide_id": "12ab"}, "fide_id"),
    ({"name": "A", "categories": "senior"}, "categories"),
    ({"players": [{"name": "A", "rating": 1500, "elo": 1600}]}, "players"),
    ({"name": "Spieler 1"}, "name"),  # taken
    ({"name": "x" * 121}, "name"),
])
def test_add_player_refusals_name_the_field(api, make_tournament, body, field):
    t = make_tournament("chess", entrants=1)
    players = Player.objects.count()
    refused(api.post(f"{base(t)}/entrants/", body, format="json"), field)
    assert t.entrants.count() == 1
    assert Player.objects.count() == players  # nothing half-registered


def test_person_facts_only_for_an_entrant_of_one_player(api, make_tournament):
    t = make_tournament("mucken", entrant_kind="pair")
    refused(api.post(f"{base(t)}/entrants/", {"players": [
        {"name": "A", "fide_id": "1"}, {"name": "B"}]}, format="json"), "players")
    refused(api.post(f"{base(t)}/entrants/", {"players": [{"name": "A"}, {"name": "B"}],
                                               "dwz": 1500}, format="json"), "dwz")
    assert t.entrants.count() == 0
    ok(api.post(f"{base(t)}/entrants/", {"players": [{"name": "A", "dwz": 1500},
                                                     {"name": "B"}]}, format="json"), 201)


# ---------------------------------------------------------------- ModifyPlayer


def test_modify_player_changes_only_the_fields_given(api, make_tournament):
    t = make_tournament("chess")
    ok(api.post(f"{base(t)}/entrants/", {"name": "Widmann, Jochen", "club": "SK Hof",
                                         "dwz": 1834, "elo": 1901, "flags": "s"},
                format="json"), 201)
    e = ok(api.patch(f"{base(t)}/entrants/1/", {"name": "Wiedmann, Jochen"}, format="json"))
    assert e["name"] == "Wiedmann, Jochen" and e["club"] == "SK Hof"
    assert e["person"]["dwz"] == 1834 and e["rating"] == 1901 and e["flags"] == "s"
    assert Player.objects.get().name == "Wiedmann, Jochen"
    log = ActionLog.objects.filter(tournament=t, action="update_entrant").get()
    assert log.before == {"name": "Widmann, Jochen"} and log.after["name"] == "Wiedmann, Jochen"

    e = ok(api.patch(f"{base(t)}/entrants/1/", {"dwz": 1851, "dwz_index": 24, "elo": None,
                                                "flags": "sj", "birth_date": "1961-04-12"},
                     format="json"))
    assert e["person"]["dwz"] == 1851 and e["person"]["elo"] is None and e["rating"] is None
    assert e["categories"] == ["junior", "senior"] and e["person"]["birth_date"] == "1961-04-12"

    version = Tournament.objects.get(pk=t.pk).version
    ok(api.patch(f"{base(t)}/entrants/1/", {"dwz": 1851}, format="json"))
    assert Tournament.objects.get(pk=t.pk).version == version  # nothing changed, nothing logged

    e = ok(api.patch(f"{base(t)}/entrants/1/", {"status": "present", "club": ""},
                     format="json"))
    assert e["status"] == "present" and e["club"] == ""


@pytest.mark.parametrize("body, field", [
    ({}, "__all__"),
    ({"name": "Spieler 2"}, "name"),
    ({"name": "  "}, "name"),
    ({"status": "weg"}, "status"),
    ({"title": "Meister"}, "title"),
    ({"dwz": 1.5}, "dwz"),
    ({"flags": "q"}, "flags"),
    ({"categories": [""]}, "categories"),
])
def test_modify_refusals_name_the_field(api, make_tournament, body, field):
    t = make_tournament("chess", entrants=2)
    version = Tournament.objects.get(pk=t.pk).version
    refused(api.patch(f"{base(t)}/entrants/1/", body, format="json"), field)
    assert Tournament.objects.get(pk=t.pk).version == version


def test_modify_a_pair_refuses_the_persons_facts(api, make_tournament):
    t = make_tournament("mucken", entrant_kind="pair", entrants=1)
    refused(api.patch(f"{base(t)}/entrants/1/", {"dwz": 1500}, format="json"), "dwz")
    e = ok(api.patch(f"{base(t)}/entrants/1/", {"name": "Die Wilden", "club": "JU"},
                     format="json"))
    assert e["name"] == "Die Wilden" and e["person"] is None


# ---------------------------------------------------------------- DeletePlayer


def test_delete_player_who_never_played_is_deleted(api, chess):
    t = chess(4)
    body = ok(api.delete(f"{base(t)}/entrants/4/"))
    assert body["outcome"] == "deleted" and body["entrant"] is None
    assert not t.entrants.filter(start_number=4).exists()
    assert ActionLog.objects.filter(tournament=t, action="delete_entrant").exists()
    assert api.delete(f"{base(t)}/entrants/4/").status_code == 404

    # a late entry registered after round 1 was drawn has no games yet: deleted too
    draw(api, t)
    late = ok(api.post(f"{base(t)}/entrants/", {"name": "Spät"}, format="json"), 201)
    assert ok(api.delete(f"{base(t)}/entrants/{late['start_number']}/"))["outcome"] == "deleted"


def test_delete_player_who_played_is_withdrawn_and_the_games_stay(api, chess):
    t = chess(4)
    rnd = draw(api, t)
    body = ok(api.delete(f"{base(t)}/entrants/1/"))
    assert body["outcome"] == "withdrawn" and "withdrawn from round 2" in body["detail"]
    assert body["entrant"]["status"] == "withdrawn"
    assert body["entrant"]["withdrawn_from_round"] == 2
    assert t.entrants.filter(start_number=1).exists()
    play_round(api, t, rnd)  # the game of round 1 is still there and counts
    rnd2 = draw(api, t)
    assert all(1 not in g for g in games(rnd2))
    refused(api.delete(f"{base(t)}/entrants/1/"), "entrant")  # already withdrawn


def test_delete_in_other_disciplines_withdraws_by_status(api, make_tournament):
    t = make_tournament("mucken", entrant_kind="pair", entrants=5)
    assert ok(api.delete(f"{base(t)}/entrants/5/"))["outcome"] == "deleted"
    draw(api, t)
    body = ok(api.delete(f"{base(t)}/entrants/4/"))
    assert body["outcome"] == "withdrawn" and body["entrant"]["status"] == "withdrawn"


def test_delete_player_with_a_set_game_is_refused(api, chess):
    t = chess(4)
    ok(api.post(f"{base(t)}/pairing-rules/", {"kind": "forced", "round": 1, "white": 1,
                                              "black": 2}, format="json"), 201)
    refused(api.delete(f"{base(t)}/entrants/2/"), "entrant")
    assert t.entrants.filter(start_number=2).exists()


# ---------------------------------------------------------------- SetPlayer


def test_forced_and_forbidden_pairings(api, chess):
    t = chess(6)
    forced = ok(api.post(f"{base(t)}/pairing-rules/", {
        "kind": "forced", "round": 1, "white": 6, "black": 1}, format="json"), 201)
    assert (forced["kind"], forced["round"], forced["first"], forced["second"]) == (
        "forced", 1, 6, 1)
    forbidden = ok(api.post(f"{base(t)}/pairing-rules/", {"kind": "forbidden", "a": 2, "b": 5},
                            format="json"), 201)
    assert forbidden["round"] is None and forbidden["second_name"] == "Spieler 5"
    listed = ok(api.get(f"{base(t)}/pairing-rules/"))
    assert {r["id"] for r in listed} == {forced["id"], forbidden["id"]}

    rnd = draw(api, t)
    assert (6, 1) in games(rnd)
    assert all({2, 5} != set(g) for g in games(rnd))
    # the set game of a drawn round stays; the forbidden pair can go
    refused(api.delete(f"{base(t)}/pairing-rules/{forced['id']}/"), "rule")
    assert api.delete(f"{base(t)}/pairing-rules/{forbidden['id']}/").status_code == 204
    assert not PairingRule.objects.filter(pk=forbidden["id"]).exists()
    assert api.delete(f"{base(t)}/pairing-rules/{forbidden['id']}/").status_code == 404


@pytest.mark.parametrize("body, field", [
    ({}, "kind"),
    ({"kind": "maybe"}, "kind"),
    ({"kind": "forced", "white": 1, "black": 2}, "round"),
    ({"kind": "forced", "round": 1, "black": 2}, "white"),
    ({"kind": "forced", "round": 1, "white": 1}, "black"),
    ({"kind": "forced", "round": 1, "white": 1, "black": 1}, "black"),
    ({"kind": "forced", "round": 1, "white": 99, "black": 1}, "white"),
    ({"kind": "forced", "round": 1, "white": "eins", "black": 2}, "white"),
    ({"kind": "forced", "round": 9, "white": 1, "black": 2}, "round"),
    ({"kind": "forbidden", "a": 1}, "b"),
    ({"kind": "forbidden", "a": 1, "b": 1}, "b"),
])
def test_pairing_rule_refusals_name_the_field(api, chess, body, field):
    t = chess(4)
    refused(api.post(f"{base(t)}/pairing-rules/", body, format="json"), field)
    assert not t.pairing_rules.exists()


def test_pairing_rule_refusals_that_need_history(api, chess):
    t = chess(4)
    rnd = draw(api, t)
    (w1, b1), (w2, b2) = games(rnd)
    refused(api.post(f"{base(t)}/pairing-rules/", {"kind": "forced", "round": 1, "white": w2,
                                                   "black": b2}, format="json"), "round")
    play_round(api, t, rnd)
    refused(api.post(f"{base(t)}/pairing-rules/", {"kind": "forced", "round": 2, "white": b1,
                                                   "black": w1}, format="json"), "black")
    # the first white player with white again is fine once; a second round makes it a clash
    ok(api.post(f"{base(t)}/pairing-rules/", {"kind": "forced", "round": 2, "white": w1,
                                              "black": w2}, format="json"), 201)
    rnd2 = draw(api, t)
    play_round(api, t, rnd2)
    body = refused(api.post(f"{base(t)}/pairing-rules/", {
        "kind": "forced", "round": 3, "white": w1, "black": b2}, format="json"),
        "confirm_colour_clash")
    assert "third time" in json.dumps(body)
    ok(api.post(f"{base(t)}/pairing-rules/", {"kind": "forced", "round": 3, "white": w1,
                                              "black": b2, "confirm_colour_clash": True},
                format="json"), 201)


def test_pairing_rules_and_byes_are_chess_only(api, make_tournament):
    t = make_tournament("tabletop", entrants=4)
    refused(api.post(f"{base(t)}/pairing-rules/", {"kind": "forbidden", "a": 1, "b": 2},
                     format="json"), "__all__")
    refused(api.post(f"{base(t)}/bye-requests/", {"entrant": 1, "round": 1}, format="json"),
            "__all__")
    for path in ("crosstable", "progress", "cards", "dwz", "ranking", "trf"):
        refused(api.get(f"{base(t)}/{path}/"), "__all__")


def test_bye_requests(api, chess):
    t = chess(6)
    asked = ok(api.post(f"{base(t)}/bye-requests/", {"entrant": 3, "round": 1, "kind": "half"},
                        format="json"), 201)
    assert asked == {"entrant": 3, "name": "Spieler 3", "round": 1, "kind": "half"}
    ok(api.post(f"{base(t)}/bye-requests/", {"entrant": 4, "round": 2}, format="json"), 201)
    assert len(ok(api.get(f"{base(t)}/bye-requests/"))) == 2
    assert api.delete(f"{base(t)}/bye-requests/?entrant=4&round=2").status_code == 204
    assert len(ok(api.get(f"{base(t)}/bye-requests/"))) == 1
    rnd = draw(api, t)
    assert {(x["entrant"], x["kind"]) for x in rnd["byes"]} >= {(3, "half")}
    assert all(3 not in g for g in games(rnd))


@pytest.mark.parametrize("body, field", [
    ({"round": 1}, "entrant"),
    ({"entrant": 1}, "round"),
    ({"entrant": 1, "round": 1, "kind": "quarter"}, "kind"),
    ({"entrant": 99, "round": 1}, "entrant"),
    ({"entrant": 1, "round": 6}, "round"),
    ({"entrant": 1, "round": 0}, "round"),
])
def test_bye_request_refusals_name_the_field(api, chess, body, field):
    t = chess(4)
    refused(api.post(f"{base(t)}/bye-requests/", body, format="json"), field)
    assert not t.bye_requests.exists()


def test_bye_request_refusals_with_state(api, chess):
    t = chess(4)
    ok(api.post(f"{base(t)}/bye-requests/", {"entrant": 1, "round": 2}, format="json"), 201)
    refused(api.post(f"{base(t)}/bye-requests/", {"entrant": 1, "round": 2}, format="json"),
            "entrant")  # twice
    refused(api.delete(f"{base(t)}/bye-requests/?entrant=2&round=2"), "entrant")  # none
    refused(api.delete(f"{base(t)}/bye-requests/?entrant=2"), "round")
    refused(api.delete(f"{base(t)}/bye-requests/?entrant=x&round=2"), "entrant")
    draw(api, t)
    refused(api.post(f"{base(t)}/bye-requests/", {"entrant": 2, "round": 1}, format="json"),
            "round")  # drawn


# ---------------------------------------------------------------- EnterResult, Round


def test_enter_result_by_white_and_black(api, chess):
    t = chess(4)
    rnd = draw(api, t)
    (w, b), (w2, b2) = games(rnd)
    res = ok(api.post(f"{base(t)}/results/", {"white": w, "black": b, "result": "1/2-1/2"},
                      format="json"))
    assert (res["round"], res["status"], res["payload"]) == (1, "confirmed",
                                                             {"score": "1/2-1/2"})
    res = ok(api.post(f"{base(t)}/results/", {"white": w2, "black": b2, "result": "-+",
                                              "round": 1}, format="json"))
    assert res["payload"] == {"score": "-+"} and res["table"] == 2
    last = ok(api.get(f"{base(t)}/rounds/last/"))
    assert last["number"] == 1 and last["tables"][1]["result"] == {"score": "-+"}


@pytest.mark.parametrize("body, field", [
    ({"black": 2, "result": "1-0"}, "white"),
    ({"white": 1, "black": 2}, "result"),
    ({"white": 1, "black": 2, "result": "2"}, "result"),
    ({"white": 99, "black": 2, "result": "1-0"}, "white"),
    ({"white": 1, "black": 99, "result": "1-0"}, "black"),
    ({"white": 1, "black": 1, "result": "1-0"}, "black"),
])
def test_enter_result_refusals_name_the_field(api, chess, body, field):
    t = chess(4)
    draw(api, t)
    refused(api.post(f"{base(t)}/results/", body, format="json"), field)


def test_enter_result_needs_their_game_in_the_right_colours(api, chess):
    t = chess(4)
    rnd = ok(api.post(f"{base(t)}/rounds/draw/", {"seed": "s"}, format="json"), 201)
    (w, b), (w2, _b2) = games(rnd)
    refused(api.post(f"{base(t)}/results/", {"white": w, "black": b, "result": "1-0"},
                     format="json"), "round")  # a preview
    ok(api.post(f"{base(t)}/rounds/1/publish/"))
    refused(api.post(f"{base(t)}/results/", {"white": b, "black": w, "result": "1-0"},
                     format="json"), "white")  # colours swapped
    refused(api.post(f"{base(t)}/results/", {"white": w, "black": w2, "result": "1-0"},
                     format="json"), "black")  # no game
    refused(api.post(f"{base(t)}/results/", {"white": w, "black": b, "result": "1-0",
                                             "round": 2}, format="json"), "black")
    assert api.get(f"{base(t)}/rounds/1/").json()["tables"][0]["result"] is None


def test_last_round_is_404_before_any_draw(api, chess):
    t = chess(4)
    assert api.get(f"{base(t)}/rounds/last/").status_code == 404


# ---------------------------------------------------------------- Load/SaveTournament: TRF


def test_trf_out_and_in_keeps_the_standings(api, chess):
    t = chess(4, rounds=2)
    for _ in range(2):
        play_round(api, t, draw(api, t))
    r = api.get(f"{base(t)}/trf/")
    assert r.status_code == 200 and r["Content-Type"].startswith("text/plain")
    text = r.content.decode()
    assert text.startswith("012 ") and "\n001 " in text
    assert api.get(f"{base(t)}/trf/", HTTP_ACCEPT="text/plain").content.decode() == text

    standings = ok(api.get(f"{base(t)}/standings/"))["standings"]
    new = ok(api.post(f"{API}/tournaments/import-trf/?slug=zurueck&name=Zurück", text,
                      content_type="text/plain"), 201)
    assert (new["slug"], new["name"], new["discipline"]) == ("zurueck", "Zurück", "chess")
    again = ok(api.get(f"{API}/tournaments/zurueck/standings/"))["standings"]
    assert [(x["name"], x["values"]["points"]) for x in again] == [
        (x["name"], x["values"]["points"]) for x in standings]

    new = ok(api.post(f"{API}/tournaments/import-trf/", {"trf": text}, format="json"), 201)
    assert new["slug"] != "zurueck"


@pytest.mark.parametrize("body, field", [
    ({}, "trf"),
    ({"trf": "012 Kaputt\n001    1 m    Anna                               1800 GER"
             "           0 2000/01/01  1.0    1    2 w Q\n"}, "trf"),
    ({"trf": "012 Leer\n"}, "trf"),
    ({"trf": "012 X\n", "slug": "kein slug"}, "slug"),
])
def test_trf_import_refusals_name_the_field(api, body, field):
    refused(api.post(f"{API}/tournaments/import-trf/", body, format="json"), field)
    assert Tournament.objects.count() == 0


def test_trf_import_refuses_a_taken_slug_and_bad_text(api, chess, director):
    t = chess(2)
    text = api.get(f"{base(t)}/trf/").content.decode()
    refused(api.post(f"{API}/tournaments/import-trf/?slug={t.slug}", text,
                     content_type="text/plain"), "slug")
    refused(api.post(f"{API}/tournaments/import-trf/", "012 X\n001 kaputt\n",
                     content_type="text/plain"), "trf")
    refused(api.post(f"{API}/tournaments/import-trf/", b"\xff\xfe\x00",
                     content_type="text/plain"), "trf")
    assert Tournament.objects.count() == 1


# ---------------------------------------------------------------- outputs


def test_ranking_is_by_rating(api, chess):
    t = chess(3)
    ok(api.patch(f"{base(t)}/entrants/3/", {"elo": 2500}, format="json"))
    rows = ok(api.get(f"{base(t)}/ranking/"))
    assert [(r["pairing_number"], r["entrant"], r["elo"]) for r in rows] == [
        (1, 3, 2500), (2, 1, 2000), (3, 2, 1900)]


def test_standings_by_category_and_other_tiebreaks(api, chess):
    t = chess(4)
    for n, flags in ((1, "s"), (3, "s"), (4, "j")):
        ok(api.patch(f"{base(t)}/entrants/{n}/", {"flags": flags}, format="json"))
    play_round(api, t, draw(api, t))
    seniors = ok(api.get(f"{base(t)}/standings/", {"category": "senior"}))["standings"]
    assert sorted(r["entrant"] for r in seniors) == [1, 3]
    assert [r["rank"] for r in seniors] in ([1, 2], [1, 1])
    # TABMODE: the same standings as a tournament that ranks by those tiebreaks
    for asked, tiebreaks in (("", []), ("sonneborn_berger,buchholz",
                                        ["sonneborn_berger", "buchholz"])):
        other = ok(api.get(f"{base(t)}/standings/", {"tiebreaks": asked}))
        ok(api.patch(f"{base(t)}/", {"scoring": {**t.scoring, "tiebreaks": tiebreaks}},
                     format="json"))
        assert other == ok(api.get(f"{base(t)}/standings/"))
    refused(api.get(f"{base(t)}/standings/", {"tiebreaks": "glueck"}), "tiebreaks")
    refused(api.get(f"{base(t)}/standings/", {"tiebreaks": "buchholz,buchholz"}), "tiebreaks")
    refused(api.get(f"{base(t)}/standings/", {"after_round": "x"}), "after_round")


def test_cross_table_progress_cards_and_dwz(api, chess, actor):
    t = chess(4, rounds=3)
    for n in range(1, 5):
        ok(api.patch(f"{base(t)}/entrants/{n}/", {"dwz": 1900 - 50 * n,
                                                   "birth_date": "1990-01-01"}, format="json"))
    play_round(api, t, draw(api, t))
    cross = ok(api.get(f"{base(t)}/crosstable/"))
    assert cross["rounds"] == [1] and len(cross["rows"]) == 4
    row = cross["rows"][0]
    assert row["cells"][0] == "×" and row["position"] == 1
    assert any(c in ("1", "0") for c in row["cells"])
    by_rank = ok(api.get(f"{base(t)}/crosstable/", {"order": "rank"}))
    assert by_rank["order"] == "rank" and by_rank["rows"][0]["rank"] == 1
    refused(api.get(f"{base(t)}/crosstable/", {"order": "los"}), "order")

    progress = ok(api.get(f"{base(t)}/progress/"))
    first = progress["rows"][0]
    assert first["rank"] == 1 and first["values"]["points"] == 1.0
    cell = first["cells"][0]
    assert (cell["round"], cell["kind"], cell["symbol"], cell["colour"]) == (1, "game", "1", "w")
    assert cell["points"] == 1.0 and cell["running"] == 1.0
    refused(api.get(f"{base(t)}/progress/", {"opponent_by": "alter"}), "opponent_by")

    cards = ok(api.get(f"{base(t)}/cards/"))
    assert len(cards) == 4 and [r["round"] for r in cards[0]["rows"]] == [1, 2, 3]
    assert cards[0]["remaining"] == 2 and cards[0]["rows"][1]["kind"] is None

    dwz = ok(api.get(f"{base(t)}/dwz/"))
    line = next(x for x in dwz["lines"] if x["entrant"] == 1)
    assert line["ro"] == 1850 and line["n"] == 1 and line["birth_date"] == "1990-01-01"
    assert isinstance(line["w"], float) and dwz["with_elo"] is True


# ---------------------------------------------------------------- a small Swiss, end to end


def test_small_swiss_through_the_api(api):
    """NewTournament, AddPlayer ×7, SetPlayer (a set game and a bye), DoPairings and
    EnterResult for three rounds, then Table, CrossTable, TableOfProgress, SaveTournament."""
    t = ok(api.post(f"{API}/tournaments/", {"name": "Vereinsturnier", "discipline": "chess",
                                            "planned_rounds": 3, "pairing": "dutch"},
                    format="json"), 201)
    b = f"{API}/tournaments/{t['slug']}"
    names = ["Anna", "Berta", "Carl", "Dora", "Emil", "Fritz", "Gerd"]
    for k, name in enumerate(names):
        ok(api.post(f"{b}/entrants/", {"name": name, "dwz": 2000 - 50 * k, "elo": 2050 - 50 * k,
                                       "flags": "s" if k % 2 else "", "status": "present"},
                    format="json"), 201)
    ok(api.post(f"{b}/pairing-rules/", {"kind": "forced", "round": 1, "white": 7, "black": 1},
                format="json"), 201)
    ok(api.post(f"{b}/bye-requests/", {"entrant": 4, "round": 1, "kind": "half"},
                format="json"), 201)
    tournament = Tournament.objects.get(slug=t["slug"])
    for number in (1, 2, 3):
        rnd = draw(api, tournament)
        assert rnd["number"] == number
        if number == 1:
            assert (7, 1) in games(rnd)
            assert {(x["entrant"], x["kind"]) for x in rnd["byes"]} == {(4, "half")}
        for k, (white, black) in enumerate(games(rnd)):
            result = ("1-0", "1/2-1/2", "0-1")[k % 3]
            ok(api.post(f"{b}/results/", {"white": white, "black": black, "result": result},
                        format="json"))
        ok(api.post(f"{b}/rounds/{number}/close/"))
    table = ok(api.get(f"{b}/standings/"))["standings"]
    assert len(table) == 7
    # three boards a round, the requested ½ bye of round 1, the pairing byes of rounds 2 and 3
    assert sum(r["values"]["points"] for r in table) == 3 * 3 + 0.5 + 2
    seniors = ok(api.get(f"{b}/standings/", {"category": "senior"}))["standings"]
    assert len(seniors) == 3 and seniors[0]["rank"] == 1
    cross = ok(api.get(f"{b}/crosstable/"))
    progress = ok(api.get(f"{b}/progress/"))
    assert len(cross["rows"]) == 7 and cross["rounds"] == [1, 2, 3]
    assert [r["entrant"] for r in progress["rows"]] == [r["entrant"] for r in table]
    text = api.get(f"{b}/trf/").content.decode()
    assert text.count("\n001 ") + text.startswith("001 ") == 7


# ---------------------------------------------------------------- access and schema


def chess_urls(t: Tournament) -> list[tuple[str, str, Any]]:
    """Every new tournament-scoped endpoint with a body a director could send."""
    b = base(t)
    return [
        ("patch", f"{b}/entrants/1/", {"dwz": 1500}),
        ("delete", f"{b}/entrants/4/", None),
        ("get", f"{b}/pairing-rules/", None),
        ("post", f"{b}/pairing-rules/", {"kind": "forbidden", "a": 1, "b": 2}),
        ("delete", f"{b}/pairing-rules/1/", None),
        ("get", f"{b}/bye-requests/", None),
        ("post", f"{b}/bye-requests/", {"entrant": 1, "round": 2}),
        ("delete", f"{b}/bye-requests/?entrant=1&round=2", None),
        ("post", f"{b}/results/", {"white": 1, "black": 2, "result": "1-0"}),
        ("get", f"{b}/rounds/last/", None),
        ("get", f"{b}/trf/", None),
        ("get", f"{b}/ranking/", None),
        ("get", f"{b}/crosstable/", None),
        ("get", f"{b}/progress/", None),
        ("get", f"{b}/cards/", None),
        ("get", f"{b}/dwz/", None),
    ]


@pytest.fixture
def drawn_chess(chess, actor):
    t = chess(4)
    services.draw_round(t, actor, seed="s")
    services.publish_round(t, actor, 1)
    return t


@pytest.mark.parametrize("who", ["desk_user", "stranger"])
def test_non_directors_get_403(request, drawn_chess, who):
    c = client_for(request.getfixturevalue(who))
    before = Tournament.objects.get(pk=drawn_chess.pk).version
    for method, url, body in chess_urls(drawn_chess):
        r = getattr(c, method)(url, body, format="json")
        assert r.status_code == 403, (method, url, r.status_code)
    r = c.get(f"{base(drawn_chess)}/trf/", HTTP_ACCEPT="text/plain")
    assert r.status_code == 403 and "detail" in json.loads(r.content)
    assert Tournament.objects.get(pk=drawn_chess.pk).version == before
    assert drawn_chess.entrants.filter(status=Entrant.Status.PRESENT).count() == 4


def test_anonymous_gets_401(drawn_chess):
    c = APIClient()
    for method, url, body in [*chess_urls(drawn_chess),
                              ("post", f"{API}/tournaments/import-trf/", {"trf": "012 X"})]:
        r = getattr(c, method)(url, body, format="json")
        assert r.status_code == 401, (method, url, r.status_code)


def test_the_director_reaches_every_new_endpoint(api, drawn_chess):
    for method, url, body in chess_urls(drawn_chess):
        r = getattr(api, method)(url, body, format="json")
        assert r.status_code in (200, 201, 204, 400, 404), (method, url, r.status_code)


def test_schema_documents_every_command(api):
    r = api.get(reverse("api-schema"), {"format": "json"})
    schema = json.loads(r.content)
    validate_schema(schema)
    paths = schema["paths"]
    t = "/api/v1/tournaments/{slug}"
    wanted = {
        f"{t}/entrants/": ["get", "post"], f"{t}/entrants/{{start_number}}/": [
            "get", "patch", "delete"],
        f"{t}/pairing-rules/": ["get", "post"], f"{t}/pairing-rules/{{rule}}/": ["delete"],
        f"{t}/bye-requests/": ["get", "post", "delete"], f"{t}/results/": ["post"],
        f"{t}/rounds/last/": ["get", "delete"], f"{t}/trf/": ["get"],
        "/api/v1/tournaments/import-trf/": ["post"], f"{t}/ranking/": ["get"],
        f"{t}/crosstable/": ["get"], f"{t}/progress/": ["get"], f"{t}/cards/": ["get"],
        f"{t}/dwz/": ["get"], f"{t}/standings/": ["get"],
    }
    for path, methods in wanted.items():
        for method in methods:
            op = paths[path][method]
            assert op.get("summary"), (path, method)
            if method in ("post", "patch", "delete") and path != f"{t}/rounds/last/":
                assert "400" in op["responses"], (path, method)
            assert "403" in op["responses"] or path.endswith("import-trf/"), (path, method)
    assert "text/plain" in paths[f"{t}/trf/"]["get"]["responses"]["200"]["content"]
    body = paths["/api/v1/tournaments/import-trf/"]["post"]["requestBody"]["content"]
    assert {"text/plain", "application/json"} <= set(body)
    examples = paths[f"{t}/pairing-rules/"]["post"]["requestBody"]["content"][
        "application/json"]["examples"]
    assert len(examples) >= 2


def test_enter_result_in_a_double_round_robin_finds_the_game_by_colour(api, chess):
    t = chess(4, rounds=6)
    ok(api.patch(f"{base(t)}/", {"pairing": "round_robin", "draw_options": {"double": True}},
                 format="json"))
    first = {}
    for number in range(1, 7):
        rnd = draw(api, t)
        for white, black in games(rnd):
            first.setdefault(frozenset((white, black)), (number, white, black))
            res = ok(api.post(f"{base(t)}/results/", {"white": white, "black": black,
                                                      "result": "1-0"}, format="json"))
            assert res["round"] == number  # not the other cycle's game of the two
        ok(api.post(f"{base(t)}/rounds/{number}/close/"))
    number, white, black = next(iter(first.values()))
    res = ok(api.post(f"{base(t)}/results/", {"white": white, "black": black, "result": "0-1"},
                      format="json"))
    assert res["round"] == number and res["payload"] == {"score": "0-1"}
