"""Seats before round 1: the window draw at registration, its cleanup, and the draw options.

With the window draw (Muckturnier's "Fenster-Auslosung", see :mod:`pairing.window`)
every entrant gets a round-1 seat at the moment the desk registers them. Each
seat comes from the tournament's recorded seed and the draw's running index, so
the whole draw can be replayed; the database refuses a second entrant on one
seat. When registration closes, the cleanup ("Bereinigung") moves the fewest
entrants so that tables 1..T are full, and round 1 is then built from the seats.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from django.db.models import Max
from django.utils import translation
from django.utils.translation import gettext as _

from pairing import window

from ..core_messages import say
from ..disciplines import of
from ..models import ActionLog, Entrant, RegistrationSeat, Tournament
from .base import Actor, ServiceError, change

BOOLEAN_OPTIONS = ("double", "avoid_same_club")
REGISTRATION_DEFAULTS: dict[str, Any] = {"window": 4, "random_up_to": 0, "sequential_from": None}


def _whole(value: Any, place: str, low: int, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (
            high is not None and value > high):
        text = (_("must be a whole number from %(low)s to %(high)s") if high is not None
                else _("must be a whole number of at least %(low)s"))
        raise ServiceError(text % {"low": low, "high": high}, place)
    return value


def check_draw_options(t: Tournament, options: Any) -> dict[str, Any]:
    """Validate draw options for the tournament's discipline; errors name the option."""
    if not isinstance(options, dict):
        raise ServiceError(_("must be an object of options"), "draw_options")
    info = of(t)
    clean: dict[str, Any] = {}
    for key, value in options.items():
        place = f"draw_options.{key}"
        if key not in info.options:
            raise ServiceError(_("not an option of this discipline (known: %(known)s)")
                               % {"known": ", ".join(info.options) or "-"}, place)
        if key in BOOLEAN_OPTIONS:
            if not isinstance(value, bool):
                raise ServiceError(_("must be true or false"), place)
            clean[key] = value
        elif key == "registration":
            clean[key] = _check_registration(value, place) if value else None
    if clean.get("registration") is None:
        clean.pop("registration", None)
    return clean


def _check_registration(value: Any, place: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ServiceError(_("must be an object (window, random_up_to, sequential_from)"), place)
    unknown = set(value) - {*REGISTRATION_DEFAULTS, "seed"}
    if unknown:
        raise ServiceError(_("unknown setting %(name)s") % {"name": sorted(unknown)[0]}, place)
    reg = {**REGISTRATION_DEFAULTS, **value}
    reg["window"] = _whole(reg["window"], f"{place}.window", 0, window.MAX_WINDOW)
    reg["random_up_to"] = _whole(reg["random_up_to"], f"{place}.random_up_to", 0)
    if reg["sequential_from"] is not None:
        reg["sequential_from"] = _whole(reg["sequential_from"], f"{place}.sequential_from", 1)
    seed = reg.get("seed")
    if seed is not None and (not isinstance(seed, str) or not 0 < len(seed) <= 64):
        raise ServiceError(_("must be a text of 1 to 64 characters"), f"{place}.seed")
    return reg


def per_side(t: Tournament) -> int:
    return of(t).layout(t.entrant_kind).per_side


def window_settings(t: Tournament) -> window.WindowSettings | None:
    """The window draw's settings, or None when seats are not drawn at registration."""
    reg = (t.draw_options or {}).get("registration")
    if not reg:
        return None
    return window.WindowSettings(per_side=per_side(t), window=reg["window"],
                                 random_up_to=reg["random_up_to"],
                                 sequential_from=reg["sequential_from"])


def drawing_at_registration(t: Tournament) -> bool:
    """Seats are drawn at registration until round 1 exists."""
    return window_settings(t) is not None and not t.rounds.exists()


def _taken(t: Tournament) -> set[window.Seat]:
    return {window.Seat(s.table, s.side, s.position)
            for s in RegistrationSeat.objects.filter(tournament=t)}


def cleaned_up(t: Tournament) -> bool:
    """Whether the cleanup has been applied (and not undone) before round 1."""
    return ActionLog.objects.filter(tournament=t, action="registration_cleanup",
                                    undone_by__isnull=True).exists()


def give_seat(t: Tournament, entrant: Entrant) -> RegistrationSeat | None:
    """Draw the entrant's round-1 seat; call inside the tournament's :func:`change`.

    The seed is fixed on the first draw; the index is one past the highest used,
    so replaying the log's registrations in order gives the same seats.
    """
    settings = window_settings(t)
    if settings is None or t.rounds.exists() or not entrant.active:
        return None
    if RegistrationSeat.objects.filter(entrant=entrant).exists():
        return entrant.registration_seat
    reg = t.draw_options["registration"]
    if not reg.get("seed"):
        reg["seed"] = secrets.token_hex(8)
        t.save(update_fields=["draw_options"])
    last = RegistrationSeat.objects.filter(tournament=t).aggregate(m=Max("draw_index"))["m"]
    index = 0 if last is None else last + 1
    if cleaned_up(t):
        # After the cleanup the tables are closed up: whoever checks in later takes the
        # first free seat (a gap left by a withdrawal, else the next table), so the
        # cleaned tables stay whole and the next cleanup has the least to move (issue 24:
        # a pair checked in after the cleanup landed tables beyond, by the window).
        seat = window.first_free(_taken(t), settings.per_side)
    else:
        seat = window.next_seat(_taken(t), settings,
                                window.registration_rng(reg["seed"], index))
    return RegistrationSeat.objects.create(tournament=t, entrant=entrant, table=seat.table,
                                           side=seat.side, position=seat.position,
                                           draw_index=index)


def release_seat(entrant: Entrant) -> dict[str, Any] | None:
    """A withdrawn entrant gives the seat back (the cleanup fills the gap).

    Returns the seat as :func:`seat_record` keeps it (for the action log), or None.
    """
    seat = RegistrationSeat.objects.filter(entrant=entrant).first()
    if seat is None:
        return None
    record = seat_record(seat)
    seat.delete()
    return record


def seat_record(seat: RegistrationSeat) -> dict[str, Any]:
    """A registration seat as the action log keeps it: enough to put it back."""
    return {"table": seat.table, "side": seat.side, "position": seat.position,
            "draw_index": seat.draw_index, "moved": seat.moved}


def restore_seat(t: Tournament, entrant: Entrant, record: dict[str, Any]) -> None:
    """Put a released seat back (an undo); refused when it has been taken since or round 1
    is drawn (then the seat means nothing any more)."""
    if t.rounds.exists():
        raise ServiceError(_("round 1 is drawn: the seat from the draw at registration "
                             "cannot be given back"), "entry")
    holder = RegistrationSeat.objects.filter(
        tournament=t, table=record["table"], side=record["side"],
        position=record["position"]).select_related("entrant").first()
    if holder is not None and holder.entrant_id != entrant.pk:
        raise ServiceError(_("the seat %(seat)s has been given to %(entrant)s since")
                           % {"seat": seat_label(record["table"], record["side"],
                                                 record["position"], per_side(t)),
                              "entrant": holder.entrant}, "entry")
    RegistrationSeat.objects.filter(entrant=entrant).delete()
    RegistrationSeat.objects.create(tournament=t, entrant=entrant, **record)


def seat_all(t: Tournament) -> int:
    """Seat every active entrant without a seat, in start-number order (draw switched on late).

    Pre-registered entrants who have not come yet get their seat at check-in, so a
    no-show leaves no gap.
    """
    n = 0
    for e in t.entrants.filter(registration_seat__isnull=True, preregistered=False).order_by(
            "start_number"):
        if give_seat(t, e) is not None:
            n += 1
    return n


def seat_label(table: int, side: int, position: int, per_side_: int) -> str:
    """How the desk and the director say a seat: "table 3, pair 2" (and the seat for singles)."""
    text = _("table %(table)s, pair %(side)s") % {"table": table, "side": side}
    if per_side_ > 1:
        text += ", " + _("seat %(n)s") % {"n": (side - 1) * per_side_ + position + 1}
    return text


@dataclass(frozen=True)
class PlannedMove:
    entrant: Entrant
    source: str
    target: str
    keeps_role: bool
    to_seat: window.Seat
    from_seat: window.Seat | None = None


@dataclass(frozen=True)
class Plan:
    """What the cleanup would do: the moves to announce and the seats it gives back."""

    tables: int
    moves: tuple[PlannedMove, ...]
    released: tuple[Entrant, ...]  # absent or withdrawn entrants whose seat is freed
    error: str = ""

    @property
    def needed(self) -> bool:
        return bool(self.moves or self.released)


def waiting_alone(t: Tournament) -> str:
    """Who came alone and still waits for a partner, as a sentence; "" if nobody does."""
    alone = list(t.entrants.filter(alone=True).exclude(
        status=Entrant.Status.WITHDRAWN).order_by("start_number"))
    if not alone:
        return ""
    return _("players who came alone still wait for a partner: %(names)s (pair them up at "
             "the desk or withdraw them)") % {"names": ", ".join(str(e) for e in alone)}


def cleanup_plan(t: Tournament) -> Plan:
    """The optimal cleanup for the active entrants (fewest moves, then most keep their role).

    Refused (``error``) while someone who came alone still waits for a partner: the
    cleanup would seat the tables without them, as round 1 would.
    """
    seats = list(RegistrationSeat.objects.filter(tournament=t).select_related("entrant"))
    k = per_side(t)
    active = {s.entrant_id: s for s in seats if s.entrant.active}
    released = tuple(s.entrant for s in seats if not s.entrant.active)
    waiting = waiting_alone(t)
    if waiting:
        return Plan(0, (), released, waiting)
    assignment = {eid: window.Seat(s.table, s.side, s.position) for eid, s in active.items()}
    size, n = 2 * k, len(assignment)
    if n % size:  # the usual reason, said in the desk's language
        return Plan(0, (), released, _(
            "%(n)s entrants do not fill tables of %(size)s: %(missing)s missing for %(more)s "
            "full tables, or %(extra)s too many for %(less)s") % {
                "n": n, "size": size, "missing": size - n % size, "more": n // size + 1,
                "extra": n % size, "less": n // size})
    try:
        result = window.cleanup(assignment, k)
    except ValueError as exc:
        return Plan(0, (), released, say(exc))
    def label(seat: window.Seat) -> str:
        return seat_label(seat.table, seat.side, seat.position, k)

    moves = tuple(PlannedMove(active[m.entrant].entrant, label(m.from_seat), label(m.to_seat),
                              m.keeps_role, m.to_seat, m.from_seat) for m in result.moves)
    return Plan(result.tables, moves, released)


def apply_cleanup(t: Tournament, actor: Actor) -> Plan:
    """Carry out the cleanup in one transaction and log every move."""
    with change(t.pk, actor, "registration_cleanup") as c:
        t = c.tournament
        if t.rounds.exists():
            raise ServiceError(_("round 1 is drawn already"))
        plan = cleanup_plan(t)
        if plan.error:
            raise ServiceError(plan.error)
        c.before = {"seats": {str(s.entrant.start_number): seat_record(s) for s in
                              RegistrationSeat.objects.filter(entrant__in=[
                                  *plan.released, *(m.entrant for m in plan.moves)])
                              .select_related("entrant")}}
        c.wrote(*(f"entrant:{e.pk}" for e in plan.released),
                *(f"entrant:{m.entrant.pk}" for m in plan.moves))
        RegistrationSeat.objects.filter(entrant__in=plan.released).delete()
        for m in plan.moves:
            RegistrationSeat.objects.filter(entrant=m.entrant).update(
                table=m.to_seat.table, side=m.to_seat.side, position=m.to_seat.position,
                moved=True)
        k = per_side(t)

        def english(seat: window.Seat | None, said: str) -> str:
            # the log keeps words in English and says them in the reader's language
            # (log_labels); never in the language of whoever cleaned up
            if seat is None:
                return said
            with translation.override("en"):
                return seat_label(seat.table, seat.side, seat.position, k)

        c.target = f"{len(plan.moves)} moves"
        c.after = {"moves": [{"entrant": m.entrant.start_number,
                              "from": english(m.from_seat, m.source),
                              "to": english(m.to_seat, m.target), "keeps_role": m.keeps_role}
                             for m in plan.moves],
                   "released": [e.start_number for e in plan.released], "tables": plan.tables}
    return plan


def round_one_tables(t: Tournament) -> list[list[tuple[int, int, int]]]:
    """Round 1 from the registration seats: per table (entrant id, side, position at table).

    Refused while the cleanup still has work to do, so round 1 never starts with gaps.
    """
    plan = cleanup_plan(t)
    if plan.error:
        raise ServiceError(plan.error)
    if plan.needed:
        raise ServiceError(_("the draw at registration has gaps: apply the cleanup first "
                             "(%(n)s moves)") % {"n": len(plan.moves) + len(plan.released)})
    k = per_side(t)
    tables: dict[int, list[tuple[int, int, int]]] = {}
    for s in RegistrationSeat.objects.filter(tournament=t, entrant__status__in=(
            Entrant.Status.REGISTERED, Entrant.Status.PRESENT)).order_by("table", "side",
                                                                         "position"):
        tables.setdefault(s.table, []).append((s.entrant_id, s.side,
                                               (s.side - 1) * k + s.position))
    return [tables[n] for n in sorted(tables)]
