"""A published rating list imported once for the whole site, and its players.

Models of the ``tournaments`` app (imported by :mod:`tournaments.models`). An import is a
:class:`RatingList` row that a background task fills; the desk searches the newest finished
list of each kind. Replacing a list is a new import: the older one of the same kind goes
once the new one is complete, so the desk never searches half a list.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from ....jobs import JobStatus


class RatingList(models.Model):
    """One import of a rating list (DSB DWZ list, FIDE list), with its progress."""

    class Kind(models.TextChoices):
        DSB = "dsb", _("DWZ list (DSB)")
        FIDE = "fide", _("FIDE rating list")

    Status = JobStatus

    kind = models.CharField(max_length=4, choices=Kind.choices)
    file_format = models.CharField(max_length=10)  # dsb_csv, fide_txt, fide_xml
    file_name = models.CharField(max_length=200)
    upload = models.FileField(upload_to="rating-lists/", blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    rows = models.PositiveIntegerField(default=0)  # read so far
    bytes_read = models.PositiveBigIntegerField(default=0)
    size = models.PositiveBigIntegerField(default=0)
    error = models.TextField(blank=True)
    created = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+")

    class Meta:
        app_label = "tournaments"  # the tables and migrations of the app it came from
        ordering = ["-created"]

    @property
    def percent(self) -> int:
        return min(100, int(100 * self.bytes_read / self.size)) if self.size else 0


class RatingListEntry(models.Model):
    """One player of an imported list; ``key`` is the folded name the desk searches by."""

    rating_list = models.ForeignKey(RatingList, on_delete=models.CASCADE,
                                    related_name="entries")
    # Folded name (readers.name_key). A B-tree index answers "starts with" (PostgreSQL
    # adds a varchar_pattern_ops index for LIKE 'x%' next to it).
    key = models.CharField(max_length=120, db_index=True)
    name = models.CharField(max_length=120)
    club = models.CharField(max_length=120, blank=True)
    zps = models.CharField(max_length=10, blank=True)
    sex = models.CharField(max_length=1, blank=True)
    birth_year = models.PositiveSmallIntegerField(null=True, blank=True)
    dwz = models.PositiveSmallIntegerField(null=True, blank=True)
    dwz_index = models.PositiveSmallIntegerField(null=True, blank=True)
    elo = models.PositiveSmallIntegerField(null=True, blank=True)
    title = models.CharField(max_length=4, blank=True)
    fide_id = models.CharField(max_length=11, blank=True)
    federation = models.CharField(max_length=3, blank=True)

    class Meta:
        app_label = "tournaments"  # the tables and migrations of the app it came from
        ordering = ["key"]
