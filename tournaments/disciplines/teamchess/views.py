"""The spectators' team pages: each match's boards of a round, and the teams' cross table.
Rendered once per version and language (``views.rendercache``), like chess's tables."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from ...models import Round, Tournament
from ...services.public import current_round
from ...views.access import director_view
from ...views.public import visible_tournament
from ...views.rendercache import block_name, rendered, shared_page, shared_page_reading
from . import outputs


def _team_tournament(request: HttpRequest, slug: str) -> Tournament:
    t = visible_tournament(request, slug)
    if not getattr(t.disc, "has_teams", False):
        raise Http404("only team tournaments have matches")
    return t


def team_pages(t: Tournament) -> list[tuple[str, str]]:
    """(URL, label) of the team pages spectators see."""
    return [(reverse("public:team_matches", args=[t.slug]), _("Matches and boards")),
            (reverse("public:team_cross_table", args=[t.slug]), _("Team cross table")),
            (reverse("public:team_players", args=[t.slug]), _("Players' results"))]


def _page(request: HttpRequest, t: Tournament, name: str, title: str, partial: str,
          context: dict[str, object], *options: str) -> HttpResponse:
    entry = rendered(block_name(t, name, *options, get_language()), t.version,
                     lambda: render_to_string(partial, {"t": t, **context}))
    return render(request, "public/team_page.html", {
        "t": t, "title": title, "table_html": mark_safe(entry.html),
        "pages": team_pages(t), "round": current_round(t)})


@shared_page_reading("round")
@require_safe
def matches(request: HttpRequest, slug: str) -> HttpResponse:
    """Every match of a round (the current one, or ``?round=N``) with its boards."""
    t = _team_tournament(request, slug)
    published = t.rounds.exclude(status=Round.Status.PREVIEW).order_by("number")
    wanted = request.GET.get("round", "")
    rnd = published.filter(number=int(wanted)).first() if wanted.isdecimal() and \
        len(wanted) < 4 else None
    rnd = rnd or published.last()
    numbers = [r.number for r in published]
    if rnd is None:
        return _page(request, t, "team_matches", _("Matches and boards"),
                     "public/_team_matches.html", {"matches": [], "numbers": []}, "none")
    return _page(request, t, "team_matches", _("Matches and boards"),
                 "public/_team_matches.html",
                 {"matches": outputs.round_matches(t, rnd), "rnd": rnd, "numbers": numbers,
                  "initial": outputs.initial_colour_note(t)},
                 str(rnd.number))


@shared_page
@require_safe
def cross_table(request: HttpRequest, slug: str) -> HttpResponse:
    t = _team_tournament(request, slug)
    return _page(request, t, "team_cross_table", _("Team cross table"),
                 "public/_team_cross.html", {"cross": outputs.cross_table(t)})


@shared_page
@require_safe
def players(request: HttpRequest, slug: str) -> HttpResponse:
    """Every team's players: games, points, boards played, FIDE performance."""
    t = _team_tournament(request, slug)
    return _page(request, t, "team_players", _("Players' results"),
                 "public/_team_players.html", {"teams": outputs.player_table(t)})


@director_view
@require_safe
def export_trf(request: HttpRequest, t: Tournament) -> HttpResponse:
    """The team tournament as a TRF-2026 file: players' lines and the team records."""
    from .trf import export_trf as team_trf

    if not getattr(t.disc, "has_teams", False):
        raise Http404("only team tournaments have team lines")
    response = HttpResponse(team_trf(t), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{t.slug}.trf"'
    return response
