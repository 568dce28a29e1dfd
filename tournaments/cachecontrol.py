"""Every answer says whether a shared cache may keep it: private unless a view says public.

A caching proxy or a CDN in front (docs/scaling.md) keeps only what the app marks
``public`` with a ``max-age``: the spectators' live blocks
(:func:`tournaments.views.rendercache.block_response`) and, for anonymous visitors, their
whole pages (:func:`tournaments.views.rendercache.shared_page`). Everything the director,
the desks and the captains see, and the API, gets ``private, no-store`` here, unless its
view chose its own header (the captain's QR code, WhiteNoise's static files, Django's
``never_cache``).
An answer that sets a cookie is never public, whatever its view said.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

PRIVATE = "private, no-store"


def is_public(cache_control: str) -> bool:
    return "public" in (d.strip().split("=")[0].lower() for d in cache_control.split(","))


class CacheControlMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        current = response.get("Cache-Control", "")
        if not current or (response.cookies and is_public(current)):
            response["Cache-Control"] = PRIVATE
        return response
