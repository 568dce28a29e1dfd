"""The Dutch draw of a chess round, the director's wishes included.

The engine's state comes from the tournament's TRF; requested byes, withdrawals
and set pairings take players out of it, and the engine pairs everybody else
(:mod:`.services` says how the wishes travel).

Board order (FIDE C.04.2, as the endorsed engines print it): the higher score of
the pair first, then the higher sum of both scores, then the better rank (score,
then pairing number) of the pair's higher-ranked player. The pairing-allocated
bye is no board: it becomes a :class:`Bye` of kind ``bye``; requested byes become
``half``/``zero`` byes of the round; withdrawn, absent and not-yet-joined players
get nothing (the scoring counts an absence as 0).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from django.utils.translation import gettext as _

import pairing
from pairing.dutch import NoValidPairing
from pairing.dutch import pair as dutch_pair
from pairing.dutch.colours import white_black
from pairing.dutch.model import entrants as engine_entrants
from pairing.swiss import SwissState
from pairing.trf import state_before_round
from scoring.i18n import N_

from ...core_messages import renumbered
from ...models import Entrant, Tournament
from ...services.base import ServiceError
from .conventions import first_colour, first_colour_line
from .games import BLACK, WHITE, _label, colour_clash, games_over_the_board, plays_in
from .models import ByeRequest, PairingRule
from .services import colours_by_program

# What a bye of a round to come becomes in the draw (the Freilos is written F in the TRF).
DRAWN_KIND: dict[str, str] = {ByeRequest.Kind.HALF: "half", ByeRequest.Kind.ZERO: "zero",
                              ByeRequest.Kind.FULL: "forfeit-win"}


def withdrawals_take_effect(t: Tournament, number: int) -> list[int]:
    """Entrants whose announced withdrawal starts by round ``number`` now have that status.

    Called by the draw of that round, inside its :func:`change`; start numbers returned.
    """
    due = list(t.entrants.filter(withdrawn_from_round__lte=number).exclude(
        status=Entrant.Status.WITHDRAWN))
    for e in due:
        e.status = Entrant.Status.WITHDRAWN
        e.save(update_fields=["status"])
    return [e.start_number for e in due]


def _board_order(pairs: list[tuple[int, int]], points: dict[int, Fraction]
                 ) -> list[tuple[int, int]]:
    """FIDE board order: higher score of the pair, higher sum, then the better rank of the
    pair's higher-ranked player (score, then pairing number)."""
    def key(pair: tuple[int, int]) -> tuple[Fraction, Fraction, int]:
        top = min(pair, key=lambda n: (-points[n], n))
        return (-points[top], -(points[pair[0]] + points[pair[1]]), top)
    return sorted(pairs, key=key)


def available(e: Entrant, number: int, requested: set[int] | frozenset[int] = frozenset()
              ) -> bool:
    """To be paired in round ``number``: plays it, not marked absent, no bye requested."""
    return plays_in(e, number) and e.status != Entrant.Status.ABSENT and e.pk not in requested


def freilos_refusal(t: Tournament, number: int) -> str | None:
    """Why the director's Freilos of round ``number`` cannot stand, or None.

    The seed's chess program gave a set Freilos only while the active players were odd, and
    refused the draw otherwise: with an even field the others are odd, and the engine would
    give a second bye. Checked when the round is drawn (late entries, withdrawals and byes
    on request change the count until then) and shown on the "before round N" panel.
    """
    requests = list(ByeRequest.objects.filter(tournament=t, round_number=number)
                    .select_related("entrant"))
    freilos = next((r.entrant for r in requests if r.kind == ByeRequest.Kind.FULL
                    and plays_in(r.entrant, number)), None)
    if freilos is None:
        return None
    requested = {r.entrant_id for r in requests}
    others = sum(1 for e in t.entrants.all() if available(e, number, requested))
    if others % 2 == 0:
        return None
    return (_("the full-point bye (Freilos) of %(name)s needs an odd number of active "
              "players: besides this player %(k)s others are left to pair in round %(n)s, so "
              "the draw would give a second bye. Cancel the Freilos, or make the field odd "
              "(a late entry or a withdrawal)") % {"name": _label(freilos), "k": others,
                                                    "n": number})


def dutch_state(t: Tournament, number: int) -> tuple[SwissState, dict[int, Entrant]]:
    """The engine's view before round ``number`` and the entrant of each pairing number.

    The state comes from the tournament's TRF (:mod:`.trf`), so it is what
    ``python -m pairing --dutch`` reads from the exported file. Who is paired is
    decided here, though: an entrant who announced a withdrawal from a later round
    still plays the rounds before it.
    """
    from . import trf as trf_service  # imports the models' TRF side only when drawing

    state = state_before_round(trf_service.tournament_trf(t, upto_round=number - 1), number)
    entrants = trf_service.entrant_for_number(t)
    requested = set(ByeRequest.objects.filter(tournament=t, round_number=number)
                    .values_list("entrant_id", flat=True))
    players = tuple(replace(p, absent=not available(entrants[p.number], number, requested))
                    for p in state.players)
    return replace(state, players=players), entrants


def dutch_draw(t: Tournament, number: int, seed: str) -> pairing.Draw:
    """Round ``number`` by the FIDE Dutch system, the director's wishes included (module doc).

    The Dutch system has no chance in it but the colour of pairing number 1 in round 1,
    drawn by lot with the seed unless fixed (:mod:`.conventions`).
    """
    if number > t.planned_rounds:
        raise ServiceError(_("all %(n)s planned rounds are drawn; raise the planned rounds in "
                             "the settings to draw another") % {"n": t.planned_rounds})
    refusal = freilos_refusal(t, number)
    if refusal:
        raise ServiceError(refusal, "bye")
    state, by_pn = dutch_state(t, number)
    lines: list[str] = []
    if number == 1:
        colour, how = first_colour(t, seed) or ("w", "lot")
        state = replace(state, initial_colour=colour)
        lines.append(first_colour_line(colour, how, seed))
    gone = withdrawals_take_effect(t, number)
    ids = {n: e.pk for n, e in by_pn.items()}
    numbers = {e: n for n, e in ids.items()}
    entrants = {e.pk: e for e in by_pn.values()}
    by_number = {p.number: p for p in state.players}

    forced = list(t.pairing_rules.filter(kind=PairingRule.Kind.FORCED, round_number=number)
                  .select_related("first", "second"))
    open_colours = colours_by_program(t)
    engine_players = {p.number: p for p in engine_entrants(state)}
    games = games_over_the_board(t)
    taken: set[int] = set()
    forced_pairs: list[tuple[int, int]] = []
    for rule in forced:
        w, b = rule.first, rule.second
        where = _("set pairing %(a)s - %(b)s") % {"a": _label(w), "b": _label(b)}
        for e in (w, b):
            p = by_number.get(numbers.get(e.pk, 0))
            if p is None or p.absent:
                raise ServiceError(_("%(where)s: %(name)s does not play round %(n)s; delete "
                                     "the set pairing") % {"where": where, "name": e.name,
                                                           "n": number})
        if any(g.opponent == b.pk for g in games[w.pk]):
            raise ServiceError(_("%(where)s: they have already played each other; delete the "
                                 "set pairing") % {"where": where})
        pw, pb = numbers[w.pk], numbers[b.pk]
        reason = None
        if rule.pk in open_colours:  # the colours by the colour rules, as for any pair
            white_p, black_p, reason = white_black(engine_players[pw], engine_players[pb],
                                                   state.initial_colour)
            pw, pb = white_p.number, black_p.number
            w, b = by_pn[pw], by_pn[pb]
        clash = (colour_clash(w.name, [g.colour for g in games[w.pk]], WHITE)
                 + colour_clash(b.name, [g.colour for g in games[b.pk]], BLACK))
        if clash and not rule.colour_clash_confirmed:
            raise ServiceError(_("%(where)s: colour clash: %(what)s. Delete the set pairing and "
                                 "set it again with the clash confirmed.")
                               % {"where": where, "what": "; ".join(clash)})
        if reason is not None:
            lines.append(N_("Set by the director, colours by the colour rules (%(reason)s): "
                            "%(w)s (white) - %(b)s (black); the engine paired the others.",
                            reason=reason, w=_label(w), b=_label(b)))
        else:
            lines.append(N_("Set by the director: %(w)s (white) - %(b)s (black); the engine "
                            "paired the others.", w=_label(w), b=_label(b)))
        forced_pairs.append((pw, pb))
        taken |= {pw, pb}

    engine_state = replace(state, players=tuple(
        replace(p, absent=True) if p.number in taken else p for p in state.players))
    if sum(1 for p in engine_state.players if not p.absent) + len(forced_pairs) < 2:
        raise ServiceError(_("at least two players are needed for a draw"))
    try:
        result = dutch_pair(engine_state)
    except NoValidPairing:
        raise ServiceError(_("no pairing of round %(n)s satisfies the absolute criteria (no "
                             "rematch, no second bye, colours); check the set and forbidden "
                             "pairings") % {"n": number}) from None

    points = {p.number: p.points for p in state.players}
    pairs = _board_order(forced_pairs + list(result.pairs), points)
    tables = tuple(pairing.DrawnTable(((ids[w], 1), (ids[b], 2))) for w, b in pairs)
    byes: list[tuple[int, str]] = []
    if result.bye is not None:
        byes.append((ids[result.bye], "bye"))
    requested = {r.entrant_id: r.kind for r in
                 ByeRequest.objects.filter(tournament=t, round_number=number)}
    absent = []
    for p in state.players:
        entrant = entrants.get(ids.get(p.number, 0))
        if entrant is None or not p.absent or p.number in taken:
            continue
        if entrant.pk in requested and plays_in(entrant, number):
            kind = requested[entrant.pk]
            byes.append((entrant.pk, DRAWN_KIND[kind]))
            name = _label(entrant)
            lines.append(N_("Half-point bye on request: %(name)s", name=name)
                         if kind == ByeRequest.Kind.HALF else
                         N_("Zero-point bye on request: %(name)s", name=name)
                         if kind == ByeRequest.Kind.ZERO else
                         N_("Full-point bye given by the director: %(name)s",
                            name=name))
        else:
            absent.append(_label(entrant))
    if absent:
        lines.append(N_("Not paired (withdrawn, absent or not yet joined): %(names)s",
                        names=", ".join(absent)))
    if gone:
        lines.append(N_("Withdrawn from this round on, as announced: %(numbers)s",
                        numbers=", ".join(str(n) for n in gone)))
    shown = sorted((entrants[e] for e in ids.values() if e in entrants),
                   key=lambda e: e.start_number)
    lines.append(N_("Start numbers used below: %(list)s",
                    list=", ".join(f"{e.start_number} = {e.name}" for e in shown)))
    # The colour rules speak of pairing numbers (odd, even); the lines below name players by
    # start number. Where the two differ (a late entry, a rating corrected, start numbers
    # kept in registration order), say which is which.
    differ = [(n, by_pn[n].start_number) for n in sorted(by_pn) if by_pn[n].start_number != n]
    if differ:
        lines.append(N_("Pairing numbers (the initial ranking, which the colour rules' odd and "
                        "even numbers mean) that differ from the start numbers: %(list)s",
                        list=", ".join(f"{pn} = {sn}" for pn, sn in differ)))
    # The engine names players by pairing number; the hall knows them by start number.
    engine_lines = [renumbered(line, lambda n: ids.get(n, n)) for line in result.explanation]
    return pairing.Draw(tables, tuple(byes), tuple(lines + engine_lines))
