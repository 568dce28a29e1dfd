"""The live board of a whole event (``/v/<event>/live/``): the spectators' phone page that
reaches every section's pairings and standings from one address.

A hall of an open has one QR code on the wall, not three: the page names every public
section with its round, and shows the chosen one's current pairings and standings
(``?section=<label>``; the first section when none or an unknown one is asked for, so a
made-up value makes no new cache entry). The two blocks are the section's own live blocks
(:func:`~tournaments.views.public.live_blocks`, rendered once per version) and poll the
section's own fragment addresses; for anonymous visitors the whole page is rendered once
per versions of the event's sections and language and kept gzipped like the tournament's
page (:mod:`tournaments.views.rendercache`).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from ..models import Event, Tournament
from ..permissions import is_desk
from ..services.events import section_name, sections
from ..services.public import current_round
from .public import live_blocks
from .rendercache import block_name, block_response, shared_page_reading

PARAM = "section"


def _visible(request: HttpRequest, event: Event, anonymous: bool) -> list[Tournament]:
    """The sections this visitor may see: the public ones (staff also their own)."""
    return [t for t in sections(event)
            if t.public or (not anonymous and is_desk(request.user, t))]


def _context(event: Event, shown: list[Tournament], chosen: Tournament) -> dict[str, Any]:
    nav = []
    for t in shown:
        rnd = current_round(t)
        nav.append({"t": t, "label": section_name(t), "round": rnd.number if rnd else 0,
                    "current": t.pk == chosen.pk})
    return {"event": event, "nav": nav, "t": chosen, "label": section_name(chosen),
            "round": current_round(chosen), **live_blocks(chosen, "page")}


@shared_page_reading(PARAM)
@require_safe
def live_board(request: HttpRequest, event: str) -> HttpResponse:
    """Every section's pairings and standings from one page, phone first."""
    found = get_object_or_404(Event, slug=event)
    # Every other query parameter was dropped (shared_page_reading): the page is the same
    # for every anonymous visitor without a message waiting.
    anonymous = not request.user.is_authenticated and "messages" not in request.COOKIES
    shown = _visible(request, found, anonymous)
    if not shown:
        raise Http404("no public section")
    asked = request.GET.get(PARAM, "")
    chosen = next((t for t in shown if section_name(t) == asked), shown[0])
    if not anonymous:
        return render(request, "events/live.html", _context(found, shown, chosen))
    # What the page shows is the section it chose: its links carry that, never a made-up
    # value (every visitor gets this rendering).
    request.META["QUERY_STRING"] = "" if chosen.pk == shown[0].pk else urlencode(
        {PARAM: section_name(chosen)})
    version = sum(t.version for t in shown)  # versions only grow: the sum does too
    name = block_name(chosen, "event-live", found.slug, get_language(),
                      ",".join(str(t.pk) for t in shown))

    def build() -> tuple[str, int]:
        return (render_to_string("events/live.html", _context(found, shown, chosen),
                                 request=request), version)

    return block_response(request, name, version, build, public=True)

