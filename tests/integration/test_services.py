"""The services: the one way to change data (validate, one transaction, log, version bump)."""

import pytest

from tournaments import services
from tournaments.models import ActionLog, Entrant, Result, ResultRevision, Round
from tournaments.services import Actor, ServiceError

pytestmark = pytest.mark.django_db

PHONE_A, PHONE_B = "phone-of-party-one", "phone-of-party-two"  # two captains' device ids


@pytest.fixture
def actor(director):
    return Actor(director, director.username)


def mucken_round(make_tournament, actor, entrants=6):
    t = make_tournament("mucken", "pair", entrants)
    services.draw_round(t, actor, seed="fixed")
    services.publish_round(t, actor, 1)
    t.refresh_from_db()
    return t, Round.objects.get(tournament=t, number=1)


def test_every_change_logs_and_bumps_the_version(make_tournament, actor):
    t = make_tournament("chess", entrants=4)
    before_version, before_log = t.version, ActionLog.objects.filter(tournament=t).count()
    services.update_tournament(t, actor, planned_rounds=5)
    t.refresh_from_db()
    assert t.version == before_version + 1
    entry = ActionLog.objects.filter(tournament=t).first()
    assert ActionLog.objects.filter(tournament=t).count() == before_log + 1
    assert (entry.action, entry.actor, entry.before, entry.after) == (
        "update_tournament", "direktor", {"planned_rounds": 7}, {"planned_rounds": 5})


def test_action_log_is_append_only(make_tournament):
    t = make_tournament("chess", entrants=2)
    entry = ActionLog.objects.filter(tournament=t).first()
    entry.action = "forged"
    with pytest.raises(ValueError):
        entry.save()
    with pytest.raises(ValueError):
        entry.delete()


def test_a_failed_change_writes_nothing(make_tournament, actor):
    t = make_tournament("mucken", "pair", 2)
    version = t.version
    with pytest.raises(ServiceError) as info:
        services.register(t, actor, [{"name": "Spieler 1a"}, {"name": "Spieler 1b"}])
    assert "already registered" in str(info.value)
    t.refresh_from_db()
    assert t.version == version and t.entrants.count() == 2


def test_scoring_settings_are_validated_by_the_discipline(make_tournament, actor):
    t = make_tournament("mucken", "pair")
    with pytest.raises(ServiceError) as info:
        services.update_tournament(t, actor, scoring={"target": -3})
    assert info.value.errors == {"scoring.target": ["must be a positive whole number, not -3"]}
    with pytest.raises(ServiceError) as info:
        services.create_tournament(actor, "x", "chess", scoring={"tiebreaks": ["kashdan"]})
    assert list(info.value.errors) == ["scoring.tiebreaks[0]"]


def test_draw_publish_submit_confirm_dispute_resolve_close(make_tournament, actor):
    t, rnd = mucken_round(make_tournament, actor)
    tables = list(rnd.tables.all())
    assert len(tables) == 3 and rnd.draw_seed == "fixed"
    one, two, three = tables
    good = {"bobbl": [[21, 10], [15, 21]]}
    first = services.captain_submit(one.token, good, device_id=PHONE_A)
    assert first.status == Result.Status.SUBMITTED
    # a second device confirms (the same device twice never does: test_confirmation.py)
    assert services.captain_submit(one.token, good,
                                   device_id=PHONE_B).status == Result.Status.CONFIRMED
    services.captain_submit(two.token, good, device_id=PHONE_A)
    disputed = services.captain_submit(two.token, {"bobbl": [[21, 10], [21, 3]]},
                                       device_id=PHONE_B)
    assert disputed.status == Result.Status.DISPUTED
    assert ResultRevision.objects.filter(table=two).count() == 2  # both kept
    with pytest.raises(ServiceError) as info:
        services.close_round(t, actor, 1)
    assert "table 2 (disputed), table 3 (no result yet)" in str(info.value)
    services.accept_revision(ResultRevision.objects.filter(table=two).last(), actor)
    services.director_set_result(three, actor, {"bobbl": [[21, 0], [21, 1]]})
    services.close_round(t, actor, 1)
    with pytest.raises(ServiceError):
        services.captain_submit(one.token, good)  # closed rounds take no captain results


def test_disputed_results_do_not_count_until_settled(make_tournament, actor):
    t, rnd = mucken_round(make_tournament, actor)
    table = rnd.tables.first()
    services.captain_submit(table.token, {"bobbl": [[21, 10], [21, 3]]}, device_id=PHONE_A)
    t.refresh_from_db()
    counted = {r["entrant"]: r["values"]["bobbl"] for r in services.standings(t)["standings"]}
    assert sum(counted.values()) == 2
    services.captain_submit(table.token, {"bobbl": [[3, 21], [21, 3]]}, device_id=PHONE_B)
    t.refresh_from_db()
    counted = {r["entrant"]: r["values"]["bobbl"] for r in services.standings(t)["standings"]}
    assert sum(counted.values()) == 0


def test_bad_payload_names_the_field_and_writes_nothing(make_tournament, actor):
    _t, rnd = mucken_round(make_tournament, actor)
    table = rnd.tables.first()
    with pytest.raises(ServiceError) as info:
        services.captain_submit(table.token, {"bobbl": [[21, 21]]})
    assert info.value.errors == {"result": ["bobbl 1: both sides reached 21"]}
    assert not ResultRevision.objects.filter(table=table).exists()


def test_pussi_wrong_total_is_refused_at_its_game(make_tournament, actor):
    t = make_tournament("pussi", entrants=4)
    services.draw_round(t, actor)
    services.publish_round(t, actor, 1)
    table = Round.objects.get(tournament=t, number=1).tables.get()
    games = [{"declarer": 1, "bid": 60, "totals": [60, 20]},
             {"declarer": 2, "bid": 100, "totals": [80, 125]}]
    with pytest.raises(ServiceError) as info:
        services.captain_submit(table.token, {"games": games})
    assert list(info.value.errors) == ["games[1].totals"]


def test_undo_draw_only_while_no_result_is_in(make_tournament, actor):
    t, rnd = mucken_round(make_tournament, actor)
    services.captain_submit(rnd.tables.first().token, {"bobbl": [[21, 1], [21, 2]]})
    with pytest.raises(ServiceError):
        services.undo_draw(t, actor)
    t2 = make_tournament("chess", entrants=4, name="undo")
    services.draw_round(t2, actor)
    assert services.undo_draw(t2, actor) == 1
    assert not t2.rounds.exists()


def test_next_round_needs_the_last_one_closed(make_tournament, actor):
    t, _ = mucken_round(make_tournament, actor)
    with pytest.raises(ServiceError) as info:
        services.draw_round(t, actor)
    assert "round 1 is not closed" in str(info.value)


def test_withdrawn_entrants_are_not_drawn_and_late_entries_are(make_tournament, actor,
                                                                desk_user):
    t = make_tournament("chess", entrants=5)
    services.set_status(t.entrants.get(start_number=2), actor, Entrant.Status.WITHDRAWN)
    rnd = services.draw_round(t, actor)
    seated = {s.entrant.start_number for s in rnd.seats.all()}
    assert 2 not in seated and seated | {b.entrant.start_number for b in rnd.byes.all()} == {
        1, 3, 4, 5}
    services.publish_round(t, actor, 1)
    for table in rnd.tables.all():
        services.director_set_result(table, actor, {"score": "1-0"})
    services.close_round(t, actor, 1)
    late = services.register(t, Actor(desk_user, "anmeldung"), [{"name": "Spät"}],
                             status="present")
    assert late.joined_round == 2
    rnd2 = services.draw_round(t, actor)
    assert late.pk in {s.entrant_id for s in rnd2.seats.all()} | {
        b.entrant_id for b in rnd2.byes.all()}


def test_no_rematch_in_the_score_order_draw(make_tournament, actor):
    t = make_tournament("tabletop", entrants=6)
    met = set()
    for n in range(1, 4):
        rnd = services.draw_round(t, actor)
        services.publish_round(t, actor, n)
        for table in rnd.tables.all():
            pair = frozenset(s.entrant_id for s in table.seats.all())
            assert pair not in met
            met.add(pair)
            services.director_set_result(table, actor, {"missions": [[5, 3], [2, 2], [1, 0]]})
        services.close_round(t, actor, n)


@pytest.mark.parametrize(("discipline", "kind", "n", "payload"), [
    ("mucken", "pair", 6, lambda table: {"bobbl": [[21, 7], [19, 21]]}),
    ("mucken", "single", 8, lambda table: {"bobbl": [[21, 7], [21, 19]]}),
    ("pussi", "single", 8, lambda table: {"games": [{"declarer": 1, "bid": 60,
                                                       "totals": [60, 40]}]}),
    ("boardgame", "single", 7, lambda table: {"points": {
        str(s.entrant.start_number): 10 * s.entrant.start_number for s in table.seats.all()}}),
    ("chess", "single", 6, lambda table: {"score": "1/2-1/2"}),
    ("tabletop", "single", 6, lambda table: {"missions": [[10, 4], [3, 3], [0, 2]]}),
])
def test_export_then_import_gives_the_same_standings(make_tournament, actor, discipline, kind,
                                                     n, payload):
    t = make_tournament(discipline, kind, n)
    rnd = services.draw_round(t, actor)
    services.publish_round(t, actor, 1)
    for table in rnd.tables.all():
        services.director_set_result(table, actor, payload(table))
    t.refresh_from_db()
    doc = services.export_document(t)
    copy = services.import_document(doc, actor)
    assert services.standings(copy) == services.standings(t)
    assert services.export_document(copy)["rounds"] == doc["rounds"]


def test_import_refuses_a_bad_document_with_every_place(actor):
    doc = {"format": "turnier/1", "name": "x", "discipline": "mucken",
           "entrants": [{"id": 1, "name": "A"}, {"id": 1, "name": "B"}], "rounds": []}
    with pytest.raises(ServiceError) as info:
        services.import_document(doc, actor)
    assert list(info.value.errors) == ["entrants[1].id"]


def test_standings_cache_follows_the_version(make_tournament, actor):
    t, rnd = mucken_round(make_tournament, actor)
    empty = services.standings(t)
    services.director_set_result(rnd.tables.first(), actor, {"bobbl": [[21, 0], [21, 0]]})
    t.refresh_from_db()
    assert services.standings(t) != empty
