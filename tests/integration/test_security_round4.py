"""The fourth review's findings (docs/security.md, "The fourth review"): one section per
finding, each test fails on the code before its fix."""

from __future__ import annotations

import pytest

from tournaments import services
from tournaments.models import Result
from tournaments.services import reporters

from .test_teams import teams  # noqa: F401  (a fixture)

pytestmark = pytest.mark.django_db
BOARDS = {"board_1": "1-0", "board_2": "0-1", "board_3": "1/2-1/2", "board_4": "+-"}


# ------------------------------------------------- 1. a team captain confirmed his own match


def _open_match(teams, boss):  # noqa: F811
    t = teams(2, "round_robin")
    services.draw_round(t, boss, seed="s")
    return t, services.publish_round(t, boss, 1).tables.get()


def test_a_captain_cannot_confirm_his_own_report_by_dropping_the_team_mark(teams, boss,  # noqa: F811
                                                                           client):
    _t, table = _open_match(teams, boss)
    home = f"/c/{table.token}/?team={reporters.team_mark(table.pk, 1)}"
    client.post(home, {**BOARDS, "team": reporters.team_mark(table.pk, 1)})
    assert Result.objects.get(table=table).status == "submitted"
    # The same captain, the mark cut off his link, from a second browser.
    client.cookies.clear()
    client.post(f"/c/{table.token}/", BOARDS)
    assert Result.objects.get(table=table).status == "submitted"
    third = services.captain_submit(table.token, {"boards": ["1-0", "0-1", "1/2-1/2", "+-"]},
                                    device_id="third-phone-0123456789")
    assert third.outcome == "agreed"
    assert Result.objects.get(table=table).status == "submitted"
    # The other team's captain on his own link confirms.
    other = services.captain_submit(table.token, {"boards": ["1-0", "0-1", "1/2-1/2", "+-"]},
                                    team=reporters.team_mark(table.pk, 2))
    assert other.outcome == "confirmed"

