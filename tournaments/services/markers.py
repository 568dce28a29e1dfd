"""The desk's markers and the players who came alone (pairing them up).

Markers (Muckturnier's "Markierungen") say what is still open about an entrant:
``preregistered`` (came through pre-registration, not here yet: no seat until the
check-in, so a no-show leaves no gap in the window draw), ``alone`` (a player of a
fixed-pairs tournament without a partner yet: see :func:`pair_up`) and
``draw_missing`` (no seat from the draw yet: the window draw knows it by itself,
without it the desk sets it, e.g. for a paper draw of seat slips).
"""

from __future__ import annotations

from django.db.models import Count, Q
from django.db.models.functions import Coalesce
from django.utils.translation import gettext as _

from ..disciplines import of
from ..models import Entrant, RegistrationSeat, Tournament
from .base import Actor, ServiceError, change
from .registration import entrant_snapshot
from .seating import give_seat, per_side, release_seat, seat_label, window_settings
from .signing import _joined_club, seatable, sign_up

MARKERS = ("preregistered", "alone", "draw_missing")
SETTABLE_MARKERS = ("preregistered", "draw_missing")  # "alone" comes and goes with the players


def seats_drawn_at_desk(t: Tournament) -> bool:
    """Whether round 1's seats can come from a draw at the desk: the discipline offers the
    draw at registration (Mucken, Pussi), whether the director switched it on or the
    desk hands out paper seat slips. Only there is "draw missing" a marker: chess, Skat,
    Doppelkopf and the others are drawn by the app round by round."""
    return "registration" in of(t).options


def marker_names(t: Tournament) -> list[str]:
    """The markers this tournament has: "came alone" only where pairs are fixed, "draw
    missing" only where seats are drawn at the desk (:func:`seats_drawn_at_desk`)."""
    pair = t.entrant_kind == Tournament.EntrantKind.PAIR
    return [m for m in MARKERS if (m != "alone" or pair)
            and (m != "draw_missing" or seats_drawn_at_desk(t))]


def draw_missing_is_computed(t: Tournament) -> bool:
    """With the window draw the seats say who has none; otherwise the desk sets the marker."""
    return window_settings(t) is not None


def markers(t: Tournament, entrants: list[Entrant] | None = None) -> dict[int, list[str]]:
    """Each entrant's markers by id, in the order of :data:`MARKERS`.

    With ``entrants`` (a page of the desk's list) only their seats are read."""
    if entrants is None:
        entrants = list(Entrant.objects.filter(tournament=t))
    computed = draw_missing_is_computed(t)
    drawing = computed and not t.rounds.exists()
    has_draw = seats_drawn_at_desk(t)
    seated = set(RegistrationSeat.objects.filter(
        tournament=t, entrant__in=[e.pk for e in entrants]).values_list(
            "entrant_id", flat=True)) if drawing else set()
    out: dict[int, list[str]] = {}
    for e in entrants:
        missing = (drawing and e.active and e.pk not in seated) if computed else (
            has_draw and e.draw_missing)
        out[e.pk] = [m for m, on in (("preregistered", e.preregistered), ("alone", e.alone),
                                     ("draw_missing", missing)) if on]
    return out


def marker_counts(marks: dict[int, list[str]]) -> dict[str, int]:
    """How many entrants carry each marker."""
    return {m: sum(m in ms for ms in marks.values()) for m in MARKERS}


def _active() -> Q:
    """:attr:`Entrant.active` as a query: plays (registered or here) and not alone."""
    return Q(status__in=(Entrant.Status.REGISTERED, Entrant.Status.PRESENT), alone=False)


def marked(t: Tournament, marker: str) -> Q:
    """The entrants carrying ``marker``, as a query (the same rule as :func:`markers`):
    the desk's list filters and pages in the database, not over every row."""
    if marker in ("preregistered", "alone"):
        return Q(**{marker: True})
    if marker != "draw_missing" or not seats_drawn_at_desk(t):
        return Q(pk__isnull=True)  # nobody
    if not draw_missing_is_computed(t):
        return Q(draw_missing=True)
    if t.rounds.exists():
        return Q(pk__isnull=True)  # nobody
    return _active() & Q(registration_seat__isnull=True)


def count_markers(t: Tournament, **more: Q) -> dict[str, int]:
    """How many entrants of ``t`` carry each marker, counted by the database in one query;
    ``more``: other counts of the same query (name: condition)."""
    found = Entrant.objects.filter(tournament=t).aggregate(
        **{f"n_{m}": Count("pk", filter=marked(t, m)) for m in MARKERS},
        **{f"n_{name}": Count("pk", filter=q) for name, q in more.items()})
    return {m: found[f"n_{m}"] or 0 for m in (*MARKERS, *more)}


def set_marker(entrant: Entrant, actor: Actor, marker: str, on: bool) -> Entrant:
    """Set or clear a marker by hand; no change, no log.

    "came alone" is not set by hand: it comes with the sign-up of one player and goes
    with :func:`pair_up`. "draw missing" is the window draw's to say where it is on.
    Clearing "pre-registered" of someone who may now sit gives the seat at once.
    """
    if marker not in MARKERS:
        raise ServiceError(_("unknown marker"), "marker")
    if marker not in SETTABLE_MARKERS:
        raise ServiceError(_("'came alone' comes with the sign-up of one player and goes "
                             "when the desk pairs them up"), "marker")
    e = Entrant.objects.select_related("tournament").get(pk=entrant.pk)
    if marker == "draw_missing" and not seats_drawn_at_desk(e.tournament):
        raise ServiceError(_("this tournament's seats are not drawn at the desk"), "marker")
    if marker == "draw_missing" and draw_missing_is_computed(e.tournament):
        raise ServiceError(_("with the draw at registration the seats show who has none"),
                           "marker")
    if getattr(e, marker) == bool(on):
        return e
    with change(e.tournament_id, actor, "entrant_marker") as c:
        e = Entrant.objects.get(pk=entrant.pk)
        if marker == "preregistered" and on and e.status == Entrant.Status.PRESENT:
            raise ServiceError(_("%(entrant)s is checked in already") % {"entrant": e},
                               "marker")
        c.target = str(e)
        c.wrote(f"entrant:{e.pk}")
        c.before, c.after = {marker: getattr(e, marker)}, {marker: bool(on)}
        setattr(e, marker, bool(on))
        e.save(update_fields=[marker])
        seat = give_seat(c.tournament, e) if seatable(e) else None
        if seat is not None:
            c.after["seat"] = seat_label(seat.table, seat.side, seat.position,
                                         per_side(c.tournament))
    return e


# ---------------------------------------------------------------- players who came alone


def waiting_alone(t: Tournament, players: bool = True) -> list[Entrant]:
    """Players who came alone and are here, in the order they arrived (``players``: with
    their players read too; the desk's panel shows only the entrants' names)."""
    waiting = (Entrant.objects.filter(tournament=t, alone=True, status=Entrant.Status.PRESENT)
               .annotate(came=Coalesce("arrived", "created")).order_by("came", "start_number"))
    return list(waiting.prefetch_related("players") if players else waiting)


def pair_suggestions(t: Tournament) -> list[tuple[Entrant, Entrant]]:
    """The waiting players two by two in arrival order: the first with the second, …"""
    waiting = waiting_alone(t)
    return list(zip(waiting[0::2], waiting[1::2], strict=False))


def pair_up(tournament: Tournament, actor: Actor, first: Entrant | int, second: Entrant | int,
            name: str = "") -> Entrant:
    """Join two players who came alone into one fixed pair; returns the pair.

    Why it works this way: a player who comes without a partner is signed up at once as
    an entrant of one player marked "came alone", so the desk keeps no paper list, the
    arrival time is recorded, and a pre-registration code works for them too. Such an
    entrant does not play (``Entrant.active`` is false): it is never seated or drawn. The
    desk joins two of them when both are here; :func:`pair_suggestions` proposes them in
    arrival order (whoever waited longest gets the next partner, and the window draw gives
    the seat, so no extra lot is needed), and the desk confirms, because people who know
    each other may rather play together. The pair is a new entrant under the earlier of
    the two start numbers; the two single entrants are deleted (they never played, so
    nothing rests on them), and the one log entry keeps both, with their players, as
    ``before``. The pair is present and gets its seat of the window draw in the same step.
    """
    ids = [x.pk if isinstance(x, Entrant) else x for x in (first, second)]
    if ids[0] == ids[1]:
        raise ServiceError(_("choose two different players"), "second")
    with change(tournament.pk, actor, "pair_up") as c:
        singles = []
        for field, pk in zip(("first", "second"), ids, strict=True):
            e = Entrant.objects.filter(tournament=c.tournament, pk=pk).first()
            if e is None or not e.alone:
                raise ServiceError(_("not a player who came alone (paired up already?)"),
                                   field)
            if e.status != Entrant.Status.PRESENT:
                raise ServiceError(_("%(entrant)s is not checked in") % {"entrant": e}, field)
            singles.append(e)
        singles.sort(key=lambda e: e.start_number)
        players = [p for e in singles for p in e.players.all()]
        before = [entrant_snapshot(e) for e in singles]
        c.wrote(*(f"entrant:{e.pk}" for e in singles))
        for e in singles:
            release_seat(e)
            e.delete()
        pair = sign_up(c, players, name=name, status=Entrant.Status.PRESENT,
                       club=_joined_club(players), number=singles[0].start_number, actor=actor)
        c.before = {"singles": before}
    return pair
