"""Absolute links that leave the screen: QR codes, printed captain links, the pre-registration link.

They are all built here from one base: ``settings.PUBLIC_URL`` when it is set (the address
phones in the hall use), otherwise the host the request came in on. When that base is a
loopback address (``127.0.0.1``, ``localhost``) no phone can open the links, and the
director's pages say so (:func:`loopback_warning`).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.http import HttpRequest
from django.urls import reverse

from config.hall import hall_url, host_of, is_loopback


def public_base(request: HttpRequest | None) -> str:
    """``scheme://host[:port]`` that phones use, without a trailing slash."""
    configured = getattr(settings, "PUBLIC_URL", "")
    if configured or request is None:
        return configured or "http://127.0.0.1:8000"
    return f"{request.scheme}://{request.get_host()}"


def absolute(request: HttpRequest | None, path: str) -> str:
    """``path`` (starting with ``/``) under the public base."""
    return public_base(request) + path


def captain_link(request: HttpRequest | None, token: str) -> str:
    return absolute(request, reverse("captain:table", args=[token]))


@dataclass(frozen=True)
class LoopbackWarning:
    """Printed links would point at this machine only; how to fix it."""

    base: str
    suggestion: str


def loopback_warning(request: HttpRequest) -> LoopbackWarning | None:
    """A warning when QR codes and printed links would name a loopback address."""
    base = public_base(request)
    if not is_loopback(host_of(base)):
        return None
    port = request.get_port() or "8000"
    return LoopbackWarning(base, hall_url("0.0.0.0", port))
