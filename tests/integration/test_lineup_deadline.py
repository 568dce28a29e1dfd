"""The line-up deadline (issue 34): the director sets it per round on the line-ups page;
until then a captain sets his team's line-up on the team's link, after it only the
director does (the captain is refused at the page, in German too)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tournaments import services
from tournaments.models import ActionLog
from tournaments.services import ServiceError
from tournaments.services import teams as team_services

from .test_teams import teams  # noqa: F401  (a fixture)

pytestmark = pytest.mark.django_db
LINEUP = {"board_1": "1", "board_2": "2", "board_3": "3", "board_4": "5"}


def _round(teams, boss):  # noqa: F811
    t = teams(2, "round_robin")
    services.draw_round(t, boss, seed="s")
    return t, services.publish_round(t, boss, 1)


def test_after_the_deadline_only_the_director_changes_line_ups(teams, boss, client):  # noqa: F811
    t, rnd = _round(teams, boss)
    e = t.entrants.get(start_number=2)
    url = f"/e/{e.link_code}/lineup/"
    later = timezone.now() + timedelta(hours=1)
    team_services.set_lineup_deadline(t, boss, 1, later)
    rnd.refresh_from_db()
    assert team_services.lineup_deadline(rnd) == later
    assert client.post(url, LINEUP).status_code == 200  # before the deadline: the captain
    assert team_services.lineup_of(rnd, e, 4) == (1, 2, 3, 5)
    team_services.set_lineup_deadline(t, boss, 1, timezone.now() - timedelta(minutes=1))
    late = client.post(url, {**LINEUP, "board_4": "4"}, HTTP_ACCEPT_LANGUAGE="de")
    page = late.content.decode()
    assert late.status_code == 400 and "nur die Turnierleitung" in page
    assert 'id="lineup-deadline-passed"' in page
    rnd.refresh_from_db()
    assert team_services.lineup_of(rnd, e, 4) == (1, 2, 3, 5)  # unchanged
    team_services.set_lineup(t, boss, 1, e.pk, [1, 2, 3, 4])  # the director still may
    assert team_services.lineup_of(rnd, e, 4) == (1, 2, 3, 4)
    assert ActionLog.objects.filter(tournament=t, action="set_lineup_deadline").count() == 2
    team_services.set_lineup_deadline(t, boss, 1, "")  # cleared: the captain again
    assert client.post(url, LINEUP).status_code == 200


def test_the_director_sets_the_deadline_on_the_line_ups_page(teams, boss,  # noqa: F811
                                                             director_client):
    t, rnd = _round(teams, boss)
    url = f"/director/{t.slug}/rounds/1/lineups/"
    page = director_client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert 'id="lineup-deadline"' in page and "Keine Frist" in page
    bad = director_client.post(url, {"action": "deadline", "deadline": "morgen früh"},
                               HTTP_ACCEPT_LANGUAGE="de")
    assert bad.status_code == 400
    assert 'id="deadline-error">Ein Datum und eine Uhrzeit' in bad.content.decode()
    ok = director_client.post(url, {"action": "deadline", "deadline": "2026-12-07T19:30"})
    assert ok.status_code == 302
    rnd.refresh_from_db()
    when = timezone.localtime(team_services.lineup_deadline(rnd))
    assert (when.year, when.month, when.day, when.hour, when.minute) == (2026, 12, 7, 19, 30)
    assert 'value="2026-12-07T19:30"' in director_client.get(url).content.decode()


@pytest.mark.parametrize("value", ["2026-13-40T25:99", "x" * 41, "1900-01-01T10:00", 17])
def test_a_bad_deadline_is_refused_at_its_field(teams, boss, value):  # noqa: F811
    t, rnd = _round(teams, boss)
    with pytest.raises(ServiceError) as refused:
        team_services.set_lineup_deadline(t, boss, 1, value)
    assert list(refused.value.errors) == ["deadline"]
    rnd.refresh_from_db()
    assert team_services.lineup_deadline(rnd) is None


def test_setting_the_deadline_is_undone_from_the_log(teams, boss):  # noqa: F811
    from tournaments.services.undo import undo_entry

    t, rnd = _round(teams, boss)
    first = timezone.now() + timedelta(hours=1)
    team_services.set_lineup_deadline(t, boss, 1, first)
    team_services.set_lineup_deadline(t, boss, 1, first + timedelta(hours=1))
    last = ActionLog.objects.filter(tournament=t, action="set_lineup_deadline").latest("id")
    undo_entry(t, boss, last.pk)
    rnd.refresh_from_db()
    assert team_services.lineup_deadline(rnd) == first
