"""Prizes across the sections of an event (issue 33, docs/prizes.md): the event's list and
the club list, one prize per person over the sections' lists, the pages and the PDFs."""

from __future__ import annotations

import pytest

from tournaments import services
from tournaments.models import ActionLog, Event
from tournaments.services import ServiceError
from tournaments.services import event_prizes as ep
from tournaments.services import events as ev
from tournaments.services import prize_list as pl
from tournaments.services.finish import finish_tournament

pytestmark = pytest.mark.django_db

SECTION_FUND = {"settings": {}, "categories": {},
                "prizes": [{"name": "1st", "place": 1, "money": 10000}]}
EVENT_FUND = {
    "settings": {"reference_date": "2026-01-01"},
    "categories": {"junior": {"age_under": 18}},
    "prizes": [{"name": "best junior", "place": 1, "money": 5000, "category": "junior"}],
    "club_prizes": [{"name": "best club", "place": 1, "money": 20000}],
    "event": {"order": "sections_first", "rank": "sections", "one_prize": True,
              "team_size": 2}}


@pytest.fixture
def played(boss, may_create):
    """Two sections of four, one round each, finished; juniors in both."""
    event = ev.create_event(boss, "Jugend-Open")
    a = ev.create_section(event, boss, "A", "Open A", "chess", {"rating_min": 1800})
    b = ev.create_section(event, boss, "B", "Open B", "chess", {"rating_max": 1799})
    people = [("Anna Jung", 2100, 2012, "SK Nord"), ("Carl Alt", 2000, 1970, "SV Süd"),
              ("Dora Alt", 1900, 1960, "SK Nord"), ("Emil Alt", 1850, 1965, "SV Süd"),
              ("Bernd Jung", 1700, 2013, "SK Nord"), ("Fritz Jung", 1600, 2011, "SV Süd"),
              ("Gero Alt", 1500, 1950, "SV Süd"), ("Hans Alt", 1400, 1955, "SK Nord")]
    for name, rating, year, club in people:
        ev.sign_up_at_event(event, boss, {"name": name, "rating": rating, "dwz": rating,
                                          "birth_year": year, "club": club})
    for t in (a, b):
        services.draw_round(t, boss, seed="prizes")
        services.publish_round(t, boss, 1)
        for table in t.rounds.get(number=1).tables.all():
            services.director_set_result(table, boss, {"score": "1-0"})
        services.close_round(t, boss, 1)
        pl.set_prize_fund(t, boss, SECTION_FUND)
        t.refresh_from_db()
    return event, a, b


def winners(prize_list):
    return [(a.name, a.money) for a in prize_list.awards]


def test_sections_alone_until_the_event_has_prizes(played):
    event, a, _b = played
    assert ep.event_prizes(event) is None
    assert len(pl.prize_list(a).awards) == 1


def test_the_event_list_skips_the_section_winners(played, boss):
    event, a, _b = played
    event = ep.set_event_prize_fund(event, boss, EVENT_FUND)
    found = ep.event_prizes(event)
    a_winner = found.sections[0][1].awards[0].name
    b_winner = found.sections[1][1].awards[0].name
    junior = found.event_list.awards
    assert len(junior) == 1 and junior[0].money == 5000
    assert a_winner not in junior[0].name and b_winner not in junior[0].name
    assert "Jung" in junior[0].name
    assert [a.money for a in found.club_list.awards] == [20000]
    assert found.paid == 10000 + 10000 + 5000 + 20000
    # Every section's own list is now its part of the event's allocation.
    assert pl.prize_list(a).awards[0].name == a_winner
    assert ActionLog.objects.filter(action="set_event_prize_fund", tournament=None,
                                    target=event.slug).count() == 1


def test_event_first_takes_the_junior_before_the_sections(played, boss):
    event, _a, _b = played
    event = ep.set_event_prize_fund(event, boss, {**EVENT_FUND, "event": {
        **EVENT_FUND["event"], "order": "event_first"}})
    found = ep.event_prizes(event)
    junior = found.event_list.awards[0].name
    # Section A's list is ranked by A: the event's best junior (from A, ranked first by
    # section) takes the junior prize, so A's first prize passes to the next player.
    assert junior.endswith("(A)")
    assert junior.split(" (")[0] not in [x.name for _t, p in found.sections for x in p.awards]


@pytest.mark.parametrize("doc,field", [
    ([], "prize_fund"),
    ({"colour": 1}, "colour"),
    ({"event": {"order": "random"}}, "event.order"),
    ({"event": {"team_size": 0}}, "event.team_size"),
    ({"event": {"one_prize": "yes"}}, "event.one_prize"),
    ({"club_prizes": [{"name": "x", "place": 1, "money": -1}]}, "club_prizes[0].money"),
    ({"prizes": [{"name": "x", "place": 1, "category": "nope"}]}, "prizes[0]"),
])
def test_a_bad_event_prize_list_is_refused_at_its_place(played, boss, doc, field):
    event, _a, _b = played
    with pytest.raises(ServiceError) as exc:
        ep.set_event_prize_fund(event, boss, doc)
    assert any(k.startswith(field) for k in exc.value.errors), exc.value.errors
    assert Event.objects.get(pk=event.pk).prize_fund == {}


def test_the_page_saves_and_shows_the_event_lists(played, client, director):
    event, _a, _b = played
    client.force_login(director)
    url = f"/director/events/{event.slug}/prizes/"
    assert client.get(url).status_code == 200
    form = {"rules-ties": "tiebreak", "rules-one_prize": "on",
            "rules-reference_date": "2026-01-01",
            "cat-TOTAL_FORMS": "1", "cat-INITIAL_FORMS": "0",
            "cat-0-name": "junior", "cat-0-kind": "age_under", "cat-0-value": "18",
            "prize-TOTAL_FORMS": "1", "prize-INITIAL_FORMS": "0",
            "prize-0-category": "junior", "prize-0-place": "1", "prize-0-money": "50",
            "event-order": "sections_first", "event-rank": "sections",
            "event-one_prize": "on", "event-team_size": "2",
            "club-TOTAL_FORMS": "1", "club-INITIAL_FORMS": "0",
            "club-0-place": "1", "club-0-money": "200"}
    r = client.post(url, form)
    assert r.status_code == 302, r.content.decode()[:3000]
    page = client.get(url).content.decode()
    assert "450.00" in page  # 100 + 100 + 50 + 200 €
    r = client.post(url, {**form, "event-team_size": "99"})
    assert r.status_code == 400
    pdf = client.get(f"/director/events/{event.slug}/prizes/cash.pdf")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    assert client.get(f"/director/events/{event.slug}/prizes/list.pdf").content.startswith(
        b"%PDF")
    assert client.get(f"/director/events/{event.slug}/prizes/x.pdf").status_code == 404


def test_the_public_end_page_shows_the_event_prizes_once_finished(played, client, boss):
    event, a, b = played
    event = ep.set_event_prize_fund(event, boss, EVENT_FUND)
    assert "event-prizes" not in client.get(f"/v/{event.slug}/").content.decode()
    for t in (a, b):
        finish_tournament(t, boss)
    page = client.get(f"/v/{event.slug}/").content.decode()
    assert 'id="event-prizes"' in page and "200.00" in page


def test_pages_refuse_strangers(played, client, stranger):
    event, _a, _b = played
    client.force_login(stranger)
    assert client.get(f"/director/events/{event.slug}/prizes/").status_code == 403
    assert client.get(f"/director/events/{event.slug}/prizes/list.pdf").status_code == 403
