"""Teams of players who enter on their own (issue 34): Skat's team ranking and a tabletop
team event use the team model of team chess (``Team``/``TeamMember`` rows, written by
``services.side_teams``), and their rankings read those rows."""

from __future__ import annotations

import pytest

from tournaments import services
from tournaments.models import ActionLog, Team, TeamMember
from tournaments.services import ServiceError, side_teams
from tournaments.services.public import standings_table

from .helpers import seat_numbers
from .test_skat import SERIES_ONE, open_evening, play_series

pytestmark = pytest.mark.django_db


def test_skat_teams_are_team_rows_and_the_team_ranking_sums_their_members(make_tournament,
                                                                         director):
    t, boss, _tables = open_evening(make_tournament, director)
    four, three = play_series(t, boss, 1, SERIES_ONE)
    f, th = seat_numbers(four), seat_numbers(three)
    # Points by hand (test_skat): f = 104, 176, -110, 30; th = -188, 153, 80.
    late = services.register(t, boss, [{"name": "Spät"}]).start_number
    herz = side_teams.add_team(t, boss, "Herz Dame", [f[0], f[1], th[0], th[1]])
    side_teams.add_team(t, boss, "Kreuz Bube", f"{f[2]}, {f[3]}, {th[2]}, {late}")
    # The team model of team chess: a Team row of the tournament, its players in order.
    assert Team.objects.get(pk=herz.pk).entrant is None
    assert [m.position for m in TeamMember.objects.filter(team=herz)] == [1, 2, 3, 4]
    assert ActionLog.objects.filter(tournament=t, action="side_team_add").count() == 2
    sides = standings_table(t).sides
    assert sides[0]["title"] == "Team ranking"
    first, second = sides[0]["rows"]
    assert (first["name"], first["rank"], first["points"]) == ("Herz Dame", 1,
                                                               104 + 176 - 188 + 153)
    assert (second["name"], second["rank"], second["points"]) == ("Kreuz Bube", 2,
                                                                  -110 + 30 + 80)
    # Taken off: the ranking no longer lists it.
    side_teams.remove_team(t, boss, herz.pk)
    assert [r["name"] for r in standings_table(t).sides[0]["rows"]] == ["Kreuz Bube"]


@pytest.mark.parametrize(("members", "field", "words"), [
    ([1, 2, 3], "members", "4"),               # a Skat team is four
    ([1, 2, 3, 99], "members", "99"),          # no such start number
    ([1, 2, 3, 3], "members", "3"),            # a player twice
    ("1, 2, x, 4", "members", "commas"),       # not a number
])
def test_a_wrong_skat_team_is_refused_at_its_field(make_tournament, director, members, field,
                                                   words):
    t, boss, _tables = open_evening(make_tournament, director)
    with pytest.raises(ServiceError) as refused:
        side_teams.add_team(t, boss, "Pik As", members)
    assert list(refused.value.errors) == [field] and words in str(refused.value)
    assert not Team.objects.filter(tournament=t).exists()


def test_a_player_plays_for_one_skat_team_only(make_tournament, director):
    t, boss, _tables = open_evening(make_tournament, director)
    side_teams.add_team(t, boss, "A", [1, 2, 3, 4], [5])
    with pytest.raises(ServiceError) as refused:
        side_teams.add_team(t, boss, "B", [5, 6, 7, 4])
    assert list(refused.value.errors) == ["members"] and "5" in str(refused.value)


def test_the_desk_signs_up_a_skat_team_on_its_teams_page_in_german(make_tournament, desk_client):
    t = make_tournament("skat", entrants=9)
    url = f"/desk/{t.slug}/teams/"
    desk = desk_client.get(f"/desk/{t.slug}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert 'id="desk-side-teams"' in desk and "Mannschaften der Mannschaftswertung" in desk
    r = desk_client.post(url, {"action": "add", "name": "Herz Dame", "members": "1, 2, 3",
                               "substitutes": ""}, HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 400
    page = r.content.decode()
    assert 'id="st-members-error">Eine Mannschaft hat 4 Spieler' in page
    assert 'value="Herz Dame"' in page  # what was typed stays
    r = desk_client.post(url, {"action": "add", "name": "Herz Dame", "members": "1, 2, 3, 4",
                               "substitutes": "9"})
    assert r.status_code == 302
    page = desk_client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Herz Dame" in page and "Spieler 9 (9)" in page and "Ersatzspieler" in page
    (team_id, name, members, subs), = side_teams.teams(t)
    assert (name, members, subs) == ("Herz Dame", (1, 2, 3, 4), (9,))
    r = desk_client.post(url, {"action": "remove", "side_team": "nonsense"})
    assert r.status_code == 400
    r = desk_client.post(url, {"action": "remove", "side_team": str(team_id)})
    assert r.status_code == 302 and not side_teams.teams(t)


def test_a_team_chess_tournament_has_no_side_teams(make_tournament, director):
    t = make_tournament("teamchess", entrant_kind="team", entrants=2)
    with pytest.raises(ServiceError):
        side_teams.add_team(t, services.Actor(director, "d"), "X", [1, 2])


def test_tabletop_teams_are_team_rows_ranked_by_their_members_summed_bcp_style(
        make_tournament, director, client):
    """A BCP-style team event: four players each play their own games; a team of two scores
    its members' tournament points summed, then their secondary points."""
    from .helpers import publish_first_round

    boss = services.Actor(director, director.username)
    t = make_tournament("tabletop", entrants=4)
    _rnd, tables = publish_first_round(t, boss, "teams")
    services.director_set_result(tables[0], boss, {"missions": [[30, 2], [15, 5], [8, 1]]})
    services.director_set_result(tables[1], boss, {"missions": [[10, 12], [5, 6], [2, 3]]})
    winners = {seat_numbers(tb)[0] for tb in tables}  # side 1 of each table
    losers = {seat_numbers(tb)[1] for tb in tables}
    values = {r["entrant"]: r["values"] for r in services.standings(t)["standings"]}
    first, second = sorted(winners), sorted(losers)
    side_teams.add_team(t, boss, "Orks", first)
    side_teams.add_team(t, boss, "Elfen", second)
    assert Team.objects.filter(tournament=t, entrant__isnull=True).count() == 2
    side, = standings_table(t).sides
    assert side["columns"][0] == "TP"
    by_name = {r["name"]: r for r in side["rows"]}
    for name, members in (("Orks", first), ("Elfen", second)):
        assert by_name[name]["tp"] == sum(values[m]["tp"] for m in members)
        assert by_name[name]["secondary"] == sum(values[m]["secondary"] for m in members)
    expected = sorted(("Orks", "Elfen"), key=lambda n: (-by_name[n]["tp"],
                                                         -by_name[n]["secondary"]))
    assert [r["name"] for r in side["rows"]] == expected
    assert side["rows"][0]["rank"] == 1
    page = client.get(f"/t/{t.slug}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Mannschaftswertung" in page and "Orks" in page and "Elfen" in page


def test_signing_up_and_taking_off_a_team_are_undone_from_the_log(make_tournament, director):
    from tournaments.services.undo import undo_entry

    t, boss, _tables = open_evening(make_tournament, director)
    side_teams.add_team(t, boss, "Herz Dame", [1, 2, 3, 4], [5])
    team_id = side_teams.teams(t)[0][0]
    side_teams.remove_team(t, boss, team_id)
    assert side_teams.teams(t) == []
    removed = ActionLog.objects.filter(tournament=t, action="side_team_remove").latest("id")
    undo_entry(t, boss, removed.pk)
    (_id, name, members, subs), = side_teams.teams(t)
    assert (name, members, subs) == ("Herz Dame", (1, 2, 3, 4), (5,))
    added = ActionLog.objects.filter(tournament=t, action="side_team_add").latest("id")
    with pytest.raises(ServiceError):  # the team it signed up was taken off and came back
        undo_entry(t, boss, added.pk)
