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
poll and gets the new one. A block is also rendered at most once per render slot
(:func:`render_slot`, aligned to the clock: :func:`same_slot`), so when results arrive
several a second the server renders a handful of times a minute instead of per result.
``PUBLIC_RENDER_INTERVAL`` (default 2 s) is what the spectators are promised: a new result
is in the blocks at most that long after it was entered. A rendering shows what was there
when it began and is served when it is done, so the slot is the interval less the time set
aside for the rendering itself (``PUBLIC_RENDER_TIME``, 1 s): with 2 s, renderings begin
on every second and a phone (polling every 5 s) sees a result within 2 + 5 s. A cache in
front keeps a public answer until its slot ends (:func:`share`).
The services' version bump still invalidates everything: no timeout decides
freshness, and an unchanged tournament is never rendered again.

The gzipped body is made once per rendering, not once per phone, and kept
under its own key, so a phone's poll fetches a few kilobytes from the cache
instead of the whole HTML.

One exception to "the request that gets the lock renders": a proxy's first request for an
address it holds no copy of, which every other phone waits for (:func:`first_fetch`), gets
the kept rendering at once and the new one is made right after the answer (a slot later
for the proxy, once per address). Publishing a round renders the blocks beforehand
(:mod:`tournaments.views.warm`), so that first request usually finds the current one.
"""

from __future__ import annotations

import gzip
import hashlib
import logging
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from urllib.parse import unquote_plus

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, QueryDict
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.translation import get_language, override

from ..models import Tournament
from ..services.standings import identity_key

log = logging.getLogger(__name__)  # a line per rendering at INFO (RENDER_LOG_LEVEL, bench/hall.py)
CACHE_SECONDS = 3600  # bounds memory only: entries are replaced by version, not by age
# A renderer that died (its node killed mid-render) frees its block when its lock expires:
# after three times the block's last rendering, at least LOCK_MIN_SECONDS, at most this (the
# first rendering of a block, which has no last one, holds it this long). The standings of
# 250 tables render in 0.2 s, so a killed node freezes them for a second, within the render
# interval; a rendering that suddenly takes longer than its lock may be started twice, and
# the next lock is longer. (With 30 s, docs/load.md measured a 24 s freshness p99 after a
# SIGKILL; with a flat 5 s a block could freeze for 5 s.) A block that takes longer passes
# its own ``lock_seconds`` (the statistics do).
LOCK_SECONDS = 5
LOCK_MIN_SECONDS = 1
# A proxy's first request for an address gets the kept rendering at once if it is at most
# this old (first_fetch): a newer one is made right after the answer, and the proxy shows
# the older one to the end of the render slot. An older rendering is rendered anew first.
FIRST_FETCH_STALE_SECONDS = 30.0
WAIT_SECONDS = 5.0  # a first rendering in progress is awaited this long, then rendered here
POLL_SECONDS = 0.05


# What renders a block: its HTML, or its HTML and the tournament version it shows, when
# that may differ from the poll's: a block that read the tournament again may have found a
# newer one, a page that holds blocks rendered a moment before may show an older one. The
# entry, and its ETag, then name the version the block really shows.
Builder = Callable[[], str | tuple[str, int]]


@dataclass(frozen=True)
class Rendered:
    """One coding of a block: ``body`` is the HTML (str) or its gzip (bytes)."""

    version: int
    made: float  # time.time() of the rendering, for the render slot
    body: str | bytes
    took: float = 0.0  # seconds the rendering took, for the next one's lock (lock_hold)

    @property
    def html(self) -> str:
        return self.body if isinstance(self.body, str) else gzip.decompress(self.body).decode()


def render_interval() -> float:
    """The promise: how long at most a new result waits before the blocks show it."""
    return float(settings.PUBLIC_RENDER_INTERVAL)


def render_slot() -> float:
    """How often a block may be rendered: the render interval less a rendering's own time.

    A result entered just after a rendering began waits for the next slot, and then for that
    rendering to finish: a slot plus the rendering's time. So the slot leaves
    ``PUBLIC_RENDER_TIME`` of the interval to the rendering (with 2 s and 1 s: slots of a
    second; the standings of 250 tables render in about 0.2 s), but is never under half the
    interval, which bounds what a long rendering time costs. 0: every version renders at once.
    """
    interval = render_interval()
    if interval <= 0:
        return 0.0
    return max(interval - float(settings.PUBLIC_RENDER_TIME), interval / 2)


def same_slot(a: float, b: float) -> bool:
    """Whether the times ``a`` and ``b`` fall in one render slot.

    Time is cut into render slots (:func:`render_slot`), aligned to the clock (with slots of
    1 s: the whole seconds), and a block is rendered at most once per slot. Aligned slots
    let every cache in front know when a rendering may be replaced: at the end of its slot
    (:func:`slot_end`), the same instant on every node and in the proxy, so a cache adds
    no delay of its own to the render interval's.
    """
    slot = render_slot()
    return slot > 0 and math.floor(a / slot) == math.floor(b / slot)


def slot_end(now: float) -> float | None:
    """When the render slot holding ``now`` ends (None: every version renders at once)."""
    slot = render_slot()
    return (math.floor(now / slot) + 1) * slot if slot > 0 else None


def block_name(t: Tournament, *parts: str) -> str:
    """The block's identity without the version, as a digest (options come from query strings).

    A new tournament that gets the id of a deleted one has a new creation time, so a new
    name; a restored tournament keeps its name, and the restore empties the cache.
    """
    raw = "\x1f".join([identity_key(t), *parts])
    return f"{t.pk}-" + hashlib.sha256(raw.encode()).hexdigest()[:20]


def rendered(name: str, version: int, build: Builder,
             coding: str = "html", busy: Callable[[], str] | None = None,
             lock_seconds: int = LOCK_SECONDS, wait: bool = False,
             later: list[Callable[[], None]] | None = None) -> Rendered:
    """The block at ``version`` or newer, as ``html`` or ``gzip``; while another request
    renders it, or within the render slot of the last rendering, the last one.

    A block put into a whole page passes ``wait``: while another request renders it, the
    page waits for that rendering instead of taking the last one. The page is kept for its
    whole render slot under its own version, so the last one would show an older block
    than the page's version says for that slot (both are rendered at the start of a slot,
    when a proxy lets the first poll of each through); a polled block answers at once and
    its own ETag says how old it is.

    A block that may take long to render (the statistics of a large tournament) passes
    ``busy``: while its very first rendering is under way, the others get ``busy()``
    (a short notice, not stored) at once instead of waiting and then rendering it
    themselves, so however many requests come, one of them does the work; and a
    ``lock_seconds`` longer than that work, so a second one does not start meanwhile.

    A caller that can answer first and render afterwards passes a list as ``later``: when
    this call would render while an older rendering is kept, it returns that one at once,
    holding the lock, and leaves the rendering (which stores the block and frees the lock)
    in ``later`` for the caller to run once its answer is out (:func:`block_response`, for
    a request nobody has a copy for yet: :func:`first_fetch`).
    """
    key, lock = entry_key(name, coding), f"public-lock:{name}"
    entry = cache.get(key)
    if entry is not None and (entry.version >= version or same_slot(entry.made, time.time())):
        return entry
    if not cache.add(lock, version, lock_hold(entry, lock_seconds)):
        if entry is not None and not wait:
            return entry  # one render behind, and its ETag says so
        if entry is None and busy is not None:
            return Rendered(0, 0.0, busy())
        deadline = time.monotonic() + WAIT_SECONDS
        while time.monotonic() < deadline:  # another request renders it: wait, do not pile on
            time.sleep(POLL_SECONDS)
            newer = cache.get(key)
            if newer is not None and (entry is None or newer.made > entry.made):
                return newer
            if cache.get(lock) is None:  # its renderer is done or died, or the cache is away
                break
        return make(name, version, build, store=False)[coding]
    if (later is not None and entry is not None
            and entry.made >= time.time() - FIRST_FETCH_STALE_SECONDS):
        later.append(lambda: render_after(name, version, build, lock))
        return entry
    try:
        return make(name, version, build, store=True)[coding]
    finally:
        cache.delete(lock)


def render_after(name: str, version: int, build: Builder, lock: str) -> None:
    """The rendering :func:`rendered` left for after the answer; it holds ``lock``. Nobody
    waits for it, so a failure is logged, never raised (the next request renders again)."""
    try:
        make(name, version, build, store=True)
    except Exception:
        log.exception("rendering %s after the answer failed", name)
    finally:
        cache.delete(lock)


def lock_hold(entry: Rendered | None, lock_seconds: int) -> int:
    """How long a rendering holds its block's lock: three times the last one, in whole
    seconds, at least :data:`LOCK_MIN_SECONDS`, at most ``lock_seconds`` (also for the
    first rendering). The lock only keeps a second rendering from starting meanwhile; if its
    renderer dies, it is what every node waits out."""
    if entry is None:
        return lock_seconds
    return min(lock_seconds, max(LOCK_MIN_SECONDS, math.ceil(3 * entry.took)))


def entry_key(name: str, coding: str) -> str:
    return f"public:{name}:{coding}"


def make(name: str, version: int, build: Builder, store: bool) -> dict[str, Rendered]:
    made = time.time()  # when the version was read: what changes after it shows next slot
    started = time.monotonic()
    built = build()
    if isinstance(built, tuple):  # the version the rendering shows (see Builder)
        built, version = built
    html = str(built)
    zipped = gzip.compress(html.encode(), compresslevel=6, mtime=0)
    took = time.monotonic() - started
    entries = {"html": Rendered(version, made, html, took),
               "gzip": Rendered(version, made, zipped, took)}
    if store:
        cache.set_many({entry_key(name, c): e for c, e in entries.items()}, CACHE_SECONDS)
    log.info("rendered %s version %s in %.1f ms at %.3f%s", name, version, 1000 * took, made,
             "" if store else " (not kept)")
    return entries


def etag(name: str, version: int) -> str:
    """Weak: the plain and the gzipped body are the same block (RFC 9110 8.8.3)."""
    return f'W/"{name}:{version}"'


def accepts_gzip(request: HttpRequest) -> bool:
    return "gzip" in request.headers.get("Accept-Encoding", "").lower()


def block_response(request: HttpRequest, name: str, version: int,
                   build: Builder, public: bool = True) -> HttpResponse:
    """The block for a polling phone: 304 when it has what we would send, gzip when it may.

    A public block may be kept by shared caches for a moment (:func:`shared_freshness`);
    ``public=False`` (a tournament not yet public, seen by its staff) is never stored.
    """
    current = etag(name, version)
    response = get_conditional_response(request, etag=current)
    if response is None:
        coding = "gzip" if accepts_gzip(request) else "html"
        later: list[Callable[[], None]] | None = [] if first_fetch(request, public) else None
        entry = rendered(name, version, build, coding, later=later)
        tag = etag(name, entry.version)
        response = get_conditional_response(request, etag=tag)
        if response is None:
            response = AnswerThenRender(entry.body, after=later or [])
            if coding == "gzip":
                response["Content-Encoding"] = "gzip"
        elif later:  # a 304 for the kept rendering (not asked for by a first fetch)
            for job in later:
                job()
        response["ETag"] = tag
    else:
        response["ETag"] = current
    patch_vary_headers(response, ("Accept-Encoding",))
    if public:
        share(response)
    else:  # a tournament only its staff may see yet
        patch_cache_control(response, private=True, no_store=True)
    return response


def first_fetch(request: HttpRequest, public: bool) -> bool:
    """Whether this is a proxy's first request for a public block or page it holds no copy
    of: the proxy says it fills its cache (``X-Proxy-Cache-Fill``,
    deploy/nginx/turnierwart.conf) and names no ETag. Every other phone asking for that
    address waits for this one (``proxy_cache_lock``; nginx looks again every 500 ms): in
    the 5,000-phone evening a first standings rendering of 1.9-2.4 s in a busy worker made
    thousands of phones wait that long (docs/load.md, "The cold start of a full hall").
    So it gets the kept rendering at once if that is at most
    :data:`FIRST_FETCH_STALE_SECONDS` old (under its own ETag), and the new one is made
    right after the answer is out; the proxy shows the older one to the end of the render
    slot and then asks again with its ETag, which finds the new one. This happens once per
    address while the proxy keeps it; a request naming an ETag (nginx refreshing a copy it
    answers from meanwhile), and every request not from the proxy (a phone polling the app
    itself, ``make run``: a visitor gets what is current), waits for its rendering as before.
    """
    return (public and "HTTP_IF_NONE_MATCH" not in request.META
            and "HTTP_X_PROXY_CACHE_FILL" in request.META)


class AnswerThenRender(HttpResponse):
    """An answer that, once the server has sent it (WSGI ``close()``), runs the renderings
    left for after it (:func:`rendered` ``later``), in the same thread and language, before
    Django's end of request (which returns the database connection)."""

    def __init__(self, content: str | bytes, after: list[Callable[[], None]]) -> None:
        super().__init__(content)
        self.after = after
        self.language = get_language()

    def close(self) -> None:
        try:
            with override(self.language):
                for job in self.after:
                    job()
        finally:
            self.after = []
            super().close()


def shared_freshness(now: float | None = None) -> dict[str, int | bool]:
    """How long any cache (the proxy, a CDN, the phone) may keep a public block or page.

    Until the end of the render slot (:func:`same_slot`): no newer rendering can exist
    before it, so keeping the answer that long delays nothing. ``max-age`` counts whole
    seconds: the seconds left in the slot rounded down, but at least 1 (``max-age=0`` would
    make a cache, nginx among them, store nothing in a slot's last second and pass every
    request on), and a cache may answer one more second from the old copy while it asks
    again (``stale-while-revalidate=1``). Without a render interval every version renders
    at once and caches keep an answer one second.
    """
    now = time.time() if now is None else now
    end = slot_end(now)
    max_age = 1 if end is None else max(1, int(end - now))
    return {"public": True, "max_age": max_age, "stale_while_revalidate": 1}


def share(response: HttpResponse, now: float | None = None) -> HttpResponse:
    """Mark a public answer as cacheable until its render slot ends.

    ``Cache-Control`` (:func:`shared_freshness`) is for every cache; nginx in front
    (``deploy/nginx/turnierwart.conf``) also reads ``X-Accel-Expires``, which names the end
    of the slot as a point in time (whole seconds since 1970, so the slot must be whole
    seconds too) instead of a rounded-down duration, and keeps the answer exactly until
    then; nginx does not pass that header on to the phones.
    """
    now = time.time() if now is None else now
    end = slot_end(now)
    if end is not None and end == int(end):
        # nginx keeps an entry while its expiry second is not past the current second, so
        # the last second of the slot expires it as the slot ends. Set before
        # Cache-Control: nginx reads the headers in order and, X-Accel-Expires seen,
        # leaves Cache-Control's max-age aside.
        response["X-Accel-Expires"] = f"@{int(end) - 1}"
    patch_cache_control(response, **shared_freshness(now))
    return response


# Every query parameter a spectators' page or block reads (filled by :func:`shared_page_reading`
# and :func:`spectator_query`). nginx's cache key (deploy/nginx/turnierwart.conf) names
# exactly these, as ``$arg_<name>``; a test keeps the two lists equal.
SPECTATOR_PARAMS: set[str] = set()
MAX_PARAM = 200  # characters of a parameter's value kept


def spectator_params(*params: str) -> tuple[str, ...]:
    """Name the query parameters a view reads (at import, so the list is whole at once)."""
    SPECTATOR_PARAMS.update(params)
    return params


def spectator_query(request: HttpRequest, params: tuple[str, ...]) -> None:
    """Keep of the query only the parameters this page reads, as nginx's cache key reads them.

    Any other parameter (``?x=<random>``, ``?utm_source=``) is dropped before the view sees
    it, so it neither makes the page be rendered again nor becomes part of a cache entry
    (issue 32, finding 9: a random query forced a full rendering on every request, past
    both caches). The parameters kept are read as nginx's ``$arg_<name>`` reads them: the
    first occurrence, its name matched case-insensitively and *not* decoded, its value
    decoded once. Anything Django would read differently (``?category=a&category=b``,
    ``?CATEGORY=x``, ``?cat%65gory=x``) is read the same way on both sides, so an answer can
    never be stored under another query's key.
    """
    SPECTATOR_PARAMS.update(params)
    wanted = {name.lower(): name for name in params}
    kept = QueryDict(mutable=True)
    for part in request.META.get("QUERY_STRING", "").split("&"):
        name, equals, value = part.partition("=")
        key = wanted.get(name.lower())
        if key is not None and equals and key not in kept:
            kept[key] = unquote_plus(value)[:MAX_PARAM]
    kept._mutable = False
    request.GET = kept  # type: ignore[assignment]  # immutable again, as Django's own
    request.META["QUERY_STRING"] = kept.urlencode()


def shared_page_reading(*params: str) -> Callable[[Callable[..., HttpResponse]],
                                                  Callable[..., HttpResponse]]:
    """:func:`shared_page` for a page that reads these query parameters (and no other)."""
    SPECTATOR_PARAMS.update(params)

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapped(request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
            spectator_query(request, params)
            response = view(request, *args, **kwargs)
            if (response.status_code == 200 and not response.has_header("Cache-Control")
                    and not request.user.is_authenticated):
                share(response)
            return response

        return wrapped

    return decorate


def shared_page(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A spectators' whole page: what an anonymous visitor gets, shared caches may keep briefly.

    The page holds nothing of the visitor (the language switch is a link, not a form with a
    CSRF token: :mod:`tournaments.views.language`), so the proxy in front or a CDN may serve
    it for the same moment as its live blocks (:func:`shared_freshness`). Staff looking at it
    (a tournament not yet public, their own links in the header) stay private, and
    :class:`tournaments.cachecontrol.CacheControlMiddleware` keeps any answer that sets a
    cookie private whatever this says. A page that reads query parameters says which
    (:func:`shared_page_reading`); every other one is dropped (:func:`spectator_query`).
    """
    return shared_page_reading()(view)
