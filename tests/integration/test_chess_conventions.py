"""The conventions of the seeds' chess program (Chaos) and of arbiters (issue 17).

Each test is named after the convention it checks: the free player of an odd round robin
scores nothing, the mode is fixed by the first draw, round 1 ranks by Elo else DWZ per
player, player 1's colour and the round-robin numbers are drawn by lot, the director
gives the Freilos and clears a result.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.core_messages import say
from tournaments.disciplines.chess import services as chess_services
from tournaments.disciplines.chess import trf as trf_services
from tournaments.models import ActionLog, Result, Round
from tournaments.services import Actor, ServiceError

from .test_api import client_for

pytestmark = pytest.mark.django_db
API = "/api/v1"


@pytest.fixture
def actor(director):
    return Actor(director, director.username)


def chess(actor, n: int, pairing: str = "dutch", rounds: int = 5, **scoring):
    t = services.create_tournament(actor, "Vereinsmeisterschaft", "chess",
                                   planned_rounds=rounds, pairing=pairing,
                                   scoring={**scoring} or None)
    for i in range(1, n + 1):
        services.register(t, actor, [{"name": f"Spieler {i}"}], status="present",
                          rating=2100 - 50 * i)
    t.refresh_from_db()
    return t


def boards(rnd: Round) -> list[tuple[int, int]]:
    out = []
    for table in rnd.tables.order_by("number").prefetch_related("seats__entrant"):
        sides = {s.side: s.entrant.start_number for s in table.seats.all()}
        out.append((sides[1], sides[2]))
    return out


def finish_round(t, actor, number: int, score: str = "1-0") -> None:
    rnd = t.rounds.get(number=number)
    if rnd.status == Round.Status.PREVIEW:
        services.publish_round(t, actor, number)
    for table in rnd.tables.all():
        services.director_set_result(table, actor, {"score": score})
    services.close_round(t, actor, number)


def said(rnd: Round) -> list[str]:
    """The draw's explanation as the reader gets it."""
    return [say(line) for line in rnd.draw_explanation]


def points(t) -> dict[int, Fraction]:
    rows = services.standings(t)["standings"]
    return {r["entrant"]: Fraction(str(r["values"]["points"])) for r in rows}


# ---------------------------------------------------------------- 1. the free player


def test_round_robin_free_player_gets_no_point(actor):
    t = chess(actor, 5, pairing="round_robin")
    rnd = services.draw_round(t, actor, seed="rr")
    (bye,) = rnd.byes.all()
    finish_round(t, actor, 1, "1/2-1/2")
    got = points(t)
    assert got[bye.entrant.start_number] == 0
    assert sorted(got.values()) == [0, Fraction(1, 2), Fraction(1, 2), Fraction(1, 2),
                                    Fraction(1, 2)]
    # The TRF and the document say the same: the bye is worth nothing here.
    assert "BBU  0.0" in trf_services.export_trf(t)
    assert services.export_document(t)["scoring"]["bye"] == 0


def test_swiss_pairing_allocated_bye_still_scores_a_point(actor):
    t = chess(actor, 5)
    rnd = services.draw_round(t, actor, seed="sw")
    (bye,) = rnd.byes.all()
    finish_round(t, actor, 1, "1/2-1/2")
    assert points(t)[bye.entrant.start_number] == 1


# ---------------------------------------------------------------- 2. the mode is locked


def test_mode_is_locked_after_the_first_draw(actor):
    t = chess(actor, 6)
    services.update_tournament(t, actor, pairing="round_robin")  # before any draw: fine
    services.update_tournament(t, actor, pairing="dutch")
    services.draw_round(t, actor, seed="a")
    for change in ({"pairing": "round_robin"}, {"pairing": "round_robin_shift"},
                   {"scoring": {**t.scoring, "system": "round_robin"}}):
        with pytest.raises(ServiceError) as refused:
            services.update_tournament(t, actor, **change)
        assert refused.value.status == 409
        field = next(iter(refused.value.errors))
        assert field == ("scoring.system" if "scoring" in change else "pairing")
        assert "fixed once round 1 is drawn" in refused.value.messages[0]
    services.update_tournament(t, actor, pairing="score_order")  # still a Swiss
    t.refresh_from_db()
    assert t.pairing == "score_order"


def test_mode_lock_says_why_on_the_page_and_in_the_api(actor, director, client):
    t = chess(actor, 6, pairing="round_robin")
    services.draw_round(t, actor, seed="a")
    api = client_for(director)
    answer = api.patch(f"{API}/tournaments/{t.slug}/", {"pairing": "dutch"}, format="json")
    assert answer.status_code == 409, answer.content
    assert "pairing" in answer.json()
    client.force_login(director)
    url = reverse("director:settings", args=[t.slug])
    shown = client.get(url).context["form"]
    form = {name: value for name in shown.fields
            if (value := shown[name].value()) not in (None, False)}
    form["pairing"] = "dutch"
    page = client.post(url, form)
    assert page.status_code == 400
    assert "fixed once round 1 is drawn" in page.content.decode()
    client.cookies["django_language"] = "de"
    page = client.post(url, form, HTTP_ACCEPT_LANGUAGE="de")
    assert "Runde 1" in page.content.decode()
    t.refresh_from_db()
    assert t.pairing == "round_robin"


# ---------------------------------------------------------------- 3. the round-1 ranking


def rated(actor, seeding: str | None = None):
    """Anna Elo 1800 (DWZ 1750), Bert DWZ 1900 only, Carl Elo 2000, Dora DWZ 1850 only."""
    t = services.create_tournament(actor, "Open", "chess",
                                   scoring={"seeding_rating": seeding} if seeding else None)
    for name, elo, dwz in (("Anna", 1800, 1750), ("Bert", None, 1900), ("Carl", 2000, None),
                           ("Dora", None, 1850)):
        services.register(t, actor, [{"name": name, **({"dwz": dwz} if dwz else {})}],
                          status="present", rating=elo)
    t.refresh_from_db()
    return t


def names_in_ranking(t) -> list[str]:
    return [e.name for e in trf_services.initial_ranking(t)]


def test_round_one_ranking_uses_elo_else_dwz_per_player(actor):
    t = rated(actor)
    assert t.disc.settings(t).seeding_rating == "elo_else_dwz"
    assert names_in_ranking(t) == ["Carl", "Bert", "Dora", "Anna"]
    rnd = services.draw_round(t, actor, seed="x")
    # Four players: 1 - 3 and 2 - 4, so Carl meets Dora and Bert meets Anna. (The draw of
    # round 1 gives the start numbers in this order too: issue 24 #13.)
    names = {e.start_number: e.name for e in t.entrants.all()}
    assert sorted(tuple(sorted(pair)) for pair in boards(rnd)) == [(1, 3), (2, 4)]
    assert {frozenset(names[n] for n in pair) for pair in boards(rnd)} == {
        frozenset(("Carl", "Dora")), frozenset(("Bert", "Anna"))}


@pytest.mark.parametrize("seeding, order", [
    ("elo", ["Carl", "Anna", "Bert", "Dora"]),
    ("dwz", ["Bert", "Dora", "Anna", "Carl"]),
    ("elo_else_dwz", ["Carl", "Bert", "Dora", "Anna"]),
])
def test_round_one_ranking_rating_is_a_tournament_setting(actor, seeding, order):
    assert names_in_ranking(rated(actor, seeding)) == order


def test_round_one_ranking_setting_refuses_unknown_values(actor):
    t = rated(actor)
    with pytest.raises(ServiceError) as refused:
        services.update_tournament(t, actor, scoring={**t.scoring, "seeding_rating": "fide"})
    assert "scoring.seeding_rating" in refused.value.errors


# ---------------------------------------------------------------- 4. player 1's colour


def test_colour_of_player_one_in_round_one_is_drawn_by_lot(actor):
    colours = {}
    for seed, colour in (("a", "black"), ("b", "white")):  # colour_by_lot("a") is "b"
        t = chess(actor, 6)
        rnd = services.draw_round(t, actor, seed=seed)
        top = t.entrants.get(start_number=1).pk  # rated highest: pairing number 1
        seat = rnd.tables.get(number=1).seats.get(entrant_id=top)
        colours[seed] = seat.side
        assert (f"Colour of pairing number 1 in round 1 drawn by lot (seed {seed}): "
                f"{colour.capitalize()}") in said(rnd)
        assert f"XXC {colour}1" in trf_services.export_trf(t)
    assert colours == {"a": 2, "b": 1}  # black, white


def test_colour_of_player_one_can_be_fixed_in_the_settings(actor):
    t = chess(actor, 6, first_colour="black")
    rnd = services.draw_round(t, actor, seed="b")  # the lot would say white
    top = t.entrants.get(start_number=1).pk
    assert rnd.tables.get(number=1).seats.get(entrant_id=top).side == 2
    assert "XXC black1" in trf_services.export_trf(t)


def test_colour_of_player_one_round_trips_through_the_trf(actor):
    t = chess(actor, 6)
    services.draw_round(t, actor, seed="a")  # black for player 1
    finish_round(t, actor, 1)
    services.draw_round(t, actor, seed="r2")
    text = trf_services.export_trf(t)
    assert "XXC black1" in text
    again = trf_services.import_trf(text, actor, slug="zurueck")
    assert again.details["initial_colour"] == "b"
    assert "XXC black1" in trf_services.export_trf(again)
    # The file without its round 2 is paired by the imported tournament as by the app.
    assert trf_services.export_trf(again) == text.replace(t.name, again.name)


# ---------------------------------------------------------------- 6. Freilos and clearing


def test_director_gives_the_full_point_bye_to_a_chosen_player(actor):
    t = chess(actor, 7)
    chess_services.give_full_bye(t, actor, 3, 1)
    rnd = services.draw_round(t, actor, seed="f")
    assert [(b.entrant.start_number, b.kind) for b in rnd.byes.all()] == [(3, "forfeit-win")]
    assert all(3 not in pair for pair in boards(rnd)) and len(boards(rnd)) == 3
    assert any("Full-point bye given by the director" in line and "Spieler 3" in line
               for line in said(rnd))
    finish_round(t, actor, 1)
    assert points(t)[3] == 1
    entry = ActionLog.objects.filter(tournament=t, action="give_full_bye").get()
    assert "Spieler 3" in entry.target
    # The TRF says F in round 1 for player 3, as the engines read a full-point bye.
    line = next(x for x in trf_services.export_trf(t).splitlines() if "Spieler 3" in x)
    assert line.rstrip().endswith("0000 - F")


def test_full_point_bye_one_per_round_and_refusals_name_the_field(actor):
    t = chess(actor, 7)
    chess_services.give_full_bye(t, actor, 3, 1)
    with pytest.raises(ServiceError) as refused:
        chess_services.give_full_bye(t, actor, 4, 1)
    assert "entrant" in refused.value.errors
    with pytest.raises(ServiceError) as refused:
        chess_services.give_full_bye(t, actor, 99, 1)
    assert "entrant" in refused.value.errors
    chess_services.cancel_bye(t, actor, 3, 1)
    chess_services.give_full_bye(t, actor, 4, 1)


def test_full_point_bye_on_the_director_page_and_in_the_api(actor, director, client):
    t = chess(actor, 7)
    client.force_login(director)
    e = t.entrants.get(start_number=5)
    page = client.post(reverse("director:request_bye", args=[t.slug]),
                       {"bye-entrant": e.pk, "bye-round_number": 1, "bye-kind": "full"})
    assert page.status_code == 302, page.content
    assert t.bye_requests.get().kind == "full"
    api = client_for(director)
    answer = api.post(f"{API}/tournaments/{t.slug}/bye-requests/",
                      {"entrant": 6, "round": 2, "kind": "full"}, format="json")
    assert answer.status_code == 201, answer.content
    assert answer.json()["kind"] == "full"


def test_director_clears_a_result(actor, director, client):
    t = chess(actor, 6)
    rnd = services.draw_round(t, actor, seed="c")
    services.publish_round(t, actor, 1)
    table = rnd.tables.get(number=1)
    services.director_set_result(table, actor, {"score": "1-0"})
    services.clear_result(table, actor)
    assert not Result.objects.filter(table=table).exists()
    entry = ActionLog.objects.filter(tournament=t, action="clear_result").get()
    assert entry.before["result"]["payload"] == {"score": "1-0"}
    with pytest.raises(ServiceError) as refused:  # nothing left to clear
        services.clear_result(table, actor)
    assert "table" in refused.value.errors
    # A cleared board keeps the round open: it cannot be closed without a result.
    with pytest.raises(ServiceError):
        services.close_round(t, actor, 1)
    # The page's button and the API do the same.
    services.director_set_result(table, actor, {"score": "0-1"})
    client.force_login(director)
    page = client.post(reverse("director:clear_result", args=[t.slug, 1, 1]))
    assert page.status_code == 302
    assert not Result.objects.filter(table=table).exists()
    services.director_set_result(table, actor, {"score": "0-1"})
    api = client_for(director)
    assert api.delete(f"{API}/tournaments/{t.slug}/rounds/1/tables/1/result/"
                      ).status_code == 204
    assert api.delete(f"{API}/tournaments/{t.slug}/rounds/1/tables/1/result/"
                      ).status_code == 400
    assert ActionLog.objects.filter(tournament=t, action="clear_result").count() == 3


def test_clearing_a_result_of_a_closed_round_is_refused(actor):
    t = chess(actor, 4)
    services.draw_round(t, actor, seed="c")
    finish_round(t, actor, 1)
    with pytest.raises(ServiceError) as refused:
        services.clear_result(t.rounds.get(number=1).tables.get(number=1), actor)
    assert refused.value.status == 409 and "table" in refused.value.errors


def test_colour_of_player_one_setting_is_fixed_after_the_first_draw(actor):
    t = chess(actor, 6)
    services.draw_round(t, actor, seed="a")
    with pytest.raises(ServiceError) as refused:
        services.update_tournament(t, actor, scoring={**t.scoring, "first_colour": "white"})
    assert "scoring.first_colour" in refused.value.errors


# ---------------------------------------------------------------- 5. round-robin numbers


def start_numbers_in_round(rnd: Round) -> list[tuple[int, int]]:
    return boards(rnd)


def test_round_robin_numbers_drawn_by_lot(actor):
    from pairing.lot import numbers_by_lot
    from pairing.roundrobin import berger

    t = chess(actor, 6, pairing="round_robin", round_robin_numbers="lot")
    rnd = services.draw_round(t, actor, seed="lot-1")
    order = numbers_by_lot([1, 2, 3, 4, 5, 6], "lot-1")
    assert order != [1, 2, 3, 4, 5, 6]
    expected = [(order[w - 1], order[b - 1]) for w, b in berger(6)[0]]
    assert boards(rnd) == expected
    published = ", ".join(f"{k} = #{n}" for k, n in enumerate(order, 1))
    assert f"numbers drawn by lot (seed lot-1): {published}" in said(rnd)
    entry = ActionLog.objects.filter(tournament=t, action="draw_round").get()
    assert entry.after["seed"] == "lot-1"  # the log keeps the seed the lot was drawn with
    # Later rounds keep round 1's numbers, whatever their own seed.
    finish_round(t, actor, 1)
    rnd2 = services.draw_round(t, actor, seed="other")
    assert boards(rnd2) == [(order[w - 1], order[b - 1]) for w, b in berger(6)[1]]
    # The player cards name the scheduled opponents by the same numbers.
    from tournaments.disciplines.chess.outputs import player_cards

    card = next(c for c in player_cards(t) if c.line.number == order[0])
    third = berger(6)[2]
    opponent = next(b if w == 1 else w for w, b in third if 1 in (w, b))
    assert card.rows[2].opponent == order[opponent - 1]


def test_round_robin_numbers_by_registration_when_set(actor):
    """Start-number order is the other choice (issue 24: a new tournament draws the numbers
    by lot, as the seed's program and FIDE do: test_round_robin_numbers_by_lot_by_default);
    either is fixed once round 1 is drawn."""
    from pairing.roundrobin import berger

    t = chess(actor, 6, pairing="round_robin", round_robin_numbers="registration")
    rnd = services.draw_round(t, actor, seed="lot-1")
    assert boards(rnd) == list(berger(6)[0])
    with pytest.raises(ServiceError) as refused:
        services.update_tournament(t, actor,
                                   scoring={**t.scoring, "round_robin_numbers": "lot"})
    assert "scoring.round_robin_numbers" in refused.value.errors


def test_round_robin_numbers_by_lot_by_default(actor):
    from pairing.lot import numbers_by_lot
    from pairing.roundrobin import berger

    t = chess(actor, 6, pairing="round_robin")
    assert t.scoring["round_robin_numbers"] == "lot"
    rnd = services.draw_round(t, actor, seed="lot-1")
    order = numbers_by_lot([1, 2, 3, 4, 5, 6], "lot-1")
    assert boards(rnd) == [(order[w - 1], order[b - 1]) for w, b in berger(6)[0]]


# ---------------------------------------------------------------- 7. DWZ report: birth dates


def test_missing_birth_date_is_asked_for_before_a_dwz_report(actor, director, client):
    import datetime

    from tournaments.disciplines.chess.outputs import dwz_report
    from tournaments.models import Player

    t = chess(actor, 4)
    Player.objects.filter(entries__tournament=t).update(dwz=1700)
    Player.objects.filter(entries__tournament=t, entries__start_number__in=[1, 2, 3]).update(
        birth_date=datetime.date(1990, 1, 1))
    services.draw_round(t, actor, seed="d")
    finish_round(t, actor, 1)
    assert [x.line.number for x in dwz_report(t).missing_birth_dates] == [4]
    client.force_login(director)
    page = client.get(reverse("reports:dwz", args=[t.slug])).content.decode()
    assert "Birth date missing" in page and "4. Spieler 4" in page
    api = client_for(director)
    assert api.get(f"{API}/tournaments/{t.slug}/dwz/").json()["missing_birth_dates"] == [4]
    Player.objects.filter(entries__tournament=t).update(birth_date=datetime.date(2010, 3, 1))
    assert dwz_report(t).missing_birth_dates == []
    assert "Birth date missing" not in client.get(
        reverse("reports:dwz", args=[t.slug])).content.decode()


# ---------------------------------------------------------------- 7. UpdateRatings


def rated_round_robin(actor):
    """Four players with DWZ (index 10), Elo for two, a round robin of three rounds played."""
    import datetime

    from tournaments.models import Player

    t = chess(actor, 4, pairing="round_robin", rounds=3)
    for k, p in enumerate(Player.objects.filter(entries__tournament=t).order_by("name")):
        p.dwz, p.dwz_index, p.birth_date = 1800 - 50 * k, 10, datetime.date(1980, 1, 1)
        p.rating = 1900 - 50 * k if k < 2 else None
        p.save()
    for number in (1, 2, 3):
        services.draw_round(t, actor, seed=f"u{number}")
        finish_round(t, actor, number)
    t.refresh_from_db()
    return t


def test_update_ratings_writes_the_new_dwz_and_elo_after_the_director_confirms(
        actor, director, client):
    from tournaments.disciplines.chess.outputs import dwz_report
    from tournaments.disciplines.chess.rating_update import rating_changes, update_ratings
    from tournaments.models import Player

    t = rated_round_robin(actor)
    report = {x.line.number: x for x in dwz_report(t).lines}
    changes = rating_changes(t)
    assert changes and all(x.dwz_after == report[x.number].dwz.rn for x in changes)
    with pytest.raises(ServiceError) as refused:  # not the list that was shown
        update_ratings(t, actor, [changes[0].number])
    assert refused.value.status == 409 and "confirmed" in refused.value.errors
    client.force_login(director)
    page = client.get(reverse("director:ratings", args=[t.slug])).content.decode()
    assert "rating-changes" in page
    answer = client.post(reverse("director:ratings", args=[t.slug]),
                         {"confirmed": [x.number for x in changes]})
    assert answer.status_code == 302
    for x in changes:
        p = Player.objects.get(pk=x.player)
        assert (p.dwz, p.dwz_index, p.rating) == (x.dwz_after, x.index_after, x.elo_after)
    assert ActionLog.objects.filter(tournament=t, action="update_ratings").count() == 1
    # The tournament's own evaluation is unchanged, and nothing is written twice.
    t.refresh_from_db()
    again = {x.line.number: x for x in dwz_report(t).lines}
    assert {n: (x.dwz.ro, x.dwz.rn) for n, x in again.items()} == {
        n: (x.dwz.ro, x.dwz.rn) for n, x in report.items()}
    with pytest.raises(ServiceError) as refused:
        update_ratings(t, actor, [])
    assert refused.value.status == 409


def test_update_ratings_waits_for_the_last_round_and_answers_in_the_api(actor, director):
    t = chess(actor, 4, rounds=3)
    services.draw_round(t, actor, seed="w")
    api = client_for(director)
    answer = api.post(f"{API}/tournaments/{t.slug}/ratings/", {"confirmed": []},
                      format="json")
    assert answer.status_code == 400 and "tournament" in answer.json()
    t = rated_round_robin(actor)
    listed = api.get(f"{API}/tournaments/{t.slug}/ratings/").json()
    answer = api.post(f"{API}/tournaments/{t.slug}/ratings/",
                      {"confirmed": [x["number"] for x in listed]}, format="json")
    assert answer.status_code == 200, answer.content
    assert answer.json() == listed


def test_chess_conventions_are_settings_on_the_settings_page(actor, director, client):
    t = rated(actor)
    client.force_login(director)
    url = reverse("director:settings", args=[t.slug])
    shown = client.get(url).context["form"]
    assert {"seeding_rating", "first_colour", "round_robin_numbers"} <= set(shown.fields)
    form = {name: value for name in shown.fields
            if (value := shown[name].value()) not in (None, False)}
    page = client.post(url, {**form, "seeding_rating": "dwz"})
    assert page.status_code == 302, page.content
    t.refresh_from_db()
    assert t.scoring["seeding_rating"] == "dwz"
    assert names_in_ranking(t) == ["Bert", "Dora", "Anna", "Carl"]


def test_seed_chess_nobody_gets_a_second_freilos(actor):
    # The chess program refused a Freilos to a player who had one; so does the director's
    # full-point bye, whether the first was the director's or the engine's.
    t = chess(actor, 7)
    chess_services.give_full_bye(t, actor, 3, 1)
    with pytest.raises(ServiceError) as refused:  # planned for round 1, not drawn yet
        chess_services.give_full_bye(t, actor, 3, 2)
    assert "entrant" in refused.value.errors
    assert "round 1" in str(refused.value) and "Spieler 3" in str(refused.value)
    services.draw_round(t, actor, seed="f")
    finish_round(t, actor, 1)
    with pytest.raises(ServiceError) as refused:  # round 1 played: the bye is a fact now
        chess_services.give_full_bye(t, actor, 3, 2)
    assert "round 1" in str(refused.value)
    chess_services.give_full_bye(t, actor, 4, 2)  # somebody else may have it
    rnd = services.draw_round(t, actor, seed="g")
    assert [(b.entrant.start_number, b.kind) for b in rnd.byes.all()] == [(4, "forfeit-win")]


def test_seed_chess_the_engines_bye_counts_as_a_freilos(actor):
    t = chess(actor, 7)
    rnd = services.draw_round(t, actor, seed="f")
    (bye,) = rnd.byes.all()
    assert bye.kind == "bye"
    finish_round(t, actor, 1)
    with pytest.raises(ServiceError) as refused:
        chess_services.give_full_bye(t, actor, bye.entrant.start_number, 2)
    assert "round 1" in str(refused.value)


def test_seed_chess_freilos_only_with_an_odd_number_of_active_players(actor, director, client):
    # The chess program gave a set Freilos only while the active players were odd and
    # refused the draw otherwise; the check waits for the draw, as the field can change.
    t = chess(actor, 8)
    chess_services.give_full_bye(t, actor, 3, 1)  # noted: a late entry or withdrawal may follow
    with pytest.raises(ServiceError) as refused:
        services.draw_round(t, actor, seed="f")
    assert "bye" in refused.value.errors
    assert "3. Spieler 3" in str(refused.value) and "7 others" in str(refused.value)
    assert not t.rounds.exists()
    client.force_login(director)
    panel = client.get(reverse("director:tournament", args=[t.slug]))
    assert b'id="freilos-warning"' in panel.content
    page = client.post(reverse("director:draw", args=[t.slug]), {"seed": "f", "method": "dutch"})
    assert page.status_code == 400
    assert "Freilos" in page.content.decode() and not t.rounds.exists()
    api = client_for(director)
    answer = api.post(f"{API}/tournaments/{t.slug}/rounds/draw/", {"seed": "f"}, format="json")
    assert answer.status_code == 400, answer.content
    assert "bye" in str(answer.json())
    # One player withdraws: seven active, the Freilos stands and nobody else is free.
    chess_services.withdraw(t, actor, 8, 1)
    assert b'id="freilos-warning"' not in client.get(
        reverse("director:tournament", args=[t.slug])).content
    rnd = services.draw_round(t, actor, seed="f")
    assert [(b.entrant.start_number, b.kind) for b in rnd.byes.all()] == [(3, "forfeit-win")]
    assert len(boards(rnd)) == 3


def test_seed_chess_equal_ratings_rank_by_name_and_unrated_players_last(actor):
    # The chess program: equal ratings in alphabetical order, players without a rating at
    # the end (here by name too, registered in another order).
    t = services.create_tournament(actor, "Blitz", "chess", planned_rounds=3, pairing="dutch")
    for name, rating in [("Zander, Udo", 1800), ("Ohne, Zahl", None), ("Adler, Eva", 1800),
                         ("Berg, Ina", None), ("Mohr, Tim", 1900)]:
        services.register(t, actor, [{"name": name}], status="present", rating=rating)
    t.refresh_from_db()
    assert names_in_ranking(t) == ["Mohr, Tim", "Adler, Eva", "Zander, Udo", "Berg, Ina",
                                   "Ohne, Zahl"]
