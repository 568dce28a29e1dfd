"""The rating evaluation of a team tournament's board games (teamchess/ratings.py): each
game rated individually, Elo by FIDE's K, DWZ for players with a DWZ; a page and a PDF."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.integration.test_teams import teams  # noqa: F401  (the fixture)
from tournaments import services
from tournaments.disciplines.teamchess.ratings import team_ratings
from tournaments.models import Player, Report
from tournaments.services import teams as team_services
from tournaments.services.reports import render_html, write_pdf

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(teams, boss):  # noqa: F811
    """Team 1 (Elo 1950, 1940, 1930, 1920; substitute 1910) against team 2 (1900, 1890,
    1880, 1870) on a match day: 1-0, ½-½, 0-1, +- (board 4 a forfeit). Board 1's players
    have a DWZ: 1800 (index 10) and 1750."""
    t = teams(2, "match_day", planned_rounds=1)
    for e in t.entrants.all():
        first = team_services.roster(e)[0]
        Player.objects.filter(pk=first.player_id).update(
            dwz=1800 if e.start_number == 1 else 1750,
            dwz_index=10 if e.start_number == 1 else None)
    rnd = services.draw_round(t, boss, seed="s")
    services.publish_round(t, boss, 1)
    services.director_set_result(rnd.tables.get(), boss,
                                 {"boards": ["1-0", "1/2-1/2", "0-1", "+-"]})
    return t


def _rows(t):
    return {p.name: p for block in team_ratings(t) for p in block.players}


def test_each_board_game_is_rated_on_its_own(played):
    rows = _rows(played)
    one = rows["Spieler 1 Brett 1"]
    # FIDE: 1950 against 1900, difference 50: expected 0.57 (table 8.1.2), K 20 (adult,
    # 30 games or more, below 2400): 20 × (1 − 0.57) = 8.6, rounded 9
    assert (one.games, one.points, one.average) == (1, "1", 1900)
    assert one.expected == "0.57" and one.elo_result.k == 20 and one.change == "+9"
    assert one.tpr == 1900 + 800  # one game, 100 %: dp 800
    # board 2, a draw: 1940 against 1890, expected 0.57: 20 × (0.5 − 0.57) = −1.4 → −1
    assert rows["Spieler 1 Brett 2"].change == "-1"
    # board 4 a forfeit: a point, but no game, nothing rated
    four = rows["Spieler 1 Brett 4"]
    assert (four.games, four.points, four.elo_result, four.average) == (0, "1", None, None)
    assert rows["Spieler 2 Brett 4"].points == "0"
    # the substitute did not play
    assert rows["Spieler 1 Brett 5"].games == 0 and rows["Spieler 1 Brett 5"].points == ""


def test_players_with_a_dwz_get_the_dsb_fields(played):
    rows = _rows(played)
    one = rows["Spieler 1 Brett 1"]
    r = one.dwz_result
    # WO: We = Φ(50 / (200·√2)) = 0.5702 (the normal distribution); E0 = (1800/1000)^4 +
    # 15 (over 25) = 25.5, E = 25; Rn = 1800 + 800 × (1 − 0.5702) / (25 + 1) = 1813.2
    assert one.ro_text == "1800-10" and r.w == Fraction(1) and r.n == 1
    assert round(r.we, 4) == 0.5702 and r.e == 25 and r.index == 11 and r.rn == 1813
    assert one.rn_text == f"{r.rn}-11"
    # board 2's players have no DWZ: no DSB fields
    assert rows["Spieler 1 Brett 2"].dwz_result is None
    assert rows["Spieler 1 Brett 2"].ro_text == ""


def test_the_director_looks_at_it_and_prints_it(played, director_client):
    reports = director_client.get(f"/director/{played.slug}/reports/").content.decode()
    assert f"/director/{played.slug}/reports/team-ratings/" in reports  # listed there
    page = director_client.get(f"/director/{played.slug}/reports/team-ratings/",
                               HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    text = page.content.decode()
    assert "Rating evaluation of the boards" in text and "1800-10" in text and "+9" in text
    html = render_html(Report.objects.create(tournament=played, kind="team_ratings"))
    assert "Spieler 1 Brett 1" in html and "1800-10" in html
    assert "reports-teamchess.css" in html and 'class="landscape' in html
    assert write_pdf(html).startswith(b"%PDF")


def test_the_desk_gives_a_player_a_dwz(teams, client, desk_user):  # noqa: F811
    t = teams(2)
    client.force_login(desk_user)
    e = t.entrants.get(start_number=1)
    ok = client.post(f"/desk/{t.slug}/teams/", {"team": 1, "action": "add", "name": "Dora",
                                                 "rating": "", "dwz": "1612",
                                                 "substitute": "1"})
    assert ok.status_code == 302
    assert team_services.roster(e)[-1].player.dwz == 1612
    bad = client.post(f"/desk/{t.slug}/teams/", {"team": 1, "action": "add", "name": "Emil",
                                                  "dwz": "99999", "substitute": "1"})
    assert bad.status_code == 400 and "a rating is from 1 to" in bad.content.decode()
    # as the DSB writes it, rating-index: the index counts the evaluations (E needs it)
    ok = client.post(f"/desk/{t.slug}/teams/", {"team": 1, "action": "add", "name": "Fritz",
                                                 "dwz": "1650-12", "substitute": "1"})
    assert ok.status_code == 302
    fritz = team_services.roster(e)[-1].player
    assert (fritz.dwz, fritz.dwz_index) == (1650, 12)
    assert "DWZ 1650-12" in client.get(f"/desk/{t.slug}/teams/").content.decode()
    for wrong in ("1650-", "1650-x", "-12", "1650-1234"):
        bad = client.post(f"/desk/{t.slug}/teams/", {"team": 1, "action": "add",
                                                      "name": "Gustav", "dwz": wrong,
                                                      "substitute": "1"})
        assert bad.status_code == 400, wrong
