"""Why the browser tests let the desk's search answer before the sign-up is sent.

The race that failed the walk-through (tests/browser/test_walkthrough.py) in full runs, first
blamed on gzip (docs/load.md, "Gzip for pages"): each name field searches 150 ms after typing,
and the walk-through pressed Enter at once, so both searches reached the live server while the
sign-up was being written. The live server's threads do not share the test database's
connection (pytest-django makes the session's live server before the test database, so
Django's sharing of an in-memory SQLite connection finds nothing to share): each thread has its
own connection to the shared-cache in-memory database, where a table another connection is
reading is locked at once, without the busy timeout a database file waits for. A search reading
the tournament while the sign-up counts up its version makes the sign-up fail; the desk then
answers "The database was busy" and the row never comes. On PostgreSQL, and on the SQLite file
of ``make run`` (timeout 20 s), the writer waits instead.

The test holds a reader open on a second connection, as the search does for a moment, and
sends the sign-up as the desk's htmx does.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection, connections
from django.urls import reverse

pytestmark = pytest.mark.django_db(transaction=True)
HX = {"HTTP_HX_REQUEST": "true"}
BUSY = "The database was busy. Please submit again."


def test_a_reader_on_another_connection_makes_the_sign_up_answer_busy(
        desk_client, make_tournament):
    if connection.vendor != "sqlite" or not connection.is_in_memory_db():
        pytest.skip("only the in-memory SQLite test database locks tables without waiting")
    t = make_tournament("mucken", "pair")
    url = reverse("desk:tournament", args=[t.slug])
    data = {"p1_name": "Fritz", "p2_name": "Hans", "status": "present"}
    reading, done = threading.Event(), threading.Event()
    connection.ensure_connection()
    ours = connection.connection  # this thread's; ``connection`` in another thread is its own

    def search() -> None:  # a live-server thread: its own connection
        other = connections["default"]
        try:
            other.ensure_connection()
            assert other.connection is not ours
            rows = other.connection.execute("SELECT id FROM tournaments_tournament")
            reading.set()  # the statement is open: the table is read-locked
            done.wait(10)
            rows.close()
        finally:
            other.close()

    thread = threading.Thread(target=search)
    thread.start()
    try:
        assert reading.wait(10)
        answer = desk_client.post(url, data, **HX).content.decode()
    finally:
        done.set()
        thread.join()
    assert BUSY in answer and "Fritz / Hans" not in answer  # the walk-through's symptom
    assert t.entrants.count() == 0  # nothing half-written

    # The search has answered (what the browser tests now wait for): the sign-up goes through.
    answer = desk_client.post(url, data, **HX).content.decode()
    assert BUSY not in answer and "Fritz / Hans" in answer
    assert t.entrants.count() == 1
