"""The table captain's page: a phone opens ``/c/<token>/`` from the QR code on the score sheet.

No account: the unguessable token is the permission, and only for its own table while the
round is open. The page shows only this table. Results go through
``services.captain_submit`` (which keeps every submission and marks disagreement as
disputed); the discipline's inputs come from :mod:`tournaments.result_forms`.

Requests on a valid link are counted per link, unknown tokens per client address
(:mod:`tournaments.ratelimit`): over a limit the answer is 429 with ``Retry-After``. A valid
link is never refused because of someone else's guessing.

The page gives each phone a long-lived random device id (an HttpOnly cookie for ``/c/``,
set when the page is first served) and passes it with every submission: a result is
confirmed only by a second device or the director (:mod:`tournaments.services.reporters`).

With JavaScript the page keeps a submission on the phone until it is answered and posts it
with a ``key`` it made (``static/js/captain-offline.js``, docs/captain-offline.md): a key the
server has taken already is answered with its first outcome, before anything else is
looked at, so a late copy never counts twice nor reads "not sent". Without JavaScript the
session nonce stops a double tap, as before.
"""

from __future__ import annotations

import io
import secrets
from typing import Any
from urllib.parse import urlencode

import segno
from django.http import HttpRequest, HttpResponse, HttpResponseNotFound
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_safe

from .. import ratelimit, result_forms, services
from ..links import captain_link
from ..models import Result, ResultRevision, Round, Table
from ..services import InvalidToken, RoundNotOpen, ServiceError, reporters
from ..services.captain_echo import echo
from ..services.public import round_tables

SENT_KEY = "captain_sent"  # session: nonces of forms already sent -> the status they gave
SENT_KEEP = 30


def _table(token: str) -> Table | None:
    try:
        return services.table_for_token(token)
    except ServiceError:
        return None


def _unknown(request: HttpRequest) -> HttpResponse:
    """404 for a token that matches no table; 429 once this address has guessed too often."""
    retry = ratelimit.failed_lookup(request)
    if retry:
        return ratelimit.too_many_page(request, retry)
    return render(request, "captain/unknown.html", status=404)


def _lookup(request: HttpRequest, token: str) -> Table | HttpResponse:
    """The table of this link (counted on its own budget), or the answer to give instead."""
    table = _table(token)
    if table is None:
        return _unknown(request)
    retry = ratelimit.link_request(request, token)
    if retry:
        return ratelimit.too_many_page(request, retry)
    return table


def _not_open(request: HttpRequest, table: Table) -> HttpResponse:
    """Preview: not yet (403). Closed: no more (410). Never a form, never the seating."""
    rnd = table.round
    status = 403 if rnd.status == Round.Status.PREVIEW else 410
    return render(request, "captain/closed.html",
                  {"table": table, "round": rnd, "tournament": rnd.tournament,
                   "preview": rnd.status == Round.Status.PREVIEW,
                   "unsent": rnd.status == Round.Status.CLOSED and "unsent" in request.GET,
                   "final": _final_result(table)}, status=status)


def _final_result(table: Table) -> str:
    """A closed round's result of this table as spectators read it: final, never
    "provisional" (the round is closed); empty in a preview or without a result."""
    if table.round.status != Round.Status.CLOSED:
        return ""
    view = next((v for v in round_tables(table.round) if v.number == table.number), None)
    return view.result if view else ""


def _seating(table: Table) -> list[dict[str, Any]]:
    """Who sits where: one group per side (chess: White/Black), or one group without sides."""
    disc = table.round.tournament.disc
    groups: dict[int, dict[str, Any]] = {}
    for s in sorted(table.seats.select_related("entrant"),
                    key=lambda s: (s.side or 0, s.position, s.entrant.start_number)):
        side = s.side or 0
        group = groups.setdefault(side, {"side": side, "label": disc.side_label(s.side),
                                         "entrants": []})
        group["entrants"].append(s.entrant)
    return list(groups.values())


def _sent(request: HttpRequest) -> dict[str, str]:
    sent = request.session.get(SENT_KEY)
    return sent if isinstance(sent, dict) else {}


def _remember(request: HttpRequest, nonce: str, status: str) -> None:
    sent = _sent(request)
    sent[nonce] = status
    request.session[SENT_KEY] = dict(list(sent.items())[-SENT_KEEP:])


def _done(token: str, outcome: str, team: str | None = None) -> HttpResponse:
    """Post/redirect/get, so reloading the confirmation never submits a second time (a
    team captain's link stays his: its mark goes along)."""
    query = {"sent": outcome, **({"team": team} if team else {})}
    return redirect(reverse("captain:table", args=[token]) + "?" + urlencode(query))


def _team(request: HttpRequest, table: Table) -> tuple[str | None, Any, bool]:
    """A team captain's own link to this match (``?team=<mark>``, posted back as a hidden
    field): its mark, the team (the entrant on its side), and whether a mark was given
    that is not this table's."""
    mark = request.POST.get("team") or request.GET.get("team")
    if not mark:
        return None, None, False
    side = reporters.side_of_mark(table.pk, mark[:40])
    seat = table.seats.filter(side=side).select_related("entrant").first() if side else None
    if seat is None:
        return None, None, True
    return mark, seat.entrant, False


def _device_id(request: HttpRequest) -> str | None:
    """This phone's device id from its cookie; None without one (or with a malformed one)."""
    try:
        return reporters.check_device_id(request.COOKIES.get(reporters.DEVICE_COOKIE))
    except ServiceError:
        return None


def _with_device(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """Give a phone without a device id its own when it opens the page.

    Only with the page (GET), never with the answer to a submission: a client that posts
    without the cookie stays the link's one anonymous device on every post, instead of
    becoming a "second device" by the cookie its first post brought back.
    """
    if (request.method in ("GET", "HEAD") and response.status_code == 200
            and _device_id(request) is None):
        response.set_cookie(reporters.DEVICE_COOKIE, secrets.token_urlsafe(24),
                            max_age=reporters.DEVICE_COOKIE_DAYS * 86400, httponly=True,
                            samesite="Lax", secure=request.is_secure(),
                            path=reverse("captain:table", args=["-"]).removesuffix("-/"))
    return response


def _reported_here(request: HttpRequest, table: Table, team: Any = None) -> bool:
    """Whether the result that stands now rests on this phone's own report (on a team
    captain's link: on that team's report).

    A phone without a device id (its first visit) cannot have reported from this page: an
    anonymous report (a script, the demo's) is somebody else's, so it is asked to report too.
    """
    device = _device_id(request)
    if device is None and team is None:
        return False
    last = (ResultRevision.objects.filter(table=table, undone=False)
            .order_by("-created", "-id").only("reporter").first())
    mine = (reporters.party_reporter(team.pk) if team is not None
            else reporters.device_reporter(table.pk, device))
    return last is not None and last.reporter == mine


def _submission_key(request: HttpRequest) -> tuple[str | None, ServiceError | None]:
    """The submission key a posting phone made (captain-offline.js), or why it is refused.

    Only a POST carries one; the plain form sends it empty and relies on its nonce.
    """
    if request.method != "POST":
        return None, None
    try:
        return services.check_submission_key(request.POST.get("key")), None
    except ServiceError as exc:
        return None, exc


@require_http_methods(["GET", "HEAD", "POST"])
def table_page(request: HttpRequest, token: str) -> HttpResponse:
    """Show the table and its result form; take a submission."""
    return _with_device(request, _table_page(request, token))


def _table_page(request: HttpRequest, token: str) -> HttpResponse:
    table = _lookup(request, token)
    if isinstance(table, HttpResponse):
        return table
    mark, team, wrong_team = _team(request, table)
    if wrong_team:
        return _unknown(request)
    key, key_error = _submission_key(request)
    if key is not None:  # a copy of a submission already taken: its outcome, even if closed
        seen = services.submission_for_key(table, key)
        if seen is not None:
            return _done(token, seen.outcome, mark)
    if table.round.status != Round.Status.OPEN:
        return _not_open(request, table)
    tournament = table.round.tournament
    rform = result_forms.form_for(tournament.discipline)
    data = None
    errors = result_forms.Errors()
    status = 200
    if request.method == "POST" and key_error is not None:
        data, errors, status = request.POST, rform.place_errors(key_error.errors), 400
    elif request.method == "POST":
        nonce = (request.POST.get("nonce") or "")[:64]
        # a double tap or a resent form; a keyed submission (captain-offline.js) has its own
        # key instead (a page kept on the phone may carry a nonce sent long ago)
        if key is None and nonce and nonce in _sent(request):
            return _done(token, _sent(request)[nonce], mark)
        try:
            payload = rform.payload_from_post(request.POST, table)
            submission = services.captain_submit(token, payload,
                                                 device_id=_device_id(request), key=key,
                                                 team=mark)
        except ServiceError as exc:
            if isinstance(exc, (InvalidToken, RoundNotOpen)):  # closed (or gone) while they typed
                closed = _table(token)
                return _not_open(request, closed) if closed else _unknown(request)
            data, errors, status = request.POST, rform.place_errors(exc.errors), 400
        else:
            if nonce:
                _remember(request, nonce, submission.outcome)
            return _done(token, submission.outcome, mark)
    sent = request.GET.get("sent")
    current = Result.objects.filter(table=table).only("status").first()
    if request.method != "POST" and sent in reporters.OUTCOMES and current:
        return render(request, "captain/sent.html",
                      {"table": table, "round": table.round, "tournament": tournament,
                       "seating": _seating(table), "sent": sent,
                       "state": current.status,
                       "answer": reporters.answer(sent, current.status,
                                                  tournament.disc.second_report_words),
                       "echo": echo(table, reporters.device_reporter(
                           table.pk, _device_id(request)))})
    context = {
        "table": table, "round": table.round, "tournament": tournament,
        "seating": _seating(table), "current": current,
        "round_note": tournament.disc.round_note(tournament, table.round),
        "mine": current is not None and _reported_here(request, table, team),
        "team_mark": mark, "team": team,
        "nonce": secrets.token_urlsafe(12), **rform.inputs_context(table, data, errors),
    }
    return render(request, "captain/table.html", context, status=status)


@require_safe
def qr(request: HttpRequest, token: str) -> HttpResponse:
    """The QR code of this table's absolute captain link, for score sheets and screens."""
    table = _table(token)
    if table is None:
        retry = ratelimit.failed_lookup(request)
        if retry:
            return ratelimit.too_many_page(request, retry)
        return HttpResponseNotFound("unknown table link", content_type="text/plain")
    retry = ratelimit.link_request(request, token)
    if retry:
        return ratelimit.too_many_page(request, retry)
    url = captain_link(request, token)
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=4, border=2, xmldecl=False,
                                    title=url)
    response = HttpResponse(out.getvalue(), content_type="image/svg+xml")
    response["Cache-Control"] = "private, max-age=3600"
    return response
