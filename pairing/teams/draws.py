"""The two draws of a team competition between exactly two teams, as draw methods of the
registry (``pairing.methods``): a **league match day** (one round, the home team named
first) and a **Scheveningen** match (the same two teams every round; who meets whom on
which board is :func:`pairing.teams.boards.scheveningen`'s schedule, which the web side
applies to the line-ups).

The home team is the team with the lower start number (the one signed up first); it is
named first and seated on side 1 unless the request's option ``guest_first`` names the
guest first (some leagues do); ``docs/teams.md`` says why the home team is named first by
default (FIDE's "first team named" has White on board 1).
"""

from __future__ import annotations

from scoring.i18n import N_, Message, Ref

from ..base import Draw, DrawError, DrawnTable, DrawRequest


def _two(request: DrawRequest, refusal: Message) -> tuple[int, int]:
    if len(request.competitors) != 2:
        raise DrawError(refusal)
    home, guest = sorted(request.competitors, key=lambda c: c.start_number)
    return home.id, guest.id


def match_day(request: DrawRequest) -> Draw:
    """The one round of a league match day: the home team (first signed up) on side 1, or
    the guest when the option ``guest_first`` says so."""
    if request.round_number != 1:
        raise DrawError(N_("a match day has one round; round %(n)s cannot be drawn",
                           n=request.round_number))
    home, guest = _two(request, N_("a match day is played by exactly two teams, not %(n)s",
                                   n=len(request.competitors)))
    if request.options.get("guest_first"):
        return Draw((DrawnTable(((guest, 1), (home, 2))),),
                    explanation=(N_("match day: %(guest)s (guest, named first) against "
                                    "%(home)s (home)", home=Ref(home), guest=Ref(guest)),))
    return Draw((DrawnTable(((home, 1), (guest, 2))),),
                explanation=(N_("match day: %(home)s (home, named first) against %(guest)s",
                                home=Ref(home), guest=Ref(guest)),))


def scheveningen(request: DrawRequest) -> Draw:
    """Round r of a Scheveningen match: the same two teams, the first signed up on side 1;
    the boards' encounters rotate by the round (``boards.scheveningen``)."""
    a, b = _two(request, N_("a Scheveningen match is played by exactly two teams, not %(n)s",
                            n=len(request.competitors)))
    return Draw((DrawnTable(((a, 1), (b, 2))),),
                explanation=(N_("Scheveningen round %(r)s: every player of %(a)s meets the "
                                "player of %(b)s the schedule gives this round",
                                r=request.round_number, a=Ref(a), b=Ref(b)),))
