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
    """The team behind an entrant: its name and club are the entrant's, its captain here.

    Or a **side team** (``entrant`` empty, ``tournament`` and ``name`` set): a team of
    players who each enter on their own (Skat's team ranking, a tabletop team), ranked by
    its members' results summed; its members' players are the entrants' players."""

    entrant = models.OneToOneField("tournaments.Entrant", on_delete=models.CASCADE,
                                   related_name="team", null=True, blank=True)
    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.CASCADE,
                                   related_name="side_teams", null=True, blank=True)
    name = models.CharField(_("name"), max_length=120, blank=True)
    captain = models.CharField(_("captain"), max_length=120, blank=True)

    class Meta:
        app_label = "tournaments"

    def __str__(self) -> str:
        return self.entrant.name if self.entrant is not None else self.name


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


def side_groups(tournament_id: int) -> list[tuple[int, str, tuple[int, ...], tuple[int, ...]]]:
    """The side teams of a tournament as the scoring cores read them, in sign-up order:
    (team id, name, the regulars' start numbers in order, the substitutes'). A member whose
    player no longer enters the tournament is left out. Read-only."""
    rows = (TeamMember.objects
            .filter(team__tournament_id=tournament_id, team__entrant__isnull=True,
                    player__entries__tournament_id=tournament_id)
            .order_by("position")
            .values_list("team_id", "substitute", "player__entries__start_number"))
    numbers: dict[int, tuple[list[int], list[int]]] = {}
    for team_id, substitute, number in rows:
        numbers.setdefault(team_id, ([], []))[1 if substitute else 0].append(number)
    return [(pk, name, tuple(numbers.get(pk, ([], []))[0]), tuple(numbers.get(pk, ([], []))[1]))
            for pk, name in Team.objects.filter(tournament_id=tournament_id,
                                                entrant__isnull=True)
            .order_by("pk").values_list("pk", "name")]
