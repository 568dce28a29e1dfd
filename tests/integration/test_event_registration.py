"""Registering once for an event of sections (docs/registration.md, "An event's
announcement"): the limits checked on the server, the waiting list per section, moving a
registration to another section, and the sections' prizes on the announcements."""

from __future__ import annotations

import pytest
from django.core import mail

from tournaments.models import ActionLog, Entrant, MailRecord, Registration, Role
from tournaments.services import ServiceError, grant_role, prize_list
from tournaments.services import announcement as announcements
from tournaments.services import event_registration as er
from tournaments.services import events as ev

pytestmark = pytest.mark.django_db


@pytest.fixture
def open_event(boss, may_create, desk_user):
    """Open A (rating 1600 or more, 2 places) and B (under 1600, born 2000 or later)."""
    event = ev.create_event(boss, "Sommer-Open", organiser="SK Nord")
    a = ev.create_section(event, boss, "A", "Open A", "chess", {"rating_min": 1600})
    b = ev.create_section(event, boss, "U1600", "Open U1600", "chess",
                          {"rating_max": 1599, "born_from": 2000})
    for t in (a, b):
        announcements.save(t, boss, open=True, capacity=2, base_cents=2500)
        grant_role(t, boss, desk_user, Role.Kind.DESK)
    return event, a, b


def facts(rating=None, birth_year=None):
    """Elo and DWZ both ``rating``: the limits read the kind the section ranks by."""
    return {"rating": rating, "dwz": rating, "birth_year": birth_year}


def join(event, name, rating=None, birth_year=None, section=None):
    return er.register_at_event(event, name, f"{name.split()[0].lower()}@example.org",
                                section=section, facts=facts(rating, birth_year),
                                language="en")


def test_the_limits_place_the_person(open_event):
    event, a, b = open_event
    strong = join(event, "Anna Berg", 2100)
    young = join(event, "Ben Kurz", 1200, 2010)
    assert strong.tournament == a and young.tournament == b
    assert strong.place == young.place == Registration.Place.PLACED
    assert strong.entrant.tournament == a and strong.entrant.rating == 2100
    assert young.entrant.players.get().birth_date.year == 2010
    assert young.birth_year == 2010 and young.rating == 1200


def test_a_2100_player_cannot_enter_under_1600(open_event):
    event, _a, b = open_event
    with pytest.raises(ServiceError) as exc:
        join(event, "Anna Berg", 2100, 2005, section=b.pk)
    assert "section" in exc.value.errors
    assert "1599" in " ".join(exc.value.errors["section"])
    assert not Registration.objects.exists() and not Entrant.objects.exists()


@pytest.mark.parametrize("kw,field", [
    ({"rating": 5000}, "rating"), ({"rating": -1}, "rating"), ({"birth_year": 1800},
                                                                "birth_year"),
    ({"rating": "2000"}, "rating"), ({"section": 999_999}, "section")])
def test_bad_facts_are_refused_at_their_field(open_event, kw, field):
    event, _a, _b = open_event
    section = kw.pop("section", None)
    with pytest.raises(ServiceError) as exc:
        er.register_at_event(event, "X Y", "x@example.org", section=section,
                             facts={**facts(1800), **kw})
    assert field in exc.value.errors


def test_nobody_fits_or_several_fit(open_event, boss):
    event, _a, _b = open_event
    with pytest.raises(ServiceError) as exc:  # under 1600 but born before 2000
        join(event, "Old Man", 1200, 1950)
    assert exc.value.code == "no_section" and "section" in exc.value.errors
    c = ev.create_section(event, boss, "C", "Open C", "chess", {})
    announcements.save(c, boss, open=True)
    with pytest.raises(ServiceError) as exc:
        join(event, "Anna Berg", 2100)
    assert exc.value.code == "choose"
    assert join(event, "Anna Berg", 2100, section=c.pk).tournament == c


def test_waiting_list_per_section(open_event):
    event, a, b = open_event
    regs = [join(event, f"Strong {n}", 2000 + n) for n in range(3)]
    assert [r.place for r in regs] == ["placed", "placed", "waiting"]
    assert all(r.tournament == a for r in regs)
    low = join(event, "Low One", 1000, 2005)  # B has its own places
    assert low.place == "placed" and low.tournament == b
    assert er.offers(event)[0].places_left == 0 and er.offers(event)[1].places_left == 1


def test_move_to_another_section_frees_the_place_and_is_logged(open_event, boss):
    event, a, b = open_event
    anna = join(event, "Anna Berg", 1500, 2001, section=None)  # placed in U1600
    assert anna.tournament == b
    b_second = join(event, "Ben Kurz", 1400, 2002)
    b_waiting = join(event, "Cleo Lang", 1300, 2003)
    assert b_waiting.place == "waiting"
    ev.set_section(event, a, boss, "A", {})  # A open to all now: Anna may move up
    moved = er.move_registration(anna, a, boss)
    assert moved.tournament == a and moved.place == "placed" and moved.number == 1
    assert moved.entrant.tournament == a
    assert not Entrant.objects.filter(tournament=b, name="Anna Berg").exists()
    b_waiting.refresh_from_db()
    assert b_waiting.place == "placed"  # the freed place went to the first waiting one
    assert ActionLog.objects.filter(action="move_registration", tournament=a).count() == 1
    src = ActionLog.objects.get(action="move_registration", tournament=b)
    assert src.after["moved_up"] == [str(b_waiting)] and src.after["to"] == "A"
    assert MailRecord.objects.filter(registration=anna, kind="section").count() == 1
    assert b_second.tournament == b


def test_move_refused_by_the_limits_and_after_round_one(open_event, boss):
    event, a, b = open_event
    anna = join(event, "Anna Berg", 2100)
    with pytest.raises(ServiceError) as exc:
        er.move_registration(anna, b, boss)
    assert "section" in exc.value.errors and exc.value.code == "limits"
    anna.refresh_from_db()
    assert anna.tournament == a and anna.entrant.tournament == a


def test_the_desk_moves_on_the_registrations_page(open_event, client, desk_user, boss):
    event, a, b = open_event
    ev.set_section(event, a, boss, "A", {})
    ben = join(event, "Ben Kurz", 1200, 2010, section=b.pk)
    client.force_login(desk_user)
    page = client.get(f"/desk/{b.slug}/registrations/").content.decode()
    assert f'action="/desk/{b.slug}/registrations/{ben.number}/move/"' in page
    r = client.post(f"/desk/{b.slug}/registrations/{ben.number}/move/", {"section": "x"})
    assert r.status_code == 400
    r = client.post(f"/desk/{b.slug}/registrations/{ben.number}/move/", {"section": a.pk})
    assert r.status_code == 302
    ben.refresh_from_db()
    assert ben.tournament == a


def test_the_event_announcement_page(open_event, client, boss):
    event, a, b = open_event
    prize_list.set_prize_fund(a, boss, {
        "settings": {"reference_date": "2026-01-01"},
        "categories": {"u18": {"age_under": 18}},
        "prizes": [{"name": "1. Preis", "place": 1, "money": 30000},
                   {"name": "Bester U18", "place": 1, "money": 5000, "category": "u18"}]})
    page = client.get(f"/v/{event.slug}/announcement/",
                      HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Open A" in page and "Open U1600" in page and "1. Preis" in page
    assert "300,00" in page and "350,00" in page and "unter 18" in page.lower()
    # the section's own announcement shows the prizes too
    own = client.get(f"/t/{a.slug}/announcement/",
                     HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Bester U18" in own and "50,00" in own
    r = client.post(f"/v/{event.slug}/announcement/", {
        "name": "Anna Berg", "email": "anna@example.org", "section": str(b.pk),
        "rating": "2100", "dwz": "2100", "birth_year": "2005"})
    assert r.status_code == 400 and not Registration.objects.exists()
    assert 'id="id_section-err"' in r.content.decode()
    r = client.post(f"/v/{event.slug}/announcement/", {
        "name": "Anna Berg", "email": "anna@example.org", "section": "",
        "rating": "2100", "dwz": "2100", "birth_year": "2005"}, HTTP_ACCEPT_LANGUAGE="en")
    assert r.status_code == 302
    reg = Registration.objects.get()
    assert reg.tournament == a and reg.language in ("de", "en")
    r = client.post(f"/v/{event.slug}/announcement/", {
        "name": "Zed", "email": "z@example.org", "rating": "99999"})
    assert r.status_code == 400 and 'aria-invalid="true"' in r.content.decode()


def test_the_page_in_english(open_event, client):
    event, _a, _b = open_event
    client.cookies["django_language"] = "en"
    page = client.get(f"/v/{event.slug}/announcement/", HTTP_ACCEPT_LANGUAGE="en")
    text = page.content.decode()
    assert page.status_code == 200
    assert "Sections" in text and "Place me by my rating and age" in text
    assert "places left" in text


def test_mail_of_the_move_in_the_players_language(open_event, boss,
                                                  django_capture_on_commit_callbacks):
    event, a, b = open_event
    ev.set_section(event, a, boss, "A", {})
    with django_capture_on_commit_callbacks(execute=True):
        ben = join(event, "Ben Kurz", 1200, 2010, section=b.pk)
    with django_capture_on_commit_callbacks(execute=True):
        er.move_registration(ben, a, boss)
    subjects = [m.subject for m in mail.outbox]
    assert "Moved to section Open A" in subjects


def test_the_event_move_of_an_entrant_leaves_no_registration_behind(open_event, boss):
    """services.events.move_entrant refuses an entrant with an online registration (its
    place would stay in the old section): the registration is moved instead."""
    event, a, b = open_event
    ev.set_section(event, b, boss, "U1600", {})
    anna = join(event, "Anna Berg", 2100, section=a.pk)
    with pytest.raises(ServiceError) as exc:
        ev.move_entrant(anna.entrant, b, boss)
    assert "section" in exc.value.errors
    anna.refresh_from_db()
    assert anna.entrant.tournament == a and anna.place == "placed"


def test_a_section_with_limits_takes_no_registration_on_its_own_page(open_event, client):
    """Otherwise a 2100 player could enter "under 1600" past the limits."""
    event, _a, b = open_event
    page = client.get(f"/t/{b.slug}/announcement/", HTTP_ACCEPT_LANGUAGE="en")
    assert f'href="/v/{event.slug}/announcement/#signup"' in page.content.decode()
    r = client.post(f"/t/{b.slug}/announcement/", {"name": "Anna Berg",
                                                   "email": "anna@example.org"})
    assert r.status_code == 400 and not Registration.objects.exists()
    from tournaments.services import online
    with pytest.raises(ServiceError):
        online.register_online(b, "Anna Berg", "anna@example.org")
    assert not Registration.objects.exists()


def test_the_event_pages_link_the_announcement(open_event, client, boss):
    """A visitor of the event's public page and its director find the registration form."""
    event, a, b = open_event
    page = client.get(f"/v/{event.slug}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert f'href="/v/{event.slug}/announcement/"' in page
    client.force_login(boss.user)
    page = client.get(f"/director/events/{event.slug}/").content.decode()
    assert 'id="event-announcement-link"' in page
    for t in (a, b):  # registration closed everywhere: the public page stops offering it
        announcements.save(t, boss, open=False, capacity=2, base_cents=2500)
    client.logout()
    page = client.get(f"/v/{event.slug}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert f'href="/v/{event.slug}/announcement/"' not in page
