"""Teams of a team tournament: their rosters (board order), captains and line-ups.

The entrants of a team tournament (a discipline with ``has_teams``) are the teams; each
gets a :class:`~tournaments.models.Team` row the first time its roster or captain is set.
The rules of ``pairing.teams.lineup`` decide (docs/teams.md cites them):

- the **board order** (the roster) is fixed before round 1: members are added and taken
  off only while no round is drawn; substitutes are listed after the regulars, so a
  regular added after a substitute is refused;
- a **line-up** names one member (or nobody) per board, keeps the roster's order and
  leaves empty boards only at the bottom ("no gaps"); it can be set while the team's match
  has no result. Without a line-up the team plays its roster's first members (the
  default line-up of ``pairing.teams.lineup``).

Every write goes through :func:`~.base.change` and is logged.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from pairing.teams import lineup as lineups
from pairing.teams.boards import first_colours, scheveningen
from scoring.i18n import Message

from ..common.text import check_single_line
from ..core_messages import say
from ..disciplines.registry import of
from ..models import Entrant, Lineup, Player, Round, Table, Team, TeamMember, Tournament
from ..team_models import MAX_MEMBERS
from .base import Actor, NotFound, ServiceError, change
from .locks import ensure_not_finished

MAX_NAME = 120  # Player.name's column
MAX_RATING = 3500


def has_teams(t: Tournament) -> bool:
    return bool(getattr(of(t), "has_teams", False))


def _team_entrant(t: Tournament, entrant_id: Any) -> Entrant:
    if not has_teams(t):
        raise ServiceError(_("this tournament has no teams"), "team")
    try:
        return t.entrants.get(pk=int(entrant_id))
    except (Entrant.DoesNotExist, TypeError, ValueError):
        raise NotFound(_("no such team in this tournament"), "team") from None


def _team(entrant: Entrant) -> Team:
    team, _created = Team.objects.get_or_create(entrant=entrant)
    return team


def roster(entrant: Entrant) -> list[TeamMember]:
    """The team's members in board order (none while it has no Team row)."""
    return list(TeamMember.objects.filter(team__entrant=entrant).select_related("player")
                .order_by("position"))


def _refuse_after_draw(t: Tournament) -> None:
    if t.rounds.exists():
        raise ServiceError(_("the board order is fixed once round 1 is drawn"), "team")


def _rating(value: Any, field: str) -> int | None:
    if value in (None, ""):
        return None
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise ServiceError(_("a rating is a whole number"), field) from None
    if not 0 < number <= MAX_RATING:
        raise ServiceError(_("a rating is from 1 to %(max)s") % {"max": MAX_RATING}, field)
    return number


LISTED_FACTS = ("dwz_index", "birth_date", "sex", "fide_id", "federation", "zps", "title")


MAX_DWZ_INDEX = 999


def _dwz(value: Any) -> tuple[int | None, int | None]:
    """A DWZ as typed: ``1834`` or, as the DSB writes it, ``1834-23`` (rating-index; the
    index is the number of evaluations, which the DWZ's development coefficient needs)."""
    if isinstance(value, str) and "-" in value.strip():
        rating, _dash, index = value.strip().partition("-")
        if (not rating.isdigit() or not index.isdigit() or len(index) > 3
                or not 1 <= int(index) <= MAX_DWZ_INDEX):
            raise ServiceError(_("a DWZ is a number, or number and index as 1834-23"), "dwz")
        return _rating(rating, "dwz"), int(index)
    return _rating(value, "dwz"), None


def _picked(t: Tournament, actor: Actor, entrant: Entrant, person: Any, name: str
            ) -> tuple[Player | None, dict[str, Any]]:
    """The person the desk's picker chose for ``name``: a known player (his id, one the
    actor reaches, as the picker found him: ``services.players``) or a rating-list entry
    (``L`` and its id: the discipline's ``listed_person`` facts). Ignored once the name
    field no longer shows that person's name (typed over: a new person)."""
    from .players import reachable

    key = str(person or "")[:24]
    if key.isdigit():
        known = reachable(actor.user).filter(pk=int(key)).first()
        if known is None or known.name.casefold() != name.casefold():
            return None, {}
        elsewhere = (TeamMember.objects.filter(player=known, team__entrant__tournament=t)
                     .exclude(team__entrant=entrant).select_related("team__entrant").first())
        if elsewhere is not None:
            raise ServiceError(_("%(name)s plays for %(team)s already")
                               % {"name": name, "team": elsewhere.team.entrant}, "name")
        return known, {}
    if key.startswith("L"):
        return None, of(t).listed_person(key, name) or {}
    return None, {}


def add_member(t: Tournament, actor: Actor, entrant_id: Any, name: Any, rating: Any = None,
               substitute: bool = False, dwz: Any = None, person: Any = None,
               late: bool = False) -> TeamMember:
    """Add a player at the bottom of the team's board order: a new person (with an Elo and
    a DWZ, both optional), a known one or one of the rating lists (``person``, what the
    desk's picker sends). Before round 1 only; ``late``: after it, a late substitute
    (:func:`add_late_substitute`)."""
    entrant = _team_entrant(t, entrant_id)
    if not late:
        _refuse_after_draw(t)
    if not isinstance(name, str) or not name.strip():
        raise ServiceError(_("a player needs a name"), "name")
    name = name.strip()
    if len(name) > MAX_NAME:
        raise ServiceError(_("at most %(n)s characters") % {"n": MAX_NAME}, "name")
    check_single_line(name, "name")
    elo = _rating(rating, "rating")
    dwz_value, dwz_index = _dwz(dwz)
    members = roster(entrant)
    if len(members) >= MAX_MEMBERS:
        raise ServiceError(_("a team has at most %(n)s players") % {"n": MAX_MEMBERS}, "name")
    if any(m.player.name.casefold() == name.casefold() for m in members):
        raise ServiceError(_("%(name)s is on this team already") % {"name": name}, "name")
    if not substitute and any(m.substitute for m in members):
        raise ServiceError(_("regular players come before the substitutes: take the "
                             "substitutes off first, or add this player as a substitute"),
                           "substitute")
    known, facts = _picked(t, actor, entrant, person, name)
    with change(t.pk, actor, "team_member_late" if late else "team_member_add") as c:
        if known is not None:
            player = known
        else:
            listed = {k: facts[k] for k in LISTED_FACTS if facts.get(k) not in (None, "")}
            if dwz_value is not None:  # typed: the typed index (or none), not the list's
                listed["dwz_index"] = dwz_index
            player = Player.objects.create(
                name=name, club=entrant.club, rating=elo if elo is not None else
                facts.get("elo"), dwz=dwz_value if dwz_value is not None else
                facts.get("dwz"), **listed)
        member = TeamMember.objects.create(team=_team(entrant), player=player,
                                           position=len(members) + 1, substitute=substitute)
        c.target = f"{entrant}: {member.position}. {name}"
        c.after = {"team": entrant.pk, "member": member.pk, "name": name,
                   "rating": player.rating, "dwz": player.dwz,
                   "dwz_index": player.dwz_index, "substitute": substitute}
        if late:
            c.after["rounds"] = t.rounds.count()
        c.wrote(f"entrant:{entrant.pk}")
        if not late:  # after round 1 the team's number and rating stay as drawn
            refresh_rating(t, entrant)
    return member


def add_late_substitute(t: Tournament, actor: Actor, entrant_id: Any, name: Any,
                        rating: Any = None, dwz: Any = None, person: Any = None
                        ) -> TeamMember:
    """A substitute added after round 1 is drawn (a late registration, "Nachmeldung"): at
    the bottom of the board order, so nobody's place changes and every line-up and result
    stays as it was; from then on line-ups may name him. Logged ``team_member_late``;
    undone from the log while no line-up names him and no match he may have played by
    default has a result. Before round 1 a player is added the ordinary way."""
    if not t.rounds.exists():
        raise ServiceError(_("before round 1 add players to the board order as usual"),
                           "team")
    ensure_not_finished(t)
    return add_member(t, actor, entrant_id, name, rating, substitute=True, dwz=dwz,
                      person=person, late=True)


def remove_member(t: Tournament, actor: Actor, entrant_id: Any, member_id: Any) -> None:
    """Take a player off the board order; those below move up one place."""
    entrant = _team_entrant(t, entrant_id)
    _refuse_after_draw(t)
    members = roster(entrant)
    gone = next((m for m in members if str(m.pk) == str(member_id)), None)
    if gone is None:
        raise NotFound(_("no such player on this team"), "member")
    with change(t.pk, actor, "team_member_remove") as c:
        c.target = f"{entrant}: {gone.position}. {gone.player.name}"
        c.before = {"team": entrant.pk, "name": gone.player.name, "position": gone.position,
                    "player": gone.player_id, "substitute": gone.substitute}
        gone.delete()
        for m in members:
            if m.position > gone.position:
                TeamMember.objects.filter(pk=m.pk).update(position=m.position - 1)
        c.wrote(f"entrant:{entrant.pk}")
        refresh_rating(t, entrant)


def set_captain(t: Tournament, actor: Actor, entrant_id: Any, captain: Any) -> Team:
    entrant = _team_entrant(t, entrant_id)
    if not isinstance(captain, str) or len(captain.strip()) > MAX_NAME:
        raise ServiceError(_("at most %(n)s characters") % {"n": MAX_NAME}, "captain")
    captain = captain.strip()
    check_single_line(captain, "captain")
    team = Team.objects.filter(entrant=entrant).first()
    if team is not None and team.captain == captain:
        return team
    with change(t.pk, actor, "team_captain") as c:
        team = _team(entrant)
        c.target = str(entrant)
        c.before = {"team": entrant.pk, "captain": team.captain}
        c.after = {"team": entrant.pk, "captain": captain}
        team.captain = captain
        team.save(update_fields=["captain"])
        c.wrote(f"entrant:{entrant.pk}")
    return team


def refresh_rating(t: Tournament, entrant: Entrant) -> None:
    """The team's rating is the average of its top boards' Elo (``pairing.teams.lineup``,
    in board order, as German leagues take it): the draw orders teams by it. Written inside
    the change that altered the board order."""
    boards = of(t).settings(t).boards
    rating = lineups.team_rating(pure_team(entrant), boards, lineups.BY_BOARD_ORDER)
    Entrant.objects.filter(pk=entrant.pk).update(
        rating=round(rating) if rating is not None else None)


def pure_team(entrant: Entrant, members: Sequence[TeamMember] | None = None) -> lineups.Team:
    """The team as ``pairing.teams.lineup`` sees it: a member's id is his place in the board
    order (fixed once round 1 is drawn), so a line-up reads "1, 2, 5, 4" as a club says it."""
    members = roster(entrant) if members is None else members
    return lineups.Team(entrant.start_number, entrant.name,
                        tuple(lineups.Member(m.position, m.player.rating, m.substitute,
                                             m.player.name) for m in members), entrant.club)


def lineup_of(rnd: Round, entrant: Entrant, boards: int) -> tuple[int | None, ...]:
    """The team's line-up in ``rnd`` (board-order places by board, None for an empty
    board): the one set, else the default."""
    stored = Lineup.objects.filter(round=rnd, team__entrant=entrant).first()
    if stored is not None and len(stored.boards) == boards:
        return tuple(stored.boards)
    return lineups.default_lineup(pure_team(entrant), lineups.LineupRules(boards=boards))


def _say(messages: Sequence[Message]) -> str:
    return "; ".join(say(m) for m in messages)


DEADLINE = "lineup_deadline"  # Round.extra's key: an ISO date-time (aware), or absent


def lineup_deadline(rnd: Round) -> datetime | None:
    """The round's line-up deadline the director set (None: the captains may set a line-up
    until the match has a result)."""
    raw = (rnd.extra or {}).get(DEADLINE)
    when = parse_datetime(raw) if isinstance(raw, str) else None
    return when if when is not None and timezone.is_aware(when) else None


def deadline_passed(rnd: Round, now: datetime | None = None) -> bool:
    when = lineup_deadline(rnd)
    return when is not None and (now or timezone.now()) >= when


def set_lineup_deadline(t: Tournament, actor: Actor, number: int, when: Any) -> Round:
    """The director sets (or, with an empty value, clears) the round's line-up deadline:
    after it a captain's line-up is refused and only the director changes line-ups.
    ``when``: an aware datetime, or text "2026-12-07T19:30" read in the site's time zone."""
    if not has_teams(t):
        raise ServiceError(_("this tournament has no teams"), "team")
    ensure_not_finished(t)
    rnd = t.rounds.filter(number=number).first()
    if rnd is None:
        raise NotFound(_("no such round"), "round")
    if isinstance(when, str):
        text = when.strip()
        if len(text) > 40:
            raise ServiceError(_("a date and a time, such as 2026-12-07 19:30"), "deadline")
        try:
            parsed = parse_datetime(text.replace(" ", "T")) if text else None
        except ValueError:
            parsed = None
        if text and parsed is None:
            raise ServiceError(_("a date and a time, such as 2026-12-07 19:30"), "deadline")
        when = parsed
    if when is not None and not isinstance(when, datetime):
        raise ServiceError(_("a date and a time, such as 2026-12-07 19:30"), "deadline")
    if when is not None and timezone.is_naive(when):
        when = timezone.make_aware(when)
    if when is not None and not 2000 <= when.year <= 2100:
        raise ServiceError(_("a date and a time, such as 2026-12-07 19:30"), "deadline")
    before = lineup_deadline(rnd)
    with change(t.pk, actor, "set_lineup_deadline") as c:
        extra = dict(rnd.extra or {})
        if when is None:
            extra.pop(DEADLINE, None)
        else:
            extra[DEADLINE] = when.isoformat()
        c.target = str(rnd.number)
        c.before = {"round": rnd.number, "deadline": before.isoformat() if before else None}
        c.after = {"round": rnd.number, "deadline": extra.get(DEADLINE)}
        Round.objects.filter(pk=rnd.pk).update(extra=extra)
        rnd.extra = extra
        c.wrote(f"round:{rnd.pk}")
    return rnd


def set_lineup(t: Tournament, actor: Actor, number: int, entrant_id: Any,
               boards: Sequence[Any], captain: bool = False) -> Lineup:
    """Set who plays for the team in round ``number``, board by board (None: empty).
    ``captain``: set on the team's link, refused after the round's line-up deadline."""
    entrant = _team_entrant(t, entrant_id)
    ensure_not_finished(t)
    rnd = t.rounds.filter(number=number).first()
    if rnd is None:
        raise NotFound(_("no such round"), "round")
    if rnd.status == Round.Status.CLOSED:
        raise ServiceError(_("the round is closed"), "round")
    if captain and deadline_passed(rnd):
        raise ServiceError(_("the line-up deadline has passed; only the director changes "
                             "the line-up now"), "boards")
    table = Table.objects.filter(round=rnd, seats__entrant=entrant).first()
    if table is not None and hasattr(table, "result"):
        raise ServiceError(_("the match has a result already; clear it first to change the "
                             "line-up"), "boards")
    size = of(t).settings(t).boards
    chosen: list[int | None] = []
    for k, value in enumerate(boards):
        if value in (None, ""):
            chosen.append(None)
            continue
        try:
            chosen.append(int(value))
        except (TypeError, ValueError):
            raise ServiceError(_("board %(n)s: not a player of this team") % {"n": k + 1},
                               f"board_{k + 1}") from None
    problems = lineups.lineup_problems(pure_team(entrant), chosen,
                                       lineups.LineupRules(boards=size))
    if problems:
        raise ServiceError(_say(problems), "boards")
    with change(t.pk, actor, "set_lineup") as c:
        team = _team(entrant)
        row, _created = Lineup.objects.get_or_create(round=rnd, team=team)
        c.target = f"{entrant} ({rnd.number})"
        c.before = {"boards": row.boards} if not _created else None
        c.after = {"round": rnd.number, "team": entrant.pk, "boards": chosen}
        row.boards, row.set_by = chosen, actor.label[:120]
        row.save(update_fields=["boards", "set_by"])
        c.wrote(f"entrant:{entrant.pk}", f"round:{rnd.pk}")
    return row


@dataclass(frozen=True)
class BoardLine:
    """One board of a match as pages, sheets and the TRF show it: the first-named team's
    player and the other's (names, and places in their board orders), and the first team's
    colour there."""

    board: int
    first: str
    second: str
    first_colour: str  # "W" or "B"
    first_place: int | None = None
    second_place: int | None = None


SCHEVENINGEN = "scheveningen"  # the draw method whose boards rotate (pairing.teams.draws)


def _encounters(rnd: Round, size: int) -> list[tuple[int, int, bool]]:
    """(first team's line-up index, second's, first has White) per board: board k is k
    against k with the colour sequence WB, or the Scheveningen schedule's round."""
    if rnd.draw_method == SCHEVENINGEN:
        schedule = scheveningen(size, double=True)
        return [(e.a, e.b, e.a_white) for e in schedule[(rnd.number - 1) % len(schedule)]]
    return [(k, k, colour == "W") for k, colour in enumerate(first_colours(size))]


def match_lines(table: Table) -> list[BoardLine]:
    """The boards of a match: each team's line-up and the colours (FIDE: the first-named
    team has White on the odd boards; a Scheveningen round: its schedule)."""
    rnd = table.round
    t = rnd.tournament
    size = of(t).settings(t).boards
    seats = {s.side: s.entrant for s in table.seats.select_related("entrant")}
    if 1 not in seats or 2 not in seats:
        return []
    names: dict[int, dict[int, str]] = {}
    ups = []
    for side in (1, 2):
        members = roster(seats[side])
        names[side] = {m.position: m.player.name for m in members}
        ups.append(lineup_of(rnd, seats[side], size))
    lines = []
    for k, (i, j, first_white) in enumerate(_encounters(rnd, size)):
        a, b = ups[0][i], ups[1][j]
        lines.append(BoardLine(k + 1, names[1].get(a, "") if a else "",
                               names[2].get(b, "") if b else "", "W" if first_white else "B",
                               a, b))
    return lines


def team_snapshot(entrant: Entrant) -> dict[str, Any]:
    """The team's captain and board order as the log keeps them when the team is deleted
    (the players stay: a Player is never deleted with a team)."""
    team = Team.objects.filter(entrant=entrant).first()
    if team is None:
        return {}
    return {"captain": team.captain,
            "members": [{"player": m.player_id, "position": m.position,
                         "substitute": m.substitute} for m in roster(entrant)]}


def restore_team(entrant: Entrant, snapshot: Any) -> list[Any]:
    """Put a deleted team's captain and board order back (an undone deletion, inside its
    change); returns the members whose player is gone."""
    if not isinstance(snapshot, dict) or not snapshot:
        return []
    team, _created = Team.objects.get_or_create(entrant=entrant)
    team.captain = str(snapshot.get("captain") or "")[:MAX_NAME]
    team.save(update_fields=["captain"])
    lost = []
    for row in snapshot.get("members") or []:
        player = Player.objects.filter(pk=row.get("player")).first()
        if player is None:
            lost.append(row.get("position"))
            continue
        TeamMember.objects.create(team=team, player=player, position=row["position"],
                                  substitute=bool(row.get("substitute")))
    return lost
