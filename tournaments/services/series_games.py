"""A Pussi series' own number of games: set before or during the series, the reason logged.

The tournament's ``games_per_series`` (a setting) is what every series plays unless the
series sets its own (``Round.extra["games_per_series"]``, the round's ``games_per_series``
in the document). A hall that cuts series 2 to 6 games sets it here; its tables are then
checked against 6 and not flagged. Changing it while results are in needs a reason, which
the log keeps with the old and new number. Only disciplines with ``has_series_games``.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from scoring.cardlist import MAX_GAMES  # a list of at most 99 games, as every card list

from ..disciplines import of
from ..models import Result, Round, Tournament
from .base import Actor, ServiceError, change
from .rounds import _round

KEY = "games_per_series"
MAX_REASON = 300


def series_games_of(t: Tournament, rnd: Round) -> int:
    """The number of games ``rnd`` plays: its own or the tournament's."""
    own = (rnd.extra or {}).get(KEY)
    return own if isinstance(own, int) and 1 <= own <= MAX_GAMES else int(
        of(t).settings(t).games_per_series)


def _whole(value: Any) -> int:
    if isinstance(value, bool):
        value = None
    try:
        n = int(str(value).strip()) if value is not None else None
    except ValueError:
        n = None
    if n is None or not 1 <= n <= MAX_GAMES:
        raise ServiceError(_("a whole number from 1 to %(max)s") % {"max": MAX_GAMES}, KEY)
    return n


def set_series_games(t: Tournament, actor: Actor, number: int, games: Any,
                     reason: str = "") -> Round:
    """Set round ``number``'s games per series (``None`` or "" for the tournament's again).

    A reason is required once a result of the series is in (the series is running)."""
    if not of(t).has_series_games:
        raise ServiceError(_("this discipline has no number of games per series"), KEY)
    reason = (reason or "").strip()
    if len(reason) > MAX_REASON:
        raise ServiceError(_("at most %(n)s characters") % {"n": MAX_REASON}, "reason")
    new = None if games is None or str(games).strip() == "" else _whole(games)
    with change(t.pk, actor, "set_series_games") as c:
        rnd = _round(c.tournament, number)
        before = (rnd.extra or {}).get(KEY)
        if before == new:
            c.unchanged = True
            return rnd
        running = Result.objects.filter(table__round=rnd).exists()
        if running and not reason:
            raise ServiceError(_("results of this series are in: say why its number of games "
                                 "changes"), "reason")
        extra = {k: v for k, v in (rnd.extra or {}).items() if k != KEY}
        if new is not None:
            extra[KEY] = new
        rnd.extra = extra
        rnd.save(update_fields=["extra"])
        c.target = f"round {rnd.number}"
        c.wrote(f"round:{rnd.number}")
        default = int(of(t).settings(c.tournament).games_per_series)
        c.before = {"round": rnd.number, KEY: before if before is not None else default}
        c.after = {"round": rnd.number, KEY: new if new is not None else default,
                   **({"reason": reason} if reason else {})}
    return rnd
