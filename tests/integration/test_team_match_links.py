"""One link per team captain per match (issue 34): each captain reports on his own link
(``/c/<token>/?team=<mark>``, printed on the match sheet), the report is his team's, so the
two-party rule counts the two teams: one team's two phones never confirm each other, the
other team's captain does, and a mark of another match is refused."""

from __future__ import annotations

import pytest

from tournaments import services
from tournaments.models import Result
from tournaments.services import hall_links, reporters

from .test_teams import teams  # noqa: F401  (a fixture)

pytestmark = pytest.mark.django_db
BOARDS = {"board_1": "1-0", "board_2": "0-1", "board_3": "1/2-1/2", "board_4": "+-"}


def _open_match(teams, boss):  # noqa: F811
    t = teams(2, "round_robin")
    services.draw_round(t, boss, seed="s")
    return t, services.publish_round(t, boss, 1).tables.get()


def test_each_captain_reports_on_his_own_link_and_the_other_team_confirms(teams, boss,  # noqa: F811
                                                                          client):
    _t, table = _open_match(teams, boss)
    home, away = (f"/c/{table.token}/?team={reporters.team_mark(table.pk, side)}"
                  for side in (1, 2))
    page = client.get(home, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    name = table.seats.get(side=1).entrant.name
    assert f"Sie melden als Mannschaftsführer von {name}" in page
    assert f'name="team" value="{reporters.team_mark(table.pk, 1)}"' in page
    sent = client.post(home, {**BOARDS, "team": reporters.team_mark(table.pk, 1)})
    assert sent.status_code == 302 and "team=1-" in sent["Location"]
    assert Result.objects.get(table=table).status == "submitted"
    # The same team from a second phone (another browser): still that team, not confirmed.
    client.cookies.clear()
    client.post(home, {**BOARDS, "team": reporters.team_mark(table.pk, 1)})
    assert Result.objects.get(table=table).status == "submitted"
    # The home team's personal link is the same party: it cannot confirm its own report.
    version = str(Result.objects.get(table=table).version)
    assert hall_links.confirm(table.seats.get(side=1).entrant, version) == hall_links.OWN
    # The other captain on his own link: confirmed.
    client.post(away, {**BOARDS, "team": reporters.team_mark(table.pk, 2)})
    result = Result.objects.get(table=table)
    assert result.status == "confirmed"
    assert result.payload == {"boards": ["1-0", "0-1", "1/2-1/2", "+-"]}


def test_a_differing_board_from_the_other_captain_disputes_the_match(teams, boss):  # noqa: F811
    _t, table = _open_match(teams, boss)
    services.captain_submit(table.token, {"boards": ["1-0", "0-1", "1-0", "1-0"]},
                            team=reporters.team_mark(table.pk, 1))
    got = services.captain_submit(table.token, {"boards": ["1-0", "0-1", "0-1", "1-0"]},
                                  team=reporters.team_mark(table.pk, 2))
    assert got.outcome == "disputed"


def test_a_forged_or_foreign_team_mark_is_refused(teams, boss, client):  # noqa: F811
    _t, table = _open_match(teams, boss)
    forged = "1-" + "0" * 20
    assert client.get(f"/c/{table.token}/?team={forged}").status_code == 404
    other = reporters.team_mark(table.pk + 1, 1)  # another match's mark
    assert client.post(f"/c/{table.token}/", {**BOARDS, "team": other}).status_code == 404
    with pytest.raises(services.ServiceError):
        services.captain_submit(table.token, {"boards": ["1-0"] * 4}, team=forged)
    assert not Result.objects.filter(table=table).exists()


def test_the_match_sheet_prints_each_captains_own_match_link(teams, boss):  # noqa: F811
    from tournaments import tasks
    from tournaments.models import Report

    t, table = _open_match(teams, boss)
    report = Report.objects.create(tournament=t, kind="score_sheets", round_number=1)
    html = tasks.report_service.render_html(report, "http://halle.example/")
    for side in (1, 2):
        mark = reporters.team_mark(table.pk, side)
        assert f"http://halle.example/c/{table.token}/?team={mark}" in html
    assert reporters.team_mark(table.pk, 1) != reporters.team_mark(table.pk, 2)
