"""The director's live board of tables: the hall at a glance.

One page (``director:board``) with one live block (``director:board_live``) that polls
every few seconds like the spectators' blocks: the block is rendered once per tournament
version and language (``rendercache``) and carries an ETag naming that version, so an
unchanged tournament answers 304 without a query beyond the tournament's row. Nothing on
it depends on the clock (``static/js/board.js`` counts the minutes), which is what lets
the version alone decide freshness.

Directors only: the tiles open the director's result entry, and the desk has its own
pages; a board that showed disputes to the desk would show what it cannot settle.
Unlike the spectators' blocks the answer is ``private, no-cache``: no shared cache may
keep it, but the director's browser keeps it to ask again with its ETag and get 304.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from ..models import Tournament
from ..selectors.board import board_get
from .access import director_view
from .public import opened_as_page
from .rendercache import block_name, block_response, etag, rendered

POLL_SECONDS = 5
PRIVATE_REVALIDATE = "private, no-cache"


def block(t: Tournament) -> str:
    return block_name(t, "director-board", get_language() or "")


def build(t: Tournament) -> str:
    return render_to_string("director/_board.html", {"t": t, "board": board_get(t)})


@director_view
@require_safe
def board(request: HttpRequest, t: Tournament) -> HttpResponse:
    name = block(t)
    entry = rendered(name, t.version, lambda: build(t))
    return render(request, "director/board.html", {
        "t": t, "board_html": mark_safe(entry.html),  # our template's output, escaped there
        "board_etag": etag(name, entry.version), "poll": POLL_SECONDS})


@director_view
@require_safe
def board_live(request: HttpRequest, t: Tournament) -> HttpResponse:
    """The board's block; 304 while the tournament has not changed since the last poll."""
    if opened_as_page(request):
        return redirect("director:board", t.slug)
    response = block_response(request, block(t), t.version, lambda: build(t), public=False)
    response["Cache-Control"] = PRIVATE_REVALIDATE
    return response
