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
import secrets
import threading
from collections import OrderedDict
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.db import DatabaseError, transaction
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from .. import services
from ..disciplines import of
from ..links import absolute
from ..models import Entrant, Player, RegistrationSeat, Role, Tournament
from ..permissions import is_director
from ..services import Actor, ServiceError, prereg, seating
from ..services import markers as marking
from ..services.text import validate_single_line
from .access import desk_view, director_view

log = logging.getLogger(__name__)

STATUSES = [s for s, _label in Entrant.Status.choices]

# The row buttons: (status, button label, longer title).
ACTIONS = [
    (Entrant.Status.PRESENT, _("Check in"), _("Present: checked in at the desk")),
    (Entrant.Status.ABSENT, _("Absent"), _("Absent: not drawn until checked in again")),
    (Entrant.Status.WITHDRAWN, _("Withdraw"), _("Withdrawn: left the tournament")),
    (Entrant.Status.REGISTERED, _("Registered"), _("Back to registered (not checked in)")),
]

# The markers: (name, badge and filter label, longer title).
MARKS = [
    ("preregistered", _("pre-registered"), _("Came through pre-registration, not here yet")),
    ("alone", _("came alone"), _("Came without a partner: pair up with another one")),
    ("draw_missing", _("draw missing"), _("No seat from the draw yet")),
]
MARK_NAMES = [m for m, _label, _title in MARKS]

# Form fields in the order the desk fills them in; the first one with an error gets the focus.
FIELD_ORDER = ["p1_name", "p1_club", "p1_rating", "alone", "p2_name", "p2_club", "p2_rating",
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
            self.fields[f"p{n}_name"] = forms.CharField(label=_("Name"), max_length=120,
                                                        required=n == 1,
                                                        validators=[validate_single_line])
            self.fields[f"p{n}_club"] = forms.CharField(label=_("Club"), max_length=120,
                                                        required=False,
                                                        validators=[validate_single_line])
            self.fields[f"p{n}_rating"] = forms.IntegerField(label=_("Rating"), min_value=0,
                                                             max_value=4000, required=False)
            self.fields[f"p{n}_id"] = forms.IntegerField(required=False,
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
        kwargs = {"club": cd["p1_club"].strip(), "rating": cd["p1_rating"]}
    try:
        # The service creates a new Player before it takes the lock; the outer transaction
        # makes a refused sign-up leave nothing behind. "Registered" at the desk is a
        # pre-registration (not here yet): the seat comes with the check-in.
        with transaction.atomic():
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


# --- list helpers ----------------------------------------------------------------------------


def _filters(data: Any) -> tuple[str, str, str]:
    """The list filter (status, marker, text) from GET or POST data; unknown values mean all."""
    show, mark = data.get("show", ""), data.get("mark", "")
    return ((show if show in STATUSES else ""), (mark if mark in MARK_NAMES else ""),
            data.get("q", "").strip()[:100])


def _matches(entrant: Entrant, show: str, q: str, mark: str = "") -> bool:
    """The same test as the live filter in desk.js, for the page without JavaScript."""
    if show and entrant.status != show:
        return False
    if mark and mark not in getattr(entrant, "marks", ()):
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


def _marks(tournament: Tournament) -> list[tuple[str, Any, Any]]:
    """The markers this tournament has: "came alone" only where pairs are fixed."""
    pair = tournament.entrant_kind == Tournament.EntrantKind.PAIR
    return [m for m in MARKS if pair or m[0] != "alone"]


def _side_context(tournament: Tournament, marks: dict[int, list[str]] | None = None,
                  mark: str = "") -> dict[str, Any]:
    """Counts, marker buttons and the pair-up panel: swapped in after every change."""
    if marks is None:
        marks = marking.markers(tournament)
    counted = marking.marker_counts(marks)
    pair = tournament.entrant_kind == Tournament.EntrantKind.PAIR
    waiting = marking.waiting_alone(tournament) if pair else []
    return {"counts": _counts(tournament), "mark": mark, "pair": pair,
            "mark_buttons": [(m, label, title, counted[m]) for m, label, title
                             in _marks(tournament)],
            "waiting": waiting, "suggestions": list(zip(waiting[0::2], waiting[1::2],
                                                        strict=False))}


def _seat(entrant: Entrant, per_side: int) -> str:
    """The round-1 seat from the draw at registration, as the desk tells the entrant."""
    seat = RegistrationSeat.objects.filter(entrant=entrant).first() if per_side else None
    return seating.seat_label(seat.table, seat.side, seat.position, per_side) if seat else ""


def _entrant_url(name: str, t: Tournament) -> Any:
    """``number -> URL`` of one of the row's views: one ``reverse`` per answer, not per row."""
    sentinel = 987654321
    head, _sep, tail = reverse(f"desk:{name}", args=[t.slug, sentinel]).rpartition(
        f"/{sentinel}/")
    return lambda number: f"{head}/{number}/{tail}"


def _snippet(template: str, **context: Any) -> str:
    """A part of a row, rendered once for many rows (without the file's last newline)."""
    return mark_safe(render_to_string(template, context).strip())  # escaped by the template


def _row_kit(csrf_token: str, t: Tournament, show: str, mark: str,
             q: str) -> dict[str, Any]:
    """What the rows of one answer share, worked out once instead of once per row.

    A big evening has 500 and more rows, and the list comes again with every sign-up; per
    row the template reversed six URLs, translated the same labels and ran the same loop of
    status buttons. Here the status buttons are rendered once per status and the marker
    toggles once per marker and state (the same templates, the same HTML), each with the
    form's CSRF field.
    """
    actions = [(s, str(label), str(title)) for s, label, title in ACTIONS]
    settable = [(m, str(label), str(title)) for m, label, title in _settable(t)]
    filters = {"show": show, "mark": mark, "q": q, "csrf_token": csrf_token}
    return {
        "show": show, "mark": mark, "q": q, "settable": settable,
        "per_side": seating.per_side(t),
        "badges": {m: (str(label), str(title)) for m, label, title in MARKS},
        "status_labels": {s: str(label) for s, label in Entrant.Status.choices},
        "buttons": {s: _snippet("desk/_buttons.html", actions=actions, status=s, **filters)
                    for s in STATUSES},
        "toggles": {(m, on): _snippet("desk/_toggle.html", m=m, label=label, on=on, **filters)
                    for m, label, _title in settable for on in (False, True)},
        "status_url": _entrant_url("status", t), "marker_url": _entrant_url("marker", t),
        "slip_url": _entrant_url("slip", t), "edit_url": _entrant_url("edit", t),
    }


def _decorate(e: Entrant, marks: dict[int, list[str]], seat: RegistrationSeat | None,
              kit: dict[str, Any]) -> Entrant:
    """What a row shows besides the model: markers, seat, filter state, links and buttons."""
    e.marks = marks.get(e.pk, [])
    e.mark_badges = [(m, *kit["badges"][m]) for m in e.marks]
    e.seat = (seating.seat_label(seat.table, seat.side, seat.position, kit["per_side"])
              if seat else "")
    e.search_text = _search_text(e)
    e.hidden = not _matches(e, kit["show"], kit["q"], kit["mark"])
    e.status_label = kit["status_labels"].get(e.status, e.status)
    e.status_url = kit["status_url"](e.start_number)
    e.marker_url = kit["marker_url"](e.start_number)
    e.slip_url = kit["slip_url"](e.start_number)
    e.edit_url = kit["edit_url"](e.start_number)
    e.buttons = kit["buttons"].get(e.status, "")
    # "+ pre-registered" is no choice for one who is here (the service refuses it).
    e.toggles = [kit["toggles"][m, m in e.marks] for m, _label, _title in kit["settable"]
                 if m != "preregistered" or m in e.marks or e.status != Entrant.Status.PRESENT]
    return e


def _row_context(request: HttpRequest, t: Tournament, e: Entrant, show: str, mark: str,
                 q: str) -> dict[str, Any]:
    """One row after a change, with the counts and panels to swap in beside it."""
    marks = marking.markers(t)
    kit = _row_kit(get_token(request), t, show, mark, q)
    _decorate(e, marks, RegistrationSeat.objects.filter(entrant=e).first(), kit)
    return {"t": t, "e": e, "show": show, "mark": mark, "q": q, "settable": kit["settable"],
            "oob": True, **_side_context(t, marks, mark)}


def _settable(t: Tournament) -> list[tuple[str, Any, Any]]:
    """The markers the desk sets by hand in this tournament."""
    computed = marking.draw_missing_is_computed(t)
    return [m for m in _marks(t) if m[0] in marking.SETTABLE_MARKERS
            and not (computed and m[0] == "draw_missing")]


# Rendered rows of the list by everything a row shows, in this process. The list comes again
# with every sign-up, and on a big evening almost every row is what it was the last time.
# The rows keep a stand-in for the CSRF token (each answer puts in its own).
_ROWS: OrderedDict[tuple[Any, ...], str] = OrderedDict()
_ROWS_MAX = 5000
_ROWS_LOCK = threading.Lock()
_CSRF_SLOT = f"csrf-slot-{secrets.token_hex(8)}"


def _row_key(e: Entrant, kit: dict[str, Any], new_entrant: int | None) -> tuple[Any, ...]:
    """Everything ``desk/_row.html`` shows of one row in the list: a new field there goes here."""
    return (kit["key"], e.start_number, e.name, e.club, e.rating, e.status, e.joined_round,
            e.seat, tuple(e.marks), e.start_number == new_entrant)


def _rows(t: Tournament, entrants: list[Entrant], kit: dict[str, Any],
          new_entrant: int | None, csrf_token: str) -> str:
    """The list's rows, each rendered once while it stays the same (not with DEBUG on, where
    templates change under a running server)."""
    html, memo = [], not settings.DEBUG
    for e in entrants:
        key = _row_key(e, kit, new_entrant)
        row = None
        if memo:
            with _ROWS_LOCK:
                row = _ROWS.get(key)
                if row is not None:
                    _ROWS.move_to_end(key)
        if row is None:
            row = render_to_string("desk/_row.html", {"t": t, "e": e, "new_entrant": new_entrant,
                                                      "settable": kit["settable"]})
            if memo:
                with _ROWS_LOCK:
                    _ROWS[key] = row
                    while len(_ROWS) > _ROWS_MAX:
                        _ROWS.popitem(last=False)
        html.append(row)
    return mark_safe("".join(html).replace(_CSRF_SLOT, csrf_token))  # rendered by the template


def _list_context(request: HttpRequest, tournament: Tournament, show: str, q: str,
                  mark: str = "", new_entrant: int | None = None) -> dict[str, Any]:
    entrants = list(Entrant.objects.filter(tournament=tournament).order_by("start_number"))
    seats = {s.entrant_id: s for s in RegistrationSeat.objects.filter(tournament=tournament)}
    marks = marking.markers(tournament, entrants)
    kit = _row_kit(_CSRF_SLOT, tournament, show, mark, q)
    kit["key"] = (get_language(), tournament.slug, show, q, mark,
                  tuple(m for m, _l, _t in kit["settable"]))
    for e in entrants:
        _decorate(e, marks, seats.get(e.pk), kit)
    return {"entrants": entrants, "shown": sum(not e.hidden for e in entrants),
            "rows": _rows(tournament, entrants, kit, new_entrant, get_token(request)),
            "show": show, "q": q, "settable": kit["settable"], "new_entrant": new_entrant,
            **_side_context(tournament, marks, mark)}


def _form_context(tournament: Tournament, form: SignUpForm) -> dict[str, Any]:
    """What the sign-up form needs: late entries join after the rounds already drawn."""
    rounds = tournament.rounds.count()
    return {"t": tournament, "form": form, "rounds_drawn": rounds, "late_round": rounds + 1}


def _scan_shown(tournament: Tournament) -> bool:
    """The scan field is there while codes can exist: pre-registration open or used."""
    return tournament.prereg_open or Entrant.objects.filter(
        tournament=tournament).exclude(code_digest="").exists()


def _page_context(request: HttpRequest, tournament: Tournament, form: SignUpForm, show: str,
                  q: str, mark: str = "", new_entrant: int | None = None) -> dict[str, Any]:
    return {**_form_context(tournament, form),
            "discipline": of(tournament).label,
            "statuses": Entrant.Status.choices,
            **_list_context(request, tournament, show, q, mark, new_entrant),
            "scan": _scan_shown(tournament), "drawing": seating.drawing_at_registration(
                tournament), "director": is_director(request.user, tournament),
            "prereg_url": absolute(request, reverse("public:prereg", args=[tournament.slug]))}


def _slip_link(t: Tournament, entrant: Entrant) -> str:
    """The "Print slip" link of a success message (Alt+P opens it), or "" without a seat."""
    if not RegistrationSeat.objects.filter(entrant=entrant).exists():
        return ""
    return format_html('<a href="{}" target="_blank" accesskey="p" class="desk-slip-link">{}</a>',
                       reverse("desk:slip", args=[t.slug, entrant.start_number]) + "?print=1",
                       gettext("Print slip"))


def _flash(text: str, link: str) -> str:
    """A success message, with the slip link when there is a seat."""
    return format_html("{} · {}", text, link) if link else text


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
        form = SignUpForm(pair=pair)
        return render(request, "desk/tournament.html",
                      _page_context(request, t, form, show, q, mark))

    form = SignUpForm(request.POST, pair=pair)
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
        fresh = SignUpForm(pair=pair, initial={"status": form.cleaned_data["status"]})
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
    entered = dict(Entrant.players.through.objects.filter(
        entrant__tournament=t, player__in=found).values_list("player_id",
                                                             "entrant__start_number"))
    for p in found:
        p.shown_rating = p.rating if p.rating is not None else p.dwz
        p.start_number = entered.get(p.pk)
    return render(request, "desk/_players.html", {"t": t, "players": found, "q": q,
                                                  "slot": slot})


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
        with transaction.atomic():
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
        with transaction.atomic():
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
    ctx = _page_context(request, t, SignUpForm(pair=t.entrant_kind == "pair"), show, q, mark)
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
        with transaction.atomic():
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
