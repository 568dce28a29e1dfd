"""What the FIDE team Swiss (C.04.6, in force from 1 February 2026) needs to know of a team.

The state is plain data: each team's earlier rounds as its caller recorded them (opponent,
board-1 colour, whether a game was played, the match and game points the round gave). From
it :func:`facts` derives what the articles ask about a team (``docs/teams.md`` quotes them):

- the score (1.2): match points or game points, whichever the competition made primary; the
  other is the secondary score, which breaks the first-team tie in colour allocation (4.2.2)
  unless the competition switches it off;
- a colour (1.6.1) only for a match actually played (at least one game over the board), the
  colour of the team's board-1 player; the colour difference (1.6.2) is Whites − Blacks;
- the colour preference (1.7) of Type A (the default), Type B (strong and mild) or none;
- floaters (1.5): a team paired in the previous round against a team of another score;
- who has met (C1): teams whose match was played; a match nobody played (every board
  forfeited) is no meeting (C.04.2 Art. 3.5, which the preface applies to teams);
- who may get the pairing-allocated bye (C2): not a team that had it, won a match by
  forfeit or had a full-point bye.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

WHITE, BLACK = "w", "b"
MATCH, PAB, FULL_BYE, HALF_BYE, ZERO_BYE = "match", "pab", "full_bye", "half_bye", "zero_bye"
KINDS = (MATCH, PAB, FULL_BYE, HALF_BYE, ZERO_BYE)
TYPE_A, TYPE_B, NO_PREFERENCES = "A", "B", "none"
PREFERENCE_TYPES = (TYPE_A, TYPE_B, NO_PREFERENCES)
MATCH_POINTS, GAME_POINTS = "match", "game"


def other(colour: str | None) -> str | None:
    return {WHITE: BLACK, BLACK: WHITE}.get(colour or "")


@dataclass(frozen=True)
class TeamRound:
    """One earlier round of one team.

    ``kind`` ``match``: paired against ``opponent``; ``played`` when at least one game was
    played, and only then ``colour`` (the board-1 colour) counts; ``won_by_forfeit`` when no
    game was played and the team won (the opponent did not come). The other kinds are byes
    (``pab`` the pairing-allocated one) or an absence (``zero_bye``).
    """

    kind: str
    opponent: int | None = None
    colour: str | None = None
    played: bool = False
    match_points: Fraction = Fraction(0)
    game_points: Fraction = Fraction(0)
    won_by_forfeit: bool = False


@dataclass(frozen=True)
class SwissTeam:
    number: int  # the team pairing number (TPN)
    history: tuple[TeamRound, ...] = ()  # rounds 1 .. r-1
    absent: bool = False  # not to be paired this round


@dataclass(frozen=True)
class TeamSwissState:
    round: int  # the round to pair, 1-based
    total_rounds: int
    teams: tuple[SwissTeam, ...]
    initial_colour: str = WHITE  # drawn by lot before round 1 (4.1)
    preferences: str = TYPE_A  # 1.7
    primary: str = MATCH_POINTS  # 1.2
    secondary_for_colours: bool = True  # 4.2.2
    forbidden: frozenset[frozenset[int]] = frozenset()


@dataclass
class Facts:
    """A team to be paired this round, as the articles see it."""

    number: int
    rank: int  # 0-based place among the teams that belong to the tournament this round
    score: Fraction
    secondary: Fraction
    colours: tuple[str, ...]  # board-1 colours of the matches played, in order
    preference: str | None
    strong: bool  # Type B: a strong preference (Type A: every preference counts as one)
    floated: bool  # a floater in the previous round (1.5)
    may_get_bye: bool  # C2
    opponents: frozenset[int]
    matches: int = 0  # matches played (3.4.3)

    @property
    def difference(self) -> int:
        """The colour difference (1.6.2): matches with White − matches with Black."""
        return self.colours.count(WHITE) - self.colours.count(BLACK)


def points(r: TeamRound, primary: str) -> Fraction:
    return r.match_points if primary == MATCH_POINTS else r.game_points


def preference(colours: tuple[str, ...], kind: str, last_round: bool) -> tuple[str | None, bool]:
    """(preferred colour or None, strong?) by 1.7.1 (Type A) or 1.7.2 (Type B).

    Type A and Type B's strong preference: White if CD < −1, or CD is 0 or −1 and the last
    two matches played were Black; Black likewise. Type B's mild one: White if CD is −1, or
    CD is 0 and the last match played was Black, except when pairing the last round.
    """
    if kind == NO_PREFERENCES or not colours:
        return None, False
    cd = colours.count(WHITE) - colours.count(BLACK)
    last_two = colours[-2:] if len(colours) >= 2 else ()
    if cd < -1 or (cd in (0, -1) and last_two == (BLACK, BLACK)):
        return WHITE, True
    if cd > 1 or (cd in (0, 1) and last_two == (WHITE, WHITE)):
        return BLACK, True
    if kind == TYPE_A:
        return None, False
    if cd == -1:
        return WHITE, False
    if cd == 1:
        return BLACK, False
    if last_round:
        return None, False
    return other(colours[-1]), False


def belongs(team: SwissTeam) -> bool:
    """Numbered this round (4.3.1's parity): present, or paired in an earlier round."""
    return not team.absent or any(r.kind in (MATCH, PAB) for r in team.history)


def facts(state: TeamSwissState) -> list[Facts]:
    """The teams to pair (not absent), in the order of Art. 1.3: score, then TPN."""
    primary, secondary = state.primary, (GAME_POINTS if state.primary == MATCH_POINTS
                                         else MATCH_POINTS)
    by_number = {t.number: t for t in state.teams}
    ranked = sorted((t for t in state.teams if belongs(t)), key=lambda t: t.number)
    rank = {t.number: k for k, t in enumerate(ranked)}
    last_round = state.round >= state.total_rounds

    def score_before(team: SwissTeam, index: int) -> Fraction:
        return sum((points(r, primary) for r in team.history[:index]), Fraction(0))

    result = []
    for t in state.teams:
        if t.absent:
            continue
        colours = tuple(r.colour for r in t.history
                        if r.kind == MATCH and r.played and r.colour in (WHITE, BLACK))
        pref, strong = preference(colours, state.preferences, last_round)
        floated = False
        if t.history:
            last = t.history[-1]
            if last.kind == MATCH and last.opponent in by_number:
                index = len(t.history) - 1
                floated = score_before(t, index) != score_before(by_number[last.opponent],
                                                                 index)
        may_get_bye = not any(r.kind in (PAB, FULL_BYE) or r.won_by_forfeit for r in t.history)
        result.append(Facts(
            number=t.number, rank=rank[t.number], score=score_before(t, len(t.history)),
            secondary=sum((points(r, secondary) for r in t.history), Fraction(0)),
            colours=colours, preference=pref, strong=strong, floated=floated,
            may_get_bye=may_get_bye,
            opponents=frozenset(r.opponent for r in t.history
                                if r.kind == MATCH and r.played and r.opponent is not None),
            matches=len(colours)))
    result.sort(key=lambda f: (-f.score, f.number))
    return result


@dataclass(frozen=True)
class TeamSwissPairing:
    """The round: ``matches`` as (White team, Black team) by TPN, the team with White
    on board 1 first; ``bye`` the pairing-allocated bye."""

    matches: tuple[tuple[int, int], ...]
    bye: int | None = None
    explanation: tuple[str, ...] = field(default=())
