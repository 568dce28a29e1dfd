"""The Pussi score sheet on the captain's phone: game by game (outcomes) or as totals.

Both modes end in the same payload (the running totals of docs/format.md); a wrong row is
refused at its row with the reason, by the server as by the live check; no limit of 40
players, 6 series or 12 games.
"""

from __future__ import annotations

import html
import random
import re
from typing import Any

import pytest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from tournaments import result_forms, services
from tournaments.disciplines.pussi.stats import pussi_statistics
from tournaments.models import Result, ResultRevision, Round, Table
from tournaments.services import Actor

from .helpers import publish_first_round

pytestmark = pytest.mark.django_db

# (declarer, bid, outcome, the other party's card points or None: played Schwarz)
OUTCOMES = [(1, 160, "won", 35), (2, 200, "lost", 150), (1, 180, "won", None),
            (2, 150, "schwarz", 120), (1, 200, "won", 20)]
# the totals they give, as on paper: 160:35, 310:-165, 490:-525, 610:-825, 810:-805
TOTALS = [[160, 35], [310, -165], [490, -525], [610, -825], [810, -805]]


@pytest.fixture
def open_round(make_tournament, boss):
    def make(entrants: int = 8, **kw: Any) -> tuple[Any, Round, list[Table]]:
        t = make_tournament("pussi", "single", entrants=entrants, **kw)
        return (t, *publish_first_round(t, boss, "pussi-sheet"))

    return make


def url(table: Table) -> str:
    return reverse("captain:table", args=[table.token])


def outcome_post(games=OUTCOMES) -> dict[str, str]:
    post = {"pussi_mode": "outcome"}
    for k, (declarer, bid, outcome, points) in enumerate(games):
        post.update({f"games[{k}].declarer": str(declarer), f"games[{k}].bid": str(bid),
                     f"games[{k}].outcome": outcome})
        if points is None:
            post[f"games[{k}].schwarz"] = "1"
        else:
            post[f"games[{k}].points"] = str(points)
    return post


def totals_post(games=OUTCOMES, totals=TOTALS) -> dict[str, str]:
    post = {"pussi_mode": "totals"}
    for k, ((declarer, bid, _o, _p), (t1, t2)) in enumerate(zip(games, totals, strict=True)):
        post.update({f"games[{k}].declarer": str(declarer), f"games[{k}].bid": str(bid),
                     f"games[{k}].total1": str(t1), f"games[{k}].total2": str(t2)})
    return post


def payload(games=OUTCOMES, totals=TOTALS) -> dict[str, Any]:
    return {"games": [{"declarer": d, "bid": b, "totals": t}
                      for (d, b, _o, _p), t in zip(games, totals, strict=True)]}


def row_errors(content: str, key: str) -> str:
    m = re.search(r'<ul class="errorlist server" data-error-for="' + re.escape(key)
                  + r'"[^>]*>(.*?)</ul>', content, re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", m.group(1))) if m else ""


# --- the two modes ----------------------------------------------------------------------------

def test_the_page_offers_both_modes_game_by_game_first(phone, open_round):
    _t, _rnd, tables = open_round()
    content = phone.get(url(tables[0])).content.decode()
    assert 'name="pussi_mode" value="outcome" data-mode-switch checked' in content
    assert 'name="pussi_mode" value="totals" data-mode-switch>' in content
    assert 'name="games[0].outcome" value="won"' in content
    assert 'name="games[0].points"' in content and 'name="games[0].schwarz"' in content
    assert 'name="games[0].total1"' in content  # the totals mode's inputs are there too
    assert 'data-max="99"' in content and 'data-premium-at="500"' in content
    # card points and the bid open the digit keypad; only totals can be negative
    assert re.search(r'name="games\[0\]\.points"[^>]*inputmode="numeric"', content)
    assert re.search(r'name="games\[0\]\.bid"[^>]*inputmode="numeric"', content)


def test_game_by_game_submits_the_computed_totals(phone, open_round):
    _t, _rnd, tables = open_round()
    r = phone.post(url(tables[0]), outcome_post())
    assert r.status_code == 302, r.content.decode()[:2000]
    assert Result.objects.get(table=tables[0]).payload == payload()


def test_totals_mode_still_works_and_gives_the_same_payload(phone, open_round):
    _t, _rnd, tables = open_round()
    r = phone.post(url(tables[1]), totals_post())
    assert r.status_code == 302
    assert Result.objects.get(table=tables[1]).payload == payload()
    # the other captain of the table types the outcomes on their own phone: the same
    # sheet, so it confirms
    from django.test import Client

    other = Client(HTTP_ACCEPT_LANGUAGE="en")
    other.get(url(tables[1]))
    r = other.post(url(tables[1]), outcome_post())
    assert r.status_code == 302 and r.url.endswith("?sent=confirmed")


def test_a_form_without_the_switch_is_read_as_totals(phone, open_round):
    _t, _rnd, tables = open_round()
    post = totals_post()
    del post["pussi_mode"]
    assert phone.post(url(tables[0]), post).status_code == 302
    assert Result.objects.get(table=tables[0]).payload == payload()


@pytest.mark.parametrize(("change", "key", "reason"), [
    ({"games[2].outcome": "lost"}, "games[2]",
     "loses 2×180 for Schwarz only when the declarer won"),
    ({"games[2].outcome": "schwarz"}, "games[2]",
     "loses 2×180 for Schwarz only when the declarer won"),
    ({"games[1].points": "500"}, "games[1]", "card points must be from 0 to 499"),
    ({"games[1].points": "-5"}, "games[1]", "card points must be from 0 to 499"),
    ({"games[1].points": "12,5"}, "games[1]", "Card points: must be a whole number"),
    ({"games[1].points": "viele"}, "games[1]", "Card points: not a number"),
    ({"games[2].points": "40"}, "games[2]", "enter card points or tick “played Schwarz”"),
    ({"games[1].bid": "0"}, "games[1]", "Bid: must be a positive whole number"),
    ({"games[1].outcome": ""}, "games[1]", "Declarer's outcome: required"),
    ({"games[1].outcome": "gewonnen"}, "games[1]", "choose won, lost or lost Schwarz"),
    ({"games[1].points": ""}, "games[1]", "Card points: required"),
])
def test_a_wrong_row_is_refused_at_its_row_with_the_reason(phone, open_round, change, key,
                                                          reason):
    _t, _rnd, tables = open_round()
    post = {**outcome_post(), **change}  # game 3 is the one with "played Schwarz" ticked
    r = phone.post(url(tables[0]), post)
    assert r.status_code == 400
    content = r.content.decode()
    assert reason in row_errors(content, key)
    for k in range(len(OUTCOMES)):  # only that row
        if f"games[{k}]" != key:
            assert row_errors(content, f"games[{k}]") == "", k
    assert 'name="pussi_mode" value="outcome" data-mode-switch checked' in content
    assert not ResultRevision.objects.exists()


def test_a_wrong_total_is_refused_at_its_row_in_totals_mode(phone, open_round):
    _t, _rnd, tables = open_round()
    post = totals_post()
    post["games[2].total2"] = "-500"  # fell by 335: neither card points nor 2×180
    r = phone.post(url(tables[0]), post)
    assert r.status_code == 400
    at_row = row_errors(r.content.decode(), "games[2]")
    assert "the other party's total -500 does not follow from -165" in at_row
    assert row_errors(r.content.decode(), "games[1]") == ""
    assert not Result.objects.filter(table=tables[0]).exists()


def test_refused_outcomes_are_shown_as_typed(phone, open_round):
    _t, _rnd, tables = open_round()
    post = outcome_post()
    post["games[4].points"] = "777"
    content = phone.post(url(tables[0]), post).content.decode()
    assert re.search(r'name="games\[2\]\.schwarz"[^>]*data-field="schwarz" checked', content)
    assert re.search(r'name="games\[1\]\.outcome" value="lost" data-field="outcome" checked',
                     content)
    assert re.search(r'name="games\[4\]\.points" value="777"[^>]*aria-invalid="true"', content)
    # the rows above the wrong one show their totals as on paper
    assert re.search(r'data-total="1">490</b>', content)


def test_the_sheet_shows_who_reached_the_premium_and_when(phone, open_round):
    _t, _rnd, tables = open_round()
    post = outcome_post()
    post["games[4].points"] = "777"  # refused, so the sheet is shown again
    content = phone.get(url(tables[0])).content.decode()
    assert "Premium (500): not reached yet" in content
    content = phone.post(url(tables[0]), post).content.decode()
    # party 1 reaches 610 in game 4
    assert "Premium (500): Party 1 (" in content and "reached in game 4" in content
    stars = re.findall(r'<p class="cap-premium" data-premium( hidden)?>', content)
    assert [bool(s) for s in stars[:5]] == [True, True, True, False, True]


def test_director_sees_a_stored_sheet_game_by_game(director_client, open_round):
    t, _rnd, tables = open_round()
    services.director_set_result(tables[0], Actor(None, "test"), payload())
    rform = result_forms.form_for("pussi")
    assert rform.fits(payload(), tables[0])
    # the list opened on the round page (it is fetched from the table's own address)
    content = director_client.get(reverse("director:table_entry", args=[t.slug, 1, 1])
                                  ).content.decode()
    assert 'name="pussi_mode" value="outcome" data-mode-switch checked' in content
    assert re.search(r'name="games\[2\]\.schwarz"[^>]*data-field="schwarz" checked', content)
    # sent back unchanged (game by game now), it is the same result
    post = {**rform.post_from_payload(payload(), tables[0]), **outcome_post(),
            "entry": "inputs"}
    r = director_client.post(reverse("director:result", args=[t.slug, 1, 1]), post)
    assert r.status_code == 302
    assert Result.objects.get(table=tables[0]).payload == payload()


def test_a_sheet_without_an_outcome_form_is_shown_as_totals(director_client, open_round):
    t, _rnd, tables = open_round()
    # the rules' check lets the other party grow by 520 in one game; the outcome form
    # takes card points below 500 only, so the sheet stays in totals
    odd = {"games": [{"declarer": 1, "bid": 60, "totals": [60, 520]}]}
    services.director_set_result(tables[0], Actor(None, "test"), odd)
    part = director_client.get(reverse("director:table_entry", args=[t.slug, 1, 1])
                               ).content.decode()  # table 1's list, opened
    assert 'id="result-1"' in part
    assert 'name="pussi_mode" value="totals" data-mode-switch checked' in part


def test_german_reasons(phone, open_round):
    _t, _rnd, tables = open_round()
    post = outcome_post()
    post["games[1].points"] = "500"
    with translation.override("de"):
        r = phone.post(url(tables[0]), post, HTTP_ACCEPT_LANGUAGE="de")
    content = r.content.decode()
    assert "Kartenpunkte" in row_errors(content, "games[1]")
    assert "Spiel für Spiel" in content


# --- no limits of the spreadsheet: 48 players, 8 series, 14 games -----------------------------

def sheet(rng: random.Random, games: int) -> list[tuple[int, int, str, int | None]]:
    out = []
    for _ in range(games):
        outcome = rng.choices(("won", "lost", "schwarz"), (6, 3, 1))[0]
        schwarz = outcome == "won" and rng.random() < 0.1
        out.append((rng.choice((1, 2)), rng.randrange(120, 250, 5), outcome,
                    None if schwarz else rng.randrange(0, 160, 5)))
    return out


def test_48_players_8_series_14_games(phone, make_tournament, director):
    t = make_tournament("pussi", "single", entrants=48,
                        scoring={"weight_points": 1.0, "weight_difference": 0.2,
                                 "premium": 100, "premium_at": 500, "games_per_series": 14})
    actor = Actor(director, director.username)
    rng = random.Random(48)
    for number in range(1, 9):
        services.draw_round(t, actor, seed=f"serie-{number}")
        rnd = services.publish_round(t, actor, number)
        tables = list(rnd.tables.order_by("number"))
        assert len(tables) == 12
        if number == 1:
            content = phone.get(url(tables[0])).content.decode()
            assert 'name="games[13].bid"' in content and 'name="games[14].bid"' not in content
        for table in tables:
            r = phone.post(url(table), outcome_post(sheet(rng, 14)))
            assert r.status_code == 302, row_errors(r.content.decode(), "games")
        services.close_round(t, actor, number)
    t.refresh_from_db()
    standings = services.standings(t)
    assert len(standings["standings"]) == 48 and not standings.get("flags")
    stats = pussi_statistics(t)
    assert stats is not None and len(stats.players) == 48 and len(stats.series) == 8
    assert all(s.games == 12 * 14 and s.flagged == () for s in stats.series)
    for row in standings["standings"]:
        mine = next(p for p in stats.players if p.entrant == row["entrant"])
        assert mine.values["own_won"] + mine.values["own_lost"] + mine.values["opp_won"] \
            + mine.values["opp_lost"] == 8 * 14
        assert float(mine.values["total"]) == pytest.approx(row["values"]["total"])
        assert mine.rank == row["rank"]
    part = render_to_string("stats/_pussi.html", {"pussi_stats": stats})
    # results and counts of the evening, and the counts of each of the 8 series
    assert part.count("<tr data-entrant=") == (2 + 8) * 48
    assert "Series 8" in part and "ps-best" in part and "ps-worst" in part


def test_a_series_of_up_to_99_games_is_taken(phone, open_round):
    _t, _rnd, tables = open_round(scoring={"games_per_series": 40})
    games = [(1, 10, "won", 0)] * 45  # more than the set number: flagged, not refused
    r = phone.post(url(tables[0]), outcome_post(games))
    assert r.status_code == 302
    assert len(Result.objects.get(table=tables[0]).payload["games"]) == 45
    too_many = outcome_post([(1, 10, "won", 0)] * 100)
    r = phone.post(url(tables[1]), too_many)
    assert r.status_code == 400 and "at most 99 games" in r.content.decode()


def test_statistics_of_another_discipline_are_none(make_tournament):
    """Only Pussi's statistics block carries the sheet (Pussi.statistics_extra)."""
    from tournaments.services.statistics import statistics

    stats = statistics(make_tournament("mucken", "pair", entrants=4))
    assert stats.extras.get("pussi_stats") is None


def test_the_statistics_report_prints_the_sheet(phone, open_round):
    from tournaments.services.statistics import statistics

    t, _rnd, tables = open_round()
    for table in tables:
        assert phone.post(url(table), outcome_post()).status_code == 302
    stats = statistics(t)
    assert stats.extras["pussi_stats"].players
    part = render_to_string("stats/_pussi.html", {"pussi_stats": stats.extras["pussi_stats"]})
    assert "Pussi statistics" in part and 'data-entrant="' in part
    weasyprint = pytest.importorskip("weasyprint")
    pdf = weasyprint.HTML(string=f"<html><body>{part}</body></html>").write_pdf()
    assert pdf.startswith(b"%PDF")
