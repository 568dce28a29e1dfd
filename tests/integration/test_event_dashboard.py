"""The director's dashboard of a whole event and the spectators' live board of it
(issue 33, docs/sections.md)."""

from __future__ import annotations

import pytest

from tournaments import services
from tournaments.models import ActionLog, Result, Round
from tournaments.services import Actor
from tournaments.services import event_dashboard as dash
from tournaments.services import events as ev

pytestmark = pytest.mark.django_db


@pytest.fixture
def three(boss, may_create):
    """A three-section open, four players in each (A from 2000, B 1600–1999, C below)."""
    event = ev.create_event(boss, "Grenke klein")
    a = ev.create_section(event, boss, "A", "Open A", "chess", {"rating_min": 2000})
    b = ev.create_section(event, boss, "B", "Open B", "chess",
                          {"rating_min": 1600, "rating_max": 1999})
    c = ev.create_section(event, boss, "C", "Open C", "chess", {"rating_max": 1599})
    for base, t in ((2100, a), (1700, b), (1200, c)):
        for k in range(4):
            ev.sign_up_at_event(event, boss, {"name": f"{t.section_label} Spieler {k}",
                                              "rating": base + k, "dwz": base + k})
    for t in (a, b, c):
        t.planned_rounds = 1
        t.save(update_fields=["planned_rounds"])
    return event, a, b, c


def post(client, event, t, action, number):
    return client.post(f"/director/events/{event.slug}/dashboard/", {
        "section": str(t.pk), "action": action, "round": str(number)})


def test_state_and_next_step_of_each_section(three, boss):
    event, a, b, _c = three
    services.draw_round(a, boss, seed="s")
    services.draw_round(b, boss, seed="s")
    services.publish_round(b, boss, 1)
    first, second = b.rounds.get(number=1).tables.order_by("number")
    services.director_set_result(first, boss, {"score": "1-0"})
    services.director_set_result(second, boss, {"score": "0-1"})
    Result.objects.filter(table=second).update(status=Result.Status.DISPUTED)
    rows = {r.label: r for r in dash.states(event)}
    assert (rows["A"].step, rows["A"].round, rows["A"].round_status) == ("publish", 1, "preview")
    assert (rows["A"].missing, rows["A"].tables) == (0, 2)  # a preview is not played yet
    assert (rows["B"].step, rows["B"].results, rows["B"].disputed, rows["B"].missing) == (
        "", 1, 1, 0)
    assert "disputed" in rows["B"].why
    assert (rows["C"].step, rows["C"].round, rows["C"].entrants) == ("draw", 0, 4)
    assert dash.totals(list(rows.values()))["disputed"] == 1


def test_a_director_runs_three_sections_from_the_dashboard(three, client, director):
    event, a, b, c = three
    client.force_login(director)
    page = client.get(f"/director/events/{event.slug}/").content.decode()
    assert f"/director/events/{event.slug}/dashboard/" in page  # linked from the event page
    for t in (a, b, c):
        r = post(client, event, t, "draw", 0)
        assert r.status_code == 302, r.content.decode()[:500]
        assert post(client, event, t, "publish", 1).status_code == 302
    page = client.get(f"/director/events/{event.slug}/dashboard/").content.decode()
    assert page.count("waiting for 2 result(s)") == 3
    for t in (a, b, c):
        for table in Round.objects.get(tournament=t, number=1).tables.all():
            services.director_set_result(table, Actor(director, "d"), {"score": "1-0"})
    page = client.get(f"/director/events/{event.slug}/dashboard/").content.decode()
    assert page.count('value="close"') == 3
    for t in (a, b, c):
        assert post(client, event, t, "close", 1).status_code == 302
        assert post(client, event, t, "finish", 1).status_code == 302
        t.refresh_from_db()
        assert t.status == "finished"
        assert ActionLog.objects.filter(tournament=t, action="finish_tournament").exists()
    page = client.get(f"/director/events/{event.slug}/dashboard/").content.decode()
    assert page.count("finished") >= 3 and "<button" not in page.split('id="dashboard"')[1]


def test_a_stale_or_wrong_step_is_refused_without_a_change(three, client, director, boss):
    event, a, _b, _c = three
    client.force_login(director)
    assert post(client, event, a, "draw", 0).status_code == 302
    r = post(client, event, a, "draw", 0)  # a second click on the same button
    assert r.status_code == 400 and "moved on meanwhile" in r.content.decode()
    assert a.rounds.count() == 1
    r = post(client, event, a, "close", 1)  # not due: the round is a preview
    assert r.status_code == 400 and "not due now" in r.content.decode()
    r = post(client, event, a, "explode", 1)
    assert r.status_code == 400
    r = client.post(f"/director/events/{event.slug}/dashboard/", {
        "section": "x", "action": "draw", "round": "0"})
    assert r.status_code == 400


def test_dashboard_permissions(three, client, director, desk_user, stranger):
    event, a, _b, _c = three
    client.force_login(stranger)
    assert client.get(f"/director/events/{event.slug}/dashboard/").status_code == 403
    assert post(client, event, a, "draw", 0).status_code == 403
    assert not a.rounds.exists()


def test_live_board_reaches_every_section(three, client, boss):
    event, a, b, c = three
    services.draw_round(a, boss, seed="s")
    services.publish_round(a, boss, 1)
    services.draw_round(b, boss, seed="s")  # a preview: spectators do not see it
    page = client.get(f"/v/{event.slug}/live/").content.decode()
    for t in (a, b, c):
        assert f"?section={t.section_label}" in page or 'aria-current="page"' in page
    assert "A Spieler 0" in page  # A's pairings and standings are shown first
    assert "B Spieler" not in page
    page_b = client.get(f"/v/{event.slug}/live/?section=B").content.decode()
    assert "B Spieler 0" in page_b and "A Spieler" not in page_b
    # An unknown section shows the first one: no new rendering for a made-up value.
    page_x = client.get(f"/v/{event.slug}/live/?section=ZZ&x=1").content.decode()
    assert "A Spieler 0" in page_x
    assert client.get(f"/v/{event.slug}/").content.decode().count(
        f"/v/{event.slug}/live/") >= 1


def test_live_board_is_cached_like_the_section_pages(three, client, boss):
    event, _a, _b, _c = three
    r = client.get(f"/v/{event.slug}/live/", HTTP_ACCEPT_ENCODING="gzip")
    assert r.status_code == 200 and "public" in r["Cache-Control"] and r["ETag"]
    again = client.get(f"/v/{event.slug}/live/", HTTP_IF_NONE_MATCH=r["ETag"])
    assert again.status_code == 304
    ev.sign_up_at_event(event, boss, {"name": "Neu", "rating": 2300, "dwz": 2300})
    changed = client.get(f"/v/{event.slug}/live/", HTTP_IF_NONE_MATCH=r["ETag"])
    assert changed.status_code == 200


def test_live_board_hides_sections_that_are_not_public(three, client, boss):
    event, a, b, c = three
    for t in (a, b, c):
        services.update_tournament(t, boss, public=False)
    assert client.get(f"/v/{event.slug}/live/").status_code == 404
    services.update_tournament(b, boss, public=True)
    page = client.get(f"/v/{event.slug}/live/").content.decode()
    assert "Open B" in page and "Open A" not in page


@pytest.mark.parametrize("language", ["de", "en"])
def test_dashboard_and_live_board_speak_one_language(three, client, director, boss, language):
    from .test_language import ENGLISH, GERMAN, NAMES, found_words, visible_text

    event, a, _b, _c = three
    services.draw_round(a, boss, seed="s")
    services.publish_round(a, boss, 1)
    words = ENGLISH if language == "de" else GERMAN
    names = [*NAMES[language], "Grenke klein", "Open A", "Open B", "Open C", "Spieler",
             "direktor", "Open"]
    wrong = {}
    for url, login in ((f"/director/events/{event.slug}/dashboard/", True),
                       (f"/director/events/{event.slug}/prizes/", True),
                       (f"/v/{event.slug}/live/", False)):
        if login:
            client.force_login(director)
        else:
            client.logout()
        r = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
        assert r.status_code == 200, url
        found = found_words(visible_text(r.content.decode()), words, names)
        if found:
            wrong[url] = found
    assert not wrong, wrong
