"""Skat's extras (issue 21): members of one club kept apart when later series are seated by
score (a draw option, the explanation says what could not be kept apart), and Ramsch only
where the tournament allows it, refused at the game's field otherwise."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import Entrant, Result

from .test_skat import SERIES_ONE, line, open_evening, play_series, row_errors, seat_numbers, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening(make_tournament, director):
    """Seven players (a table of four, one of three), short series, series 1 drawn by lot."""
    return open_evening(make_tournament, director)


def settings_data(client, t) -> dict:
    page = client.get(reverse("director:settings", args=[t.slug]))
    return {bf.name: bf.value() for bf in page.context["form"]
            if bf.value() not in (None, False) and not bf.field.disabled}


def test_series_two_keeps_clubmates_apart_and_says_so_in_german(evening, director_client):
    t, boss, _tables = evening
    play_series(t, boss, 1, SERIES_ONE)
    order = [r["entrant"] for r in services.standings(t)["standings"]]
    # The two leaders play for one club: by score alone they would share table 1.
    Entrant.objects.filter(tournament=t, start_number__in=order[:2]).update(club="SC Grand")
    r = director_client.post(reverse("director:settings", args=[t.slug]),
                             {**settings_data(director_client, t), "avoid_same_club": "on"})
    assert r.status_code == 302, r.content.decode()[:3000]
    t.refresh_from_db()
    assert t.draw_options.get("avoid_same_club") is True
    rnd = services.draw_round(t, boss, method="standings_tables", seed="serie-2")
    tables = sorted(rnd.tables.all(), key=lambda tb: tb.number)
    first = seat_numbers(tables[0])
    assert order[0] in first and order[1] not in first
    page = director_client.get(reverse("director:round", args=[t.slug, 2]),
                               HTTP_ACCEPT_LANGUAGE="de").content.decode()
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))
    assert "Mitglieder eines Vereins oder einer Mannschaft getrennt: 2 Spieler" in text, text[:3000]


def test_a_clash_no_swap_removes_is_named_on_the_round_page(evening, director_client):
    t, boss, _tables = evening
    play_series(t, boss, 1, {0: [("grand", 1, 96, True)], 1: [("null", 1, 23, True)]})
    Entrant.objects.filter(tournament=t, start_number__in=[1, 2, 3]).update(club="SC Grand")
    services.update_tournament(t, boss, draw_options={"avoid_same_club": True})
    services.draw_round(t, boss, method="standings_tables", seed="serie-2")
    page = director_client.get(reverse("director:round", args=[t.slug, 2]),
                               HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "nicht getrennt an Tisch" in page and "SC Grand" in page


def test_ramsch_is_refused_at_the_field_unless_the_tournament_allows_it(client, evening,
                                                                        director_client):
    t, _boss, (four, _three) = evening
    _a, b, c, _d = seat_numbers(four)
    r = client.post(url(four), line(0, "ramsch", b, 30, "lost"), HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 400
    assert "Ramsch ist in diesem Turnier nicht erlaubt" in row_errors(r.content.decode(),
                                                                       "games[0]")
    assert 'value="ramsch"' not in client.get(url(four)).content.decode()
    # The director allows it on the settings page (a checkbox).
    r = director_client.post(reverse("director:settings", args=[t.slug]),
                             {**settings_data(director_client, t), "ramsch": "on"})
    assert r.status_code == 302, r.content.decode()[:3000]
    t.refresh_from_db()
    assert t.scoring["ramsch"] is True
    assert 'value="ramsch"' in client.get(url(four)).content.decode()
    # A Durchmarsch is worth 120, nothing else; a lost Ramsch its card points up to 240.
    r = client.post(url(four), line(0, "ramsch", b, 100, "won"), HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 400 and "120" in row_errors(r.content.decode(), "games[0]")
    r = client.post(url(four), line(0, "ramsch", b, 241, "lost"), HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 400 and "240" in row_errors(r.content.decode(), "games[0]")
    r = client.post(url(four), {**line(0, "ramsch", b, 30, "lost"),
                                **line(1, "ramsch", c, 120, "won")})
    assert r.status_code == 302, r.content.decode()[:2000]
    assert [g["game"] for g in Result.objects.get(table=four).payload["games"]] == [
        "ramsch", "ramsch"]


def test_team_and_tandem_rankings_sum_their_members_on_page_and_pdf(evening, director_client,
                                                                     client):
    t, boss, _tables = evening
    four, three = play_series(t, boss, 1, SERIES_ONE)
    f, th = seat_numbers(four), seat_numbers(three)
    # Points by hand (test_skat): f = 104, 176, -110, 30; th = -188, 153, 80.
    # no. 8 registers after the series was played and plays no game
    late = services.register(t, boss, [{"name": "Spät"}]).start_number
    teams = (f"Herz Dame: {f[0]}, {f[1]}, {th[0]}, {th[1]}\n"
             f"Kreuz Bube: {f[2]}, {f[3]}, {th[2]}, {late}")
    data = {**settings_data(director_client, t), "teams": teams,
            "tandems": f"Pik As: {f[1]}, {th[1]}"}
    r = director_client.post(reverse("director:settings", args=[t.slug]), data)
    assert r.status_code == 302, r.content.decode()[:3000]
    t.refresh_from_db()
    assert t.scoring["tandems"] == [{"name": "Pik As", "members": [f[1], th[1]]}]
    from tournaments.services.public import standings_table

    sides = standings_table(t).sides
    assert [s["title"] for s in sides] == ["Team ranking", "Tandem ranking"]
    herz, kreuz = sides[0]["rows"]
    assert (herz["name"], herz["rank"], herz["points"]) == ("Herz Dame", 1, 104 + 176 - 188 + 153)
    # The late player plays no game: the team is its other three.
    assert (kreuz["name"], kreuz["rank"], kreuz["points"]) == ("Kreuz Bube", 2, -110 + 30 + 80)
    assert sides[1]["rows"][0]["points"] == 176 + 153
    page = client.get(reverse("public:tournament", args=[t.slug]),
                      HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Mannschaftswertung" in page and "Tandemwertung" in page and "Herz Dame" in page
    # A player in two teams is refused at the field.
    r = director_client.post(reverse("director:settings", args=[t.slug]), {
        **settings_data(director_client, t), "teams": "A: 1, 2, 3, 4\nB: 4, 5, 6, 7"},
        HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 400
    assert any("Nr. 4" in e for e in r.context["form"].errors["teams"])


def test_statistics_show_games_won_lost_and_the_best_series(evening, client, eager_reports,
                                                            django_capture_on_commit_callbacks):
    from tournaments.models import Report
    from tournaments.services.reports import request_report

    t, boss, _tables = evening
    four, _three = play_series(t, boss, 1, SERIES_ONE)
    services.draw_round(t, boss, method="standings_tables", seed="serie-2")
    services.publish_round(t, boss, 2)
    play_series(t, boss, 2, {0: [("grand", 1, 48, True)], 1: [("null", 1, 23, True)]})
    extra = t.disc.statistics_extra(t)
    row = {p["entrant"]: p for p in extra["players"]}[seat_numbers(four)[1]]
    # Grand with two, hand in series 1 (96 + 50 + 30 for the lost hearts) = 176.
    assert row["won"] >= 1 and row["best"][1] >= 176
    assert extra["won"] == 3 + 2 and extra["lost"] == 3
    page = client.get(reverse("public:statistics", args=[t.slug]),
                      HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Spiele und beste Serie" in page and "data-skat-stats" in page
    with django_capture_on_commit_callbacks(execute=True):
        report = request_report(t, boss, "statistics", None, base_url="http://halle.example")
    report.refresh_from_db()
    assert report.status == Report.Status.DONE, report.error


def test_with_the_option_team_members_sit_apart_too(evening, director_client):
    t, boss, _tables = evening
    play_series(t, boss, 1, {0: [("grand", 1, 96, True)], 1: [("null", 1, 23, True)]})
    order = [r["entrant"] for r in services.standings(t)["standings"]]
    team = order[:4]  # by score alone the whole team would sit at table 1
    services.update_tournament(t, boss, draw_options={"avoid_same_club": True}, scoring={
        **t.scoring, "teams": [{"name": "Herz Dame", "members": team}]})
    rnd = services.draw_round(t, boss, method="standings_tables", seed="serie-2")
    tables = sorted(rnd.tables.all(), key=lambda tb: tb.number)
    # Four members at two tables: two and two is the best there is, and the draw says so.
    assert [sum(e in team for e in seat_numbers(tb)) for tb in tables] == [2, 2]
    assert order[0] in seat_numbers(tables[0])
    page = director_client.get(reverse("director:round", args=[t.slug, 2]),
                               HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert page.count("nicht getrennt an Tisch") == 2 and "(Herz Dame)" in page


def test_the_columns_long_names_are_skat_words(evening):
    from tournaments.services.public import column

    t, boss, _tables = evening
    play_series(t, boss, 1, {0: [("grand", 1, 96, True)], 1: [("null", 1, 23, True)]})
    from django.utils import translation

    with translation.override("de"):
        assert column(t, "won").title == "Als Alleinspieler gewonnene Spiele"
        assert column(t, "loss_fee").title == "Verlustgeld für die Kasse"
        assert (column(t, "series_1").header, column(t, "series_1").title) == ("S1", "Serie 1")


@pytest.mark.parametrize(("language", "unknown", "twice"), [
    ("de", "Zeile 2: Nr. 99 ist kein Teilnehmer dieses Turniers",
     "Zeile 2: Nr. 4 ist schon in einer anderen Gruppe"),
    ("en", "line 2: no. 99 is no entrant of this tournament",
     "line 2: no. 4 is in another group already")])
def test_teams_and_tandems_name_entrants_of_the_tournament_once(evening, director_client,
                                                                language, unknown, twice):
    """A start number no entrant has, and a player in two teams (or two tandems), are
    refused at their field in the page's language; nothing is stored."""
    t, _boss, _tables = evening
    before = dict(t.scoring)
    base = settings_data(director_client, t)
    numbers = sorted(t.entrants.values_list("start_number", flat=True))
    assert 99 not in numbers and {1, 2, 3, 4, 5, 6, 7} <= set(numbers)

    def refused(**fields: str) -> dict:
        r = director_client.post(reverse("director:settings", args=[t.slug]),
                                 {**base, **fields}, HTTP_ACCEPT_LANGUAGE=language)
        assert r.status_code == 400
        return r.context["form"].errors

    assert refused(teams="A: 1, 2, 3, 4\nB: 5, 6, 7, 99")["teams"] == [unknown]
    assert refused(tandems="A: 1, 2\nB: 3, 99")["tandems"] == [unknown]
    assert refused(teams="A: 1, 2, 3, 4\nB: 4, 5, 6, 7")["teams"] == [twice]
    assert refused(tandems="A: 3, 4\nB: 4, 5")["tandems"] == [twice]
    t.refresh_from_db()
    assert t.scoring == before
    # a player may be in a team and in a tandem: two rankings
    r = director_client.post(reverse("director:settings", args=[t.slug]), {
        **base, "teams": "A: 1, 2, 3, 4", "tandems": "B: 4, 5"})
    assert r.status_code == 302, r.content.decode()[:2000]
