"""The scoring cores of Doppelkopf and Skat (and their shared card list) speak English; what
they say reaches the API, the settings and the what-if page in the reader's language
(``scoring.i18n.N_``, ``core_messages.say``). English stays word for word what it was."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from scoring import parse, standings
from scoring.i18n import Message
from tournaments import services
from tournaments.core_messages import say
from tournaments.services import Actor

from .helpers import client_for, published_doppelkopf, seat_numbers

pytestmark = pytest.mark.django_db

API = "/api/v1"


def result_url(t: Any, table: Any) -> str:
    return f"{API}/tournaments/{t.slug}/rounds/1/tables/{table.number}/result/"


@pytest.fixture
def doppelkopf(make_tournament, director):
    t, _boss, table = published_doppelkopf(make_tournament, director, compulsory_solos=0)
    return t, table, client_for(director)


@pytest.fixture
def skat(make_tournament, director):
    t = make_tournament("skat", entrants=8)
    boss = Actor(director, director.username)
    t = services.update_tournament(t, boss, scoring={**t.scoring,
                                                     "games_per_series": {"4": 4, "3": 3}})
    rnd = services.draw_round(t, boss, seed="skat")
    services.publish_round(t, boss, 1)
    return t, rnd.tables.order_by("number")[0], client_for(director)


@pytest.mark.parametrize(("language", "words"), [
    ("de", "die Punkte ergeben nicht null (+3 +3 -3 -2 = +1)"),
    ("en", "the scores do not sum to zero (+3 +3 -3 -2 = +1)")])
def test_a_doppelkopf_line_refused_by_the_core_reads_in_the_callers_language(doppelkopf,
                                                                            language, words):
    t, table, api = doppelkopf
    a, b, c, d = seat_numbers(table)
    sheet = {"games": [{"kind": "normal", "re": [a, b],
                        "scores": {str(a): 3, str(b): 3, str(c): -3, str(d): -2}}]}
    r = api.put(result_url(t, table), sheet, format="json", HTTP_ACCEPT_LANGUAGE=language)
    assert r.status_code == 400
    assert r.json()["games[0].scores"] == [words]


def test_a_voluntary_solo_before_the_compulsory_one_reads_in_german(doppelkopf, director):
    t, table, api = doppelkopf
    services.update_tournament(t, Actor(director, director.username),
                               scoring={**t.scoring, "compulsory_solos": 1})
    a, b, c, d = seat_numbers(table)
    sheet = {"games": [{"kind": "queens", "re": [a],
                        "scores": {str(a): 3, str(b): -1, str(c): -1, str(d): -1}}]}
    r = api.put(result_url(t, table), sheet, format="json", HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 400
    assert r.json()["games[0].compulsory"] == [
        f"Teilnehmer {a} spielt ein Lustsolo vor dem eigenen Pflichtsolo; das erste Solo "
        "eines Spielers ist das Pflichtsolo (TSR 4.3)"]


@pytest.mark.parametrize(("language", "words"), [
    ("de", "ein Spiel hearts ist 10 × 2 bis 10 × 18 wert (20, 30, … 180), nicht 25"),
    ("en", "a hearts game is worth 10 × 2 to 10 × 18 (20, 30, … 180), not 25")])
def test_a_skat_value_refused_by_the_core_reads_in_the_callers_language(skat, language,
                                                                       words):
    t, table, api = skat
    players = seat_numbers(table)
    dealer, declarer = players[0], players[1]
    line: dict[str, Any] = {"game": "hearts", "declarer": declarer, "value": 25, "won": True}
    if len(players) == 4:
        line["dealer"] = dealer
    r = api.put(result_url(t, table), {"games": [line]}, format="json",
                HTTP_ACCEPT_LANGUAGE=language)
    assert r.status_code == 400
    assert r.json()["games[0].value"] == [words]


def test_a_skat_setting_refused_by_the_core_reads_in_german(skat):
    t, _table, api = skat
    r = api.patch(f"{API}/tournaments/{t.slug}/", {"scoring": {**t.scoring, "loss_fee": -1}},
                  format="json", HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 400
    assert r.json()["scoring.loss_fee"] == ["muss ein Betrag von 0 bis 1000 sein, nicht -1"]


def test_a_doppelkopf_setting_refused_by_the_core_reads_in_german(doppelkopf):
    t, _table, api = doppelkopf
    r = api.patch(f"{API}/tournaments/{t.slug}/",
                  {"scoring": {**t.scoring, "compulsory_solos": 1, "solos": []}},
                  format="json", HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 400
    assert r.json()["scoring.solos"][0].startswith(
        "nennt kein Solo, aber jeder Spieler schuldet 1 Pflichtsolo/-soli je Runde")


def test_the_standings_flags_are_messages_said_in_german():
    """A short round and an owed compulsory solo are flagged for the director (the what-if
    page shows the flags through ``say``)."""
    doc = {"format": "turnier/1", "name": "Doko", "discipline": "doppelkopf",
           "scoring": {"games_per_round": {"4": 2}, "compulsory_solos": 1,
                       "missing_solo_penalty": 5},
           "entrants": [{"id": i, "name": f"P{i}"} for i in (1, 2, 3, 4)],
           "rounds": [{"number": 1, "tables": [{"number": 1, "seats": [
               {"entrant": i} for i in (1, 2, 3, 4)], "result": {"games": [
                   {"kind": "queens", "re": [1], "compulsory": True,
                    "scores": {"1": 3, "2": -1, "3": -1, "4": -1}}]}}]}]}
    flags = standings(parse(doc))["flags"]
    assert all(isinstance(f["message"], Message) for f in flags)
    assert [str(f["message"]) for f in flags][:2] == [
        "1 games played, the round at a table of 4 is set to 2",
        "entrant 2 owes 1 compulsory solo(s); 5 points off for each"]
    with translation.override("de"):
        said = [say(f["message"]) for f in flags]
        assert said[:2] == [
            "1 Spiele gespielt, die Runde am Tisch mit 4 Spielern ist auf 2 angesetzt",
            "Teilnehmer 2 schuldet 1 Pflichtsolo/-soli; je 5 Punkte Abzug"]
        assert say(flags[0]["hint"]) == "Runde 1, Tisch 1"
