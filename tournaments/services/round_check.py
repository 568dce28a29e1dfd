"""Which tables keep a round from being closed, said the same way everywhere.

The round page's panel, the refusal of ``rounds.close_round`` and an undo that would close
a round again all name the blocking tables with :func:`blocking_sentence`, so the
director reads one message, with the table numbers, wherever they look.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from ..disciplines import DISCIPLINES, WebDiscipline, of
from ..models import Result, Round


@dataclass(frozen=True)
class Blocker:
    table: int
    disputed: bool  # False: no result at all yet
    discipline: str = ""  # whose words name the table (chess: "board")

    @property
    def disc(self) -> Any:
        return DISCIPLINES.get(self.discipline) or WebDiscipline()


def blockers(rnd: Round) -> list[Blocker]:
    """The tables without an agreed result (none yet, or disputed), by table number."""
    status = dict(Result.objects.filter(table__round=rnd).values_list("table__number",
                                                                      "status"))
    out = []
    name = rnd.tournament.discipline
    for number in rnd.tables.order_by("number").values_list("number", flat=True):
        if number not in status:
            out.append(Blocker(number, False, name))
        elif status[number] == Result.Status.DISPUTED:
            out.append(Blocker(number, True, name))
    return out


def blocker_words(found: list[Blocker]) -> str:
    """"table 4 (no result yet), table 2 (disputed)"."""
    return ", ".join(str(b.disc.blocking_disputed if b.disputed else b.disc.blocking_missing)
                     % {"n": b.table} for b in found)


def blocking_sentence(found: list[Blocker]) -> str:
    """The one message: "Tables without an agreed result: table 4 (no result yet)"."""
    words = (found[0].disc if found else WebDiscipline()).blocking_tables
    return str(words) % {"tables": blocker_words(found)}


def fixed_rounds_refusal(t: Any, number: int) -> str:
    """Why round ``number`` is not drawn in a discipline whose format fixes the number of
    rounds (board games: the qualifier's three), beyond the planned rounds; "" if it may be.

    The director who means to play on changes the planned rounds first, on purpose.
    """
    reason = of(t).rounds_fixed
    if not reason or number <= t.planned_rounds:
        return ""
    return _("%(reason)s: round %(n)s is not drawn after the %(planned)s planned rounds. To "
             "play it anyway, raise the planned rounds in the settings first.") % {
                 "reason": reason, "n": number, "planned": t.planned_rounds}
