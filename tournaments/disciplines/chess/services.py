"""Chess Swiss in the app: requested byes, withdrawals, set and forbidden pairings, Dutch draws.

The Dutch engine (:mod:`pairing.dutch`) pairs plain data and knows nothing of the
director's wishes. This module is where the app's facts meet it:

* **Requested byes** (:class:`ByeRequest`, half- or zero-point) and withdrawals
  (``Entrant.withdrawn_from_round``) are written into the tournament's TRF as
  absences of the round (``H``/``Z`` cells), so the engine leaves those players
  unpaired exactly as ``python -m pairing --dutch`` would on the exported file.
* **Forbidden pairings** travel in the TRF as well (``XXP``): the engine never pairs them.
* **Forced pairings** ("Spiele setzen") are set first: both players are taken out
  of the engine's state (marked absent for that round, so from round 2 on they
  keep their place in the ranking that decides colours) and the engine pairs
  everybody else. The forced games then
  take their boards among the engine's pairs by the usual board order.

The draw itself is :mod:`.draw`; the games and colours both look at, :mod:`.games`.

Every refusal is a :class:`ServiceError` naming the field it is about.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Q
from django.utils.translation import gettext as _

from ...models import Bye, Entrant, Tournament
from ...services.base import Actor, ServiceError, change
from ...services.seating import release_seat
from .. import of
from .games import BLACK, WHITE, _label, colour_clash, games_over_the_board, plays_in
from .models import ByeRequest, PairingRule

BYE_KINDS = (ByeRequest.Kind.HALF, ByeRequest.Kind.ZERO, ByeRequest.Kind.FULL)


# ----------------------------------------------------------------------------- helpers


def _check_chess(t: Tournament) -> None:
    """Byes on request and set pairings are wishes to the Dutch draw: its disciplines only."""
    if "dutch" not in of(t).methods:
        raise ServiceError(_("byes on request and set pairings exist only in chess"))


def next_round_number(t: Tournament) -> int:
    """The first round not drawn yet: wishes can only change rounds still to come."""
    last = t.rounds.order_by("-number").values_list("number", flat=True).first()
    return (last or 0) + 1


def _entrant(t: Tournament, value: Any, field: str) -> Entrant:
    """An entrant of ``t`` from an :class:`Entrant` or a start number, read inside the lock."""
    found = None
    if isinstance(value, Entrant):
        found = Entrant.objects.filter(pk=value.pk, tournament=t).first()
    elif isinstance(value, int) and not isinstance(value, bool):
        found = Entrant.objects.filter(tournament=t, start_number=value).first()
    if found is None:
        raise ServiceError(_("choose an entrant of this tournament"), field)
    return found


def _round_number(t: Tournament, value: Any, field: str = "round_number") -> int:
    """A round still to be drawn and within the planned rounds."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ServiceError(_("give the round as a number"), field)
    first = next_round_number(t)
    if value < first:
        raise ServiceError(_("round %(n)s is already drawn; undo its draw first, or choose "
                             "round %(next)s or later") % {"n": value, "next": first}, field)
    if value > t.planned_rounds:
        raise ServiceError(_("the tournament has %(planned)s planned rounds")
                           % {"planned": t.planned_rounds}, field)
    return value

def _check_plays(e: Entrant, number: int, field: str) -> None:
    if e.joined_round > number:
        raise ServiceError(_("%(name)s joins the tournament in round %(k)s")
                           % {"name": e.name, "k": e.joined_round}, field)
    if not plays_in(e, number):
        raise ServiceError(_("%(name)s has withdrawn and does not play round %(n)s")
                           % {"name": e.name, "n": number}, field)


def _forced_in(t: Tournament, number: int, e: Entrant) -> PairingRule | None:
    return PairingRule.objects.filter(
        Q(first=e) | Q(second=e), tournament=t, kind=PairingRule.Kind.FORCED,
        round_number=number).first()

# ----------------------------------------------------------------------------- byes


def request_bye(t: Tournament, actor: Actor, entrant: Entrant | int, round_number: int,
                kind: str = ByeRequest.Kind.HALF) -> ByeRequest:
    """An entrant is not paired in a round still to come: a half- or zero-point bye he asked
    for, or (``full``) the full-point bye the director gives him (the Freilos of the seed's
    program; :func:`give_full_bye`)."""
    if kind not in BYE_KINDS:
        raise ServiceError(_("a bye of a round to come is a half-point, a zero-point or a "
                           "full-point bye (half, zero, full)"), "kind")
    full = kind == ByeRequest.Kind.FULL
    with change(t.pk, actor, "give_full_bye" if full else "request_bye") as c:
        t = c.tournament
        _check_chess(t)
        number = _round_number(t, round_number)
        e = _entrant(t, entrant, "entrant")
        _check_plays(e, number, "entrant")
        existing = ByeRequest.objects.filter(entrant=e, round_number=number).first()
        if existing is not None:
            raise ServiceError(_("%(name)s already has a %(kind)s in round %(n)s")
                               % {"name": e.name, "kind": existing.get_kind_display(),
                                  "n": number}, "entrant")
        given = ByeRequest.objects.filter(tournament=t, round_number=number,
                                          kind=ByeRequest.Kind.FULL).select_related(
                                              "entrant").first()
        if full and given is not None:
            raise ServiceError(_("%(name)s already has the full-point bye of round %(n)s; "
                                 "cancel it first") % {"name": given.entrant.name,
                                                       "n": number}, "entrant")
        if full and (earlier := _free_round(t, e, number)) is not None:
            raise ServiceError(_("%(name)s had a full-point bye in round %(n)s already; "
                                 "nobody gets two") % {"name": e.name, "n": earlier},
                               "entrant")
        if _forced_in(t, number, e) is not None:
            raise ServiceError(_("%(name)s has a set pairing in round %(n)s; delete it first")
                               % {"name": e.name, "n": number}, "entrant")
        request = ByeRequest.objects.create(tournament=t, entrant=e, round_number=number,
                                            kind=kind)
        c.target = f"{_label(e)}, round {number}"
        c.wrote(f"entrant:{e.pk}")
        c.after = {"kind": kind}
    return request


def _free_round(t: Tournament, e: Entrant, number: int) -> int | None:
    """The round in which ``e`` already had a point without playing (the engine's bye, the
    director's Freilos, or a Freilos given for another round to come), if any.

    The seed's chess program gave nobody a second Freilos, and FIDE C.04.1 keeps a player
    who has had such a point from the pairing-allocated bye; the director's choice follows
    the same rule so the two byes cannot add up for one player."""
    had = (Bye.objects.filter(round__tournament=t, entrant=e,
                              kind__in=(Bye.Kind.BYE, Bye.Kind.FORFEIT_WIN))
           .order_by("round__number").values_list("round__number", flat=True).first())
    if had is not None:
        return int(had)
    planned = (ByeRequest.objects.filter(tournament=t, entrant=e, kind=ByeRequest.Kind.FULL)
               .exclude(round_number=number).order_by("round_number")
               .values_list("round_number", flat=True).first())
    return None if planned is None else int(planned)


def give_full_bye(t: Tournament, actor: Actor, entrant: Entrant | int,
                  round_number: int) -> ByeRequest:
    """The director gives the full-point bye (Freilos) of a round to come to a chosen player:
    he is not paired and scores a win; the engine pairs the others (one per round)."""
    return request_bye(t, actor, entrant, round_number, ByeRequest.Kind.FULL)


def cancel_bye(t: Tournament, actor: Actor, entrant: Entrant | int, round_number: int) -> None:
    """Take back a requested bye of a round not drawn yet."""
    with change(t.pk, actor, "cancel_bye") as c:
        t = c.tournament
        e = _entrant(t, entrant, "entrant")
        request = ByeRequest.objects.filter(tournament=t, entrant=e,
                                            round_number=round_number).first()
        if request is None:
            raise ServiceError(_("%(name)s has no requested bye in round %(n)s")
                               % {"name": e.name, "n": round_number}, "entrant")
        _round_number(t, round_number)
        c.target = f"{_label(e)}, round {round_number}"
        c.wrote(f"entrant:{e.pk}")
        c.before = {"kind": request.kind, "round_number": round_number}
        request.delete()


# ----------------------------------------------------------------------------- withdrawal


def withdraw(t: Tournament, actor: Actor, entrant: Entrant | int,
             from_round: int | None) -> Entrant:
    """The entrant plays no more from ``from_round`` on; ``None``: the entrant comes back.

    From the next round to draw, the status is withdrawn at once. A withdrawal
    announced for a later round keeps the entrant playing until then (the status
    turns to withdrawn when that round is drawn), so the tournament's TRF pairs the
    rounds in between as the app does. Requested byes from that round on are
    cancelled (logged); a set pairing in those rounds must be deleted first, since
    its opponent needs a decision.
    """
    with change(t.pk, actor, "withdraw") as c:
        t = c.tournament
        e = _entrant(t, entrant, "entrant")
        c.target = _label(e)
        c.wrote(f"entrant:{e.pk}")
        c.before = {"status": e.status, "withdrawn_from_round": e.withdrawn_from_round}
        after: dict[str, Any] = {}
        if from_round is None:
            if e.status != Entrant.Status.WITHDRAWN and e.withdrawn_from_round is None:
                raise ServiceError(_("%(name)s has not withdrawn") % {"name": e.name},
                                   "entrant")
            if e.status == Entrant.Status.WITHDRAWN:
                e.status = Entrant.Status.PRESENT
            e.withdrawn_from_round = None
        else:
            first = next_round_number(t)
            if not isinstance(from_round, int) or isinstance(from_round, bool) or from_round < 1:
                raise ServiceError(_("give the round as a number"), "from_round")
            if from_round < first:
                raise ServiceError(_("round %(n)s is already drawn; undo its draw first, or "
                                     "choose round %(next)s or later")
                                   % {"n": from_round, "next": first}, "from_round")
            forced = PairingRule.objects.filter(
                Q(first=e) | Q(second=e), tournament=t, kind=PairingRule.Kind.FORCED,
                round_number__gte=from_round).first()
            if forced is not None:
                raise ServiceError(_("%(name)s has a set pairing in round %(n)s; delete it first")
                                   % {"name": e.name, "n": forced.round_number}, "entrant")
            later = ByeRequest.objects.filter(entrant=e, round_number__gte=from_round)
            kinds = dict(later.values_list("round_number", "kind"))
            later.delete()
            if kinds:
                after["byes_cancelled"] = sorted(kinds)
                c.before["bye_requests"] = [{"round_number": n, "kind": kinds[n]}
                                            for n in sorted(kinds)]
            e.withdrawn_from_round = from_round
            if from_round == first:
                e.status = Entrant.Status.WITHDRAWN
                released = release_seat(e)
                if released is not None:
                    c.before["seat"] = released
        e.save(update_fields=["status", "withdrawn_from_round"])
        c.after = {**after, "status": e.status, "withdrawn_from_round": e.withdrawn_from_round}
    return e

# ----------------------------------------------------------------------------- pairing rules


COLOURS_BY_PROGRAM = "colours_by_program"  # details key: the set games whose colours are open


def colours_by_program(t: Tournament) -> set[int]:
    """The ids of the set pairings whose colours the draw gives by the colour rules."""
    return {int(pk) for pk in (t.details or {}).get(COLOURS_BY_PROGRAM) or ()}


def set_forced_pairing(t: Tournament, actor: Actor, round_number: int, white: Entrant | int,
                       black: Entrant | int, confirm_colour_clash: bool = False,
                       by_program: bool = False) -> PairingRule:
    """Set a game of a round to come: ``white`` has white against ``black``; the engine pairs
    the rest. ``by_program``: the colours are left to the program, as the seed's program
    does unless told (SETCOLORS): the draw gives them by the colour rules (FIDE C.04.3
    5.2) from the history as it stands then; kept in ``details["colours_by_program"]``.

    Refused: a rematch (they met over the board), a player already set, given a bye or
    not playing that round, a forbidden pair, and, unless ``confirm_colour_clash``, a
    colour that breaks the absolute colour criteria (the error is at that field; with the
    colours left to the program, only when both ways would).
    """
    with change(t.pk, actor, "set_forced_pairing") as c:
        t = c.tournament
        _check_chess(t)
        number = _round_number(t, round_number)
        w = _entrant(t, white, "white")
        b = _entrant(t, black, "black")
        if w.pk == b.pk:
            raise ServiceError(_("a player cannot play against himself"), "black")
        for e, field in ((w, "white"), (b, "black")):
            _check_plays(e, number, field)
            rule = _forced_in(t, number, e)
            if rule is not None:
                raise ServiceError(_("%(name)s already has a set pairing in round %(n)s")
                                   % {"name": e.name, "n": number}, field)
            bye = ByeRequest.objects.filter(entrant=e, round_number=number).first()
            if bye is not None:
                raise ServiceError(_("%(name)s has a %(kind)s in round %(n)s")
                                   % {"name": e.name, "kind": bye.get_kind_display(),
                                      "n": number}, field)
        if _forbidden(t, w, b):
            raise ServiceError(_("%(a)s and %(b)s must not be paired (a forbidden pairing)")
                               % {"a": w.name, "b": b.name}, "black")
        games = games_over_the_board(t)
        met = next((g for g in games[w.pk] if g.opponent == b.pk), None)
        if met is not None:
            raise ServiceError(_("%(a)s and %(b)s have already played each other (round %(n)s)")
                               % {"a": w.name, "b": b.name, "n": met.round}, "black")
        clash = (colour_clash(w.name, [g.colour for g in games[w.pk]], WHITE)
                 + colour_clash(b.name, [g.colour for g in games[b.pk]], BLACK))
        if clash and by_program:  # the program may give the colours the other way round
            turned = (colour_clash(b.name, [g.colour for g in games[b.pk]], WHITE)
                      + colour_clash(w.name, [g.colour for g in games[w.pk]], BLACK))
            clash = clash if turned else []
        if clash and not confirm_colour_clash:
            raise ServiceError(_("colour clash: %(what)s. Confirm it to set the game anyway.")
                               % {"what": "; ".join(clash)}, "confirm_colour_clash",
                               code="colour_clash")
        rule = PairingRule.objects.create(
            tournament=t, kind=PairingRule.Kind.FORCED, round_number=number, first=w,
            second=b, colour_clash_confirmed=bool(clash))
        if by_program:
            details = dict(t.details or {})
            details[COLOURS_BY_PROGRAM] = sorted(colours_by_program(t) | {rule.pk})
            t.details = details
            t.save(update_fields=["details"])
        c.target = f"round {number}: {_label(w)} - {_label(b)}"
        c.wrote(f"entrant:{w.pk}", f"entrant:{b.pk}")
        c.after = {"rule": rule.pk, "white": w.start_number, "black": b.start_number,
                   **({"colour_clash": clash} if clash else {}),
                   **({"colours": "program"} if by_program else {})}
    return rule


def _forbidden(t: Tournament, a: Entrant, b: Entrant) -> bool:
    return PairingRule.objects.filter(
        Q(first=a, second=b) | Q(first=b, second=a), tournament=t,
        kind=PairingRule.Kind.FORBIDDEN).exists()


def forbid_pairing(t: Tournament, actor: Actor, a: Entrant | int, b: Entrant | int) -> PairingRule:
    """Two players who must never be paired (e.g. siblings, or a parent and child)."""
    with change(t.pk, actor, "forbid_pairing") as c:
        t = c.tournament
        _check_chess(t)
        first = _entrant(t, a, "a")
        second = _entrant(t, b, "b")
        if first.pk == second.pk:
            raise ServiceError(_("choose two different players"), "b")
        if _forbidden(t, first, second):
            raise ServiceError(_("%(a)s and %(b)s are already kept apart")
                               % {"a": first.name, "b": second.name}, "b")
        forced = PairingRule.objects.filter(
            Q(first=first, second=second) | Q(first=second, second=first), tournament=t,
            kind=PairingRule.Kind.FORCED, round_number__gte=next_round_number(t)).first()
        if forced is not None:
            raise ServiceError(_("%(a)s and %(b)s have a set game in round %(n)s; delete it "
                                 "first") % {"a": first.name, "b": second.name,
                                             "n": forced.round_number}, "b")
        rule = PairingRule.objects.create(tournament=t, kind=PairingRule.Kind.FORBIDDEN,
                                          first=first, second=second)
        c.target = f"{_label(first)} / {_label(second)}"
        c.wrote(f"entrant:{first.pk}", f"entrant:{second.pk}")
        c.after = {"rule": rule.pk}
    return rule


def delete_pairing_rule(t: Tournament, actor: Actor, rule_id: int) -> None:
    """Delete a forbidden pairing, or a set game of a round not drawn yet."""
    with change(t.pk, actor, "delete_pairing_rule") as c:
        t = c.tournament
        rule = (PairingRule.objects.select_related("first", "second")
                .filter(pk=rule_id, tournament=t).first())
        if rule is None:
            raise ServiceError(_("there is no such pairing rule"), "rule")
        if (rule.kind == PairingRule.Kind.FORCED and rule.round_number is not None
                and rule.round_number < next_round_number(t)):
            raise ServiceError(_("round %(n)s is already drawn; undo its draw first")
                                   % {"n": rule.round_number}, "rule")
        c.target = f"{rule.kind}: {_label(rule.first)} / {_label(rule.second)}"
        c.wrote(f"entrant:{rule.first_id}", f"entrant:{rule.second_id}")
        c.before = {"kind": rule.kind, "round": rule.round_number,
                    "first": rule.first.start_number, "second": rule.second.start_number,
                    "first_id": rule.first_id, "second_id": rule.second_id,
                    "colour_clash_confirmed": rule.colour_clash_confirmed, "note": rule.note}
        rule.delete()


# ----------------------------------------------------------------------------- the next round


@dataclass
class NextRound:
    """What the director has set up for the rounds to come (the tournament page's panel)."""

    number: int
    byes: list[ByeRequest]
    forced: list[PairingRule]
    forbidden: list[PairingRule]
    withdrawn: list[Entrant]  # withdrawn, or announced to withdraw from a later round
    late: list[Entrant]  # entrants joining after round 1


def next_round(t: Tournament) -> NextRound:
    number = next_round_number(t)
    rules = list(t.pairing_rules.select_related("first", "second"))
    open_colours = colours_by_program(t)
    for r in rules:
        r.by_program = r.pk in open_colours  # type: ignore[attr-defined]
    return NextRound(
        number=number,
        byes=list(t.bye_requests.filter(round_number__gte=number).select_related("entrant")),
        forced=[r for r in rules if r.kind == PairingRule.Kind.FORCED
                and (r.round_number or 0) >= number],
        forbidden=[r for r in rules if r.kind == PairingRule.Kind.FORBIDDEN],
        withdrawn=list(t.entrants.filter(Q(status=Entrant.Status.WITHDRAWN)
                                         | Q(withdrawn_from_round__isnull=False))),
        late=list(t.entrants.filter(joined_round__gt=1)))
