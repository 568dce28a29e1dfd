"""Service errors carry a code and an HTTP status; callers branch on the class or the
code, never on a message; messages are translated where they are raised."""

from __future__ import annotations

import pytest
from django.test import RequestFactory
from django.utils import translation

from tournaments import services
from tournaments.middleware import ServiceErrorMiddleware
from tournaments.services import (
    Actor,
    Conflict,
    Forbidden,
    InvalidToken,
    NotFound,
    RoundNotOpen,
    ServiceError,
    StaleVersion,
)


def test_codes_and_statuses():
    table = {ServiceError: ("invalid", 400), NotFound: ("not_found", 404),
             Forbidden: ("forbidden", 403), Conflict: ("conflict", 409),
             StaleVersion: ("stale", 409), RoundNotOpen: ("round_not_open", 409),
             InvalidToken: ("invalid_token", 404)}
    for cls, (code, status) in table.items():
        exc = cls("why", "field")
        assert (exc.code, exc.status) == (code, status)
        assert exc.errors == {"field": ["why"]} and exc.messages == ["why"]
    assert ServiceError("x", code="taken").code == "taken"
    assert issubclass(RoundNotOpen, Conflict) and issubclass(InvalidToken, NotFound)


@pytest.fixture
def drawn(make_tournament, director):
    t = make_tournament("chess", entrants=4)
    actor = Actor(director, director.username)
    rnd = services.draw_round(t, actor)
    return t, actor, rnd


def test_rounds_raise_their_kinds(drawn):
    t, actor, rnd = drawn
    with pytest.raises(NotFound) as info:
        services.publish_round(t, actor, 9)
    assert info.value.errors == {"round": ["there is no round 9"]}
    with pytest.raises(RoundNotOpen):
        services.close_round(t, actor, rnd.number)
    with pytest.raises(Conflict):
        services.draw_round(t, actor)  # round 1 is not closed
    services.publish_round(t, actor, rnd.number)
    with pytest.raises(Conflict) as info:
        services.publish_round(t, actor, rnd.number)
    assert info.value.status == 409


def test_captain_token_errors(drawn):
    _t, _actor, rnd = drawn
    table = rnd.tables.first()
    with pytest.raises(InvalidToken) as info:
        services.captain_submit("x" * 20, {})
    assert "token" in info.value.errors and info.value.status == 404
    with pytest.raises(RoundNotOpen) as info:  # still a preview
        services.captain_submit(table.token, {"score": "1-0"})
    assert info.value.code == "round_not_open"


def test_messages_are_translated_at_the_source(make_tournament, director):
    t = make_tournament("chess")
    with translation.override("de"), pytest.raises(ServiceError) as info:
        services.update_tournament(t, Actor(director, "d"), planned_rounds=0)
    assert info.value.errors == {"planned_rounds": ["muss eine ganze Zahl von 1 bis 99 sein"]}
    with translation.override("de"), pytest.raises(ServiceError) as info:
        services.create_tournament(Actor(director, "d"), "", "chess")
    assert info.value.errors == {"name": ["ein Turnier braucht einen Namen"]}


def test_an_uncaught_service_error_is_a_page_with_its_status(db):
    request = RequestFactory().get("/d/somewhere/")
    middleware = ServiceErrorMiddleware(lambda r: None)
    response = middleware.process_exception(request, RoundNotOpen("the round is closed"))
    assert response.status_code == 409
    page = response.content.decode()
    assert "the round is closed" in page and 'data-code="round_not_open"' in page
    assert middleware.process_exception(request, ValueError("x")) is None
    api = RequestFactory().get("/api/v1/x/")
    assert middleware.process_exception(api, NotFound("x")) is None
