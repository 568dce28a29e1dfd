"""One result per table, enforced by the database and kept under simultaneous submissions.

``Result.table`` is a one-to-one field: the database holds a unique index on
``result.table_id``, so a table can never have two current results; every submission is
kept as a :class:`ResultRevision`. The services take the tournament's row lock before
touching a result, so two captains submitting at the same moment are serialised: the
first creates the result, the second confirms it (same payload) or disputes it.
"""

from __future__ import annotations

import threading

import pytest
from django.db import IntegrityError, connection, transaction
from rest_framework.test import APIClient

from tournaments.models import Result, ResultRevision
from tournaments.services import Actor

from .helpers import publish_first_round

API = "/api/v1"
A = {"bobbl": [[21, 4], [21, 9]]}
B = {"bobbl": [[4, 21], [9, 21]]}


def open_round(make_tournament, director, entrants=8):
    t = make_tournament("mucken", "pair", entrants)
    _, tables = publish_first_round(t, Actor(director, director.username), "fixed")
    return t, tables


@pytest.mark.django_db
def test_the_database_refuses_a_second_result_for_a_table(make_tournament, director):
    _, tables = open_round(make_tournament, director, 4)
    Result.objects.create(table=tables[0], payload=A)
    with pytest.raises(IntegrityError), transaction.atomic():
        Result.objects.create(table=tables[0], payload=B)
    assert Result.objects.filter(table=tables[0]).count() == 1


@pytest.mark.django_db(transaction=True)
def test_two_captains_at_the_same_moment(make_tournament, director):
    """Real threads, each with its own connection: one result row, both revisions, no 500."""
    if connection.vendor == "sqlite":
        pytest.skip("the in-memory SQLite test database locks tables across threads without "
                    "waiting; this runs with DATABASE_URL (PostgreSQL)")
    _, tables = open_round(make_tournament, director, 8)
    assert len(tables) >= 2
    plan = {tables[0].token: (A, A), tables[1].token: (A, B)}  # identical, conflicting
    barrier = threading.Barrier(2 * len(plan))
    codes: list[int] = []
    errors: list[BaseException] = []

    def work(token: str, payload: dict, device: str) -> None:
        try:
            client = APIClient()
            barrier.wait(timeout=10)
            r = client.post(f"{API}/captain/{token}/", payload, format="json",
                            headers={"X-Device-Id": device})
            codes.append(r.status_code)
        except BaseException as e:  # pragma: no cover - reported below
            errors.append(e)
        finally:
            connection.close()

    # each captain on their own phone: a device id of their own
    threads = [threading.Thread(target=work, args=(token, p, f"phone-of-party-{k}-{token[:8]}"))
               for token, pair in plan.items() for k, p in enumerate(pair)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors and sorted(codes) == [200] * len(threads)
    same, differing = tables[0], tables[1]
    assert Result.objects.filter(table=same).count() == 1
    assert Result.objects.filter(table=differing).count() == 1
    assert ResultRevision.objects.filter(table=same).count() == 2
    assert ResultRevision.objects.filter(table=differing).count() == 2
    assert Result.objects.get(table=same).status == Result.Status.CONFIRMED
    assert Result.objects.get(table=same).payload == A
    assert Result.objects.get(table=differing).status == Result.Status.DISPUTED
    for table in (same, differing):
        assert Result.objects.get(table=table).version == 2
