"""The teams page's rating-list picker (the desk's, reused) and a late substitute added
after round 1: logged, undoable while nothing rests on him, named in a line-up."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.integration.test_rating_lists import dwz_list, importer  # noqa: F401
from tests.integration.test_teams import teams  # noqa: F401
from tournaments import services
from tournaments.disciplines.chess.models import RatingListEntry
from tournaments.models import ActionLog
from tournaments.services import ServiceError
from tournaments.services import teams as team_services
from tournaments.services.undo import undo_entry

pytestmark = pytest.mark.django_db


def test_the_teams_page_searches_the_rating_lists_with_the_desks_picker(
        teams, desk_client, dwz_list):  # noqa: F811
    t = teams(2)
    page = desk_client.get(f"/desk/{t.slug}/teams/").content.decode()
    players_url = reverse("desk:players", args=[t.slug])
    assert 'data-search-slot="t1"' in page and f'hx-get="{players_url}"' in page
    assert "js/desk.js" in page and 'id="picks-t2"' in page
    html = desk_client.get(players_url, {"q": "mül", "slot": "t1"}).content.decode()
    assert "Müller,Hans" in html and 'data-slot="t1"' in html
    assert 'data-dwz="1834-23"' in html and 'data-elo="1901"' in html


def test_a_player_picked_from_the_list_joins_with_his_facts(teams, desk_client,  # noqa: F811
                                                            dwz_list):  # noqa: F811
    t = teams(2)
    entry = RatingListEntry.objects.get(name="Müller,Hans")
    response = desk_client.post(f"/desk/{t.slug}/teams/", {
        "team": 1, "action": "add", "name": "Müller,Hans", "rating": "", "dwz": "",
        "person": f"L{entry.pk}", "substitute": "1"})
    assert response.status_code == 302
    player = team_services.roster(t.entrants.get(start_number=1))[-1].player
    assert (player.dwz, player.dwz_index, player.rating, player.fide_id, player.title) == (
        1834, 23, 1901, "4612345", "FM")
    # typed over after the pick: a new person with what was typed
    desk_client.post(f"/desk/{t.slug}/teams/", {
        "team": 2, "action": "add", "name": "Müller,Hanna", "rating": "1500",
        "person": f"L{entry.pk}", "substitute": "1"})
    other = team_services.roster(t.entrants.get(start_number=2))[-1].player
    assert (other.name, other.rating, other.dwz, other.fide_id) == ("Müller,Hanna", 1500,
                                                                    None, "")


def test_a_late_substitute_joins_after_round_1_at_the_bottom(teams, boss, desk_client):  # noqa: F811
    t = teams(4)
    e = t.entrants.get(start_number=1)
    with pytest.raises(ServiceError, match="as usual"):
        team_services.add_late_substitute(t, boss, e.pk, "Zu früh")
    services.draw_round(t, boss, seed="s1")
    services.publish_round(t, boss, 1)
    with pytest.raises(ServiceError, match="fixed"):  # the ordinary way stays closed
        team_services.add_member(t, boss, e.pk, "Neu", substitute=True)
    page = desk_client.get(f"/desk/{t.slug}/teams/").content.decode()
    assert 'value="late"' in page
    response = desk_client.post(f"/desk/{t.slug}/teams/", {
        "team": 1, "action": "late", "name": "Nachgemeldet", "rating": "1700", "dwz": "1650"})
    assert response.status_code == 302
    members = team_services.roster(e)
    late = members[-1]
    assert (late.position, late.substitute, late.player.name) == (6, True, "Nachgemeldet")
    assert [m.player.name for m in members[:5]] == [f"{e.name} Brett {k}" for k in range(1, 6)]
    log = ActionLog.objects.filter(tournament=t, action="team_member_late").get()
    assert log.after["rounds"] == 1 and log.after["dwz"] == 1650
    undo_entry(t, boss, log.pk)  # undone from the log
    assert len(team_services.roster(e)) == 5
    # again; now a line-up names him (in board order, below the regulars who play) and the
    # undo is refused: the line-up rests on him
    again = team_services.add_late_substitute(t, boss, e.pk, "Nachgemeldet")
    team_services.set_lineup(t, boss, 1, e.pk, [1, 2, 3, again.position])
    assert team_services.lineup_of(t.rounds.get(number=1), e, 4)[3] == again.position
    log = ActionLog.objects.filter(tournament=t, action="team_member_late").latest("id")
    with pytest.raises(ServiceError, match="line-up"):
        undo_entry(t, boss, log.pk)


def test_a_late_substitute_is_refused_like_any_player(teams, boss):  # noqa: F811
    t = teams(2, "round_robin")
    services.draw_round(t, boss, seed="s")
    e = t.entrants.get(start_number=1)
    for name, rating, says in (("", None, "needs a name"),
                               (f"{e.name} Brett 2", None, "on this team already"),
                               ("X" * 121, None, "at most 120"),
                               ("Neu", "0", "from 1 to")):
        with pytest.raises(ServiceError, match=says):
            team_services.add_late_substitute(t, boss, e.pk, name, rating)
    assert len(team_services.roster(e)) == 5


def test_a_known_person_is_taken_only_from_those_the_picker_shows(
        teams, boss, make_tournament, desk_user):  # noqa: F811
    """The director's picker shows the players of the tournaments he directs: such a pick
    joins as that person. The same id from the desk (who reaches nobody) is a new person."""
    from tournaments.services import Actor

    t = teams(2)
    chess = make_tournament("chess", entrants=1)
    known = chess.entrants.get().players.get()
    known.dwz = 1650
    known.save(update_fields=["dwz"])
    member = team_services.add_member(t, boss, t.entrants.get(start_number=1).pk, known.name,
                                      substitute=True, person=str(known.pk))
    assert member.player_id == known.pk
    with pytest.raises(ServiceError, match="plays for"):
        team_services.add_member(t, boss, t.entrants.get(start_number=2).pk, known.name,
                                 substitute=True, person=str(known.pk))
    desk = Actor(desk_user, "desk")
    other = team_services.add_member(t, desk, t.entrants.get(start_number=2).pk, known.name,
                                     substitute=True, person=str(known.pk))
    assert other.player_id != known.pk and other.player.dwz is None


def test_a_late_substitute_plays_and_is_in_the_trf_and_the_evaluation(
        teams, boss, director_client):  # noqa: F811
    """Added after round 1, named in round 2's line-up: his game is on the team's TRF
    record, his 001 line has it, and the evaluation rates it."""
    from tests.readers import trf_teams
    from tournaments.disciplines.teamchess.ratings import team_ratings

    t = teams(2, "round_robin", scoring={"boards": 4, "win": 2, "draw": 1, "loss": 0},
              planned_rounds=2, draw_options={"double": True})
    rnd = services.draw_round(t, boss, seed="s")
    services.publish_round(t, boss, 1)
    services.director_set_result(rnd.tables.get(), boss, {"boards": ["1-0"] * 4})
    services.close_round(t, boss, 1)
    e = t.entrants.get(start_number=1)
    late = team_services.add_late_substitute(t, boss, e.pk, "Spät Gekommen", rating=1800)
    rnd2 = services.draw_round(t, boss, seed="s2")
    services.publish_round(t, boss, 2)
    team_services.set_lineup(t, boss, 2, e.pk, [1, 2, 3, late.position])
    services.director_set_result(rnd2.tables.get(), boss, {"boards": ["0-1"] * 4})
    text = director_client.get(f"/director/{t.slug}/export-teams.trf").content.decode()
    section = trf_teams.read(text)
    record = next(team for team in section.teams if team.number == 1)
    assert len(record.players) == 6
    line = next(x for x in text.splitlines() if x.startswith("001") and "Spät Gekommen" in x)
    # round 2: team 2 named first lost every board, so he (board 4, White: the first team
    # has Black on even boards) beat team 2's board 4, player 10 (team 1 numbers 1-6)
    assert line.rstrip().endswith("10 w 1") and " 1.0 " in line
    rows = {p.name: p for block in team_ratings(t) for p in block.players}
    assert rows["Spät Gekommen"].games == 1 and rows["Spät Gekommen"].elo_result is not None
