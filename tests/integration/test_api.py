"""The REST API at /api/v1/: tokens, the director's flow, errors that name the field, access."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.urls import reverse
from drf_spectacular.validation import validate_schema
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tournaments import services
from tournaments.models import Result, ResultRevision, Round, Table, Tournament

from .helpers import client_for

API = "/api/v1"


def mucken_result(table: dict[str, Any], k: int) -> dict[str, Any]:
    """A valid Mucken round for a table; the winner varies with the table so standings differ."""
    return {"bobbl": [[21, 3 + k], [10 + k, 21]] if k % 2 else [[21, 5 + k], [21, 7]]}


def drawn(api: APIClient, slug: str) -> dict[str, Any]:
    """Draw and publish the next round; returns the round as the API shows it."""
    r = api.post(f"{API}/tournaments/{slug}/rounds/draw/", {"seed": "feste-saat"},
                 format="json")
    assert r.status_code == 201, r.content
    number = r.json()["number"]
    r = api.post(f"{API}/tournaments/{slug}/rounds/{number}/publish/")
    assert r.status_code == 200, r.content
    assert r.json()["status"] == "open"
    return r.json()


# ---------------------------------------------------------------- authentication


def test_token_obtain_and_use(director):
    anon = APIClient()
    r = anon.post(f"{API}/auth/token/", {"username": "direktor", "password": "turnier-2026"},
                  format="json")
    assert r.status_code == 200
    key = r.json()["token"]
    assert key == Token.objects.get(user=director).key
    anon.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert anon.get(f"{API}/tournaments/").status_code == 200

    bad = APIClient().post(f"{API}/auth/token/", {"username": "direktor", "password": "falsch"},
                           format="json")
    assert bad.status_code == 400
    wrong = APIClient()
    wrong.credentials(HTTP_AUTHORIZATION="Token 0123456789abcdef")
    assert wrong.get(f"{API}/tournaments/").status_code == 401


def test_list_shows_only_directed_tournaments(make_tournament, stranger, api):
    mine = make_tournament("chess")
    other = services.create_tournament(services.Actor(stranger, "fremd"), "Fremdes Turnier",
                                       "chess")
    slugs = [t["slug"] for t in api.get(f"{API}/tournaments/").json()]
    assert slugs == [mine.slug]
    assert other.slug not in slugs
    assert [t["slug"] for t in client_for(stranger).get(f"{API}/tournaments/").json()] == [
        other.slug]


# ---------------------------------------------------------------- the director's flow


def test_full_mucken_pair_flow(api, director):
    r = api.post(f"{API}/tournaments/", {"name": "Muckturnier 2026", "discipline": "mucken",
                                         "entrant_kind": "pair", "planned_rounds": 2},
                 format="json")
    assert r.status_code == 201, r.content
    slug = r.json()["slug"]
    assert r.json()["scoring"]["target"] == 21
    t = Tournament.objects.get(slug=slug)
    assert t.roles.filter(user=director, kind="director").exists()

    base = f"{API}/tournaments/{slug}"
    for i in range(1, 7):
        r = api.post(f"{base}/entrants/", {"players": [{"name": f"Spieler {i}a"},
                                                       {"name": f"Spieler {i}b",
                                                        "club": "JU", "rating": 1200}],
                                           "status": "present"}, format="json")
        assert r.status_code == 201, r.content
        assert r.json()["start_number"] == i
        assert r.json()["name"] == f"Spieler {i}a / Spieler {i}b"
    entrants = api.get(f"{base}/entrants/").json()
    assert [e["start_number"] for e in entrants] == [1, 2, 3, 4, 5, 6]
    assert {e["status"] for e in entrants} == {"present"}

    r = api.post(f"{base}/rounds/draw/", {"seed": "abc123"}, format="json")
    assert r.status_code == 201, r.content
    rnd = r.json()
    assert rnd["number"] == 1 and rnd["status"] == "preview" and rnd["draw_seed"] == "abc123"
    assert len(rnd["tables"]) == 3 and rnd["byes"] == []
    seated = sorted(s["entrant"] for tb in rnd["tables"] for s in tb["seats"])
    assert seated == [1, 2, 3, 4, 5, 6]
    assert all(tb["result_status"] is None for tb in rnd["tables"])

    assert api.post(f"{base}/rounds/1/publish/").json()["status"] == "open"
    # closing with tables missing is refused with the service's message
    r = api.post(f"{base}/rounds/1/close/")
    assert r.status_code == 400 and "tables without an agreed result" in r.json()["__all__"][0]

    for k, tb in enumerate(rnd["tables"]):
        r = api.put(f"{base}/rounds/1/tables/{tb['number']}/result/", mucken_result(tb, k),
                    format="json")
        assert r.status_code == 200, r.content
        body = r.json()
        assert body["status"] == "confirmed" and body["payload"] == mucken_result(tb, k)
        assert [v["source"] for v in body["revisions"]] == ["director"]
        assert body["revisions"][0]["user"] == "direktor"
    summary = api.get(f"{base}/rounds/").json()
    assert summary == [{"number": 1, "status": "open", "draw_method": "rotation",
                        "tables": 3, "results": 3}]
    r = api.get(f"{base}/rounds/1/")
    assert {tb["result_status"] for tb in r.json()["tables"]} == {"confirmed"}

    r = api.post(f"{base}/rounds/1/close/")
    assert r.status_code == 200 and r.json()["status"] == "closed"

    standings = api.get(f"{base}/standings/")
    assert standings.status_code == 200
    t.refresh_from_db()
    expected = services.standings(t)
    assert standings.json() == json.loads(json.dumps(expected))
    rows = standings.json()["standings"]
    assert len(rows) == 6 and rows[0]["rank"] == 1
    assert set(rows[0]["values"]) >= {"bobbl", "tore", "gegentore"}
    assert sum(r["values"]["bobbl"] for r in rows) == 6  # two Bobbl at each of three tables

    after = api.get(f"{base}/standings/", {"after_round": 0}).json()
    assert all(r["values"]["bobbl"] == 0 for r in after["standings"])
    assert api.get(f"{base}/standings/", {"after_round": "x"}).status_code == 400

    # the next round is drawn; undo it; the tournament reflects the changes
    assert api.post(f"{base}/rounds/draw/", {}, format="json").status_code == 201
    r = api.delete(f"{base}/rounds/last/")
    assert r.status_code == 200 and r.json() == {"undone": 2}
    assert not Round.objects.filter(tournament=t, number=2).exists()
    detail = api.get(f"{base}/").json()
    assert detail["status"] == "running" and detail["version"] > 1


def test_partial_update_and_entrant_status(api, make_tournament):
    t = make_tournament("chess", entrants=3)
    base = f"{API}/tournaments/{t.slug}"
    r = api.patch(f"{base}/", {"name": "Vereinsmeisterschaft", "planned_rounds": 5,
                               "public": False}, format="json")
    assert r.status_code == 200, r.content
    t.refresh_from_db()
    assert (t.name, t.planned_rounds, t.public) == ("Vereinsmeisterschaft", 5, False)
    assert t.log.filter(action="update_tournament").exists()

    r = api.patch(f"{base}/entrants/2/", {"status": "withdrawn"}, format="json")
    assert r.status_code == 200 and r.json()["status"] == "withdrawn"
    assert t.entrants.get(start_number=2).status == "withdrawn"
    assert api.patch(f"{base}/entrants/2/", {"status": "weg"}, format="json").status_code == 400
    assert api.patch(f"{base}/entrants/99/", {"status": "present"},
                     format="json").status_code == 404


# ---------------------------------------------------------------- errors name the field


def test_bad_mucken_result_names_the_field(api, make_tournament):
    t = make_tournament("mucken", entrant_kind="pair", entrants=4)
    rnd = drawn(api, t.slug)
    url = f"{API}/tournaments/{t.slug}/rounds/1/tables/{rnd['tables'][0]['number']}/result/"
    r = api.put(url, {"bobbl": [[21, 21], [21, 3]]}, format="json")
    assert r.status_code == 400
    table = Table.objects.get(round__tournament=t, number=rnd["tables"][0]["number"])
    with pytest.raises(services.ServiceError) as exc:
        services.check_payload(table, {"bobbl": [[21, 21], [21, 3]]})
    assert r.json() == exc.value.errors
    assert "both sides reached 21" in r.json()["result"][0]
    assert not Result.objects.filter(table=table).exists()
    # not an object at all, or garbage inside: still a 400, never a 500
    assert api.put(url, [1, 2], format="json").status_code == 400
    assert api.put(url, {"bobbl": "viel"}, format="json").status_code == 400
    r = api.put(url, "{kaputt", content_type="application/json")
    assert r.status_code == 400


def test_bad_pussi_total_names_the_game(api, make_tournament):
    t = make_tournament("pussi", entrants=8)
    rnd = drawn(api, t.slug)
    url = f"{API}/tournaments/{t.slug}/rounds/1/tables/{rnd['tables'][0]['number']}/result/"
    sheet = {"games": [{"declarer": 1, "bid": 60, "totals": [60, 10]},
                       {"declarer": 2, "bid": 80, "totals": [60, 90]},
                       {"declarer": 1, "bid": 60, "totals": [170, 90]}]}
    r = api.put(url, sheet, format="json")
    assert r.status_code == 400
    assert list(r.json()) == ["games[2].totals"]
    assert "declarer's total 170" in r.json()["games[2].totals"][0]
    sheet["games"][2]["totals"] = [120, 90]
    assert api.put(url, sheet, format="json").status_code == 200


def test_bad_scoring_settings_name_the_setting(api, make_tournament):
    r = api.post(f"{API}/tournaments/", {"name": "Muck", "discipline": "mucken",
                                         "entrant_kind": "pair", "scoring": {"target": -5}},
                 format="json")
    assert r.status_code == 400 and "scoring.target" in r.json()
    assert not Tournament.objects.filter(name="Muck").exists()
    t = make_tournament("mucken", entrant_kind="pair")
    r = api.patch(f"{API}/tournaments/{t.slug}/", {"scoring": {"target": "viel"}}, format="json")
    assert r.status_code == 400 and "scoring.target" in r.json()
    t.refresh_from_db()
    assert t.scoring["target"] == 21


@pytest.mark.parametrize("body, field", [
    ({"discipline": "mucken"}, "name"),
    ({"name": "X", "discipline": "canasta"}, "discipline"),
    ({"name": "X", "discipline": "chess", "entrant_kind": "pair"}, "entrant_kind"),
    ({"name": "X", "discipline": "chess", "pairing": "random_tables"}, "pairing"),
    ({"name": "X", "discipline": "chess", "planned_rounds": 0}, "planned_rounds"),
    ({"name": "X", "discipline": "chess", "planned_rounds": "drei"}, "planned_rounds"),
    ({"name": "X", "discipline": "chess", "scoring": [1]}, "scoring"),
])
def test_create_refusals_name_the_field(api, body, field):
    r = api.post(f"{API}/tournaments/", body, format="json")
    assert r.status_code == 400
    assert field in r.json()


@pytest.mark.parametrize("body, field", [
    ({"players": [{"name": "A"}]}, "players"),  # a pair tournament needs two
    ({"players": [{"name": "A"}, {"name": "B", "rating": "stark"}]}, "players"),
    ({"players": [{"name": "A"}, 999999]}, "players"),
    ({"players": [{"name": "A"}, "B"]}, "players"),
    ({"players": "A und B"}, "players"),
    ({"players": [{"name": "A"}, {"name": "B"}], "status": "krank"}, "status"),
    ({"players": [{"name": "Spieler 1a"}, {"name": "Spieler 1b"}]}, "name"),  # taken
    ({"players": [{"name": "Spieler 1a"}, {"name": "Neu"}], "name": "Neu"}, "players"),
])
def test_register_refusals_name_the_field(api, make_tournament, body, field):
    t = make_tournament("mucken", entrant_kind="pair", entrants=1)
    r = api.post(f"{API}/tournaments/{t.slug}/entrants/", body, format="json")
    assert r.status_code == 400, r.content
    assert field in r.json()
    assert t.entrants.count() == 1


def test_standings_by_category(api, make_tournament, director):
    t = make_tournament("chess")
    base = f"{API}/tournaments/{t.slug}"
    for name, cats in (("Alt", ["senior"]), ("Jung", ["junior"]), ("Oma", ["senior", "women"]),
                       ("Opa", ["senior"])):
        r = api.post(f"{base}/entrants/", {"players": [{"name": name, "categories": cats}],
                                           "status": "present"}, format="json")
        assert r.status_code == 201 and r.json()["categories"] == sorted(cats)
    rnd = drawn(api, t.slug)
    for tb in rnd["tables"]:
        api.put(f"{base}/rounds/1/tables/{tb['number']}/result/", {"score": "1-0"},
                format="json")
    seniors = api.get(f"{base}/standings/", {"category": "senior"}).json()["standings"]
    assert sorted(r["name"] for r in seniors) == ["Alt", "Oma", "Opa"]
    t.refresh_from_db()
    assert seniors == json.loads(json.dumps(services.standings(t, category="senior")["standings"]))
    assert api.get(f"{base}/standings/", {"category": "youth-e"}).json()["standings"] == []


def test_register_known_player_by_id(api, make_tournament):
    t = make_tournament("chess", entrants=1)
    other = make_tournament("chess", name="Anderes", entrants=0)
    player = t.entrants.get().players.get()
    r = api.post(f"{API}/tournaments/{other.slug}/entrants/", {"players": [player.pk]},
                 format="json")
    assert r.status_code == 201, r.content
    assert r.json()["players"][0]["id"] == player.pk


# ---------------------------------------------------------------- access


def scoped_urls(t: Tournament) -> list[tuple[str, str, Any]]:
    """Every tournament-scoped endpoint with a body that would be accepted from a director."""
    b = f"{API}/tournaments/{t.slug}"
    return [
        ("get", f"{b}/", None),
        ("patch", f"{b}/", {"name": "Gekapert"}),
        ("get", f"{b}/entrants/", None),
        ("post", f"{b}/entrants/", {"players": [{"name": "Eindringling"}]}),
        ("get", f"{b}/entrants/1/", None),
        ("patch", f"{b}/entrants/1/", {"status": "withdrawn"}),
        ("get", f"{b}/rounds/", None),
        ("post", f"{b}/rounds/draw/", {}),
        ("delete", f"{b}/rounds/last/", None),
        ("get", f"{b}/rounds/1/", None),
        ("post", f"{b}/rounds/1/publish/", None),
        ("post", f"{b}/rounds/1/close/", None),
        ("post", f"{b}/rounds/1/reopen/", None),
        ("get", f"{b}/rounds/1/tables/1/result/", None),
        ("put", f"{b}/rounds/1/tables/1/result/", {"score": "1-0"}),
        ("post", f"{b}/rounds/1/tables/1/accept/", {"revision": 1}),
        ("get", f"{b}/standings/", None),
        ("get", f"{b}/document/", None),
    ]


@pytest.fixture
def drawn_chess(make_tournament, director):
    t = make_tournament("chess", entrants=4)
    services.draw_round(t, services.Actor(director, "direktor"), seed="s")
    t.refresh_from_db()
    return t


@pytest.mark.parametrize("who", ["desk_user", "stranger"])
def test_other_users_get_403_everywhere(request, drawn_chess, who):
    user = request.getfixturevalue(who)
    c = client_for(user)
    before = Tournament.objects.get(pk=drawn_chess.pk).version
    for method, url, body in scoped_urls(drawn_chess):
        r = getattr(c, method)(url, body, format="json")
        assert r.status_code == 403, (method, url, r.status_code)
    assert Tournament.objects.get(pk=drawn_chess.pk).version == before
    assert drawn_chess.entrants.count() == 4


def test_anonymous_gets_401_everywhere(drawn_chess):
    c = APIClient()
    urls = [*scoped_urls(drawn_chess), ("get", f"{API}/tournaments/", None),
            ("post", f"{API}/tournaments/", {"name": "X", "discipline": "chess"}),
            ("post", f"{API}/tournaments/import/", {"format": "turnier/1"})]
    for method, url, body in urls:
        r = getattr(c, method)(url, body, format="json")
        assert r.status_code == 401, (method, url, r.status_code)
        assert r["WWW-Authenticate"].startswith("Token")


def test_the_director_reaches_every_endpoint(api, drawn_chess):
    """The same list as the 403 test, as the director: nothing refused, nothing broken."""
    for method, url, body in scoped_urls(drawn_chess):
        r = getattr(api, method)(url, body, format="json")
        assert r.status_code in (200, 201, 400, 404, 409), (method, url, r.status_code)
        assert r.status_code not in (401, 403, 500)


def test_unknown_objects_are_404(api, drawn_chess):
    b = f"{API}/tournaments/{drawn_chess.slug}"
    for url in (f"{API}/tournaments/gibt-es-nicht/", f"{b}/rounds/9/",
                f"{b}/rounds/1/tables/99/result/", f"{b}/entrants/77/"):
        assert api.get(url).status_code == 404, url
    assert api.post(f"{b}/rounds/9/publish/").status_code == 404
    assert api.put(f"{b}/rounds/9/tables/1/result/", {"score": "1-0"},
                   format="json").status_code == 404
    for url in (f"{b}/rounds/{10**30}/", f"{b}/entrants/{10**30}/",
                f"{b}/rounds/1/tables/{10**30}/result/"):
        assert api.get(url).status_code == 404, url


def test_database_conflicts_are_not_500():
    from django.db import DataError, IntegrityError

    from tournaments.api.errors import exception_handler

    assert exception_handler(IntegrityError("unique"), {}).status_code == 409
    assert exception_handler(DataError("too long"), {}).status_code == 400
    r = exception_handler(services.ServiceError({"scoring.target": ["bad"]}), {})
    assert (r.status_code, r.data) == (400, {"scoring.target": ["bad"]})


# ---------------------------------------------------------------- captains


@pytest.fixture
def open_mucken(api, make_tournament):
    t = make_tournament("mucken", entrant_kind="pair", entrants=4)
    rnd = drawn(api, t.slug)
    return t, rnd


def test_captain_reads_only_its_table(open_mucken):
    t, rnd = open_mucken
    first, second = rnd["tables"]
    r = APIClient().get(f"{API}/captain/{first['captain_token']}/")
    assert r.status_code == 200
    body = r.json()
    assert body["tournament"] == t.name and body["round"] == 1
    assert body["table"] == first["number"] and body["accepting"] is True
    assert body["result_status"] is None
    assert sorted(s["entrant"] for s in body["seats"]) == sorted(
        s["entrant"] for s in first["seats"])
    others = {s["entrant"] for s in second["seats"]}
    assert not others & {s["entrant"] for s in body["seats"]}
    assert "captain_token" not in json.dumps(body)
    assert second["captain_token"] not in r.content.decode()


def test_captain_submits_only_to_its_table(open_mucken):
    t, rnd = open_mucken
    first, second = rnd["tables"]
    anon = APIClient()
    url = f"{API}/captain/{first['captain_token']}/"
    r = anon.post(url, {"bobbl": [[21, 4], [21, 9]]}, format="json")
    assert r.status_code == 200, r.content
    assert r.json() == {"table": first["number"], "round": 1, "status": "submitted",
                        "outcome": "submitted",
                        "detail": "Received. Waiting for a second report (from the other "
                                  "party's phone) or for the director."}
    assert Result.objects.filter(table__round__tournament=t).count() == 1
    assert Result.objects.get(table__round__tournament=t).table.number == first["number"]
    assert not Result.objects.filter(table__round__tournament=t,
                                     table__number=second["number"]).exists()
    assert anon.get(url).json()["result_status"] == "submitted"
    # the captain's link gives no way into the director's API
    assert anon.get(f"{API}/tournaments/{t.slug}/rounds/1/").status_code == 401
    # a bad payload: 400 with the field
    bad = anon.post(url, {"bobbl": [[5, 4]]}, format="json")
    assert bad.status_code == 400 and "result" in bad.json()


def test_captain_dispute_settled_by_director(api, open_mucken):
    t, rnd = open_mucken
    table = rnd["tables"][0]
    url = f"{API}/captain/{table['captain_token']}/"
    anon = APIClient()
    # two captains' phones, each with its own device id
    assert anon.post(url, {"bobbl": [[21, 4], [21, 9]]}, format="json",
                     headers={"X-Device-Id": "phone-of-party-one"}).json()[
        "status"] == "submitted"
    assert anon.post(url, {"bobbl": [[4, 21], [9, 21]]}, format="json",
                     headers={"X-Device-Id": "phone-of-party-two"}).json()[
        "status"] == "disputed"
    result_url = f"{API}/tournaments/{t.slug}/rounds/1/tables/{table['number']}/result/"
    res = api.get(result_url).json()
    assert res["status"] == "disputed" and len(res["revisions"]) == 2
    second = res["revisions"][1]
    assert second["source"] == "captain" and second["user"] is None
    accept = f"{API}/tournaments/{t.slug}/rounds/1/tables/{table['number']}/accept/"
    other = ResultRevision.objects.exclude(table__number=table["number"]).first()
    assert other is None or api.post(accept, {"revision": other.pk},
                                     format="json").status_code == 400
    refused = api.post(accept, {"revision": 10**9}, format="json")
    assert refused.status_code == 400 and list(refused.json()) == ["revision"]
    r = api.post(accept, {"revision": second["id"]}, format="json")
    assert r.status_code == 200
    assert r.json()["status"] == "confirmed"
    assert r.json()["payload"] == {"bobbl": [[4, 21], [9, 21]]}


def test_captain_refused_unless_round_open(api, make_tournament):
    t = make_tournament("mucken", entrant_kind="pair", entrants=4)
    base = f"{API}/tournaments/{t.slug}"
    rnd = api.post(f"{base}/rounds/draw/", {}, format="json").json()
    token = rnd["tables"][0]["captain_token"]
    anon = APIClient()
    # preview: not shown, not accepted
    assert anon.get(f"{API}/captain/{token}/").status_code == 409
    r = anon.post(f"{API}/captain/{token}/", {"bobbl": [[21, 4], [21, 9]]}, format="json")
    assert r.status_code == 409 and r.json()["detail"]
    api.post(f"{base}/rounds/1/publish/")
    for tb in rnd["tables"]:
        assert api.put(f"{base}/rounds/1/tables/{tb['number']}/result/",
                       {"bobbl": [[21, 4], [21, 9]]}, format="json").status_code == 200
    assert api.post(f"{base}/rounds/1/close/").status_code == 200
    # closed: readable, but no submissions
    shown = anon.get(f"{API}/captain/{token}/").json()
    assert shown["accepting"] is False and shown["result_status"] == "confirmed"
    r = anon.post(f"{API}/captain/{token}/", {"bobbl": [[4, 21], [9, 21]]}, format="json")
    assert r.status_code == 409 and r.json()["detail"]
    assert ResultRevision.objects.filter(table__token=token).count() == 1
    # reopened: accepted again
    assert api.post(f"{base}/rounds/1/reopen/").json()["status"] == "open"
    r = anon.post(f"{API}/captain/{token}/", {"bobbl": [[21, 4], [21, 9]]}, format="json")
    assert r.status_code == 200


def test_unknown_captain_token_is_404(db):
    anon = APIClient()
    assert anon.get(f"{API}/captain/nicht-da/").status_code == 404
    assert anon.post(f"{API}/captain/nicht-da/", {"bobbl": [[21, 0]]},
                     format="json").status_code == 404


def test_captain_needs_no_csrf_even_when_logged_in(director, open_mucken):
    """A logged-in browser posting the captain form is not refused for a missing CSRF token."""
    _, rnd = open_mucken
    c = APIClient(enforce_csrf_checks=True)
    c.force_login(director)
    r = c.post(f"{API}/captain/{rnd['tables'][0]['captain_token']}/",
               {"bobbl": [[21, 4], [21, 9]]}, format="json")
    assert r.status_code == 200


# ---------------------------------------------------------------- documents


def test_export_import_keeps_the_standings(api, make_tournament, director):
    t = make_tournament("mucken", entrant_kind="pair", entrants=6)
    base = f"{API}/tournaments/{t.slug}"
    rnd = drawn(api, t.slug)
    for k, tb in enumerate(rnd["tables"]):
        api.put(f"{base}/rounds/1/tables/{tb['number']}/result/", mucken_result(tb, k),
                format="json")
    api.post(f"{base}/rounds/1/close/")
    doc = api.get(f"{base}/document/")
    assert doc.status_code == 200
    assert doc.json()["format"] == "turnier/1" and len(doc.json()["rounds"]) == 1

    r = api.post(f"{API}/tournaments/import/", doc.json(), format="json")
    assert r.status_code == 201, r.content
    new_slug = r.json()["slug"]
    assert new_slug != t.slug
    copy = Tournament.objects.get(slug=new_slug)
    assert copy.roles.filter(user=director, kind="director").exists()
    original = api.get(f"{base}/standings/").json()
    imported = api.get(f"{API}/tournaments/{new_slug}/standings/").json()
    assert imported == original
    assert original["standings"][0]["values"]["bobbl"] > 0


def test_import_reports_every_problem_by_place(api):
    doc = {"format": "turnier/1", "name": "Kaputt", "discipline": "mucken",
           "entrants": [{"id": 1, "name": "A"}, {"id": 2, "name": "B"}],
           "rounds": [{"number": 1, "tables": [
               {"number": 1, "seats": [{"entrant": 1, "side": 1}, {"entrant": 2, "side": 2}],
                "result": {"bobbl": [[21, 21], [3, 21]]}},
               {"number": 2, "seats": [{"entrant": 1, "side": 1}, {"entrant": 9, "side": 2}],
                "result": None}]}]}
    r = api.post(f"{API}/tournaments/import/", doc, format="json")
    assert r.status_code == 400
    problems = r.json()
    assert len(problems) >= 2
    assert any(k.startswith("rounds[0].tables[0]") for k in problems), problems
    assert any(k.startswith("rounds[0].tables[1]") for k in problems), problems
    assert not Tournament.objects.filter(name="Kaputt").exists()
    for body in ([1, 2, 3], {"format": "turnier/9"}, "text"):
        assert api.post(f"{API}/tournaments/import/", body,
                        format="json").status_code == 400


def card_list_document(discipline: str) -> dict[str, Any]:
    """A valid turnier/1 document of a discipline the scoring core knows but the web app not."""
    line = ({"declarer": 2, "dealer": 1, "game": "grand", "value": 96, "won": True}
            if discipline == "skat" else {"re": [1, 2], "re_eyes": 150})
    return {"format": "turnier/1", "name": f"Karten {discipline}", "discipline": discipline,
            "entrants": [{"id": i, "name": f"Spieler {i}"} for i in range(1, 5)],
            "rounds": [{"number": 1, "tables": [{"number": 1,
                                                 "seats": [{"entrant": i} for i in range(1, 5)],
                                                 "result": {"games": [line]}}]}]}


@pytest.mark.parametrize("discipline", ["doppelkopf"])
def test_import_of_a_card_list_document(api, discipline):
    """Since the web app has Doppelkopf pages (issue 21), a Doppelkopf document imports and
    scores as the core counts it: Re wins with 150 against 90, 1 each."""
    r = api.post(f"{API}/tournaments/import/", card_list_document(discipline), format="json")
    assert r.status_code == 201, r.content
    t = Tournament.objects.get(discipline=discipline)
    from tournaments import services

    points = {r["entrant"]: r["values"]["points"] for r in services.standings(t)["standings"]}
    assert points == {1: 1, 2: 1, 3: -1, 4: -1}


@pytest.mark.parametrize("change, place", [
    ({"entrants": [{"id": 1, "name": "A"}, {"id": 2, "name": "A"}]}, "entrants[1].name"),
    ({"entrants": [{"id": 1, "name": "A", "rating": -5}]}, "entrants[0].rating"),
    ({"entrants": [{"id": 10**12, "name": "A"}]}, "entrants[0].id"),
    ({"name": "M" * 201}, "name"),
    ({"rounds": [{"number": 40000, "tables": []}]}, "rounds[0].number"),
])
def test_import_refuses_what_the_database_cannot_store(api, change, place):
    """Valid by the format, but beyond a column: a 400 at the place, not a 500."""
    doc = {"format": "turnier/1", "name": "Grenzfall", "discipline": "chess",
           "entrants": [{"id": 1, "name": "A"}, {"id": 2, "name": "B"}], **change}
    r = api.post(f"{API}/tournaments/import/", doc, format="json")
    assert r.status_code == 400, r.content
    assert place in r.json()
    assert Tournament.objects.count() == 0


# ---------------------------------------------------------------- schema


def test_schema_endpoint_is_valid(api):
    r = api.get(reverse("api-schema"), {"format": "json"})
    assert r.status_code == 200
    schema = json.loads(r.content)
    validate_schema(schema)
    paths = schema["paths"]
    assert "/api/v1/tournaments/{slug}/rounds/{number}/tables/{table}/result/" in paths
    assert "/api/v1/captain/{token}/" in paths
    assert paths["/api/v1/captain/{token}/"]["post"].get("security") in ([], [{}], None)
    docs = api.get(reverse("api-docs"))
    assert docs.status_code == 200
    assert b"swagger-ui" in docs.content and b"drf_spectacular_sidecar" in docs.content


def test_schema_and_docs_are_public():
    """Anyone may read how the API works; only its data needs a director's token."""
    r = APIClient().get(reverse("api-schema"))
    assert r.status_code == 200 and b"openapi:" in r.content
    assert APIClient().get(reverse("api-docs")).status_code == 200
