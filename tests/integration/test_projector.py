"""The projector and "where do I sit?": every row in the page (the script pages through them),
the panels and seconds from the address, Mucken's time limit, and no "provisional" once a
round is closed (public page, projector, phones)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import Entrant
from tournaments.services.finish import finish_tournament
from tournaments.services.seat_list import seat_lines, sort_key

pytestmark = pytest.mark.django_db


def published(t, boss):
    rnd = services.draw_round(t, boss, seed="projector")
    services.publish_round(t, boss, rnd.number)
    return rnd


def test_the_projector_page_carries_every_row_for_the_script_to_page(client, make_tournament,
                                                                     boss):
    t = make_tournament("mucken", entrant_kind="pair", entrants=60, name="Große Halle")
    rnd = published(t, boss)
    html = client.get(reverse("public:projector", args=[t.slug])).content.decode()
    standings = html[html.index('id="standings"'):html.index('id="pairings"')]
    pairings = html[html.index('id="pairings"'):html.index('id="seats"')]
    seats = html[html.index('id="seats"'):]
    names = list(t.entrants.values_list("name", flat=True))
    assert len(names) == 60
    assert all(name in standings for name in names)
    assert standings.count('<td class="name">') == 60
    assert pairings.count('class="num table-no"') == rnd.tables.count() == 30
    assert seats.count('class="seat-line"') == 120  # each player of a pair by name
    assert all(f"Spieler {i}{ab}" in seats for i in range(1, 61) for ab in "ab")
    # the paging is the script's: seconds per page, the panels, the page line's wording
    assert 'data-seconds="10"' in html and 'data-page-format="Page {x} of {y}"' in html
    assert '<script src="/static/js/projector.js" defer></script>' in html
    assert [m for m in re.findall(r'data-panel="(\w+)"', html)] == [
        "standings", "pairings", "seats"]
    assert 'id="pj-clock"' in html


@pytest.mark.parametrize(("query", "seconds"), [
    ("?seconds=3", 3), ("?seconds=0", 1), ("?seconds=99999", 600), ("?seconds=abc", 10),
    ("", 10)])
def test_seconds_per_page_from_the_address(client, make_tournament, query, seconds):
    t = make_tournament("chess", entrants=4)
    html = client.get(reverse("public:projector", args=[t.slug]) + query).content.decode()
    assert f'data-seconds="{seconds}"' in html


def test_the_panels_from_the_address(client, make_tournament, boss):
    t = make_tournament("chess", entrants=4)
    published(t, boss)
    url = reverse("public:projector", args=[t.slug])
    html = client.get(url + "?show=seats,standings,nonsense").content.decode()
    assert re.findall(r'data-panel="(\w+)"', html) == ["seats", "standings"]
    assert 'id="pairings"' not in html
    html = client.get(url + "?show=nonsense").content.decode()
    assert re.findall(r'data-panel="(\w+)"', html) == ["standings", "pairings", "seats"]


def test_the_projector_shows_muckens_time_limit(client, make_tournament, boss):
    t = make_tournament("mucken", entrant_kind="pair", entrants=4)
    services.update_tournament(t, boss, scoring={**t.scoring, "time_limit": 45})
    published(t, boss)
    url = reverse("public:projector", args=[t.slug])
    html = client.get(url).content.decode()
    assert "Round 1 of 3" in html
    assert "Time limit: 45 minutes per round." in html and "Ends at " in html
    assert 'class="time-left" data-ends="' in html
    html = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Zeitlimit: 45 Minuten pro Runde." in html and "Ende um " in html
    assert 'data-page-format="Seite {x} von {y}"' in html
    # without a limit: nothing about time
    plain = make_tournament("mucken", entrant_kind="pair", entrants=4, name="Ohne Limit")
    published(plain, boss)
    assert "Time limit" not in client.get(
        reverse("public:projector", args=[plain.slug])).content.decode()


def test_where_do_i_sit_lists_everyone_alphabetically(client, make_tournament, boss):
    t = make_tournament("chess", entrants=0, name="Schach")
    for name in ("Zoe Zander", "Ärmel Anton", "bernd Berg", "Anna Alt", "Öttl Otto"):
        services.register(t, boss, [{"name": name}], status="present")
    rnd = published(t, boss)  # five players: one has the bye
    lines = seat_lines(rnd)
    assert [line.name for line in lines] == [
        "Anna Alt", "Ärmel Anton", "bernd Berg", "Öttl Otto", "Zoe Zander"]
    assert sorted(["Zoe", "Ärmel", "Anna"], key=sort_key) == ["Anna", "Ärmel", "Zoe"]
    byes = [line for line in lines if line.table is None]
    assert len(byes) == 1 and byes[0].place  # the bye's name instead of a table
    seated = [line for line in lines if line.table is not None]
    assert {line.place for line in seated} == {"White", "Black"}

    url = reverse("public:seats", args=[t.slug])
    assert f'href="{url}"' in client.get(
        reverse("public:tournament", args=[t.slug])).content.decode()
    html = client.get(url).content.decode()
    assert "Where do I sit?" in html and "Board&nbsp;<strong>1</strong>" in html
    assert html.index("Anna Alt") < html.index("Ärmel Anton") < html.index("Zoe Zander")
    assert 'hx-get="/t/schach/seats/live/"' in html and "js/htmx-2.0.4.min.js" in html
    html = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Wo sitze ich?" in html and "Weiß" in html and "Brett" in html
    assert client.get(reverse("public:seats_live", args=[t.slug])).status_code == 200


def test_where_do_i_sit_is_sorted_by_surname(make_tournament, boss):
    """People look for their surname: "Anna Zander" after "Zoe Adler" (issue 31, item 19)."""
    t = make_tournament("chess", entrants=0, name="Nach Nachnamen")
    for name in ("Anna Zander", "Zoe Adler", "Bernd Öttl", "Carla Ostermann", "Hoffmann, Peter",
                 "Dieter Groß jun.", "Ede Grosz"):
        services.register(t, boss, [{"name": name}], status="present")
    lines = seat_lines(published(t, boss))
    assert [line.name for line in lines] == [
        "Zoe Adler", "Dieter Groß jun.", "Ede Grosz", "Hoffmann, Peter", "Carla Ostermann",
        "Bernd Öttl", "Anna Zander"]


def test_where_do_i_sit_names_both_players_of_a_pair(make_tournament, boss):
    t = make_tournament("mucken", entrant_kind="pair", entrants=4)
    lines = seat_lines(published(t, boss))
    assert len(lines) == 8
    pair = Entrant.objects.get(tournament=t, start_number=1)
    mine = [line for line in lines if line.start_number == 1]
    assert {line.name for line in mine} == {"Spieler 1a", "Spieler 1b"}
    assert {line.pair for line in mine} == {pair.name}
    assert len({(line.table, line.place) for line in mine}) == 1


def test_provisional_disappears_once_the_round_is_closed(client, make_tournament, boss):
    t = make_tournament("mucken", entrant_kind="pair", entrants=4)
    rnd = published(t, boss)
    tables = list(rnd.tables.order_by("number"))
    for k, table in enumerate(tables):  # one phone each: submitted, not confirmed
        services.captain_submit(table.token, {"bobbl": [[21, 10 + k], [21, 15]]},
                                device_id=f"device-provisional-{k:04d}")
    pages = [reverse("public:tournament", args=[t.slug]),
             reverse("public:pairings", args=[t.slug]),
             reverse("public:projector", args=[t.slug]),
             reverse("public:round", args=[t.slug, rnd.number])]
    for url in pages:
        html = client.get(url).content.decode()
        assert "provisional" in html and "Bobbl 2:0 (21:10, 21:15)" in html, url
    services.close_round(t, boss, rnd.number)
    for url in pages:
        for lang, word in (("en", "provisional"), ("de", "vorläufig")):
            html = client.get(url, HTTP_ACCEPT_LANGUAGE=lang).content.decode()
            assert word not in html, (url, lang)
        assert "Bobbl 2:0 (21:10, 21:15)" in client.get(url).content.decode(), url
    # the captain's phone: the round is closed, the result that stands is final
    phone = client.get(reverse("captain:table", args=[tables[0].token]))
    assert phone.status_code == 410
    html = phone.content.decode()
    assert "Final result" in html and "Bobbl 2:0 (21:10, 21:15)" in html
    assert "provisional" not in html


def test_the_projector_bolds_every_tie_of_the_first_three_and_says_final(client,
                                                                         make_tournament,
                                                                         boss):
    """Issue 31, item 15: tied places all bold (not the first three rows); a finished
    tournament says "Endstand", not "Runde 1 von 1"."""
    t = make_tournament("mucken", entrant_kind="pair", entrants=8, planned_rounds=1)
    rnd = published(t, boss)
    for table in rnd.tables.order_by("number"):  # every table 21:10, 21:10: four tie for 1st
        services.director_set_result(table, boss, {"bobbl": [[21, 10], [21, 10]]})
    services.close_round(t, boss, rnd.number)
    url = reverse("public:projector", args=[t.slug])
    html = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    ranks = re.findall(r'<tr( class="podium")?>\s*<td class="num rank">(\d+)</td>', html)
    assert [(bool(bold), int(rank)) for bold, rank in ranks] == [(True, 1)] * 4 + [(False, 5)] * 4
    assert "Runde 1 von 1" in html and "Endstand" not in html
    finish_tournament(t, boss)
    html = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Runde 1 von 1" not in html
    assert '<strong class="pj-final">Endstand</strong>' in html
    assert "<h2>Endstand</h2>" in html
    html = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Final standings" in html and "Round 1 of 1" not in html
