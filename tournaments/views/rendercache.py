"""Spectators' blocks rendered once per version, one render at a time, gzipped once.

While results come in, every result bumps the tournament's version, so every
phone's next poll asks for a version nobody has rendered yet. Rendering the
standings of 250 tables takes about 0.2 s; when every such poll rendered them,
the workers rendered the same table many times over and the queue grew without
bound (measured in bench/hall.py: standings p50 of 200 s with 1000 phones).

So each block (tournament, part, options, language) has one cache entry holding
its last rendering and the version it shows, and a lock. The request that gets
the lock renders the version it read; the others answer meanwhile with the last
rendering, under that rendering's own ETag, so the phone asks again at its next
poll and gets the new one. What a spectator sees is never older than the render
in progress: the services' version bump still invalidates everything, no
timeout decides freshness. The gzipped body is made once per rendering, not
once per phone.
"""

from __future__ import annotations

import gzip
import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers

from ..models import Tournament

CACHE_SECONDS = 3600  # bounds memory only: entries are replaced by version, not by age
LOCK_SECONDS = 30  # a renderer that died frees its block after this
WAIT_SECONDS = 5.0  # a first rendering in progress is awaited this long, then rendered here
POLL_SECONDS = 0.05


@dataclass(frozen=True)
class Rendered:
    version: int
    html: str
    gzipped: bytes


def block_name(t: Tournament, *parts: str) -> str:
    """The block's identity without the version, as a digest (options come from query strings).

    A restored tournament is a new row with a new creation time, so a new name.
    """
    raw = "\x1f".join([f"{t.pk}.{t.created.timestamp():.6f}", *parts])
    return f"{t.pk}-" + hashlib.sha256(raw.encode()).hexdigest()[:20]


def rendered(name: str, version: int, build: Callable[[], str]) -> Rendered:
    """The block at ``version`` or newer; while another request renders it, the last one."""
    key, lock = f"public:{name}", f"public-lock:{name}"
    entry = cache.get(key)
    if entry is not None and entry.version >= version:
        return entry
    if not cache.add(lock, version, LOCK_SECONDS):
        if entry is not None:
            return entry  # one render behind, and its ETag says so
        deadline = time.monotonic() + WAIT_SECONDS
        while time.monotonic() < deadline:  # the very first rendering: wait, do not pile on
            time.sleep(POLL_SECONDS)
            entry = cache.get(key)
            if entry is not None:
                return entry
            if cache.get(lock) is None:  # its renderer is done or died, or the cache is away
                break
        return make(name, version, build, store=False)
    try:
        return make(name, version, build, store=True)
    finally:
        cache.delete(lock)


def make(name: str, version: int, build: Callable[[], str], store: bool) -> Rendered:
    html = str(build())
    entry = Rendered(version, html, gzip.compress(html.encode(), compresslevel=6, mtime=0))
    if store:
        cache.set(f"public:{name}", entry, CACHE_SECONDS)
    return entry


def etag(name: str, entry: Rendered) -> str:
    """Weak: the plain and the gzipped body are the same block (RFC 9110 8.8.3)."""
    return f'W/"{name}:{entry.version}"'


def accepts_gzip(request: HttpRequest) -> bool:
    return "gzip" in request.headers.get("Accept-Encoding", "").lower()


def block_response(request: HttpRequest, name: str, version: int,
                   build: Callable[[], str]) -> HttpResponse:
    """The block for a polling phone: 304 when it has what we would send, gzip when it may."""
    current = f'W/"{name}:{version}"'
    response = get_conditional_response(request, etag=current)
    if response is None:
        entry = rendered(name, version, build)
        tag = etag(name, entry)
        response = get_conditional_response(request, etag=tag)
        if response is None:
            if accepts_gzip(request):
                response = HttpResponse(entry.gzipped)
                response["Content-Encoding"] = "gzip"
            else:
                response = HttpResponse(entry.html)
        response["ETag"] = tag
    else:
        response["ETag"] = current
    patch_vary_headers(response, ("Accept-Encoding",))
    # Phones must ask every time (no stale standings), but may reuse what they have on a 304.
    patch_cache_control(response, no_cache=True)
    return response
