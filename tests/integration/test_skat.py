"""Skat on the web side (issue 21): the captain's list, values refused at their field in
German, standings after a series with Seeger-Fabian worked out by hand, and series 2
seated by the running score."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse
from django.utils import translation

from tournaments import services
from tournaments.models import Result, Table
from tournaments.services import Actor

from .helpers import captain_url as url
from .helpers import row_errors, seat_numbers

pytestmark = pytest.mark.django_db


def open_evening(make_tournament, director):
    """Seven players (one table of four, one of three), series 1 drawn by lot and open."""
    t = make_tournament("skat", entrants=7)
    boss = Actor(director, director.username)
    t = services.update_tournament(t, boss, scoring={"games_per_series": {"4": 4, "3": 3},
                                                 "loss_fee": 0.5})
    rnd = services.draw_round(t, boss, seed="skatabend")
    services.publish_round(t, boss, 1)
    tables = sorted(rnd.tables.all(), key=lambda tb: -tb.seats.count())
    return t, boss, tables


@pytest.fixture
def evening(make_tournament, director):
    return open_evening(make_tournament, director)


def line(k: int, game: str, declarer: int | str, value: int | str, won: str) -> dict[str, str]:
    return {f"games[{k}].game": game, f"games[{k}].declarer": str(declarer),
            f"games[{k}].value": str(value), f"games[{k}].won": won}


def test_seven_players_sit_at_a_table_of_four_and_one_of_three(evening):
    _t, _boss, tables = evening
    assert [tb.seats.count() for tb in tables] == [4, 3]


def test_captain_submits_the_list_with_a_passed_game_and_the_dealers_follow(client, evening):
    _t, _boss, (four, _three) = evening
    a, b, c, d = seat_numbers(four)
    post = {**line(0, "grand", b, 96, "won"), **line(1, "hearts", c, 30, "lost"),
            "games[2].game": "passed", **line(3, "null_ouvert", a, 46, "won")}
    r = client.post(url(four), post)
    assert r.status_code == 302, r.content.decode()[:2000]
    payload = Result.objects.get(table=four).payload
    assert payload == {"games": [
        {"game": "grand", "declarer": b, "dealer": a, "value": 96, "won": True},
        {"game": "hearts", "declarer": c, "dealer": b, "value": 30, "won": False},
        {"game": "passed", "dealer": c},
        {"game": "null_ouvert", "declarer": a, "dealer": d, "value": 46, "won": True}]}


def test_an_impossible_value_is_refused_at_its_field_in_german(client, evening):
    _t, _boss, (four, _three) = evening
    _a, b, c, _d = seat_numbers(four)
    post = {**line(0, "grand", b, 96, "won"), **line(1, "hearts", c, 25, "lost")}
    r = client.post(url(four), post, HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 400
    content = r.content.decode()
    at_value = row_errors(content, "games[1]")
    assert "Herz" in at_value and "nicht 25" in at_value and "20" in at_value, at_value
    assert row_errors(content, "games[0]") == ""
    assert not Result.objects.filter(table=four).exists()
    # Null has one value only.
    r = client.post(url(four), line(0, "null", b, 24, "won"), HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 400 and "23" in row_errors(r.content.decode(), "games[0]")


def test_the_dealer_at_a_table_of_four_cannot_declare(client, evening):
    _t, _boss, (four, _three) = evening
    a = seat_numbers(four)[0]
    r = client.post(url(four), line(0, "clubs", a, 24, "won"), HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 400
    assert "setzt" in row_errors(r.content.decode(), "games[0]")
    assert not Result.objects.filter(table=four).exists()


def test_at_a_table_of_three_the_dealer_plays(client, evening):
    _t, _boss, (_four, three) = evening
    a, _b, _c = seat_numbers(three)
    r = client.post(url(three), line(0, "clubs", a, 24, "won"))
    assert r.status_code == 302


# Series 1 as several tests play it: a lost hearts at the table of four, two lost spades at
# the table of three.
SERIES_ONE = {
    0: [("grand", 1, 96, True), ("hearts", 2, 30, False), ("passed", 0, 0, False),
        ("clubs", 0, 24, True)],
    1: [("spades", 0, 22, False), ("null", 1, 23, True), ("spades", 0, 22, False)],
}


def play_series(t: Any, boss: Actor, number: int,
                lists: dict[int, list[tuple[str, int, int, bool]]]) -> list[Table]:
    """The director enters every table's list (declarer by seat place 0-3) and closes."""
    rnd = t.rounds.get(number=number)
    tables = sorted(rnd.tables.all(), key=lambda tb: -tb.seats.count())
    for k, table in enumerate(tables):
        seats = seat_numbers(table)
        games = []
        for g, (game, place, value, won) in enumerate(lists[k]):
            games.append({"game": game, "declarer": seats[place], "dealer": seats[g % len(seats)],
                          "value": value, "won": won})
        services.director_set_result(table, boss, {"games": games})
    services.close_round(t, boss, number)
    return tables


def test_standings_after_a_series_by_seeger_fabian_and_the_loss_fee(evening):
    t, boss, _tables = evening
    four, three = play_series(t, boss, 1, {
        # table of four: place 1 wins a Grand hand with two (96), place 2 loses hearts (30)
        0: [("grand", 1, 96, True), ("hearts", 2, 30, False), ("passed", 0, 0, False),
            ("clubs", 0, 24, True)],
        # table of three: place 0 loses spades with one (22) twice, place 1 wins Null (23)
        1: [("spades", 0, 22, False), ("null", 1, 23, True), ("spades", 0, 22, False)],
    })
    f, th = seat_numbers(four), seat_numbers(three)
    rows = {r["entrant"]: r for r in services.standings(t)["standings"]}
    # Four: 96+50 = 146; -2×30-50 = -110; the three others +30 each; 24+50 = 74.
    assert rows[f[1]]["values"]["points"] == 146 + 30
    assert rows[f[2]]["values"]["points"] == -110
    assert rows[f[0]]["values"]["points"] == 74 + 30
    assert rows[f[3]]["values"]["points"] == 30  # the dealer sitting out gets it too
    # Three: two lost spades 2 × (-2×22-50) = -188; the others +40 per lost game; Null 73.
    assert rows[th[0]]["values"]["points"] == -188
    assert rows[th[1]]["values"]["points"] == 73 + 80
    assert rows[th[2]]["values"]["points"] == 80
    assert rows[f[1]]["rank"] == 1 and rows[th[1]]["rank"] == 2
    assert rows[th[0]]["values"]["loss_fee"] == 1  # two lost games at 0.50
    assert rows[f[2]]["values"]["won"] == 0 and rows[f[2]]["values"]["lost"] == 1
    # three lost games at 0.50 in all, for the cash desk
    from tournaments.services.public import standings_table

    with translation.override("de"):
        assert standings_table(t).totals == ["Verlustgeld insgesamt: 1,50 (für die Kasse)"]


def test_series_two_is_seated_by_the_running_score(evening, director_client):
    t, boss, _tables = evening
    play_series(t, boss, 1, SERIES_ONE)
    order = [r["entrant"] for r in services.standings(t)["standings"]]
    rnd = services.draw_round(t, boss, method="standings_tables", seed="serie-2")
    tables = sorted(rnd.tables.all(), key=lambda tb: tb.number)
    seated = [sorted(seat_numbers(tb)) for tb in tables]
    assert seated == [sorted(order[:4]), sorted(order[4:])]
    r = director_client.get(reverse("director:round", args=[t.slug, 2]),
                            HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 200
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", r.content.decode()))
    assert "Tisch 1" in text and "Tisch 2" in text


def test_standings_page_shows_the_skat_columns_in_german(evening, client):
    t, boss, _tables = evening
    play_series(t, boss, 1, {0: [("grand", 1, 96, True)], 1: [("null", 1, 23, True)]})
    page = client.get(reverse("public:tournament", args=[t.slug]),
                      HTTP_ACCEPT_LANGUAGE="de").content.decode()
    for word in ("Gew.", "Verl.", "Verlustgeld", "S1"):
        assert word in page, word
    # the cash desk's total: no lost game yet, so nothing due
    assert "Verlustgeld insgesamt: 0,00 (für die Kasse)" in page


def fee_cells(html: str) -> list[str]:
    """The loss fee column of the standings table in a page."""
    head = re.search(r"<thead>.*?</thead>", html, re.S)
    assert head is not None
    keys = re.findall(r'data-value="([^"]+)"', head.group(0))
    at = keys.index("loss_fee") + 2  # after rank and name
    body = re.search(r"<tbody>(.*?)</tbody>", html, re.S)
    assert body is not None
    return [re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)[at]
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body.group(1), re.S)]


def test_money_has_two_decimals_in_the_table_the_total_and_the_projector(evening, client):
    """The loss fee column read "0,5" under a total of "3,00": money is always 0,50."""
    t, boss, _tables = evening
    play_series(t, boss, 1, SERIES_ONE)
    from tournaments.services.public import standings_table

    for language, half, one, zero, total in (("de", "0,50", "1,00", "0,00", "1,50"),
                                              ("en", "0.50", "1.00", "0.00", "1.50")):
        with translation.override(language):
            table = standings_table(t)  # the PDF's table too (services.reports)
        at = [k for k, _h in table.headers].index("loss_fee")
        assert sorted(r["cells"][at] for r in table.rows) == sorted(
            [one, half] + [zero] * 5)
        assert total in " ".join(table.totals)
        page = client.get(reverse("public:tournament", args=[t.slug]),
                          HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert sorted(fee_cells(page)) == sorted([one, half] + [zero] * 5)
        assert f"{total} (" in page
        # the projector shows the first columns only, and the total under them
        projector = client.get(reverse("public:projector", args=[t.slug]),
                               HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert f"{total} (" in projector



def test_a_lost_overbid_game_is_charged_with_its_bid(client, evening):
    """ISkO 5.4.2: diamonds after a bid of 168 is charged 19 × 9 = 171, more than any
    diamonds game is worth: refused without the bid, taken with it."""
    _t, _boss, (four, _three) = evening
    _a, b, _c, _d = seat_numbers(four)
    r = client.post(url(four), line(0, "diamonds", b, 171, "lost"), HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 400 and "nicht 171" in row_errors(r.content.decode(), "games[0]")
    # A usual value below the bid is overbid: the line says what to write.
    r = client.post(url(four), {**line(0, "spades", b, 33, "lost"), "games[0].bid": "72"},
                    HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 400 and "77" in row_errors(r.content.decode(), "games[0]")
    r = client.post(url(four), {**line(0, "diamonds", b, 171, "lost"), "games[0].bid": "168"})
    assert r.status_code == 302
    assert Result.objects.get(table=four).payload["games"][0] == {
        "game": "diamonds", "declarer": b, "dealer": seat_numbers(four)[0], "value": 171,
        "won": False, "bid": 168}


def test_a_higher_loss_fee_without_its_start_is_refused_at_the_field(make_tournament,
                                                                     director_client):
    t = make_tournament("skat", entrants=7)
    page = director_client.get(reverse("director:settings", args=[t.slug]))
    data = {bf.name: bf.value() for bf in page.context["form"]
            if bf.value() not in (None, False) and not bf.field.disabled}
    r = director_client.post(reverse("director:settings", args=[t.slug]),
                             {**data, "loss_fee_higher": "1"}, HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 400
    errors = r.context["form"].errors["loss_fee_from"]
    assert any("ab welchem verlorenen Spiel" in e for e in errors), errors


def test_projector_and_standings_pdf_after_a_series(evening, client, eager_reports,
                                                    django_capture_on_commit_callbacks):
    from tournaments.models import Report
    from tournaments.services.reports import request_report

    t, boss, _tables = evening
    play_series(t, boss, 1, {0: [("grand", 1, 96, True), ("hearts", 2, 30, False)],
                             1: [("null", 1, 23, True)]})
    page = client.get(reverse("public:projector", args=[t.slug]), HTTP_ACCEPT_LANGUAGE="de")
    assert page.status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        report = request_report(t, boss, "standings", None, base_url="http://halle.example")
    report.refresh_from_db()
    assert report.status == Report.Status.DONE, report.error
    with report.file.open("rb") as fh:
        assert fh.read().startswith(b"%PDF")
