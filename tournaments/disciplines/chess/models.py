"""The chess Swiss's wishes for rounds to come: requested byes and set or forbidden pairings.

Models of the ``tournaments`` app (its app label and tables, so no data moved when chess
became a package of its own): the chess app's models module, which Django imports when it
loads the apps. They name the other models by label, so this module imports alone.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class ByeRequest(models.Model):
    """A bye of a round not drawn yet: asked for by the entrant (chess: half- or zero-point),
    or the full-point bye (Freilos) the director gives to a chosen player."""

    class Kind(models.TextChoices):
        HALF = "half", _("half-point bye")
        ZERO = "zero", _("zero-point bye")
        FULL = "full", _("full-point bye (given by the director)")

    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.CASCADE,
                                   related_name="bye_requests")
    entrant = models.ForeignKey("tournaments.Entrant", on_delete=models.CASCADE,
                                related_name="bye_requests")
    round_number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=4, choices=Kind.choices, default=Kind.HALF)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        app_label = "tournaments"  # the tables and migrations of the app it came from
        ordering = ["round_number", "entrant__start_number"]
        constraints = [models.UniqueConstraint(fields=["entrant", "round_number"],
                                               name="one_bye_request_per_round")]


class PairingRule(models.Model):
    """A game the director sets for a round (forced), or forbids for every round.

    Forced: ``first`` has white against ``second`` in ``round_number``. Forbidden:
    ``first`` and ``second`` never meet (e.g. siblings); ``round_number`` is empty.
    """

    class Kind(models.TextChoices):
        FORCED = "forced", _("forced pairing")
        FORBIDDEN = "forbidden", _("forbidden pairing")

    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.CASCADE,
                                   related_name="pairing_rules")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    first = models.ForeignKey("tournaments.Entrant", on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey("tournaments.Entrant", on_delete=models.CASCADE, related_name="+")
    colour_clash_confirmed = models.BooleanField(default=False)
    note = models.CharField(max_length=200, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        app_label = "tournaments"  # the tables and migrations of the app it came from
        ordering = ["kind", "round_number", "id"]


# The site's rating lists are chess's too (the desk of a rated tournament searches them).
from .rating_lists.models import RatingList, RatingListEntry  # noqa: E402, F401
