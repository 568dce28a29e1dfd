"""An event: several tournaments run side by side as its sections (docs/sections.md).
Re-exported by ``tournaments.models``."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Event(models.Model):
    """One day's event that holds several tournaments run side by side, its *sections*
    (an open's groups A/B/C by rating, an age group, a rapid and a blitz): one desk, one
    public page, one prize-giving (docs/sections.md). Each section is a full tournament
    that draws, pairs and closes its rounds on its own."""

    slug = models.SlugField(unique=True, max_length=80)
    name = models.CharField(_("name"), max_length=200)
    date = models.DateField(_("date"), null=True, blank=True)
    organiser = models.CharField(_("organiser"), max_length=200, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+")
    # The event's own prize lists beside the sections' (an event-wide category, the best
    # club): a checked document (services.event_prizes, docs/prizes.md).
    prize_fund = models.JSONField(_("prize list of the event"), default=dict, blank=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return self.name
