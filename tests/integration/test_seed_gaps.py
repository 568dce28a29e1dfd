"""The seeds' rules that docs/seeds-audit.md listed as missing (P9, P39, C28, B2).

Each test is named after the rule it checks (``seed`` in the name, as the audit's tests).
"""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from tests.unit.test_pussi_result_sheet_marks import evening
from tournaments import services
from tournaments.services import Actor

pytestmark = pytest.mark.django_db


def _pages(client, t, lang: str) -> list[str]:
    return [client.get(reverse(name, args=[t.slug]), HTTP_ACCEPT_LANGUAGE=lang
                       ).content.decode() for name in ("director:tournament",
                                                       "director:settings")]


def test_seed_pussi_fewer_than_three_series_is_a_hint_not_a_refusal(client, director,
                                                                    make_tournament):
    # P9: the workbook advises at least 3 series so strong and weak partners even out.
    actor = Actor(director, director.username)
    t = make_tournament("pussi", "single", entrants=8)
    client.force_login(director)
    assert t.planned_rounds == 3
    assert all('id="planning-hint"' not in page for page in _pages(client, t, "en"))
    services.update_tournament(t, actor, planned_rounds=2)  # allowed: only a hint
    t.refresh_from_db()
    for page in _pages(client, t, "en"):
        assert 'id="planning-hint"' in page
        assert "Only 2 series are planned. At least 3 series are advised" in page
    for page in _pages(client, t, "de"):
        assert "Nur 2 Serien sind geplant. Mindestens 3 Serien sind empfohlen" in page
    services.draw_round(t, actor, seed="zwei")  # the draw is not refused either
    services.update_tournament(t, actor, planned_rounds=1)
    t.refresh_from_db()
    assert "Only 1 series is planned." in _pages(client, t, "en")[0]
    # Another discipline with few rounds gets no such hint.
    chess = make_tournament("chess", "single", entrants=4, planned_rounds=2)
    assert all('id="planning-hint"' not in page for page in _pages(client, chess, "en"))


def test_seed_pussi_counts_per_series_on_the_result_sheet(client, director):
    # P39: per series, each player's own and opponents' games won and lost and Schwarz.
    t = services.import_document(evening(), Actor(director, director.username))
    client.force_login(director)
    for lang, heading in (("en", "Games per series and player"),
                          ("de", "Spiele je Serie und Spieler")):
        page = client.get(reverse("director:statistics", args=[t.slug]),
                          HTTP_ACCEPT_LANGUAGE=lang).content.decode()
        assert heading in page
        sheet = page[page.index('id="ps-per-series"'):]
        series = t.rounds.count()
        assert sheet.count('class="grid ps-series-counts"') == series
        first = sheet[sheet.index('data-series="1"'):sheet.index("</table>")]
        assert first.count("data-entrant=") == 4 * t.rounds.get(number=1).tables.count()


def _chess_field(director):
    actor = Actor(director, director.username)
    t = services.create_tournament(actor, "Stadtmeisterschaft", "chess", planned_rounds=5,
                                   pairing="dutch")
    services.register_person(t, actor, [{"name": "Adler, Eva", "club": "SK Nord"}],
                             {"dwz": 1834, "dwz_index": 23,
                              "birth_date": datetime.date(1988, 3, 12),
                              "fide_id": "4612345", "title": "WFM", "federation": "GER",
                              "sex": "w", "elo": 1901})
    services.register_person(t, actor, [{"name": "Brandt, Udo", "club": "SV Süd"}],
                             {"dwz": 1457})
    services.register(t, actor, [{"name": "Ohne, Zahl"}], status="present")
    t.refresh_from_db()
    return t, actor


def test_seed_chess_player_list_long_and_short_page_and_pdf(
        client, director, make_tournament, django_capture_on_commit_callbacks, tmp_path):
    # C28: the chess program printed its participants with all data, or with number,
    # name, club, DWZ and Elo.
    from tournaments.models import Report
    from tournaments.services.reports import render_html, request_report

    t, actor = _chess_field(director)
    client.force_login(director)
    listing = client.get(reverse("reports:list", args=[t.slug]),
                         HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'name="kind" value="player_list"' in listing
    url = reverse("reports:player_list", args=[t.slug])
    long = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'data-form="long"' in long and "1834-23" in long and "4612345" in long
    assert "WFM" in long and "SK Nord" in long and "1901" in long
    assert 'name="layout" value="long"' in long
    short = client.get(url, {"form": "short"}, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    table = short[short.index('data-form="short"'):]
    assert "1834-23" in table and "1457" in table and "SV Süd" in table
    assert "4612345" not in table and "WFM" not in table
    assert 'name="layout" value="short"' in short
    german = client.get(url, {"form": "short"}, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Teilnehmerliste" in german and "kurz: Nummer, Name, Verein, DWZ, Elo" in german
    assert client.get(url, {"form": "nonsense"}).status_code == 200  # the default form
    # A wrong form is refused at the field, on the page and in the service.
    page = client.post(reverse("reports:list", args=[t.slug]),
                       {"kind": "player_list", "layout": "horizontal"},
                       HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 400 and "choose the long or the short form" in page.content.decode()
    # Both forms print: the PDF renders (and its HTML has the form's columns).
    for form in ("long", "short"):
        with django_capture_on_commit_callbacks(execute=True):
            report = request_report(t, actor, "player_list", layout=form,
                                    base_url="http://halle.example/")
        report.refresh_from_db()
        assert report.status == Report.Status.DONE, report.error
        with report.file.open("rb") as fh:
            data = fh.read()
        assert data.startswith(b"%PDF") and len(data) > 1000
        (tmp_path / f"{form}.pdf").write_bytes(data)
    report.options = {"layout": "short"}
    assert 'data-form="short"' in render_html(report)
    # Not for other disciplines.
    pussi = make_tournament("pussi", "single", entrants=4)
    assert client.get(reverse("reports:player_list", args=[pussi.slug])).status_code == 404


def test_seed_boardgame_each_round_names_its_game(client, director, make_tournament):
    # B2: the qualifier plays one game in rounds 1-2 and another in round 3; a round may
    # name its game (optional), shown on the round page, the pairings and the score sheets.
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    from tournaments.models import Report
    from tournaments.services.reports import render_html
    from tournaments.services.round_choices import set_round_choices

    boss = Actor(director, director.username)
    t = make_tournament("boardgame", entrants=8)
    rnd = services.draw_round(t, boss, seed="spiel-1")
    services.publish_round(t, boss, 1)
    for table in rnd.tables.order_by("number"):
        seats = list(table.seats.select_related("entrant"))
        services.director_set_result(table, boss, {"points": {
            str(s.entrant.start_number): 90 - 10 * k for k, s in enumerate(seats)}})
    services.close_round(t, boss, 1)
    services.draw_round(t, boss, seed="spiel-2")
    t.refresh_from_db()
    before = services.standings(t)
    set_round_choices(t, boss, 1, {"title": "  Carcassonne "})
    rnd.refresh_from_db()
    assert rnd.extra["title"] == "Carcassonne"
    t.refresh_from_db()
    assert services.standings(t)["standings"] == before["standings"]  # the scoring is the same
    assert not t.rounds.get(number=2).stale  # nor is the next draw out of date
    client.force_login(director)
    url = reverse("director:round", args=[t.slug, 1])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Game of this round" in page and 'value="Carcassonne"' in page
    assert "Game: Carcassonne" in page
    assert "Spiel dieser Runde" in client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    html = render_html(Report.objects.create(tournament=t, kind="pairings", round_number=1))
    assert "Game: Carcassonne" in html or "Spiel: Carcassonne" in html
    # The page's form and the API; bad input is refused at the field.
    choices = reverse("director:round_choices", args=[t.slug, 2])
    assert client.post(choices, {"title": "Azul"}).status_code == 302
    assert t.rounds.get(number=2).extra["title"] == "Azul"
    refused = client.post(choices, {"title": "x" * 81}, HTTP_ACCEPT_LANGUAGE="en")
    assert refused.status_code == 400 and "at most 80 characters" in refused.content.decode()
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=director).key}")
    base = f"/api/v1/tournaments/{t.slug}/rounds/2/"
    answer = api.patch(base, {"title": "Azul: Sommerpavillon"}, format="json")
    assert answer.status_code == 200, answer.content
    assert answer.json()["extra"]["title"] == "Azul: Sommerpavillon"
    bad = api.patch(base, {"title": "Zeile\nzwei"}, format="json")
    assert bad.status_code == 400 and "title" in str(bad.json())
    # Other disciplines have no title of a round.
    chess = make_tournament("chess", entrants=4, planned_rounds=3)
    services.draw_round(chess, boss, seed="c")
    with pytest.raises(services.ServiceError):
        set_round_choices(chess, boss, 1, {"title": "Schach"})
