"""API errors: one handler for every view, never a 500.

A :class:`ServiceError` (raised by a service, a selector or a parser) answers with its
``status`` (400 unless the error says otherwise, e.g. 409 for a round that is not open)
and its messages under the field or place they concern (``"__all__"`` for general); an
error of a particular kind (any ``code`` but the generic ``"invalid"``) says it under
``"code"``. A view may name a service's
fields as its body does (``error_fields``: ``{"round_number": "round"}``).

A database constraint that still fires (two desks racing for the same name, a
value beyond a column's range that no check caught) is the client's conflict
or bad input, not a server failure: it gets a 409 or a 400 with a message.
"""

from typing import Any

from django.db import DataError, IntegrityError
from django.utils.translation import gettext as _
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_handler

from ..services import ServiceError


def service_error_status(exc: ServiceError) -> int:
    """The error's own status if it is a client error (4xx), else 400."""
    status = getattr(exc, "status", None)
    try:
        status = int(status) if status is not None else 400
    except (TypeError, ValueError):
        return 400
    return status if 400 <= status < 500 else 400


def service_error_body(exc: ServiceError, names: dict[str, str] | None = None) -> dict[str, Any]:
    """The messages per field (renamed by ``names``), and the error's ``code`` if it has one."""
    body: dict[str, Any] = {}
    for key, messages in exc.errors.items():
        name = (names or {}).get(key, key)
        if name in body:  # two fields named alike: their messages together
            body[name] = [*as_list(body[name]), *as_list(messages)]
        else:
            body[name] = messages
    code = getattr(exc, "code", None)
    # plain bad input (the generic "invalid") answers with its fields alone, as always; a
    # refusal of its own kind (not_found, round_not_open, colour_clash …) names it
    if code and code != ServiceError.code and "code" not in body:
        body["code"] = code
    return body


def as_list(messages: Any) -> list[Any]:
    return list(messages) if isinstance(messages, list | tuple) else [messages]


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, ServiceError):
        names = getattr(context.get("view"), "error_fields", None)
        return Response(service_error_body(exc, names), status=service_error_status(exc))
    if isinstance(exc, IntegrityError):
        return Response({"__all__": [_("This conflicts with a change made at the same time; "
                                       "reload and try again.")]}, status=409)
    if isinstance(exc, DataError):
        return Response({"__all__": [_("A value is too large or too long to be stored.")]},
                        status=400)
    return drf_handler(exc, context)
