"""What the director's and the spectators' pages show of chess: the Swiss panel, the tables.

The pages themselves (:mod:`tournaments.views.director`, :mod:`tournaments.views.public`)
ask here; the chess views that post the panel's forms are :mod:`.views`.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from ..disciplines import of
from ..models import Tournament
from .draw import freilos_refusal
from .forms import ByeRequestForm, ForbiddenPairingForm, ForcedPairingForm, WithdrawForm
from .outputs import is_round_robin
from .services import next_round

# The chess Swiss panel's forms by prefix (tournament page, "Next round").
CHESS_FORMS: dict[str, type[Any]] = {"bye": ByeRequestForm, "forced": ForcedPairingForm,
                                     "forbid": ForbiddenPairingForm, "withdraw": WithdrawForm}


def swiss_panel(t: Tournament, bound: dict[str, Any] | None = None,
                opened: bool = False) -> dict[str, Any] | None:
    """The "next round" panel for disciplines drawn by the Dutch system, else None.

    Folded while it holds nothing, unless the director just worked in it (``opened``)."""
    if not of(t).has_dutch:
        return None
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


def chess_pages(t: Tournament) -> list[tuple[str, str]]:
    """(url name, label) of the chess tables this tournament shows spectators."""
    if not of(t).chess_outputs:
        return []
    if is_round_robin(t):
        return [("public:cross_table", str(_("Cross table"))),
                ("public:progress_table", str(_("Progress table")))]
    return [("public:progress_table", str(_("Progress table")))]
