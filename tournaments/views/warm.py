"""The spectators' pages rendered before the first phone asks: when a round is published.

When the director publishes a round, the hall's phones open the tournament's page, its
standings and pairings and "where do I sit?". Behind the proxy the first request for an
address nginx holds no copy of goes on to the app, and every other request for it waits
for that one (``proxy_cache_lock``; nginx looks again only every 500 ms). If that first
request has to render, in a worker that is also answering the desks, the captains and the
director, 5,000 phones wait with it: in the 5,000-phone evening the first standings took
2.4 s of server time and the whole page 3.2 s, and that wait alone made the standings p99
of the whole run 2.3 s (docs/load.md, "The cold start of a full hall").

So once the publication is committed, the Celery worker renders these blocks and the whole
page into the render cache every web node reads (:func:`rendercache.rendered`, one lock
per block as for any rendering), in every language the site speaks: the first request then
finds the current rendering and is answered in milliseconds, and nginx lets its waiters go
at their next look. Only the worker does it (``services.public_warm``): without one (the
embedded ``make run``, the tests) the first visitor renders as before, and nothing waits
for the rendering.
"""

from __future__ import annotations

import logging
import time

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.http import HttpRequest
from django.urls import reverse
from django.utils import translation

from ..models import Tournament
from .public import fragment_builder, fragment_name, page_builder, page_name
from .rendercache import Builder, entry_key, rendered

log = logging.getLogger(__name__)
# The live blocks a phone polls after a publication (mode "page", every category): the
# tournament's page shows the first two, "where do I sit?" the third.
PARTS = ("standings", "pairings", "seats")
CODINGS = ("html", "gzip")


def anonymous_request(t: Tournament) -> HttpRequest:
    """The request every anonymous visitor of the tournament's page is, for its rendering:
    the page holds nothing of the visitor (``public.same_for_every_visitor``), only its own
    address (the language switch links back to it) and the anonymous user's header."""
    request = HttpRequest()
    request.method = "GET"
    request.path = request.path_info = reverse("public:tournament", args=[t.slug])
    request.META = {"QUERY_STRING": "", "REQUEST_METHOD": "GET"}
    request.user = AnonymousUser()
    return request


def names(t: Tournament) -> list[tuple[str, str]]:
    """(language, render-cache name) of everything :func:`warm_public` renders."""
    found = []
    for code, _label in settings.LANGUAGES:
        with translation.override(code):
            found += [(code, fragment_name(t, part, "page")) for part in PARTS]
            found.append((code, page_name(t, None)))
    return found


def warm_public(tournament_id: int) -> int:
    """Render the tournament's live blocks and whole page in every language, unless a
    current rendering is kept already; how many renderings that took. A tournament that is
    gone or not public is left alone (its staff's views are never cached)."""
    t = Tournament.objects.filter(pk=tournament_id, public=True).first()
    if t is None:
        return 0
    started = time.monotonic()
    made = 0
    for code, _label in settings.LANGUAGES:
        with translation.override(code):
            for part in PARTS:
                made += _render(fragment_name(t, part, "page"), t.version,
                                fragment_builder(t, part, "page"))
            made += _render(page_name(t, None), t.version,
                            page_builder(anonymous_request(t), t, None))
    log.info("warmed the public pages of %s (version %s): %s renderings in %.0f ms",
             t.slug, t.version, made, 1000 * (time.monotonic() - started))
    return made


def _render(name: str, version: int, build: Builder) -> int:
    """1 when this call rendered the block (a current rendering may be kept already)."""
    kept = cache.get(entry_key(name, "html"))
    entry = rendered(name, version, build)
    return int(entry is not kept and (kept is None or entry.made != kept.made))


def is_warm(t: Tournament) -> bool:
    """Whether everything :func:`warm_public` renders is kept at ``t``'s version (or newer)
    in both codings: what a bench waits for before opening the doors."""
    for _code, name in names(t):
        for coding in CODINGS:
            entry = cache.get(entry_key(name, coding))
            if entry is None or entry.version < t.version:
                return False
    return True
