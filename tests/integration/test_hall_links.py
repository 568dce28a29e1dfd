"""Links that follow the evening (issue 19): the permanent table code across three rounds of a
Mucken window-draw evening with moving pairs, and personal links confirming a result."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import ActionLog, Entrant, Result, ResultRevision, Seat, TableCode
from tournaments.services import Actor, ServiceError, hall_links, reporters, seating

pytestmark = pytest.mark.django_db

WINDOW = {"registration": {"window": 2, "random_up_to": 0, "sequential_from": None}}


def bobbl(first: int = 17) -> dict[str, str]:
    return {"bobbl[0].side1": "21", "bobbl[0].side2": "11",
            "bobbl[1].side1": str(first), "bobbl[1].side2": "21"}


def payload(first: int = 17) -> dict:
    return {"bobbl": [[21, 11], [first, 21]]}


@pytest.fixture
def evening(make_tournament, boss, desk_user):
    """A Mucken evening of eight fixed pairs seated by the window draw at registration."""
    t = make_tournament("mucken", "pair", name="Muckturnier Selb")
    t = services.update_tournament(t, boss, draw_options=WINDOW)
    desk = Actor(desk_user, desk_user.username)
    for i in range(1, 9):
        services.register(t, desk, [{"name": f"Anna{i}"}, {"name": f"Bert{i}"}],
                          status="present")
    seating.apply_cleanup(t, boss)
    return t


def where(t, number: int) -> dict[int, tuple[int, int]]:
    """start number -> (table, side) in round ``number``."""
    return {s.entrant.start_number: (s.table.number, s.side)
            for s in Seat.objects.filter(round__tournament=t, round__number=number)
            .select_related("entrant", "table")}


def play_round(t, boss, number: int) -> None:
    rnd = t.rounds.get(number=number)
    for table in rnd.tables.all():
        services.director_set_result(table, boss, payload(10 + table.number))
    services.close_round(t, boss, number)


def test_a_table_code_follows_the_evening_across_three_rounds(evening, boss, client):
    t = evening
    codes = hall_links.make_table_codes(t, boss, 4)
    assert [tc.number for tc in codes] == [1, 2, 3, 4]
    again = hall_links.make_table_codes(t, boss, 4)  # existing codes never change
    assert [tc.code for tc in again] == [tc.code for tc in codes]
    assert ActionLog.objects.filter(tournament=t, action="table_codes").count() == 1
    card = codes[2]  # the card taped to table 3
    url = reverse("links:table", args=[card.code])

    # No round yet: a clear page that looks again by itself, not a 404.
    r = client.get(url)
    assert r.status_code == 200 and 'data-waiting="no-round"' in r.content.decode()
    assert 'data-refresh="30"' in r.content.decode()  # in place (links-live.js), never
    assert 'http-equiv="refresh"' not in r.content.decode()  # a self-reloading page

    seen = []
    for number in (1, 2, 3):
        rnd = services.draw_round(t, boss, seed=f"selb-{number}")
        r = client.get(url)  # a preview is not open: still waiting
        assert r.status_code == 200 and "No round is open yet." in r.content.decode()
        services.publish_round(t, boss, number)
        r = client.get(url)
        table = rnd.tables.get(number=3)
        assert r.status_code == 302 and r["Location"] == reverse("captain:table",
                                                                 args=[table.token])
        assert "no-store" in r["Cache-Control"] and "private" in r["Cache-Control"]
        page = client.get(r["Location"]).content.decode()  # the captain page of the table
        sitting = sorted(s.entrant.name for s in table.seats.select_related("entrant"))
        assert all(name in page for name in sitting)
        seen.append(tuple(sitting))
        if number < 3:
            play_round(t, boss, number)
            # the old round's link: closed, pointing to table 3 of the open round once there
            closed = client.get(reverse("captain:table", args=[table.token]))
            assert closed.status_code == 410 and 'id="next-place"' not in closed.content.decode()
    # The pairs moved: table 3 had other people in each round, the card led to each.
    assert len(set(seen)) == 3
    assert where(t, 1) != where(t, 2) != where(t, 3)

    # A closed round's captain link never shows the table's permanent card code (issue 32,
    # finding 8; only the table's own phone is led on: test_security_round3.py).
    old = t.rounds.get(number=1).tables.get(number=3)
    closed = client.get(reverse("captain:table", args=[old.token])).content.decode()
    assert card.code not in closed and 'id="next-place"' not in closed

    # A table number the open round does not have: it says so, no 404.
    far = hall_links.make_table_codes(t, boss, 6)[5]
    r = client.get(reverse("links:table", args=[far.code]))
    assert r.status_code == 200 and "does not play in round 3" in r.content.decode()


def test_unknown_codes_are_404_then_429(client, settings, evening):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "captain_unknown": 3}
    got = [client.get(f"/tc/nothing-{i}-xxxxxxxxxxxxxxxxxxxxx/").status_code
           for i in range(3)]
    got.append(client.get("/e/nothing-else-xxxxxxxxxxxxxxxxxxxxxx/").status_code)
    assert got == [404, 404, 404, 429]


def test_the_director_prints_the_cards(evening, director_client):
    t = evening
    page = director_client.get(reverse("director:tournament", args=[t.slug])).content.decode()
    assert reverse("links:cards", args=[t.slug]) in page
    r = director_client.get(reverse("links:cards", args=[t.slug]))
    assert r.status_code == 200 and 'value="4"' in r.content.decode()  # four tables drawn
    r = director_client.post(reverse("links:cards", args=[t.slug]), {"count": "999"})
    assert r.status_code == 400 and "between 1 and 500" in r.content.decode()
    r = director_client.post(reverse("links:cards", args=[t.slug]), {"count": "4"})
    assert r.status_code == 302
    html = director_client.get(reverse("links:cards", args=[t.slug])).content.decode()
    assert html.count('class="links-card"') == 4
    assert html.count("data:image/svg+xml") == 4
    for tc in TableCode.objects.filter(tournament=t):
        assert reverse("links:table", args=[tc.code]) in html


# ------------------------------------------------------------------ personal links


@pytest.fixture
def round_one(evening, boss):
    t = evening
    rnd = services.draw_round(t, boss, seed="selb")
    services.publish_round(t, boss, 1)
    table = rnd.tables.get(number=1)
    seats = list(table.seats.select_related("entrant").order_by("side"))
    a, b = seats[0].entrant, seats[1].entrant
    assert seats[0].side != seats[1].side
    return t, table, a, b


def answer(client, entrant: Entrant, what: str = "confirm", version=None):
    result = Result.objects.filter(table__seats__entrant=entrant,
                                   table__round__status="open").first()
    v = result.version if version is None and result else version
    r = client.post(reverse("links:answer", args=[entrant.link_code]),
                    {"answer": what, "version": v})
    assert r.status_code == 302
    return re.search(r"said=(\w+)", r["Location"]).group(1)


def test_both_parties_confirm_through_their_personal_links(round_one, client, boss):
    t, table, a, b = round_one
    page = client.get(reverse("links:entrant", args=[a.link_code])).content.decode()
    assert 'data-table="1"' in page and b.name in page  # where I sit, and with whom
    assert "Not reported yet" in page
    # A captain's phone reports; party A's personal link confirms: two reports, confirmed.
    services.captain_submit(table.token, payload(), device_id="phone-of-somebody-0001")
    page = client.get(reverse("links:entrant", args=[a.link_code])).content.decode()
    assert 'id="confirm"' in page and "waiting for the other party" in page
    # Party A agrees: kept, but a phone's report confirmed by one party's link could be
    # that party agreeing with itself (issue 32, finding 10): party B has to agree too.
    assert answer(client, a) == "agreed"
    assert Result.objects.get(table=table).status == "submitted"
    assert answer(client, b) == "confirmed"
    assert Result.objects.get(table=table).status == "confirmed"
    keys = list(ResultRevision.objects.filter(table=table).values_list("reporter", flat=True))
    assert keys[1:] == [f"entrant:{a.pk}", f"entrant:{b.pk}"]
    # Confirming again adds nothing.
    assert answer(client, b) == "received"
    assert ResultRevision.objects.filter(table=table).count() == 3
    # After the round closes, my results and my standing.
    for other in t.rounds.get(number=1).tables.exclude(pk=table.pk):
        services.director_set_result(other, boss, payload())
    services.close_round(t, boss, 1)
    page = client.get(reverse("links:entrant", args=[a.link_code])).content.decode()
    assert 'id="history"' in page and 'id="standing"' in page and "Rank" in page
    assert "You do not play" not in page and "No round is open yet." in page


def test_a_party_cannot_confirm_its_own_report(round_one, client):
    _t, table, a, b = round_one
    # The phone that reported (its captain cookie goes along to /c/e/...) cannot confirm it.
    client.cookies[reporters.DEVICE_COOKIE] = "phone-of-party-a-0001"
    services.captain_submit(table.token, payload(), device_id="phone-of-party-a-0001")
    assert answer(client, a) == "own"
    assert answer(client, b) == "own"  # the same phone is the same party, whoever's link
    assert Result.objects.get(table=table).status == "submitted"
    # From another phone, party B's link confirms.
    client.cookies[reporters.DEVICE_COOKIE] = "phone-of-party-b-0002"
    assert answer(client, b) == "agreed"
    assert answer(client, a) == "confirmed"  # the other party's link agrees as well


def test_a_partner_on_the_same_side_is_the_same_party(make_tournament, boss, desk_user,
                                                      client):
    t = make_tournament("mucken", "single", name="Einzel")
    desk = Actor(desk_user, desk_user.username)
    for i in range(1, 5):
        services.register(t, desk, [{"name": f"Spieler{i}"}], status="present")
    rnd = services.draw_round(t, boss, seed="einzel")
    services.publish_round(t, boss, 1)
    table = rnd.tables.get()
    seats = list(table.seats.select_related("entrant").order_by("side", "position"))
    assert [s.side for s in seats] == [1, 1, 2, 2]
    services.captain_submit(table.token, payload(), device_id="phone-of-somebody-0001")
    assert answer(client, seats[0].entrant) == "agreed"
    assert answer(client, seats[1].entrant) == "agreed"  # the same side: not yet
    assert answer(client, seats[2].entrant) == "confirmed"  # the other side
    assert hall_links.party_keys(seats[1].entrant, table, None) == {
        f"entrant:{seats[0].entrant_id}", f"entrant:{seats[1].entrant_id}"}


def test_saying_it_is_wrong_disputes_and_a_stale_page_is_refused(round_one, client):
    t, table, _a, b = round_one
    services.captain_submit(table.token, payload(), device_id="phone-of-somebody-0001")
    old = Result.objects.get(table=table).version
    services.captain_submit(table.token, payload(19), device_id="phone-of-somebody-0001")
    assert answer(client, b, version=old) == "changed"  # the result changed since it was shown
    assert Result.objects.get(table=table).status == "submitted"
    assert answer(client, b, "wrong") == "disputed"
    result = Result.objects.get(table=table)
    assert result.status == "disputed" and result.payload == payload(19)
    assert ActionLog.objects.filter(tournament=t, action="entrant_dispute").count() == 1
    page = client.get(reverse("links:entrant", args=[b.link_code]) + "?said=disputed")
    assert "the director will decide" in page.content.decode()
    assert 'id="confirm"' not in page.content.decode()


def test_the_slip_and_the_prereg_code_show_the_personal_link(evening, desk_client):
    t = evening
    e = Entrant.objects.filter(tournament=t).first()
    html = desk_client.get(reverse("desk:slip", args=[t.slug, e.start_number])).content.decode()
    assert reverse("links:entrant", args=[e.link_code]) in html and 'id="slip-link"' in html


def test_codes_are_unique_per_entrant_and_bad_answers_are_refused(evening):
    codes = list(Entrant.objects.filter(tournament=evening).values_list("link_code", flat=True))
    assert len(set(codes)) == len(codes) == 8 and all(len(c) >= 32 for c in codes)
    with pytest.raises(ServiceError):
        hall_links.entrant_for_link("x" * 65)
    e = Entrant.objects.filter(tournament=evening).first()
    with pytest.raises(ServiceError):  # no round open
        hall_links.confirm(e, 1)
