"""The director's pages: create, configure, draw, publish, enter results, settle disputes.

Every page checks the director role first (anonymous users go to the login,
everybody else gets 403), and every POST goes through a service; a
:class:`ServiceError` comes back as a message or as errors at the form's
fields, never as a 500.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db import DatabaseError, IntegrityError
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from .. import services
from ..bodylimit import IMPORT_BYTES, allow_body
from ..disciplines import DISCIPLINES, of
from ..forms import (
    CreateTournamentForm,
    DrawForm,
    ImportForm,
    UndoLastForm,
    apply_service_error,
)
from ..log_labels import actor_words, details, entry_label, said, target_words
from ..log_labels import sentence as action_sentence
from ..models import (
    ActionLog,
    Entrant,
    Result,
    Round,
    Tournament,
)
from ..permissions import directs_any, may_create_tournaments
from ..services import Actor, ServiceError, housekeeping
from ..services import director as director_services
from ..services import finish as finish_services
from ..services import seating as seating_services
from ..services import undo as undo_services
from ..services.round_check import fixed_rounds_refusal
from ..services.tournaments import desk_helpers
from .access import director_view

View = Callable[..., HttpResponse]
LOG_PAGE_SIZE = 50

# ----------------------------------------------------------------------------- access


def may_direct(user: Any) -> bool:
    """Who may open the director's home: whoever may create tournaments, and anyone who
    already directs one (to reach it). Creating is :func:`may_create_tournaments` alone."""
    return may_create_tournaments(user) or directs_any(user)


def director_home_required(view: View) -> View:
    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not may_direct(request.user):
            raise PermissionDenied
        response = view(request, *args, **kwargs)
        housekeeping.kick()  # embedded mode: deletions and mail retries that are due
        return response
    return wrapper


def actor(request: HttpRequest) -> Actor:
    return Actor.of(request.user)


def error_messages(request: HttpRequest, exc: ServiceError) -> None:
    """A refused action without a form: its messages on the page it goes back to."""
    for place, texts in exc.errors.items():
        for text in texts:
            messages.error(request, text if place == "__all__" else f"{place}: {text}")


# ----------------------------------------------------------------------------- home


@allow_body(IMPORT_BYTES)  # the import form's file
@director_home_required
@require_http_methods(["GET", "HEAD", "POST"])
def home(request: HttpRequest) -> HttpResponse:
    """The user's tournaments, a form to create one from a preset, and the import."""
    helpers = desk_helpers(request.user)
    create_form = CreateTournamentForm(prefix="create", helpers=helpers)
    import_form = ImportForm(prefix="import")
    status = 200
    action = request.POST.get("action")
    may_create = may_create_tournaments(request.user)
    if request.method == "POST" and action in ("create", "import") and not may_create:
        raise PermissionDenied
    if request.method == "POST" and action == "create":
        create_form = CreateTournamentForm(request.POST, prefix="create", helpers=helpers)
        if create_form.is_valid():
            d = create_form.cleaned_data
            try:
                t = services.create_tournament(actor(request), d["name"], d["discipline"],
                                               d["entrant_kind"],
                                               planned_rounds=d["planned_rounds"],
                                               draw_options=create_form.draw_options(),
                                               desk=create_form.desk_users())
            except ServiceError as exc:
                apply_service_error(create_form, exc)
            else:
                messages.success(request, _("Tournament created."))
                return redirect("director:tournament", slug=t.slug)
        status = 400
    elif request.method == "POST" and action == "import":
        import_form = ImportForm(request.POST, request.FILES, prefix="import")
        if import_form.is_valid():
            kind, content = import_form.cleaned_data["document"]
            slug = import_form.cleaned_data["slug"] or None
            try:
                if kind == "file":  # a discipline's own format (chess: TRF)
                    t = import_file(content, actor(request), slug)
                else:
                    t = services.import_document(content, actor(request), slug=slug)
            except ServiceError as exc:
                for texts in exc.errors.values():
                    for text in texts:
                        import_form.add_error("document", text)
            except (IntegrityError, DatabaseError) as exc:
                import_form.add_error("document", _("the document could not be stored: %(e)s")
                                      % {"e": exc})
            else:
                messages.success(request, _("Tournament imported."))
                return redirect("director:tournament", slug=t.slug)
        status = 400
    elif request.method == "POST":
        messages.error(request, _("Unknown action."))
        status = 400
    tournaments = list(director_services.directed_by(request.user).select_related("event")
                       .annotate(n_entrants=Count("entrants", distinct=True),
                                 n_rounds=Count("rounds", distinct=True)))
    for t in tournaments:
        t.discipline_label = of(t).label  # type: ignore[attr-defined]
    return render(request, "director/home.html", {
        "tournaments": tournaments, "groups": by_event(tournaments),
        "create_form": create_form, "import_form": import_form,
        "may_create": may_create,
        "site_links": [link for d in DISCIPLINES.values() for link in d.site_links()],
        "import_formats": [d.import_format for d in DISCIPLINES.values() if d.import_format],
    }, status=status)


def by_event(tournaments: Sequence[Tournament]) -> list[dict[str, Any]]:
    """The list in its order, a section under its event's name: the event stands where its
    first section stands, its other sections follow it there (an open's A, B and C together
    even when another tournament was created between them)."""
    groups: list[dict[str, Any]] = []
    events: dict[int, dict[str, Any]] = {}
    for t in tournaments:
        if t.event_id is None:
            groups.append({"event": None, "tournaments": [t]})
        elif t.event_id in events:
            events[t.event_id]["tournaments"].append(t)
        else:
            events[t.event_id] = {"event": t.event, "tournaments": [t]}
            groups.append(events[t.event_id])
    return groups


def import_file(text: str, by: Actor, slug: str | None) -> Tournament:
    """A tournament from a file in a discipline's own format (chess: TRF); with one such
    discipline, its reader's refusal names the line."""
    importers = [d for d in DISCIPLINES.values() if d.import_format]
    if not importers:
        raise ServiceError(_("this is no turnier/1 document (JSON)"), "document")
    refusal: ServiceError | None = None
    for d in importers:
        try:
            return d.import_file(text, by, slug)
        except ServiceError as exc:
            refusal = refusal or exc
    assert refusal is not None
    raise refusal


# ----------------------------------------------------------------------------- tournament


def _rounds_overview(t: Tournament) -> list[Round]:
    return list(t.rounds.annotate(
        n_tables=Count("tables", distinct=True),
        n_results=Count("tables__result", distinct=True,
                        filter=~Q(tables__result__status=Result.Status.DISPUTED)),
        n_disputed=Count("tables__result", distinct=True,
                         filter=Q(tables__result__status=Result.Status.DISPUTED)),
        n_byes=Count("byes", distinct=True)).order_by("number"))


def _labelled(entry: ActionLog, t: Tournament | None = None) -> ActionLog:
    entry.label = entry_label(entry.action, t)  # type: ignore[attr-defined]
    entry.who = actor_words(entry.actor, t)  # type: ignore[attr-defined]
    entry.what = target_words(entry.target, t)  # type: ignore[attr-defined]
    return entry


def _next_draw_possible(t: Tournament) -> bool:
    last = t.rounds.order_by("-number").first()
    return last is None or last.status == Round.Status.CLOSED


def dashboard(request: HttpRequest, t: Tournament, draw_form: DrawForm | None = None,
              status: int = 200, panel_state: Any = None) -> HttpResponse:
    """The director's tournament page; ``panel_state`` goes to the discipline's panels
    (chess: a refused form of the Swiss panel with its errors)."""
    rounds = _rounds_overview(t)
    counts = director_services.entrant_counts(t)
    return render(request, "director/tournament.html", {
        "t": t, "info": of(t),
        "counts": [(label, counts[value]) for value, label in Entrant.Status.choices]
        + [(_("Total"), counts["total"])],
        "rounds": rounds, "last_round": rounds[-1] if rounds else None,
        "draw_form": draw_form or DrawForm(t),
        "can_draw": _next_draw_possible(t),
        "recent_log": [_labelled(e, t) for e in t.log.order_by("-id")[:5]],
        "registration_draw": seating_services.drawing_at_registration(t),
        "seating_plan": (seating_services.cleanup_plan(t)
                         if seating_services.drawing_at_registration(t) else None),
        "planning_hint": of(t).planning_hint(t),
        "panels": of(t).dashboard_panels(request, t, panel_state),
        "exports": of(t).page_links(t, "export"),
        "finished": finish_services.is_finished(t),
        "planned_done": finish_services.planned_rounds_done(t),
        "next_number": (rounds[-1].number if rounds else 0) + 1,
        "fixed_refusal": fixed_rounds_refusal(t, (rounds[-1].number if rounds else 0) + 1),
    }, status=status)


@director_view
@require_safe
def tournament(request: HttpRequest, t: Tournament) -> HttpResponse:
    return dashboard(request, t)


@director_view
@require_safe
def export(request: HttpRequest, t: Tournament) -> HttpResponse:
    """The turnier/1 document as a download."""
    response = JsonResponse(services.export_document(t),
                            json_dumps_params={"ensure_ascii": False, "indent": 2})
    response["Content-Disposition"] = f'attachment; filename="{t.slug}.turnier.json"'
    return response


# ----------------------------------------------------------------------------- seating


@director_view
@require_http_methods(["GET", "HEAD", "POST"])
def seating(request: HttpRequest, t: Tournament) -> HttpResponse:
    """The draw at registration: who sits where, and the cleanup as moves to announce."""
    if request.method == "POST":
        try:
            plan = seating_services.apply_cleanup(t, actor(request))
        except ServiceError as exc:
            error_messages(request, exc)
        else:
            messages.success(request, _("Cleanup done: %(n)s moves. Tables 1 to %(t)s are full.")
                             % {"n": len(plan.moves), "t": plan.tables})
        return redirect("director:seating", slug=t.slug)
    k = seating_services.per_side(t)
    seats = list(t.registration_seats.select_related("entrant"))
    tables: dict[int, list[Any]] = {}
    for s in seats:
        s.label = seating_services.seat_label(s.table, s.side, s.position, k)  # type: ignore
        tables.setdefault(s.table, []).append(s)
    per_table = 2 * k
    grid = [{"number": n, "seats": [next((s for s in tables.get(n, ())
                                          if (s.side - 1) * k + s.position == i), None)
                                    for i in range(per_table)]}
            for n in range(1, max(tables, default=0) + 1)]
    return render(request, "director/seating.html", {
        "t": t, "settings": (t.draw_options or {}).get("registration"),
        "grid": grid, "per_side": k, "columns": range(per_table),
        "plan": seating_services.cleanup_plan(t) if seats else None,
        "drawn": t.rounds.exists(),
    })


# ----------------------------------------------------------------------------- log


def _log_page(request: HttpRequest, t: Tournament, form: UndoLastForm | None = None,
              status: int = 200) -> HttpResponse:
    page = Paginator(ActionLog.objects.filter(tournament=t).order_by("-id"),
                     LOG_PAGE_SIZE).get_page(request.GET.get("page"))

    entries = list(page)
    undo = undo_services.undo_rows(t, entries)
    rows = [{"entry": e, "label": entry_label(e.action, t),
             "line": action_sentence(e, t),
             "before": details(e.before, t), "after": details(e.after, t),
             "sentence": said(e),
             **undo.get(e.pk, {})} for e in entries]
    return render(request, "director/log.html", {
        "t": t, "page": page, "rows": rows, "undo_form": form or UndoLastForm(t)},
        status=status)


@director_view
@require_safe
def log(request: HttpRequest, t: Tournament) -> HttpResponse:
    """The action log, newest first, with undo (services.undo)."""
    return _log_page(request, t)


def _undone(request: HttpRequest, done: list[ActionLog]) -> None:
    for entry in done:
        messages.success(request, _("Undone: %(sentence)s") % {"sentence": said(entry)})


@director_view
@require_POST
def undo_entry(request: HttpRequest, t: Tournament, pk: int) -> HttpResponse:
    """Undo one entry of the log (refused with the reason when something rests on it)."""
    try:
        done = undo_services.undo_entry(t, actor(request), pk)
    except ServiceError as exc:
        error_messages(request, exc)
    else:
        _undone(request, [done])
    return redirect(reverse("director:log", args=[t.slug]) + f"#entry-{pk}")


@director_view
@require_POST
def undo_last(request: HttpRequest, t: Tournament) -> HttpResponse:
    """Undo the last N actions (of a round), newest first, all or none."""
    form = UndoLastForm(t, request.POST)
    if form.is_valid():
        try:
            done = undo_services.undo_last(t, actor(request), form.cleaned_data["last"],
                                           form.cleaned_data["round"])
        except ServiceError as exc:
            apply_service_error(form, exc)
        else:
            _undone(request, done)
            return redirect("director:log", slug=t.slug)
    return _log_page(request, t, form=form, status=400)


# ----------------------------------------------------------------------------- rounds


@director_view
@require_POST
def draw(request: HttpRequest, t: Tournament) -> HttpResponse:
    """Draw the next round as a preview."""
    form = DrawForm(t, request.POST)
    if form.is_valid():
        try:
            finish_services.check_extra_round(t, request.POST.get("extra_round") == "1")
            rnd = services.draw_round(t, actor(request), seed=form.cleaned_data["seed"] or None,
                                      method=form.cleaned_data["method"])
        except ServiceError as exc:
            # A refused Freilos is about the panel's bye, not a field of this form: said plainly
            # above the button (and beside the bye in the panel).
            apply_service_error(form, {k: v for k, v in exc.errors.items() if k != "bye"})
            for message in exc.errors.get("bye", []):
                form.add_error(None, message)
        else:
            messages.success(request, _("Round %(n)s drawn. Check the preview, then publish it.")
                             % {"n": rnd.number})
            return redirect("director:round", slug=t.slug, number=rnd.number)
    return dashboard(request, t, draw_form=form, status=400)


@director_view
@require_POST
def undo(request: HttpRequest, t: Tournament) -> HttpResponse:
    """Take back the last draw while no result is in."""
    try:
        number = services.undo_draw(t, actor(request))
    except ServiceError as exc:
        error_messages(request, exc)
        last = t.rounds.order_by("-number").first()
        if last is not None:
            return redirect("director:round", slug=t.slug, number=last.number)
    else:
        messages.success(request, _("The draw of round %(n)s was undone.") % {"n": number})
    return redirect("director:tournament", slug=t.slug)


@director_view
@require_POST
def redraw(request: HttpRequest, t: Tournament, number: int) -> HttpResponse:
    """Draw the last round again (same seed) on the corrected results."""
    get_object_or_404(Round, tournament=t, number=number)
    try:
        services.redraw_round(t, actor(request), number)
    except ServiceError as exc:
        error_messages(request, exc)
    else:
        messages.success(request, _("Round %(n)s was drawn again on the current results. "
                                    "Check the preview, then publish it.") % {"n": number})
    return redirect("director:round", slug=t.slug, number=number)


ROUND_ACTIONS: dict[str, tuple[Callable[..., Round], Any]] = {
    "publish": (services.publish_round, gettext_lazy("Round %(n)s is published.")),
    "close": (services.close_round, gettext_lazy("Round %(n)s is closed.")),
    "reopen": (services.reopen_round, gettext_lazy("Round %(n)s is open again.")),
}


def _round_action(name: str) -> View:
    service, done = ROUND_ACTIONS[name]

    @director_view
    @require_POST
    def view(request: HttpRequest, t: Tournament, number: int) -> HttpResponse:
        get_object_or_404(Round, tournament=t, number=number)
        try:
            service(t, actor(request), number)
        except ServiceError as exc:
            error_messages(request, exc)
        else:
            messages.success(request, str(done) % {"n": number})
        return redirect("director:round", slug=t.slug, number=number)

    view.__name__ = view.__qualname__ = f"{name}_round"
    return view


publish = _round_action("publish")
close = _round_action("close")
reopen = _round_action("reopen")
