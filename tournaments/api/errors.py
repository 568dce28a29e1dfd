"""API errors: a ServiceError becomes 400 with the fields named, never a 500.

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


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, ServiceError):
        return Response({k: v for k, v in exc.errors.items()}, status=400)
    if isinstance(exc, IntegrityError):
        return Response({"__all__": [_("This conflicts with a change made at the same time; "
                                       "reload and try again.")]}, status=409)
    if isinstance(exc, DataError):
        return Response({"__all__": [_("A value is too large or too long to be stored.")]},
                        status=400)
    return drf_handler(exc, context)
