"""The director sets a Pussi series' own number of games on the round page (issue 18).

``series_games_context`` is the round page's panel (``director/_series_games.html``);
``series_games`` takes its form and calls :func:`~tournaments.services.series_games.
set_series_games`; a refused form comes back on the round page with the error at its field.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ..disciplines import of
from ..models import Round, Tournament
from ..services import ServiceError
from ..services.series_games import KEY, series_games_of, set_series_games
from .access import director_view
from .director import actor


def series_games_context(t: Tournament, rnd: Round, running: bool,
                         sent: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """What the panel shows: the series' number, the tournament's, whether a reason is
    needed, and a refused form's values and errors. None for other disciplines."""
    if not of(t).has_series_games:
        return None
    own = (rnd.extra or {}).get(KEY)
    return {"games": series_games_of(t, rnd), "own": own,
            "default": int(of(t).settings(t).games_per_series), "running": running,
            "value": (sent or {}).get("value", own if own is not None else ""),
            "reason": (sent or {}).get("reason", ""), "errors": (sent or {}).get("errors", {}),
            "general": (sent or {}).get("errors", {}).get("__all__", [])}


@director_view
@require_POST
def series_games(request: HttpRequest, t: Tournament, number: int) -> HttpResponse:
    rnd = get_object_or_404(Round, tournament=t, number=number)
    value, reason = request.POST.get(KEY, ""), request.POST.get("reason", "")
    try:
        set_series_games(t, actor(request), number, value, reason)
    except ServiceError as exc:
        from .round_page import _round_page

        return _round_page(request, t, rnd, status=400, series={
            "value": value, "reason": reason, "errors": exc.errors})
    rnd.refresh_from_db()
    messages.success(request, _("Series %(n)s plays %(games)s games.") % {
        "n": number, "games": series_games_of(t, rnd)})
    return redirect("director:round", slug=t.slug, number=number)
