"""Middleware: a database that is away answers 503 (never a 500); gzip, but not for PDFs.

A database that is away (restarting, unreachable) answers 503 and says so, never a 500.

While PostgreSQL restarts every request fails; that is unavoidable, but the phone, the desk
and an API client should learn that it is a passing state and when to try again, not see a
server error. Nothing is written in such a request (its transaction never began or is rolled
back), so trying again is safe. The error is logged with its traceback for the operator.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, HttpResponseBase, JsonResponse
from django.middleware.gzip import GZipMiddleware as DjangoGZipMiddleware
from django.utils.html import escape
from django.utils.translation import gettext as _

log = logging.getLogger(__name__)
RETRY_SECONDS = 5


class DatabaseUnavailableMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, (OperationalError, InterfaceError)):
            return None
        log.error("database unavailable for %s %s", request.method, request.path,
                  exc_info=exception)
        message = _("The database is not reachable at the moment (it may be restarting). "
                    "Nothing was saved; please try again in a few seconds.")
        if request.path.startswith("/api/"):
            response: HttpResponse = JsonResponse({"detail": message}, status=503)
        else:
            title = escape(_("Please try again in a moment"))
            response = HttpResponse(
                f'<!doctype html><html lang="{escape(getattr(request, "LANGUAGE_CODE", "de"))}">'
                f'<head><meta charset="utf-8"><meta name="viewport" '
                f'content="width=device-width, initial-scale=1"><title>{title}</title></head>'
                f"<body><h1>{title}</h1><p>{escape(message)}</p></body></html>",
                status=503, content_type="text/html; charset=utf-8")
        response["Retry-After"] = str(RETRY_SECONDS)
        response["Cache-Control"] = "no-store"
        return response


class ServiceErrorMiddleware:
    """A :class:`~tournaments.services.ServiceError` that no page caught becomes a styled
    page with its messages and its status (404, 409 …), never a 500.

    Pages that show a form put the errors at its fields themselves
    (:func:`tournaments.forms.apply_service_error`); the API has its own exception handler.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        from django.shortcuts import render

        from .services import ServiceError

        if not isinstance(exception, ServiceError) or request.path.startswith("/api/"):
            return None
        return render(request, "error.html", {"messages_": exception.messages,
                                              "code": exception.code},
                      status=exception.status)


class GZipMiddleware(DjangoGZipMiddleware):
    """Django's gzip for pages and the desk's answers (the desk's list of 500 entrants is
    1.2 MB of HTML, 28 KB gzipped, over the hall's Wi-Fi); PDFs go as they are (already
    compressed inside, and a download keeps its Content-Length).

    Answers that come with a ``Content-Encoding`` (the live blocks, gzipped once per
    rendering) are left alone by Django's class; their weak version ETags are not touched.
    """

    def process_response(self, request: HttpRequest,
                         response: HttpResponseBase) -> HttpResponseBase:
        if response.get("Content-Type", "").startswith("application/pdf"):
            return response
        return super().process_response(request, response)
