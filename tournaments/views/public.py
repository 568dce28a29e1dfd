"""Spectators' pages: no account, only tournaments the director made public.

The live blocks (standings, current pairings) are htmx fragments that phones
poll every few seconds. Each fragment carries an ETag naming the tournament's
version, so an unchanged tournament answers 304 without rendering anything,
and the rendered HTML is cached per version and language: a hall full of
phones costs one render per change, not one per phone.
"""

from __future__ import annotations

import logging

from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

from ..disciplines import DISCIPLINES
from ..models import Round, Tournament
from ..permissions import is_desk
from ..services import ServiceError
from ..services.public import (
    current_round,
    round_byes,
    round_tables,
    standings_table,
    state_key,
    visible_rounds,
)

log = logging.getLogger(__name__)
FRAGMENTS = {"standings": "public/_standings.html", "pairings": "public/_pairings.html"}
PROJECTOR_COLUMNS = 4  # the projector shows the ranking criteria, not every statistic
CACHE_SECONDS = 3600  # keys carry the version, so this only bounds memory, never staleness


def visible_tournament(request: HttpRequest, slug: str) -> Tournament:
    """The tournament if spectators may see it; its own staff may look before it is public."""
    t = get_object_or_404(Tournament, slug=slug)
    if not t.public and not is_desk(request.user, t):
        raise Http404("no such tournament")
    return t


def fragment_mode(request: HttpRequest) -> str:
    return "projector" if request.GET.get("view") == "projector" else "page"


def fragment_etag(t: Tournament, part: str, mode: str) -> str:
    return f'"{part}-{mode}-{state_key(t)}-{get_language()}"'


def fragment_context(t: Tournament, part: str, mode: str) -> dict:
    if part == "standings":
        limit = PROJECTOR_COLUMNS if mode == "projector" else None
        try:
            table = standings_table(t, limit_columns=limit)
        except ServiceError:  # a document scoring cannot read: say so, never a 500
            log.exception("standings of %s cannot be computed", t.slug)
            table = None
        return {"t": t, "table": table, "mode": mode}
    rnd = current_round(t)
    return {"t": t, "round": rnd, "mode": mode,
            "tables": round_tables(rnd) if rnd else [], "byes": round_byes(rnd) if rnd else []}


def render_fragment(t: Tournament, part: str, mode: str) -> str:
    """The fragment's HTML, rendered once per tournament version, part, mode and language."""
    key = f"public:{part}:{mode}:{state_key(t)}:{get_language()}"
    html = cache.get(key)
    if html is None:
        html = render_to_string(FRAGMENTS[part], fragment_context(t, part, mode))
        cache.set(key, str(html), CACHE_SECONDS)
    return mark_safe(html)  # our own template's output, escaped when it was rendered


def live_blocks(t: Tournament, mode: str) -> dict:
    return {f"{part}_html": render_fragment(t, part, mode) for part in FRAGMENTS} | {
        f"{part}_etag": fragment_etag(t, part, mode) for part in FRAGMENTS}


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    tournaments = Tournament.objects.filter(public=True).order_by("-created", "-pk")
    rows = [{"t": t, "discipline": DISCIPLINES[t.discipline].label} for t in tournaments
            if t.discipline in DISCIPLINES]
    return render(request, "public/home.html", {"rows": rows})


@require_GET
def tournament(request: HttpRequest, slug: str) -> HttpResponse:
    t = visible_tournament(request, slug)
    rnd = current_round(t)
    context = {"t": t, "discipline": DISCIPLINES[t.discipline].label, "round": rnd,
               "rounds": visible_rounds(t), **live_blocks(t, "page")}
    return render(request, "public/tournament.html", context)


@require_GET
def round_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    t = visible_tournament(request, slug)
    rnd = get_object_or_404(Round.objects.exclude(status=Round.Status.PREVIEW),
                            tournament=t, number=number)
    rnd.tournament = t
    return render(request, "public/round.html", {
        "t": t, "round": rnd, "tables": round_tables(rnd), "byes": round_byes(rnd),
        "rounds": visible_rounds(t)})


def fragment(request: HttpRequest, slug: str, part: str) -> HttpResponse:
    """A live block; 304 while the tournament has not changed since the phone last asked."""
    t = visible_tournament(request, slug)
    mode = fragment_mode(request)
    etag = fragment_etag(t, part, mode)
    response = get_conditional_response(request, etag=etag)
    if response is None:
        response = HttpResponse(render_fragment(t, part, mode))
    response["ETag"] = etag
    # Phones must ask every time (no stale standings), but may reuse what they have on a 304.
    patch_cache_control(response, no_cache=True)
    return response


@require_GET
def standings_fragment(request: HttpRequest, slug: str) -> HttpResponse:
    return fragment(request, slug, "standings")


@require_GET
def pairings_fragment(request: HttpRequest, slug: str) -> HttpResponse:
    return fragment(request, slug, "pairings")


@require_GET
def projector(request: HttpRequest, slug: str) -> HttpResponse:
    t = visible_tournament(request, slug)
    return render(request, "public/projector.html", {
        "t": t, "round": current_round(t), **live_blocks(t, "projector")})
