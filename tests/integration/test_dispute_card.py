"""The dispute card on the director's round page (issue 31 #14).

Two phones at one board report different results: the card says which phone sent which
report and when (to the second), a personal link's report names its entrant and side; the
reports' "as JSON" is for the site's staff accounts only, not the evening's volunteers; and
the pairing list shows the board as disputed instead of the first report.
"""

from __future__ import annotations

import re

import pytest

from tournaments import services
from tournaments.services import Actor, hall_links

pytestmark = pytest.mark.django_db


@pytest.fixture
def disputed(make_tournament, director):
    t = make_tournament("chess", entrants=4)
    boss = Actor(director, director.username)
    services.draw_round(t, boss, seed="streit")
    rnd = services.publish_round(t, boss, 1)
    table = rnd.tables.get(number=1)
    services.captain_submit(table.token, {"score": "1-0"}, device_id="phone-of-white-1234")
    services.captain_submit(table.token, {"score": "0-1"}, device_id="phone-of-black-5678")
    table.refresh_from_db()
    assert table.result.status == "disputed"
    return t, table


def _card(html: str) -> str:
    start = html.index('id="revisions-1"')
    return html[start:html.index("</article>", start)]


def test_the_card_names_each_phone_and_the_second(disputed, director_client):
    t, _table = disputed
    html = director_client.get(f"/director/{t.slug}/rounds/1/",
                               HTTP_ACCEPT_LANGUAGE="en").content.decode()
    card = _card(html)
    assert "table captain, phone 1" in card and "table captain, phone 2" in card
    times = re.findall(r'<time datetime="[^"]+">[^<]*?(\d\d:\d\d:\d\d)</time>', card)
    assert len(times) == 2, card
    german = _card(director_client.get(f"/director/{t.slug}/rounds/1/",
                                       HTTP_ACCEPT_LANGUAGE="de").content.decode())
    assert "Handy 1" in german and "Handy 2" in german


def test_as_json_only_for_staff(disputed, director_client, director):
    t, _table = disputed
    url = f"/director/{t.slug}/rounds/1/"
    assert "report-json" not in _card(director_client.get(url).content.decode())
    director.is_staff = True
    director.save()
    assert "report-json" in _card(director_client.get(url).content.decode())


def test_the_pairing_list_shows_the_board_disputed(disputed, director_client):
    t, _table = disputed
    html = director_client.get(f"/director/{t.slug}/rounds/1/",
                               HTTP_ACCEPT_LANGUAGE="de").content.decode()
    row = re.search(r'<tr id="board-1">.*?</tr>', html, re.S)
    assert row, html
    cells = re.findall(r"<td>([^<]*)</td>", row.group(0))
    assert cells[-1].strip() == "strittig", row.group(0)
    assert "1-0" not in row.group(0) and "0-1" not in row.group(0)


def test_a_personal_link_report_names_its_entrant_and_side(make_tournament, director,
                                                         director_client):
    t = make_tournament("chess", entrants=2)
    boss = Actor(director, director.username)
    services.draw_round(t, boss, seed="link")
    rnd = services.publish_round(t, boss, 1)
    table = rnd.tables.get(number=1)
    services.captain_submit(table.token, {"score": "1-0"}, device_id="phone-of-white-1234")
    black = table.seats.get(side=2).entrant
    result = table.result
    result.refresh_from_db()
    # one party's agreement (the phone's report names no side: issue 32, finding 10)
    assert hall_links.confirm(black, str(result.version), device_id=None) == "agreed"
    html = director_client.get(f"/director/{t.slug}/rounds/1/",
                               HTTP_ACCEPT_LANGUAGE="en").content.decode()
    start = html.index('id="table-1"')
    card = html[start:html.index("</article>", start)]
    assert "table captain, phone 1" in card
    assert f"personal link of {black.name} (Black)" in card, card
