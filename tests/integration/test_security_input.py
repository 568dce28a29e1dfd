"""Findings 2, 4, 12 and 5 of the security review, each through its public entry point.

2. Numbers without a range: one captain's 4,001-digit game points took every public page
   of the tournament down (500, OverflowError). Every number now has a range per
   discipline, checked in ``scoring`` for every way a result or a setting comes in.
4. Captain payloads with unknown keys of any size and depth were stored. A result is
   now the discipline's keys only, at most 16 KB and 4 levels deep.
12. JSON nested thousands deep or with a lone surrogate was a 500 (and a traceback in
   the commands). One bounded reader now serves the API, the forms and the commands.
5. A newline in a name wrote forged lines into the TRF export. Control characters in
   names are refused at every input, and the TRF writers never write one.
"""

from __future__ import annotations

import json
from io import StringIO
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command, execute_from_command_line
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from pairing.trf import read
from tournaments import services
from tournaments.disciplines.chess import trf as chess_trf
from tournaments.models import (
    ActionLog,
    Entrant,
    Player,
    Result,
    ResultRevision,
    Table,
    Tournament,
)
from tournaments.services import Actor

from .helpers import publish_first_round

pytestmark = pytest.mark.django_db

API = "/api/v1"
HUGE = 10 ** 4000  # 4,001 digits: below Python's limit for reading an int, far beyond any game


@pytest.fixture
def dclient(may_create) -> Client:
    """The director with the right to create (and so import) tournaments."""
    c = Client(HTTP_ACCEPT_LANGUAGE="en")
    c.force_login(may_create)
    return c


def open_round(make_tournament, director, discipline: str, entrants: int,
               kind: str = "single", **kw: Any) -> tuple[Tournament, list[Table]]:
    t = make_tournament(discipline, kind, entrants=entrants, **kw)
    _, tables = publish_first_round(t, Actor(director, director.username), "security")
    return t, tables


def numbers(table: Table) -> list[int]:
    return [s.entrant.start_number for s in table.seats.select_related("entrant")]


def captain(table: Table, payload: Any, **kw: Any) -> Any:
    return APIClient().post(f"{API}/captain/{table.token}/", payload, format="json", **kw)


def raw_captain(table: Table, body: str | bytes) -> Any:
    return APIClient().generic("POST", f"{API}/captain/{table.token}/", body,
                               content_type="application/json")


def public_pages_answer(t: Tournament, api: APIClient) -> None:
    """Every page a spectator (and the director's API) reads answers 200."""
    for name, args in (("tournament", []), ("standings", []), ("pairings", []),
                       ("projector", []), ("statistics", []), ("round", [1])):
        r = Client().get(reverse(f"public:{name}", args=[t.slug, *args]))
        assert r.status_code == 200, (name, r.status_code)
    assert api.get(f"{API}/tournaments/{t.slug}/standings/").status_code == 200


def boardgame_document(points: Any) -> dict[str, Any]:
    return {"format": "turnier/1", "name": "Brett", "discipline": "boardgame",
            "entrants": [{"id": i, "name": f"Spieler {i}"} for i in range(1, 5)],
            "rounds": [{"number": 1, "tables": [{"number": 1, "seats": [
                {"entrant": i} for i in range(1, 5)],
                "result": {"points": {"1": points, "2": 10, "3": 5, "4": 1}}}]}]}


# ----------------------------------------------------------------- finding 2: number ranges


def test_captain_api_refuses_a_4001_digit_score_and_the_pages_stay_up(make_tournament,
                                                                      director, api):
    t, tables = open_round(make_tournament, director, "boardgame", 8)
    table = tables[0]
    payload = {"points": {str(n): HUGE if k == 0 else 10 for k, n in enumerate(numbers(table))}}
    r = captain(table, payload)
    assert r.status_code == 400, r.content[:300]
    assert "points" in r.json() and "game points must be at most 1000000" in r.json()["points"][0]
    assert len(r.content) < 2000  # the number is not echoed back
    assert not Result.objects.exists() and not ResultRevision.objects.exists()
    public_pages_answer(t, api)


@pytest.mark.parametrize(("discipline", "kind", "entrants", "payload", "field"), [
    ("mucken", "pair", 4, {"bobbl": [[21, HUGE], [21, 3]]}, "result"),
    ("mucken", "pair", 4, {"bobbl": [[True, 21], [21, 3]]}, "result"),
    ("mucken", "pair", 4, {"bobbl": [[21.0, 3], [21, 3]]}, "result"),
    ("pussi", "single", 4, {"games": [{"declarer": 1, "bid": HUGE, "totals": [HUGE, 0]}]},
     "games[0].bid"),
    ("pussi", "single", 4, {"games": [{"declarer": True, "bid": 60, "totals": [60, 0]}]},
     "games[0].declarer"),
    ("pussi", "single", 4, {"games": [{"declarer": 1, "bid": 60,
                                       "totals": [60, 10 ** 7]}]}, "games[0].totals"),
    ("tabletop", "single", 2, {"missions": [[HUGE, 0], [1, 2], [3, 4]]}, "result"),
    ("tabletop", "single", 2, {"missions": [[5000, 0], [1, 2], [3, 4]]}, "result"),
    ("chess", "single", 2, {"score": True}, "score"),
])
def test_api_put_result_refuses_numbers_out_of_range(api, make_tournament, director,
                                                     discipline, kind, entrants, payload,
                                                     field):
    t, tables = open_round(make_tournament, director, discipline, entrants, kind)
    r = api.put(f"{API}/tournaments/{t.slug}/rounds/1/tables/{tables[0].number}/result/",
                payload, format="json")
    assert r.status_code == 400, r.content[:300]
    assert field in r.json(), r.json()
    assert not Result.objects.exists()


@pytest.mark.parametrize("literal", ["NaN", "Infinity", "-Infinity", "1e400"])
def test_captain_api_refuses_nan_and_infinity(make_tournament, director, literal):
    _t, tables = open_round(make_tournament, director, "boardgame", 4)
    ns = numbers(tables[0])
    body = "{\"points\": {" + ", ".join(
        f'"{n}": {literal if k == 0 else 5}' for k, n in enumerate(ns)) + "}}"
    r = raw_captain(tables[0], body)
    assert r.status_code == 400, r.content
    assert "points" in r.content.decode()
    assert not Result.objects.exists()


def test_captain_page_refuses_game_points_beyond_the_range(make_tournament, director):
    _t, tables = open_round(make_tournament, director, "boardgame", 4)
    post = {f"points[{n}]": "5000000" if k == 0 else "7"
            for k, n in enumerate(numbers(tables[0]))}
    r = Client(HTTP_ACCEPT_LANGUAGE="en").post(reverse("captain:table",
                                                       args=[tables[0].token]), post)
    assert r.status_code == 400
    assert "game points must be at most 1000000" in r.content.decode()
    assert not Result.objects.exists()


def test_director_json_entry_refuses_a_huge_number(dclient, make_tournament, director, api):
    t, tables = open_round(make_tournament, director, "mucken", 4, "pair")
    text = json.dumps({"bobbl": [[21, HUGE], [21, 3]]})
    r = dclient.post(reverse("director:result", args=[t.slug, 1, tables[0].number]),
                     {"entry": "json", f"t{tables[0].number}-payload": text})
    assert r.status_code == 400
    assert "must be two whole numbers from 0 to 42" in r.content.decode()
    assert not Result.objects.exists()
    public_pages_answer(t, api)


def test_api_import_refuses_a_huge_number_with_its_place(api):
    r = api.post(f"{API}/tournaments/import/", boardgame_document(HUGE), format="json")
    assert r.status_code == 400
    assert "rounds[0].tables[0].result.points" in r.json()
    assert not Tournament.objects.exists()


def test_web_import_refuses_a_huge_number_with_its_place(dclient):
    upload = SimpleUploadedFile("brett.json", json.dumps(boardgame_document(HUGE)).encode())
    r = dclient.post(reverse("director:home"), {"action": "import", "import-document": upload})
    assert r.status_code == 400
    errors = r.context["import_form"].errors["document"]
    assert any("rounds[0].tables[0].result.points" in e and "at most 1000000" in e
               for e in errors), errors
    assert not Tournament.objects.exists()


def test_import_command_refuses_a_huge_number_with_status_2(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("django.core.management.base.connections.close_all", lambda: None)
    path = tmp_path / "brett.json"
    path.write_text(json.dumps(boardgame_document(HUGE)), encoding="utf-8")
    with pytest.raises(SystemExit) as exited:
        execute_from_command_line(["manage.py", "import_tournament", str(path)])
    err = capsys.readouterr().err
    assert exited.value.code == 2 and "Traceback" not in err
    assert "rounds[0].tables[0].result.points" in err
    assert not Tournament.objects.exists()


@pytest.mark.parametrize(("discipline", "scoring", "field"), [
    ("mucken", {"target": 10 ** 6}, "scoring.target"),
    ("mucken", {"target": True}, "scoring.target"),
    ("pussi", {"premium": 1e300}, "scoring.premium"),
    ("pussi", {"games_per_series": 1000}, "scoring.games_per_series"),
    ("chess", {"win": 1e300}, "scoring.win"),
    ("boardgame", {"placement": {"4": [5, 3, 2, 1], "99999999999": [1]}},
     "scoring.placement.99999999999"),
    ("boardgame", {"placement": {"4": [5e9, 3, 2, 1]}}, "scoring.placement.4"),
    ("tabletop", {"system": "ttm20", "bye_tp": 1000}, "scoring.bye_tp"),
    ("mucken", {"target": 21, "targte": 15}, "scoring.targte"),
])
def test_api_refuses_settings_out_of_range(api, make_tournament, discipline, scoring, field):
    t = make_tournament(discipline)
    r = api.patch(f"{API}/tournaments/{t.slug}/", {"scoring": scoring}, format="json")
    assert r.status_code == 400, r.content
    assert field in r.json(), r.json()
    t.refresh_from_db()
    assert t.scoring != scoring


# ----------------------------------------------------------- finding 4: shape of payloads


def test_captain_junk_keys_are_refused_and_nothing_is_stored(make_tournament, director):
    _t, tables = open_round(make_tournament, director, "mucken", 4, "pair")
    logged = ActionLog.objects.count()
    good = {"bobbl": [[21, 11], [17, 21]]}
    r = captain(tables[0], {**good, "junk": "x"})
    assert r.status_code == 400 and r.json() == {
        "junk": ["unknown field; a mucken result has bobbl, unfinished"]}
    r = captain(tables[0], {**good, "junk": "x" * 20_000})  # within the body limit
    assert r.status_code == 400 and "a result is at most 16384" in r.json()["result"][0]
    r = raw_captain(tables[0], json.dumps({**good, "junk": "x" * 2_400_000}))
    assert r.status_code == 400 and "larger than 65536 bytes" in r.json()["detail"]
    r = captain(tables[0], {"bobbl": [[[[[21]]]], [17, 21]]})
    assert r.status_code == 400 and "nested more than 4 levels deep" in r.json()["result"][0]
    assert not Result.objects.exists() and not ResultRevision.objects.exists()
    assert ActionLog.objects.count() == logged
    r = captain(tables[0], good)
    assert r.status_code == 200  # the table itself still takes its result


def test_nested_keys_and_long_lists_are_refused(make_tournament, director):
    _t, tables = open_round(make_tournament, director, "pussi", 4)
    game = {"declarer": 1, "bid": 60, "totals": [60, 20]}
    r = captain(tables[0], {"games": [{**game, "note": "x"}]})
    assert r.status_code == 400 and "games[0].note" in r.json()
    sheet, totals = [], [0, 0]
    for _ in range(100):
        totals = [totals[0] + 10, totals[1]]
        sheet.append({"declarer": 1, "bid": 10, "totals": list(totals)})
    r = captain(tables[0], {"games": sheet})
    assert r.status_code == 400 and "at most 99" in r.json()["games"][0]
    assert not Result.objects.exists()


def test_a_900_deep_payload_never_reaches_the_round_page(dclient, make_tournament, director):
    t, tables = open_round(make_tournament, director, "mucken", 4, "pair")
    deep = "[" * 900 + "]" * 900
    r = raw_captain(tables[0], '{"bobbl": ' + deep + "}")
    assert r.status_code == 400 and "nested more than 20 levels deep" in r.json()["detail"]
    r = dclient.post(reverse("director:result", args=[t.slug, 1, tables[0].number]),
                     {"entry": "json", f"t{tables[0].number}-payload": deep})
    assert r.status_code == 400 and "nested more than 20 levels deep" in r.content.decode()
    assert not Result.objects.exists()
    assert dclient.get(reverse("director:round", args=[t.slug, 1])).status_code == 200


# --------------------------------------------- finding 12: depth and surrogates, never a 500


DEEP = "[" * 50_000 + "]" * 50_000
SURROGATE_DOC = json.dumps({"format": "turnier/1", "name": "S", "discipline": "chess",
                            "entrants": [{"id": 1, "name": "X"}], "rounds": []}
                           ).replace('"X"', '"\\ud800"')
# A name given twice: json keeps the last ("Y"), another reader may keep the first.
TWICE_DOC = SURROGATE_DOC.replace('"\\ud800"', '"X", "name": "Y"')


@pytest.mark.parametrize(("body", "needle"), [
    (DEEP, "nested more than 20 levels deep"),
    ("[" * 5_000 + "]" * 5_000, "nested more than 20 levels deep"),
    (SURROGATE_DOC, "entrants[0].name: a lone surrogate"),
    (TWICE_DOC, 'entrants[0]: the name "name" appears twice in one object'),
])
def test_api_import_answers_400_for_deep_or_surrogate_json(api, body, needle):
    r = api.generic("POST", f"{API}/tournaments/import/", body, content_type="application/json")
    assert r.status_code == 400, r.content[:300]
    assert needle in r.json()["detail"]
    assert not Tournament.objects.exists()


def test_captain_api_answers_400_for_3000_deep_json_without_login(make_tournament, director):
    _t, tables = open_round(make_tournament, director, "mucken", 4, "pair")
    r = raw_captain(tables[0], "[" * 3000 + "]" * 3000)
    assert r.status_code == 400 and "nested more than 20 levels deep" in r.json()["detail"]


def test_token_endpoint_answers_400_for_deep_json():
    r = APIClient().generic("POST", f"{API}/auth/token/", DEEP, content_type="application/json")
    assert r.status_code == 400


@pytest.mark.parametrize(("body", "needle"), [
    (DEEP.encode(), "nested more than 20 levels deep"),
    (SURROGATE_DOC.encode(), "entrants[0].name: a lone surrogate"),
    (b'{"format": "turnier/1", "n": NaN}', "n: NaN is not a JSON number"),
    (TWICE_DOC.encode(), 'entrants[0]: the name "name" appears twice in one object'),
])
def test_web_import_answers_400_for_deep_or_surrogate_json(dclient, body, needle):
    r = dclient.post(reverse("director:home"), {
        "action": "import", "import-document": SimpleUploadedFile("x.json", body)})
    assert r.status_code == 400
    assert needle in r.context["import_form"].errors["document"][0]
    assert not Tournament.objects.exists()


@pytest.mark.parametrize(("content", "needle"), [
    (DEEP, "nested more than 20 levels deep at line 1 column 21"),
    (SURROGATE_DOC, "entrants[0].name: a lone surrogate"),
])
def test_import_command_exits_2_with_the_place(tmp_path, capsys, monkeypatch, content, needle):
    monkeypatch.setattr("django.core.management.base.connections.close_all", lambda: None)
    path = tmp_path / "x.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(SystemExit) as exited:
        execute_from_command_line(["manage.py", "import_tournament", str(path)])
    err = capsys.readouterr().err
    assert exited.value.code == 2 and needle in err and "Traceback" not in err
    assert not Tournament.objects.exists()


SURROGATE_ROW = '{"model": "auth.user", "pk": 1, "fields": {"username": "\\ud800"}}\n'


@pytest.mark.parametrize(("index", "row", "needle"), [
    (DEEP, None, "index.json: nested more than 20 levels deep"),
    (None, SURROGATE_ROW, "data.jsonl line 1: fields.username: a lone surrogate"),
])
def test_restore_exits_2_with_the_place(tmp_path, capsys, monkeypatch, index, row, needle):
    """A backup (docs/backup.md) with a hostile index, or a hostile row whose checksum
    agrees, so the restore reads it."""
    import hashlib

    monkeypatch.setattr("django.core.management.base.connections.close_all", lambda: None)
    call_command("backup", "--dir", str(tmp_path / "b"), stderr=StringIO())
    tmp_path = tmp_path / "b"
    if row:
        (tmp_path / "data.jsonl").write_text(row, encoding="utf-8")
        data = json.loads((tmp_path / "index.json").read_text())
        data["files"][0].update(bytes=len(row.encode()),
                                sha256=hashlib.sha256(row.encode()).hexdigest())
        index = json.dumps(data)
    (tmp_path / "index.json").write_text(index, encoding="utf-8")
    with pytest.raises(SystemExit) as exited:
        execute_from_command_line(["manage.py", "restore", str(tmp_path)])
    err = capsys.readouterr().err
    assert exited.value.code == 2 and needle in err and "Traceback" not in err
    assert not Tournament.objects.exists()


# ------------------------------------------------ finding 5: control characters in names

FORGED = "Line\n001    9      Forged Player                     2800"
HEADER = "Name\r\n042 2099/01/01\nXXR 99"


def test_preregistration_refuses_a_newline_in_a_name(make_tournament, director):
    t = make_tournament("chess")
    services.prereg.set_prereg_open(t, Actor(director, director.username), True)
    r = Client(HTTP_ACCEPT_LANGUAGE="en").post(reverse("public:prereg", args=[t.slug]),
                                               {"p1_name": FORGED, "club": ""})
    assert r.status_code != 302
    assert "must be one line without control characters" in r.content.decode()
    assert not t.entrants.exists()
    with pytest.raises(services.ServiceError) as exc:
        services.prereg.preregister(t, ["Ada"], club="SC\tNord")
    assert "club" in exc.value.errors


def test_desk_refuses_a_newline_in_a_name(make_tournament, desk_client):
    t = make_tournament("mucken", "pair")
    r = desk_client.post(reverse("desk:tournament", args=[t.slug]),
                         {"p1_name": "Fritz", "p2_name": FORGED, "status": "present"},
                         HTTP_ACCEPT_LANGUAGE="en")
    assert "must be one line without control characters" in r.content.decode()
    assert r.context["form"].errors["p2_name"]
    assert not t.entrants.exists()


@pytest.mark.parametrize(("body", "field"), [
    ({"name": FORGED}, "name"),
    ({"name": "Ada", "club": "SC\u2028Nord"}, "club"),
    ({"players": [{"name": FORGED}]}, "players"),
    ({"players": [{"name": "Ada", "club": "A\x85B"}]}, "players"),
])
def test_api_register_refuses_control_characters(api, make_tournament, body, field):
    t = make_tournament("chess")
    r = api.post(f"{API}/tournaments/{t.slug}/entrants/", body, format="json")
    assert r.status_code == 400, r.content
    assert field in r.json()
    assert not t.entrants.exists() and not Player.objects.exists()


def test_api_update_and_create_refuse_control_characters(api, make_tournament):
    t = make_tournament("chess", entrants=1)
    r = api.patch(f"{API}/tournaments/{t.slug}/entrants/1/", {"name": "Ada\tX"}, format="json")
    assert r.status_code == 400 and "name" in r.json()
    r = api.patch(f"{API}/tournaments/{t.slug}/", {"name": HEADER}, format="json")
    assert r.status_code == 400 and "name" in r.json()
    r = api.post(f"{API}/tournaments/", {"name": HEADER, "discipline": "chess"}, format="json")
    assert r.status_code == 400 and "name" in r.json()
    with pytest.raises(services.ServiceError) as exc:  # the service itself, below the forms
        services.registration.update_entrant(t.entrants.get(), Actor(None, "x"), name="Ada\u202eX")
    assert "name" in exc.value.errors
    assert t.entrants.get().name == "Spieler 1"


def test_imports_refuse_control_characters_in_names(api):
    doc = {"format": "turnier/1", "name": "Turnier", "discipline": "chess",
           "entrants": [{"id": 1, "name": FORGED}, {"id": 2, "name": "B", "club": "X\rY"}],
           "rounds": []}
    r = api.post(f"{API}/tournaments/import/", doc, format="json")
    assert r.status_code == 400
    assert {"entrants[0].name", "entrants[1].club"} <= set(r.json())
    trf = ("012 Turnier\n"
           "001    1      Ada\tLovelace                     1800"
           "                                  0.0    1\n")
    r = api.post(f"{API}/tournaments/import-trf/", {"trf": trf}, format="json")
    assert r.status_code == 400 and "line 2, column 18" in r.json()["trf"][0]
    assert not Tournament.objects.exists()


def forged_lines(text: str) -> list[str]:
    """Lines a name wrote: a player 9 (there are four) or the header lines it carried."""
    return [line for line in text.split("\n") if line.startswith(("001    9", "042", "XXR 99"))]


def test_trf_export_never_writes_a_control_character(make_tournament, director, api):
    t = make_tournament("chess", entrants=4)
    # Written straight into the database, as no input lets it through any more.
    Entrant.objects.filter(tournament=t, start_number=1).update(name=FORGED)
    Player.objects.filter(entries__tournament=t, entries__start_number=1).update(name=FORGED)
    Tournament.objects.filter(pk=t.pk).update(name=HEADER, details={"city": "Hof\nXXR 99"})
    t.refresh_from_db()
    text = chess_trf.export_trf(t)
    lines = text.split("\n")
    assert forged_lines(text) == []
    assert sum(line.startswith("001") for line in lines) == 4
    assert not any(ch in text.replace("\n", "") for ch in "\r\t\x85\u2028")
    assert lines[0] == "012 Name  042 2099/01/01 XXR 99"
    assert len(read(text).players) == 4
    r = api.post(f"{API}/tournaments/import-trf/", {"trf": text, "slug": "kopie"}, format="json")
    assert r.status_code == 201, r.content
    assert Entrant.objects.filter(tournament__slug="kopie").count() == 4
    out = StringIO()
    call_command("export_trf", t.slug, stdout=out)  # the command writes the same text
    assert forged_lines(out.getvalue()) == [] and out.getvalue().count("\n001") == 4


def test_tournament_trf_for_the_engine_keeps_its_players(make_tournament, director):
    t = make_tournament("chess", entrants=4)
    Player.objects.filter(entries__tournament=t, entries__start_number=2).update(
        name="Bo\u2029b\x0cX")
    trf = chess_trf.tournament_trf(t)
    assert sorted(trf.players) == [1, 2, 3, 4]
    assert "Bo b X" in [p.name for p in trf.players.values()]


def test_refused_names_leave_nothing_behind(make_tournament, desk_user):
    t = make_tournament("mucken", "pair")
    with pytest.raises(services.ServiceError):
        services.register(t, Actor(desk_user, "desk"), [{"name": "A"}, {"name": "B\nC"}])
    assert not Entrant.objects.filter(tournament=t).exists() and not Player.objects.exists()


def test_import_command_refuses_a_tournament_name_with_a_newline(tmp_path):
    path = tmp_path / "t.json"
    path.write_text(json.dumps({"format": "turnier/1", "name": "T\n012 X", "discipline": "chess",
                                "entrants": [], "rounds": []}), encoding="utf-8")
    with pytest.raises(CommandError) as exc:
        call_command("import_tournament", str(path))
    assert exc.value.returncode == 2 and "name: must be one line" in str(exc.value)
    assert not Tournament.objects.exists()
