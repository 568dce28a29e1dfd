"""Events with sections (issue 33, docs/sections.md): the services and the pages."""

from __future__ import annotations

import pytest

from tournaments import services
from tournaments.models import ActionLog, Entrant, Event
from tournaments.services import Actor, ServiceError, hall_links
from tournaments.services import events as ev

pytestmark = pytest.mark.django_db


@pytest.fixture
def open_event(boss, may_create):
    """An open with two chess sections: A from rating 1800, B up to 1799."""
    event = ev.create_event(boss, "Sommer-Open", organiser="SK Nord")
    a = ev.create_section(event, boss, "A", "Open A", "chess", {"rating_min": 1800})
    b = ev.create_section(event, boss, "B", "Open B", "chess", {"rating_max": 1799})
    return event, a, b


def rating_kind(t):
    return t.disc.desk_rating(t)[0]


def person(name, value=None, **more):
    """A person whose Elo and DWZ are both ``value`` (the limits read the section's kind)."""
    return {"name": name, "rating": value, "dwz": value, **more}


def test_create_event_logs_and_refuses_a_bad_name(boss):
    event = ev.create_event(boss, "Grenke Open")
    assert Event.objects.get(slug=event.slug).name == "Grenke Open"
    assert ActionLog.objects.filter(action="create_event", target=event.slug,
                                    tournament=None).count() == 1
    with pytest.raises(ServiceError) as exc:
        ev.create_event(boss, "a\nb")
    assert "name" in exc.value.errors


def test_sections_listed_by_label_with_limits(open_event):
    event, a, _b = open_event
    assert [t.section_label for t in ev.sections(event)] == ["A", "B"]
    assert a.section_limits == {"rating_min": 1800}
    assert ActionLog.objects.filter(tournament=a, action="set_section").count() == 1


@pytest.mark.parametrize("limits,field", [
    ({"rating_min": -1}, "rating_min"), ({"rating_max": 5000}, "rating_max"),
    ({"born_from": 1800}, "born_from"), ({"rating_min": 2000, "rating_max": 1000}, "rating_max"),
    ({"rating_min": "1800"}, "rating_min"), ({"elo": 1}, "limits"), ([1], "limits")])
def test_bad_limits_are_refused_at_the_field(boss, limits, field):
    event = ev.create_event(boss, "Open")
    with pytest.raises(ServiceError) as exc:
        ev.create_section(event, boss, "A", "Open A", "skat", limits)
    assert field in exc.value.errors
    assert not event.sections.exists()  # all or nothing: no stray tournament


def test_a_label_once_per_event(open_event, boss):
    event, _a, _b = open_event
    with pytest.raises(ServiceError) as exc:
        ev.create_section(event, boss, "a", "Noch ein A", "chess")
    assert "label" in exc.value.errors


def test_desk_places_by_rating_and_asks_when_several_fit(open_event, boss):
    event, a, b = open_event
    strong = ev.sign_up_at_event(event, boss, person("Anna Berg", 2010))
    weak = ev.sign_up_at_event(event, boss, person("Bernd Ohm", 1500))
    unrated = ev.sign_up_at_event(event, boss, person("Carl Neu"))
    assert (strong.tournament_id, weak.tournament_id, unrated.tournament_id) == (a.pk, b.pk, b.pk)
    ev.set_section(event, b, boss, "B", {})  # B open to everybody now: both fit a strong one
    with pytest.raises(ServiceError) as exc:
        ev.sign_up_at_event(event, boss, person("Dora Fix", 1900))
    assert exc.value.code == "choose" and "section" in exc.value.errors
    chosen = ev.sign_up_at_event(event, boss, person("Dora Fix", 1900), section=b)
    assert chosen.tournament_id == b.pk


def test_desk_refuses_a_section_the_limits_forbid(open_event, boss):
    event, a, _b = open_event
    with pytest.raises(ServiceError) as exc:
        ev.sign_up_at_event(event, boss, person("Egon Schwach", 1200), section=a)
    assert exc.value.code == "limits" and "section" in exc.value.errors
    assert not Entrant.objects.filter(name="Egon Schwach").exists()


def test_age_section(boss):
    event = ev.create_event(boss, "Jugend")
    u18 = ev.create_section(event, boss, "U18", "U18", "skat", {"born_from": 2008})
    with pytest.raises(ServiceError) as exc:
        ev.sign_up_at_event(event, boss, person("Opa", birth_year=1950))
    assert exc.value.code == "no_section"
    with pytest.raises(ServiceError):
        ev.sign_up_at_event(event, boss, person("Ohne Jahr"))  # an age limit needs the year
    kid = ev.sign_up_at_event(event, boss, person("Kind", birth_year=2010))
    assert kid.tournament_id == u18.pk
    assert kid.players.get().birth_date.year == 2010


def test_move_before_round_one_is_one_logged_step(open_event, boss):
    event, a, b = open_event
    ev.set_section(event, b, boss, "B", {})
    e = ev.sign_up_at_event(event, boss, person("Anna Berg", 2010), section=a)
    moved = ev.move_entrant(e, b, boss)
    assert moved.tournament_id == b.pk and moved.name == "Anna Berg"
    assert not a.entrants.exists()
    assert ActionLog.objects.filter(action="move_section").count() == 2
    assert ActionLog.objects.filter(action="move_section", tournament=a).get().before["name"] \
        == "Anna Berg"


def test_move_refused_by_limits_and_after_round_one(open_event, boss, desk_user):
    event, a, b = open_event
    e = ev.sign_up_at_event(event, boss, person("Bernd Ohm", 1500))
    with pytest.raises(ServiceError) as exc:
        ev.move_entrant(e, a, boss)
    assert exc.value.code == "limits" and "section" in exc.value.errors
    assert Entrant.objects.filter(pk=e.pk, tournament=b).exists()
    for k in range(3):
        ev.sign_up_at_event(event, boss, person(f"Stark {k}", 2000 + k))
    ev.set_section(event, a, boss, "A", {})
    services.draw_round(a, boss, seed="s")
    with pytest.raises(ServiceError) as exc:
        ev.move_entrant(e, a, boss)
    assert "section" in exc.value.errors
    assert Entrant.objects.filter(pk=e.pk).exists()


def test_table_codes_differ_across_sections(open_event, boss):
    _event, a, b = open_event
    codes_a = {c.code for c in hall_links.make_table_codes(a, boss, 3)}
    codes_b = {c.code for c in hall_links.make_table_codes(b, boss, 3)}
    assert len(codes_a) == len(codes_b) == 3 and not codes_a & codes_b
    assert hall_links.table_code(next(iter(codes_b))).tournament_id == b.pk


def test_another_event_cannot_take_a_section(open_event, boss):
    _event, a, _b = open_event
    other = ev.create_event(boss, "Anderes")
    with pytest.raises(ServiceError) as exc:
        ev.set_section(other, a, boss, "X")
    assert "tournament" in exc.value.errors


# ----------------------------------------------------------------------------- pages


def test_pages(open_event, client, director, desk_user, stranger):
    event, a, b = open_event
    client.force_login(director)
    page = client.get(f"/director/events/{event.slug}/").content.decode()
    assert "Open A" in page and "Open B" in page and f"/director/{a.slug}/" in page
    assert client.get("/director/events/").status_code == 200
    r = client.post(f"/desk/events/{event.slug}/", {"s-name": "Anna Berg", "s-rating": "2010",
                                                    "s-dwz": "2010"})
    assert r.status_code == 302 and a.entrants.filter(name="Anna Berg").exists()
    r = client.post(f"/desk/events/{event.slug}/", {"s-name": "Low", "s-rating": "1000",
                                                    "s-dwz": "1000", "s-section": str(a.pk)})
    assert r.status_code == 400 and "A needs" in r.content.decode()
    public = client.get(f"/v/{event.slug}/").content.decode()
    assert f"/t/{a.slug}/" in public and f"/t/{b.slug}/" in public
    client.force_login(stranger)
    assert client.get(f"/director/events/{event.slug}/").status_code == 403
    assert client.get(f"/desk/events/{event.slug}/").status_code == 403
    services.grant_role(a, Actor(director, "d"), desk_user, "desk")
    client.force_login(desk_user)
    assert client.get(f"/desk/events/{event.slug}/").status_code == 200
    assert client.get(f"/director/events/{event.slug}/").status_code == 403


def test_page_creates_event_and_section_and_moves(client, may_create):
    client.force_login(may_create)
    r = client.post("/director/events/", {"event-name": "Herbst"})
    event = Event.objects.get(name="Herbst")
    assert r.status_code == 302
    for label, low in (("A", "1800"), ("B", "")):
        r = client.post(f"/director/events/{event.slug}/", {
            "action": "new", "new-label": label, "new-name": f"Gruppe {label}",
            "new-discipline": "chess", "new-planned_rounds": "5", "new-rating_min": low})
        assert r.status_code == 302, r.content.decode()[:2000]
    r = client.post(f"/director/events/{event.slug}/", {
        "action": "new", "new-label": "C", "new-name": "C", "new-discipline": "chess",
        "new-planned_rounds": "5", "new-rating_min": "2000", "new-rating_max": "100"})
    assert r.status_code == 400 and "the minimum is above the maximum" in r.content.decode()
    a, b = ev.sections(event)
    e = ev.sign_up_at_event(event, Actor(may_create, "d"), person("Zed", 1500), section=b)
    r = client.post(f"/director/events/{event.slug}/", {
        "action": "move", "move-entrant": str(e.pk), "move-section": str(a.pk)})
    assert r.status_code == 400 and "A needs" in r.content.decode()


@pytest.mark.parametrize("language", ["de", "en"])
def test_event_pages_speak_one_language(open_event, client, director, language):
    from .test_language import ENGLISH, GERMAN, NAMES, found_words, visible_text

    event, a, _b = open_event
    ev.sign_up_at_event(event, Actor(director, "d"), person("Anna Berg", 2010))
    client.force_login(director)
    words = ENGLISH if language == "de" else GERMAN
    names = [*NAMES[language], "Sommer-Open", "SK Nord", "Open A", "Open B", "Anna Berg",
             "direktor", "Open"]
    wrong = {}
    for url in ("/director/events/", f"/director/events/{event.slug}/",
                f"/desk/events/{event.slug}/", f"/v/{event.slug}/"):
        r = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
        assert r.status_code == 200, url
        found = found_words(visible_text(r.content.decode()), words, names)
        if found:
            wrong[url] = found
    r = client.post(f"/desk/events/{event.slug}/", {"s-name": "Low", "s-dwz": "900",
                    "s-rating": "900", "s-section": str(a.pk)}, HTTP_ACCEPT_LANGUAGE=language)
    found = found_words(visible_text(r.content.decode()), words, [*names, "Low"])
    if found:
        wrong["refusal"] = found
    assert not wrong, wrong


def test_table_card_names_the_section(open_event, client, director, boss):
    _event, _a, b = open_event
    hall_links.make_table_codes(b, boss, 2)
    client.force_login(director)
    page = client.get(f"/director/{b.slug}/table-cards/").content.decode()
    assert "Sommer-Open: Open B" in page and "B · Board 1" in page


def test_section_page_links_its_event(open_event, client, director):
    event, a, _b = open_event
    client.force_login(director)
    page = client.get(f"/director/{a.slug}/").content.decode()
    assert f"/director/events/{event.slug}/" in page


def test_event_projector_pages_through_every_public_section(open_event, client, boss):
    event, a, b = open_event
    ev.sign_up_at_event(event, boss, person("Anna Berg", 2010))
    ev.sign_up_at_event(event, boss, person("Bernd Ohm", 1500))
    page = client.get(f"/v/{event.slug}/projector/").content.decode()
    assert f"pj-section-{a.pk}" in page and f"pj-section-{b.pk}" in page
    assert "Anna Berg" in page and "Bernd Ohm" in page
    services.update_tournament(b, boss, public=False)
    page = client.get(f"/v/{event.slug}/projector/").content.decode()
    assert f"pj-section-{b.pk}" not in page and "Bernd Ohm" not in page
    services.update_tournament(a, boss, public=False)
    assert client.get(f"/v/{event.slug}/projector/").status_code == 404


def test_event_page_shows_where_each_section_stands(open_event, client, director, boss):
    event, a, _b = open_event
    ev.set_section(event, a, boss, "A", {})
    for k in range(4):
        ev.sign_up_at_event(event, boss, person(f"Stark {k}", 2000 + k), section=a)
    services.draw_round(a, boss, seed="s")
    services.publish_round(a, boss, 1)
    table = a.rounds.get(number=1).tables.first()
    services.director_set_result(table, boss, {"score": "1-0"})
    client.force_login(director)
    page = client.get(f"/director/events/{event.slug}/").content.decode()
    assert "round 1 published: 1 of 2 results" in page and "no round drawn yet" in page


@pytest.mark.parametrize("field,value", [("rating", "2000"), ("dwz", -5), ("birth_year", 1800),
                                         ("rating", True)])
def test_event_desk_refuses_bad_numbers_at_the_field(open_event, boss, field, value):
    event, _a, _b = open_event
    with pytest.raises(ServiceError) as exc:
        ev.sign_up_at_event(event, boss, {"name": "X", field: value})
    assert field in exc.value.errors
