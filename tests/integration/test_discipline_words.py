"""One set of words per discipline on every page: the director's round page, the public
page, the captain's page and the score sheets call tables and sides what the discipline's
class calls them (German, where the copies used to disagree: Mucken's sides were "Seite"
for the director and "Partei" for spectators, its tables "Brett" in the pairing list)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from tournaments import services, tasks
from tournaments.disciplines import DISCIPLINES
from tournaments.models import Report
from tournaments.services import Actor

pytestmark = pytest.mark.django_db

SETUPS = {  # entrant kind, entrants
    "chess": ("single", 4), "mucken": ("pair", 4), "pussi": ("single", 8),
    "boardgame": ("single", 8), "tabletop": ("single", 4),
    "skat": ("single", 7), "doppelkopf": ("single", 8), "schafkopf": ("single", 8),
    "teamchess": ("team", 4),
}
# Words of another discipline a discipline uses for a part of its own tables: a team
# chess match is played on chess boards ("Brett 3" inside "Mannschaftskampf 1"), each with
# its White and Black.
PARTS = {"teamchess": {"Brett", "Bretter", "Weiß", "Schwarz"}}
NAMES = ["Anna", "Bert", "Carla", "Dora", "Emil", "Frieda", "Gustl", "Hanne", "Ines", "Jakob",
         "Kathi", "Lenz", "Mona", "Nepomuk", "Olga", "Paul"]


def _german(text) -> str:
    with translation.override("de"):
        return str(text)


def _side_words(name: str) -> set[str]:
    d = DISCIPLINES[name]
    return {_german(x) for x in d.side_labels} if d.side_labels else set()


# Side 1 of every discipline, and the generic word nobody should need. (Side 2 of chess,
# "Schwarz", is also a Pussi word: "Schwarz gespielt".)
ALL_SIDE_WORDS = {_german(d.side_labels[0]) for d in DISCIPLINES.values()
                  if d.side_labels} | {"Seite 1", "Seite 2"}
ALL_TABLE_WORDS = {_german(d.table_word) for d in DISCIPLINES.values()}
ALL_TABLES_WORDS = {_german(d.tables_word) for d in DISCIPLINES.values()}


@pytest.fixture(params=sorted(SETUPS))
def drawn(request, director, desk_user):
    """A tournament of each discipline with round 1 published."""
    name = request.param
    kind, entrants = SETUPS[name]
    boss = Actor(director, director.username)
    t = services.create_tournament(boss, f"Worte {name}", name, kind)
    per = 2 if kind == "pair" else 1
    names = iter(NAMES)
    for _i in range(entrants):
        services.register(t, boss, [{"name": next(names)} for _k in range(per)],
                          status="present")
    services.draw_round(t, boss, seed="worte")
    services.publish_round(t, boss, 1)
    t.refresh_from_db()
    return t


def pages(t, client, director) -> dict[str, str]:
    de = {"HTTP_ACCEPT_LANGUAGE": "de"}
    out = {}
    out["public"] = client.get(reverse("public:tournament", args=[t.slug]), **de)
    out["public round"] = client.get(reverse("public:round", args=[t.slug, 1]), **de)
    token = t.rounds.get(number=1).tables.order_by("number").first().token
    out["captain"] = client.get(f"/c/{token}/", **de)
    client.force_login(director)
    out["director round"] = client.get(reverse("director:round", args=[t.slug, 1]), **de)
    html = {k: r.content.decode() for k, r in out.items() if r.status_code == 200}
    assert set(html) == set(out), {k: r.status_code for k, r in out.items()}
    report = Report.objects.create(tournament=t, kind="score_sheets", round_number=1)
    with translation.override("de"):
        html["score sheets"] = tasks.report_service.render_html(report, "http://halle.example/")
    return html


def test_each_page_uses_the_disciplines_words(drawn, client, director):
    t = drawn
    d = DISCIPLINES[t.discipline]
    own_sides = _side_words(t.discipline)
    table_word = _german(d.table_word)
    for page, html in pages(t, client, director).items():
        text = re.sub(r"<[^>]+>", " ", html)
        text = re.sub(r"\s+", " ", text)
        # A table is called by the discipline's word: with its number, or as the column
        # head of the public list …
        public = page.startswith("public")
        wanted = rf"\b{table_word}\b" if public else rf"\b{table_word}\s+1\b"
        assert re.search(wanted, text), (page, table_word)
        others = (ALL_TABLE_WORDS | ALL_TABLES_WORDS) - {table_word, _german(d.tables_word)}
        others -= PARTS.get(t.discipline, set())
        for other in others:  # never another discipline's word, singular or plural
            assert not re.search(rf"\b{other}\b", text), (page, other)
        # … and the sides by its side words (the public list shows no side names).
        if page not in ("public", "public round"):
            for word in own_sides:
                assert word in text, (page, word)
        for word in ALL_SIDE_WORDS - own_sides - PARTS.get(t.discipline, set()):
            # no other discipline's side word
            assert word not in text, (page, word)


def test_every_standings_value_is_named_by_its_discipline(drawn):
    """The standings' columns take their header and title from the discipline's class
    (``column_words``): no value shows its raw name, in either language."""
    from tournaments.services.public import column, standings_table

    for language in ("de", "en"):
        with translation.override(language):
            table = standings_table(drawn)
            assert table.headers, drawn.discipline
            for key, header in table.headers:
                assert header != key, (drawn.discipline, key)
                assert column(drawn, key).title != key, (drawn.discipline, key)
