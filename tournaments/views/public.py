"""Spectators' pages: no account, only tournaments the director made public.

The live blocks (standings, current pairings) are htmx fragments that phones
poll every few seconds. Each fragment carries an ETag naming the tournament's
version, so an unchanged tournament answers 304 without rendering anything,
and the rendered HTML is cached per version and language: a hall full of
phones costs one render per change, not one per phone, and while results pour
in at most one per render slot (``rendercache``). The standings can be
narrowed to a category (seniors, women, youth A …) present in the tournament;
chess tournaments also show their cross table (round robin) and progress table.
"""

from __future__ import annotations

import logging
from urllib.parse import urlencode

from django.conf import settings
from django.db import connection
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from ..disciplines import get, of
from ..models import Announcement, Round, Tournament
from ..permissions import is_desk
from ..selectors.board import still_playing
from ..services import ServiceError
from ..services.prize_list import prize_list
from ..services.public import (
    categories_present,
    category_label,
    current_round,
    round_byes,
    round_tables,
    standings_table,
    visible_rounds,
)
from ..services.seat_list import round_started, seat_lines, time_limit
from .rendercache import (
    Builder,
    block_name,
    block_response,
    etag,
    rendered,
    shared_page,
    shared_page_reading,
    spectator_params,
    spectator_query,
)

log = logging.getLogger(__name__)
FRAGMENTS = {"standings": "public/_standings.html", "pairings": "public/_pairings.html",
             "seats": "public/_seats.html"}
FRAGMENT_PARAMS = spectator_params("view", "category")  # what a live block reads
PAGE_BLOCKS = ("standings", "pairings")  # the live blocks of the tournament's page
PROJECTOR_COLUMNS = 4  # the projector shows the ranking criteria, not every statistic
# The projector pages through its panels: seconds per page (?seconds=), and which panels
# in which order (?show=standings,pairings,seats).
PROJECTOR_SECONDS = 10
PROJECTOR_SECONDS_RANGE = (1, 600)
PROJECTOR_PANELS = ("standings", "pairings", "seats")


def visible_tournament(request: HttpRequest, slug: str) -> Tournament:
    """The tournament if spectators may see it; its own staff may look before it is public."""
    t = get_object_or_404(Tournament, slug=slug)
    if not t.public and not is_desk(request.user, t):
        raise Http404("no such tournament")
    return t


# What a phone's poll needs of its tournament: whether it may see it, and which rendering
# is current (block_name: id and creation time; the version). A raw query of these columns
# costs a third of the ORM's get of the whole row (0.3 against 0.7 ms of CPU, measured with
# PostgreSQL), and polls are most of a hall's requests.
POLL_COLUMNS = ("id", "slug", "public", "version", "created")


def polled_tournament(request: HttpRequest, slug: str) -> Tournament:
    """:func:`visible_tournament` with only :data:`POLL_COLUMNS` loaded; a rendering reads
    the whole tournament again (:func:`fragment_builder`)."""
    table = connection.ops.quote_name(Tournament._meta.db_table)
    columns = ", ".join(connection.ops.quote_name(c) for c in POLL_COLUMNS)
    found = list(Tournament.objects.raw(
        f"SELECT {columns} FROM {table} WHERE {connection.ops.quote_name('slug')} = %s",
        [slug]))
    if not found or (not found[0].public and not is_desk(request.user, found[0])):
        raise Http404("no such tournament")
    return found[0]


def fragment_mode(request: HttpRequest) -> str:
    return "projector" if request.GET.get("view") == "projector" else "page"


def fragment_name(t: Tournament, part: str, mode: str, category: str | None = None) -> str:
    return block_name(t, part, mode, category or "", get_language())


def chosen_category(request: HttpRequest, t: Tournament) -> str | None:
    """``?category=`` if some entrant has it; anything else shows everyone (no new cache keys)."""
    category = request.GET.get("category") or None
    return category if category and category in categories_present(t) else None


def fragment_context(t: Tournament, part: str, mode: str,
                     category: str | None = None) -> dict:
    if part == "standings":
        limit = PROJECTOR_COLUMNS if mode == "projector" else None
        try:
            table = standings_table(t, limit_columns=limit, category=category)
        except ServiceError:  # a document scoring cannot read: say so, never a 500
            log.exception("standings of %s cannot be computed", t.slug)
            table = None
        return {"t": t, "table": table, "mode": mode, "category": category}
    rnd = current_round(t)
    if part == "seats":
        return {"t": t, "round": rnd, "mode": mode, "lines": seat_lines(rnd) if rnd else [],
                "table_word": str(t.disc.table_word)}
    own = t.disc.projector_round(t, rnd) if rnd is not None and mode == "projector" else None
    return {"t": t, "round": rnd, "mode": mode,
            "tables": round_tables(rnd) if rnd and own is None else [],
            "byes": round_byes(rnd) if rnd else [],
            "limit": time_limit(t, rnd), **(round_clock(rnd) if mode == "projector" else {}),
            **({"round_partial": own[0], **own[1]} if own is not None else {})}


def round_clock(rnd: Round | None) -> dict:
    """The projector's round line: when the open round was published (its clock counts on
    the screen) and the tables still playing (no report yet)."""
    if rnd is None or rnd.status != Round.Status.OPEN:
        return {"started": None, "playing": []}
    return {"started": round_started(rnd), "playing": still_playing(rnd)}


def whole(t: Tournament) -> Tournament:
    """``t`` with every field: a tournament read for a poll is read again, once, to render."""
    return Tournament.objects.get(pk=t.pk) if t.get_deferred_fields() else t


def fragment_builder(t: Tournament, part: str, mode: str,
                     category: str | None = None) -> Builder:
    """The block's rendering, called only when no current one is kept; a tournament read
    for a poll (:func:`polled_tournament`) is read whole first, and the version of that
    read is the one the block shows (a result may have come in since the poll's read)."""

    def build() -> tuple[str, int]:
        full = whole(t)
        return render_to_string(FRAGMENTS[part],
                                fragment_context(full, part, mode, category)), full.version

    return build


def live_blocks(t: Tournament, mode: str, category: str | None = None,
                parts: tuple[str, ...] = PAGE_BLOCKS) -> dict:
    """The live blocks inside a page, each with the ETag its polling starts from, and the
    oldest version among them (``shown_version``: what the page as a whole shows)."""
    blocks: dict[str, str | int] = {}
    shown = t.version
    for part in parts:
        c = category if part == "standings" else None
        name = fragment_name(t, part, mode, c)
        entry = rendered(name, t.version, fragment_builder(t, part, mode, c), wait=True)
        # our own template's output, escaped when it was rendered
        blocks[f"{part}_html"] = mark_safe(entry.html)
        blocks[f"{part}_etag"] = etag(name, entry.version)
        shown = min(shown, entry.version)
    blocks["shown_version"] = shown
    return blocks


@shared_page
@require_safe
def home(request: HttpRequest) -> HttpResponse:
    tournaments = Tournament.objects.filter(public=True).order_by("-created", "-pk")
    rows = [{"t": t, "discipline": disc.label} for t in tournaments
            if (disc := get(t.discipline)) is not None]
    return render(request, "public/home.html", {"rows": rows})


def same_for_every_visitor(request: HttpRequest) -> bool:
    """Whether the tournament's page this request gets is the one every anonymous visitor
    gets: no login (staff see their own links) and no message waiting for this browser.
    (Any query but the category was dropped before: :func:`rendercache.spectator_query`.)"""
    return (not request.user.is_authenticated and "messages" not in request.COOKIES
            and set(request.GET) <= {"category"})


@shared_page_reading("category")
@require_safe
def tournament(request: HttpRequest, slug: str) -> HttpResponse:
    """The tournament's page; for anonymous visitors rendered once per version and render
    slot like its live blocks, gzipped once, with an ETag (a hall of phones opening it cost
    a third of the server's work when each visit rendered it: docs/load.md)."""
    if not same_for_every_visitor(request):
        t = visible_tournament(request, slug)
        return render(request, "public/tournament.html",
                      tournament_context(t, chosen_category(request, t)))
    t = polled_tournament(request, slug)
    category = chosen_category(request, t)
    # What the page shows is the category it chose: its links (the language switch) carry
    # that, never a value this visitor made up, since every visitor gets this rendering.
    request.META["QUERY_STRING"] = urlencode({"category": category}) if category else ""

    return block_response(request, page_name(t, category), t.version,
                          page_builder(request, t, category), public=t.public)


def page_name(t: Tournament, category: str | None) -> str:
    """The render cache's name of the tournament's whole page as anonymous visitors get it."""
    return block_name(t, "whole-page", category or "", get_language())


def page_builder(request: HttpRequest, t: Tournament, category: str | None) -> Builder:
    """The whole page's rendering for every anonymous visitor (``request`` is one of them,
    or :func:`tournaments.views.warm.anonymous_request`); it shows the oldest version among
    its blocks."""

    def build() -> tuple[str, int]:
        context = tournament_context(whole(t), category)
        return (render_to_string("public/tournament.html", context, request=request),
                context["shown_version"])

    return build


def tournament_context(t: Tournament, category: str | None) -> dict:
    return {"t": t, "discipline": of(t).label, "round": current_round(t),
            "rounds": visible_rounds(t), "category": category,
            "categories": [(c, category_label(c)) for c in categories_present(t)],
            "page_links": t.disc.page_links(t, "public"),
            "announcement_open": Announcement.objects.filter(tournament=t, open=True).exists(),
            **live_blocks(t, "page", category)}


@shared_page
@require_safe
def round_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    t = visible_tournament(request, slug)
    rnd = get_object_or_404(Round.objects.exclude(status=Round.Status.PREVIEW),
                            tournament=t, number=number)
    rnd.tournament = t
    return render(request, "public/round.html", {
        "t": t, "round": rnd, "tables": round_tables(rnd), "byes": round_byes(rnd),
        "rounds": visible_rounds(t)})


def opened_as_page(request: HttpRequest) -> bool:
    """A browser tab navigating to a block's address itself, not a page's script fetching it.

    A block alone has no title, language or styles; whoever opens its address (a shared
    link, the address bar) gets the whole page around it instead.
    """
    navigating = request.headers.get("Sec-Fetch-Mode") == "navigate"
    return navigating and not getattr(request, "htmx", False)


def fragment(request: HttpRequest, slug: str, part: str) -> HttpResponse:
    """A live block; 304 while the tournament has not changed since the phone last asked."""
    spectator_query(request, FRAGMENT_PARAMS)
    t = polled_tournament(request, slug)
    mode = fragment_mode(request)
    if opened_as_page(request):
        if mode == "projector":
            return redirect("public:projector", t.slug)
        page = reverse("public:seats" if part == "seats" else "public:tournament", args=[t.slug])
        return redirect(f"{page}#{part}" if part != "seats" else page)
    category = chosen_category(request, t) if part == "standings" else None
    return block_response(request, fragment_name(t, part, mode, category), t.version,
                          fragment_builder(t, part, mode, category), public=t.public)


@require_safe
def standings_fragment(request: HttpRequest, slug: str) -> HttpResponse:
    return fragment(request, slug, "standings")


@require_safe
def pairings_fragment(request: HttpRequest, slug: str) -> HttpResponse:
    return fragment(request, slug, "pairings")


@require_safe
def seats_fragment(request: HttpRequest, slug: str) -> HttpResponse:
    return fragment(request, slug, "seats")


def projector_seconds(request: HttpRequest) -> int:
    """Seconds per page from ``?seconds=``, within 1 to 600; anything else: the default."""
    low, high = PROJECTOR_SECONDS_RANGE
    try:
        seconds = int(request.GET.get("seconds", ""))
    except ValueError:
        return PROJECTOR_SECONDS
    return min(max(seconds, low), high)


def projector_panels(request: HttpRequest) -> list[str]:
    """The panels from ``?show=`` (known names, in the given order), else all of them."""
    wanted = [p.strip() for p in request.GET.get("show", "").split(",")]
    chosen = [p for p in dict.fromkeys(wanted) if p in PROJECTOR_PANELS]
    return chosen or list(PROJECTOR_PANELS)


@shared_page_reading("seconds", "show")
@require_safe
def projector(request: HttpRequest, slug: str) -> HttpResponse:
    """The hall's big screen: standings, the current pairings and "where do I sit?", paged
    automatically (static/js/projector.js) so that a field of any size comes round."""
    t = visible_tournament(request, slug)
    rnd = current_round(t)
    panels = projector_panels(request)
    return render(request, "public/projector.html", {
        "t": t, "round": rnd, "panels": panels, "seconds": projector_seconds(request),
        "limit": time_limit(t, rnd), "time_zone": settings.TIME_ZONE, **round_clock(rnd),
        # the prize-giving: once finished, the prize list with money is one more panel
        "prizes": prize_list(t) if t.status == Tournament.Status.FINISHED else None,
        # the pairings block also when not shown: the header's round line comes from it
        **live_blocks(t, "projector", parts=tuple(dict.fromkeys([*panels, "pairings"])))})


@shared_page
@require_safe
def seats(request: HttpRequest, slug: str) -> HttpResponse:
    """“Where do I sit?”: everyone alphabetically with table and seat; for the wall."""
    t = visible_tournament(request, slug)
    return render(request, "public/seats.html", {
        "t": t, "round": current_round(t), **live_blocks(t, "page", parts=("seats",))})
