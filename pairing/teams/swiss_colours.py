"""Which team of a pair has White on board 1: C.04.6 Art. 4 (2026).

4.2: the *first-team* is the one with the higher score, then (unless the competition
switches it off) the higher secondary score, then the smaller TPN. 4.3, the first rule that
decides:

1. neither team has played a match: the first-team gets the initial-colour if its number is
   odd, the other colour if it is even (the number counted among the teams that belong to
   the tournament this round, as the SPP ruled for 5.2.5 of the individual rules);
2. only one team has a colour preference: it is granted;
3. the preferences are opposite: both are granted;
4. (Type B) only one team has a strong preference: it is granted;
5. the team with the lower colour difference gets White;
6. alternate the colours of the most recent round in which one team had White and the other
   Black (matches counted from each team's last one, unplayed rounds left out, as C.04.2
   Art. 3.4 reads for the individual rules);
7. the first-team's preference is granted;
8. the first-team's colour alternates from its last match played;
9. the other team's colour alternates from its last match played.
"""

from __future__ import annotations

from scoring.i18n import N_, Message

from .swiss_state import TYPE_B, WHITE, Facts, other


def first_team(a: Facts, b: Facts, use_secondary: bool) -> tuple[Facts, Facts]:
    """(first-team, the other) by 4.2."""
    key_a = (a.score, a.secondary if use_secondary else 0, -a.number)
    key_b = (b.score, b.secondary if use_secondary else 0, -b.number)
    return (a, b) if key_a > key_b else (b, a)


def _last_difference(a: Facts, b: Facts) -> tuple[str | None, str | None]:
    i, j = len(a.colours) - 1, len(b.colours) - 1
    while i >= 0 and j >= 0 and a.colours[i] == b.colours[j]:
        i -= 1
        j -= 1
    return (a.colours[i] if i >= 0 else None), (b.colours[j] if j >= 0 else None)


def allocate(a: Facts, b: Facts, initial: str, kind: str,
             use_secondary: bool = True) -> tuple[Facts, Facts, Message]:
    """(team with White on board 1, team with Black, the rule that decided)."""
    f, o = first_team(a, b, use_secondary)

    def give(team: Facts, colour: str | None, why: Message) -> tuple[Facts, Facts, Message]:
        mate = o if team is f else f
        return (team, mate, why) if colour == WHITE else (mate, team, why)

    if not f.colours and not o.colours:
        odd = f.rank % 2 == 0  # rank 0 is number 1
        return give(f, initial if odd else other(initial),
                    N_("4.3.1 initial-colour: the first-team's number is odd") if odd else
                    N_("4.3.1 initial-colour: the first-team's number is even"))
    pf, po = f.preference, o.preference
    if (pf is None) != (po is None):
        team, colour = (f, pf) if pf is not None else (o, po)
        return give(team, colour, N_("4.3.2 the only colour preference granted"))
    if pf is not None and po is not None and pf != po:
        return give(f, pf, N_("4.3.3 both colour preferences granted"))
    if kind == TYPE_B and f.strong != o.strong:
        team = f if f.strong else o
        return give(team, team.preference, N_("4.3.4 the only strong preference granted"))
    if f.difference != o.difference:
        lower = f if f.difference < o.difference else o
        return give(lower, WHITE, N_("4.3.5 the lower colour difference gets White"))
    cf, co = _last_difference(f, o)
    if cf is not None and co is not None:
        return give(f, other(cf), N_("4.3.6 alternation from the last round with "
                                     "different colours"))
    if pf is not None:
        return give(f, pf, N_("4.3.7 the first-team's preference granted"))
    if f.colours:
        return give(f, other(f.colours[-1]), N_("4.3.8 the first-team's colour alternates"))
    return give(o, other(o.colours[-1]), N_("4.3.9 the other team's colour alternates"))
