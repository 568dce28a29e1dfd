"""What the pure cores refuse reaches the reader in German, with the place.

``scoring`` and ``pairing`` speak English and mark their sentences with ``N_``
(:mod:`scoring.i18n`); the web side says them in the reader's language. These tests
bring bad Pussi sheets, tabletop documents and TRF files to the import page, the API and
the what-if page with German active and read the answer: German words, the place in the
document (or the file's line and column), and none of the English words of
``test_language.ENGLISH`` outside the places and quoted JSON. The command lines stay
English (developer tools, README "Command lines"), which the last tests hold.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import translation

from pairing import window
from tests.integration.helpers import client_for
from tournaments import services
from tournaments.core_messages import say
from tournaments.models import Tournament
from tournaments.services import Actor, ServiceError

from .test_language import ENGLISH, NAMES, found_words, visible_text

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]

# A JSON path (rounds[0].tables[0].result.games[1].totals) and quoted JSON or values
# ("games", 'Q') are the document's own words, not the page's language.
_PLACE = re.compile(r"[\w-]+(?:\[\d+\])*(?:\.[\w-]+(?:\[\d+\])*)+")
_QUOTED = re.compile(r"\"[^\"]*\"|'[^']*'")


# The fields of a Pussi game, which a message lists as the document spells them.
FIELDS = ["declarer", "bid", "totals"]


def english_in(text: str) -> list[str]:
    """The English words of a German text, once places, quoted values and the document's
    field names are taken out."""
    return found_words(_QUOTED.sub(" ", _PLACE.sub(" ", text)), ENGLISH,
                       NAMES["de"] + FIELDS)


def seats() -> list[dict[str, int]]:
    return [{"entrant": 1, "side": 1}, {"entrant": 2, "side": 1},
            {"entrant": 3, "side": 2}, {"entrant": 4, "side": 2}]


def bad_pussi() -> dict[str, Any]:
    """Three series, each with one sheet the core refuses."""
    return {"format": "turnier/1", "name": "Pussi kaputt", "discipline": "pussi",
            "scoring": {"games_per_series": 3},
            "entrants": [{"id": i, "name": f"Spieler {i}"} for i in range(1, 5)],
            "rounds": [
                {"number": 1, "tables": [{"number": 1, "seats": seats(), "result": {"games": [
                    {"declarer": 1, "bid": 60, "totals": [60, 10]},
                    {"declarer": 2, "bid": 80, "totals": [60, 95]},  # 10 + 80 is 90
                    {"declarer": 1, "bid": 60, "totals": [120, 95]}]}}]},
                {"number": 2, "tables": [{"number": 1, "seats": seats(),
                                          "result": {"final": [600, 100]}}]},  # no premium
                {"number": 3, "tables": [{"number": 1, "seats": seats(), "result": {"games": [
                    {"declarer": 1, "bid": 10, "totals": [10, 0], "dealer": 1}]}}]},
            ]}


PUSSI_GERMAN = {
    "rounds[0].tables[0].result.games[1].totals": (
        "die Summe der ansagenden Partei 95 passt nicht zu 10 bei Ansage 80 (gewonnen: 90, "
        "verloren: -70, schwarz verloren: -150); Spiel 3 nicht geprüft "
        "(Runde 1, Tisch 1, Spiel 2)"),
    "rounds[1].tables[0].result.premium": (
        "eine Partei endet bei 600, hat also 500 überschritten: angeben, wer es zuerst "
        "überschritten hat und in welchem Spiel (Runde 2, Tisch 1)"),
    "rounds[2].tables[0].result.games[0].dealer": (
        "unbekanntes Feld; ein Spiel kennt declarer, bid, totals (Runde 3, Tisch 1, Spiel 1)"),
}


def test_a_bad_pussi_document_is_refused_in_german_on_the_import_page(client, may_create):
    client.force_login(may_create)
    upload = SimpleUploadedFile("pussi.json", json.dumps(bad_pussi()).encode(),
                                content_type="application/json")
    response = client.post(reverse("director:home"), {
        "action": "import", "import-document": upload}, HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 400
    text = visible_text(response.content.decode())
    for place, german in PUSSI_GERMAN.items():
        assert f"{place}: {german}" in text, (place, text)
    errors = text[text.index("rounds[0]"):text.rindex("Spiel 1)") + len("Spiel 1)")]
    assert not english_in(errors), english_in(errors)
    assert not Tournament.objects.exists()


def test_a_bad_pussi_document_is_refused_in_german_by_the_api(may_create):
    api = client_for(may_create)
    response = api.post("/api/v1/tournaments/import/", bad_pussi(), format="json",
                        HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 400, response.content
    body = response.json()
    for place, german in PUSSI_GERMAN.items():
        assert body[place] == [f"{place}: {german}"], body
    english = api.post("/api/v1/tournaments/import/", bad_pussi(), format="json",
                       HTTP_ACCEPT_LANGUAGE="en").json()
    assert "does not follow from 10 with bid 80" in english[
        "rounds[0].tables[0].result.games[1].totals"][0]


def test_a_pussi_sheet_sent_to_the_api_is_refused_in_german(may_create, make_tournament):
    t = make_tournament("pussi", entrants=8)
    services.draw_round(t, Actor(may_create, may_create.username))
    api = client_for(may_create)
    url = f"/api/v1/tournaments/{t.slug}/rounds/1/tables/1/result/"
    sheet = {"games": [{"declarer": 1, "bid": 60, "totals": [60, 10]},
                       {"declarer": 2, "bid": 80, "totals": [60, 90]},
                       {"declarer": 1, "bid": 60, "totals": [170, 90]}]}
    response = api.put(url, sheet, format="json", HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 400
    assert response.json() == {"games[2].totals": [
        "die Summe der ansagenden Partei 170 passt nicht zu 60 bei Ansage 60 (gewonnen: 120, "
        "verloren: 0, schwarz verloren: -60)"]}
    response = api.put(url, {"games": [{"declarer": 3, "bid": 60, "totals": [60, 10]}],
                             "final": [1, 2]}, format="json", HTTP_ACCEPT_LANGUAGE="de")
    assert response.json() == {"final": [
        'ein Ergebnis ist entweder "games" (Spiel für Spiel) oder "final" (Schnelleingabe), '
        "nicht beides"]}


def _refusal(call: Any) -> dict[str, list[str]]:
    with translation.override("de"), pytest.raises(ServiceError) as info:
        call()
    return info.value.errors


def tabletop(scoring: dict[str, Any], rounds: list[dict[str, Any]]) -> dict[str, Any]:
    return {"format": "turnier/1", "name": "Tabletop kaputt", "discipline": "tabletop",
            "scoring": scoring, "entrants": [{"id": i, "name": f"S{i}"} for i in (1, 2)],
            "rounds": rounds}


def test_a_bad_tabletop_document_is_refused_in_german(boss):
    errors = _refusal(lambda: services.import_document(
        tabletop({"system": "ttm21", "extra": 1}, []), boss))
    assert errors == {"scoring.system": [
        "scoring.system: unbekanntes Tabletop-System 'ttm21' (bekannt: ttm20, matrix20, sun, "
        "matrix12, percent)"]}
    pair = [{"entrant": 1, "side": 1}, {"entrant": 2, "side": 2}]
    errors = _refusal(lambda: services.import_document(tabletop({"system": "matrix12"}, [
        {"number": 1, "missions": ["maelstrom"], "tables": [
            {"number": 1, "seats": pair, "result": {"missions": [[1, 2], [3, 4]]}}]},
        {"number": 2, "missions": ["maelstrom", "eternal_war", "tertiary"], "tables": [
            {"number": 1, "seats": pair, "result": {"missions": [[1, 2], [3, 4], [5, -1]]}}]},
    ]), boss))
    assert errors == {
        "rounds[0].missions": [
            "rounds[0].missions: die 12er-Matrix braucht für die Runde drei Missionsarten aus "
            "maelstrom, eternal_war, tertiary, nicht ['maelstrom'] (Runde 1)"],
        "rounds[0].tables[0].result": [
            'rounds[0].tables[0].result: braucht "missions": drei Paare [Seite 1, Seite 2] '
            "(Primär, Sekundär, Tertiär) (Runde 1, Tisch 1)"],
        "rounds[1].tables[0].result": [
            "rounds[1].tables[0].result: Mission 3: muss zwei Zahlen von 0 bis 1000 sein, "
            "nicht [5, -1] (Runde 2, Tisch 1)"]}
    for texts in errors.values():
        assert not english_in(texts[0]), english_in(texts[0])


def test_the_what_if_page_says_the_cores_problems_and_flags_in_german(client, boss):
    pair = [{"entrant": 1, "side": 1}, {"entrant": 2, "side": 2}]
    t = services.import_document(tabletop({"system": "ttm20"}, [
        {"number": 1, "tables": [{"number": 1, "seats": pair,
                                  "result": {"missions": [[1, 2], [3, 4], [5, 6]]}}]}]), boss)
    client.force_login(boss.user)
    page = client.get(reverse("director:what_if", args=[t.slug]), {"system": "matrix12"},
                      HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert ("rounds[0].missions: die 12er-Matrix braucht für die Runde drei Missionsarten aus "
            "maelstrom, eternal_war, tertiary, nicht None (Runde 1)") in visible_text(page)

    doc = bad_pussi()
    doc["rounds"] = [{"number": 1, "tables": [{"number": 1, "seats": seats(), "result": {
        "games": [{"declarer": 1, "bid": 60, "totals": [60, 10]},
                  {"declarer": 2, "bid": 80, "totals": [60, 90]}]}}]}]
    pussi = services.import_document(doc, boss)
    text = visible_text(client.get(reverse("director:what_if", args=[pussi.slug]),
                                   HTTP_ACCEPT_LANGUAGE="de").content.decode())
    assert "Runde 1, Tisch 1: 2 Spiele gespielt, die Serie hat 3 Spiele" in text, text


def player(n: int, name: str, points: str, cell: str) -> str:
    """A TRF-16 ``001`` line: round 1's cell starts in column 92."""
    return (f"001 {n:>4} m    {name:<33} 1800 GER {0:>11} 2000/01/01 {points:>4} {n:>4}  "
            f"{cell}\n")


def test_json_the_reader_refuses_is_said_in_german_on_the_page_and_by_the_api(client,
                                                                             may_create):
    client.force_login(may_create)
    for body, german in ((b'{"format": "turnier/1",\n "name" "x"}',
                          "kein gültiges JSON: Trennzeichen ':' erwartet (Zeile 2, Spalte 9)"),
                         (b'{"format": "turnier/1", "entrants": [{"rating": NaN}]}',
                          "kein gültiges JSON bei entrants[0].rating: NaN ist keine JSON-Zahl")):
        upload = SimpleUploadedFile("kaputt.json", body, content_type="application/json")
        response = client.post(reverse("director:home"), {
            "action": "import", "import-document": upload}, HTTP_ACCEPT_LANGUAGE="de")
        assert response.status_code == 400
        assert german in visible_text(response.content.decode())
        answer = client_for(may_create).post("/api/v1/tournaments/import/", body,
                                             content_type="application/json",
                                             HTTP_ACCEPT_LANGUAGE="de")
        assert answer.status_code == 400
        assert answer.json()["detail"] == f"JSON-Lesefehler - {german}"


BAD_TRF = "012 Kaputt\n" + player(1, "Anna", "1.0", "   2 w Q") + player(2, "Berta", "0.0",
                                                                           "   1 b 0")


def test_a_bad_trf_file_is_refused_in_german_on_the_page_and_by_the_api(client, may_create):
    client.force_login(may_create)
    upload = SimpleUploadedFile("kaputt.trf", BAD_TRF.encode(), content_type="text/plain")
    response = client.post(reverse("director:home"), {
        "action": "import", "import-document": upload}, HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 400
    german = "Zeile 2, Spalte 99: Runde 1: unbekanntes Ergebnis 'Q'"
    assert german in visible_text(response.content.decode())
    api = client_for(may_create)
    body = api.post("/api/v1/tournaments/import-trf/", {"trf": BAD_TRF}, format="json",
                    HTTP_ACCEPT_LANGUAGE="de").json()
    assert body == {"trf": [german]}
    alone = "012 Kaputt\n" + player(1, "Anna", "1.0", "   3 w 1")  # 3 has no player line
    body = api.post("/api/v1/tournaments/import-trf/", {"trf": alone}, format="json",
                    HTTP_ACCEPT_LANGUAGE="de").json()
    assert body == {"trf": ["Zeile 2, Spalte 92: Runde 1: Gegner 3 hat keine Spielerzeile"]}
    codes = "012 Kaputt\n162  W 1.0    X 0.5\n" + BAD_TRF.split("\n", 1)[1]
    body = api.post("/api/v1/tournaments/import-trf/", {"trf": codes}, format="json",
                    HTTP_ACCEPT_LANGUAGE="de").json()
    assert body == {"trf": ["Zeile 2, Spalte 15: 162: unbekannter Punktcode 'X' "
                            "(bekannt: W D L Z P)"]}, body
    assert not Tournament.objects.exists()


def test_the_window_cleanup_says_its_refusal_in_german():
    with pytest.raises(ValueError) as info:
        window.cleanup({1: window.Seat(1, 1), 2: window.Seat(1, 2, 1)}, 1)
    with translation.override("de"):
        assert say(info.value) == ("Tisch 1, Seite 2, Platz 1 liegt außerhalb der Aufstellung "
                                   "mit 1 Platz/Plätzen je Seite")
    assert str(info.value) == ("table 1, side 2, position 1 is outside the layout of 1 seat(s) "
                               "per side")


# --- the command lines stay English -------------------------------------------------------

def test_the_trf_import_command_stays_english(tmp_path):
    path = tmp_path / "kaputt.trf"
    path.write_text(BAD_TRF)
    with translation.override("de"), pytest.raises(CommandError) as info:
        call_command("import_trf", str(path))
    assert str(info.value) == ("the file was not imported: line 2, column 99: round 1: "
                               "unknown result 'Q'")


# --- every sentence of the cores is marked and has German ------------------------------------

CORES = [*sorted((ROOT / "scoring").glob("*.py")), *sorted((ROOT / "pairing").rglob("*.py"))]
OWNED_ELSEWHERE = {"doppelkopf.py", "skat.py"}  # their own change brings their messages
# What reaches a reader, and the position of its message: a document's problem, a TRF's
# refusal, a draw's; and the window draw's ValueErrors, which the desk's cleanup shows.
# (Other ValueErrors of the cores are programming errors the services never let happen.)
REPORTERS = {"error": 1, "warning": 1, "TrfError": 2, "DrawError": 0}
VALUE_ERRORS_SAID = {"window.py"}


def _message_argument(call: ast.Call, path: Path) -> ast.expr | None:
    name = call.func.attr if isinstance(call.func, ast.Attribute) else getattr(
        call.func, "id", "")
    reporters = {**REPORTERS, "ValueError": 0} if path.name in VALUE_ERRORS_SAID else REPORTERS
    at = reporters.get(name)
    return call.args[at] if at is not None and len(call.args) > at else None


def test_no_core_reports_a_problem_in_plain_english():
    """A problem of a document, a TRF or a draw is an ``N_`` message, never an f-string or
    a bare literal, so the web side can say it in German."""
    plain = []
    for path in CORES:
        if path.name in OWNED_ELSEWHERE:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                arg = _message_argument(node, path)
                if isinstance(arg, ast.JoinedStr | ast.BinOp) or (
                        isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
                    plain.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not plain, plain


SAME_IN_GERMAN = {"%(label)s: %(head)s", "%(n)s MB"}


def test_every_sentence_the_cores_mark_has_german():
    untranslated = []
    with translation.override("de"):
        for path in CORES:
            if path.name in OWNED_ELSEWHERE:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "N_"
                        and node.args and isinstance(node.args[0], ast.Constant)):
                    msgid = node.args[0].value
                    if translation.gettext(msgid) == msgid and msgid not in SAME_IN_GERMAN:
                        untranslated.append(f"{path.relative_to(ROOT)}:{node.lineno} {msgid!r}")
    assert not untranslated, "\n".join(untranslated)
