"""The settings page as forms: each discipline's scoring settings are typed fields built from
its WebDiscipline's ``settings_fields``, checked at the field in German (the default), saved
through ``services.update_tournament`` (logged, version raised); the JSON is an advanced
export/import checked by the same fields, its errors naming the key."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tournaments import services
from tournaments.disciplines import DISCIPLINES
from tournaments.models import ActionLog
from tournaments.services import Actor, Conflict

pytestmark = pytest.mark.django_db

KINDS = {"chess": "single", "mucken": "pair", "pussi": "single", "boardgame": "single",
         "tabletop": "single", "skat": "single"}

# Per discipline: a valid change (form fields) and the typed values it stores; an
# out-of-range number and the German words of its field error.
VALID = {
    "chess": ({"win": "3", "draw": "1", "loss": "0", "bye": "3"},
              {"win": 3, "draw": 1, "loss": 0, "bye": 3}),
    "mucken": ({"target": "31", "bobbl_per_round": "3", "time_limit": "45",
                "unfinished": "void"},
               {"target": 31, "bobbl_per_round": 3, "time_limit": 45, "unfinished": "void"}),
    "pussi": ({"weight_points": "1,5", "weight_difference": "0,5", "premium": "50",
               "premium_at": "400", "games_per_series": "6"},
              {"weight_points": 1.5, "weight_difference": 0.5, "premium": 50, "premium_at": 400,
               "games_per_series": 6}),
    "boardgame": ({"placement_4": "6, 3, 2, 1", "placement_3": "6, 3, 1"},
                  {"placement": {"4": [6, 3, 2, 1], "3": [6, 3, 1]}}),
    "tabletop": ({"system": "sun", "bye_tp": "1"}, {"system": "sun", "bye_tp": 1}),
    "skat": ({"games_per_series_4": "24", "games_per_series_3": "18", "loss_fee": "0,50",
              "loss_fee_higher": "1", "loss_fee_from": "4"},
             {"games_per_series": {"4": 24, "3": 18}, "loss_fee": 0.5, "loss_fee_higher": 1,
              "loss_fee_from": 4}),
}
OUT_OF_RANGE = {
    "chess": ("win", "101", "muss eine Zahl von 0 bis 100 sein"),
    "mucken": ("target", "0", "muss eine ganze Zahl von 1 bis 100 sein"),
    "pussi": ("games_per_series", "100", "muss eine ganze Zahl von 1 bis 99 sein"),
    "boardgame": ("placement_4", "5, 3, 2", "braucht 4 Zahlen"),
    "tabletop": ("bye_tp", "-1", "muss eine Zahl von 0 bis 100 sein"),
    "skat": ("games_per_series_4", "100", "muss eine ganze Zahl von 1 bis 99 sein"),
}


@pytest.fixture
def german(settings):
    settings.LANGUAGE_CODE = "de"
    with translation.override("de"):
        yield


@pytest.fixture
def director_client(director) -> Client:
    director.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    c = Client()
    c.force_login(director)
    return c


def url(t) -> str:
    return reverse("director:settings", args=[t.slug])


def current_data(page) -> dict[str, Any]:
    """What the page's form would send unchanged."""
    form = page.context["form"]
    data = {}
    for bf in form:
        value = bf.value()
        if value is None or value is False or bf.field.disabled:
            continue
        data[bf.name] = "on" if value is True else value
    return data


def stored(t) -> tuple[Any, int]:
    t.refresh_from_db()
    return json.loads(json.dumps(t.scoring)), t.version


@pytest.mark.parametrize("discipline", list(KINDS))
def test_the_form_shows_the_current_values_in_german(discipline, director_client,
                                                    make_tournament, german):
    t = make_tournament(discipline, KINDS[discipline])
    page = director_client.get(url(t))
    assert page.status_code == 200
    html = page.content.decode()
    info = DISCIPLINES[discipline]
    form = page.context["form"]
    for s in info.settings_fields:
        if s.kind == "order":
            picked = [form[f"{s.slot_name}_{i}"].value() for i in range(1, s.slots + 1)]
            assert [p for p in picked if p] == list(t.scoring["tiebreaks"])
        else:
            assert s.name in form.fields
            assert str(form[s.name].value()) not in ("", "None") or s.optional
    assert "Wertung" in html and "Einstellungen speichern" in html
    # JSON only in the advanced section, collapsed
    assert 'name="scoring"' not in html
    assert "<details>" in html and "Erweitert" in html
    if discipline == "mucken":
        assert "Zeitlimit" in html and "die vorne liegende Partei gewinnt ihn" in html
        assert form["unfinished"].value() == "leader" and form["time_limit"].value() == ""


@pytest.mark.parametrize("discipline", list(KINDS))
def test_a_valid_change_is_stored_typed_and_logged(discipline, director_client,
                                                  make_tournament, german):
    t = make_tournament(discipline, KINDS[discipline])
    data = current_data(director_client.get(url(t)))
    fields, expected = VALID[discipline]
    before_scoring, version = stored(t)
    r = director_client.post(url(t), {**data, **fields})
    assert r.status_code == 302, r.context["form"].errors
    scoring, new_version = stored(t)
    for key, value in expected.items():
        assert scoring[key] == value and type(scoring[key]) is type(value), key
    untouched = set(before_scoring) - set(expected)
    assert all(scoring[k] == before_scoring[k] for k in untouched)
    assert new_version == version + 1
    entry = ActionLog.objects.filter(tournament=t, action="update_tournament").latest("pk")
    assert entry.after["scoring"] == scoring and entry.before["scoring"] == before_scoring
    # the same form again changes nothing and logs nothing
    again = current_data(director_client.get(url(t)))
    assert director_client.post(url(t), again).status_code == 302
    assert stored(t)[1] == new_version


@pytest.mark.parametrize("discipline", list(KINDS))
def test_an_out_of_range_number_is_refused_at_the_field_in_german(discipline,
                                                                 director_client,
                                                                 make_tournament, german):
    t = make_tournament(discipline, KINDS[discipline])
    data = current_data(director_client.get(url(t)))
    before, logged = stored(t), ActionLog.objects.count()
    name, value, words = OUT_OF_RANGE[discipline]
    r = director_client.post(url(t), {**data, name: value, "name": "Anderer Name"})
    assert r.status_code == 400
    assert any(words in e for e in r.context["form"].errors[name]), r.context["form"].errors
    assert words in r.content.decode()
    assert "Nichts gespeichert" in r.content.decode()
    assert stored(t) == before and ActionLog.objects.count() == logged
    t.refresh_from_db()
    assert t.name != "Anderer Name"


def test_mucken_time_limit_is_optional_and_stored_as_null(director_client, make_tournament):
    t = make_tournament("mucken", "pair")
    data = current_data(director_client.get(url(t)))
    assert director_client.post(url(t), {**data, "time_limit": "40"}).status_code == 302
    assert stored(t)[0]["time_limit"] == 40
    assert director_client.post(url(t), {**data, "time_limit": ""}).status_code == 302
    assert stored(t)[0]["time_limit"] is None


def test_a_tiebreak_picked_twice_is_refused_in_german(director_client, make_tournament,
                                                     german):
    t = make_tournament("chess")
    data = current_data(director_client.get(url(t)))
    before, logged = stored(t), ActionLog.objects.count()
    r = director_client.post(url(t), {**data, "tiebreak_1": "buchholz",
                                      "tiebreak_2": "progressive", "tiebreak_3": "buchholz"})
    assert r.status_code == 400
    errors = r.context["form"].errors
    assert list(errors) == ["tiebreak_3"]
    assert "doppelt gewählt" in errors["tiebreak_3"][0]
    assert "listed twice" not in r.content.decode()
    assert stored(t) == before and ActionLog.objects.count() == logged
    # the tie-breaks are picked in one place only: no JSON box beside the pickers
    assert r.content.decode().count('name="tiebreak_1"') == 1


def test_chess_points_must_keep_win_above_draw(director_client, make_tournament, german):
    t = make_tournament("chess")
    data = current_data(director_client.get(url(t)))
    r = director_client.post(url(t), {**data, "draw": "2"})
    assert r.status_code == 400
    assert "kleiner als ein Sieg" in r.context["form"].errors["draw"][0]


def test_the_tabletop_system_is_fixed_once_round_one_is_drawn(director_client,
                                                            make_tournament, director, german):
    t = make_tournament("tabletop", entrants=4)
    services.draw_round(t, Actor(director, director.username))
    page = director_client.get(url(t))
    assert page.context["form"].fields["system"].disabled
    assert "Runde 1" in str(page.context["form"].fields["system"].help_text)
    data = current_data(page)
    r = director_client.post(url(t), {**data, "system": "matrix12"})
    assert r.status_code == 302  # a disabled field keeps its value
    assert stored(t)[0]["system"] == "ttm20"
    # the service refuses it too (the API goes there)
    with pytest.raises(Conflict):
        services.update_tournament(t, Actor(director, director.username),
                                   scoring={"system": "matrix12"})
    # the JSON import is refused by the service, the error naming the key
    r = director_client.post(url(t), {"action": "import",
                                      "settings_json": '{"system": "matrix12"}'})
    assert r.status_code == 400
    assert r.context["import_form"].errors["settings_json"][0].startswith("system: Fest")
    assert stored(t)[0]["system"] == "ttm20"
    # the other setting may still change
    assert director_client.post(url(t), {**data, "bye_tp": "15"}).status_code == 302
    assert stored(t)[0]["bye_tp"] == 15


# ----------------------------------------------------------------------------- advanced JSON


def test_the_settings_download_as_json(director_client, make_tournament):
    t = make_tournament("mucken", "pair")
    r = director_client.get(url(t) + "?format=json")
    assert r.status_code == 200 and "attachment" in r["Content-Disposition"]
    assert json.loads(r.content) == t.scoring


@pytest.mark.parametrize("discipline", list(KINDS))
def test_a_json_import_is_checked_like_the_form(discipline, director_client, make_tournament,
                                               german):
    t = make_tournament(discipline, KINDS[discipline])
    _fields, expected = VALID[discipline]
    before, version = stored(t)
    r = director_client.post(url(t), {"action": "import",
                                      "settings_json": json.dumps(expected)})
    assert r.status_code == 302
    scoring, new_version = stored(t)
    assert {k: scoring[k] for k in expected} == expected and new_version == version + 1
    assert all(scoring[k] == v for k, v in before.items() if k not in expected)
    assert ActionLog.objects.filter(tournament=t, action="update_tournament").exists()


def test_a_json_import_names_the_key_in_german_and_stores_nothing(director_client,
                                                                 make_tournament, german):
    t = make_tournament("mucken", "pair")
    before, logged = stored(t), ActionLog.objects.count()

    def refused(text: str) -> list[str]:
        r = director_client.post(url(t), {"action": "import", "settings_json": text})
        assert r.status_code == 400
        assert "<details open>" in r.content.decode()  # the advanced section stays open
        return r.context["import_form"].errors["settings_json"]

    assert refused('{"target": 0}') == ["target: muss eine ganze Zahl von 1 bis 100 sein"]
    assert refused('{"time_limit": "lang"}')[0].startswith("time_limit: ")
    assert refused('{"unfinished": "egal"}')[0].startswith("unfinished: ")
    assert refused('{"zeit": 30}')[0].startswith("zeit: ")
    # every problem at once: an unknown key and a bad value
    both = refused('{"zeit": 30, "target": 500}')
    assert both[0].startswith("zeit: ") and both[1] == (
        "target: muss eine ganze Zahl von 1 bis 100 sein")
    assert "JSON" in refused('{"target": 21,')[0]
    assert refused("[1, 2]")
    assert stored(t) == before and ActionLog.objects.count() == logged


def test_a_json_import_refuses_a_tiebreak_twice(director_client, make_tournament, german):
    t = make_tournament("chess")
    before = stored(t)
    r = director_client.post(url(t), {"action": "import", "settings_json": json.dumps(
        {"tiebreaks": ["buchholz", "buchholz"]})})
    assert r.status_code == 400
    errors = r.context["import_form"].errors["settings_json"]
    assert errors[0].startswith("tiebreaks: ") and "doppelt" in errors[0]
    assert stored(t) == before


def test_the_api_settings_endpoint_is_unchanged(make_tournament, director):
    """PATCH /api/v1/tournaments/<slug>/ still takes the scoring JSON."""
    from rest_framework.test import APIClient

    t = make_tournament("mucken", "pair")
    api = APIClient()
    api.force_authenticate(director)
    r = api.patch(f"/api/v1/tournaments/{t.slug}/", {"scoring": {
        "target": 31, "bobbl_per_round": 2, "time_limit": None, "unfinished": "void"}},
        format="json")
    assert r.status_code == 200, r.content
    assert stored(t)[0]["target"] == 31
    r = api.patch(f"/api/v1/tournaments/{t.slug}/", {"scoring": {"target": 0}}, format="json")
    assert r.status_code == 400 and "scoring.target" in r.json()
