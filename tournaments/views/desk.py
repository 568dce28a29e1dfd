"""The registration desk: sign-up, check-in and the entrant list (DESIGN.md, Access: desk).

The desk is used under time pressure with the keyboard, often on two laptops
at once. Every change goes through :mod:`tournaments.services` (which locks
the tournament row); these views only translate between forms and services,
turn a :class:`ServiceError` into a message at the field, and answer htmx
requests with the small fragments the page swaps in. Without JavaScript every
form still works as an ordinary POST with a redirect.
"""

from __future__ import annotations

import logging
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.db import DatabaseError, transaction
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _t
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from .. import services
from ..disciplines import DISCIPLINES
from ..models import Entrant, Player, RegistrationSeat, Role, Tournament
from ..services import Actor, ServiceError, seating
from .access import desk_view

log = logging.getLogger(__name__)

STATUSES = [s for s, _label in Entrant.Status.choices]

# The row buttons: (status, button label, longer title).
ACTIONS = [
    (Entrant.Status.PRESENT, _("Check in"), _("Present: checked in at the desk")),
    (Entrant.Status.ABSENT, _("Absent"), _("Absent: not drawn until checked in again")),
    (Entrant.Status.WITHDRAWN, _("Withdraw"), _("Withdrawn: left the tournament")),
    (Entrant.Status.REGISTERED, _("Registered"), _("Back to registered (not checked in)")),
]

# Form fields in the order the desk fills them in; the first one with an error gets the focus.
FIELD_ORDER = ["p1_name", "p1_club", "p1_rating", "p2_name", "p2_club", "p2_rating",
               "team_name", "status"]


def _actor(request: HttpRequest) -> Actor:
    """The log says the change came from the desk, and which user sat there."""
    return Actor(request.user, f"desk {request.user.get_username()}")


# --- sign-up form ----------------------------------------------------------------------------


class SignUpForm(forms.Form):
    """One player, or the two players of a fixed pair; each picked from the database or new."""

    status = forms.ChoiceField(
        label=_("Status"), initial=Entrant.Status.PRESENT, widget=forms.RadioSelect,
        choices=[(Entrant.Status.PRESENT, _("present (checked in)")),
                 (Entrant.Status.REGISTERED, _("registered (pre-registration)"))])

    def __init__(self, *args: Any, pair: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.pair = pair
        for n in (1, 2) if pair else (1,):
            self.fields[f"p{n}_name"] = forms.CharField(label=_("Name"), max_length=120)
            self.fields[f"p{n}_club"] = forms.CharField(label=_("Club"), max_length=120,
                                                        required=False)
            self.fields[f"p{n}_rating"] = forms.IntegerField(label=_("Rating"), min_value=0,
                                                             max_value=4000, required=False)
            self.fields[f"p{n}_id"] = forms.IntegerField(required=False,
                                                         widget=forms.HiddenInput)
        if pair:
            self.fields["team_name"] = forms.CharField(
                label=_("Pair name"), max_length=250, required=False,
                help_text=_("Optional; otherwise both names."))

    def slots(self) -> list[dict[str, Any]]:
        """The player blocks for the template, so one markup serves singles and pairs."""
        return [{"n": n, "label": _t("Player %(n)s") % {"n": n} if self.pair else "",
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
        pid = cd.get(f"p{n}_id")
        if pid:
            player = Player.objects.filter(pk=pid).first()
            if player is not None and player.name.casefold() == name.casefold():
                return player.pk
        spec: dict[str, Any] = {"name": name}
        if cd.get(f"p{n}_club"):
            spec["club"] = cd[f"p{n}_club"].strip()
        if cd.get(f"p{n}_rating") is not None:
            spec["rating"] = cd[f"p{n}_rating"]
        return spec

    def add_service_errors(self, error: ServiceError) -> None:
        """Show the service's messages at the field they are about."""
        name_field = "team_name" if self.pair else "p1_name"
        where = {"name": name_field, "players": None if self.pair else "p1_name",
                 "status": "status"}
        for field, msgs in error.errors.items():
            target = where.get(field)
            for msg in msgs:
                # Services speak English; fixed messages are in the catalogue, others pass.
                self.add_error(target if target in self.fields else None, _t(msg))

    def focus(self) -> str:
        """The field that should have the keyboard focus after this form is shown."""
        for name in FIELD_ORDER:
            if name in self.errors:
                return name
        return "p1_name"


def _register(request: HttpRequest, tournament: Tournament, form: SignUpForm) -> Entrant | None:
    """Sign up from a valid form; on refusal put the reason into the form and return None."""
    cd = form.cleaned_data
    pair = form.pair
    players = [form.player_spec(n) for n in ((1, 2) if pair else (1,))]
    if pair:
        clubs = [c for c in (cd.get("p1_club", "").strip(), cd.get("p2_club", "").strip()) if c]
        club = clubs[0] if len(set(clubs)) == 1 else " / ".join(clubs)
        club = club if len(club) <= 120 else ""
        kwargs: dict[str, Any] = {"name": cd.get("team_name", "").strip(), "club": club}
    else:
        kwargs = {"club": cd["p1_club"].strip(), "rating": cd["p1_rating"]}
    try:
        # The service creates a new Player before it takes the lock; the outer transaction
        # makes a refused sign-up leave nothing behind.
        with transaction.atomic():
            return services.register(tournament, _actor(request), players,
                                     status=cd["status"], **kwargs)
    except ServiceError as e:
        form.add_service_errors(e)
    except DatabaseError:
        log.warning("desk sign-up failed in the database", exc_info=True)
        form.add_error(None, _t("The database was busy. Please submit again."))
    return None


# --- list helpers ----------------------------------------------------------------------------


def _filters(data: Any) -> tuple[str, str]:
    """The list filter (status, text) from GET or POST data; unknown statuses mean all."""
    show = data.get("show", "")
    return (show if show in STATUSES else ""), data.get("q", "").strip()[:100]


def _matches(entrant: Entrant, show: str, q: str) -> bool:
    """The same test as the live filter in desk.js, for the page without JavaScript."""
    if show and entrant.status != show:
        return False
    text = _search_text(entrant)
    return all(w in text for w in q.lower().split())


def _search_text(entrant: Entrant) -> str:
    """What the live filter searches: start number, name and club."""
    return f"{entrant.start_number} {entrant.name} {entrant.club}".strip().lower()


def _counts(tournament: Tournament) -> dict[str, int]:
    counts = dict.fromkeys(STATUSES, 0)
    for row in (Entrant.objects.filter(tournament=tournament).values("status")
                .annotate(n=Count("id"))):
        counts[row["status"]] = row["n"]
    counts["total"] = sum(counts[s] for s in STATUSES)
    return counts


def _seat(entrant: Entrant, per_side: int) -> str:
    """The round-1 seat from the draw at registration, as the desk tells the entrant."""
    seat = RegistrationSeat.objects.filter(entrant=entrant).first() if per_side else None
    return seating.seat_label(seat.table, seat.side, seat.position, per_side) if seat else ""


def _list_context(tournament: Tournament, show: str, q: str) -> dict[str, Any]:
    entrants = list(Entrant.objects.filter(tournament=tournament).order_by("start_number"))
    seats = {s.entrant_id: s for s in RegistrationSeat.objects.filter(tournament=tournament)}
    k = seating.per_side(tournament)
    for e in entrants:
        e.hidden = not _matches(e, show, q)
        e.search_text = _search_text(e)
        s = seats.get(e.pk)
        e.seat = seating.seat_label(s.table, s.side, s.position, k) if s else ""
    return {"entrants": entrants, "shown": sum(not e.hidden for e in entrants),
            "counts": _counts(tournament), "show": show, "q": q}


def _form_context(tournament: Tournament, form: SignUpForm) -> dict[str, Any]:
    """What the sign-up form needs: late entries join after the rounds already drawn."""
    rounds = tournament.rounds.count()
    return {"t": tournament, "form": form, "rounds_drawn": rounds, "late_round": rounds + 1}


def _page_context(tournament: Tournament, form: SignUpForm, show: str, q: str) -> dict[str, Any]:
    return {**_form_context(tournament, form), "actions": ACTIONS,
            "discipline": DISCIPLINES[tournament.discipline].label,
            "statuses": Entrant.Status.choices, **_list_context(tournament, show, q)}


# --- views -----------------------------------------------------------------------------------


@require_GET
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
        t.discipline_label = DISCIPLINES[t.discipline].label
    return render(request, "desk/index.html", {"tournaments": tournaments})


@require_http_methods(["GET", "POST"])
@desk_view
def tournament(request: HttpRequest, t: Tournament) -> HttpResponse:
    """The desk page: sign-up form, counts, filter and entrant list.

    POST signs up one entrant. htmx gets the fresh form plus out-of-band swaps of
    the list and the counts; a plain POST is answered with a redirect (or the page
    with the errors at the fields).
    """
    pair = t.entrant_kind == Tournament.EntrantKind.PAIR
    show, q = _filters(request.GET)
    if request.method != "POST":
        form = SignUpForm(pair=pair)
        return render(request, "desk/tournament.html", _page_context(t, form, show, q))

    form = SignUpForm(request.POST, pair=pair)
    entrant = _register(request, t, form) if form.is_valid() else None
    if entrant is not None:
        done = _t("Registered: %(number)s. %(name)s (%(status)s)") % {
            "number": entrant.start_number, "name": entrant.name,
            "status": entrant.get_status_display()}
        seat = _seat(entrant, seating.per_side(t))
        if seat:
            done += " · " + _t("Seat: %(seat)s") % {"seat": seat}
        if not request.htmx:
            messages.success(request, done)
            return redirect(reverse("desk:tournament", args=[t.slug]))
        fresh = SignUpForm(pair=pair, initial={"status": form.cleaned_data["status"]})
        ctx = _page_context(t, fresh, show, q)
        ctx.update(done=done, new_entrant=entrant.start_number, oob=True)
        return render(request, "desk/_signup.html", ctx)
    if request.htmx:
        return render(request, "desk/_signup.html", {**_form_context(t, form), "oob": False})
    return render(request, "desk/tournament.html", _page_context(t, form, show, q))


@require_GET
@desk_view
def players(request: HttpRequest, t: Tournament) -> HttpResponse:
    """Search-as-you-type over the Player database: a small list to pick from."""
    slot = request.GET.get("slot", "1")
    slot = slot if slot in ("1", "2") else "1"
    q = (request.GET.get("q") or request.GET.get(f"p{slot}_name") or "").strip()[:100]
    found = services.find_players(q, limit=8)
    entered = dict(Entrant.players.through.objects.filter(
        entrant__tournament=t, player__in=found).values_list("player_id",
                                                             "entrant__start_number"))
    for p in found:
        p.shown_rating = p.rating if p.rating is not None else p.dwz
        p.start_number = entered.get(p.pk)
    return render(request, "desk/_players.html", {"t": t, "players": found, "q": q,
                                                  "slot": slot})


@require_POST
@desk_view
def status(request: HttpRequest, t: Tournament, start_number: int) -> HttpResponse:
    """Check in, mark absent, withdraw or set back to registered; htmx gets the new row."""
    entrant = get_object_or_404(Entrant, tournament=t, start_number=start_number)
    error = ""
    try:
        with transaction.atomic():
            entrant = services.set_status(entrant, _actor(request),
                                          request.POST.get("status", ""))
    except ServiceError as e:
        error = " ".join(_t(m) for msgs in e.errors.values() for m in msgs)
    except DatabaseError:
        log.warning("desk status change failed in the database", exc_info=True)
        error = _t("The database was busy. Please try again.")
    show, q = _filters(request.POST)
    if request.htmx:
        entrant.hidden = not _matches(entrant, show, q)
        entrant.search_text = _search_text(entrant)
        entrant.seat = _seat(entrant, seating.per_side(t))
        return render(request, "desk/_status.html", {
            "t": t, "e": entrant, "error": error, "actions": ACTIONS, "show": show, "q": q,
            "counts": _counts(t), "oob": True})
    if error:
        messages.error(request, f"{entrant}: {error}")
    else:
        messages.success(request, _t("%(entrant)s: %(status)s") % {
            "entrant": entrant, "status": entrant.get_status_display()})
    query = urlencode({k: v for k, v in (("show", show), ("q", q)) if v})
    url = reverse("desk:tournament", args=[t.slug]) + (f"?{query}" if query else "")
    return redirect(f"{url}#e{entrant.start_number}")
