"""What makes the captain's page an installable web app that opens without a network.

- ``/c/sw.js``: the service worker (``templates/captain/sw.js``). Served from ``/c/`` so
  that its scope covers every captain page and nothing else; ``no-cache`` so that a
  phone checks for a new one each time it opens a page (a stale worker would keep old
  pages alive for good). Plain JavaScript from this site: the Content-Security-Policy
  (``script-src 'self'``, workers fall back to it) allows it as it is.
- ``/c/<token>/manifest.webmanifest``: the manifest of one table's page, so that the
  icon on the home screen opens this table's page.

How the page keeps a result that could not be sent: ``static/js/captain-offline.js``
and ``docs/captain-offline.md``.
"""

from __future__ import annotations

import json

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from .captain import _lookup

# Files the worker keeps at once, so that a page opened offline has its looks and scripts
# even if the phone never fetched them while the worker was running.
ASSETS = ("css/turnierwart.css", "css/captain.css", "js/scroll.js", "js/captain.js",
          "js/captain-offline.js", "favicon.svg")
# Raise when the worker's own rules change: phones then drop the caches of the old one.
WORKER_VERSION = 2  # 2: the keep message takes only a captain page asking for itself


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    """The captain pages' service worker (JavaScript, never stored by a cache unchecked)."""
    response = render(request, "captain/sw.js", {
        "version": WORKER_VERSION,
        "assets": json.dumps([static(a) for a in ASSETS]),
        "static_prefix": json.dumps(static("")),
        "captain_prefix": json.dumps(reverse("captain:service_worker").removesuffix("sw.js")),
    }, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response


@require_safe
def manifest(request: HttpRequest, token: str) -> HttpResponse:
    """The web app manifest of one table's captain page."""
    table = _lookup(request, token)
    if isinstance(table, HttpResponse):
        return table
    tournament = table.round.tournament
    page = reverse("captain:table", args=[token])
    data = {
        "name": f"{tournament.disc.table_word} {table.number} · {tournament.name}",
        "short_name": f"{tournament.disc.table_word} {table.number}",
        "description": _("Enter your table's result, also with a bad network."),
        "start_url": page,
        "id": page,
        "scope": reverse("captain:service_worker").removesuffix("sw.js"),
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#12324f",
        "icons": [{"src": static("favicon.svg"), "sizes": "any", "type": "image/svg+xml",
                   "purpose": "any"}],
    }
    response = HttpResponse(json.dumps(data, ensure_ascii=False),
                            content_type="application/manifest+json; charset=utf-8")
    response["Cache-Control"] = "private, no-cache"
    return response
