"""The rows of the desk's entrant list: what each row shows, the filter's rule, and rows kept
rendered.

Split from :mod:`tournaments.views.desk` (the pages and their forms); the list around the
rows (filter, pages, counts, the answers' contexts) is :mod:`.desk_list`. Rows are rendered
once per state and kept in the process (``_rows``), keyed by what they show (``_row_key``):
a page of the list then renders only the rows that changed.
"""

from __future__ import annotations

import logging
import secrets
import threading
from collections import OrderedDict
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from ..models import Entrant, RegistrationSeat, Tournament
from ..services import Actor, seating
from ..services import markers as marking

log = logging.getLogger(__name__)

STATUSES = [s for s, _label in Entrant.Status.choices]

# The row buttons: (status, button label, longer title). Withdrawing asks first (the row
# shows the question); so does deleting, which only an entrant who never played offers.
ACTIONS = [
    (Entrant.Status.PRESENT, _("Check in"), _("Present: checked in at the desk")),
    (Entrant.Status.ABSENT, _("Absent"), _("Absent: not drawn until checked in again")),
    (Entrant.Status.WITHDRAWN, _("Withdraw"), _("Withdrawn: left the tournament (asks first)")),
    (Entrant.Status.REGISTERED, _("Registered"), _("Back to registered (not checked in)")),
]

# The markers: (name, badge and filter label, longer title).
MARKS = [
    ("preregistered", _("pre-registered"), _("Came through pre-registration, not here yet")),
    ("alone", _("came alone"), _("Came without a partner: pair up with another one")),
    ("draw_missing", _("draw missing"), _("No seat from the draw yet")),
]
MARK_NAMES = [m for m, _label, _title in MARKS]

# Rows a page of the list shows (newest first); the filter finds anyone on any page.
PAGE_SIZE = 50

# Form fields in the order the desk fills them in; the first one with an error gets the focus.
FIELD_ORDER = ["p1_name", "p1_club", "p1_rating", "alone", "p2_name", "p2_club", "p2_rating",
               "team_name", "status"]


def _actor(request: HttpRequest) -> Actor:
    """The log says the change came from the desk, and which user sat there."""
    return Actor(request.user, f"desk {request.user.get_username()}")


# --- the filter ------------------------------------------------------------------------------


def _filters(data: Any) -> tuple[str, str, str]:
    """The list filter (status, marker, text) from GET or POST data; unknown values mean all."""
    show, mark = data.get("show", ""), data.get("mark", "")
    return ((show if show in STATUSES else ""), (mark if mark in MARK_NAMES else ""),
            data.get("q", "").strip()[:100])


def _page_number(data: Any) -> int:
    """The page of the list asked for (1: the newest rows); anything else is page 1."""
    raw = str(data.get("page", "") or "")
    return int(raw) if raw.isdecimal() and len(raw) < 6 and int(raw) > 0 else 1


def _words(q: str) -> list[str]:
    return q.casefold().split()


def _text_matches(start_number: int, name: str, club: str, words: list[str]) -> bool:
    """Every word is the start number or a part of the name or the club, in any case
    (``casefold``: "özdemir" finds "Özdemir", which SQLite's LIKE would not)."""
    text = f"{name} {club}".casefold()
    return all(w in text or w == str(start_number) for w in words)


def _matches(entrant: Entrant, show: str, q: str, mark: str = "") -> bool:
    """Whether a row belongs to the list as filtered (the rule of ``desk_list._entrant_page``)."""
    if show and entrant.status != show:
        return False
    if mark and mark not in getattr(entrant, "marks", ()):
        return False
    return _text_matches(entrant.start_number, entrant.name, entrant.club, _words(q))


def _marks(tournament: Tournament) -> list[tuple[str, Any, Any]]:
    """The markers this tournament has (:func:`markers.marker_names`): "came alone" only
    where pairs are fixed, "draw missing" only where seats are drawn at the desk."""
    names = marking.marker_names(tournament)
    return [m for m in MARKS if m[0] in names]


def _settable(t: Tournament) -> list[tuple[str, Any, Any]]:
    """The markers the desk sets by hand in this tournament."""
    computed = marking.draw_missing_is_computed(t)
    return [m for m in _marks(t) if m[0] in marking.SETTABLE_MARKERS
            and not (computed and m[0] == "draw_missing")]


def _seat(entrant: Entrant, per_side: int) -> str:
    """The round-1 seat from the draw at registration, as the desk tells the entrant."""
    seat = RegistrationSeat.objects.filter(entrant=entrant).first() if per_side else None
    return seating.seat_label(seat.table, seat.side, seat.position, per_side) if seat else ""


# --- one row ---------------------------------------------------------------------------------


def _entrant_url(name: str, t: Tournament) -> Any:
    """``number -> URL`` of one of the row's views: one ``reverse`` per answer, not per row."""
    sentinel = 987654321
    head, _sep, tail = reverse(f"desk:{name}", args=[t.slug, sentinel]).rpartition(
        f"/{sentinel}/")
    return lambda number: f"{head}/{number}/{tail}"


def _snippet(template: str, **context: Any) -> str:
    """A part of a row, rendered once for many rows (without the file's last newline)."""
    return mark_safe(render_to_string(template, context).strip())  # escaped by the template


def _row_kit(t: Tournament, show: str, mark: str, q: str, page: int,
             columns: dict[str, bool]) -> dict[str, Any]:
    """What the rows of one answer share, worked out once instead of once per row.

    Per row the template reversed six URLs, translated the same labels and ran the same
    loop of status buttons. Here the status buttons are rendered once per status and the
    marker toggles once per marker and state (the same templates, the same HTML), each with
    the filter the list is shown with and a stand-in for the CSRF token (``_CSRF_SLOT``:
    each answer puts in its own, :func:`_rows`, :func:`_one_row`). Those parts are kept
    beside the rows (``_snippets``).
    """
    settable = [(m, str(label), str(title)) for m, label, title in _settable(t)]
    return {
        "show": show, "mark": mark, "q": q, "page": page, "settable": settable,
        "query": urlencode({k: v for k, v in (("show", show), ("mark", mark), ("q", q),
                                              ("page", page if page > 1 else "")) if v}),
        "page_url": reverse("desk:tournament", args=[t.slug]),
        "columns": columns, "per_side": seating.per_side(t),
        "rounds_drawn": t.rounds.exists(),
        "badges": {m: (str(label), str(title)) for m, label, title in MARKS},
        "status_labels": {s: str(label) for s, label in Entrant.Status.choices},
        **_snippets(show, mark, q, page, settable),
        "status_url": _entrant_url("status", t), "marker_url": _entrant_url("marker", t),
        "slip_url": _entrant_url("slip", t), "edit_url": _entrant_url("edit", t),
        "delete_url": _entrant_url("delete", t), "row_url": _entrant_url("row", t),
    }


def _snippets(show: str, mark: str, q: str, page: int,
              settable: list[tuple[str, str, str]]) -> dict[str, Any]:
    """The parts every row shares (status buttons, marker toggles, the filter's fields), by
    what they show; kept in ``_ROWS`` with the rows (not with DEBUG on)."""
    key = ("snippets", get_language(), show, mark, q, page, tuple(settable))
    memo = not settings.DEBUG
    if memo:
        with _ROWS_LOCK:
            kept = _ROWS.get(key)
        if kept is not None:
            return dict(kept)
    actions = [(s, str(label), str(title)) for s, label, title in ACTIONS]
    filters = {"show": show, "mark": mark, "q": q, "page": page, "csrf_token": _CSRF_SLOT}
    parts = {
        "filters": _snippet("desk/_row_filters.html", **filters),
        "buttons": {s: _snippet("desk/_buttons.html", actions=actions, status=s, **filters)
                    for s in STATUSES},
        "toggles": {(m, on): _snippet("desk/_toggle.html", m=m, label=label, on=on, **filters)
                    for m, label, _title in settable for on in (False, True)},
    }
    if memo:
        with _ROWS_LOCK:
            _ROWS[key] = parts
    return parts


def _toggles(e: Entrant, kit: dict[str, Any]) -> list[str]:
    """The marker toggles a row offers: a marker that is on can always be cleared; one that
    is off only where it can mean something ("+ pre-registered" for one registered and not
    here yet, "+ draw missing" for one who plays while round 1 is not drawn)."""
    out = []
    for m, _label, _title in kit["settable"]:
        on = m in e.marks
        if on or (m == "preregistered" and e.status == Entrant.Status.REGISTERED) or (
                m == "draw_missing" and e.active and not kit["rounds_drawn"]):
            out.append(kit["toggles"][m, on])
    return out


def _decorate(e: Entrant, marks: dict[int, list[str]], seat: RegistrationSeat | None,
              kit: dict[str, Any], deletable: set[int]) -> Entrant:
    """What a row shows besides the model: markers, seat, filter state, links and buttons."""
    e.marks = marks.get(e.pk, [])
    e.mark_badges = [(m, *kit["badges"][m]) for m in e.marks]
    e.seat = (seating.seat_label(seat.table, seat.side, seat.position, kit["per_side"])
              if seat else "")
    e.hidden = not _matches(e, kit["show"], kit["q"], kit["mark"])
    e.status_label = kit["status_labels"].get(e.status, e.status)
    e.status_url = kit["status_url"](e.start_number)
    e.marker_url = kit["marker_url"](e.start_number)
    e.slip_url = kit["slip_url"](e.start_number)
    e.edit_url = kit["edit_url"](e.start_number)
    e.delete_url = kit["delete_url"](e.start_number)
    e.row_url = kit["row_url"](e.start_number)
    e.buttons = kit["buttons"].get(e.status, "")
    e.filters = kit["filters"]
    e.query = kit["query"]
    e.back_url = f"{kit['page_url']}{'?' if e.query else ''}{e.query}#e{e.start_number}"
    e.deletable = e.pk in deletable
    e.asking = getattr(e, "asking", "")
    e.toggles = _toggles(e, kit)
    return e


# --- rows kept rendered ----------------------------------------------------------------------

# Rendered rows of the list by everything a row shows, in this process. A page of the list
# comes again with every filter and every reload, and almost every row is what it was the
# last time. The rows keep a stand-in for the CSRF token (each answer puts in its own).
_ROWS: OrderedDict[tuple[Any, ...], Any] = OrderedDict()  # rows (str), shared parts
_ROWS_MAX = 5000
_ROWS_LOCK = threading.Lock()
_CSRF_SLOT = f"csrf-slot-{secrets.token_hex(8)}"


def _row_key(e: Entrant, kit: dict[str, Any], new_entrant: int | None) -> tuple[Any, ...]:
    """Everything ``desk/_row.html`` shows of one row in the list: a new field there goes here."""
    return (kit["key"], e.start_number, e.name, e.club, e.rating, e.status, e.joined_round,
            e.seat, tuple(e.marks), e.start_number == new_entrant, e.deletable, e.asking,
            e.hidden, len(e.toggles))


def _rows(t: Tournament, entrants: list[Entrant], kit: dict[str, Any],
          new_entrant: int | None, csrf_token: str) -> str:
    """The rows, each rendered once while it stays the same (not with DEBUG on, where
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
            row = render_to_string("desk/_row.html", {
                "t": t, "e": e, "new_entrant": new_entrant, "settable": kit["settable"],
                "columns": kit["columns"]})
            if memo:
                with _ROWS_LOCK:
                    _ROWS[key] = row
                    while len(_ROWS) > _ROWS_MAX:
                        _ROWS.popitem(last=False)
        html.append(row)
    return mark_safe("".join(html).replace(_CSRF_SLOT, csrf_token))  # rendered by the template


def _one_row(t: Tournament, e: Entrant, kit: dict[str, Any], csrf_token: str,
             error: str = "") -> str:
    """One row rendered afresh (after a change, asking first, or with the change's error)."""
    return mark_safe(render_to_string("desk/_row.html", {  # rendered by the template
        "t": t, "e": e, "settable": kit["settable"], "columns": kit["columns"],
        "error": error}).replace(_CSRF_SLOT, csrf_token))
