"""Throttling where anyone may knock: captains' links, pre-registration, logins.

The counting is django-ratelimit's (:func:`django_ratelimit.core.get_usage`): fixed windows
kept in the Django cache, so they are shared by all gunicorn workers through Redis when
``REDIS_URL`` is set (local memory in tests and in the embedded default, which is one
process). Failed logins are django-axes' business (config/settings.py, ``AXES_*``); this
module gives it the client address and the page it answers a lockout with.

Captains' links (``/c/<token>/``, its QR code, the captain API). The token is the only
permission there is, so these are the endpoints worth guessing at:

- ``captain``: requests per valid table link (default 120 per minute; a table loads its
  page, sends, sees the confirmation, perhaps corrects: a dozen). Counted per link, on a
  hash of the token (a token never becomes part of a cache key), not per address, because a
  hall's phones often share one NAT address: 250 tables must not share one budget.
- ``captain_unknown``: tokens that matched no table, per client address (default 30 per
  minute). Over it, *unknown* tokens from that address get 429 instead of 404: the guessing
  is slowed down. A valid token is always looked up and served (only its own per-link budget
  applies), so a phone that keeps mistyping behind the hall's NAT address cannot stop the
  result entry of every other table. (The old rule refused valid tokens too, so that a hit
  could not be told apart from a refusal. With 192 random bits per token that protects
  nothing: at 30 guesses a minute a hit is expected after more than 10^50 years. The limit
  is about floods and log noise.) Every request costs one indexed lookup, even over the
  limit: that is the price of never refusing a real link.

Pre-registration (``/t/<slug>/prereg/``): sign-ups that would be stored, counted before
anything is written,

- ``prereg``: per client address (default 8 in 10 minutes: a family signs up several people
  from one phone), and then
- ``prereg_tournament``: per tournament (default 30 a minute), a burst ceiling against a
  flood from many addresses. A refused address does not count here, so one address cannot
  use up the tournament's budget.

Over a limit the answer is 429 with ``Retry-After`` (seconds until the window ends): a small
self-contained page for the captains, the styled page for pre-registration,
``{"detail": ...}`` for the API.

The client address (:func:`client_ip`, used by django-ratelimit and by django-axes alike) is
``REMOTE_ADDR``. ``X-Forwarded-For`` is trusted only when ``trusted_proxies`` is set to the
number of proxies in front of the app (e.g. 1 behind one nginx): then the address that many
hops from the right end of the header is used, which is the one the nearest trusted proxy
saw (a client can prepend anything it likes, but cannot change what our proxy appends).
Without that setting the header is ignored, since anyone can send it. IPv6 addresses are
counted per /64 (django-ratelimit's default), since one client holds a whole /64.

Settings (``settings.RATE_LIMITS``, see config/settings.py): ``enabled`` (on by default; off
only for tests that really do bursts), ``window`` (seconds, for the captain counts),
``captain``, ``captain_unknown``, ``prereg`` and ``prereg_tournament`` (rates like ``8/10m``),
``trusted_proxies``.
"""

from __future__ import annotations

import hashlib
import ipaddress
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.html import escape
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django_ratelimit.core import get_usage

DEFAULTS: dict[str, Any] = {
    "enabled": True,
    "window": 60,
    "captain": 120,
    "captain_unknown": 30,
    "prereg": "8/10m",
    "prereg_tournament": "30/m",
    "trusted_proxies": 0,
}
UNKNOWN_ADDRESS = "0.0.0.0"  # no usable address at all: such requests share one budget


def config() -> dict[str, Any]:
    return {**DEFAULTS, **getattr(settings, "RATE_LIMITS", {})}


def _address(text: str) -> str | None:
    try:
        return str(ipaddress.ip_address(text.strip()))
    except ValueError:
        return None


def client_ip(request: HttpRequest) -> str:
    """REMOTE_ADDR, or the right address of X-Forwarded-For behind trusted proxies.

    Always a valid address (django-ratelimit masks it, django-axes stores it in an address
    column): an entry that is no address falls back to REMOTE_ADDR, no address at all to
    ``0.0.0.0``.
    """
    hops = int(config()["trusted_proxies"] or 0)
    if hops > 0:
        forwarded = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
                     if a.strip()]
        if len(forwarded) >= hops:
            address = _address(forwarded[-hops][:64])
            if address:
                return address
    return _address((request.META.get("REMOTE_ADDR") or "")[:64]) or UNKNOWN_ADDRESS


def _count(request: HttpRequest, group: str, rate: str | tuple[int, int],
           key: str | None = None) -> int | None:
    """Count this request in ``group`` (per ``key``, else per client address).

    The seconds to wait if that is over ``rate``, else None. ``key`` is hashed again by
    django-ratelimit before it becomes part of a cache key.
    """
    usage = get_usage(request, group=f"turnierwart.{group}",
                      key=(lambda _group, _request: key) if key is not None else "ip",
                      rate=rate, increment=True)
    if usage is None or not usage["should_limit"]:
        return None
    # The window's last second is time_left from now: the next one starts a second later.
    return max(1, int(usage["time_left"]) + 1)


def _captain_rate(name: str) -> tuple[int, int]:
    conf = config()
    return int(conf[name]), max(1, int(conf["window"]))


def link_request(request: HttpRequest, token: str) -> int | None:
    """Count a request on a valid table link; the seconds to wait if over its budget."""
    if not config()["enabled"]:
        return None
    link = hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()[:24]  # no secret in keys
    return _count(request, "captain", _captain_rate("captain"), key=link)


def failed_lookup(request: HttpRequest) -> int | None:
    """Count a token that matched no table; the seconds to wait if this address guesses on.

    Only unknown tokens are refused over this budget: callers answer 429 instead of 404.
    """
    if not config()["enabled"]:
        return None
    return _count(request, "captain_unknown", _captain_rate("captain_unknown"))


def prereg_request(request: HttpRequest, tournament_id: int) -> tuple[str, int] | None:
    """Count a sign-up about to be stored; ``("address" | "tournament", seconds to wait)``
    if over a limit, else None.

    Per address first; only a sign-up that address may make counts towards the tournament's
    burst ceiling.
    """
    conf = config()
    if not conf["enabled"]:
        return None
    retry = _count(request, "prereg", conf["prereg"])
    if retry:
        return "address", retry
    retry = _count(request, "prereg_tournament", conf["prereg_tournament"],
                   key=str(tournament_id))
    return ("tournament", retry) if retry else None


def message() -> str:
    return _("Too many requests from your network. Please wait a minute and try again.")


def wait_text(seconds: int) -> str:
    """"about 3 minutes" / "about 40 seconds", for people reading a 429."""
    if seconds >= 90:
        minutes = round(seconds / 60)
        return ngettext("about %(n)d minute", "about %(n)d minutes", minutes) % {"n": minutes}
    return ngettext("about %(n)d second", "about %(n)d seconds", seconds) % {"n": seconds}


def too_many_page(request: HttpRequest, retry: int) -> HttpResponse:
    """429 as a small self-contained page (phones on a hall's Wi-Fi read it)."""
    title = escape(_("Too many requests"))
    body = (f'<!doctype html><html lang="{escape(getattr(request, "LANGUAGE_CODE", "de"))}">'
            f'<head><meta charset="utf-8"><meta name="viewport" '
            f'content="width=device-width, initial-scale=1"><title>{title}</title></head>'
            f"<body><h1>{title}</h1><p>{escape(message())}</p></body></html>")
    response = HttpResponse(body, status=429, content_type="text/html; charset=utf-8")
    return too_many(response, retry)


def too_many(response: HttpResponse, retry: int) -> HttpResponse:
    """Mark a response as a refusal for now: ``Retry-After``, and never cached."""
    response["Retry-After"] = str(max(1, int(retry)))
    response["Cache-Control"] = "no-store"
    return response


# ---------------------------------------------------------------- logins (django-axes)


def login_cooloff() -> timedelta:
    """How long a username is locked for the address that kept failing (AXES_COOLOFF_TIME)."""
    cooloff = getattr(settings, "AXES_COOLOFF_TIME", None)
    return cooloff if isinstance(cooloff, timedelta) else timedelta(minutes=15)


def login_locked_message() -> str:
    seconds = int(login_cooloff().total_seconds())
    return _("Too many failed log-ins for this name from your network. Please wait "
             "%(wait)s and try again.") % {"wait": wait_text(seconds)}


def login_locked_response(request: HttpRequest, original_response: HttpResponse | None = None,
                          credentials: dict[str, Any] | None = None) -> HttpResponse:
    """AXES_LOCKOUT_CALLABLE: the login page again, with why and for how long (429).

    The API's token endpoint says it itself (tournaments/api/auth.py); this also answers an
    API path with ``{"detail": ...}`` in case a lockout ever reaches it.
    """
    from django.contrib.auth.forms import AuthenticationForm
    from django.http import JsonResponse
    from django.shortcuts import render

    retry = int(login_cooloff().total_seconds())
    if request.path.startswith("/api/"):
        return too_many(JsonResponse({"detail": login_locked_message()}, status=429), retry)
    username = str((credentials or {}).get("username") or "")[:150]
    form = AuthenticationForm(request, initial={"username": username})
    response = render(request, "registration/login.html",
                      {"form": form, "locked": login_locked_message(),
                       "next": request.POST.get("next", request.GET.get("next", ""))},
                      status=429)
    return too_many(response, retry)
