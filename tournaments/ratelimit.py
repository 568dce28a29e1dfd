"""Throttling where anyone may knock: captains' links, pre-registration, logins.

**Where the counts live.** Fixed windows counted in the database (:class:`RateCount`), one
row per key and window, raised with one atomic ``UPDATE … SET count = count + 1``. The
database is the one store every gunicorn worker and every host of an installation shares,
whatever the topology: the hall laptop's four workers without Redis used to count in each
worker's own memory, which let 120 wrong tokens through where 30 a minute are documented
(issue 32, finding 4). Why not Django's database or file cache: their ``incr`` is a read
and a write, so workers racing on one key lose counts; and the file cache is not shared
between hosts. Expired windows are deleted whenever a new one starts. A database that
cannot count (locked, away) lets the request through (fail open: result entry in a hall
matters more than a count), as the Redis cache did before. Failed logins are django-axes'
business (config/settings.py, ``AXES_*``, in the database too); this module gives it the
client address and the page it answers a lockout with.

Captains' links (``/c/<token>/``, its QR code, the captain API, the table cards
``/tc/<code>/`` and personal links ``/e/<code>/``). The token is the only permission there
is, so these are the endpoints worth guessing at:

- ``captain``: requests per valid link *and client address* (default 120 per minute; a
  table loads its page, sends, sees the confirmation, perhaps corrects: a dozen). Per link,
  because a hall's phones often share one NAT address and 250 tables must not share one
  budget; per client as well, because a budget of the link alone could be used up by anyone
  who knows it (the card is taped to the table): 125 HEAD requests from one address locked
  every other client out of the card, the captain page and the API for up to 44 s (issue 32,
  finding 2). Counted on a hash of the token (a token never becomes part of a key).
- ``captain_unknown``: tokens that matched no table, per client address (default 30 per
  minute). Over it, *unknown* tokens from that address get 429 instead of 404: the guessing
  is slowed down. A valid token is always looked up and served (only its own budget
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

The client address (:func:`client_ip`, used for these counts and by django-axes alike) is
``REMOTE_ADDR``. ``X-Forwarded-For`` is trusted only when ``trusted_proxies`` is set to the
number of proxies in front of the app (e.g. 1 behind one nginx): then the address that many
hops from the right end of the header is used, which is the one the nearest trusted proxy
saw (a client can prepend anything it likes, but cannot change what our proxy appends).
Without that setting the header is ignored, since anyone can send it. IPv6 addresses are
counted per /64, since one client holds a whole /64.

Settings (``settings.RATE_LIMITS``, see config/settings.py): ``enabled`` (on by default; off
only for tests that really do bursts), ``window`` (seconds, for the captain counts),
``captain``, ``captain_unknown``, ``prereg`` and ``prereg_tournament`` (rates like ``8/10m``),
``trusted_proxies``.
"""

from __future__ import annotations

import hashlib
import ipaddress
import logging
import math
import time
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import DatabaseError, IntegrityError, transaction
from django.db.models import F
from django.http import HttpRequest, HttpResponse
from django.utils.html import escape
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django_ratelimit.core import _split_rate

from .models import RateCount

log = logging.getLogger(__name__)

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


def _masked(address: str) -> str:
    """The address as counted: IPv6 per /64 (one client holds a whole /64)."""
    ip = ipaddress.ip_address(address)
    if ip.version == 6:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def hit(key: str, period: int) -> tuple[int, float]:
    """Count one request on ``key`` in its current window of ``period`` seconds.

    Returns (the count in this window including this request, seconds until the window
    ends). One atomic UPDATE in the common case; the window's first request inserts its
    row (a racing worker's insert is caught and counted with an UPDATE) and deletes every
    window that has ended.
    """
    now = time.time()
    window = int(now // period) * period
    end = window + period
    rows = RateCount.objects.filter(key=key, window=window)
    # One transaction: the row stays locked from the UPDATE to the read (SQLite's IMMEDIATE
    # transactions, PostgreSQL's row lock), so each request reads its own count, not one a
    # racing worker raised meanwhile.
    with transaction.atomic():
        if not rows.update(count=F("count") + 1):
            try:
                with transaction.atomic():
                    RateCount.objects.create(key=key, window=window, expires=end, count=1)
            except IntegrityError:  # another worker started the window first
                rows.update(count=F("count") + 1)
            RateCount.objects.filter(expires__lte=int(now)).delete()
        count = rows.values_list("count", flat=True).first() or 1
    return count, end - now


def _count(request: HttpRequest, group: str, rate: str | tuple[int, int],
           key: str | None = None, per_client: bool = True) -> int | None:
    """Count this request in ``group`` (per ``key`` and/or per client address).

    The seconds to wait if that is over ``rate``, else None.
    """
    limit, period = _split_rate(rate)
    parts = [group, key or ""]
    if per_client:
        parts.append(_masked(client_ip(request)))
    digest = hashlib.sha256("\x1f".join(parts).encode("utf-8", "replace")).hexdigest()
    try:
        count, left = hit(digest, max(1, int(period)))
    except DatabaseError as exc:  # fail open: a count must never stop result entry
        log.warning("rate limit %s not counted: %s", group, exc)
        return None
    if count <= limit:
        return None
    return max(1, math.ceil(left))


def _captain_rate(name: str) -> tuple[int, int]:
    conf = config()
    return int(conf[name]), max(1, int(conf["window"]))


def link_request(request: HttpRequest, token: str) -> int | None:
    """Count a request on a valid table link; the seconds to wait if over its budget."""
    if not config()["enabled"]:
        return None
    link = hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()[:24]  # no secret in keys
    return _count(request, "captain", _captain_rate("captain"), key=link)  # and per client


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
                   key=str(tournament_id), per_client=False)
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
