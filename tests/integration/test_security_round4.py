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



# -------------------------------- 2. a digit Python reads but int() refuses made a 500


SUPERSCRIPT_TWO = "\u00b2"  # "²": str.isdigit() says yes, int() refuses it


def test_a_superscript_player_number_on_a_skat_table_link_is_a_field_error(
        client, make_tournament, director):
    from .helpers import captain_url
    from .test_skat import line, open_evening

    _t, _boss, (four, _three) = open_evening(make_tournament, director)
    r = client.post(captain_url(four), line(0, "grand", SUPERSCRIPT_TWO, 96, "won"))
    assert r.status_code == 400
    assert not Result.objects.filter(table=four).exists()


def test_a_superscript_age_in_the_prize_list_is_a_field_error(director_client,
                                                              make_tournament):
    t = make_tournament("chess", entrants=4)
    r = director_client.post(f"/director/{t.slug}/prize-list/", {
        "rules-ties": "tiebreak", "cat-TOTAL_FORMS": "1", "cat-INITIAL_FORMS": "0",
        "prize-TOTAL_FORMS": "1", "prize-INITIAL_FORMS": "0", "cat-0-name": "U",
        "cat-0-kind": "age_under", "cat-0-value": SUPERSCRIPT_TWO,
        "prize-0-category": "U", "prize-0-place": "1", "prize-0-money": "10"})
    assert r.status_code == 400
    assert "a whole number" in r.content.decode()


def test_a_superscript_registration_number_when_settling_a_line_is_a_field_error(
        desk_client, make_tournament):
    from tournaments.models import UnmatchedPayment

    t = make_tournament("chess")
    line = UnmatchedPayment.objects.create(tournament=t, reason="unknown", amount_cents=3000,
                                           name="A", remittance="", line=1)
    r = desk_client.post(f"/desk/{t.slug}/registrations/lines/{line.pk}/settle/",
                         {"registration": SUPERSCRIPT_TWO})
    assert r.status_code == 400


def test_a_superscript_rating_in_a_trf_file_is_refused_at_its_column():
    from pairing import trf

    with pytest.raises(trf.TrfError, match="column 49: rating must be a whole number"):
        trf.read("012 Test\n001    1      Player One                        "
                 + SUPERSCRIPT_TWO * 4 + "\n")
