"""Rows that guard the site rather than hold a tournament: the rate limits' shared counts
(``tournaments.ratelimit``) and when an API token was last used (``tournaments.api.tokens``).
Re-exported by ``tournaments.models``; neither is in a backup that restores a tournament
(``tournaments/backup/layout.py`` says which is and why)."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class RateCount(models.Model):
    """One fixed window's count of requests for one key (``tournaments.ratelimit``).

    In the database so that every gunicorn worker (and every host) counts in one place,
    with or without Redis: a count kept per worker let four workers take four times the
    documented number (issue 32, finding 4). ``key`` is a hash of the limit's group, the
    client's address and the link; never a token or an address in clear.
    """

    key = models.CharField(max_length=64)
    window = models.BigIntegerField()  # the window's start, seconds since the epoch
    expires = models.BigIntegerField(db_index=True)  # the window's end, likewise
    count = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["key", "window"],
                                               name="one_count_per_key_and_window")]


class ApiTokenUse(models.Model):
    """When a user's API token was last used (``tournaments.api.tokens``): a token unused for
    ``API_TOKEN_IDLE_DAYS`` expires. Per user, since DRF gives each user one token."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="+")
    last_used = models.DateTimeField()
