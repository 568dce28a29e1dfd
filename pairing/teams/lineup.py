"""Teams, their rosters and a round's line-up: who may sit at which board.

A team is a name, a club, a captain and a **roster**: its members in the board order fixed
before round 1, the regulars first and the substitutes after them. Per round the captain
names the line-up: one member (or nobody) per board. The rules kept here, each a setting
where the sources differ (``docs/teams.md`` cites them):

- the board order is the roster's order: a member listed above another never sits below
  him (FIDE Olympiad Pairing Rules: the board order is given before the event and changed
  only with approval; German team rules: "Reihenfolge der Rangliste");
- so a substitute, listed after every regular, only ever sits below the regulars who play;
- empty boards: only at the bottom (``EMPTY_LAST``, the default: "no gaps"), never
  (``EMPTY_NONE``), or anywhere (``EMPTY_ANY``, a friendly match);
- at most ``max_substitutes`` substitutes in one line-up (``None``: no limit).

The team's rating is the average of its top boards' ratings (:func:`team_rating`): the
Olympiad ranks teams by the average of their four highest-rated players, German leagues
by the average of the regulars in board order; both are offered.

Nothing here knows a discipline: a member is an id with an optional rating, so a card
game's team of four and a tabletop team use the same model (``scoring.teams``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from scoring.i18n import N_, Message

EMPTY_LAST, EMPTY_NONE, EMPTY_ANY = "last", "none", "any"
EMPTY_RULES = (EMPTY_LAST, EMPTY_NONE, EMPTY_ANY)
BY_RATING, BY_BOARD_ORDER = "rating", "board_order"
RATING_METHODS = (BY_RATING, BY_BOARD_ORDER)

MAX_BOARDS = 20  # the Olympiad plays 4, the Bundesliga 8; 20 is any league's upper end
MAX_MEMBERS = 40  # a roster of regulars and substitutes; German rosters list up to ~20
MAX_NAME = 100


@dataclass(frozen=True)
class Member:
    """A member of a team: the entrant's id (start number), a rating if any, and whether
    the roster lists the member as a substitute (after every regular)."""

    id: int
    rating: int | None = None
    substitute: bool = False
    name: str = ""


@dataclass(frozen=True)
class Team:
    """A team: ``number`` is its team pairing number (TPN, 1 = first in the initial order)."""

    number: int
    name: str
    members: tuple[Member, ...]
    club: str = ""
    captain: int | None = None  # a member's id

    def position(self, member_id: int) -> int | None:
        """The member's place in the roster (0 = first), or None if not a member."""
        for k, m in enumerate(self.members):
            if m.id == member_id:
                return k
        return None


@dataclass(frozen=True)
class LineupRules:
    """How a line-up may be set (see the module's docstring)."""

    boards: int = 4
    empty_boards: str = EMPTY_LAST
    max_substitutes: int | None = None


Lineup = Sequence[int | None]  # the member id at board 1, 2, …; None: the board stays empty


def roster_problems(team: Team) -> list[Message]:
    """What is wrong with a roster: members twice, a substitute above a regular, a captain
    who is no member, too many members or too long a name."""
    problems: list[Message] = []
    if not team.members:
        problems.append(N_("team %(team)s has no members", team=team.number))
    if len(team.members) > MAX_MEMBERS:
        problems.append(N_("team %(team)s has %(n)s members; at most %(max)s", team=team.number,
                           n=len(team.members), max=MAX_MEMBERS))
    if len(team.name) > MAX_NAME:
        problems.append(N_("team %(team)s: the name is longer than %(max)s characters",
                           team=team.number, max=MAX_NAME))
    seen: set[int] = set()
    for m in team.members:
        if m.id in seen:
            problems.append(N_("team %(team)s lists member %(member)s twice", team=team.number,
                               member=m.id))
        seen.add(m.id)
    substitute_seen = False
    for m in team.members:
        if m.substitute:
            substitute_seen = True
        elif substitute_seen:
            problems.append(N_("team %(team)s lists regular %(member)s below a substitute",
                               team=team.number, member=m.id))
    if team.captain is not None and team.captain not in seen:
        problems.append(N_("team %(team)s: the captain %(member)s is no member",
                           team=team.number, member=team.captain))
    return problems


def lineup_problems(team: Team, lineup: Lineup, rules: LineupRules) -> list[Message]:
    """What is wrong with a line-up of ``team`` for one match (empty when it may be played).

    Each problem names the board (1-based). The order rule compares roster places: the
    member at a lower board must come later in the roster than every member above him.
    """
    problems: list[Message] = []
    if len(lineup) != rules.boards:
        problems.append(N_("the line-up names %(n)s boards; the match has %(boards)s",
                           n=len(lineup), boards=rules.boards))
    seen: set[int] = set()
    last_place = -1
    last_board = 0
    empty_seen = False
    substitutes = 0
    for board, member_id in enumerate(lineup, 1):
        if member_id is None:
            empty_seen = True
            if rules.empty_boards == EMPTY_NONE:
                problems.append(N_("board %(board)s is empty; every board must be set",
                                   board=board))
            continue
        place = team.position(member_id)
        if place is None:
            problems.append(N_("board %(board)s: %(member)s is no member of team %(team)s",
                               board=board, member=member_id, team=team.number))
            continue
        if member_id in seen:
            problems.append(N_("board %(board)s: %(member)s already plays on a higher board",
                               board=board, member=member_id))
            continue
        seen.add(member_id)
        if empty_seen and rules.empty_boards == EMPTY_LAST:
            problems.append(N_("board %(board)s is set below an empty board; empty boards "
                               "may only be the last ones", board=board))
        if place < last_place:
            problems.append(N_("board %(board)s: %(member)s is listed above the member on "
                               "board %(above)s; the roster's board order must be kept",
                               board=board, member=member_id, above=last_board))
        else:
            last_place, last_board = place, board
        if team.members[place].substitute:
            substitutes += 1
    if rules.max_substitutes is not None and substitutes > rules.max_substitutes:
        problems.append(N_("%(n)s substitutes play; at most %(max)s may", n=substitutes,
                           max=rules.max_substitutes))
    return problems


def default_lineup(team: Team, rules: LineupRules,
                   absent: frozenset[int] = frozenset()) -> tuple[int | None, ...]:
    """The line-up a captain who names nobody gets: the roster's first members who are not
    ``absent``, in order (a substitute moves up), empty boards at the bottom."""
    present = [m.id for m in team.members if m.id not in absent][:rules.boards]
    return tuple(present) + (None,) * (rules.boards - len(present))


def team_rating(team: Team, top: int, method: str = BY_RATING,
                unrated: int | None = None) -> Fraction | None:
    """The average rating of the team's ``top`` boards, exact (round it where shown).

    ``method`` ``"rating"``: the ``top`` highest-rated members (FIDE Olympiad Pairing Rules
    2022, 3.1.1: "the average rating of its four highest-rated players"); ``"board_order"``:
    the first ``top`` members of the roster (the regulars of a German league). A member
    without a rating counts as ``unrated`` (the Olympiad takes the rating floor), or is left
    out when ``unrated`` is None. None when no rating is left to average.
    """
    if method not in RATING_METHODS:
        raise ValueError(f"unknown rating method {method!r}")
    ratings = [m.rating if m.rating is not None else unrated for m in team.members]
    if method == BY_BOARD_ORDER:
        chosen = [r for r in ratings[:top] if r is not None]
    else:
        chosen = sorted((r for r in ratings if r is not None), reverse=True)[:top]
    return Fraction(sum(chosen), len(chosen)) if chosen else None


def initial_order(teams: Sequence[Team], top: int, unrated: int | None = None) -> list[Team]:
    """The teams in their initial order, as the Olympiad ranks them (Pairing Rules 2022,
    3.1): average rating of the ``top`` highest-rated players, then the rating of the next
    player (the fifth of an Olympiad team), then the name alphabetically."""

    def key(team: Team) -> tuple[Fraction, int, str]:
        average = team_rating(team, top, BY_RATING, unrated)
        ratings = sorted((m.rating if m.rating is not None else (unrated or 0)
                          for m in team.members), reverse=True)
        next_one = ratings[top] if len(ratings) > top else 0
        return (-(average or Fraction(0)), -next_one, team.name.casefold())

    return sorted(teams, key=key)
