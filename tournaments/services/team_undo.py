"""Undoing the team actions of the log (:data:`services.undo.UNDO`): a player added to or
taken off a board order, a captain, a line-up. Each checks that what the entry left is
still there (else a later change rests on it) and puts back what its ``before`` holds."""

from __future__ import annotations

from django.db.models import F
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from ..models import ActionLog, Lineup, Player, Round, Team, TeamMember
from .base import Change
from .teams import refresh_rating
from .undo_steps import Sentence, _changed_since, _entrant, _old_entry, _refuse, _round_of


def _before_round_1(c: Change) -> None:
    if c.tournament.rounds.exists():
        raise _refuse(_("the board order is fixed once round 1 is drawn"))


def undo_member_add(c: Change, entry: ActionLog) -> Sentence:
    """The player added last goes off the board order again (the person stays)."""
    e = _entrant(c, entry)
    _before_round_1(c)
    after = entry.after or {}
    member = TeamMember.objects.filter(pk=after.get("member", 0), team__entrant=e).first()
    if member is None or TeamMember.objects.filter(team=member.team,
                                                   position__gt=member.position).exists():
        raise _changed_since(e)
    c.before = {"team": e.pk, "name": member.player.name, "position": member.position}
    member.delete()
    refresh_rating(c.tournament, e)
    return Sentence(gettext_noop("%(name)s is off the board order of %(team)s again."),
                    {"name": after.get("name", ""), "team": e.name})


def undo_member_late(c: Change, entry: ActionLog) -> Sentence:
    """A late substitute goes off the board order again while nothing rests on him: he is
    still last, no line-up names him, and (when his place is within the boards, so a
    default line-up may have seated him) no match of his team since has a result."""
    from ..disciplines.registry import of
    from ..models import Result

    e = _entrant(c, entry)
    after = entry.after or {}
    member = TeamMember.objects.filter(pk=after.get("member", 0), team__entrant=e).first()
    if member is None or TeamMember.objects.filter(team=member.team,
                                                   position__gt=member.position).exists():
        raise _changed_since(e)
    named = any(member.position in (row.boards or [])
                for row in Lineup.objects.filter(team=member.team))
    boards = int(of(c.tournament).settings(c.tournament).boards)
    played = member.position <= boards and Result.objects.filter(
        table__seats__entrant=e, table__round__number__gt=int(after.get("rounds", 0))
    ).exists()
    if named or played:
        raise _refuse(_("%(name)s is in a line-up of %(team)s: take him out of it first")
                      % {"name": member.player.name, "team": e.name})
    c.before = {"team": e.pk, "name": member.player.name, "position": member.position}
    member.delete()
    return Sentence(gettext_noop("%(name)s is off the board order of %(team)s again."),
                    {"name": after.get("name", ""), "team": e.name})


def undo_member_remove(c: Change, entry: ActionLog) -> Sentence:
    """The player taken off comes back at his place; those below move down again."""
    e = _entrant(c, entry)
    _before_round_1(c)
    before = entry.before or {}
    if "player" not in before:
        raise _old_entry()
    player = Player.objects.filter(pk=before["player"]).first()
    team = Team.objects.filter(entrant=e).first()
    if player is None or team is None or team.members.filter(player=player).exists():
        raise _changed_since(e)
    position = int(before["position"])
    for m in team.members.filter(position__gte=position).order_by("-position"):
        TeamMember.objects.filter(pk=m.pk).update(position=F("position") + 1)
    TeamMember.objects.create(team=team, player=player, position=position,
                              substitute=bool(before.get("substitute")))
    c.after = {"team": e.pk, "name": player.name, "position": position}
    refresh_rating(c.tournament, e)
    return Sentence(gettext_noop("%(name)s is back on the board order of %(team)s."),
                    {"name": player.name, "team": e.name})


def undo_captain(c: Change, entry: ActionLog) -> Sentence:
    e = _entrant(c, entry)
    before, after = entry.before or {}, entry.after or {}
    team = Team.objects.filter(entrant=e).first()
    if "captain" not in before or team is None:
        raise _old_entry()
    if team.captain != after.get("captain"):
        raise _changed_since(e)
    c.before, c.after = {"captain": team.captain}, {"captain": before["captain"]}
    team.captain = before["captain"]
    team.save(update_fields=["captain"])
    return Sentence(gettext_noop("The captain of %(team)s is as before."), {"team": e.name})


def undo_lineup(c: Change, entry: ActionLog) -> Sentence:
    """The line-up as before (or none: the default), while the match has no result."""
    e = _entrant(c, entry)
    rnd = _round_of(c, entry)
    after = entry.after or {}
    row = Lineup.objects.filter(round=rnd, team__entrant=e).first()
    if row is None or row.boards != after.get("boards"):
        raise _changed_since(e)
    if rnd.tables.filter(seats__entrant=e, result__isnull=False).exists():
        raise _refuse(_("the match has a result already; clear it first to change the "
                        "line-up"))
    before = entry.before
    c.before = {"round": rnd.number, "boards": row.boards}
    if before and "boards" in before:
        row.boards = before["boards"]
        row.save(update_fields=["boards"])
    else:
        row.delete()
    return Sentence(gettext_noop("The line-up of %(team)s in round %(n)s is as before."),
                    {"team": e.name, "n": rnd.number})


# ------------------------------------------------------------ side teams, line-up deadline


def undo_side_team_add(c: Change, entry: ActionLog) -> Sentence:
    """The team signed up comes off the team ranking again (its players stay)."""
    after = entry.after or {}
    if "side_team" not in after:
        raise _old_entry()
    team = Team.objects.filter(pk=after["side_team"], tournament=c.tournament,
                               entrant__isnull=True).first()
    if team is None:
        raise _changed_since(after.get("name", ""))
    c.before = {"side_team": team.pk, "name": team.name}
    team.delete()
    return Sentence(gettext_noop("%(team)s is off the team ranking again."),
                    {"team": after.get("name", "")})


def undo_side_team_remove(c: Change, entry: ActionLog) -> Sentence:
    """The team taken off comes back with its players, while each still enters and plays
    for no other team."""
    before = entry.before or {}
    if "members" not in before:
        raise _old_entry()
    name = str(before.get("name", ""))
    taken = set(TeamMember.objects.filter(team__tournament=c.tournament,
                                          team__entrant__isnull=True)
                .values_list("player_id", flat=True))
    if Team.objects.filter(tournament=c.tournament, entrant__isnull=True,
                           name__iexact=name).exists():
        raise _changed_since(name)
    rows = [(n, False) for n in before["members"]] + [(n, True) for n in
                                                      before.get("substitutes") or []]
    players = []
    for number, substitute in rows:
        entrant = c.tournament.entrants.filter(start_number=number).first()
        player = entrant.players.first() if entrant is not None else None
        if player is None or player.pk in taken:
            raise _changed_since(name)
        players.append((player, substitute))
    team = Team.objects.create(tournament=c.tournament, name=name)
    for k, (player, substitute) in enumerate(players, start=1):
        TeamMember.objects.create(team=team, player=player, position=k, substitute=substitute)
    c.after = {"side_team": team.pk, "name": name}
    return Sentence(gettext_noop("%(team)s is back in the team ranking."), {"team": name})


def undo_lineup_deadline(c: Change, entry: ActionLog) -> Sentence:
    """The round's line-up deadline as before (or none), while nobody changed it since."""
    from .teams import DEADLINE

    rnd = _round_of(c, entry)
    before, after = entry.before or {}, entry.after or {}
    extra = dict(rnd.extra or {})
    if extra.get(DEADLINE) != after.get("deadline"):
        raise _changed_since(rnd)
    if before.get("deadline"):
        extra[DEADLINE] = before["deadline"]
    else:
        extra.pop(DEADLINE, None)
    c.before, c.after = {"deadline": after.get("deadline")}, {"deadline": before.get("deadline")}
    Round.objects.filter(pk=rnd.pk).update(extra=extra)
    return Sentence(gettext_noop("The line-up deadline of round %(n)s is as before."),
                    {"n": rnd.number})
