"""Team chess through the services: rosters in board order, the team Swiss and round robin,
line-ups, both captains reporting a match board by board, and the team standings."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from tournaments import services
from tournaments.models import Result, Round, Team, TeamMember
from tournaments.services import Actor, ServiceError
from tournaments.services import teams as team_services

pytestmark = pytest.mark.django_db

PLAYERS = 5  # four regulars and one substitute


@pytest.fixture
def teams(make_tournament, boss):
    """teams(n, method) -> a team chess tournament of n teams of four plus a substitute."""

    def make(n: int = 4, method: str = "team_swiss", **kw: Any):
        t = make_tournament("teamchess", "team", entrants=n, pairing=method, **kw)
        for e in t.entrants.order_by("start_number"):
            for k in range(PLAYERS):
                team_services.add_member(t, boss, e.pk, f"{e.name} Brett {k + 1}",
                                         rating=2000 - 50 * e.start_number - 10 * k,
                                         substitute=k == PLAYERS - 1)
            team_services.set_captain(t, boss, e.pk, f"Captain {e.start_number}")
        t.refresh_from_db()
        return t

    return make


def test_the_board_order_is_kept_and_fixed_before_round_1(teams, boss):
    t = teams(2, "round_robin")
    e = t.entrants.first()
    members = list(TeamMember.objects.filter(team__entrant=e).order_by("position"))
    assert [m.position for m in members] == [1, 2, 3, 4, 5]
    assert [m.substitute for m in members] == [False] * 4 + [True]
    with pytest.raises(ServiceError, match="before the substitutes"):
        team_services.add_member(t, boss, e.pk, "Late Regular")
    e.refresh_from_db()
    assert e.rating == round((1950 + 1940 + 1930 + 1920) / 4)  # the top four in board order
    services.draw_round(t, boss, seed="s")
    with pytest.raises(ServiceError, match="fixed once round 1"):
        team_services.add_member(t, boss, e.pk, "Too Late", substitute=True)


def test_line_ups_keep_the_order_without_gaps(teams, boss):
    t = teams(2, "round_robin")
    services.draw_round(t, boss, seed="s")
    e = t.entrants.first()
    with pytest.raises(ServiceError, match="board order must be kept"):
        team_services.set_lineup(t, boss, 1, e.pk, [2, 1, 3, 4])
    with pytest.raises(ServiceError, match="empty boards may only be the last"):
        team_services.set_lineup(t, boss, 1, e.pk, [1, None, 3, 4])
    team_services.set_lineup(t, boss, 1, e.pk, [1, 2, 4, 5])  # the substitute on board 4
    rnd = t.rounds.get(number=1)
    assert team_services.lineup_of(rnd, e, 4) == (1, 2, 4, 5)
    table = rnd.tables.get()
    lines = team_services.match_lines(table)
    assert [line.first_colour for line in lines] == ["W", "B", "W", "B"]  # FIDE: WBWB
    side1 = table.seats.get(side=1).entrant
    assert lines[0].first == f"{side1.name} Brett 1"


def test_both_captains_confirm_and_a_differing_board_is_disputed(teams, boss):
    t = teams(4)
    services.draw_round(t, boss, seed="s")
    services.publish_round(t, boss, 1)
    first, second = list(Round.objects.get(tournament=t, number=1).tables.order_by("number"))
    result = {"boards": ["1-0", "1/2-1/2", "0-1", "1-0"]}
    assert services.captain_submit(first.token, result, device_id="a" * 20).outcome == \
        "submitted"
    assert services.captain_submit(first.token, result, device_id="b" * 20).outcome == \
        "confirmed"
    services.captain_submit(second.token, {"boards": ["1-0", "1-0", "1-0", "1-0"]},
                            device_id="c" * 20)
    got = services.captain_submit(second.token, {"boards": ["1-0", "1-0", "0-1", "1-0"]},
                                  device_id="d" * 20)
    assert got.outcome == "disputed"
    cells = [t.disc.result_cells(r.payload) for r in second.revisions.all()]
    differing = [a for a, b in zip(cells[0], cells[1], strict=True) if a != b]
    assert differing == [("Board 3", "1-0")]  # the dispute names its board
    with pytest.raises(ServiceError):
        services.captain_submit(first.token, {"boards": ["1-0", "1-0"]}, device_id="e" * 20)
    services.director_set_result(second, boss, {"boards": ["1-0", "1-0", "0-1", "1-0"]})
    assert Result.objects.get(table=second).status == "confirmed"
    rows = services.standings(t)["standings"]
    top = rows[0]["values"]
    assert top["mp"] == 2 and top["gp"] == 3  # 3:1 wins 2 match points
    by_number = {r["entrant"]: r["values"] for r in rows}
    w1 = first.seats.get(side=1).entrant.start_number
    assert by_number[w1]["gp"] == 2.5 and by_number[w1]["mp"] == 2
    assert by_number[w1]["berliner"] == 4 + 1.5 + 1  # boards 1, 2 (half of 3) and 4


def test_the_team_swiss_never_repeats_a_match(teams, boss):
    t = teams(6)
    seen: set[frozenset[int]] = set()
    for number in (1, 2, 3):
        rnd = services.draw_round(t, boss, seed=f"s{number}")
        services.publish_round(t, boss, number)
        for table in rnd.tables.all():
            pair = frozenset(s.entrant_id for s in table.seats.all())
            assert pair not in seen
            seen.add(pair)
            services.director_set_result(table, boss, {"boards": ["1-0", "0-1", "1-0", "1-0"]})
        services.close_round(t, boss, number)
    assert len(seen) == 9


def test_a_round_robin_of_teams_meets_everybody_once(teams, boss):
    t = teams(4, "round_robin")
    seen = set()
    for number in (1, 2, 3):
        rnd = services.draw_round(t, boss, seed=f"s{number}")
        services.publish_round(t, boss, number)
        for table in rnd.tables.all():
            seen.add(frozenset(s.entrant_id for s in table.seats.all()))
            services.director_set_result(table, boss, {"boards": ["1/2-1/2"] * 4})
        services.close_round(t, boss, number)
    assert len(seen) == 6
    assert all(r["values"]["mp"] == 3 for r in services.standings(t)["standings"])


def test_team_services_refuse_bad_input(teams, boss, make_tournament):
    t = teams(2, "round_robin")
    e = t.entrants.first()
    for name in ("", "x" * 121, "two\nlines"):
        with pytest.raises(ServiceError):
            team_services.add_member(t, boss, e.pk, name, substitute=True)
    with pytest.raises(ServiceError, match="rating"):
        team_services.add_member(t, boss, e.pk, "Neu", rating="9999", substitute=True)
    other = make_tournament("chess", entrants=2)
    with pytest.raises(ServiceError, match="no teams"):
        team_services.add_member(other, Actor(None, "x"), other.entrants.first().pk, "A")


# --- the pages ---------------------------------------------------------------------------


def test_the_desk_signs_up_players_in_board_order(teams, client, desk_user):
    t = teams(2, "round_robin")
    client.force_login(desk_user)
    url = f"/desk/{t.slug}/teams/"
    page = client.get(url)
    assert page.status_code == 200 and "Brett 5" in page.content.decode()
    got = client.post(url, {"team": "1", "action": "add", "name": "Neue Spielerin",
                            "rating": "1500", "substitute": "1"})
    assert got.status_code == 302
    e = t.entrants.get(start_number=1)
    assert team_services.roster(e)[-1].player.name == "Neue Spielerin"
    refused = client.post(url, {"team": "1", "action": "add", "name": "Regular"})
    assert refused.status_code == 400
    assert "before the substitutes" in refused.content.decode()
    assert client.post(url, {"team": "99", "action": "add", "name": "X"}).status_code == 404
    client.post(url, {"team": "2", "action": "captain", "captain": "Kapitän Zwei"})
    assert t.entrants.get(start_number=2).team.captain == "Kapitän Zwei"


def test_the_director_sets_a_line_up(teams, director_client, boss):
    t = teams(2, "round_robin")
    services.draw_round(t, boss, seed="s")
    url = f"/director/{t.slug}/rounds/1/lineups/"
    assert director_client.get(url).status_code == 200
    bad = director_client.post(url, {"team": "1", "board_1": "2", "board_2": "1",
                                     "board_3": "3", "board_4": "4"})
    assert bad.status_code == 400 and "board order must be kept" in bad.content.decode()
    ok = director_client.post(url, {"team": "1", "board_1": "1", "board_2": "2",
                                    "board_3": "3", "board_4": ""})
    assert ok.status_code == 302
    rnd = t.rounds.get(number=1)
    assert team_services.lineup_of(rnd, t.entrants.get(start_number=1), 4) == (1, 2, 3, None)


def test_the_captain_page_reports_board_by_board(teams, client, boss):
    t = teams(2, "round_robin")
    services.draw_round(t, boss, seed="s")
    rnd = services.publish_round(t, boss, 1)
    table = rnd.tables.get()
    page = client.get(f"/c/{table.token}/")
    text = page.content.decode()
    assert page.status_code == 200 and 'name="board_4"' in text and "Brett 1" in text
    missing = client.post(f"/c/{table.token}/", {"board_1": "1-0"})
    assert missing.status_code == 400 and "board 2" in missing.content.decode()
    sent = client.post(f"/c/{table.token}/", {"board_1": "1-0", "board_2": "0-1",
                                              "board_3": "1/2-1/2", "board_4": "+-"})
    assert sent.status_code in (200, 302)
    assert Result.objects.get(table=table).payload == {
        "boards": ["1-0", "0-1", "1/2-1/2", "+-"]}


def _played_round(t, boss, results):
    rnd = services.draw_round(t, boss, seed="s")
    services.publish_round(t, boss, rnd.number)
    for table, boards in zip(rnd.tables.order_by("number"), results, strict=False):
        services.director_set_result(table, boss, {"boards": boards})
    return rnd


def test_spectators_see_each_matchs_boards_and_the_cross_table(teams, client, boss):
    t = teams(4, "round_robin")
    rnd = _played_round(t, boss, [["1-0", "1/2-1/2", "0-1", "1-0"], ["0-1"] * 4])
    first = rnd.tables.get(number=1)
    page = client.get(f"/t/{t.slug}/matches/").content.decode()
    side1 = first.seats.get(side=1).entrant
    assert f"{side1.name} Brett 1" in page and "2½ : 1½" in page and "½-½" in page
    cross = client.get(f"/t/{t.slug}/team-cross-table/").content.decode()
    assert "2½" in cross and "1½" in cross and "4" in cross
    assert client.get(f"/t/{t.slug}/matches/?round=99").status_code == 200
    players = client.get(f"/t/{t.slug}/team-players/").content.decode()
    # board 1 of team 1 of match 1 won (1-0) against a player rated 50 less: TPR = 1900+800
    assert f"{side1.name} Brett 1" in players and "2700" in players
    tournament_page = client.get(f"/t/{t.slug}/").content.decode()
    assert f"/t/{t.slug}/matches/" in tournament_page
    assert "Team cross table" in tournament_page


def test_the_match_sheet_names_the_boards_for_both_captains(teams, boss):
    from tournaments import tasks
    from tournaments.models import Report

    t = teams(2, "round_robin")
    services.draw_round(t, boss, seed="s")
    table = t.rounds.get(number=1).tables.get()
    report = Report.objects.create(tournament=t, kind="score_sheets", round_number=1)
    html = tasks.report_service.render_html(report, "http://halle.example/")
    for side in (1, 2):
        name = table.seats.get(side=side).entrant.name
        for board in range(1, 5):
            assert f"{name} Brett {board}" in html
    assert "Match report" in html and f"/c/{table.token}/" in html
    assert html.count("Signature") == 2  # both captains sign
    for seat in table.seats.select_related("entrant"):  # each captain's own link
        assert f"http://halle.example/e/{seat.entrant.link_code}/" in html


def test_the_other_captain_confirms_through_the_teams_link(teams, client, boss):
    from tournaments.services import hall_links

    t = teams(2, "round_robin")
    services.draw_round(t, boss, seed="s")
    table = services.publish_round(t, boss, 1).tables.get()
    result = {"boards": ["1-0", "0-1", "1-0", "1/2-1/2"]}
    services.captain_submit(table.token, result, device_id="a" * 20)
    second = table.seats.get(side=2).entrant
    page = client.get(f"/e/{second.link_code}/").content.decode()
    assert "2½ : 1½" in page
    version = str(Result.objects.get(table=table).version)
    # The match's QR code names no team: one team's agreement is recorded, and the two-party
    # rule counts teams, not phones (issue 32, finding 10), so the other team agrees too.
    assert hall_links.confirm(second, version) == "agreed"
    first = table.seats.get(side=1).entrant
    version = str(Result.objects.get(table=table).version)
    assert hall_links.confirm(first, version) == "confirmed"
    assert Result.objects.get(table=table).status == "confirmed"


def test_the_trf_export_has_players_and_team_lines(teams, director_client, boss):
    from tests.readers import trf_teams

    t = teams(4, "round_robin")
    rnd = _played_round(t, boss, [["1-0", "1/2-1/2", "0-1", "+-"], ["--"] * 4])
    text = director_client.get(f"/director/{t.slug}/export-teams.trf").content.decode()
    section = trf_teams.read(text)
    assert section.team_count == 4 and section.sequence == "WB"
    rosters = [team.players for team in section.teams]
    assert rosters[:2] == [[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]]
    first = rnd.tables.get(number=1)
    a = first.seats.get(side=1).entrant.start_number
    record = next(team for team in section.teams if team.number == a)
    assert record.game_points == Fraction(5, 2) and record.match_points == 2
    nobody = rnd.tables.get(number=2)
    w, b = (nobody.seats.get(side=s).entrant.start_number for s in (1, 2))
    assert section.forfeits == [("--", 1, w, b)]
    player_lines = [line for line in text.splitlines() if line.startswith("001")]
    assert len(player_lines) == 20
    board1 = player_lines[(a - 1) * PLAYERS]
    assert board1[14:47].strip().endswith("Brett 1") and board1.rstrip().endswith("w 1")


def test_a_scheveningen_match_rotates_the_boards(teams, boss):
    t = teams(2, "scheveningen", planned_rounds=4)
    met = set()
    whites: dict[str, int] = {}
    for number in range(1, 5):
        rnd = services.draw_round(t, boss, seed=f"s{number}")
        services.publish_round(t, boss, number)
        table = rnd.tables.get()
        assert table.seats.get(side=1).entrant.start_number == 1  # the same two teams
        for line in team_services.match_lines(table):
            met.add((line.first, line.second))
            white = line.first if line.first_colour == "W" else line.second
            whites[white] = whites.get(white, 0) + 1
        services.director_set_result(table, boss, {"boards": ["1/2-1/2"] * 4})
        services.close_round(t, boss, number)
    assert len(met) == 16  # every player of team 1 met every player of team 2 once
    assert sorted(whites.values()) == [2] * 8  # four boards: everyone two Whites


def test_a_match_day_is_one_round_home_team_first(teams, boss):
    t = teams(2, "match_day", planned_rounds=1)
    rnd = services.draw_round(t, boss, seed="s")
    assert rnd.tables.get().seats.get(side=1).entrant.start_number == 1
    services.publish_round(t, boss, 1)
    services.director_set_result(rnd.tables.get(), boss, {"boards": ["1-0"] * 4})
    services.close_round(t, boss, 1)
    t.planned_rounds = 2
    t.save(update_fields=["planned_rounds"])
    with pytest.raises(ServiceError, match="one round"):
        services.draw_round(t, boss, seed="s2")


def test_a_captain_sets_the_line_up_on_the_teams_link(teams, client, boss):
    t = teams(2, "round_robin")
    services.draw_round(t, boss, seed="s")
    rnd = services.publish_round(t, boss, 1)
    e = t.entrants.get(start_number=2)
    url = f"/e/{e.link_code}/lineup/"
    assert f"/e/{e.link_code}/lineup/" in client.get(f"/e/{e.link_code}/").content.decode()
    page = client.get(url)
    assert page.status_code == 200 and "Brett 5" in page.content.decode()
    refused = client.post(url, {"board_1": "1", "board_2": "", "board_3": "3",
                                "board_4": "4"})
    assert refused.status_code == 400 and "empty boards" in refused.content.decode()
    assert client.post(url, {"board_1": "1", "board_2": "2", "board_3": "3",
                             "board_4": "5"}).status_code == 200
    assert team_services.lineup_of(rnd, e, 4) == (1, 2, 3, 5)
    services.director_set_result(rnd.tables.get(), boss, {"boards": ["1-0"] * 4})
    late = client.post(url, {"board_1": "1", "board_2": "2", "board_3": "3", "board_4": "4"})
    assert late.status_code == 400 and "has a result already" in late.content.decode()
    assert client.get("/e/not-a-code/lineup/").status_code == 404


def test_a_deleted_team_comes_back_with_its_board_order(teams, boss):
    from tournaments.models import ActionLog
    from tournaments.services.registration import delete_entrant
    from tournaments.services.undo import undo_entry

    t = teams(2, "round_robin")
    e = t.entrants.get(start_number=2)
    before = [(m.player.name, m.substitute) for m in team_services.roster(e)]
    delete_entrant(e, boss)
    entry = ActionLog.objects.filter(tournament=t, action="delete_entrant").latest("id")
    undo_entry(t, boss, entry.pk)
    back = t.entrants.get(start_number=2)
    assert [(m.player.name, m.substitute) for m in team_services.roster(back)] == before
    assert back.team.captain == "Captain 2"


def test_team_actions_are_undone_from_the_log(teams, boss):
    from tournaments.models import ActionLog
    from tournaments.services.undo import undo_entry

    def undo_last(action):
        entry = ActionLog.objects.filter(tournament=t, action=action).latest("id")
        undo_entry(t, boss, entry.pk)

    t = teams(2, "round_robin")
    e = t.entrants.get(start_number=1)
    names = [m.player.name for m in team_services.roster(e)]
    team_services.remove_member(t, boss, e.pk, team_services.roster(e)[1].pk)
    undo_last("team_member_remove")
    assert [m.player.name for m in team_services.roster(e)] == names
    team_services.add_member(t, boss, e.pk, "Sechster", substitute=True)
    undo_last("team_member_add")
    assert [m.player.name for m in team_services.roster(e)] == names
    team_services.set_captain(t, boss, e.pk, "Neu")
    undo_last("team_captain")
    assert Team.objects.get(entrant=e).captain == "Captain 1"
    services.draw_round(t, boss, seed="s")
    team_services.set_lineup(t, boss, 1, e.pk, [1, 2, 3, 5])
    team_services.set_lineup(t, boss, 1, e.pk, [1, 2, 4, 5])
    undo_last("set_lineup")
    rnd = t.rounds.get(number=1)
    assert team_services.lineup_of(rnd, e, 4) == (1, 2, 3, 5)
    entry = ActionLog.objects.filter(tournament=t, action="set_lineup").order_by("id").first()
    undo_entry(t, boss, entry.pk)
    assert team_services.lineup_of(rnd, e, 4) == (1, 2, 3, 4)  # none set: the default
    with pytest.raises(ServiceError):  # the draw rests on the board order
        undo_last("team_member_add")


def test_the_director_reaches_the_teams_from_the_dashboard(teams, director_client):
    t = teams(2, "round_robin")
    page = director_client.get(f"/director/{t.slug}/").content.decode()
    assert f'href="/desk/{t.slug}/teams/"' in page
