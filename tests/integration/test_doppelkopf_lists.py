"""Doppelkopf's list on the web side, what the scoring core already had (issue 26): penalty
points (TSR 9.3, 9.4) as a line of their own, the deal at a table of five after a
compulsory solo (TSR 3.3), a time limit per table size (TSR 10), and the "nobody wins"
setting on the settings page and in the form's check."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import Result
from tournaments.services import Actor

from .helpers import captain_url as url
from .helpers import row_errors, seat_numbers
from .test_doppelkopf import normal, solo

pytestmark = pytest.mark.django_db


@pytest.fixture
def four(make_tournament, director):
    """Eight players at two tables of four, rounds of 4 games: table 1 and its players."""
    t = make_tournament("doppelkopf", entrants=8)
    boss = Actor(director, director.username)
    t = services.update_tournament(t, boss, scoring={
        "games_per_round": {"4": 4, "5": 5}, "compulsory_solos": 1, "time_limit": 100})
    rnd = services.draw_round(t, boss, seed="doko")
    services.publish_round(t, boss, 1)
    table = rnd.tables.get(number=1)
    return t, boss, table, seat_numbers(table)


@pytest.fixture
def five(make_tournament, director):
    """Nine players: a table of four and one of five (the dealer sits out), rounds of 4 and
    5 games, 100 minutes at four and 125 at five."""
    t = make_tournament("doppelkopf", entrants=9)
    boss = Actor(director, director.username)
    t = services.update_tournament(t, boss, scoring={
        "games_per_round": {"4": 4, "5": 5}, "compulsory_solos": 1, "time_limit": 100,
        "time_limit_five": 125, "table_of_five": True})
    rnd = services.draw_round(t, boss, seed="neun")
    services.publish_round(t, boss, 1)
    tables = sorted(rnd.tables.all(), key=lambda tb: tb.number)
    assert [tb.seats.count() for tb in tables] == [4, 5]
    return t, boss, tables[1], seat_numbers(tables[1])


def penalty(k: int, offender: int, points: int) -> dict[str, str]:
    return {f"games[{k}].kind": "penalty", f"games[{k}].offender": str(offender),
            f"games[{k}].points": str(points)}


# --- penalty points ---------------------------------------------------------------------------

def test_a_minor_breach_is_a_line_of_penalty_points_and_does_not_move_the_deal(client, four):
    t, _boss, table, players = four
    a, b, c, d = players
    post = {**normal(0, players, [a, c], 1), **penalty(1, b, 1),
            **normal(2, players, [b, d], 2)}
    r = client.post(url(table), post)
    assert r.status_code == 302, row_errors(r.content.decode(), "games[1]")
    games = Result.objects.get(table=table).payload["games"]
    assert games[1] == {"kind": "penalty", "offender": b, "points": 1}
    # game 1 dealt by place 1, the penalty line none, game 2 by place 2 (TSR 3.3)
    assert [g.get("dealer") for g in games] == [a, None, b]
    rows = {r["entrant"]: r["values"] for r in services.standings(t)["standings"]}
    assert rows[b]["penalties"] == -3 and rows[a]["penalties"] == 1
    assert rows[b]["points"] == -1 - 3 + 2 and rows[a]["points"] == 1 + 1 - 2
    assert rows[a]["games"] == 2  # a line of penalty points is no game


def test_a_serious_breach_costs_twelve_and_the_points_may_be_written(client, four):
    _t, _boss, table, players = four
    _a, _b, c, _d = players
    post = {**penalty(0, c, 4), **{f"games[0].score_{n}": str(-12 if n == c else 4)
                                   for n in players}}
    assert client.post(url(table), post).status_code == 302
    line = Result.objects.get(table=table).payload["games"][0]
    assert line == {"kind": "penalty", "offender": c, "points": 4}
    # points written otherwise than the rule are sent as written and refused by the core
    post = {**penalty(0, c, 4), **{f"games[0].score_{n}": str(-9 if n == c else 3)
                                   for n in players}}
    r = client.post(url(table), post)
    assert r.status_code == 400
    assert "offender" in row_errors(r.content.decode(), "games[0]")


def test_a_penalty_line_needs_its_offender_and_points_at_their_fields(client, four):
    _t, _boss, table, _players = four
    r = client.post(url(table), {"games[0].kind": "penalty", "games[0].points": "2"},
                    HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 400
    content = r.content.decode()
    assert "Verursacher: fehlt" in row_errors(content, "games[0]")
    assert re.search(r'name="games\[0\]\.offender"[^>]*aria-invalid="true"', content)
    assert not Result.objects.filter(table=table).exists()


def test_the_captains_list_offers_penalty_points(client, four):
    _t, _boss, table, _players = four
    content = client.get(url(table), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert '<option value="penalty">Strafpunkte</option>' in content
    assert 'name="games[0].offender"' in content and 'name="games[0].points"' in content


def test_a_stored_penalty_line_comes_back_into_the_inputs(four):
    from tournaments import result_forms

    _t, boss, table, players = four
    a, b, c, d = players
    payload = {"games": [
        {"kind": "normal", "re": [a, c], "dealer": a,
         "scores": {str(a): 1, str(b): -1, str(c): 1, str(d): -1}},
        {"kind": "penalty", "offender": d, "points": 4}]}
    services.director_set_result(table, boss, payload)
    assert result_forms.form_for("doppelkopf").fits(payload, table)


# --- the deal at a table of five --------------------------------------------------------------

def test_after_a_compulsory_solo_the_same_dealer_deals_again_at_five(client, five):
    """Game 1 is a compulsory solo: its dealer (place 1) deals game 2 too and sits it out
    again (TSR 3.3); the deal then passes to place 2."""
    _t, _boss, table, players = five
    p1, p2, p3, p4, p5 = players
    rest = [p2, p3, p4, p5]
    post = {**solo(0, "queens", rest, p2, 1, compulsory=True),
            **normal(1, rest, [p3, p4], 2),
            **normal(2, [p1, p3, p4, p5], [p1, p5], 1)}
    r = client.post(url(table), post)
    assert r.status_code == 302, r.content.decode()[:3000]
    games = Result.objects.get(table=table).payload["games"]
    assert [g["dealer"] for g in games] == [p1, p1, p2]
    assert str(p1) not in games[1]["scores"]  # the dealer sat out again


def test_a_compulsory_solo_led_by_force_passes_the_deal_on(client, five):
    _t, _boss, table, players = five
    p1, p2, p3, p4, p5 = players
    rest = [p2, p3, p4, p5]
    post = {**solo(0, "queens", rest, p2, 1, compulsory=True), "games[0].forced": "on",
            **normal(1, [p1, p3, p4, p5], [p3, p4], 2)}
    r = client.post(url(table), post)
    assert r.status_code == 302, r.content.decode()[:3000]
    assert [g["dealer"] for g in Result.objects.get(table=table).payload["games"]] == [p1, p2]


def test_the_list_at_five_names_the_dealer_who_deals_again(client, five):
    _t, _boss, table, players = five
    p1, p2, p3, p4, p5 = players
    rest = [p2, p3, p4, p5]
    post = {**solo(0, "queens", rest, p2, 1, compulsory=True),
            **normal(1, rest, [p3, p4], 2, ann_re="x")}  # refused: the page comes back
    r = client.post(url(table), post)
    assert r.status_code == 400  # an unknown announcement: at its field, not a server error
    content = r.content.decode()
    assert "choose an announcement" in row_errors(content, "games[1]")
    heads = re.findall(r"data-dealer-text>([^<]*)<", content)
    name = dict((s.entrant.start_number, s.entrant.name)
                for s in table.seats.select_related("entrant"))[p1]
    assert heads[0] == heads[1] == f"Dealer: {name}"
    assert re.search(rf'name="games\[1\]\.score_{p1}"[^>]*disabled', content)


# --- time limits per table size ---------------------------------------------------------------

def test_a_table_of_five_shows_its_own_time_limit(client, director_client, five):
    t, _boss, table, _players = five
    text = client.get(url(table), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Time limit: 125 minutes per round." in text
    four = t.rounds.get(number=1).tables.get(number=1)
    assert "Time limit: 100 minutes per round." in client.get(url(four)).content.decode()
    page = director_client.get(reverse("director:round", args=[t.slug, 1])).content.decode()
    limit = re.search(r'<p id="time-limit".*?</p>', page, re.S)
    assert limit and "100 minutes" in limit.group(0)
    assert "At a table of 5: 125 minutes." in limit.group(0)


def test_the_settings_page_sets_the_limit_at_five_and_nobody_wins(director_client, four):
    t, _boss, _table, _players = four
    page = director_client.get(reverse("director:settings", args=[t.slug]))
    form = page.context["form"]
    assert "time_limit_five" in form.fields and "no_winner" in form.fields
    data = {name: form[name].value() for name in form.fields}
    data = {k: ("on" if v is True else v) for k, v in data.items() if v not in (None, False)}
    r = director_client.post(reverse("director:settings", args=[t.slug]),
                             {**data, "time_limit_five": "120", "no_winner": "levels"})
    assert r.status_code == 302, r.context["form"].errors if r.context else r
    t.refresh_from_db()
    assert t.scoring["time_limit_five"] == 120 and t.scoring["no_winner"] == "levels"


# --- nobody wins ------------------------------------------------------------------------------

def test_the_forms_check_counts_a_game_nobody_wins_as_the_setting_says(client, four):
    """Re said "keine 60", Kontra "keine 90", and neither kept it: with "reached" Re can
    score +1 here but not +2; with "levels" (the other party's levels count too) +2 but not
    +1 (no special points in this tournament, so nothing else makes up the difference)."""
    t, boss, table, players = four
    a, _b, c, _d = players
    services.update_tournament(t, boss, scoring={**t.scoring, "specials": []})

    def send(value):
        return client.post(url(table), normal(0, players, [a, c], value, ann_re="60",
                                              ann_kontra="90"))

    assert send(2).status_code == 400
    assert send(1).status_code == 302
    services.update_tournament(t, boss, scoring={**t.scoring, "specials": [],
                                                 "no_winner": "levels"})
    Result.objects.filter(table=table).delete()
    assert send(1).status_code == 400
    assert send(2).status_code == 302
