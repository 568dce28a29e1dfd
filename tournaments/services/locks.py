"""A finished tournament's results are locked (``services.finish``): the one check every
service that changes results or rounds makes inside its ``change()``."""

from __future__ import annotations

from django.utils.translation import gettext as _

from ..models import Tournament
from .base import ServiceError


def is_finished(t: Tournament) -> bool:
    return t.status == Tournament.Status.FINISHED


def ensure_not_finished(t: Tournament) -> None:
    """Refuse a change of results or rounds while the tournament is finished."""
    if is_finished(t):
        raise ServiceError(_("the tournament is finished: results are locked. The director "
                             "can reopen the tournament to change them."), "tournament")
