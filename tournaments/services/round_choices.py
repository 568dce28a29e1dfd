"""What the director chooses for a round after the draw: tabletop's 12 matrix scores each
mission by its kind (Eternal War, Maelstrom, tertiary), and the kinds differ per round.

The discipline says what there is to choose and checks it
(:meth:`~tournaments.disciplines.base.WebDiscipline.clean_round_choices`); the choice is
kept in ``Round.extra``, which the scoring core reads for every result, so results that
are in already count by the new kinds at once (the standings are computed from them, keyed
by the tournament's version). Rounds drawn on the old standings are marked stale.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from ..disciplines import of
from ..models import ResultRevision, Round, Tournament
from .base import Actor, NotFound, ServiceError, change
from .locks import ensure_not_finished
from .results import mark_stale


def set_round_choices(t: Tournament, actor: Actor, number: int,
                      raw: Mapping[str, Any]) -> Round:
    """Set what the director chooses for round ``number`` (tabletop: ``{"missions": [...]}``).

    Allowed while the tournament is not finished, before or after results: results that
    are in are scored anew by the new choice, and the log entry says how many.
    """
    if not isinstance(raw, Mapping):
        raise ServiceError(_("must be an object"), "missions")
    info = of(t)
    extra, problems = info.clean_round_choices(t, raw)
    if problems:
        raise ServiceError(problems)
    with change(t.pk, actor, "set_round_missions") as c:
        t = c.tournament
        ensure_not_finished(t)
        rnd = Round.objects.filter(tournament=t, number=number).first()
        if rnd is None:
            raise NotFound(_("there is no round %(n)s") % {"n": number}, "round")
        new = {**(rnd.extra or {}), **extra}
        if new == (rnd.extra or {}):
            c.unchanged = True
            return rnd
        rescored = (ResultRevision.objects.filter(table__round=rnd, undone=False)
                    .values("table").distinct().count())
        c.target = f"round {number}"
        c.wrote(f"round:{number}")
        c.before = {"round": number, "extra": rnd.extra}
        rnd.extra = new
        rnd.save(update_fields=["extra"])
        c.after = {"round": number, "extra": new, "rescored_tables": rescored,
                   "note": info.round_note(t, rnd)}
        if not info.round_choices_rescore:
            c.after["rescored_tables"] = 0
        elif rescored:
            mark_stale(c, number, _("drawn before the missions of round %(n)s changed")
                       % {"n": number})
    return rnd
