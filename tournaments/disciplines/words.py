"""How a discipline names its standings values and what the director chooses per round
(kept beside :mod:`.base`, which re-exports them)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class Words:
    """How a standings value (``points``, ``buchholz``, ``bobbl``) is named: a short
    ``header`` for the column, and the long ``title`` (the legend and the header's tooltip;
    the header when there is none)."""

    header: Any
    title: Any = None


@dataclass(frozen=True)
class SecondReport:
    """Who confirms a captain's report from another phone, as the captain reads it while the
    first report waits: ``phone`` ("from the other party's phone") and ``who`` ("the other
    party"). A board-game table of four has no "other party" (issue 31, item 19)."""

    phone: Any
    who: Any


OTHER_PARTY = SecondReport(_("from the other party's phone"), _("the other party"))
OTHER_SIDE = SecondReport(_("from the other side's phone"), _("the other side"))
OPPONENT = SecondReport(_("from the opponent's phone"), _("the opponent"))
AT_THE_TABLE = SecondReport(_("from another phone at this table"),
                            _("another player at this table"))

# The value every discipline may report under this name.
POINTS_WORDS = Words(_("Pts"), _("Points"))


@dataclass(frozen=True)
class RoundChoice:
    """One thing the director chooses for a round (tabletop's 12 matrix: a mission's kind).

    ``name`` is ``key.index`` (``missions.0``): the value goes to ``Round.extra[key][index]``;
    a plain ``key`` goes to ``Round.extra[key]``. No ``choices``: free text (a board game's
    title of the round), at most ``max_length`` characters.
    """

    name: str
    label: str
    choices: tuple[tuple[str, str], ...]
    value: str
    max_length: int = 0


def win_draw_loss_errors(values: Mapping[str, Any]) -> dict[str, str]:
    """The points of a win, a draw and a loss in their order (a draw less than a win, at
    least a loss): the settings check of every discipline scored by game or match points."""
    win, draw, loss = (values.get(k) for k in ("win", "draw", "loss"))
    if None in (win, draw, loss) or win > draw >= loss:  # type: ignore[operator]
        return {}
    return {"draw": str(_("must be less than a win and at least a loss"))}
