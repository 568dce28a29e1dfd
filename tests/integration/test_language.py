"""Every page of every discipline speaks one language: German throughout, or English.

The demo (``manage.py load_demo``: a tournament of each discipline, two rounds drawn, the
first closed with results, captains' reports in the second, the action log filled) is
rendered page by page: every address of the director, the desk, the reports, the captains
and the spectators (found from the URL configuration, so a new page is checked without
being listed here), the error pages and the login. A German page fails on English words
from :data:`ENGLISH` and an English page on German words from :data:`GERMAN`, matched as
whole words in the visible text (text, button captions, placeholders, titles), with the
words that are names in both languages allowed (:data:`NAMES`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from html.parser import HTMLParser

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import translation

from tournaments import services
from tournaments.core_messages import lines
from tournaments.models import Round, Tournament
from tournaments.services import Actor, ServiceError, hall_links

pytestmark = pytest.mark.django_db

# English words that must not appear on a German page (whole words, any case).
ENGLISH = [
    "round", "rounds", "table", "tables", "board", "bracket", "brackets", "moves down",
    "moved down", "floats down", "captain", "resident", "resident(s)", "submit", "points",
    "player", "players", "standings", "result", "results", "draw", "white", "black",
    "bye", "preference", "random tables", "stage", "repeated", "opponent",
    "opponents", "partners", "settings", "save", "cancel", "delete", "edit",
    "undo", "undone", "present", "absent", "withdrawn", "registered", "published",
    "closed", "preview", "desk", "director", "entrant", "entrants", "seed", "initial colour",
    "the", "and", "with", "without", "of", "for", "from", "by", "is", "not", "yes", "no",
    "none", "every", "which", "this", "that", "there", "their", "order", "number",
    "games", "game", "pairing", "pairings", "score", "tie-break", "tie-breaks", "report",
    "reports", "statistics", "download", "print", "close", "open", "back", "next", "page",
    "search", "add", "remove", "change", "changes", "log", "action", "entry", "time",
    "declarer", "bid", "totals", "missions", "outcome", "placement", "kind", "scores",
    "dealer", "value", "senior", "youth", "window", "kind", "standings",
]

# German words that must not appear on an English page.
GERMAN = [
    "Runde", "Runden", "Tisch", "Tische", "Brett", "Spieler", "Ergebnis", "Ergebnisse",
    "Punkte", "Rangliste", "Auslosung", "Freilos", "Weiß", "Schwarz", "Speichern",
    "Abbrechen", "Löschen", "Einstellungen", "Anmeldung", "Turnierleiter", "Paarung",
    "Paarungen", "Startnummer", "Partei", "Seite", "Gruppe", "und", "der", "die", "das",
    "mit", "nicht", "für", "von", "ist", "ein", "eine", "keine", "noch", "Zurück",
]

# Names that stay as they are in both languages: the product, the demo's places, people and
# logins, the card halls' words (scoring/__init__.py), units and abbreviations.
NAMES = {
    "de": ["Turnierwart", "Tabletop", "Demo", "Elo", "DWZ", "TRF", "PDF", "QR", "API", "JSON",
           "FIDE", "Berger", "Buchholz", "Sonneborn-Berger", "Swiss", "OK", "Log", "(Seed)",
           "des neuen Partners"],
    "en": ["Turnierwart", "Muckturnier Leupoldsgrün", "Pussi-Turnier",
           "Brettspiel-Qualifikation", "Vereinsturnier Schach", "Tabletop-Turnier", "Bobbl",
           "Brille", "Tore", "Gegentore", "Plus-Minus", "Plus", "Mucken", "Pussi", "Serie",
           "Spielansage", "Prämie", "Rutschsystem", "Feinbuchholz", "Schwarzenbach",
           "Schwarz", "Deutsch", "anmeldung", "direktor", "gegen die Alten"],
}

DEMOS = {"chess": "demo-schach", "mucken": "demo-mucken", "pussi": "demo-pussi",
         "boardgame": "demo-brettspiel", "tabletop": "demo-tabletop", "skat": "demo-skat",
         "doppelkopf": "demo-doppelkopf", "schafkopf": "demo-schafkopf",
         "teamchess": "demo-mannschaft"}

# Namespaces of the pages and who opens them.
AUDIENCES = {"director": "direktor", "reports": "direktor", "desk": "anmeldung",
             "public": None, "captain": None, "links": "direktor"}


class VisibleText(HTMLParser):
    """The text a reader sees: text outside scripts and styles, and the words of buttons,
    placeholders, titles and labels for screen readers."""

    SKIP = {"script", "style", "template", "textarea"}  # a textarea holds data, not words
    ATTRIBUTES = {"placeholder", "title", "aria-label", "alt"}

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.hidden = 0
        self.details = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "details":
            self.details += 1
        # What is hidden, and the JSON of a report folded away under "as JSON".
        if tag in self.SKIP or (tag == "pre" and self.details):
            self.hidden += 1
        values = dict(attrs)
        self.parts += [v for k, v in attrs if k in self.ATTRIBUTES and v]
        if tag == "input" and values.get("type") in ("submit", "button") and values.get("value"):
            self.parts.append(values["value"] or "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "details" and self.details:
            self.details -= 1
        if (tag in self.SKIP or (tag == "pre" and self.details)) and self.hidden:
            self.hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.parts.append(data)


def visible_text(html: str) -> str:
    parser = VisibleText()
    parser.feed(html)
    return " ".join(" ".join(parser.parts).split())


def found_words(text: str, words: list[str], names: list[str]) -> list[str]:
    """The words of ``words`` in ``text`` (whole words), once the names are taken out, each
    with the text around its first place ("status: ...Turnier status läuft...")."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    found = []
    for w in words:
        hit = re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text, re.IGNORECASE)
        if hit:
            found.append(f"{w} [{text[max(0, hit.start() - 40):hit.end() + 40]}]")
    return found


def pages(namespace: str) -> Iterator[tuple[str, list[str]]]:
    """(name, its URL parameters) of every page of ``namespace``."""
    resolver = get_resolver()

    def walk(patterns: list[URLPattern | URLResolver], ns: str | None) -> Iterator[
            tuple[str, list[str]]]:
        for p in patterns:
            if isinstance(p, URLResolver):
                yield from walk(p.url_patterns, p.namespace or ns)
            elif ns == namespace and p.name:
                yield p.name, sorted(p.pattern.converters)

    yield from walk(resolver.url_patterns, None)


def addresses(t: Tournament, namespace: str) -> Iterator[str]:
    """Every address of ``namespace`` for ``t``: rounds 1 and 2, the first entrant and table,
    a captain's link of a table with a report and one without."""
    last = t.rounds.order_by("-number").first()
    assert last is not None
    values: dict[str, list[object]] = {
        "slug": [t.slug], "number": [1, 2], "start_number": [1], "table": [1],
        "token": [tb.token for tb in (*last.tables.order_by("number")[:1],
                                      *last.tables.order_by("-number")[:1],
                                      *t.rounds.get(number=1).tables.order_by("number")[:1])],
        # the permanent table codes: table 1 (leads to the open round's table) and one more
        # than the open round has (a page that says so); the first two entrants' links
        "code": [tc.code for tc in hall_links.make_table_codes(
            t, Actor(None, "test"), last.tables.count() + 1)][::last.tables.count()],
        "link": [e.link_code for e in t.entrants.order_by("start_number")[:2]],
    }
    for name, params in pages(namespace):
        if "pk" in params or any(p not in values for p in params):
            continue  # one object's action (a report's download, an undo): no page of its own
        combos: list[dict[str, object]] = [{}]
        for p in params:
            combos = [{**c, p: v} for c in combos for v in values[p]]
        for kwargs in combos:
            yield reverse(f"{namespace}:{name}", kwargs=kwargs)


def clients() -> dict[str | None, Client]:
    users = get_user_model().objects
    made: dict[str | None, Client] = {None: Client()}
    for name in ("direktor", "anmeldung"):
        made[name] = Client()
        made[name].force_login(users.get(username=name))
    return made


def rendered(discipline: str, language: str) -> Iterator[tuple[str, str]]:
    """(address, visible text) of every HTML page of the discipline's demo."""
    t = Tournament.objects.get(slug=DEMOS[discipline])
    by_user = clients()
    seen: set[str] = set()
    for namespace, user in AUDIENCES.items():
        client = by_user[user]
        for url in addresses(t, namespace):
            if url in seen:
                continue
            seen.add(url)
            response = client.get(url, HTTP_ACCEPT_LANGUAGE=language, follow=True)
            if "text/html" not in response.get("Content-Type", ""):
                continue  # PDFs, SVGs, TRF and JSON downloads
            assert response.status_code < 500, url
            yield url, visible_text(response.content.decode())
    # The error pages: an unknown address, a page the desk may not open, the login.
    yield "404", visible_text(by_user[None].get(
        "/t/no-such-tournament/", HTTP_ACCEPT_LANGUAGE=language).content.decode())
    outsider = get_user_model().objects.create_user("zaungast", password="x-2026-x")
    stranger = Client()
    stranger.force_login(outsider)
    yield "403", visible_text(stranger.get(
        reverse("director:tournament", args=[t.slug]),
        HTTP_ACCEPT_LANGUAGE=language).content.decode())
    yield "login", visible_text(Client().get(
        "/accounts/login/", HTTP_ACCEPT_LANGUAGE=language).content.decode())


@pytest.fixture
def demo(settings):
    settings.DEBUG = True  # the demo's known logins
    call_command("load_demo", stdout=open("/dev/null", "w"))  # noqa: SIM115
    settings.DEBUG = False
    assert Round.objects.filter(tournament__slug__in=DEMOS.values()).count() == 2 * len(DEMOS)


def _check(discipline: str, language: str, words: list[str]) -> dict[str, list[str]]:
    with translation.override(language):
        checked, wrong = 0, {}
        for url, text in rendered(discipline, language):
            checked += 1
            found = found_words(text, words, NAMES[language])
            if found:
                wrong[url] = found
    assert checked > 20, checked  # the addresses were found
    return wrong


@pytest.mark.parametrize("discipline", sorted(DEMOS))
def test_every_page_speaks_german(demo, discipline):
    wrong = _check(discipline, "de", ENGLISH)
    assert not wrong, "English on German pages:\n" + "\n".join(
        f"  {url}: {' | '.join(words)}" for url, words in wrong.items())


@pytest.mark.parametrize("discipline", sorted(DEMOS))
def test_every_page_speaks_english(demo, discipline):
    wrong = _check(discipline, "en", GERMAN)
    assert not wrong, "German on English pages:\n" + "\n".join(
        f"  {url}: {' | '.join(words)}" for url, words in wrong.items())


def test_explanations_the_log_and_help_texts_speak_the_page_language(demo):
    """Issue 31 #11: what the demo alone does not show. A card hall drawn at registration
    (round 1's explanation: "draw at registration (window +4), seed ..."), a report ordered
    (the log's "kind: standings"), and the help texts of the settings and the entrant's
    correction ("e.g. senior, youth"), in German and in English."""
    from tournaments.services import reports, seating

    boss = Actor(get_user_model().objects.get(username="direktor"), "direktor")
    t = services.create_tournament(boss, "Fensterturnier", "mucken", "pair")
    t = services.update_tournament(t, boss, draw_options={"registration": {
        "window": 4, "random_up_to": 0, "sequential_from": None}})
    for i in range(1, 9):
        services.register(t, boss, [{"name": f"Anna {i}"}, {"name": f"Bert {i}"}],
                          status="present")
    seating.apply_cleanup(t, boss)
    services.draw_round(t, boss)
    reports.request_report(t, boss, "standings")
    client = clients()["direktor"]
    paths = [reverse("director:round", args=[t.slug, 1]), reverse("director:log", args=[t.slug]),
             reverse("director:settings", args=[t.slug]), reverse("director:tournament",
                                                                  args=[t.slug]),
             reverse("desk:edit", args=[t.slug, 1])]
    wrong = {}
    for language, words in (("de", ENGLISH), ("en", GERMAN)):
        with translation.override(language):
            for path in paths:
                r = client.get(path, HTTP_ACCEPT_LANGUAGE=language)
                assert r.status_code == 200, path
                found = found_words(visible_text(r.content.decode()), words, NAMES[language])
                if found:
                    wrong[f"{language} {path}"] = found
    assert not wrong, "\n".join(f"  {url}: {' | '.join(w)}" for url, w in wrong.items())
    with translation.override("de"):
        log = visible_text(client.get(reverse("director:log", args=[t.slug]),
                                      HTTP_ACCEPT_LANGUAGE="de").content.decode())
        page = visible_text(client.get(reverse("director:round", args=[t.slug, 1]),
                                       HTTP_ACCEPT_LANGUAGE="de").content.decode())
    assert "Art: Rangliste" in log, log
    assert "Auslosung bei der Anmeldung (Fenster +4), Startwert" in page, page


def test_the_chess_explanation_reads_in_the_page_language(demo):
    """The Dutch engine's reasons, in German with start numbers, and in English."""
    t = Tournament.objects.get(slug=DEMOS["chess"])
    client = clients()["direktor"]
    url = reverse("director:round", args=[t.slug, 2])
    german = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    de = german[german.index('id="draw-explanation"'):]
    en = english[english.index('id="draw-explanation"'):]
    assert "Gruppe" in de and "Startnummern" in de and "Bracket" not in de
    assert "Bracket" in en and "Start numbers used below" in en


# --- what the pure cores say reaches pages and the API in the reader's language -------------

def _refusal(language: str, call: Callable[[], object]) -> str:
    with translation.override(language), pytest.raises(ServiceError) as info:
        call()
    return str(info.value)


def test_a_settings_problem_of_the_scoring_core_is_said_in_german(make_tournament, director):
    t = make_tournament("chess")
    actor = Actor(director, director.username)
    scoring = {**t.scoring, "tiebreaks": ["buchholz", "buchholz"]}
    german = _refusal("de", lambda: services.update_tournament(t, actor, scoring=scoring))
    english = _refusal("en", lambda: services.update_tournament(t, actor, scoring=scoring))
    assert "'buchholz'" in german and "zweimal" in german and "listed twice" not in german
    assert "listed twice" in english


def test_a_draw_error_of_the_pairing_core_is_said_in_german(make_tournament, director):
    t = make_tournament("boardgame", entrants=5)  # 5 fit no tables of 4 and 3
    actor = Actor(director, director.username)
    german = _refusal("de", lambda: services.draw_round(t, actor))
    english = _refusal("en", lambda: services.draw_round(t, actor))
    assert german.startswith("5 Teilnehmer lassen sich nicht an Tische zu 4 setzen"), german
    assert english.startswith("5 entrants cannot be seated at tables of 4"), english


def test_card_draw_lines_name_entrants_by_start_number(make_tournament, director):
    """The card draws name entrants by their id inside the core; the page shows the start
    number, and the German page says it in German."""
    t = make_tournament("mucken", "pair", 9)  # 9 pairs: one sits out
    actor = Actor(director, director.username)
    rnd = services.draw_round(t, actor, seed="language")
    sitting_out = rnd.byes.get().entrant.start_number
    with translation.override("de"):
        said = lines(rnd.draw_explanation)
    assert said[0].startswith("Rotation: zufällige Tische (Startwert language)"), said
    assert said[1].startswith(f"Freilos für {sitting_out}: bei 9 Teilnehmern"), said


def test_an_import_problem_of_the_document_reader_is_said_in_german(director):
    actor = Actor(director, director.username)
    doc = {"format": "turnier/1", "name": "", "discipline": "chess", "entrants": [{"id": 0}]}
    german = _refusal("de", lambda: services.import_document(doc, actor))
    english = _refusal("en", lambda: services.import_document(doc, actor))
    assert "das Turnier braucht einen Namen" in german
    assert "muss eine positive ganze Zahl sein, nicht 0" in german
    assert "the tournament needs a name" in english
