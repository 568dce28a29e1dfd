"""The registration desk: sign-up, check-in and the entrant list (docs/design.md, Access).

The desk is used under time pressure with the keyboard, often on two laptops
at once. Every change goes through :mod:`tournaments.services` (which locks
the tournament row); these views only translate between forms and services,
turn a :class:`ServiceError` into a message at the field, and answer htmx
requests with the small fragments the page swaps in. Without JavaScript every
form still works as an ordinary POST with a redirect.

For Muckturnier's way of registering the desk also shows and filters the markers
(pre-registered, came alone, draw missing), takes scanned pre-registration codes
(check-in and seat in one step), pairs up players who came alone, and prints a seat
slip for each seat of the window draw.
"""

from __future__ import annotations

import logging
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.db import DatabaseError
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from .. import services
from ..disciplines import of
from ..models import Entrant, RegistrationSeat, Role, Tournament
from ..services import Actor, ServiceError, hall_links, online, prereg, seating
from ..services import markers as marking
from .access import desk_view, director_view
from .desk_form import SignUpForm, _register
from .desk_list import (
    _back,
    _flash,
    _form_context,
    _list_context,
    _page_context,
    _signup_context,
    _slip_link,
)
from .desk_rows import _actor, _filters, _page_number, _seat

log = logging.getLogger(__name__)

# --- sign-up form ----------------------------------------------------------------------------


# --- views -----------------------------------------------------------------------------------


@require_safe
def index(request: HttpRequest) -> HttpResponse:
    """The tournaments this user may work the desk for (superusers: all)."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    qs = Tournament.objects.all()
    if not request.user.is_superuser:
        qs = qs.filter(roles__user=request.user,
                       roles__kind__in=[Role.Kind.DIRECTOR, Role.Kind.DESK]).distinct()
    qs = qs.annotate(
        n_entrants=Count("entrants", distinct=True),
        n_present=Count("entrants", filter=Q(entrants__status=Entrant.Status.PRESENT),
                        distinct=True))
    tournaments = list(qs.select_related("event").order_by("-created"))
    for t in tournaments:
        t.discipline_label = of(t).label
    events = sorted({t.event for t in tournaments if t.event is not None},
                    key=lambda e: e.name)  # one desk for all sections (views.events)
    return render(request, "desk/index.html", {"tournaments": tournaments, "events": events})


@require_http_methods(["GET", "HEAD", "POST"])
@desk_view
def tournament(request: HttpRequest, t: Tournament) -> HttpResponse:
    """The desk page: scan field, sign-up form, counts, markers, filter and entrant list.

    POST signs up one entrant. htmx gets what changed, never the form again: desk.js
    empties the fields it sent as soon as Enter is pressed, and the volunteer may already
    type the next name; a fresh form swapped in would take those letters. The answer has
    the message, the counts and the new row (``_signup_context``); a refused sign-up
    answers with the form and the reasons at the fields, which desk.js shows without
    touching what is being typed. A plain POST is answered with a redirect (or the page
    with the errors at the fields).
    """
    pair = t.entrant_kind == Tournament.EntrantKind.PAIR
    data = request.POST if request.method == "POST" else request.GET
    show, mark, q = _filters(data)
    page = _page_number(data)
    if request.method != "POST":
        form = SignUpForm(pair=pair, rating=t.disc.desk_rating(t))
        return render(request, "desk/tournament.html",
                      _page_context(request, t, form, show, q, mark, page))

    form = SignUpForm(request.POST, pair=pair, rating=t.disc.desk_rating(t))
    entrant = _register(request, t, form) if form.is_valid() else None
    if entrant is not None:
        done = gettext("Registered: %(number)s. %(name)s (%(status)s)") % {
            "number": entrant.start_number, "name": entrant.name,
            "status": entrant.get_status_display()}
        seat = _seat(entrant, seating.per_side(t))
        if seat:
            done += " · " + gettext("Seat: %(seat)s") % {"seat": seat}
        elif entrant.alone:
            done += " · " + gettext("came alone: pair up when a partner is found")
        done = _flash(done, _slip_link(t, entrant))
        if not request.htmx:
            messages.success(request, done)
            return redirect(reverse("desk:tournament", args=[t.slug]))
        ctx = _signup_context(request, t, entrant, show, mark, q, page)
        return render(request, "desk/_signup.html", {**ctx, "done": done})
    if request.htmx:
        return render(request, "desk/_signup.html", {**_form_context(t, form), "oob": False,
                                                     "refused": True})
    return render(request, "desk/tournament.html",
                  _page_context(request, t, form, show, q, mark, page))


@require_safe
@desk_view
def entrant_list(request: HttpRequest, t: Tournament) -> HttpResponse:
    """One page of the list as filtered (``show``, ``mark``, ``q``, ``page``): what the
    filter and the pager swap in (the page itself serves the same without JavaScript)."""
    show, mark, q = _filters(request.GET)
    ctx = _list_context(request, t, show, q, mark, _page_number(request.GET))
    return render(request, "desk/_list.html", {"t": t, **ctx, "mark": mark})


@require_safe
@desk_view
def players(request: HttpRequest, t: Tournament) -> HttpResponse:
    """Search-as-you-type over the Player database: a small list to pick from."""
    slot = request.GET.get("slot", "1")
    # "1"/"2": the sign-up form's players; "t3": team 3's board order (desk/teams.html)
    slot = slot if slot in ("1", "2") or (slot[:1] == "t" and slot[1:4].isdigit()
                                          and len(slot) <= 4) else "1"
    q = (request.GET.get("q") or request.GET.get(f"p{slot}_name") or "").strip()[:100]
    found = services.find_players(q, request.user, t, limit=8)
    listed = t.disc.listed_people(q, limit=8)
    entered = dict(Entrant.players.through.objects.filter(
        entrant__tournament=t, player__in=found).values_list("player_id",
                                                             "entrant__start_number"))
    dwz = t.disc.desk_rating(t)[0] == "dwz"  # the rating field asks for the DWZ
    for p in found:
        p.shown_rating = p.rating if p.rating is not None else p.dwz
        p.fill_rating = p.dwz if dwz else p.shown_rating  # what picking fills in
        p.start_number = entered.get(p.pk)
    for e in listed:  # what picking the entry fills into the rating field
        e.fill_rating = getattr(e, "dwz", None) if dwz else getattr(e, "pick_rating", None)
    return render(request, "desk/_players.html", {"t": t, "players": found, "q": q,
                                                  "slot": slot, "listed": listed})


@require_POST
@desk_view
def scan(request: HttpRequest, t: Tournament) -> HttpResponse:
    """A scanned (or typed) pre-registration code, or the QR code of an online registration's
    mail (its personal link): check in, and seat with the window draw."""
    code = request.POST.get("code", "")
    error, done = "", ""
    try:
        entrant, seat = online.check_in(t, _actor(request), code)
    except ServiceError as e:
        error = " ".join(e.messages)
    except DatabaseError:
        log.warning("desk scan failed in the database", exc_info=True)
        error = gettext("The database was busy. Please scan again.")
    else:
        done = gettext("Checked in: %(number)s. %(name)s") % {"number": entrant.start_number,
                                                          "name": entrant.name}
        if seat is not None:
            done += " · " + gettext("Seat: %(seat)s") % {"seat": seating.seat_label(
                seat.table, seat.side, seat.position, seating.per_side(t))}
        elif entrant.alone:
            done += " · " + gettext("came alone: pair up when a partner is found")
        done = _flash(done, _slip_link(t, entrant))
    show, mark, q = _filters(request.POST)
    page = _page_number(request.POST)
    if request.htmx:
        ctx: dict[str, Any] = {"t": t, "scan_error": error, "scan_done": done,
                               "scan_code": code if error else "",
                               "new_entrant": None if error else entrant.start_number}
        if not error:
            ctx.update(_list_context(request, t, show, q, mark, page, entrant.start_number),
                       oob=True)
        return render(request, "desk/_scan.html", ctx)
    if not error:
        messages.success(request, done)
        return _back(t, show, mark, q, f"#e{entrant.start_number}", page)
    ctx = _page_context(request, t, SignUpForm(pair=t.entrant_kind == "pair",
                                               rating=t.disc.desk_rating(t)), show, q, mark,
                        page)
    ctx.update(scan_error=error, scan_code=code, scan=True)
    return render(request, "desk/tournament.html", ctx, status=400)


@require_POST
@desk_view
def pair_up(request: HttpRequest, t: Tournament) -> HttpResponse:
    """Join two players who came alone into one pair (``first``, ``second``)."""
    def number(field: str) -> int | None:
        value = request.POST.get(field, "")
        return int(value) if value.isdecimal() and len(value) < 10 else None

    first, second = number("first"), number("second")
    error, done, pair = "", "", None
    try:
        if first is None or second is None:
            raise ServiceError(gettext("choose two players who came alone"), "second")
        singles = {e.start_number: e for e in Entrant.objects.filter(
            tournament=t, start_number__in=(first, second))}
        if first not in singles or second not in singles:
            raise ServiceError(gettext("not a player who came alone (paired up already?)"),
                               "second")
        pair = marking.pair_up(t, _actor(request), singles[first], singles[second])
    except ServiceError as e:
        error = " ".join(e.messages)
    except DatabaseError:
        log.warning("desk pair-up failed in the database", exc_info=True)
        error = gettext("The database was busy. Please try again.")
    if pair is not None:
        done = gettext("Paired up: %(number)s. %(name)s") % {"number": pair.start_number,
                                                         "name": pair.name}
        seat = _seat(pair, seating.per_side(t))
        if seat:
            done += " · " + gettext("Seat: %(seat)s") % {"seat": seat}
        done = _flash(done, _slip_link(t, pair))
    show, mark, q = _filters(request.POST)
    page = _page_number(request.POST)
    if request.htmx:
        ctx = {"t": t, "pair_error": error, "pair_done": done,
               "oob": True, **_list_context(request, t, show, q, mark, page,
                                            pair.start_number if pair else None)}
        return render(request, "desk/_paired.html", ctx)
    if error:
        messages.error(request, error)
    else:
        messages.success(request, done)
    return _back(t, show, mark, q, f"#e{pair.start_number}" if pair else "#desk-alone", page)


@require_safe
@desk_view
def slip(request: HttpRequest, t: Tournament, start_number: int) -> HttpResponse:
    """The seat slip to hand over (A6 or a receipt printer): who, start number, where, when,
    and the entrant's personal link (QR) for every entrant of every discipline.

    ``?print=1`` opens the print dialog at once (the "Print slip" link of the desk). The
    seat is the one from the window draw, else the entrant's table in the open round (a
    chess player in round 2: board and colour), else the slip says the link will show it.
    """
    entrant = get_object_or_404(Entrant.objects.prefetch_related("players"), tournament=t,
                                start_number=start_number)
    seat = RegistrationSeat.objects.filter(entrant=entrant).first()
    k = seating.per_side(t)
    players = list(entrant.players.all())
    joined = " / ".join(p.name for p in players)
    ctx = {"t": t, "e": entrant, "seat": seat, "players": players,
           "team_name": entrant.name if players and entrant.name != joined else "",
           "seat_number": (seat.side - 1) * k + seat.position + 1 if seat and k > 1 else None,
           "time": timezone.localtime(entrant.arrived or entrant.created),
           "printed": timezone.localtime(), "autoprint": request.GET.get("print") == "1",
           "now": None if seat else _open_seat(t, entrant)}
    return render(request, "desk/slip.html", ctx)


def _open_seat(t: Tournament, entrant: Entrant) -> dict[str, Any] | None:
    """Where the entrant sits in the open round: its number, table and side in words."""
    rnd = hall_links.open_round(t)
    at = hall_links.seat_in(entrant, rnd) if rnd is not None else None
    if at is None or rnd is None:
        return None
    disc = of(t)
    return {"round": rnd.number, "table": disc.table_label(at.table.number),
            "side": disc.side_label(at.side) if at.side is not None else ""}


@require_POST
@director_view
def prereg_open(request: HttpRequest, t: Tournament) -> HttpResponse:
    """The director opens or closes the public pre-registration page (``open`` = 1 or 0)."""
    opened = request.POST.get("open") == "1"
    try:
        prereg.set_prereg_open(t, Actor(request.user, request.user.get_username()), opened)
    except DatabaseError:
        log.warning("opening pre-registration failed in the database", exc_info=True)
        messages.error(request, gettext("The database was busy. Please try again."))
    else:
        messages.success(request, gettext("Pre-registration is open.") if opened
                         else gettext("Pre-registration is closed."))
    return redirect(reverse("desk:tournament", args=[t.slug]))
