"""The draw methods in the director's words, beside the draw registry (``pairing.METHODS``):
the settings page, the round page and the log name a method with these."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from ..disciplines.base import WebDiscipline

# Names of draw methods as the director reads them; unknown methods show their name.
METHOD_LABELS: dict[str, Any] = {
    "dutch": _("Swiss, FIDE Dutch system"),
    "score_order": _("by score, no rematches (Swiss)"),
    "round_robin": _("round robin (FIDE Berger tables)"),
    "round_robin_shift": _("round robin, shift system (Rutschsystem)"),
    "random_tables": _("random tables"),
    "standings_tables": _("tables by standings"),
    "rotation": _("new tables: no repeated opponents or partners"),
    "fixed_rotation": _("pair 1 stays, pair 2 moves on one table"),
    "pussi_partners": _("new partners each series"),
    "swiss_score": _("Swiss by tournament points, no rematches"),
    "registration": _("seats from the draw at registration"),
    "team_swiss": _("team Swiss, FIDE C.04.6"),
    "match_day": _("league match day (two teams, one round)"),
    "scheveningen": _("Scheveningen (two teams: every player meets every player)"),
}


def method_choices(discipline: WebDiscipline, methods: tuple[str, ...] | None = None
                   ) -> list[tuple[str, Any]]:
    """The draw methods a discipline offers (or ``methods`` of them), as choices of a form."""
    return [(m, METHOD_LABELS.get(m, m)) for m in
            (discipline.methods if methods is None else methods)]
