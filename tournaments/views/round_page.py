"""The director's round page: the tables of a round with their results, typed in as the
captains have them (or as JSON), and disputes settled by accepting a report.

Split from :mod:`tournaments.views.director` (the dashboard, settings, log and draws),
whose access helpers it uses.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from .. import result_forms, services
from ..disciplines import of
from ..forms import (
    METHOD_LABELS,
    DrawForm,
    ResultForm,
    ResultNoteForm,
    apply_service_error,
    pretty_json,
)
from ..models import (
    Result,
    ResultRevision,
    Round,
    Table,
    Tournament,
)
from ..services import ServiceError
from ..services import director as director_services
from ..services import finish as finish_services
from ..services.public import round_byes
from ..services.round_check import blockers, blocking_sentence
from ..services.round_choices import set_round_choices
from ..services.seat_list import time_limit
from ..services.series_games import KEY, series_games_of, set_series_games
from .access import director_view
from .director import actor, error_messages

View = Callable[..., HttpResponse]

# A table has two result forms: the discipline's inputs (as the captains have them) and, as
# the advanced option, the payload as JSON. Both post to the same URL; ENTRY_FIELD says which.
ENTRY_FIELD = "entry"


@dataclass
class Inputs:
    """One table's result in the discipline's inputs, as the round page shows them."""

    html: str  # captain/inputs/_form.html, rendered
    note: ResultNoteForm
    errors: result_forms.Errors
    misfit: bool = False  # the current result does not fit the inputs: correct it as JSON
    json_open: bool = False


@dataclass
class Sent:
    """A table's form that was sent and refused: shown again as sent, with its errors."""

    number: int
    json: ResultForm | None = None  # sent as JSON
    data: QueryDict | None = None  # sent with the inputs
    note: ResultNoteForm | None = None
    errors: result_forms.Errors = field(default_factory=result_forms.Errors)


def _prefix(table: Table) -> str:
    return f"t{table.number}"


def _result_form(tv: director_services.TableView) -> ResultForm:
    current = tv.result.payload if tv.result is not None else tv.example
    text = pretty_json(current)
    form = ResultForm(prefix=_prefix(tv.table), initial={"payload": text})
    form.fields["payload"].widget.attrs["rows"] = min(max(text.count("\n") + 2, 3), 16)
    return form


def _note_form(table: Table, data: QueryDict | None = None) -> ResultNoteForm:
    """The same field name as the JSON form's note, other ids (both forms are on the page)."""
    return ResultNoteForm(data, prefix=_prefix(table), auto_id="id_%s_inputs")


def _agreed_inputs(rform: result_forms.ResultForm, tv: director_services.TableView) -> Any:
    """A disputed table's inputs hold what the counting reports agree on, and are empty where
    they differ: the director fills in only the cells in question, and no report is
    favoured by being shown first."""
    posts = [rform.post_from_payload(r.payload, tv.table) for r in tv.revisions if not r.undone]
    if not posts:
        return None
    first = posts[0]
    return {k: v for k, v in first.items() if all(p.get(k) == v for p in posts[1:])}


def _inputs(request: HttpRequest, tv: director_services.TableView,
            rform: result_forms.ResultForm, sent: Sent | None) -> Inputs:
    """The inputs as sent, else filled with the current result, else empty."""
    table = tv.table
    data: Any = None
    errors, misfit = result_forms.Errors(), False
    if sent is not None and sent.data is not None:
        data, errors = sent.data, sent.errors
    elif tv.disputed:
        data = _agreed_inputs(rform, tv)
    elif tv.result is not None:
        data = rform.post_from_payload(tv.result.payload, table)
        misfit = not rform.fits(tv.result.payload, table)
    html = render_to_string("captain/inputs/_form.html", rform.inputs_context(
        table, data, errors, id_prefix=f"{_prefix(table)}-"), request=request)
    note = sent.note if sent is not None and sent.note is not None else _note_form(table)
    return Inputs(html, note, errors, misfit,
                  json_open=misfit or (sent is not None and sent.json is not None))


def _results_allowed(t: Tournament, rnd: Round) -> bool:
    return rnd.status != Round.Status.PREVIEW and not finish_services.is_finished(t)


def _entry(request: HttpRequest, t: Tournament, tv: director_services.TableView,
           rform: result_forms.ResultForm, sent: Sent | None, shown: bool) -> None:
    """Give a table of the page its result forms, or, for a long list not opened (``shown``
    False), only the line that sums the result up: its inputs come when they are opened."""
    mine = sent if sent is not None and sent.number == tv.table.number else None
    if rform.on_demand and (shown or mine is not None or tv.disputed):
        tv.reports = director_services.report_views(t.disc, tv.revisions)
    if rform.on_demand and not shown and mine is None:
        tv.on_demand = True
        payload = tv.result.payload if tv.result is not None else None
        if tv.disputed and tv.result is not None:  # no report counts: none is summed up
            tv.summary = str(tv.result.get_status_display())
        elif isinstance(payload, dict) and payload:
            tv.summary = t.disc.result_line(payload, tv, t.disc.settings(t))
        return
    tv.form = mine.json if mine is not None and mine.json is not None else _result_form(tv)
    tv.inputs = _inputs(request, tv, rform, mine)


def _opened(request: HttpRequest) -> int | None:
    """The table whose list the page shows open (``?table=3``, the link without script)."""
    raw = request.GET.get("table", "")
    return int(raw) if raw.isdecimal() and len(raw) < 6 else None


def _round_page(request: HttpRequest, t: Tournament, rnd: Round, sent: Sent | None = None,
                status: int = 200, quick: QuickSent | None = None,
                choice_errors: list[str] | None = None,
                series: dict[str, Any] | None = None) -> HttpResponse:
    results_allowed = _results_allowed(t, rnd)
    rform = result_forms.form_for(t.discipline)
    # a long list's reports are read cell by cell only where the page shows them
    tables = director_services.round_tables(rnd, cells=not (rform.on_demand and results_allowed))
    opened = _opened(request)
    for tv in tables:
        if results_allowed:
            _entry(request, t, tv, rform, sent, shown=tv.table.number == opened)
    last = t.rounds.order_by("-number").first()
    is_last = last is not None and last.number == rnd.number
    counts = {s: sum(1 for tv in tables if tv.status == s) for s in Result.Status.values}
    has_results = any(not r.undone for tv in tables for r in tv.revisions)
    return render(request, "director/round.html", {
        "t": t, "rnd": rnd, "tables": tables, "is_last": is_last,
        "method_label": METHOD_LABELS.get(rnd.draw_method, rnd.draw_method),
        "byes": round_byes(rnd),  # in the discipline's words (chess: the Freilos)
        "all_rounds": t.rounds.order_by("number").only("number", "status"),
        "blocking": (blocking_sentence(blockers(rnd)) if rnd.status == Round.Status.OPEN
                     and blockers(rnd) else ""),
        "counts": counts,
        "has_results": has_results,
        "draw_form": DrawForm(t) if is_last and rnd.status == Round.Status.CLOSED else None,
        "results_allowed": results_allowed,
        "boards": _boards(t, rnd, tables),
        "quick": (quick or QuickSent()) if (t.disc.has_quick_entry and results_allowed
                                            and rnd.status == Round.Status.OPEN) else None,
        "quick_words": t.disc.quick_entry() if t.disc.has_quick_entry else None,
        "missing_boards": [tv.table.number for tv in tables if tv.result is None],
        # the field takes the focus while the arbiter is typing boards, not on every visit
        "quick_focus": quick is not None or request.GET.get("quick") == "1",
        "can_redraw": is_last and not has_results and rnd.draw_method not in (
            "", "import", "registration"),
        "round_choices": ([] if finish_services.is_finished(t)
                          else t.disc.round_choices(t, rnd)),
        "round_note": t.disc.round_note(t, rnd),
        "choice_errors": choice_errors or [],
        "series": series_games_context(t, rnd, has_results, series),
        "limit": time_limit(t, rnd) if rnd.status != Round.Status.CLOSED else None,
    }, status=status)


@dataclass
class QuickSent:
    """The arbiter's quick entry as sent and refused (empty when the page is fresh)."""

    text: str = ""
    errors: list[str] = field(default_factory=list)


@dataclass
class Board:
    """One row of the pairing list: two sides of one entrant each (chess: white and black)."""

    number: int
    first: director_services.SeatView
    second: director_services.SeatView
    first_points: Any
    second_points: Any
    result: str


def _boards(t: Tournament, rnd: Round, tables: list[director_services.TableView]
            ) -> list[Board] | None:
    """The round as a pairing list with the scores before it, for one-against-one tables."""
    if not tables or any(len(tv.seats) != 2 or {s.side for s in tv.seats} != {1, 2}
                         for tv in tables):
        return None
    before: dict[int, Any] = {}
    if rnd.number > 1:
        for row in services.standings(t, after_round=rnd.number - 1)["standings"]:
            before[row["entrant"]] = next(iter(row["values"].values()), "")
    rows = []
    for tv in tables:
        first, second = sorted(tv.seats, key=lambda s: s.side or 0)
        shown = ""
        if tv.disputed:  # the first report does not count while the reports differ
            assert tv.result is not None
            shown = str(tv.result.get_status_display())
        elif tv.result is not None:
            payload = tv.result.payload if isinstance(tv.result.payload, dict) else {}
            shown = (t.disc.result_line(payload, tv.table, t.disc.settings(t))
                     if payload else tv.result.get_status_display())
        rows.append(Board(tv.table.number, first, second,
                          before.get(first.start_number, 0), before.get(second.start_number, 0),
                          shown))
    return rows


@director_view
@require_safe
def round_detail(request: HttpRequest, t: Tournament, number: int) -> HttpResponse:
    rnd = get_object_or_404(Round, tournament=t, number=number)
    return _round_page(request, t, rnd)


@director_view
@require_safe
def table_entry(request: HttpRequest, t: Tournament, number: int, table: int) -> HttpResponse:
    """One table's result forms as a part of the round page (its list opened there): what
    the page shows at the table when it comes with ``?table=<n>``."""
    rnd = get_object_or_404(Round, tournament=t, number=number)
    rnd.tournament = t
    found = director_services.round_tables(rnd, number=table, cells=False)
    if not found or not _results_allowed(t, rnd):
        raise Http404("no such table, or no results in this round now")
    tv = found[0]
    _entry(request, t, tv, result_forms.form_for(t.discipline), None, shown=True)
    return render(request, "director/_table_entry.html",
                  {"t": t, "rnd": rnd, "tv": tv, "fragment": True})


def _sent_as_json(post: QueryDict, table: Table) -> bool:
    """Which form was sent: ENTRY_FIELD says; without it (a form from before the inputs),
    the JSON field does."""
    entry = post.get(ENTRY_FIELD)
    if entry in ("json", "inputs"):
        return entry == "json"
    return f"{_prefix(table)}-payload" in post


def _saved(request: HttpRequest, t: Tournament, table: Table) -> HttpResponse:
    messages.success(request, _("Result of table %(n)s saved.") % {"n": table.number})
    return redirect(reverse("director:round", args=[t.slug, table.round.number])
                    + f"#table-{table.number}")


def _set_from_json(request: HttpRequest, table: Table) -> Sent | None:
    """The JSON form: None when saved, else the form with its errors."""
    form = ResultForm(request.POST, prefix=_prefix(table))
    if form.is_valid():
        payload = form.payload_value()
        if payload is not None or "payload" not in form.errors:
            try:
                services.director_set_result(table, actor(request), payload,
                                             note=form.cleaned_data["note"])
            except ServiceError as exc:
                apply_service_error(form, exc, aliases={"result": "payload"},
                                    default="payload")
            else:
                return None
    return Sent(table.number, json=form)


def _set_from_inputs(request: HttpRequest, table: Table) -> Sent | None:
    """The discipline's inputs: None when saved, else what was sent with its errors, placed
    at the inputs and rows they name (as on the captain's page)."""
    rform = result_forms.form_for(table.round.tournament.discipline)
    note = _note_form(table, request.POST)
    sent = Sent(table.number, data=request.POST, note=note)
    note_ok = note.is_valid()
    try:
        payload = rform.payload_from_post(request.POST, table)
        if note_ok:
            services.director_set_result(table, actor(request), payload,
                                         note=note.cleaned_data["note"])
            return None
    except ServiceError as exc:
        sent.errors = rform.place_errors(exc.errors)
    return sent


@director_view
@require_POST
def result(request: HttpRequest, t: Tournament, number: int, table: int) -> HttpResponse:
    """Enter or correct the result of one table (the director's result is confirmed)."""
    rnd = get_object_or_404(Round, tournament=t, number=number)
    tb = get_object_or_404(Table, round=rnd, number=table)
    tb.round = rnd
    rnd.tournament = t
    if rnd.status == Round.Status.PREVIEW:  # the page has no result forms yet
        messages.error(request, _("Publish the round before entering results."))
        return _round_page(request, t, rnd, status=400)
    sent = (_set_from_json if _sent_as_json(request.POST, tb) else _set_from_inputs)(request, tb)
    if sent is None:
        return _saved(request, t, tb)
    return _round_page(request, t, rnd, sent=sent, status=400)


@director_view
@require_POST
def clear_result(request: HttpRequest, t: Tournament, number: int, table: int) -> HttpResponse:
    """Take a table's result back to "not played yet" (the seed's program: result -1)."""
    tb = get_object_or_404(Table.objects.select_related("round"), round__tournament=t,
                           round__number=number, number=table)
    try:
        services.clear_result(tb, actor(request))
    except ServiceError as exc:
        error_messages(request, exc)
    else:
        messages.success(request, _("The result of %(table)s is cleared.")
                         % {"table": t.disc.table_label(tb.number)})
    return redirect(reverse("director:round", args=[t.slug, number]) + f"#table-{table}")


@director_view
@require_POST
def accept(request: HttpRequest, t: Tournament, pk: int) -> HttpResponse:
    """Settle a dispute by taking one of the submitted revisions."""
    revision = get_object_or_404(ResultRevision.objects.select_related("table__round"),
                                 pk=pk, table__round__tournament=t)
    rnd = revision.table.round
    try:
        services.accept_revision(revision, actor(request))
    except ServiceError as exc:
        error_messages(request, exc)
    else:
        messages.success(request, _("Result of table %(n)s settled.")
                         % {"n": revision.table.number})
    return redirect(reverse("director:round", args=[t.slug, rnd.number])
                    + f"#table-{revision.table.number}")


@director_view
@require_POST
def quick_result(request: HttpRequest, t: Tournament, number: int) -> HttpResponse:
    """The arbiter's quick entry (chess: "12 1" sets board 12 to 1-0, echoed with both
    names), where the discipline has one."""
    rnd = get_object_or_404(Round, tournament=t, number=number)
    rnd.tournament = t
    quick_entry = t.disc.quick_entry()
    if quick_entry is None:
        raise Http404("no quick entry in this discipline")
    try:
        text = request.POST.get(quick_entry.FIELD, "")
        entered = quick_entry.enter(rnd, actor(request), text)
    except ServiceError as exc:
        if rnd.status != Round.Status.OPEN:  # the page shows no quick entry: say it on top
            error_messages(request, exc)
        return _round_page(request, t, rnd, status=400,
                           quick=QuickSent(text[:quick_entry.MAX_LENGTH], exc.messages))
    messages.success(request, quick_entry.saved(t, rnd, entered))
    return redirect(reverse("director:round", args=[t.slug, rnd.number]) + "?quick=1#quick")


def _choices_from_post(post: QueryDict, names: list[str]) -> dict[str, Any]:
    """The round's choices as the service takes them: ``missions.0`` … into
    ``{"missions": [...]}``."""
    raw: dict[str, Any] = {}
    for name in names:
        key, _dot, index = name.partition(".")
        if index:
            raw.setdefault(key, []).append(post.get(name, ""))
        else:
            raw[key] = post.get(name, "")
    return raw


@director_view
@require_POST
def round_choices(request: HttpRequest, t: Tournament, number: int) -> HttpResponse:
    """Set what the round is played with (tabletop's 12 matrix: the missions' kinds)."""
    rnd = get_object_or_404(Round, tournament=t, number=number)
    names = [c.name for c in t.disc.round_choices(t, rnd)]
    try:
        set_round_choices(t, actor(request), number, _choices_from_post(request.POST, names))
    except ServiceError as exc:
        return _round_page(request, t, rnd, status=400, choice_errors=exc.messages)
    if t.disc.round_choices_rescore:
        messages.success(request, _("%(what)s saved (round %(n)s). Results already in count "
                                    "by them.") % {"what": t.disc.round_choices_title,
                                                   "n": number})
    else:
        messages.success(request, _("%(what)s saved (round %(n)s).")
                         % {"what": t.disc.round_choices_title, "n": number})
    return redirect(reverse("director:round", args=[t.slug, number]) + "#round-choices")


# -- a series' own number of games (Pussi, Skat, Doppelkopf: has_series_games) ----------------

def series_games_context(t: Tournament, rnd: Round, running: bool,
                         sent: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """What the panel shows: the series' number, the tournament's, whether a reason is
    needed, and a refused form's values and errors. None for other disciplines."""
    if not of(t).has_series_games:
        return None
    own = (rnd.extra or {}).get(KEY)
    return {"games": series_games_of(t, rnd), "own": own,
            "default": int(of(t).settings(t).games_per_series), "running": running,
            "value": (sent or {}).get("value", own if own is not None else ""),
            "reason": (sent or {}).get("reason", ""), "errors": (sent or {}).get("errors", {}),
            "general": (sent or {}).get("errors", {}).get("__all__", [])}


@director_view
@require_POST
def series_games(request: HttpRequest, t: Tournament, number: int) -> HttpResponse:
    rnd = get_object_or_404(Round, tournament=t, number=number)
    value, reason = request.POST.get(KEY, ""), request.POST.get("reason", "")
    try:
        set_series_games(t, actor(request), number, value, reason)
    except ServiceError as exc:
        return _round_page(request, t, rnd, status=400, series={
            "value": value, "reason": reason, "errors": exc.errors})
    rnd.refresh_from_db()
    messages.success(request, _("Series %(n)s plays %(games)s games.") % {
        "n": number, "games": series_games_of(t, rnd)})
    return redirect("director:round", slug=t.slug, number=number)
