"""The card games' lists on the director's round page and on paper (issue "Seven evenings",
items 3 and 4; the Skat list as the DSkV prints it, issue 26):

- the round page of a series of many tables renders no list before it is opened, and
  opens one table's list by itself (fetched, or with ``?table=<n>`` without script);
- a refused list comes back with a summary at the top saying that everything entered is
  still there, for every discipline's form;
- the printed Skat list has the DSkV's summary rows and a signature line per player.
"""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.urls import reverse

from tournaments import services, tasks
from tournaments.models import Report, Result
from tournaments.services import Actor

from .helpers import captain_url, row_errors, seat_numbers

pytestmark = pytest.mark.django_db

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from card_rounds import skat_list  # noqa: E402  (the bench's realistic lists)


@pytest.fixture
def skat_series(make_tournament, director):
    """27 players: six tables of four, one of three; series 1 open, every list in."""
    t = make_tournament("skat", entrants=27)
    boss = Actor(director, director.username)
    services.draw_round(t, boss, seed="liste")
    rnd = services.publish_round(t, boss, 1)
    rng = random.Random(7)
    for table in rnd.tables.all():
        numbers = seat_numbers(table)
        services.director_set_result(table, boss, skat_list(
            numbers, 48 if len(numbers) == 4 else 36, rng))
    return t, boss, rnd


def test_the_round_page_shows_each_list_only_when_opened(director_client, skat_series):
    t, _boss, rnd = skat_series
    url = reverse("director:round", args=[t.slug, 1])
    page = director_client.get(url).content.decode()
    assert "data-result-form" not in page and 'name="games[0].value"' not in page
    assert page.count("data-open-entry=") == rnd.tables.count() == 7
    # each table's result in one line instead: its players' points
    first = rnd.tables.get(number=1)
    numbers = seat_numbers(first)
    summary = re.search(r'<p class="list-summary" id="summary-1">([^<]*)</p>', page)
    assert summary and "(48 games)" in summary.group(1)
    # the submissions are counted, their cells come with the list
    assert 'data-submissions="1"' in page and "<dt>Game 1</dt>" not in page
    opened = director_client.get(url + "?table=1").content.decode()
    assert opened.count("data-result-form") == 1
    assert "<dt>Game 1</dt>" in opened  # the submission, cell by cell
    fragment = director_client.get(reverse("director:table_entry", args=[t.slug, 1, 1]))
    assert fragment.status_code == 200
    body = fragment.content.decode()
    assert "<html" not in body and body.count("data-result-form") == 1
    assert "<dt>Game 1</dt>" in body and "Correct result" in body
    for n in numbers:
        assert f'name="games[1].declarer" value="{n}"' in body or n == numbers[1]
    # a page of 25 tables stays small: a few KB per table, not a list each
    assert len(page) < 7 * 4000 + 30000, len(page)


def test_a_table_not_in_the_round_or_a_preview_has_no_list(director_client, make_tournament,
                                                           director):
    t = make_tournament("skat", entrants=8)
    services.draw_round(t, Actor(director, director.username), seed="vorschau")
    assert director_client.get(reverse("director:table_entry", args=[t.slug, 1, 1])
                               ).status_code == 404  # a preview takes no results
    services.publish_round(t, Actor(director, director.username), 1)
    assert director_client.get(reverse("director:table_entry", args=[t.slug, 1, 9])
                               ).status_code == 404
    assert director_client.get(reverse("director:table_entry", args=[t.slug, 1, 1])
                               ).status_code == 200


def test_the_list_page_is_only_for_the_director(client, skat_series, desk_user):
    t, _boss, _rnd = skat_series
    url = reverse("director:table_entry", args=[t.slug, 1, 1])
    assert client.get(url).status_code in (302, 403)
    client.force_login(desk_user)
    assert client.get(url).status_code in (302, 403, 404)


def test_a_refused_list_says_at_the_top_that_nothing_was_lost(client, make_tournament,
                                                              director):
    """Skat: a value beyond the overbid's charge is only seen by the server; the page comes
    back with the line marked and a summary above the list, in German too."""
    t = make_tournament("skat", entrants=8)
    boss = Actor(director, director.username)
    services.draw_round(t, boss, seed="ablehnung")
    rnd = services.publish_round(t, boss, 1)
    table = rnd.tables.get(number=1)
    _a, b, c, _d = seat_numbers(table)
    post = {"games[0].game": "grand", "games[0].declarer": str(b), "games[0].value": "48",
            "games[0].won": "won",
            "games[1].game": "clubs", "games[1].declarer": str(c), "games[1].value": "24",
            "games[1].won": "won", "games[1].bid": "30"}
    r = client.post(captain_url(table), post, HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 400
    content = r.content.decode()
    summary = re.search(r'<p class="error cap-refused" data-refused-summary[^>]*>([^<]*)</p>',
                        content)
    assert summary and "Alles Eingegebene ist noch da" in summary.group(1), content[:300]
    assert "30" in row_errors(content, "games[1]")
    # everything sent is shown again, the first line too
    assert re.search(r'name="games\[0\]\.game" value="grand"[^>]*checked', content)
    assert 'name="games[1].bid" value="30"' in content
    assert not Result.objects.filter(table=table).exists()
    # a fresh page has no such summary, only the hidden one the script fills before sending
    fresh = client.get(captain_url(table)).content.decode()
    assert "data-refused-summary" not in fresh and "data-marked-summary" in fresh


@pytest.mark.parametrize("discipline, kind, entrants, post", [
    ("mucken", "pair", 4, {"bobbl[0].side1": "21", "bobbl[0].side2": "21"}),
    ("pussi", "single", 8, {"games[0].declarer": "1", "games[0].bid": "60",
                            "games[0].total1": "61", "games[0].total2": "0"}),
    ("doppelkopf", "single", 8, {"games[0].kind": "normal"}),
    ("chess", "single", 2, {"score": "9-9"}),
])
def test_every_discipline_says_a_refusal_above_its_form(client, make_tournament, director,
                                                        discipline, kind, entrants, post):
    t = make_tournament(discipline, kind, entrants=entrants)
    boss = Actor(director, director.username)
    services.draw_round(t, boss, seed="ablehnung")
    rnd = services.publish_round(t, boss, 1)
    r = client.post(captain_url(rnd.tables.get(number=1)), post)
    assert r.status_code == 400
    assert "data-refused-summary" in r.content.decode()


def test_the_printed_skat_list_has_the_summary_and_a_signature_per_player(
        make_tournament, director, tmp_path):
    t = make_tournament("skat", entrants=7)
    services.draw_round(t, Actor(director, director.username), seed="druck")
    report = Report.objects.create(tournament=t, kind="score_sheets", round_number=1)
    html = tasks.report_service.render_html(report, "http://halle.example/")
    assert html.count("data-list-summary") == 2  # a table of four and one of three
    for words in ("Game points", "Won games, + 50 each", "Lost games, − 50 each",
                  "Games the others lost, + 30 each", "Games the others lost, + 40 each",
                  "Total (Seeger-Fabian points)"):
        assert words in html, words
    signatures = re.findall(r'<table class="signatures" data-signatures>(.*?)</table>', html,
                            re.S)
    assert [s.count("Signature") for s in signatures] == [4, 3]
    assert html.count('class="signatures"') == 2  # not the common sheet's two lines as well
    if os.environ.get("SHEET_SHOTS"):  # a picture of the first page, to look at
        weasyprint = pytest.importorskip("weasyprint")
        pdf = tmp_path / "sheet.pdf"
        weasyprint.HTML(string=html, base_url=str(Path(__file__).resolve().parents[2])
                        ).write_pdf(pdf)
        subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "2", str(pdf),
                        os.path.join(os.environ["SHEET_SHOTS"], "skat-sheet")], check=True)


def test_a_skat_team_names_a_substitute_who_stands_in_for_a_member(director_client,
                                                                   make_tournament, director):
    """Eight players; team "Herz Dame" is 1-4 with no. 5 as its substitute. No. 4 leaves
    after series 1: series 2 counts no. 5 in his place (the settings field takes the
    substitute after a plus sign and shows it so again)."""
    t = make_tournament("skat", entrants=8)
    boss = Actor(director, director.username)
    url = reverse("director:settings", args=[t.slug])
    form = director_client.get(url).context["form"]
    data = {name: form[name].value() for name in form.fields}
    data = {k: ("on" if v is True else v) for k, v in data.items() if v not in (None, False)}
    r = director_client.post(url, {**data, "teams": "Herz Dame: 1, 2, 3, 4 + 5"})
    assert r.status_code == 302, r.context["form"].errors
    t.refresh_from_db()
    assert t.scoring["teams"] == [{"name": "Herz Dame", "members": [1, 2, 3, 4],
                                   "substitutes": [5]}]
    assert "Herz Dame: 1, 2, 3, 4 + 5" in director_client.get(url).content.decode()
    r = director_client.post(url, {**data, "teams": "Herz Dame: 1, 2, 3, 4 + 4"})
    assert r.status_code == 400 and "substitutes" in str(r.context["form"].errors["teams"])
    rng = random.Random(3)
    for number in (1, 2):
        services.draw_round(t, boss, seed=f"ersatz-{number}")
        rnd = services.publish_round(t, boss, number)
        for table in rnd.tables.all():
            seats = seat_numbers(table)
            services.director_set_result(table, boss, skat_list(seats, 6, rng))
        services.close_round(t, boss, number)
        if number == 1:
            services.set_status(t.entrants.get(start_number=4), boss, "withdrawn")
    rows = {r["entrant"]: r["values"] for r in services.standings(t)["standings"]}
    expected = sum(rows[e].get("series_1", 0) for e in (1, 2, 3, 4)) + sum(
        rows[e].get("series_2", 0) for e in (1, 2, 3, 5))
    page = director_client.get(reverse("public:tournament", args=[t.slug])).content.decode()
    team = re.search(r'<table class="grid standings side-ranking" data-side-ranking>(.*?)'
                     r'</table>', page, re.S)
    assert team and "substitutes: Spieler 5 (5)" in team.group(1)
    assert "(stood in: 5)" in team.group(1)
    assert f'<td class="num">{expected}</td>' in team.group(1)
