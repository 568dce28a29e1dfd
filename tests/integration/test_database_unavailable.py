"""While the database is away every request fails, but as a 503 that says so (not a 500)."""

from __future__ import annotations

import pytest
from django.db import OperationalError, connection
from django.urls import reverse


def database_away(*_args, **_kwargs):
    raise OperationalError("connection to server at 127.0.0.1 failed: Connection refused")


@pytest.fixture
def away():
    with connection.execute_wrapper(database_away):
        yield


def test_a_page_says_try_again(client, db, away):
    response = client.get("/t/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    html = response.content.decode()
    assert "Please try again in a moment" in html and "Nothing was saved" in html
    assert "Traceback" not in html and "OperationalError" not in html


def test_the_api_answers_json(director_client, away):
    response = director_client.get("/api/v1/tournaments/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 503
    assert "not reachable" in response.json()["detail"]


def test_a_captain_post_is_refused_cleanly_and_stores_nothing(client, make_tournament,
                                                               director):
    from tournaments import services
    from tournaments.models import ResultRevision
    from tournaments.services import Actor

    t = make_tournament("chess", entrants=2)
    actor = Actor(director, director.username)
    services.draw_round(t, actor, seed="away")
    rnd = services.publish_round(t, actor, 1)
    token = rnd.tables.get().token
    with connection.execute_wrapper(database_away):
        response = client.post(reverse("api-captain", args=[token]), {"score": "1-0"},
                               content_type="application/json")
    assert response.status_code == 503 and "Retry-After" in response
    assert not ResultRevision.objects.exists()


def test_in_german(client, db, away):
    response = client.get("/t/", HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 503
    assert "Bitte gleich noch einmal" in response.content.decode()


def test_other_errors_are_not_hidden(client, monkeypatch):
    """Only a database that is away becomes 503; a bug stays a bug (500, logged)."""
    from tournaments.middleware import DatabaseUnavailableMiddleware

    mw = DatabaseUnavailableMiddleware(lambda r: None)
    assert mw.process_exception(None, ValueError("a bug")) is None
