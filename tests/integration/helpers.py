"""Steps that several integration tests take the same way."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from typing import Any

from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tournaments import services
from tournaments.models import Round, Table, Tournament
from tournaments.services import Actor


def publish_first_round(t: Tournament, actor: Actor, seed: str) -> tuple[Round, list[Table]]:
    """Draw round 1 of ``t`` with ``seed`` and publish it: the round and its tables by number."""
    services.draw_round(t, actor, seed=seed)
    rnd = services.publish_round(t, actor, 1)
    return rnd, list(rnd.tables.order_by("number"))


def pussi_totals(games: Sequence[tuple[int, int, int, int]]) -> tuple[dict[str, str],
                                                                       dict[str, Any]]:
    """A Pussi sheet written as running totals, one ``(declarer, bid, total 1, total 2)`` a
    game: the captain's form fields, and the payload they stand for."""
    post = {}
    for k, (d, bid, t1, t2) in enumerate(games):
        post.update({f"games[{k}].declarer": str(d), f"games[{k}].bid": str(bid),
                     f"games[{k}].total1": str(t1), f"games[{k}].total2": str(t2)})
    return post, {"games": [{"declarer": d, "bid": bid, "totals": [t1, t2]}
                            for d, bid, t1, t2 in games]}


def client_for(user: Any = None) -> APIClient:
    """An API client with ``user``'s token (anonymous without one)."""
    c = APIClient()
    if user is not None:
        c.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return c


def captain_url(table: Table) -> str:
    """The captain page of ``table`` (its round's own link)."""
    return reverse("captain:table", args=[table.token])


def seat_numbers(table: Table) -> list[int]:
    """Start numbers in seat order: place 1 deals game 1."""
    seats = table.seats.select_related("entrant").order_by("side", "position")
    return [s.entrant.start_number for s in seats]


def row_errors(content: str, key: str) -> str:
    """The text of the error list shown at row/input ``key`` ('' if none)."""
    m = re.search(r'<ul class="errorlist server" data-error-for="' + re.escape(key)
                  + r'"[^>]*>(.*?)</ul>', content, re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", m.group(1))) if m else ""


def published_doppelkopf(make_tournament: Any, director: Any, **scoring: Any) -> tuple:
    """A Doppelkopf tournament of 8 with short rounds (4 games at a table of four) and the
    given scoring settings, round 1 drawn and published: (tournament, actor, table 1)."""
    from tournaments import services
    from tournaments.services import Actor

    t = make_tournament("doppelkopf", entrants=8)
    boss = Actor(director, director.username)
    t = services.update_tournament(t, boss, scoring={
        **t.scoring, "games_per_round": {"4": 4, "5": 5}, **scoring})
    rnd = services.draw_round(t, boss, seed="doko")
    services.publish_round(t, boss, 1)
    return t, boss, rnd.tables.order_by("number")[0]
