"""Teams: an entrant that is a team, its roster in board order, and its line-up per round.

Generic on purpose (issue 34): a team tournament's entrants are its teams (they are drawn,
seated at a table against another team, and ranked); who plays for a team is its roster.
Team chess is the first user; Skat's team ranking and tabletop teams can hang the same
rows off their entrants. Kept apart from ``models.py`` so that module stays readable;
``models.py`` imports these classes, so they are ``tournaments.models.Team`` & co.

Written only through ``tournaments.services.teams``.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

MAX_MEMBERS = 40  # pairing.teams.cli's bound: regulars and substitutes together


class Team(models.Model):
    """The team behind an entrant: its name and club are the entrant's, its captain here."""

    entrant = models.OneToOneField("tournaments.Entrant", on_delete=models.CASCADE,
                                   related_name="team")
    captain = models.CharField(_("captain"), max_length=120, blank=True)

    class Meta:
        app_label = "tournaments"

    def __str__(self) -> str:
        return self.entrant.name


class TeamMember(models.Model):
    """One player of a team's roster, at ``position`` in the board order fixed before
    round 1 (1 = board 1); substitutes are listed after the regulars."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="members")
    player = models.ForeignKey("tournaments.Player", on_delete=models.PROTECT,
                               related_name="team_memberships")
    position = models.PositiveSmallIntegerField()
    substitute = models.BooleanField(_("substitute"), default=False)

    class Meta:
        app_label = "tournaments"
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["team", "position"], name="one_member_per_position"),
            models.UniqueConstraint(fields=["team", "player"], name="one_place_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.position}. {self.player.name}"


class Lineup(models.Model):
    """Who plays for a team in a round: one member id (or None, an empty board) per board,
    in board order. No row: the roster's first members present play (the default)."""

    round = models.ForeignKey("tournaments.Round", on_delete=models.CASCADE,
                              related_name="lineups")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="lineups")
    boards = models.JSONField(default=list)
    set_by = models.CharField(max_length=120, blank=True)

    class Meta:
        app_label = "tournaments"
        constraints = [models.UniqueConstraint(fields=["round", "team"],
                                               name="one_lineup_per_round")]
