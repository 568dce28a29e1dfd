"""Rate limits for the table captains' links (``/c/<token>/``, its QR code, the captain API).

The captain token is the only permission there is, so these endpoints are the ones worth
guessing at. Two fixed-window counters, kept in the Django cache (so they are shared by all
gunicorn workers when ``REDIS_URL`` is set; local memory in tests and in the embedded default,
where there is one process):

- ``captain``: requests per table link (default 120 per minute; a table loads its page, sends,
  sees the confirmation, perhaps corrects: a dozen). It is counted per link, not per address,
  because a hall's phones often share one NAT address: 250 tables must not share one budget.
- ``captain_unknown``: failed token lookups per client IP (default 30 per minute). Once an IP
  has used them up, all its captain requests are refused until the window ends, valid tokens
  included: otherwise a guess that hits would be told apart from the refused ones. Tokens have
  192 random bits, so this is about floods and log noise rather than odds; behind one NAT a
  phone that keeps mistyping blocks the hall's links for the rest of that minute, which is
  why the limit is not lower.

Over a limit the answer is 429 with ``Retry-After`` (seconds to the end of the window): a small
HTML page for the pages, ``{"detail": ...}`` for the API.

The client IP is ``REMOTE_ADDR``. ``X-Forwarded-For`` is trusted only when
``RATE_LIMITS["trusted_proxies"]`` is set to the number of proxies in front of the app (e.g. 1
behind one nginx): then the address that many hops from the right end of the header is used,
which is the one the nearest trusted proxy saw (a client can prepend anything it likes, but
cannot change what our proxy appends). Without that setting the header is ignored, since
anyone can send it.

Settings (``settings.RATE_LIMITS``, see config/settings.py): ``enabled`` (on by default; off
only for tests that really do bursts), ``window`` (seconds), ``captain``, ``captain_unknown``,
``trusted_proxies``.
"""

from __future__ import annotations

import hashlib
import math
import time
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.html import escape
from django.utils.translation import gettext as _

DEFAULTS: dict[str, Any] = {
    "enabled": True,
    "window": 60,
    "captain": 120,
    "captain_unknown": 30,
    "trusted_proxies": 0,
}
PREFIX = "ratelimit"


def config() -> dict[str, Any]:
    return {**DEFAULTS, **getattr(settings, "RATE_LIMITS", {})}


def client_ip(request: HttpRequest) -> str:
    """REMOTE_ADDR, or the right address of X-Forwarded-For behind trusted proxies."""
    hops = int(config()["trusted_proxies"] or 0)
    if hops > 0:
        forwarded = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
                     if a.strip()]
        if len(forwarded) >= hops:
            return forwarded[-hops][:64]
    return (request.META.get("REMOTE_ADDR") or "unknown")[:64]


def _window() -> tuple[int, int]:
    """(index of the current window, seconds until it ends)."""
    size = max(1, int(config()["window"]))
    now = time.time()
    return int(now // size), max(1, math.ceil(size - now % size))


def _key(bucket: str, who: str, index: int) -> str:
    return f"{PREFIX}:{bucket}:{who}:{index}"


def _count(bucket: str, who: str, index: int) -> int:
    return int(cache.get(_key(bucket, who, index)) or 0)


def _incr(bucket: str, who: str, index: int) -> int:
    key = _key(bucket, who, index)
    cache.add(key, 0, timeout=int(config()["window"]) + 5)
    try:
        return int(cache.incr(key))
    except ValueError:  # expired between add and incr
        cache.set(key, 1, timeout=int(config()["window"]) + 5)
        return 1


def check_captain(request: HttpRequest, token: str) -> int | None:
    """Count this request on its link; the seconds to wait if over a limit, else None."""
    conf = config()
    if not conf["enabled"]:
        return None
    index, retry = _window()
    if _count("captain_unknown", client_ip(request), index) >= int(conf["captain_unknown"]):
        return retry
    link = hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()[:24]  # no secret in keys
    if _incr("captain", link, index) > int(conf["captain"]):
        return retry
    return None


def failed_lookup(request: HttpRequest) -> None:
    """Count a token that matched no table."""
    if config()["enabled"]:
        index, _retry = _window()
        _incr("captain_unknown", client_ip(request), index)


def message() -> str:
    return _("Too many requests from your network. Please wait a minute and try again.")


def too_many_page(request: HttpRequest, retry: int) -> HttpResponse:
    """429 as a small self-contained page (phones on a hall's Wi-Fi read it)."""
    title = escape(_("Too many requests"))
    body = (f'<!doctype html><html lang="{escape(getattr(request, "LANGUAGE_CODE", "de"))}">'
            f'<head><meta charset="utf-8"><meta name="viewport" '
            f'content="width=device-width, initial-scale=1"><title>{title}</title></head>'
            f"<body><h1>{title}</h1><p>{escape(message())}</p></body></html>")
    response = HttpResponse(body, status=429, content_type="text/html; charset=utf-8")
    response["Retry-After"] = str(retry)
    response["Cache-Control"] = "no-store"
    return response
