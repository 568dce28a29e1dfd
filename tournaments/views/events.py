"""Events with sections (docs/sections.md): the director's events and event page, the
event's one desk, and the public event page at ``/v/<event>/``.

The work is :mod:`tournaments.services.events`; who may open what is
:func:`~tournaments.permissions.directs_event` and :func:`~tournaments.permissions.desks_event`,
and a write on a section also needs the director role of that section.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django import forms
from django.conf import settings
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_safe

from ..common.text import validate_single_line
from ..disciplines import DISCIPLINES
from ..forms import apply_service_error, choice_field
from ..models import Announcement, Entrant, Event, Result, Tournament
from ..permissions import desks_event, directs_event, is_director, may_create_tournaments
from ..services import Actor, ServiceError
from ..services import director as director_services
from ..services import event_registration as event_reg
from ..services import events as event_services
from ..services.event_prizes import event_prizes
from .access import login_redirect
from .director import director_home_required
from .public import live_blocks, projector_seconds

View = Callable[..., HttpResponse]


def event_view(allowed: Callable[[Any, Event], bool]) -> Callable[[View], View]:
    """``view(request, event)`` reached by the ``event`` slug, for users ``allowed``."""
    def decorate(view: View) -> View:
        @wraps(view)
        def wrapper(request: HttpRequest, event: str, *args: Any, **kwargs: Any
                    ) -> HttpResponse:
            if not request.user.is_authenticated:
                return login_redirect(request)
            found = get_object_or_404(Event, slug=event)
            if not allowed(request.user, found):
                raise PermissionDenied
            return view(request, found, *args, **kwargs)
        return wrapper
    return decorate


# ----------------------------------------------------------------------------- forms


class EventForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=200,
                           validators=[validate_single_line])
    date = forms.DateField(label=gettext_lazy("Date"), required=False,
                           widget=forms.DateInput(attrs={"type": "date"}))
    organiser = forms.CharField(label=gettext_lazy("Organiser"), max_length=200,
                                required=False, validators=[validate_single_line])


class LimitsForm(forms.Form):
    """The section's label and limits; an empty limit is none."""

    label = forms.CharField(label=gettext_lazy("Section"), max_length=40,
                            validators=[validate_single_line],
                            help_text=gettext_lazy("A short label: A, B, U1800, Blitz."))
    rating_min = forms.IntegerField(label=gettext_lazy("Rating from"), min_value=0,
                                    max_value=4000, required=False)
    rating_max = forms.IntegerField(label=gettext_lazy("Rating up to"), min_value=0,
                                    max_value=4000, required=False)
    born_from = forms.IntegerField(label=gettext_lazy("Born from (year)"), min_value=1900,
                                   max_value=2100, required=False)
    born_to = forms.IntegerField(label=gettext_lazy("Born up to (year)"), min_value=1900,
                                 max_value=2100, required=False)

    def limits(self) -> dict[str, Any]:
        return {k: self.cleaned_data.get(k) for k in event_services.LIMIT_KEYS
                if self.cleaned_data.get(k) is not None}


class NewSectionForm(LimitsForm):
    name = forms.CharField(label=gettext_lazy("Tournament name"), max_length=200,
                           validators=[validate_single_line])
    discipline = forms.ChoiceField(label=gettext_lazy("Discipline"))
    planned_rounds = forms.IntegerField(label=gettext_lazy("Planned rounds"), min_value=1,
                                        max_value=99, initial=5)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choice_field(self, "discipline").choices = [
            (name, d.label) for name, d in DISCIPLINES.items()]


class AttachForm(LimitsForm):
    tournament = forms.ChoiceField(label=gettext_lazy("Tournament"))

    def __init__(self, *args: Any, candidates: list[Tournament], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choice_field(self, "tournament").choices = [(str(t.pk), t.name) for t in candidates]


class MoveForm(forms.Form):
    entrant = forms.ChoiceField(label=gettext_lazy("Player"))
    section = forms.ChoiceField(label=gettext_lazy("To section"))

    def __init__(self, *args: Any, entrants: list[Entrant], targets: list[Tournament],
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choice_field(self, "entrant").choices = [
            (str(e.pk), f"{event_services.section_name(e.tournament)}: {e.name}")
            for e in entrants]
        choice_field(self, "section").choices = [
            (str(t.pk), event_services.section_name(t)) for t in targets]


class EventSignUpForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=120,
                           validators=[validate_single_line])
    club = forms.CharField(label=gettext_lazy("Club"), max_length=120, required=False,
                           validators=[validate_single_line])
    rating = forms.IntegerField(label=gettext_lazy("Elo"), min_value=0, max_value=4000,
                                required=False)
    dwz = forms.IntegerField(label=gettext_lazy("DWZ"), min_value=0, max_value=4000,
                             required=False)
    birth_year = forms.IntegerField(label=gettext_lazy("Birth year"), min_value=1900,
                                    max_value=2100, required=False)
    section = forms.ChoiceField(label=gettext_lazy("Section"), required=False,
                                widget=forms.RadioSelect,
                                help_text=gettext_lazy("Empty: the section the limits "
                                                       "allow; asked when several fit."))

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choice_field(self, "section").choices = [("", _("as the limits allow"))] + [
            (str(t.pk), f"{event_services.section_name(t)} ({event_services.limits_text(t)})")
            for t in event_services.sections(event)]


# ----------------------------------------------------------------------------- director


@director_home_required
@require_http_methods(["GET", "HEAD", "POST"])
def director_events(request: HttpRequest) -> HttpResponse:
    """The user's events and the form for a new one."""
    form = EventForm(prefix="event")
    status = 200
    if request.method == "POST":
        if not may_create_tournaments(request.user):
            raise PermissionDenied
        form = EventForm(request.POST, prefix="event")
        if form.is_valid():
            d = form.cleaned_data
            try:
                event = event_services.create_event(Actor.of(request.user), d["name"],
                                                    d["date"], d["organiser"])
            except ServiceError as exc:
                apply_service_error(form, exc)
            else:
                messages.success(request, _("Event created. Now add its sections."))
                return redirect("events:director", event=event.slug)
        status = 400
    events = event_services.events_of(request.user).annotate(n=Count("sections"))
    return render(request, "events/director_list.html", {
        "events": events, "form": form,
        "may_create": may_create_tournaments(request.user)}, status=status)


def _section_rows(event: Event) -> list[dict[str, Any]]:
    rows = []
    for t in event_services.sections(event).annotate(
            n_entrants=Count("entrants", distinct=True), n_rounds=Count("rounds", distinct=True)):
        rows.append({"t": t, "label": event_services.section_name(t),
                     "limits": event_services.limits_text(t), "discipline": t.disc.label})
    return rows


def _round_state(t: Tournament) -> str:
    """Where a section stands, for the event's dashboard: its last round and the results in."""
    last = t.rounds.order_by("-number").first()
    if last is None:
        return _("no round drawn yet")
    tables = last.tables.count()
    done = last.tables.filter(result__isnull=False).exclude(
        result__status=Result.Status.DISPUTED).count()
    return _("round %(n)s %(status)s: %(done)s of %(tables)s results") % {
        "n": last.number, "status": last.get_status_display(), "done": done, "tables": tables}


def _event_page(request: HttpRequest, event: Event, status: int = 200,
                **forms_: Any) -> HttpResponse:
    mine = [t for t in event_services.sections(event) if is_director(request.user, t)]
    unplayed = [t for t in mine if not t.rounds.exists()]
    entrants = list(Entrant.objects.filter(tournament__in=unplayed)
                    .select_related("tournament").order_by("tournament__section_label",
                                                           "start_number")[:2000])
    candidates = list(director_services.directed_by(request.user).filter(event__isnull=True)
                      .order_by("name")[:200])
    rows = _section_rows(event)
    for r in rows:
        r["state"] = _round_state(r["t"])
    context = {
        "event": event, "rows": rows,
        "new_form": forms_.get("new_form") or NewSectionForm(prefix="new"),
        "attach_form": forms_.get("attach_form") or AttachForm(prefix="attach",
                                                               candidates=candidates),
        "move_form": forms_.get("move_form") or MoveForm(prefix="move", entrants=entrants,
                                                         targets=unplayed),
        "may_move": bool(entrants) and len(unplayed) > 1, "candidates": candidates,
        "announced": bool(event_reg.offers(event)),
    }
    return render(request, "events/director.html", context, status=status)


@event_view(directs_event)
@require_http_methods(["GET", "HEAD", "POST"])
def director_event(request: HttpRequest, event: Event) -> HttpResponse:
    """The event's sections with their links; add a section, move a player."""
    if request.method != "POST":
        return _event_page(request, event)
    who = Actor.of(request.user)
    action = request.POST.get("action")
    if action == "new":
        if not may_create_tournaments(request.user):
            raise PermissionDenied
        new_form = NewSectionForm(request.POST, prefix="new")
        if new_form.is_valid():
            d = new_form.cleaned_data
            try:
                t = event_services.create_section(
                    event, who, d["label"], d["name"], d["discipline"], new_form.limits(),
                    planned_rounds=d["planned_rounds"])
            except ServiceError as exc:
                apply_service_error(new_form, exc, aliases={"limits": "label"})
            else:
                messages.success(request, _("Section %(s)s added.") % {"s": t.section_label})
                return redirect("events:director", event=event.slug)
        return _event_page(request, event, 400, new_form=new_form)
    if action == "attach":
        candidates = list(director_services.directed_by(request.user)
                          .filter(event__isnull=True))
        attach_form = AttachForm(request.POST, prefix="attach", candidates=candidates)
        if attach_form.is_valid():
            t = next(x for x in candidates if str(x.pk) == attach_form.cleaned_data["tournament"])
            try:
                event_services.set_section(event, t, who, attach_form.cleaned_data["label"],
                                           attach_form.limits())
            except ServiceError as exc:
                apply_service_error(attach_form, exc, default="tournament")
            else:
                messages.success(request, _("Section %(s)s added.") % {"s": t.name})
                return redirect("events:director", event=event.slug)
        return _event_page(request, event, 400, attach_form=attach_form)
    if action == "move":
        mine = [t for t in event_services.sections(event) if is_director(request.user, t)]
        entrants = list(Entrant.objects.filter(tournament__in=mine).select_related("tournament"))
        move_form = MoveForm(request.POST, prefix="move", entrants=entrants, targets=mine)
        if move_form.is_valid():
            e = next(x for x in entrants if str(x.pk) == move_form.cleaned_data["entrant"])
            target = next(t for t in mine if str(t.pk) == move_form.cleaned_data["section"])
            try:
                moved = event_services.move_entrant(e, target, who)
            except ServiceError as exc:
                apply_service_error(move_form, exc, default="section")
            else:
                messages.success(request, _("%(name)s moved to section %(s)s.") % {
                    "name": moved.name, "s": event_services.section_name(target)})
                return redirect("events:director", event=event.slug)
        return _event_page(request, event, 400, move_form=move_form)
    messages.error(request, _("Unknown action."))
    return _event_page(request, event, 400)


# ----------------------------------------------------------------------------- desk


@event_view(desks_event)
@require_http_methods(["GET", "HEAD", "POST"])
def desk_event(request: HttpRequest, event: Event) -> HttpResponse:
    """One desk for the whole event: each sign-up goes to the section the limits allow."""
    form = EventSignUpForm(request.POST or None, prefix="s", event=event)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            d = form.cleaned_data
            section = next((t for t in event_services.sections(event)
                            if str(t.pk) == d["section"]), None)
            try:
                entrant = event_services.sign_up_at_event(
                    event, Actor.of(request.user),
                    {k: d[k] for k in ("name", "club", "rating", "dwz", "birth_year")},
                    section)
            except ServiceError as exc:
                apply_service_error(form, exc)
            else:
                messages.success(request, _("%(name)s signed up in section %(s)s with start "
                                            "number %(n)s.") % {
                    "name": entrant.name, "s": event_services.section_name(entrant.tournament),
                    "n": entrant.start_number})
                return redirect("events:desk", event=event.slug)
        status = 400
    return render(request, "events/desk.html", {
        "event": event, "form": form, "rows": _section_rows(event),
        "directs": directs_event(request.user, event)}, status=status)


# ----------------------------------------------------------------------------- public


@require_safe
def public_event(request: HttpRequest, event: str) -> HttpResponse:
    """The event's public page: its public sections with their standings links."""
    found, rows = _shown_sections(request, event)
    finished = bool(rows) and all(r["t"].status == Tournament.Status.FINISHED for r in rows)
    prizes = event_prizes(found) if finished else None
    return render(request, "events/public.html", {
        "event": found, "rows": rows,
        # the offers count places per section: only where some section's registration is open
        "taking": Announcement.objects.filter(tournament__event=found, open=True).exists()
        and any(not o.closed for o in event_reg.offers(found)),
        "prize_lists": prizes.lists()[:2] if prizes is not None else []})


def _shown_sections(request: HttpRequest, event: str) -> tuple[Event, list[dict[str, Any]]]:
    """The event and the rows of its sections this visitor may see (public ones; staff see
    their own before they are public); 404 when there is none."""
    found = get_object_or_404(Event, slug=event)
    rows = [r for r in _section_rows(found)
            if r["t"].public or is_director(request.user, r["t"])]
    if not rows and not directs_event(request.user, found):
        raise Http404
    return found, rows


@require_safe
def event_projector(request: HttpRequest, event: str) -> HttpResponse:
    """The hall's big screen for the whole event: every section's standings in turn."""
    found, rows = _shown_sections(request, event)
    panels = [{"t": r["t"], "label": r["label"],
               **live_blocks(r["t"], "projector", parts=("standings",))} for r in rows]
    return render(request, "events/projector.html", {
        "event": found, "panels": panels, "seconds": projector_seconds(request),
        "time_zone": settings.TIME_ZONE})
