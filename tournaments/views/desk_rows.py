"""The desk's entrant list: what each row shows, filters, counts, and rows kept rendered.

Split from :mod:`tournaments.views.desk` (the pages and their forms). Rows are rendered
once per state and kept in the process (``_rows``), keyed by what they show (``_row_key``):
a sign-up at 500 entrants then renders one new row, not five hundred.
"""

from __future__ import annotations

import logging
import secrets
import threading
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db.models import Count
from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from ..disciplines import of
from ..links import absolute
from ..models import Entrant, RegistrationSeat, Tournament
from ..permissions import is_director
from ..services import Actor, seating
from ..services import markers as marking

if TYPE_CHECKING:
    from .desk import SignUpForm  # the page's form; only named here

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


