"""Doppelkopf on the web side (issue 21): the captain's list line by line, impossible lines
refused at their field in German (zero sum, partners, values no game can have, compulsory
solos), standings worked out by hand, later rounds seated by score, projector and PDF."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.disciplines.doppelkopf.form import possible_values
from tournaments.models import Result, Table
from tournaments.services import Actor

from .helpers import captain_url as url
from .helpers import row_errors, seat_numbers

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening(make_tournament, director):
    """Eight players at two tables of four, rounds of 4 games, round 1 drawn by lot."""
    t = make_tournament("doppelkopf", entrants=8)
    boss = Actor(director, director.username)
    t = services.update_tournament(t, boss, scoring={
        "games_per_round": {"4": 4, "5": 5}, "compulsory_solos": 1, "time_limit": 100})
    rnd = services.draw_round(t, boss, seed="doko")
    services.publish_round(t, boss, 1)
    return t, boss, sorted(rnd.tables.all(), key=lambda tb: tb.number)


def line(k: int, kind: str, re_party: list[int], scores: dict[int, int],
         compulsory: bool = False, ann_re: str = "", ann_kontra: str = "") -> dict[str, str]:
    at = f"games[{k}]"
    post = {f"{at}.kind": kind, f"{at}.ann_re": ann_re, f"{at}.ann_kontra": ann_kontra}
    for field, n in zip(("re1", "re2"), re_party, strict=False):
        post[f"{at}.{field}"] = str(n)
    if compulsory:
        post[f"{at}.compulsory"] = "on"
    post.update({f"{at}.score_{n}": str(v) for n, v in scores.items()})
    return post


def normal(k: int, players: list[int], re_party: list[int], value: int, **kw: Any
           ) -> dict[str, str]:
    return line(k, "normal", re_party,
                {n: value if n in re_party else -value for n in players}, **kw)


def solo(k: int, kind: str, players: list[int], soloist: int, value: int, **kw: Any
         ) -> dict[str, str]:
    """A solo: the soloist scores 3 × value, each opponent -value."""
    return line(k, kind, [soloist], {n: 3 * value if n == soloist else -value for n in players},
                **kw)


def four_solos(players: list[int]) -> dict[str, str]:
    """A round of four compulsory solos, one by each player: +2, -3, +1 and -1 each."""
    out: dict[str, str] = {}
    for k, (kind, value) in enumerate((("queens", 2), ("jacks", -3), ("hearts", 1),
                                       ("clubs", -1))):
        out.update(solo(k, kind, players, players[k], value, compulsory=True))
    return out


def test_eight_players_sit_at_two_tables_of_four(evening):
    _t, _boss, tables = evening
    assert [tb.seats.count() for tb in tables] == [4, 4]


def test_captain_submits_a_list_with_a_compulsory_solo(client, evening):
    _t, _boss, (one, _two) = evening
    a, b, c, d = seat_numbers(one)
    players = [a, b, c, d]
    post = {**normal(0, players, [a, c], 3, ann_re="re"),
            **solo(1, "queens", players, b, 6, compulsory=True, ann_re="re", ann_kontra="")}
    r = client.post(url(one), post)
    assert r.status_code == 302, r.content.decode()[:3000]
    payload = Result.objects.get(table=one).payload
    # every line names its dealer (the seat order: place 1 deals game 1, TSR 3.3)
    assert payload == {"games": [
        {"kind": "normal", "re": [a, c], "dealer": a, "announce": {"re": "re"},
         "scores": {str(a): 3, str(b): -3, str(c): 3, str(d): -3}},
        {"kind": "queens", "re": [b], "dealer": b, "compulsory": True,
         "announce": {"re": "re"},
         "scores": {str(a): -6, str(b): 18, str(c): -6, str(d): -6}}]}
    for g in payload["games"]:  # every line sums to zero over the table
        assert sum(g["scores"].values()) == 0


def test_a_line_that_does_not_sum_to_zero_is_refused_at_its_line_in_german(client, evening):
    _t, _boss, (one, _two) = evening
    a, b, c, d = seat_numbers(one)
    post = {**normal(0, [a, b, c, d], [a, b], 2),
            **line(1, "normal", [a, c], {a: 2, b: -2, c: 2, d: -1})}
    r = client.post(url(one), post, HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 400
    content = r.content.decode()
    errors = row_errors(content, "games[1]")
    assert "ergeben nicht null" in errors and "+2 -2 +2 -1 = +1" in errors, errors
    assert row_errors(content, "games[0]") == ""
    assert not Result.objects.filter(table=one).exists()


def test_a_soloist_scores_three_times_each_opponent(client, evening):
    _t, _boss, (one, _two) = evening
    a, b, c, d = seat_numbers(one)
    # the soloist +6, opponents -2 each: zero sum, but partners... fine; 6 = 3 × 2
    r = client.post(url(one), line(0, "queens", [a], {a: 6, b: -2, c: -2, d: -2},
                                   compulsory=True))
    assert r.status_code == 302
    # a solo whose opponents score differently is refused
    r = client.post(url(one), line(0, "queens", [a], {a: 6, b: -1, c: -2, d: -3},
                                   compulsory=True), HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 400
    assert "dieselben Punkte" in row_errors(r.content.decode(), "games[0]")


def test_a_value_no_game_can_have_is_refused(client, evening):
    _t, _boss, (one, _two) = evening
    a, b, c, d = seat_numbers(one)
    # Re said "Re" and won: at least 1 + 2 = 3 points; 2 cannot be (no specials in a solo)
    r = client.post(url(one), solo(0, "queens", [a, b, c, d], a, 2, compulsory=True,
                                   ann_re="re"), HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 400
    errors = row_errors(r.content.decode(), "games[0]")
    assert "Damensolo" in errors and "nicht +6" in errors, errors
    # a solo without announcements is worth 1 to 5 for the winner, never 0
    assert possible_values(True, 0, 0, frozenset()) == frozenset(
        {-5, -4, -3, -2, -1, 1, 2, 3, 4, 5})
    # a normal game can score 0 (Re wins 1, Kontra's Fuchs caught against it)
    assert 0 in possible_values(False, 0, 0, frozenset({"fuchs"}))


def test_compulsory_solos_are_checked_at_their_field(client, evening):
    _t, _boss, (one, _two) = evening
    a, b, c, d = seat_numbers(one)
    players = [a, b, c, d]
    # a voluntary solo before the player's compulsory one
    r = client.post(url(one), solo(0, "jacks", players, a, 1), HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 400
    assert "Pflichtsolo" in row_errors(r.content.decode(), "games[0]")
    # a second compulsory solo by the same player
    post = {**solo(0, "jacks", players, a, 1, compulsory=True),
            **solo(1, "queens", players, a, 1, compulsory=True)}
    r = client.post(url(one), post, HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 400
    assert "freiwillig" in row_errors(r.content.decode(), "games[1]")
    # a normal game cannot be a compulsory solo
    r = client.post(url(one), normal(0, players, [a, b], 1, compulsory=True),
                    HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 400 and "Pflichtsolo" in row_errors(r.content.decode(), "games[0]")


def test_after_the_rounds_games_only_owed_compulsory_solos(client, evening):
    _t, _boss, (one, _two) = evening
    a, b, c, d = seat_numbers(one)
    players = [a, b, c, d]
    post = {**normal(0, players, [a, b], 1), **normal(1, players, [a, c], 1),
            **normal(2, players, [a, d], 1), **normal(3, players, [b, c], 1),
            **normal(4, players, [a, b], 1)}
    r = client.post(url(one), post, HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 400
    assert "Pflichtsoli" in row_errors(r.content.decode(), "games[4]")
    post["games[4].kind"] = "queens"
    post.pop("games[4].re2")
    post.update(solo(4, "queens", players, a, 1, compulsory=True))
    r = client.post(url(one), post)
    assert r.status_code == 302, r.content.decode()[:3000]


def test_the_page_says_who_still_owes_the_compulsory_solo(client, evening):
    """The note above the list counts the compulsory solos of the lines on the page (the
    page's script keeps it up to date while the captain types; here the server's count
    after a list sent back for a correction)."""
    _t, _boss, (one, _two) = evening
    players = seat_numbers(one)
    a, b, c, d = players
    page = client.get(url(one), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Pflichtsolo noch offen" in page
    post = {**solo(0, "queens", players, a, 1, compulsory=True),
            **line(1, "normal", [b, c], {a: -1, b: 1, c: 1, d: 0})}  # does not sum to zero
    r = client.post(url(one), post, HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 400
    owed = re.search(r"data-owed[^>]*>(.*?)</p>", r.content.decode(), re.S).group(1)
    names = dict(one.seats.values_list("entrant__start_number", "entrant__name"))
    assert names[a] not in owed and all(names[n] in owed for n in (b, c, d)), owed


def play_round(t: Any, boss: Actor, number: int) -> list[Table]:
    """Every table plays four compulsory solos (``four_solos``), entered by the director."""
    rnd = t.rounds.get(number=number)
    tables = sorted(rnd.tables.all(), key=lambda tb: tb.number)
    for k, table in enumerate(tables):
        players = seat_numbers(table)
        values = [(2, -3, 1, -1), (4, 1, -2, -1)][k]
        games = []
        for g, (kind, value) in enumerate(zip(("queens", "jacks", "hearts", "clubs"), values,
                                              strict=True)):
            soloist = players[g]
            games.append({"kind": kind, "re": [soloist], "compulsory": True,
                          "scores": {str(n): 3 * value if n == soloist else -value
                                     for n in players}})
        services.director_set_result(table, boss, {"games": games})
    services.close_round(t, boss, number)
    return tables


def test_standings_by_points_worked_out_by_hand(evening):
    t, boss, _tables = evening
    one, two = play_round(t, boss, 1)
    p, q = seat_numbers(one), seat_numbers(two)
    rows = {r["entrant"]: r for r in services.standings(t)["standings"]}
    # table 1, values 2, -3, 1, -1 for the soloists p0..p3:
    # p0: +6 (own) +3 -1 +1 = 9; p1: -2 -9 -1 +1 = -11; p2: -2 +3 +3 +1 = 5; p3: -2+3-1-3 = -3
    assert [rows[n]["values"]["points"] for n in p] == [9, -11, 5, -3]
    # table 2, values 4, 1, -2, -1: q0: 12 -1 +2 +1 = 14; q1: -4 +3 +2 +1 = 2;
    # q2: -4 -1 -6 +1 = -10; q3: -4 -1 +2 -3 = -6
    assert [rows[n]["values"]["points"] for n in q] == [14, 2, -10, -6]
    assert sum(r["values"]["points"] for r in rows.values()) == 0
    assert rows[q[0]]["rank"] == 1 and rows[p[0]]["rank"] == 2
    assert rows[p[0]]["values"]["solos"] == 1 and rows[p[0]]["values"]["solos_missing"] == 0


def test_round_two_is_seated_by_the_running_score(evening, director_client):
    t, boss, _tables = evening
    play_round(t, boss, 1)
    order = [r["entrant"] for r in services.standings(t)["standings"]]
    rnd = services.draw_round(t, boss, method="standings_tables", seed="runde-2")
    tables = sorted(rnd.tables.all(), key=lambda tb: tb.number)
    assert [sorted(seat_numbers(tb)) for tb in tables] == [sorted(order[:4]),
                                                           sorted(order[4:])]
    r = director_client.get(reverse("director:round", args=[t.slug, 2]),
                            HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 200 and "Tisch 2" in r.content.decode()


def test_standings_page_projector_and_pdf_in_german(evening, client, eager_reports,
                                                   django_capture_on_commit_callbacks):
    from tournaments.models import Report
    from tournaments.services.reports import request_report

    t, boss, _tables = evening
    play_round(t, boss, 1)
    page = client.get(reverse("public:tournament", args=[t.slug]),
                      HTTP_ACCEPT_LANGUAGE="de").content.decode()
    for word in ("Doppelkopf", "Soli", "R1"):
        assert word in page, word
    assert client.get(reverse("public:projector", args=[t.slug]),
                      HTTP_ACCEPT_LANGUAGE="de").status_code == 200
    for kind, rnd in (("standings", None), ("score_sheets", 1)):
        with django_capture_on_commit_callbacks(execute=True):
            report = request_report(t, boss, kind, rnd, base_url="http://halle.example")
        report.refresh_from_db()
        assert report.status == Report.Status.DONE, report.error
        with report.file.open("rb") as fh:
            assert fh.read().startswith(b"%PDF")


def test_director_round_trip_of_a_stored_list(evening):
    """The director's inputs show a stored list whole: sent unchanged, it gives it back."""
    from tournaments.disciplines import of

    t, _boss, (one, _two) = evening
    players = seat_numbers(one)
    post = {**normal(0, players, players[:2], 3, ann_re="re", ann_kontra="kontra"),
            **solo(1, "queens", players, players[2], -4, compulsory=True, ann_re="90")}
    form = of(t).result_form
    payload = form.payload_from_post(post, one)
    assert form.fits(payload, one)


def test_settings_page_checks_the_doppelkopf_settings_at_their_fields(make_tournament,
                                                                      director_client):
    t = make_tournament("doppelkopf", entrants=8)
    page = director_client.get(reverse("director:settings", args=[t.slug]),
                               HTTP_ACCEPT_LANGUAGE="de")
    text = page.content.decode()
    for words in ("Spiele je Runde, Vierertisch", "Pflichtsoli je Spieler und Runde",
                  "Zeitlimit"):
        assert words in text, words
    data = {bf.name: bf.value() for bf in page.context["form"]
            if bf.value() not in (None, False) and not bf.field.disabled}
    r = director_client.post(reverse("director:settings", args=[t.slug]),
                             {**data, "compulsory_solos": "5"}, HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 400 and r.context["form"].errors["compulsory_solos"]
    r = director_client.post(reverse("director:settings", args=[t.slug]),
                             {**data, "games_per_round_4": "20", "time_limit": "",
                              "table_of_five": "on"})
    assert r.status_code == 302
    t.refresh_from_db()
    assert t.scoring["games_per_round"]["4"] == 20 and t.scoring["time_limit"] is None
    assert t.scoring["table_of_five"] is True


def test_nine_players_sit_at_a_table_of_four_and_one_of_five_where_allowed(make_tournament,
                                                                          director, client):
    """TSR 8.3 plays at tables of four; with ``table_of_five`` a fifth player fills up and
    the dealer of each game sits out: no score in the dealer's field."""
    t = make_tournament("doppelkopf", entrants=9)
    boss = Actor(director, director.username)
    with pytest.raises(services.ServiceError):
        services.draw_round(t, boss, seed="neun")  # tables of four only: 9 cannot sit
    t = services.update_tournament(t, boss, scoring={**t.scoring, "table_of_five": True})
    rnd = services.draw_round(t, boss, seed="neun")
    services.publish_round(t, boss, 1)
    tables = sorted(rnd.tables.all(), key=lambda tb: tb.number)
    assert [tb.seats.count() for tb in tables] == [4, 5]
    five = tables[1]
    players = seat_numbers(five)
    dealer, rest = players[0], players[1:]
    post = normal(0, rest, rest[:2], 2)
    r = client.post(url(five), {**post, f"games[0].score_{dealer}": "1"},
                    HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 400
    assert "setzt am Fünfertisch aus" in row_errors(r.content.decode(), "games[0]")
    r = client.post(url(five), post)
    assert r.status_code == 302, r.content.decode()[:3000]
    assert Result.objects.get(table=five).payload["games"][0]["dealer"] == dealer


@pytest.mark.parametrize(("n", "sizes"), [(8, [4, 4]), (9, [4, 5]), (10, [5, 5]),
                                          (13, [4, 4, 5]), (15, [5, 5, 5]), (16, [4, 4, 4, 4])])
def test_tables_of_five_only_fill_up(n, sizes):
    from pairing import Layout
    from pairing.simple import table_sizes

    assert table_sizes(n, Layout(sides=0, table_size=4, max_long=3)) == sizes
