"""Maps discipline names to their modules; nothing else dispatches on a discipline's name."""

from __future__ import annotations

from typing import Any

from .boardgame import BOARDGAME
from .chess import CHESS
from .discipline import Discipline
from .doppelkopf import DOPPELKOPF
from .mucken import MUCKEN
from .pussi import PUSSI
from .schafkopf import SCHAFKOPF
from .skat import SKAT
from .tabletop import TABLETOP
from .teamchess import TEAMCHESS

DISCIPLINES: dict[str, Discipline[Any]] = {
    d.name: d for d in (CHESS, MUCKEN, PUSSI, BOARDGAME, TABLETOP, SKAT, DOPPELKOPF,
                        SCHAFKOPF, TEAMCHESS)}


def get(name: Any) -> Discipline[Any] | None:
    """The discipline of ``name``; None for an unknown one (or for what is no name at all)."""
    return DISCIPLINES.get(name) if isinstance(name, str) else None
