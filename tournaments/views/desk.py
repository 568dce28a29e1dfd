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
from urllib.parse import urlencode

from django import forms
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.db import DatabaseError
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from .. import services
from ..common.text import validate_single_line
from ..disciplines import of
from ..models import Entrant, Player, RegistrationSeat, Role, Tournament
from ..services import Actor, ServiceError, prereg, seating
from ..services import markers as marking
from .access import desk_view, director_view
from .desk_rows import (
    FIELD_ORDER,
    MARKS,
    _actor,
    _filters,
    _flash,
    _form_context,
    _list_context,
    _page_context,
    _row_context,
    _seat,
    _slip_link,
)

log = logging.getLogger(__name__)

# --- sign-up form ----------------------------------------------------------------------------


class SignUpForm(forms.Form):
    """One player, or the two players of a fixed pair; each picked from the database or new."""

    status = forms.ChoiceField(
        label=_("Status"), initial=Entrant.Status.PRESENT, widget=forms.RadioSelect,
        choices=[(Entrant.Status.PRESENT, _("present (checked in)")),
                 (Entrant.Status.REGISTERED, _("registered (pre-registration)"))])

    def __init__(self, *args: Any, pair: bool = False, rating: tuple[str, Any] | None = None,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.pair = pair
        # What the rating field is (WebDiscipline.desk_rating: chess asks for the DWZ or
        # the Elo its setting ranks by, and stores it as that).
        self.rating_kind, rating_label = rating or ("rating", _("Rating"))
        for n in (1, 2) if pair else (1,):
            self.fields[f"p{n}_name"] = forms.CharField(label=_("Name"), max_length=120,
                                                        required=n == 1,
                                                        validators=[validate_single_line])
            self.fields[f"p{n}_club"] = forms.CharField(label=_("Club"), max_length=120,
                                                        required=False,
                                                        validators=[validate_single_line])
            self.fields[f"p{n}_rating"] = forms.IntegerField(label=rating_label, min_value=0,
                                                             max_value=4000, required=False)
            # A known player's id, or "L" and the key of a listed person (the discipline's
            # published lists; chess: a player from the DWZ or FIDE list, who becomes a
            # person with every fact).
            self.fields[f"p{n}_id"] = forms.RegexField(regex=r"^L?\d{1,10}$", required=False,
                                                       widget=forms.HiddenInput)
        if pair:
            self.fields["team_name"] = forms.CharField(
                label=_("Pair name"), max_length=250, required=False,
                validators=[validate_single_line],
                help_text=_("Optional; otherwise both names."))
            self.fields["alone"] = forms.BooleanField(
                label=_("came alone (no partner yet)"), required=False,
                help_text=_("Signs up player 1 alone; pair up with another one later."))

    def clean(self) -> dict[str, Any]:
        """A pair needs its second player, unless the first one came alone."""
        cd = super().clean()
        assert cd is not None  # Django's clean() returns cleaned_data
        if self.pair and not self.errors.get("p2_name"):
            second = (cd.get("p2_name") or "").strip()
            if cd.get("alone") and second:
                self.add_error("alone", gettext("came alone, but player 2 is filled in: empty "
                                           "player 2 or untick this"))
            elif not cd.get("alone") and not second:
                self.add_error("p2_name", forms.Field.default_error_messages["required"])
        return cd

    @property
    def came_alone(self) -> bool:
        return bool(self.pair and getattr(self, "cleaned_data", {}).get("alone"))

    def slots(self) -> list[dict[str, Any]]:
        """The player blocks for the template, so one markup serves singles and pairs."""
        return [{"n": n, "label": gettext("Player %(n)s") % {"n": n} if self.pair else "",
                 "name": self[f"p{n}_name"], "club": self[f"p{n}_club"],
                 "rating": self[f"p{n}_rating"], "id": self[f"p{n}_id"]}
                for n in ((1, 2) if self.pair else (1,))]

    def player_spec(self, n: int) -> int | dict[str, Any]:
        """A picked player's id, or the typed person as a dict for ``services.register``.

        A picked id counts only while the name field still shows that player's name, so
        editing the name after picking signs up the typed person instead.
        """
        cd = self.cleaned_data
        name = cd[f"p{n}_name"].strip()
        pid = cd.get(f"p{n}_id") or ""
        if pid.isdigit():
            player = Player.objects.filter(pk=pid).first()
            if player is not None and player.name.casefold() == name.casefold():
                return player.pk
        spec: dict[str, Any] = {"name": name}
        if cd.get(f"p{n}_club"):
            spec["club"] = cd[f"p{n}_club"].strip()
        if cd.get(f"p{n}_rating") is not None:
            spec[self.rating_kind] = cd[f"p{n}_rating"]
        return spec

    def listed_facts(self, t: Tournament, n: int) -> dict[str, Any] | None:
        """The facts of the listed person picked for player ``n`` while the name still
        shows (the discipline's lists: :meth:`WebDiscipline.listed_person`)."""
        pid = self.cleaned_data.get(f"p{n}_id") or ""
        if not pid.startswith("L"):
            return None
        return t.disc.listed_person(pid, self.cleaned_data[f"p{n}_name"])

    def add_service_errors(self, error: ServiceError) -> None:
        """Show the service's messages at the field they are about."""
        name_field = "team_name" if self.pair and not self.came_alone else "p1_name"
        where = {"name": name_field,
                 "players": None if self.pair and not self.came_alone else "p1_name",
                 "status": "status", "alone": "alone"}
        for field, msgs in error.errors.items():
            target = where.get(field)
            for msg in msgs:
                self.add_error(target if target in self.fields else None, msg)

    def focus(self) -> str:
        """The field that should have the keyboard focus after this form is shown."""
        for name in FIELD_ORDER:
            if name in self.errors:
                return name
        return "p1_name"


def _register(request: HttpRequest, tournament: Tournament, form: SignUpForm) -> Entrant | None:
    """Sign up from a valid form; on refusal put the reason into the form and return None."""
    cd = form.cleaned_data
    pair = form.pair and not form.came_alone
    players = [form.player_spec(n) for n in ((1, 2) if pair else (1,))]
    if pair:
        clubs = [c for c in (cd.get("p1_club", "").strip(), cd.get("p2_club", "").strip()) if c]
        club = clubs[0] if len(set(clubs)) == 1 else " / ".join(clubs)
        club = club if len(club) <= 120 else ""
        kwargs: dict[str, Any] = {"name": cd.get("team_name", "").strip(), "club": club}
    else:
        kwargs = {"club": cd["p1_club"].strip()}
        if form.rating_kind == "rating":  # else the person's DWZ (player_spec)
            kwargs["rating"] = cd["p1_rating"]
    listed = form.listed_facts(tournament, 1) if not pair else None
    try:
        if listed is not None:  # picked from a published list: the person with every fact
            return services.register_person(
                tournament, _actor(request), players, listed,
                status=cd["status"], preregistered=cd["status"] == Entrant.Status.REGISTERED,
                **kwargs)
        # The service owns its transaction: a refused sign-up leaves nothing behind (no
        # stray Player). "Registered" at the desk is a pre-registration (not here yet): the
        # seat comes with the check-in.
        return services.register(
            tournament, _actor(request), players, status=cd["status"],
            preregistered=cd["status"] == Entrant.Status.REGISTERED, alone=form.came_alone,
            **kwargs)
    except ServiceError as e:
        form.add_service_errors(e)
    except DatabaseError:
        log.warning("desk sign-up failed in the database", exc_info=True)
        form.add_error(None, gettext("The database was busy. Please submit again."))
    return None


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
    tournaments = list(qs.order_by("-created"))
    for t in tournaments:
        t.discipline_label = of(t).label
    return render(request, "desk/index.html", {"tournaments": tournaments})


@require_http_methods(["GET", "HEAD", "POST"])
@desk_view
def tournament(request: HttpRequest, t: Tournament) -> HttpResponse:
    """The desk page: scan field, sign-up form, counts, markers, filter and entrant list.

    POST signs up one entrant. htmx gets the fresh form plus out-of-band swaps of
    the list and the counts; a plain POST is answered with a redirect (or the page
    with the errors at the fields).
    """
    pair = t.entrant_kind == Tournament.EntrantKind.PAIR
    show, mark, q = _filters(request.GET)
    if request.method != "POST":
        form = SignUpForm(pair=pair, rating=t.disc.desk_rating(t))
        return render(request, "desk/tournament.html",
                      _page_context(request, t, form, show, q, mark))

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
        fresh = SignUpForm(pair=pair, rating=t.disc.desk_rating(t),
                           initial={"status": form.cleaned_data["status"]})
        ctx = _page_context(request, t, fresh, show, q, mark, entrant.start_number)
        ctx.update(done=done, oob=True)
        return render(request, "desk/_signup.html", ctx)
    if request.htmx:
        return render(request, "desk/_signup.html", {**_form_context(t, form), "oob": False})
    return render(request, "desk/tournament.html", _page_context(request, t, form, show, q, mark))


@require_safe
@desk_view
def players(request: HttpRequest, t: Tournament) -> HttpResponse:
    """Search-as-you-type over the Player database: a small list to pick from."""
    slot = request.GET.get("slot", "1")
    slot = slot if slot in ("1", "2") else "1"
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


def _back(t: Tournament, show: str, mark: str, q: str, anchor: str = "") -> HttpResponse:
    """Back to the desk page with the same filter (the page without JavaScript)."""
    query = urlencode({k: v for k, v in (("show", show), ("mark", mark), ("q", q)) if v})
    url = reverse("desk:tournament", args=[t.slug]) + (f"?{query}" if query else "")
    return redirect(f"{url}{anchor}")


def _row_change(request: HttpRequest, t: Tournament, start_number: int, action: Any,
                done: Any) -> HttpResponse:
    """Run one change of a row; htmx gets the new row, else a redirect with a message."""
    entrant = get_object_or_404(Entrant, tournament=t, start_number=start_number)
    error = ""
    try:
        entrant = action(entrant)
    except ServiceError as e:
        error = " ".join(e.messages)
    except DatabaseError:
        log.warning("desk change of a row failed in the database", exc_info=True)
        error = gettext("The database was busy. Please try again.")
    show, mark, q = _filters(request.POST)
    if request.htmx:
        ctx = _row_context(request, t, entrant, show, mark, q)
        return render(request, "desk/_status.html", {**ctx, "error": error})
    if error:
        messages.error(request, f"{entrant}: {error}")
    else:
        messages.success(request, done(entrant))
    return _back(t, show, mark, q, f"#e{entrant.start_number}")


@require_POST
@desk_view
def status(request: HttpRequest, t: Tournament, start_number: int) -> HttpResponse:
    """Check in, mark absent, withdraw or set back to registered; htmx gets the new row."""
    def done(e: Entrant) -> str:
        text = gettext("%(entrant)s: %(status)s") % {"entrant": e, "status": e.get_status_display()}
        seat = _seat(e, seating.per_side(t)) if e.status == Entrant.Status.PRESENT else ""
        return _flash(text + (" · " + gettext("Seat: %(seat)s") % {"seat": seat} if seat else ""),
                      _slip_link(t, e) if seat else "")

    return _row_change(request, t, start_number, lambda e: services.set_status(
        e, _actor(request), request.POST.get("status", "")), done)


@require_POST
@desk_view
def marker(request: HttpRequest, t: Tournament, start_number: int) -> HttpResponse:
    """Set or clear a marker of one entrant (``marker``, ``on`` = 1 or 0)."""
    name, on = request.POST.get("marker", ""), request.POST.get("on") == "1"
    labels = {m: label for m, label, _title in MARKS}

    def done(e: Entrant) -> str:
        text = gettext("%(entrant)s: marked %(marker)s") if on else gettext(
            "%(entrant)s: no longer %(marker)s")
        return text % {"entrant": e, "marker": labels.get(name, name)}

    return _row_change(request, t, start_number, lambda e: marking.set_marker(
        e, _actor(request), name, on), done)


@require_POST
@desk_view
def scan(request: HttpRequest, t: Tournament) -> HttpResponse:
    """A scanned (or typed) pre-registration code: check in, and seat with the window draw."""
    code = request.POST.get("code", "")
    error, done = "", ""
    try:
        entrant, seat = prereg.check_in_code(t, _actor(request), code)
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
    if request.htmx:
        ctx: dict[str, Any] = {"t": t, "scan_error": error, "scan_done": done,
                               "scan_code": code if error else "",
                               "new_entrant": None if error else entrant.start_number}
        if not error:
            ctx.update(_list_context(request, t, show, q, mark, entrant.start_number), oob=True)
        return render(request, "desk/_scan.html", ctx)
    if not error:
        messages.success(request, done)
        return _back(t, show, mark, q, f"#e{entrant.start_number}")
    ctx = _page_context(request, t, SignUpForm(pair=t.entrant_kind == "pair",
                                               rating=t.disc.desk_rating(t)), show, q, mark)
    ctx.update(scan_error=error, scan_code=code, scan=True)
    return render(request, "desk/tournament.html", ctx, status=400)


@require_POST
@desk_view
def pair_up(request: HttpRequest, t: Tournament) -> HttpResponse:
    """Join two players who came alone into one pair (``first``, ``second``)."""
    def number(field: str) -> int | None:
        value = request.POST.get(field, "")
        return int(value) if value.isdigit() and len(value) < 10 else None

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
    if request.htmx:
        ctx = {"t": t, "pair_error": error, "pair_done": done,
               "oob": True, **_list_context(request, t, show, q, mark,
                                            pair.start_number if pair else None)}
        return render(request, "desk/_paired.html", ctx)
    if error:
        messages.error(request, error)
    else:
        messages.success(request, done)
    return _back(t, show, mark, q, f"#e{pair.start_number}" if pair else "#desk-alone")


@require_safe
@desk_view
def slip(request: HttpRequest, t: Tournament, start_number: int) -> HttpResponse:
    """The seat slip to hand over (A6 or a receipt printer): who, start number, where, when.

    ``?print=1`` opens the print dialog at once (the "Print slip" link of the desk).
    Without a seat from the window draw there is nothing to print: 404 with a word why.
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
           "printed": timezone.localtime(), "autoprint": request.GET.get("print") == "1"}
    return render(request, "desk/slip.html", ctx, status=200 if seat else 404)


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
