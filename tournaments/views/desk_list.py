"""The desk's entrant list as a whole: filtered and paged on the server, and what each
answer sends of it.

The list shows the newest entrants first, :data:`.desk_rows.PAGE_SIZE` a page; the filter
(status, marker, words) runs on the server over the whole tournament (:func:`_entrant_page`).
So the page and every answer stay the same size whether the hall has 20 entrants or 2,000:
a sign-up's answer carries the new row (when it belongs on the page shown), the counts and
the pager, never the list (:func:`_signup_context`, docs/load.md).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import get_language, gettext

from ..disciplines import of
from ..links import absolute
from ..models import Entrant, RegistrationSeat, Tournament
from ..permissions import is_director
from ..services import markers as marking
from ..services import seating
from ..services.registration import never_played
from .desk_rows import (
    PAGE_SIZE,
    STATUSES,
    _decorate,
    _marks,
    _one_row,
    _row_kit,
    _rows,
    _text_matches,
    _words,
)

if TYPE_CHECKING:
    from django.db.models import QuerySet

    from .desk_form import SignUpForm  # the page's form; only named here


def _tally(t: Tournament) -> dict[str, int]:
    """Every count an answer shows, in one query: entrants by status, by marker, and how
    many have a club or a rating (``_columns``)."""
    return marking.count_markers(t, **{f"st_{s}": Q(status=s) for s in STATUSES},
                                 club=~Q(club=""), rating=Q(rating__isnull=False))


def _side_context(tournament: Tournament, mark: str = "",
                  tally: dict[str, int] | None = None) -> dict[str, Any]:
    """Counts, marker buttons and the pair-up panel: swapped in after every change. Counted
    by the database: a few queries, whatever the size of the hall."""
    tally = tally if tally is not None else _tally(tournament)
    counts = {s: tally[f"st_{s}"] for s in STATUSES}
    counts["total"] = sum(counts.values())
    pair = tournament.entrant_kind == Tournament.EntrantKind.PAIR
    waiting = marking.waiting_alone(tournament, players=False) if pair else []
    return {"counts": counts, "mark": mark, "pair": pair,
            "mark_buttons": [(m, label, title, tally[m]) for m, label, title
                             in _marks(tournament)],
            "waiting": waiting, "suggestions": list(zip(waiting[0::2], waiting[1::2],
                                                        strict=False))}


def _columns(t: Tournament, tally: dict[str, int],
             without: Entrant | None = None) -> dict[str, bool]:
    """The list's columns that have something to show: a club column once somebody has a
    club, a rating column once somebody has a rating (a pair has none). Empty columns would
    take the room the names need. ``without``: as if that entrant were not there."""
    club = tally["club"] - (1 if without is not None and without.club else 0)
    rating = tally["rating"] - (1 if without is not None and without.rating is not None else 0)
    pair = t.entrant_kind == Tournament.EntrantKind.PAIR
    return {"club": club > 0, "rating": not pair and rating > 0}


def _filtered(t: Tournament, show: str, mark: str) -> QuerySet[Entrant]:
    entrants = Entrant.objects.filter(tournament=t)
    if show:
        entrants = entrants.filter(status=show)
    if mark:
        entrants = entrants.filter(marking.marked(t, mark))
    return entrants.order_by("-start_number")


def _entrant_page(t: Tournament, show: str, mark: str, q: str,
                  page: int) -> tuple[list[Entrant], int, int, int]:
    """One page of the list as filtered: (entrants, how many match, page, pages).

    Status and marker are filtered by the database; the words over the numbers, names and
    clubs of those (one narrow query), so that any case of any letter is found."""
    entrants = _filtered(t, show, mark)
    words = _words(q)
    if words:
        ids = [pk for pk, number, name, club in entrants.values_list(
            "pk", "start_number", "name", "club") if _text_matches(number, name, club, words)]
        total = len(ids)
    else:
        total = entrants.count()
    pages = max(1, math.ceil(total / PAGE_SIZE))
    page = min(page, pages)
    start = (page - 1) * PAGE_SIZE
    if words:
        chosen = list(Entrant.objects.filter(pk__in=ids[start:start + PAGE_SIZE])
                      .order_by("-start_number"))
    else:
        chosen = list(entrants[start:start + PAGE_SIZE])
    return chosen, total, page, pages


def _filtered_total(t: Tournament, show: str, mark: str, q: str,
                    tally: dict[str, int]) -> int:
    """How many entrants the filter lets in (:func:`_entrant_page`'s count alone)."""
    words = _words(q)
    if not (show or mark or words):
        return sum(tally[f"st_{s}"] for s in STATUSES)
    entrants = _filtered(t, show, mark)
    if not words:
        return entrants.count()
    return sum(_text_matches(number, name, club, words) for number, name, club
               in entrants.values_list("start_number", "name", "club"))


def _page_url(t: Tournament, show: str, mark: str, q: str, page: int) -> str:
    query = urlencode({k: v for k, v in (("show", show), ("mark", mark), ("q", q),
                                         ("page", page if page > 1 else "")) if v})
    return reverse("desk:tournament", args=[t.slug]) + (f"?{query}" if query else "")


def _back(t: Tournament, show: str, mark: str, q: str, anchor: str = "",
          page: int = 1) -> HttpResponse:
    """Back to the desk page with the same filter and page (the page without JavaScript)."""
    return redirect(f"{_page_url(t, show, mark, q, page)}{anchor}")


def _pager(t: Tournament, show: str, mark: str, q: str, page: int, pages: int,
           total: int, shown: int) -> dict[str, Any]:
    """Where the page shown stands: rows a to b of n, and the links to the pages beside."""
    first = (page - 1) * PAGE_SIZE + 1 if shown else 0
    return {"page": page, "pages": pages, "total": total, "first": first,
            "last": first + shown - 1 if shown else 0,
            "newer": _page_url(t, show, mark, q, page - 1) if page > 1 else "",
            "older": _page_url(t, show, mark, q, page + 1) if page < pages else "",
            "newer_page": page - 1, "older_page": page + 1}


def _pager_now(t: Tournament, show: str, mark: str, q: str, page: int,
               tally: dict[str, int]) -> dict[str, Any]:
    """The pager of the page shown after a change that adds or takes away a row."""
    total = _filtered_total(t, show, mark, q, tally)
    pages = max(1, math.ceil(total / PAGE_SIZE))
    shown = max(0, min(PAGE_SIZE, total - (page - 1) * PAGE_SIZE))
    return _pager(t, show, mark, q, page, pages, total, shown)


def _kit(t: Tournament, show: str, mark: str, q: str, page: int,
         columns: dict[str, bool]) -> dict[str, Any]:
    kit = _row_kit(t, show, mark, q, page, columns)
    kit["key"] = (get_language(), t.slug, show, q, mark, page, tuple(sorted(columns.items())),
                  kit["rounds_drawn"], tuple(m for m, _l, _t in kit["settable"]))
    return kit


def _decorated(t: Tournament, entrants: list[Entrant], kit: dict[str, Any],
               deletable: set[int] | None = None) -> None:
    """Markers, seats and whether each may be deleted: a few queries for the whole page
    (``deletable`` when it is known: a sign-up has never played)."""
    seats = {s.entrant_id: s for s in RegistrationSeat.objects.filter(entrant__in=entrants)}
    marks = marking.markers(t, entrants)
    if deletable is None:
        deletable = never_played(entrants)
    for e in entrants:
        _decorate(e, marks, seats.get(e.pk), kit, deletable)


def _list_context(request: HttpRequest, tournament: Tournament, show: str, q: str,
                  mark: str = "", page: int = 1, new_entrant: int | None = None,
                  asking: tuple[int, str] | None = None) -> dict[str, Any]:
    """The list as filtered, one page of it, with the counts and panels beside it.
    ``asking``: (start number, "withdraw" or "delete") whose row asks first (the page
    without JavaScript)."""
    entrants, total, page, pages = _entrant_page(tournament, show, mark, q, page)
    tally = _tally(tournament)
    columns = _columns(tournament, tally)
    kit = _kit(tournament, show, mark, q, page, columns)
    for e in entrants:
        if asking and e.start_number == asking[0]:
            e.asking = asking[1]
    _decorated(tournament, entrants, kit)
    return {"entrants": entrants, "shown": len(entrants), "page": page, "columns": columns,
            "pager": _pager(tournament, show, mark, q, page, pages, total, len(entrants)),
            "rows": _rows(tournament, entrants, kit, new_entrant, get_token(request)),
            "show": show, "q": q, "settable": kit["settable"], "new_entrant": new_entrant,
            **_side_context(tournament, mark, tally)}


def _row_context(request: HttpRequest, t: Tournament, e: Entrant, show: str, mark: str,
                 q: str, page: int = 1, asking: str = "", error: str = "") -> dict[str, Any]:
    """One row after a change (or asking first, or with the change's error) as
    ``row_html``, with the counts and panels beside it."""
    tally = _tally(t)
    columns = _columns(t, tally)
    kit = _kit(t, show, mark, q, page, columns)
    e.asking = asking
    _decorated(t, [e], kit)
    return {"t": t, "e": e, "show": show, "mark": mark, "q": q, "page": page,
            "row_html": _one_row(t, e, kit, get_token(request), error),
            "settable": kit["settable"], "columns": columns, "oob": True,
            **_side_context(t, mark, tally)}


def _signup_context(request: HttpRequest, t: Tournament, entrant: Entrant, show: str,
                    mark: str, q: str, page: int) -> dict[str, Any]:
    """What a sign-up's answer carries: the counts and panels, and of the list only what
    changed. The new entrant is the newest, so it goes on top of page 1 when the filter
    shown lets it in; the list comes whole only while it is tiny or gains a column."""
    tally = _tally(t)
    ctx: dict[str, Any] = {"t": t, "oob": True, **_side_context(t, mark, tally)}
    if page != 1:  # a row more on some page: the pager says so
        ctx["pager"] = _pager_now(t, show, mark, q, page, tally)
    columns = _columns(t, tally)
    kit = _kit(t, show, mark, q, page, columns)
    _decorated(t, [entrant], kit, deletable={entrant.pk})  # just signed up: never played
    if page != 1 or entrant.hidden:
        return ctx  # nothing of the page shown changes (the counts say it)
    total = _filtered_total(t, show, mark, q, tally)
    if total == 1 or columns != _columns(t, tally, without=entrant):
        ctx.update(_list_context(request, t, show, q, mark, 1, entrant.start_number),
                   whole_list=True)
        return ctx
    ctx.update(new_row=_rows(t, [entrant], kit, entrant.start_number, get_token(request)),
               pager=_pager_now(t, show, mark, q, 1, tally))
    return ctx


def _form_context(tournament: Tournament, form: SignUpForm) -> dict[str, Any]:
    """What the sign-up form needs: late entries join after the rounds already drawn."""
    rounds = tournament.rounds.count()
    return {"t": tournament, "form": form, "rounds_drawn": rounds, "late_round": rounds + 1}


def _scan_shown(tournament: Tournament) -> bool:
    """The scan field is there while codes can exist: pre-registration open or used."""
    return tournament.prereg_open or Entrant.objects.filter(
        tournament=tournament).exclude(code_digest="").exists()


def _page_context(request: HttpRequest, tournament: Tournament, form: SignUpForm, show: str,
                  q: str, mark: str = "", page: int = 1, new_entrant: int | None = None,
                  asking: tuple[int, str] | None = None) -> dict[str, Any]:
    return {**_form_context(tournament, form),
            "discipline": of(tournament).label,
            "statuses": Entrant.Status.choices,
            **_list_context(request, tournament, show, q, mark, page, new_entrant, asking),
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

