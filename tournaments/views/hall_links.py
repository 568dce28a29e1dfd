"""Links that follow the evening (issue 19): the permanent table code, the entrant's personal
link, and the director's table cards to print.

- ``/tc/<code>/``: a 302 (never cached) to the captain page ``/c/<token>/`` of the table of
  that number in the open round, which shows who sits there and takes the result. With no
  round open, or fewer tables in it, a page that says so and looks again by itself, in
  place (``static/js/links-live.js``; never a ``<meta http-equiv="refresh">``).
- ``/e/<code>/``: the entrant's evening (:mod:`tournaments.selectors.hall_links`). The
  confirmation form posts to ``/c/e/<code>/``: under ``/c/`` the browser sends the captain
  page's device id cookie along, so a phone cannot confirm what it reported itself
  (:mod:`tournaments.services.hall_links` has the rule).
- ``/director/<slug>/table-cards/``: one card per table with its QR code, to print once.

Codes are looked up like captains' tokens and counted on the same budgets
(:mod:`tournaments.ratelimit`): per valid link, and unknown codes per client address.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from .. import ratelimit
from ..cachecontrol import PRIVATE
from ..disciplines.words import SecondReport
from ..links import absolute
from ..models import Entrant, TableCode, Tournament
from ..selectors.hall_links import evening
from ..services import Actor, ServiceError, hall_links, reporters
from ..services.reports import qr_data_uri
from .access import director_view

REFRESH = 30  # seconds between a waiting phone's looks


def _unknown(request: HttpRequest) -> HttpResponse:
    retry = ratelimit.failed_lookup(request)
    if retry:
        return ratelimit.too_many_page(request, retry)
    return render(request, "links/unknown.html", status=404)


@require_safe
def table_link(request: HttpRequest, code: str) -> HttpResponse:
    """The permanent table code: to this number's table in the open round, or why not."""
    try:
        tc = hall_links.table_code(code)
    except ServiceError:
        return _unknown(request)
    retry = ratelimit.link_request(request, code)
    if retry:
        return ratelimit.too_many_page(request, retry)
    table = hall_links.open_table(tc)
    if table is not None:
        response = redirect(reverse("captain:table", args=[table.token]))
        response["Cache-Control"] = PRIVATE
        return response
    t = tc.tournament
    rnd = hall_links.open_round(t)
    finished = t.status == Tournament.Status.FINISHED
    return render(request, "links/table_waiting.html",
                  {"tournament": t, "number": tc.number, "round": rnd,
                   "refresh": None if finished else REFRESH, "finished": finished})


def _entrant(request: HttpRequest, code: str) -> Entrant | HttpResponse:
    try:
        entrant = hall_links.entrant_for_link(code)
    except ServiceError:
        return _unknown(request)
    retry = ratelimit.link_request(request, code)
    if retry:
        return ratelimit.too_many_page(request, retry)
    return entrant


def _said(outcome: str, second: SecondReport) -> str:
    """What the page says after the answer; ``second`` names who else confirms (the other
    party, or at a board-game table another player at the table)."""
    return {
        "confirmed": _("Confirmed. Thank you!"),
        "received": _("Received. The result is confirmed."),
        "own": _("This result was reported from your side of the table (or from this "
                 "phone): %(who)s has to confirm it.") % {"who": second.who},
        "disputed": _("Noted: the result is disputed. Please tell the director what the "
                      "right result is."),
        "agreed": _("Thank you: your party agrees. The other party confirms it through its "
                    "own link, or the director decides."),
        "kept": _("The director has already decided this table's result. Your objection "
                  "is on record; please speak to the director."),
        "withdrawn": _("You have withdrawn from the tournament: this link no longer "
                       "confirms results."),
        "changed": _("The result has changed meanwhile; please look at it again."),
        "closed": _("Your table's round is not open for results any more."),
    }.get(outcome, "")


@require_safe
def entrant_page(request: HttpRequest, link: str) -> HttpResponse:
    """Where do I sit now, with whom; my results; my standing; my table's result."""
    entrant = _entrant(request, link)
    if isinstance(entrant, HttpResponse):
        return entrant
    night = evening(entrant)
    t = entrant.tournament
    said = _said(request.GET.get("said", "")[:20], t.disc.second_report_words)
    finished = t.status == Tournament.Status.FINISHED
    return render(request, "links/entrant.html",
                  {"tournament": t, "e": entrant, "night": night, "said": said,
                   "code": link, "refresh": None if finished else REFRESH,
                   "refresh_url": reverse("links:entrant", args=[link]),
                   "finished": finished})


@require_POST
def entrant_answer(request: HttpRequest, link: str) -> HttpResponse:
    """The party's confirmation ("confirm") or objection ("wrong") of its table's result."""
    entrant = _entrant(request, link)
    if isinstance(entrant, HttpResponse):
        return entrant
    version = request.POST.get("version", "")[:12]
    try:
        device = reporters.check_device_id(request.COOKIES.get(reporters.DEVICE_COOKIE))
    except ServiceError:
        device = None
    try:
        if request.POST.get("answer") == "wrong":
            outcome = hall_links.dispute(entrant, version)
        else:
            outcome = hall_links.confirm(entrant, version, device_id=device)
    except ServiceError as exc:
        outcome = ("changed" if "version" in exc.errors
                   else "withdrawn" if "entrant" in exc.errors else "closed")
    return redirect(reverse("links:entrant", args=[link]) + "?" + urlencode({"said": outcome})
                    + "#my-result")


@require_http_methods(["GET", "HEAD", "POST"])
@director_view
def table_cards(request: HttpRequest, t: Tournament) -> HttpResponse:
    """The director's table cards: make the codes (POST), print the cards (GET)."""
    error = ""
    if request.method == "POST":
        try:
            hall_links.make_table_codes(t, Actor.of(request.user), request.POST.get("count"))
        except ServiceError as exc:
            error = "; ".join(exc.errors.get("count", [])) or str(exc)
        else:
            return redirect("links:cards", slug=t.slug)
    return _cards_page(request, t, error=error)


REPLACED = {"table": hall_links.rotate_table_code, "entrant": hall_links.rotate_entrant_link}


@require_POST
@director_view
def replace_link(request: HttpRequest, t: Tournament) -> HttpResponse:
    """Replace a table's card code (and its captain link) or an entrant's personal link."""
    what = request.POST.get("what", "")
    rotate = REPLACED.get(what)
    number = request.POST.get("number", "")[:12]
    if rotate is None:
        return _cards_page(request, t, replace_error=_("Choose a table or an entrant."),
                           replace_what="table")
    try:
        rotate(t, Actor.of(request.user), number)
    except ServiceError as exc:
        return _cards_page(request, t, replace_error="; ".join(
            m for msgs in exc.errors.values() for m in msgs) or str(exc),
            replace_what=what, replace_number=number)
    return redirect(reverse("links:cards", args=[t.slug]) + "?"
                    + urlencode({"replaced": what, "n": number}) + "#replace")


def _cards_page(request: HttpRequest, t: Tournament, error: str = "",
                replace_error: str = "", replace_what: str = "",
                replace_number: str = "") -> HttpResponse:
    codes = list(TableCode.objects.filter(tournament=t).order_by("number"))
    cards = []
    for tc in codes:
        url = absolute(request, reverse("links:table", args=[tc.code]))
        cards.append({"number": tc.number, "url": url, "qr": qr_data_uri(url)})
    needed = max(hall_links.tables_needed(t), len(codes), 1)
    replaced = request.GET.get("replaced", "") if request.method != "POST" else ""
    done = ""
    if replaced in REPLACED:
        n = request.GET.get("n", "")[:12]
        done = (_("Table %(n)s has a new card code: print its card again. The old card and "
                  "the table's old captain link no longer work.") if replaced == "table"
                else _("Start number %(n)s has a new personal link: give the entrant the new "
                       "slip. The old link no longer works.")) % {"n": n}
    return render(request, "links/cards.html",
                  {"t": t, "cards": cards, "needed": needed, "error": error,
                   "posted": request.POST.get("count", "") if error else "",
                   "replace_error": replace_error, "replace_what": replace_what,
                   "replace_number": replace_number, "replaced": done},
                  status=400 if error or replace_error else 200)
