"""Issue 18: tabletop's 12er matrix scores each mission by its kind, and the kinds differ per
round. The director sets them (round page and API), captains and the printed sheets show
them, results already in are scored anew and the change is logged."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse
from django.utils import translation
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tournaments import services, tasks
from tournaments.log_labels import sentence
from tournaments.models import ActionLog, Report, Tournament
from tournaments.services import Actor, ServiceError
from tournaments.services.round_choices import set_round_choices

pytestmark = pytest.mark.django_db

MAELSTROM_PRIMARY = ["maelstrom", "eternal_war", "tertiary"]
# A 2-point lead in the primary, the other missions even.
TWO_POINT_LEAD = {"missions": [[10, 8], [5, 5], [3, 3]]}


@pytest.fixture
def boss(director):
    return Actor(director, director.username)


@pytest.fixture
def evening(make_tournament, boss):
    """Four players under the 12er matrix, round 1 open, a 2-point primary lead at table 1."""
    t = make_tournament("tabletop", entrants=4, name="Tabletop-Abend",
                        scoring={"system": "matrix12"})
    rnd = services.draw_round(t, boss, seed="zwoelfer")
    services.publish_round(t, boss, 1)
    table = rnd.tables.get(number=1)
    services.director_set_result(table, boss, TWO_POINT_LEAD)
    return t


def tp_at_table_1(t) -> tuple[object, object]:
    t.refresh_from_db()  # the standings are cached by the tournament's version
    table = t.rounds.get(number=1).tables.get(number=1)
    seats = sorted(table.seats.select_related("entrant"), key=lambda s: s.side)
    rows = {r["entrant"]: r["values"]["tp"] for r in services.standings(t)["standings"]}
    return rows[seats[0].entrant.start_number], rows[seats[1].entrant.start_number]


def api_for(user) -> APIClient:
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    c = APIClient()
    c.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return c


def test_a_new_round_is_eternal_war_primary_maelstrom_secondary(evening):
    assert evening.rounds.get(number=1).extra == {
        "missions": ["eternal_war", "maelstrom", "tertiary"]}
    # Eternal War: a lead of 2 wins the primary's 6, the rest split: 6 + 2 + 1 against 3.
    assert tp_at_table_1(evening) == (9, 3)


def test_maelstrom_primary_scores_a_two_point_lead_3_3_and_rescores_results_in(evening, boss):
    set_round_choices(evening, boss, 1, {"missions": MAELSTROM_PRIMARY})
    evening.refresh_from_db()
    assert evening.rounds.get(number=1).extra == {"missions": MAELSTROM_PRIMARY}
    assert tp_at_table_1(evening) == (6, 6)  # 3:3 in the primary, 2:2, 1:1
    entry = ActionLog.objects.filter(tournament=evening, action="set_round_missions").get()
    assert entry.target == "round 1" and entry.after["rescored_tables"] == 1
    assert entry.before["extra"]["missions"][0] == "eternal_war"
    with translation.override("en"):
        assert "set the kinds of a round's missions" in sentence(entry)
    with translation.override("de"):
        assert "Missionsarten" in sentence(entry)
    # The same again changes nothing and logs nothing.
    set_round_choices(evening, boss, 1, {"missions": MAELSTROM_PRIMARY})
    assert ActionLog.objects.filter(action="set_round_missions").count() == 1


@pytest.mark.parametrize("body, field", [
    ({"missions": ["maelstrom", "eternal_war"]}, "missions"),
    ({"missions": ["maelstrom", "galaxy", "tertiary"]}, "missions"),
    ({"missions": "maelstrom"}, "missions"),
    ({"missions": MAELSTROM_PRIMARY, "secret": 1}, "secret"),
])
def test_bad_mission_kinds_are_refused_by_field(evening, boss, body, field):
    with pytest.raises(ServiceError) as refused:
        set_round_choices(evening, boss, 1, body)
    assert field in refused.value.errors
    assert not ActionLog.objects.filter(action="set_round_missions").exists()


def test_other_systems_have_no_mission_kinds_to_set(make_tournament, boss):
    t = make_tournament("tabletop", entrants=4, scoring={"system": "ttm20"})
    services.draw_round(t, boss)
    assert t.disc.round_choices(t, t.rounds.get()) == []
    with pytest.raises(ServiceError, match="12 matrix"):
        set_round_choices(t, boss, 1, {"missions": MAELSTROM_PRIMARY})


def test_the_scoring_missions_are_the_tournaments_default(make_tournament, boss):
    t = make_tournament("tabletop", entrants=4, scoring={
        "system": "matrix12", "missions": ["maelstrom", "maelstrom", "tertiary"]})
    assert t.disc.settings(t).missions == ("maelstrom", "maelstrom", "tertiary")
    rnd = services.draw_round(t, boss)
    assert rnd.extra == {"missions": ["maelstrom", "maelstrom", "tertiary"]}
    with pytest.raises(ServiceError):
        services.update_tournament(t, boss, scoring={"system": "matrix12",
                                                     "missions": ["galaxy"]})


def test_patch_on_a_round_sets_its_missions(evening, director):
    api = api_for(director)
    url = f"/api/v1/tournaments/{evening.slug}/rounds/1/"
    r = api.patch(url, {"missions": MAELSTROM_PRIMARY}, format="json")
    assert r.status_code == 200, r.content
    assert r.json()["extra"] == {"missions": MAELSTROM_PRIMARY}
    assert tp_at_table_1(evening) == (6, 6)
    r = api.patch(url, {"missions": ["maelstrom", "galaxy", "tertiary"]}, format="json")
    assert r.status_code == 400 and "missions" in r.content.decode()
    r = api.patch(url, {}, format="json")
    assert r.status_code == 400 and "missions" in r.content.decode()
    r = api.patch(f"/api/v1/tournaments/{evening.slug}/rounds/9/",
                  {"missions": MAELSTROM_PRIMARY}, format="json")
    assert r.status_code == 404


def test_director_sets_the_missions_on_the_round_page(evening, director_client):
    url = reverse("director:round", args=[evening.slug, 1])
    html = director_client.get(url).content.decode()
    section = html.split('id="round-choices"')[1].split("</section>")[0]
    assert 'name="missions.0"' in section and "Maelstrom" in section
    post = reverse("director:round_choices", args=[evening.slug, 1])
    r = director_client.post(post, {"missions.0": "maelstrom", "missions.1": "eternal_war",
                                    "missions.2": "tertiary"}, follow=True)
    assert r.status_code == 200
    assert evening.rounds.get(number=1).extra == {"missions": MAELSTROM_PRIMARY}
    assert tp_at_table_1(evening) == (6, 6)
    r = director_client.post(post, {"missions.0": "galaxy", "missions.1": "eternal_war",
                                    "missions.2": "tertiary"})
    assert r.status_code == 400 and 'id="round-choices-errors"' in r.content.decode()


def test_captains_and_printed_sheets_show_the_missions(evening, boss, client):
    set_round_choices(evening, boss, 1, {"missions": MAELSTROM_PRIMARY})
    table = evening.rounds.get(number=1).tables.get(number=2)
    html = client.get(f"/c/{table.token}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    note = html.split('id="round-note"')[1].split("</p>")[0]
    assert "Primary (Maelstrom)" in note and "Secondary (Eternal War)" in note
    for kind in ("pairings", "score_sheets"):
        report = Report.objects.create(tournament=evening, kind=kind, round_number=1)
        with translation.override("en"):
            html = tasks.report_service.render_html(report, "http://halle.example/")
        assert "Primary (Maelstrom)" in html, kind


def test_the_draw_takes_the_missions_of_the_new_round(make_tournament, director):
    t = make_tournament("tabletop", entrants=4, scoring={"system": "matrix12"})
    api = api_for(director)
    url = f"/api/v1/tournaments/{t.slug}/rounds/draw/"
    r = api.post(url, {"missions": ["maelstrom", "galaxy", "tertiary"]}, format="json")
    assert r.status_code == 400 and "missions" in r.content.decode()
    assert not t.rounds.exists()  # refused before anything was drawn
    r = api.post(url, {"missions": MAELSTROM_PRIMARY}, format="json")
    assert r.status_code == 201, r.content
    assert r.json()["extra"] == {"missions": MAELSTROM_PRIMARY}


def test_rounds_drawn_before_the_12_matrix_was_chosen_count_by_the_default(make_tournament,
                                                                          boss):
    t = make_tournament("tabletop", entrants=4, scoring={"system": "ttm20"})
    rnd = services.draw_round(t, boss, seed="vorher")
    services.publish_round(t, boss, 1)
    services.director_set_result(rnd.tables.get(number=1), boss, TWO_POINT_LEAD)
    assert t.rounds.get().extra == {}
    # The system is fixed once round 1 is drawn now; a tournament switched before that
    # rule (or restored from such a backup) still has rounds without kinds.
    Tournament.objects.filter(pk=t.pk).update(scoring={"system": "matrix12"})
    assert tp_at_table_1(t) == (9, 3)  # Eternal War primary, the new rounds' default
    set_round_choices(t, boss, 1, {"missions": MAELSTROM_PRIMARY})
    assert tp_at_table_1(t) == (6, 6)


def test_setting_the_missions_can_be_undone(evening, boss):
    from tournaments.services.undo import undo_last

    set_round_choices(evening, boss, 1, {"missions": MAELSTROM_PRIMARY})
    assert tp_at_table_1(evening) == (6, 6)
    undo_last(evening, boss, 1)
    assert evening.rounds.get(number=1).extra["missions"][0] == "eternal_war"
    assert tp_at_table_1(evening) == (9, 3)
