"""What the director's and the spectators' pages show of chess: the Swiss panel, the tables.

The pages themselves (:mod:`tournaments.views.director`, :mod:`tournaments.views.public`)
ask here; the chess views that post the panel's forms are :mod:`.views`.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _

from ...models import Tournament
from . import federation
from .draw import freilos_refusal
from .outputs import is_round_robin
from .panel_forms import ByeRequestForm, ForbiddenPairingForm, ForcedPairingForm, WithdrawForm
from .services import next_round

# The chess Swiss panel's forms by prefix (tournament page, "Next round").
CHESS_FORMS: dict[str, type[Any]] = {"bye": ByeRequestForm, "forced": ForcedPairingForm,
                                     "forbid": ForbiddenPairingForm, "withdraw": WithdrawForm}


def swiss_panel(t: Tournament, bound: dict[str, Any] | None = None,
                opened: bool = False) -> dict[str, Any] | None:
    """The "next round" panel of the director's wishes (byes, set pairings, withdrawals);
    None once every planned round is drawn.

    Folded while it holds nothing, unless the director just worked in it (``opened``)."""
    upcoming = next_round(t)
    if upcoming.number > t.planned_rounds:  # every planned round is drawn
        return None
    forms = {name: cls(t, prefix=name, next_round=upcoming.number)
             for name, cls in CHESS_FORMS.items()}
    forms.update(bound or {})
    return {"next": upcoming, "forms": forms,
            "freilos_warning": freilos_refusal(t, upcoming.number),
            "open": opened or bool(bound) or bool(upcoming.byes or upcoming.forced
                                                  or upcoming.forbidden or upcoming.withdrawn)}


def panels(request: HttpRequest, t: Tournament, bound: dict[str, Any] | None = None
           ) -> list[str]:
    """The director's tournament page's chess panels: before round 1 the federations'
    completeness check (docs/sections.md), then the Swiss's next round."""
    out: list[str] = []
    if not t.rounds.exists() and t.entrants.exists():
        kinds: tuple[federation.Kind, ...] = ("fide", "dsb")
        found = {kind: [g for g in federation.gaps(t, kind, "before_round_1") if g.required]
                 for kind in kinds}
        out.append(render_to_string("director/_federation_panel.html",
                                    {"t": t, "fide": len(found["fide"]),
                                     "dsb": len(found["dsb"])}, request))
    swiss = swiss_panel(t, bound, opened=request.GET.get("open") == "next-round")
    if swiss is not None:
        out.append(render_to_string("director/_swiss_panel.html", {"t": t, "swiss": swiss},
                                    request))
    return out


def chess_pages(t: Tournament) -> list[tuple[str, str]]:
    """(URL, label) of the chess tables this tournament shows spectators."""
    pages = [("public:cross_table", _("Cross table"))] if is_round_robin(t) else []
    pages.append(("public:progress_table", _("Progress table")))
    return [(reverse(name, args=[t.slug]), label) for name, label in pages]
