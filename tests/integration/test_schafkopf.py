"""Schafkopf on the web side (issue 26): the captain's list (the dealer goes round and stays
after a passed game, sits out at a table of five), lines refused at their field in German,
the tariff's variants on the list (Herz-Solo, Laufende, Tout, Kontra, Ramsch), standings
worked out by hand, the cash desk's sums, the settings page, the statistics, the printed
list, and round 2 seated by the running score."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from tournaments import services, tasks
from tournaments.disciplines import of
from tournaments.models import Report, Result
from tournaments.services import Actor

from .helpers import captain_url as url
from .helpers import row_errors, seat_numbers

pytestmark = pytest.mark.django_db


def open_evening(make_tournament, director, entrants: int = 8, **scoring: Any):
    """``entrants`` players, rounds of four games, round 1 drawn by lot and open."""
    t = make_tournament("schafkopf", entrants=entrants)
    boss = Actor(director, director.username)
    t = services.update_tournament(t, boss, scoring={
        **t.scoring, "games_per_series": {"4": 4, "5": 5}, **scoring})
    rnd = services.draw_round(t, boss, seed="schafkopfabend")
    services.publish_round(t, boss, 1)
    return t, boss, sorted(rnd.tables.all(), key=lambda tb: tb.number)


@pytest.fixture
def evening(make_tournament, director):
    return open_evening(make_tournament, director)


def line(k: int, game: str, player: int | str = "", won: str = "", partner: int | str = "",
         **more: str) -> dict[str, str]:
    out = {f"games[{k}].game": game, f"games[{k}].player": str(player),
           f"games[{k}].won": won}
    if partner:
        out[f"games[{k}].partner"] = str(partner)
    out.update({f"games[{k}].{name}": value for name, value in more.items()})
    return out


def test_eight_players_sit_at_two_tables_of_four(evening):
    _t, _boss, tables = evening
    assert [tb.seats.count() for tb in tables] == [4, 4]


def test_captain_submits_a_list_and_the_dealer_stays_after_a_passed_game(
        client, make_tournament, director):
    t, _boss, (one, _two) = open_evening(
        make_tournament, director, games=["sauspiel", "solo", "wenz", "passed"])
    a, b, c, d = seat_numbers(one)
    post = {**line(0, "sauspiel", b, "won", d), "games[1].game": "passed",
            **line(2, "wenz", c, "lost", level="schneider"),
            **line(3, "solo", d, "won", level="schwarz"), **line(4, "sauspiel", a, "lost", c)}
    r = client.post(url(one), post)
    assert r.status_code == 302, r.content.decode()[:3000]
    assert Result.objects.get(table=one).payload == {"games": [
        {"dealer": a, "game": "sauspiel", "player": b, "partner": d, "won": True},
        {"dealer": b, "game": "passed"},
        {"dealer": b, "game": "wenz", "player": c, "won": False, "schneider": True},
        {"dealer": c, "game": "solo", "player": d, "won": True, "schneider": True,
         "schwarz": True},
        {"dealer": d, "game": "sauspiel", "player": a, "partner": c, "won": False}]}
    # the tournament point table: Sauspiel ±1; Wenz lost Schneider 6 each (the player -18);
    # Solo won Schwarz 7 each (+21)
    rows = {r["entrant"]: r["values"] for r in services.standings(t)["standings"]}
    assert [rows[n]["points"] for n in (a, b, c, d)] == [
        -1 + 6 - 7 - 1, 1 + 6 - 7 + 1, -1 - 18 - 7 - 1, 1 + 6 + 21 + 1]
    assert rows[d]["solos_won"] == 1 and rows[c]["solos"] == 1 and rows[a]["games"] == 4
    summary = of(t).result_line(Result.objects.get(table=one).payload, _view(one),
                                of(t).settings(t))
    assert summary.endswith("(4 games)") and f"{_name(one, d)} +29" in summary, summary


def _name(table, number: int) -> str:
    return table.seats.get(entrant__start_number=number).entrant.name


def _view(table) -> Any:
    """A table as result_line reads it: seats with start number and name."""
    from types import SimpleNamespace

    return SimpleNamespace(seats=[SimpleNamespace(start_number=s.entrant.start_number,
                                                  name=s.entrant.name)
                                  for s in table.seats.select_related("entrant")])


def test_lines_are_refused_at_their_field_in_german(client, evening):
    _t, _boss, (one, _two) = evening
    a, b, c, d = seat_numbers(one)
    post = {**line(0, "sauspiel", b, "won"),  # no partner
            **line(1, "wenz", c, "won", partner=a),  # a partner in a solo game
            **line(2, "sauspiel", d, "lost", d),  # the player's own partner
            **line(3, "solo", a, "won", level="schneider", extra="tout")}  # Schneider on a Tout
    r = client.post(url(one), post, HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 400
    content = r.content.decode()
    assert "Partner: fehlt" in row_errors(content, "games[0]")
    assert "nur ein Sauspiel hat einen Mitspieler; im Wenz" in row_errors(content, "games[1]")
    assert "anderer als der, der die Sau gerufen hat" in row_errors(content, "games[2]")
    assert "bei Tout wird kein Schneider" in row_errors(content, "games[3]")
    assert not Result.objects.filter(table=one).exists()
    # a game the tournament does not play (Geier is not in its games)
    r = client.post(url(one), line(0, "geier", b, "won"), HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 400
    assert "ein Spiel wählen, das in diesem Turnier gespielt wird" in row_errors(
        r.content.decode(), "games[0]")
    # a blank line between written ones
    r = client.post(url(one), {**line(0, "sauspiel", b, "won", d),
                               **line(2, "sauspiel", b, "won", d)}, HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 400 and "fehlt" in row_errors(r.content.decode(), "games[1]")


def test_the_list_offers_only_the_tournaments_variants(client, evening, make_tournament,
                                                       director):
    """Laufende, Kontra and the Ramsch's Jungfrauen are asked only where the tariff has
    them; the Herz-Solo is a game of its own where it is paid differently."""
    _t, _boss, (one, _two) = evening
    plain = client.get(url(one)).content.decode()
    for name in (".laufende", ".kontra", ".jungfrau_", 'value="herz_solo"', 'value="ramsch"'):
        assert name not in plain, name
    assert 'value="tout"' in plain and 'value="sie"' in plain
    _t, _boss, (table, _other) = open_evening(
        make_tournament, director, laufende=10, kontra=True, tout=False, sie=False,
        games=["sauspiel", "solo", "wenz", "ramsch"], tariff={"solo": 50, "herz_solo": 60})
    rich = client.get(url(table)).content.decode()
    for name in (".laufende", ".kontra", ".jungfrau_", 'value="herz_solo"', 'value="ramsch"'):
        assert name in rich, name
    assert 'value="tout"' not in rich and ".extra" not in rich


def test_herz_solo_laufende_kontra_and_ramsch_reach_the_payload_and_the_points(
        client, make_tournament, director):
    t, _boss, (one, _two) = open_evening(
        make_tournament, director, laufende=1, kontra=True,
        games=["sauspiel", "solo", "wenz", "ramsch"],
        tariff={"sauspiel": 1, "solo": 5, "herz_solo": 6, "ramsch": 2})
    a, b, c, d = seat_numbers(one)
    post = {**line(0, "herz_solo", b, "won", laufende="3"),
            **line(1, "sauspiel", c, "won", a, kontra="1"),
            **line(2, "ramsch", d, "lost", **{f"jungfrau_{a}": "on"}),
            **line(3, "wenz", a, "won", laufende="2", extra="tout")}
    r = client.post(url(one), post)
    assert r.status_code == 302, r.content.decode()[:3000]
    payload = Result.objects.get(table=one).payload
    assert payload["games"][0] == {"dealer": a, "game": "solo", "player": b, "suit": "herz",
                                   "won": True, "laufende": 3}
    assert payload["games"][1]["kontra"] == 1 and payload["games"][2]["jungfrau"] == [a]
    assert payload["games"][3]["tout"] is True
    form = of(t).result_form
    assert form.fits(payload, one)
    rows = {r["entrant"]: r["values"]["points"] for r in services.standings(t)["standings"]}
    # Herz-Solo 6 + 3 Laufende = 9 per opponent; Sauspiel with Kontra 2; Ramsch: d pays 2 to
    # b and c and 4 to the Jungfrau a; Wenz-Tout (5 + 2 Laufende) × 2 = 14 per opponent
    assert {n: rows[n] for n in (a, b, c, d)} == {
        a: -9 + 2 + 4 + 42, b: 27 - 2 + 2 - 14, c: -9 + 2 + 2 - 14, d: -9 - 2 - 8 - 14}


def test_a_jungfrau_outside_a_lost_ramsch_and_too_many_laufende_are_refused(
        client, make_tournament, director):
    _t, _boss, (one, _two) = open_evening(make_tournament, director, laufende=10,
                                          games=["sauspiel", "wenz", "ramsch"])
    a, b, c, _d = seat_numbers(one)
    post = {**line(0, "wenz", b, "won", laufende="5"),
            **line(1, "sauspiel", c, "won", a, **{f"jungfrau_{b}": "on"})}
    r = client.post(url(one), post, HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 400
    content = r.content.decode()
    assert "höchstens 4 Laufende, nicht 5" in row_errors(content, "games[0]")
    assert "Jungfrau" in row_errors(content, "games[1]")


def test_nine_players_sit_at_a_table_of_four_and_one_of_five_where_allowed(
        make_tournament, director, client):
    """Schafkopf is played by four; with ``table_of_five`` a fifth player fills up and the
    dealer of each game sits out: choosing the dealer as player is refused at the field."""
    t = make_tournament("schafkopf", entrants=9)
    boss = Actor(director, director.username)
    with pytest.raises(services.ServiceError):
        services.draw_round(t, boss, seed="neun")  # tables of four only: 9 cannot sit
    t = services.update_tournament(t, boss, scoring={**t.scoring, "table_of_five": True})
    rnd = services.draw_round(t, boss, seed="neun")
    services.publish_round(t, boss, 1)
    tables = sorted(rnd.tables.all(), key=lambda tb: tb.number)
    assert [tb.seats.count() for tb in tables] == [4, 5]
    five = tables[1]
    a, b, c, _d, e = seat_numbers(five)
    page = client.get(url(five), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Am Fünfertisch setzt der Geber aus" in page
    r = client.post(url(five), line(0, "sauspiel", a, "won", b), HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 400
    assert "gibt Spiel 1 und setzt am Fünfertisch aus" in row_errors(r.content.decode(),
                                                                     "games[0]")
    r = client.post(url(five), {**line(0, "sauspiel", b, "won", c),
                                **line(1, "solo", a, "lost")})
    assert r.status_code == 302, r.content.decode()[:3000]
    games = Result.objects.get(table=five).payload["games"]
    assert [g["dealer"] for g in games] == [a, b]
    rows = {r["entrant"]: r["values"] for r in services.standings(t)["standings"]}
    # game 2: b deals and sits out; a's Solo lost costs 5 to each of c, d, e
    assert rows[b]["points"] == 1 and rows[b]["games"] == 1
    assert rows[a]["points"] == -15 and rows[e]["points"] == -1 + 5  # a sat out game 1


def play_round(t: Any, boss: Actor, number: int) -> list[Any]:
    """Each table: a Sauspiel won by places 2 and 4, and a Solo of place 3 won Schneider."""
    rnd = t.rounds.get(number=number)
    tables = sorted(rnd.tables.all(), key=lambda tb: tb.number)
    for table in tables:
        a, b, c, d = seat_numbers(table)
        services.director_set_result(table, boss, {"games": [
            {"dealer": a, "game": "sauspiel", "player": b, "partner": d, "won": True},
            {"dealer": b, "game": "solo", "player": c, "won": True, "schneider": True}]})
    services.close_round(t, boss, number)
    return tables


def test_round_two_is_seated_by_the_running_score(evening, director_client):
    t, boss, _tables = evening
    play_round(t, boss, 1)
    order = [r["entrant"] for r in services.standings(t)["standings"]]
    rnd = services.draw_round(t, boss, seed="runde-2")
    assert rnd.draw_method == "standings_tables"
    tables = sorted(rnd.tables.all(), key=lambda tb: tb.number)
    assert [sorted(seat_numbers(tb)) for tb in tables] == [sorted(order[:4]),
                                                           sorted(order[4:])]
    r = director_client.get(reverse("director:round", args=[t.slug, 2]),
                            HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 200 and "Tisch 2" in r.content.decode()


def test_the_cash_desk_sums_where_the_tournament_plays_for_money(
        make_tournament, director, client):
    """The BSV's money tariff in cents: the standings show each player's balance in euros
    (two decimals) and, under them, what the cash desk takes in and pays out."""
    t, boss, _tables = open_evening(make_tournament, director, unit="cent",
                                    tariff={"sauspiel": 10, "solo": 50},
                                    schneider=10, schwarz=10)
    play_round(t, boss, 1)
    # per table: Sauspiel 10 (b, d +10; a, c -10); Solo Schneider 60 (c +180, others -60)
    page = client.get(reverse("public:tournament", args=[t.slug]),
                      HTTP_ACCEPT_LANGUAGE="de").content.decode()
    # per table a -0.70, b -0.50, c +1.70, d -0.50: 1.70 in and out, at two tables
    assert ("Kasse: 3,40 € zahlen die Spieler im Minus ein, 3,40 € gehen an die Spieler im "
            "Plus") in page
    assert "1,70" in page and "-0,70" in page
    rows = {r["entrant"]: r["values"] for r in services.standings(t)["standings"]}
    assert sum(v["points"] for v in rows.values()) == 0


def test_settings_page_shows_the_tariff_and_checks_it_at_its_fields(make_tournament,
                                                                    director_client):
    t = make_tournament("schafkopf", entrants=8)
    page = director_client.get(reverse("director:settings", args=[t.slug]),
                               HTTP_ACCEPT_LANGUAGE="de")
    text = page.content.decode()
    for words in ("Wert eines Sauspiels", "Erlaubte Spiele", "Spiele je Runde, Vierertisch",
                  "Nur Gute", "Wert je Laufendem"):
        assert words in text, words
    data = {bf.name: bf.value() for bf in page.context["form"]
            if bf.value() not in (None, False, "") and not bf.field.disabled}
    settings_url = reverse("director:settings", args=[t.slug])
    r = director_client.post(settings_url, {**data, "games": ["passed"]},
                             HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 400
    assert "mindestens ein Spiel" in str(r.context["form"].errors["games"])
    r = director_client.post(settings_url, {**data, "tariff_sauspiel": "-1"})
    assert r.status_code == 400 and r.context["form"].errors["tariff_sauspiel"]
    r = director_client.post(settings_url, {
        **data, "tariff_sauspiel": "10", "tariff_solo": "50", "tariff_herz_solo": "",
        "system": "winners_only", "games": ["sauspiel", "solo", "wenz", "geier"],
        "laufende": "5"})
    assert r.status_code == 302
    t.refresh_from_db()
    assert t.scoring["tariff"]["sauspiel"] == 10 and "herz_solo" not in t.scoring["tariff"]
    assert t.scoring["system"] == "winners_only" and t.scoring["laufende"] == 5
    assert t.scoring["games"] == ["sauspiel", "solo", "wenz", "geier"]


def test_statistics_and_the_printed_list(evening, client, boss):
    t, boss, _tables = evening
    play_round(t, boss, 1)
    page = client.get(reverse("public:statistics", args=[t.slug]),
                      HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "data-schafkopf-kinds" in page and "Spiele nach Art" in page
    assert page.count("<tr><td class=\"name\">Sauspiel</td><td class=\"num\">2</td>") == 1
    report = Report.objects.create(tournament=t, kind="score_sheets", round_number=1)
    from django.utils import translation

    with translation.override("de"):
        sheet = tasks.report_service.render_html(report, "http://halle.example/")
    assert "Tarif: Sauspiel 1, Solo 5, Wenz 5; Schneider +1, Schwarz +1; Tout ×2, Sie ×4" in sheet
    # a row per game of the round (4 here), at each of the two tables
    assert sheet.count('<tr><td class="num">4</td><td class="blank">') == 2
    assert '<tr><td class="num">5</td>' not in sheet
