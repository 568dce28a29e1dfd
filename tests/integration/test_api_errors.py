"""The API's one exception handler: a ServiceError answers with its status and code."""

from __future__ import annotations

from tournaments.api.errors import exception_handler
from tournaments.services import ServiceError


class RoundClosed(ServiceError):
    status = 409
    code = "round_not_open"


class Broken(ServiceError):
    status = 500


def test_plain_service_error_is_a_400_with_the_fields():
    r = exception_handler(ServiceError("bad", "round"), {})
    assert (r.status_code, r.data) == (400, {"round": ["bad"]})


def test_status_and_code_of_the_error():
    r = exception_handler(RoundClosed("this round is not open", "token"), {})
    assert r.status_code == 409
    assert r.data == {"token": ["this round is not open"], "code": "round_not_open"}


def test_never_a_server_error():
    assert exception_handler(Broken("oops"), {}).status_code == 400


def test_the_view_names_the_fields():
    class View:
        error_fields = {"round_number": "round", "kind": "__all__"}

    exc = ServiceError({"round_number": ["no"], "kind": ["x"], "__all__": ["y"]})
    r = exception_handler(exc, {"view": View()})
    assert r.data == {"round": ["no"], "__all__": ["x", "y"]}
