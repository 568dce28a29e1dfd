"""Every request body has a bound, and a larger one is refused before anything reads it.

Django bounds ``request.body`` and form fields by ``DATA_UPLOAD_MAX_MEMORY_SIZE``, but
not a stream that a parser reads itself (DRF's parsers read ``request`` as a stream),
and not uploaded files, which it spools to disk whatever their size. So one rule for
every request: a body may be at most ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (2.5 MB) long, or
more where the view allows more in ``max_body_bytes`` (:func:`allow_body` for a function
view; the imports: :data:`IMPORT_BYTES`). :class:`BodyLimitMiddleware` answers 413 from the
declared ``Content-Length`` before the view, the CSRF check or an upload handler reads
a byte. Django's request stream never yields more than that length, and the API's
parsers read at most the same ``max_body_bytes`` themselves (``tournaments.api.parsers``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.defaultfilters import floatformat
from django.utils.translation import gettext as _

from scoring.json_input import MAX_BYTES

IMPORT_BYTES = MAX_BYTES  # a turnier/1 document or TRF file, in a form or the API: 20 MB
MULTIPART_OVERHEAD = 64 * 1024  # the form's other fields and the parts' headers
V = TypeVar("V")


def allow_body(limit: int) -> Callable[[V], V]:
    """Let a view (function or class) take bodies up to ``limit`` bytes."""

    def mark(view: V) -> V:
        view.max_body_bytes = limit  # type: ignore[attr-defined]
        return view

    return mark


def body_limit(view: Any = None) -> int:
    """How many bytes of body may reach ``view``: the request limit, or more where the view
    allows more in ``max_body_bytes``. A view that takes less (a captain's result) refuses
    the rest itself, in its parser, with the exact number."""
    for holder in (view, getattr(view, "view_class", None), getattr(view, "cls", None)):
        limit = getattr(holder, "max_body_bytes", None)
        if limit is not None:
            return max(int(limit), int(settings.DATA_UPLOAD_MAX_MEMORY_SIZE))
    return int(settings.DATA_UPLOAD_MAX_MEMORY_SIZE)


def too_large_message(limit: int) -> str:
    """In the reader's language and number format: "2.5 MB", "2,5 MB", "20 MB"."""
    return _("The request body is larger than %(mb)s MB.") % {
        "mb": floatformat(limit / 1024 / 1024, -1)}


def declared_length(request: HttpRequest) -> int:
    try:
        return max(0, int(request.META.get("CONTENT_LENGTH") or 0))
    except ValueError:
        return 0


class BodyLimitMiddleware:
    """413 for a declared body longer than the view accepts (multipart: plus its overhead)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(self, request: HttpRequest, view: Callable[..., Any], args: Any,
                     kwargs: Any) -> HttpResponse | None:
        limit = body_limit(view)
        allowed = limit
        if request.content_type == "multipart/form-data":
            allowed += MULTIPART_OVERHEAD
        if declared_length(request) <= allowed:
            return None
        message = too_large_message(limit)
        if request.path_info.startswith("/api/"):
            return JsonResponse({"__all__": [message]}, status=413)
        return HttpResponse(message, status=413, content_type="text/plain; charset=utf-8")
