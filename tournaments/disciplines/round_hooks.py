"""Two hooks of a discipline around a round, kept apart from ``base.py`` (which is full):
what the action log keeps of a draw, and the projector's round panel."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..models import Round, Tournament


class RoundHooks:
    """Defaults of :class:`~tournaments.disciplines.base.WebDiscipline`: nothing extra."""

    def projector_round(self, t: Tournament, rnd: Round) -> tuple[str, dict[str, Any]] | None:
        """The projector's round panel as the discipline shows it: (template, context) in
        place of the common table list (team chess: each match with its boards), or None
        for the common one. The template's rows to page are ``table.pairings > tbody > tr``
        (static/js/projector.js)."""
        return None

    def draw_log(self, t: Tournament, number: int, seed: str, method: str) -> dict[str, Any]:
        """What the action log keeps of a draw beyond its method and seed (team chess: the
        initial colour drawn by lot for round 1); nothing by default."""
        return {}
