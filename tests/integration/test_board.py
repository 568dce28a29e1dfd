"""The director's live board of tables against the database, its ETag, and the projector's line.

A chess round of 40 boards is put into every state through the services (captains' reports
from one and from two phones, agreeing and differing, the director's entries); the board's
tiles must name each table's state as the database has it, in the board's order (disputed,
still playing, one report, confirmed; by number within a state), each linking to the table's
result entry.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import Result, Table
from tournaments.selectors.board import ORDER, TileState, board_get

pytestmark = pytest.mark.django_db

PHONE_A = "phone-a-0123456789abcdef"
PHONE_B = "phone-b-0123456789abcdef"
TILE = re.compile(r'<li class="tile (\w+)" data-table="(\d+)" data-state="(\w+)">\s*'
                  r'<a href="([^"]+)">')


def open_round(make_tournament, boss, entrants=80):
    t = make_tournament("chess", entrants=entrants, name="Brettübersicht")
    services.draw_round(t, boss, seed="board")
    rnd = services.publish_round(t, boss, 1)
    return t, rnd, list(rnd.tables.order_by("number"))


def put_in_states(tables: list[Table], boss) -> None:
    """Table n: n % 5 == 0 still playing; 1 one report; 2 confirmed by two phones;
    3 disputed; 4 confirmed by the director."""
    for table in tables:
        kind = table.number % 5
        if kind == 1:
            services.captain_submit(table.token, {"score": "1-0"}, device_id=PHONE_A)
        elif kind == 2:
            services.captain_submit(table.token, {"score": "1/2-1/2"}, device_id=PHONE_A)
            services.captain_submit(table.token, {"score": "1/2-1/2"}, device_id=PHONE_B)
        elif kind == 3:
            services.captain_submit(table.token, {"score": "1-0"}, device_id=PHONE_A)
            services.captain_submit(table.token, {"score": "0-1"}, device_id=PHONE_B)
        elif kind == 4:
            services.director_set_result(table, boss, {"score": "0-1"})


def expected_from_database(tables: list[Table]) -> list[tuple[int, str]]:
    """(table, state) as the database has them, in the board's order."""
    status = dict(Result.objects.filter(table__in=tables).values_list("table__number", "status"))
    state = {tb.number: {"disputed": TileState.DISPUTED, "submitted": TileState.ONE_REPORT,
                         "confirmed": TileState.CONFIRMED}.get(status.get(tb.number, ""),
                                                               TileState.PLAYING)
             for tb in tables}
    return sorted(((n, s.value) for n, s in state.items()),
                  key=lambda ns: (ORDER.index(TileState(ns[1])), ns[0]))


def test_forty_tables_in_every_state_match_the_database(make_tournament, boss,
                                                        director_client):
    t, _rnd, tables = open_round(make_tournament, boss)
    assert len(tables) == 40
    put_in_states(tables, boss)
    expected = expected_from_database(tables)
    assert {s for _n, s in expected} == {s.value for s in ORDER}  # every state is there

    page = director_client.get(reverse("director:board", args=[t.slug]))
    assert page.status_code == 200
    html = page.content.decode()
    tiles = TILE.findall(html)
    assert [(int(n), state) for _cls, n, state, _href in tiles] == expected
    for cls, n, state, href in tiles:
        assert cls == state
        assert href == reverse("director:round", args=[t.slug, 1]) + f"#table-{n}"
    # the head counts the tables per state, in words as well as numbers
    for state in ORDER:
        n = sum(1 for _t, s in expected if s == state.value)
        assert f'data-count="{state.value}">{n}<' in html
    assert html.index("⚠") < html.index("○")  # disputed before still playing
    for word in ("disputed", "still playing", "one report", "confirmed"):
        assert word in html  # the state in words, not by colour alone

    # the first tiles are what needs the director: the disputed boards, then those playing
    disputed = [tb.number for tb in tables if tb.number % 5 == 3]
    playing = [tb.number for tb in tables if tb.number % 5 == 0]
    assert [n for n, _s in expected[:len(disputed) + len(playing)]] == disputed + playing
    assert board_get(t).playing == playing


def test_board_follows_a_new_report_and_answers_304_while_nothing_changed(
        make_tournament, boss, director_client):
    t, _rnd, tables = open_round(make_tournament, boss, entrants=8)
    url = reverse("director:board_live", args=[t.slug])
    first = director_client.get(url)
    assert first.status_code == 200
    tag = first["ETag"]
    t.refresh_from_db()
    assert tag.endswith(f':{t.version}"')  # the tournament's version names the rendering
    assert first["Cache-Control"] == "private, no-cache"  # no shared cache, but revalidated
    assert 'data-state="playing"' in first.content.decode()

    again = director_client.get(url, HTTP_IF_NONE_MATCH=tag)
    assert again.status_code == 304
    assert again.content == b""

    services.captain_submit(tables[2].token, {"score": "1-0"}, device_id=PHONE_A)
    changed = director_client.get(url, HTTP_IF_NONE_MATCH=tag)
    assert changed.status_code == 200
    assert changed["ETag"] != tag
    assert re.search(r'data-table="3" data-state="submitted"', changed.content.decode())


def test_unchanged_board_costs_no_rendering_queries(make_tournament, boss, director_client,
                                                    django_assert_max_num_queries):
    t, _rnd, _tables = open_round(make_tournament, boss, entrants=8)
    url = reverse("director:board_live", args=[t.slug])
    tag = director_client.get(url)["ETag"]
    # the session's user, the tournament, the director's role: nothing of the board itself
    with django_assert_max_num_queries(4):
        assert director_client.get(url, HTTP_IF_NONE_MATCH=tag).status_code == 304


def test_board_fragment_opened_in_a_tab_goes_to_the_page(make_tournament, boss,
                                                         director_client):
    t, _rnd, _tables = open_round(make_tournament, boss, entrants=4)
    response = director_client.get(reverse("director:board_live", args=[t.slug]),
                                   HTTP_SEC_FETCH_MODE="navigate")
    assert response.status_code == 302
    assert response["Location"] == reverse("director:board", args=[t.slug])


def test_only_the_director_sees_the_board(make_tournament, boss, desk_client):
    t, _rnd, _tables = open_round(make_tournament, boss, entrants=4)
    for name in ("director:board", "director:board_live"):
        assert desk_client.get(reverse(name, args=[t.slug])).status_code == 403
        assert Client().get(reverse(name, args=[t.slug])).status_code == 302  # login


def test_without_an_open_round_the_board_says_so(make_tournament, boss, director_client):
    t = make_tournament("chess", entrants=4)
    services.draw_round(t, boss, seed="board")  # a preview only
    html = director_client.get(reverse("director:board", args=[t.slug])).content.decode()
    assert 'id="no-open-round"' in html
    assert "tile" not in re.sub(r"<(script|link)[^>]*>", "", html).split("<main>")[1]


def test_tournament_and_round_pages_link_to_the_board(make_tournament, boss,
                                                      director_client):
    t, _rnd, _tables = open_round(make_tournament, boss, entrants=4)
    board = reverse("director:board", args=[t.slug])
    for url in (reverse("director:tournament", args=[t.slug]),
                reverse("director:round", args=[t.slug, 1])):
        assert f'href="{board}"' in director_client.get(url).content.decode()


def test_projector_says_which_tables_are_still_playing(make_tournament, boss, client):
    t, _rnd, tables = open_round(make_tournament, boss, entrants=8)
    services.captain_submit(tables[0].token, {"score": "1-0"}, device_id=PHONE_A)
    services.director_set_result(tables[2], boss, {"score": "0-1"})
    html = client.get(reverse("public:projector", args=[t.slug])).content.decode()
    assert "Still playing: Boards 2, 4." in html
    assert 'class="pj-since" data-since="' in html  # the round clock, counted on the screen
    fragment = client.get(reverse("public:pairings", args=[t.slug]) + "?view=projector")
    assert "Still playing: Boards 2, 4." in fragment.content.decode()

    german = client.get(reverse("public:projector", args=[t.slug]),
                        HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Es spielen noch: Bretter 2, 4." in german

    services.director_set_result(tables[1], boss, {"score": "1-0"})
    html = client.get(reverse("public:projector", args=[t.slug])).content.decode()
    assert "Board 4 is still playing." in html
    services.director_set_result(tables[3], boss, {"score": "1-0"})
    html = client.get(reverse("public:projector", args=[t.slug])).content.decode()
    assert "All Boards have reported." in html


def test_projector_counts_instead_of_listing_many_tables(make_tournament, boss, client):
    t, _rnd, tables = open_round(make_tournament, boss, entrants=40)
    html = client.get(reverse("public:projector", args=[t.slug]),
                      HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert f"Es spielen noch: {len(tables)} Bretter." in html


def test_board_reads_a_fixed_number_of_queries_whatever_the_tables(
        make_tournament, boss, django_assert_max_num_queries):
    """One query set for the tables (results with them, seats prefetched), the round and its
    publication: 40 tables cost what 2 do."""
    t, _rnd, tables = open_round(make_tournament, boss)
    put_in_states(tables, boss)
    with django_assert_max_num_queries(6):
        board = board_get(t)
    assert board is not None and len(board.tiles) == 40
    assert all(tile.names for tile in board.tiles)  # the seats came with the tables


def test_projector_without_the_pairings_panel_keeps_the_line_live(make_tournament, boss,
                                                                  client):
    t, _rnd, _tables = open_round(make_tournament, boss, entrants=4)
    html = client.get(reverse("public:projector", args=[t.slug]) + "?show=standings")
    text = html.content.decode()
    assert re.findall(r'data-panel="(\w+)"', text) == ["standings"]
    # a hidden copy of the pairings block polls for the header's round line
    assert re.search(r'id="pj-round-live" class="live" hidden hx-get="[^"]+\?view=projector"',
                     text)
    assert "Still playing: Boards 1, 2." in text
