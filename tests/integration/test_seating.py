"""The draw at registration in the web app: seats at sign-up, cleanup, round 1, the options."""

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse

from pairing import window
from tournaments import services
from tournaments.models import ActionLog, Entrant, RegistrationSeat, Seat
from tournaments.services import Actor, ServiceError, seating

pytestmark = pytest.mark.django_db

WINDOW = {"registration": {"window": 4, "random_up_to": 0, "sequential_from": None}}


@pytest.fixture
def actor(director):
    return Actor(director, director.username)


@pytest.fixture
def desk(desk_user):
    return Actor(desk_user, desk_user.username)


def pairs(t, desk, n, start=1):
    return [services.register(t, desk, [{"name": f"A{i}"}, {"name": f"B{i}"}], status="present")
            for i in range(start, start + n)]


def window_tournament(make_tournament, actor, kind="pair", discipline="mucken", **reg):
    t = make_tournament(discipline, kind)
    options = {"registration": {**WINDOW["registration"], **reg}}
    return services.update_tournament(t, actor, draw_options=options)


def test_each_registration_gets_a_seat_in_the_window_and_the_log_records_it(
        make_tournament, actor, desk):
    t = window_tournament(make_tournament, actor)
    entrants = pairs(t, desk, 12)
    t.refresh_from_db()
    seed = t.draw_options["registration"]["seed"]
    seats = {e.pk: RegistrationSeat.objects.get(entrant=e) for e in entrants}
    # Replaying the registrations with the recorded seed gives exactly the same seats.
    replay = window.draw_for_registrations(12, window.WindowSettings(per_side=1, window=4), seed)
    assert [window.Seat(seats[e.pk].table, seats[e.pk].side, seats[e.pk].position)
            for e in entrants] == replay
    assert len({(s.table, s.side) for s in seats.values()}) == 12
    logged = [e.after["seat"] for e in ActionLog.objects.filter(tournament=t, action="register")
              .order_by("id")]
    assert [s["draw_index"] for s in logged] == list(range(12))
    assert [(s["table"], s["side"]) for s in logged] == [(s.table, s.side) for s in replay]


def test_the_database_refuses_a_second_entrant_on_one_seat(make_tournament, actor, desk):
    t = window_tournament(make_tournament, actor)
    a, b = pairs(t, desk, 2)
    seat = RegistrationSeat.objects.get(entrant=a)
    with pytest.raises(IntegrityError), transaction.atomic():
        RegistrationSeat.objects.filter(entrant=b).update(table=seat.table, side=seat.side,
                                                          position=seat.position)


def test_cleanup_moves_the_fewest_and_round_one_uses_the_seats(make_tournament, actor, desk):
    t = window_tournament(make_tournament, actor, window=5)
    entrants = pairs(t, desk, 20)
    plan = seating.cleanup_plan(t)
    outside = RegistrationSeat.objects.filter(tournament=t, table__gt=10).count()
    assert plan.tables == 10 and len(plan.moves) == outside
    if plan.needed:
        with pytest.raises(ServiceError, match="cleanup first"):
            services.draw_round(t, actor, seed="x")
    done = seating.apply_cleanup(t, actor)
    assert len(done.moves) == outside
    assert not seating.cleanup_plan(t).needed
    assert sorted((s.table, s.side) for s in RegistrationSeat.objects.filter(tournament=t)) == [
        (table, side) for table in range(1, 11) for side in (1, 2)]
    rnd = services.draw_round(t, actor)
    assert rnd.draw_method == "registration"
    t.refresh_from_db()
    assert rnd.draw_seed == t.draw_options["registration"]["seed"]
    for e in entrants:
        reg = RegistrationSeat.objects.get(entrant=e)
        seat = Seat.objects.get(round=rnd, entrant=e)
        assert (seat.table.number, seat.side) == (reg.table, reg.side)
    entry = ActionLog.objects.filter(tournament=t, action="registration_cleanup").get()
    assert len(entry.after["moves"]) == outside


def test_withdrawn_entrants_give_their_seat_back(make_tournament, actor, desk):
    t = window_tournament(make_tournament, actor, window=0)
    entrants = pairs(t, desk, 4)
    services.set_status(entrants[0], desk, Entrant.Status.WITHDRAWN)
    assert not RegistrationSeat.objects.filter(entrant=entrants[0]).exists()
    with pytest.raises(ServiceError):  # three pairs cannot fill whole tables
        seating.apply_cleanup(t, actor)
    assert "missing" in seating.cleanup_plan(t).error or "1" in seating.cleanup_plan(t).error
    services.set_status(entrants[0], desk, Entrant.Status.PRESENT)
    assert RegistrationSeat.objects.filter(entrant=entrants[0]).exists()


def test_single_players_sit_four_to_a_table(make_tournament, actor, desk):
    t = window_tournament(make_tournament, actor, kind="single", window=2)
    for i in range(8):
        services.register(t, desk, [{"name": f"S{i}"}], status="present")
    seats = list(RegistrationSeat.objects.filter(tournament=t))
    assert len({(s.table, s.side, s.position) for s in seats}) == 8
    assert {s.position for s in seats} <= {0, 1}
    seating.apply_cleanup(t, actor)
    rnd = services.draw_round(t, actor)
    assert [tb.seats.count() for tb in rnd.tables.all()] == [4, 4]


def test_switching_the_draw_on_seats_those_already_registered(make_tournament, actor, desk):
    t = make_tournament("mucken", "pair", 6)
    services.update_tournament(t, actor, draw_options=WINDOW)
    assert RegistrationSeat.objects.filter(tournament=t).count() == 6
    seed = Entrant.objects.filter(tournament=t).first().tournament.draw_options[
        "registration"]["seed"]
    services.update_tournament(t, actor, draw_options={"registration": {"window": 2}})
    t.refresh_from_db()
    assert t.draw_options["registration"]["seed"] == seed  # the recorded seed is kept


@pytest.mark.parametrize("options, place", [
    ({"registration": {"window": 11}}, "draw_options.registration.window"),
    ({"registration": {"window": -1}}, "draw_options.registration.window"),
    ({"registration": {"sequential_from": 0}}, "draw_options.registration.sequential_from"),
    ({"registration": {"colour": 1}}, "draw_options.registration"),
    ({"double": True}, "draw_options.double"),
    ("yes", "draw_options"),
])
def test_bad_draw_options_are_refused_at_the_option(make_tournament, actor, options, place):
    t = make_tournament("mucken", "pair")
    with pytest.raises(ServiceError) as info:
        services.update_tournament(t, actor, draw_options=options)
    assert place in info.value.errors


def test_double_round_robin_and_shift_system_through_the_service(make_tournament, actor):
    t = make_tournament("chess", entrants=4, pairing="round_robin")
    services.update_tournament(t, actor, draw_options={"double": True})
    opponents = []
    for n in range(1, 7):
        rnd = services.draw_round(t, actor, seed="s")
        assert rnd.draw_method == "round_robin"
        services.publish_round(t, actor, n)
        for tb in rnd.tables.all():
            ids = [s.entrant.start_number for s in tb.seats.order_by("side")]
            opponents.append(tuple(ids))
            services.director_set_result(tb, actor, {"score": "1/2-1/2"})
        services.close_round(t, actor, n)
    assert len(opponents) == 12
    assert {frozenset(p) for p in opponents} == {frozenset((a, b)) for a in range(1, 5)
                                                 for b in range(a + 1, 5)}
    assert sorted(opponents) == sorted(set(opponents))  # each colour order once
    with pytest.raises(ServiceError, match="only 6 rounds"):
        services.draw_round(t, actor)


def test_director_settings_page_sets_the_window_and_shows_errors_at_the_field(
        client, director, make_tournament):
    t = make_tournament("mucken", "pair")
    client.force_login(director)
    url = reverse("director:settings", args=[t.slug])
    base = {"name": t.name, "planned_rounds": 3, "pairing": "rotation", "status": "setup",
            "public": "on", "target": 21, "bobbl_per_round": 2, "unfinished": "leader"}
    r = client.post(url, {**base, "registration_draw": "on", "window": 12})
    assert r.status_code == 400
    assert "window" in r.context["form"].errors
    r = client.post(url, {**base, "registration_draw": "on", "window": 3, "random_up_to": 2})
    assert r.status_code == 302
    t.refresh_from_db()
    assert t.draw_options["registration"]["window"] == 3
    assert t.draw_options["registration"]["random_up_to"] == 2


def test_seating_page_lists_moves_and_applies_them(client, director, desk_user, make_tournament):
    t = make_tournament("mucken", "pair")
    actor = Actor(director, director.username)
    services.update_tournament(t, actor, draw_options=WINDOW)
    pairs(t, Actor(desk_user, "anmeldung"), 8)
    client.force_login(director)
    url = reverse("director:seating", args=[t.slug])
    page = client.get(url).content.decode()
    t.refresh_from_db()
    plan = seating.cleanup_plan(t)
    assert t.draw_options["registration"]["seed"] in page
    for m in plan.moves:
        assert m.target in page
    r = client.post(url)
    assert r.status_code == 302
    assert "Tables 1 to 4 are full" in client.get(url).content.decode()
    dashboard = client.get(reverse("director:tournament", args=[t.slug])).content.decode()
    assert "round 1 can be drawn" in dashboard


def test_desk_tells_the_seat_at_sign_up(client, desk_user, director, make_tournament):
    t = make_tournament("mucken", "pair")
    services.update_tournament(t, Actor(director, "direktor"), draw_options=WINDOW)
    client.force_login(desk_user)
    r = client.post(reverse("desk:tournament", args=[t.slug]),
                    {"p1_name": "Fritz", "p2_name": "Hans", "status": "present"},
                    headers={"HX-Request": "true"})
    seat = RegistrationSeat.objects.get(entrant__name="Fritz / Hans")
    label = seating.seat_label(seat.table, seat.side, seat.position, 1)
    assert label in r.content.decode()


def test_api_sets_the_window_shows_seats_and_applies_the_cleanup(director, make_tournament):
    from rest_framework.test import APIClient

    t = make_tournament("mucken", "pair")
    api = APIClient()
    api.force_authenticate(director)
    base = f"/api/v1/tournaments/{t.slug}/"
    bad = api.patch(base, {"draw_options": {"registration": {"window": 99}}}, format="json")
    assert bad.status_code == 400
    assert "draw_options.registration.window" in bad.json()
    ok = api.patch(base, {"draw_options": {"registration": {"window": 1}}}, format="json")
    assert ok.status_code == 200 and ok.json()["draw_options"]["registration"]["window"] == 1
    for i in range(5):
        r = api.post(base + "entrants/", {"players": [{"name": f"A{i}"}, {"name": f"B{i}"}]},
                     format="json")
        assert r.status_code == 201 and r.json()["seat"]["table"] >= 1
    plan = api.get(base + "seating/cleanup/").json()
    assert "missing" in plan["error"] or plan["error"]
    assert api.post(base + "seating/cleanup/").status_code == 400
    api.post(base + "entrants/", {"players": [{"name": "A9"}, {"name": "B9"}]}, format="json")
    plan = api.get(base + "seating/cleanup/").json()
    assert plan["error"] == "" and plan["tables"] == 3
    done = api.post(base + "seating/cleanup/")
    assert done.status_code == 200 and done.json()["moves"] == plan["moves"]
    seats = [e["seat"] for e in api.get(base + "entrants/").json()]
    assert sorted((s["table"], s["side"]) for s in seats) == [
        (table, side) for table in (1, 2, 3) for side in (1, 2)]
