"""A round of more than 1,000 seats (an open's big section, docs/sections.md) renders on every
page that lists its tables: Django 5.2 prefetched the seats' entrants with one ``OR`` term
each, which SQLite refuses beyond 1,000 ("Expression tree is too large");
``models.seats_with_entrants`` joins them instead."""

from __future__ import annotations

import pytest

from tournaments import services
from tournaments.models import Entrant, Round, Seat, Table
from tournaments.selectors.board import board_tiles
from tournaments.selectors.rounds import round_list_full
from tournaments.services import director as director_services
from tournaments.services.public import round_tables

pytestmark = pytest.mark.django_db
PLAYERS = 1100


@pytest.fixture
def big_round(boss):
    """A chess round of 550 tables, made in bulk (the draw itself is timed in bench/)."""
    t = services.create_tournament(boss, "Grenke A", "chess")
    Entrant.objects.bulk_create([Entrant(tournament=t, start_number=n, name=f"Spieler {n}",
                                         status="present") for n in range(1, PLAYERS + 1)])
    ids = list(Entrant.objects.filter(tournament=t).order_by("start_number")
               .values_list("pk", flat=True))
    rnd = Round.objects.create(tournament=t, number=1, status=Round.Status.OPEN)
    Table.objects.bulk_create([Table(round=rnd, number=k) for k in range(1, PLAYERS // 2 + 1)])
    tables = list(rnd.tables.order_by("number"))
    Seat.objects.bulk_create([Seat(table=tables[k // 2], round=rnd, entrant_id=e, side=k % 2 + 1,
                                   position=k % 2)
                              for k, e in enumerate(ids)])
    return t, rnd


def test_pages_of_a_round_with_more_than_a_thousand_seats(big_round, client, director):
    t, rnd = big_round
    assert len(round_tables(rnd)) == PLAYERS // 2
    assert len(director_services.round_tables(rnd, cells=False)) == PLAYERS // 2
    assert len(board_tiles(rnd)) == PLAYERS // 2
    assert round_list_full(t).get(number=1).tables.count() == PLAYERS // 2
    assert client.get(f"/t/{t.slug}/").status_code == 200
    client.force_login(director)
    assert client.get(f"/director/{t.slug}/rounds/1/").status_code == 200
