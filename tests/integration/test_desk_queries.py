"""The desk page stays quick on a big evening: its work does not grow with the entrants.

A Mucken evening has 500 pairs and more, and the list comes again with every sign-up
(an out-of-band swap). These tests count database queries, never time: the page, a
sign-up with htmx and a row's status change ask the database as often for 40 entrants
as for 10 (no query per entrant for players, seats or markers).
"""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments import services
from tournaments.models import RegistrationSeat
from tournaments.services import Actor, registration
from tournaments.services import markers as marking

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}
WINDOW = {"registration": {"window": 2, "random_up_to": 0, "sequential_from": None}}
HIDDEN = re.compile(r'<input type="hidden" name="(\w+)" value="([^"]*)">')


def page(t) -> str:
    return reverse("desk:tournament", args=[t.slug])


def queries(request) -> int:
    """How many queries one request makes (it must succeed)."""
    with CaptureQueriesContext(connection) as ctx:
        r = request()
    assert r.status_code == 200, r.content.decode()[:2000]
    return len(ctx.captured_queries)


def drawn_pairs(make_tournament, director, desk_user, n: int):
    """Fixed pairs, all present, round 1 drawn and published (late entries from here on)."""
    t = make_tournament("mucken", "pair", entrants=n, name=f"Drawn {n}")
    boss = Actor(director, director.username)
    services.draw_round(t, boss, seed="queries")
    services.publish_round(t, boss, 1)
    return t


def window_pairs(make_tournament, director, desk_user, n: int):
    """The draw at registration (a seat per pair), with every marker in use."""
    t = make_tournament("mucken", "pair", name=f"Window {n}")
    t = services.update_tournament(t, Actor(director, director.username), draw_options=WINDOW)
    desk = Actor(desk_user, desk_user.username)
    for i in range(n):
        services.register(t, desk, [{"name": f"P {i}a", "club": f"Club {i % 3}"},
                                    {"name": f"P {i}b"}], status="present")
    services.register(t, desk, [{"name": "Early a"}, {"name": "Early b"}], preregistered=True)
    services.register(t, desk, [{"name": "Alone"}], status="present", alone=True)
    return t


def chess_singles(make_tournament, director, desk_user, n: int):
    """Single players with ratings; one of them pre-registered (chess has no "draw missing":
    its seats are not drawn at the desk)."""
    t = make_tournament("chess", entrants=n, name=f"Chess {n}")
    first = t.entrants.get(start_number=1)
    desk = Actor(desk_user, desk_user.username)
    services.set_status(first, desk, "registered")
    marking.set_marker(first, desk, "preregistered", True)
    return t


def desk_queries(client: Client, t) -> dict[str, int]:
    pair = t.entrant_kind == "pair"
    names = {"p1_name": f"{t.name} A", **({"p2_name": f"{t.name} B"} if pair else {})}
    return {
        "page": queries(lambda: client.get(page(t))),
        "filtered page": queries(lambda: client.get(page(t), {"show": "present", "q": "1"})),
        "sign-up": queries(lambda: client.post(page(t), {"status": "present", **names}, **HX)),
        "status": queries(lambda: client.post(
            reverse("desk:status", args=[t.slug, 2]), {"status": "absent"}, **HX)),
    }


@pytest.mark.parametrize("build", [drawn_pairs, window_pairs, chess_singles])
def test_desk_queries_do_not_grow_with_the_entrants(build, make_tournament, director,
                                                    desk_user, desk_client):
    small = desk_queries(desk_client, build(make_tournament, director, desk_user, 10))
    big_t = build(make_tournament, director, desk_user, 40)
    big = desk_queries(desk_client, big_t)
    assert big == small
    assert all(n > 3 for n in small.values())  # the counting itself works
    # The answer to the sign-up carries the new row on top of the list, never the list.
    html = desk_client.post(page(big_t), {"status": "present", "p1_name": "Noch A",
                                          "p2_name": "Noch B"}, **HX).content.decode()
    assert 'id="desk-list"' not in html
    assert html.count('<tr id="e') == 1
    assert 'hx-swap-oob="afterbegin:#desk-rows"><tr id="e' in html


def test_every_row_form_carries_a_working_csrf_token(make_tournament, desk_user):
    """The rows' forms share their buttons; each still has its own CSRF field."""
    t = make_tournament("mucken", "pair", entrants=3)
    client = Client(enforce_csrf_checks=True)
    client.force_login(desk_user)
    html = client.get(page(t)).content.decode()
    rows = html.split('<tbody id="desk-rows">')[1].split("</tbody>")[0]
    forms = re.findall(r'<form method="post" action="([^"]+)"[^>]*>(.*?)</form>', rows, re.S)
    actions = [action for action, _body in forms]
    assert sum(a.endswith("/status/") for a in actions) == 3
    assert sum(a.endswith("/marker/") for a in actions) == 3  # "+ draw missing"
    for _action, body in forms:
        assert re.search(r'name="csrfmiddlewaretoken" value="\w{64}"', body)
    first = reverse("desk:status", args=[t.slug, 1])  # the oldest row, shown last
    status_action, status_body = next(f for f in forms if f[0] == first)
    data = dict(HIDDEN.findall(status_body))
    r = client.post(status_action, {**data, "status": "absent"})
    assert r.status_code == 302
    assert t.entrants.get(start_number=1).status == "absent"
    marker_action, marker_body = next(f for f in forms if f[0] == reverse(
        "desk:marker", args=[t.slug, 1]))
    r = client.post(marker_action, dict(HIDDEN.findall(marker_body)))
    assert r.status_code == 302
    assert t.entrants.get(start_number=1).draw_missing


def test_rows_from_the_memo_are_the_rows_rendered_afresh(make_tournament, director, desk_user,
                                                         desk_client, settings):
    """The list's rows are kept by what they show: each change shows at once, as rendered."""
    from tournaments.views import desk_rows as desk_views

    desk = Actor(desk_user, desk_user.username)
    csrf = re.compile(r'(name="csrfmiddlewaretoken" value=")\w+"|("X-CSRFToken": ")\w+"')

    def same(t, **params) -> None:
        kept = desk_client.get(page(t), params).content.decode()  # rows from the memo
        settings.DEBUG = True  # no memo: every row rendered afresh
        fresh = desk_client.get(page(t), params).content.decode()
        settings.DEBUG = False
        assert csrf.sub("", kept) == csrf.sub("", fresh)
        assert "csrf-slot" not in kept

    t = chess_singles(make_tournament, director, desk_user, 6)
    entrant = t.entrants.get(start_number=2)
    # One thing at a time, each after the rows went into the memo.
    for change in [lambda: registration.update_entrant(entrant, desk, name="Umbenannt"),
                   lambda: registration.update_entrant(entrant, desk, club="Neuer Klub"),
                   lambda: registration.update_entrant(entrant, desk, elo=1999),
                   lambda: services.set_status(entrant, desk, "registered"),
                   lambda: marking.set_marker(entrant, desk, "preregistered", True),
                   lambda: services.set_status(entrant, desk, "absent")]:
        same(t)
        change()
        entrant.refresh_from_db()
        same(t)
    same(t, show="present", q="spieler")
    same(t, mark="preregistered")
    desk_client.cookies["django_language"] = "de"
    same(t)
    t = window_pairs(make_tournament, director, desk_user, 6)  # seats
    same(t)
    services.set_status(t.entrants.get(start_number=7), desk, "present")  # pre-registered
    same(t)
    seat = RegistrationSeat.objects.filter(tournament=t).order_by("table").last()
    RegistrationSeat.objects.filter(pk=seat.pk).update(table=seat.table + 10)  # as the cleanup
    same(t)
    for name in ("Erst", "Dann"):  # only the newest sign-up is highlighted
        html = desk_client.post(page(t), {"status": "present", "p1_name": f"{name} A",
                                          "p2_name": f"{name} B"}, **HX).content.decode()
        assert html.count('class="desk-new"') == 1
    assert len(desk_views._ROWS) > 0
