"""A team evening without 32 form submits: a team's whole line-up pasted at once (all or
nothing, each refused line named), the director's quick entry of a whole match ("3 1 1 ½ 0")
and the director's list with each section under its event."""

from __future__ import annotations

import re

import pytest

from tests.integration.test_teams import teams  # noqa: F401
from tournaments import services
from tournaments.disciplines.teamchess import quick_entry
from tournaments.models import ActionLog, Result, Round, TeamMember
from tournaments.services import Actor, ServiceError, team_lists
from tournaments.services import events as ev
from tournaments.services import teams as team_services
from tournaments.services.undo import undo_entry

pytestmark = pytest.mark.django_db

LINEUP = "Anna Berg, 2105\r\n\r\nBernd Cramer; 1834-23\nCarla Dorn\n  Dieter Ernst , 1950  \n"


def _names(e):
    return [(m.position, m.player.name, m.player.rating, m.player.dwz, m.player.dwz_index,
             m.substitute) for m in team_services.roster(e)]


def test_a_pasted_list_adds_the_whole_line_up_in_order(make_tournament, boss):
    t = make_tournament("teamchess", "team", entrants=2)
    e = t.entrants.get(start_number=1)
    added = team_lists.add_members(t, boss, e.pk, LINEUP)
    assert len(added) == 4
    assert _names(e) == [(1, "Anna Berg", 2105, None, None, False),
                         (2, "Bernd Cramer", None, 1834, 23, False),
                         (3, "Carla Dorn", None, None, None, False),
                         (4, "Dieter Ernst", 1950, None, None, False)]
    team_lists.add_members(t, boss, e.pk, "Emil Fuchs, 1700", substitute=True)
    assert _names(e)[-1] == (5, "Emil Fuchs", 1700, None, None, True)
    e.refresh_from_db()
    assert e.rating == round((2105 + 1950) / 2)  # the top four's Elo in board order
    # one log entry a player, undone from the bottom as a single addition is
    entries = list(ActionLog.objects.filter(tournament=t, action="team_member_add")
                   .order_by("-pk"))
    assert len(entries) == 5
    undo_entry(t, boss, entries[0].pk)
    undo_entry(t, boss, entries[1].pk)
    assert [n for _p, n, *_r in _names(e)] == ["Anna Berg", "Bernd Cramer", "Carla Dorn"]


def test_a_name_may_hold_a_comma_as_the_rating_lists_write_it():
    lines = team_lists.parse("Müller,Hans\nMüller,Hanna, 1901\nMeier, Jo; 1834-23\nX;")
    assert [(x.name, x.elo, x.dwz) for x in lines] == [
        ("Müller,Hans", None, None), ("Müller,Hanna", "1901", None),
        ("Meier, Jo", None, "1834-23"), ("X;", None, None)]


def test_a_refused_line_stores_nothing_and_every_bad_line_is_named(make_tournament, boss):
    t = make_tournament("teamchess", "team", entrants=2)
    e = t.entrants.get(start_number=1)
    team_lists.add_members(t, boss, e.pk, "Anna Berg, 2105")
    before = ActionLog.objects.filter(tournament=t).count()
    text = "Xaver Yps, 2000\nAnna Berg, 1900\nBodo; 18x4-3\n\nCarl, 9999\nDora, 1800"
    with pytest.raises(ServiceError) as err:
        team_lists.add_members(t, boss, e.pk, text)
    said = err.value.errors[team_lists.FIELD]
    assert [m.split(" ")[1] for m in said] == ["2", "3", "5"], said  # line numbers as pasted
    assert "Anna Berg" in said[0] and "1834-23" in said[1] and "3500" in said[2]
    assert [n for _p, n, *_r in _names(e)] == ["Anna Berg"]  # nothing of the list stored
    assert ActionLog.objects.filter(tournament=t).count() == before


def test_a_list_after_round_1_is_refused_once(make_tournament, boss):
    t = make_tournament("teamchess", "team", entrants=2)
    for e in t.entrants.all():
        team_lists.add_members(t, boss, e.pk, "A, 1500\nB, 1400\nC, 1300\nD, 1200")
    services.draw_round(t, boss, seed="s")
    with pytest.raises(ServiceError) as err:
        team_lists.add_members(t, boss, t.entrants.first().pk, "E, 1100\nF, 1000")
    assert err.value.errors == {"team": ["the board order is fixed once round 1 is drawn"]}
    assert TeamMember.objects.count() == 8


def test_the_list_is_bounded(make_tournament, boss):
    t = make_tournament("teamchess", "team", entrants=2)
    e = t.entrants.get(start_number=1)
    with pytest.raises(ServiceError, match="20"):
        team_lists.add_members(t, boss, e.pk, "\n".join(f"P{k}, 1500" for k in range(21)))
    with pytest.raises(ServiceError):
        team_lists.add_members(t, boss, e.pk, "x" * (team_lists.MAX_TEXT + 1))
    with pytest.raises(ServiceError):
        team_lists.add_members(t, boss, e.pk, "  \n ")
    assert TeamMember.objects.filter(team__entrant=e).count() == 0
    team_lists.add_members(t, boss, e.pk, "\n".join(f"P{k}, 1500" for k in range(20)))
    assert TeamMember.objects.filter(team__entrant=e).count() == 20


def test_the_teams_page_takes_a_pasted_list_and_refuses_at_the_field(make_tournament,
                                                                     desk_client):
    t = make_tournament("teamchess", "team", entrants=2)
    url = f"/desk/{t.slug}/teams/"
    page = desk_client.get(url).content.decode()
    assert 'name="members"' in page and 'value="paste"' in page
    assert 'data-search-slot="t1"' in page  # the single form with the picker stays
    bad = desk_client.post(url, {"team": 2, "action": "paste",
                                 "members": "Anna Berg, 2105\nBodo, 18x0"})
    assert bad.status_code == 400
    html = bad.content.decode()
    assert 'id="paste-errors-2"' in html and "Line 2 (Bodo)" in html
    assert 'aria-invalid="true"' in html and "Anna Berg, 2105" in html  # kept to fix
    assert TeamMember.objects.count() == 0
    assert re.search(r'<ul class="errorlist"[^>]*role=', html) is None  # lists stay lists
    single = desk_client.post(url, {"team": 1, "action": "add", "name": "Eva", "rating": "x"})
    assert single.status_code == 400
    assert '<div role="alert"><ul class="errorlist"><li>' in single.content.decode()
    ok = desk_client.post(url, {"team": 2, "action": "paste", "members": LINEUP})
    assert ok.status_code == 302
    e = t.entrants.get(start_number=2)
    assert [n for _p, n, *_r in _names(e)][:2] == ["Anna Berg", "Bernd Cramer"]
    desk_client.post(url, {"team": 2, "action": "paste", "members": "Emil Fuchs, 1700",
                           "substitutes": "1"})
    assert _names(e)[-1] == (5, "Emil Fuchs", 1700, None, None, True)
    services.draw_round(t, Actor(None, "test"), seed="s")  # the page still open at the desk
    late = desk_client.post(url, {"team": 2, "action": "paste", "members": "Fritz, 1500"})
    assert late.status_code == 400
    html = late.content.decode()
    assert "Round 1 is drawn" in html and 'name="members"' not in html
    assert "the board order is fixed once round 1 is drawn" in html  # on the team's card


@pytest.mark.parametrize(("typed", "match", "boards"), [
    ("3 1 1 ½ 0", 3, ["1-0", "1-0", "1/2-1/2", "0-1"]),
    ("3: 1-0 ½-½ 0-1 1:0", 3, ["1-0", "1/2-1/2", "0-1", "1-0"]),
    ("12 11=0", 12, ["1-0", "1-0", "1/2-1/2", "0-1"]),
    (" 1  + - -- r ", 1, ["+-", "-+", "--", "1/2-1/2"]),
])
def test_the_match_quick_entry_reads_each_spelling(typed, match, boards):
    assert quick_entry.parse(typed) == (match, boards)


@pytest.mark.parametrize(("typed", "place"), [
    ("", "e.g."), ("3", "e.g."), ("a 1 1 1 1", "e.g."), ("3 1 x ½ 0", "board 2"),
    ("3 " + "1 " * 100, "e.g."),
])
def test_the_match_quick_entry_refuses_with_the_place(typed, place):
    with pytest.raises(ServiceError) as err:
        quick_entry.parse(typed)
    assert place in " ".join(err.value.errors[quick_entry.FIELD])


def test_the_director_enters_a_whole_match_on_the_round_page(teams, boss,  # noqa: F811
                                                           director_client):
    t = teams(4)
    services.draw_round(t, boss, seed="s")
    services.publish_round(t, boss, 1)
    url = f"/director/{t.slug}/rounds/1/"
    page = director_client.get(url).content.decode()
    assert 'id="id_quick"' in page and 'placeholder="3 1 1 ½ 0"' in page
    assert "Matches without a result: 1, 2" in page
    wrong = director_client.post(url + "quick/", {"quick": "2 1 1 ½"})
    assert wrong.status_code == 400
    assert "Match 2 has 4 boards; you typed 3 results." in wrong.content.decode()
    assert not Result.objects.filter(table__round__tournament=t).exists()
    missing = director_client.post(url + "quick/", {"quick": "7 1 1 1 1"})
    assert missing.status_code == 400 and "no match 7" in missing.content.decode()
    done = director_client.post(url + "quick/", {"quick": "2 1 1 ½ 0"})
    assert done.status_code == 302
    rnd = Round.objects.get(tournament=t, number=1)
    result = Result.objects.get(table__round=rnd, table__number=2)
    assert result.payload == {"boards": ["1-0", "1-0", "1/2-1/2", "0-1"]}
    assert result.status == Result.Status.CONFIRMED
    assert ActionLog.objects.filter(tournament=t, action="set_result").count() == 1
    after = director_client.get(done["Location"]).content.decode()
    assert "2½ : 1½ saved" in after and "Still open: 1." in after


def test_the_directors_list_shows_sections_under_their_event(make_tournament, boss,
                                                            director_client):
    first = make_tournament("chess", name="Vereinsmeisterschaft")
    event = ev.create_event(boss, "Sommer-Open")
    a = ev.create_section(event, boss, "A", "Sommer-Open A", "chess")
    between = make_tournament("chess", name="Blitz dazwischen")
    b = ev.create_section(event, boss, "B", "Sommer-Open B", "chess")
    html = director_client.get("/director/").content.decode()
    link = f'href="/director/events/{event.slug}/"'
    assert link in html and "Event: Sommer-Open" in html
    # newest first as before; the event stands where its newest section stands
    spots = [html.index(x) for x in (link, f"/director/{b.slug}/", f"/director/{a.slug}/",
                                     f"/director/{between.slug}/",
                                     f"/director/{first.slug}/")]
    assert spots == sorted(spots), spots
    assert html.count("Section A") == 1 and "Section B" in html
