"""The what-if page and the statistics pages (director and spectators).

All three only read: the what-if form is a GET form (bookmarkable, and nothing
to confirm), and bad settings come back as errors at their fields with status
400, never as a 500. Spectators see the statistics only of a public tournament;
the rendered charts are cached per version, audience and language, and the entrant
a reader chooses is marked in that text, so a hall of phones (or one visitor trying
every ``?entrant=``) costs one render per change.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from ..models import Tournament
from ..services.statistics import discipline_label, mark_chosen, statistics
from ..services.whatif import safe_what_if
from .access import director_view
from .public import visible_tournament
from .rendercache import block_name, rendered, shared_page_reading


def chosen_entrant(params: QueryDict) -> int | None:
    """``?entrant=N`` as a start number; anything else chooses nobody."""
    try:
        n = int(params.get("entrant") or 0)
    except ValueError:
        return None
    return n if n > 0 else None


@require_safe
@director_view
def what_if(request: HttpRequest, t: Tournament) -> HttpResponse:
    result = safe_what_if(t, request.GET)  # None: the tournament itself cannot be scored
    status = 400 if result is not None and not result.valid else 200
    return render(request, "stats/what_if.html", {
        "t": t, "discipline": discipline_label(t), "w": result}, status=status)


def _charts_html(t: Tournament, highlight: int | None, audience: str) -> str:
    stats = statistics(t, highlight, ident=f"stats-{audience}")
    return render_to_string("stats/_charts.html", {"t": t, "stats": stats,
                                                   "audience": audience})


# The statistics of a large tournament take long to compute the first time (the field is
# ranked after every round); one request does it while the others are told to wait.
STATS_LOCK_SECONDS = 600


def _busy() -> str:
    return render_to_string("stats/_busy.html")


def _charts(t: Tournament, audience: str, highlight: int | None,
            entrants: list[tuple[int, str]]) -> str:
    """The charts of this version: rendered once per version, audience and language (the
    render cache), with the reader's chosen entrant marked in the text afterwards, so a
    spectator choosing another entrant costs no computing."""
    name = block_name(t, "statistics", audience, get_language())
    html = rendered(name, t.version, lambda: _charts_html(t, None, audience), busy=_busy,
                    lock_seconds=STATS_LOCK_SECONDS).html
    names = dict(entrants)
    if highlight in names:
        html = mark_chosen(html, f"stats-{audience}", highlight, names[highlight])
    return html


@require_safe
@director_view
def director_statistics(request: HttpRequest, t: Tournament) -> HttpResponse:
    return render(request, "stats/statistics.html",
                  _page(t, chosen_entrant(request.GET), "director"))


@shared_page_reading("entrant")
@require_safe
def public_statistics(request: HttpRequest, slug: str) -> HttpResponse:
    """Spectators' statistics: 404 unless the tournament is public (its staff may look)."""
    t = visible_tournament(request, slug)
    return render(request, "stats/statistics.html",
                  _page(t, chosen_entrant(request.GET), "public"))


def _page(t: Tournament, highlight: int | None, audience: str) -> dict[str, Any]:
    entrants = list(t.entrants.order_by("start_number").values_list("start_number", "name"))
    html = _charts(t, audience, highlight, entrants)
    return {"t": t, "discipline": discipline_label(t), "audience": audience,
            "charts_html": mark_safe(html), "entrants": entrants,
            "highlight": highlight if highlight in dict(entrants) else None,
            "base_template": ("director/_layout.html" if audience == "director"
                              else "base.html")}
