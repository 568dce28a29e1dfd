"""The chess pages: the TRF download, the posts of the Swiss panel ("Next round") on the
director's tournament page, and the spectators' cross and progress tables.

URL names and paths are the director's and the public ones (``director:request_bye``,
``public:cross_table`` …): :mod:`tournaments.urls` routes them here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.text import capfirst
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from ...forms import apply_service_error
from ...models import Entrant, Tournament
from ...services import ServiceError
from ...services.finish import planned_rounds_done
from ...services.public import current_round
from ...views.access import director_view
from ...views.director import actor, dashboard, error_messages
from ...views.public import visible_tournament
from ...views.rendercache import block_name, rendered, shared_page_reading
from . import federation, is_chess
from . import outputs as chess_outputs
from . import services as chess_services
from . import trf as chess_trf
from .models import ByeRequest
from .pages import CHESS_FORMS, chess_pages
from .panel_forms import ForcedPairingForm
from .services import next_round_number

# ----------------------------------------------------------------------------- TRF


@director_view
@require_safe
def export_trf(request: HttpRequest, t: Tournament) -> HttpResponse:
    """A chess tournament as a TRF-16 file, as the FIDE-endorsed pairing engines read it."""
    if not is_chess(t):
        raise Http404
    response = HttpResponse(chess_trf.export_trf(t), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{t.slug}.trf"'
    return response


# ----------------------------------------------------------------------------- the Swiss panel


def _to_panel(t: Tournament) -> HttpResponse:
    return redirect(reverse("director:tournament", args=[t.slug]) + "?open=next-round#next-round")


def _panel_form(request: HttpRequest, t: Tournament, name: str,
                call: Callable[[dict[str, Any]], str]) -> HttpResponse:
    """Post one of the panel's forms: ``call(cleaned_data)`` runs the service and returns the
    success message; a refusal comes back at the form's fields (status 400)."""
    form = CHESS_FORMS[name](t, request.POST, prefix=name,
                             next_round=next_round_number(t))
    if form.is_valid():
        try:
            text = call(form.cleaned_data)
        except ServiceError as exc:
            if isinstance(form, ForcedPairingForm) and exc.code == "colour_clash":
                form.ask_to_confirm()
            apply_service_error(form, exc)
        else:
            messages.success(request, text)
            return _to_panel(t)
    elif isinstance(form, ForcedPairingForm) and form.data.get("forced-confirm_colour_clash"):
        form.ask_to_confirm()
    return dashboard(request, t, panel_state={name: form}, status=400)


@director_view
@require_POST
def request_bye(request: HttpRequest, t: Tournament) -> HttpResponse:
    def call(d: dict[str, Any]) -> str:
        bye = chess_services.request_bye(t, actor(request), d["entrant"], d["round_number"],
                                         d["kind"])
        return _("%(kind)s for %(name)s in round %(n)s noted.") % {
            "kind": capfirst(bye.get_kind_display()), "name": d["entrant"].name,
            "n": bye.round_number}
    return _panel_form(request, t, "bye", call)


@director_view
@require_POST
def cancel_bye(request: HttpRequest, t: Tournament, pk: int) -> HttpResponse:
    bye = get_object_or_404(ByeRequest.objects.select_related("entrant"), pk=pk, tournament=t)
    try:
        chess_services.cancel_bye(t, actor(request), bye.entrant, bye.round_number)
    except ServiceError as exc:
        error_messages(request, exc)
    else:
        messages.success(request, _("The bye of %(name)s in round %(n)s is cancelled.")
                         % {"name": bye.entrant.name, "n": bye.round_number})
    return _to_panel(t)


@director_view
@require_POST
def set_forced_pairing(request: HttpRequest, t: Tournament) -> HttpResponse:
    def call(d: dict[str, Any]) -> str:
        chess_services.set_forced_pairing(t, actor(request), d["round_number"], d["white"],
                                          d["black"],
                                          confirm_colour_clash=d["confirm_colour_clash"],
                                          by_program=bool(d.get("by_program")))
        if d.get("by_program"):
            return _("Round %(n)s: %(white)s against %(black)s is set; the draw gives the "
                     "colours.") % {"n": d["round_number"], "white": d["white"].name,
                                    "black": d["black"].name}
        return _("Round %(n)s: %(white)s (white) against %(black)s (black) is set.") % {
            "n": d["round_number"], "white": d["white"].name, "black": d["black"].name}
    return _panel_form(request, t, "forced", call)


@director_view
@require_POST
def forbid_pairing(request: HttpRequest, t: Tournament) -> HttpResponse:
    def call(d: dict[str, Any]) -> str:
        chess_services.forbid_pairing(t, actor(request), d["a"], d["b"])
        return _("%(a)s and %(b)s will not be paired.") % {"a": d["a"].name, "b": d["b"].name}
    return _panel_form(request, t, "forbid", call)


@director_view
@require_POST
def delete_pairing_rule(request: HttpRequest, t: Tournament, pk: int) -> HttpResponse:
    try:
        chess_services.delete_pairing_rule(t, actor(request), pk)
    except ServiceError as exc:
        error_messages(request, exc)
    else:
        messages.success(request, _("The pairing rule is deleted."))
    return _to_panel(t)


@director_view
@require_POST
def withdraw(request: HttpRequest, t: Tournament) -> HttpResponse:
    def call(d: dict[str, Any]) -> str:
        e = chess_services.withdraw(t, actor(request), d["entrant"], d["from_round"])
        return _("%(name)s withdraws from round %(n)s.") % {"name": e.name,
                                                            "n": e.withdrawn_from_round}
    return _panel_form(request, t, "withdraw", call)


@director_view
@require_POST
def comes_back(request: HttpRequest, t: Tournament, number: int) -> HttpResponse:
    """A withdrawn entrant plays again from the next round."""
    e = get_object_or_404(Entrant, tournament=t, start_number=number)
    try:
        chess_services.withdraw(t, actor(request), e, None)
    except ServiceError as exc:
        error_messages(request, exc)
    else:
        messages.success(request, _("%(name)s plays again from the next round.")
                         % {"name": e.name})
    return _to_panel(t)


# ----------------------------------------------------------------------------- UpdateRatings


@director_view
@require_POST
def dwz_age_group(request: HttpRequest, t: Tournament) -> HttpResponse:
    """The age group of a player without a birth date, chosen on the DWZ evaluation page."""
    from .rating_update import set_age_group

    if not is_chess(t):
        raise Http404("only chess tournaments have a DWZ evaluation")
    number = request.POST.get("number", "")
    try:
        set_age_group(t, actor(request), int(number) if number.isdecimal() else 0,
                      request.POST.get("group", ""))
    except ServiceError as exc:
        error_messages(request, exc)
    else:
        messages.success(request, _("Age group saved; the evaluation counts with it."))
    return redirect(reverse("reports:dwz", args=[t.slug]))


@director_view
def update_ratings(request: HttpRequest, t: Tournament) -> HttpResponse:
    """The new DWZ and Elo of the evaluation, to confirm; confirming writes them to the
    players (the seed's UpdateRatings)."""
    from .rating_update import rated_since, rating_changes, ratings_written
    from .rating_update import update_ratings as write

    if not is_chess(t):
        raise Http404("only chess tournaments have ratings")
    status = 200
    if request.method == "POST":
        try:
            numbers = [int(n) for n in request.POST.getlist("confirmed")]
            done = write(t, actor(request), numbers)
        except ValueError:
            messages.error(request, _("give the start numbers of the confirmed list"))
            status = 400
        except ServiceError as exc:
            error_messages(request, exc)
            status = 400
        else:
            messages.success(request, _("New ratings written to %(n)s players.")
                             % {"n": len(done)})
            return redirect("director:ratings", slug=t.slug)
        t.refresh_from_db()
    written = ratings_written(t)
    changes = [] if written else rating_changes(t)
    names = dict(t.entrants.values_list("start_number", "name"))
    since = [(n, names.get(n, ""), by) for n, by in sorted(rated_since(t).items())]
    return render(request, "director/ratings.html", {
        "t": t, "changes": changes, "written": written, "rated_since": since,
        "with_elo": any(x.elo_before is not None or x.elo_after is not None for x in changes),
        "ready": planned_rounds_done(t) or t.status == Tournament.Status.FINISHED,
    }, status=status)


# ----------------------------------------------------------------------------- spectators' tables


def cached_page(request: HttpRequest, t: Tournament, name: str, options: dict[str, str],
                partial: str, build: Callable[[], dict[str, Any]]) -> HttpResponse:
    """A spectators' table page; the table is rendered once per version, options and language.

    The table is rendered once per version here; the whole page, the same for every
    visitor, may be kept briefly by a shared cache (:func:`shared_page`).
    """
    entry = rendered(block_name(t, name, *options.values(), get_language()), t.version,
                     lambda: render_to_string(partial, {"t": t, **build()}))
    return render(request, "public/chess_table.html", {
        "t": t, "name": name, "options": options, "table_html": mark_safe(entry.html),
        "chess_pages": chess_pages(t), "round": current_round(t)})


@shared_page_reading("order")
@require_safe
def cross_table(request: HttpRequest, slug: str) -> HttpResponse:
    """A round robin's cross table (a Swiss has none: 404)."""
    t = visible_tournament(request, slug)
    if not is_chess(t) or not chess_outputs.is_round_robin(t):
        raise Http404("only round robins have a cross table")
    order = "rank" if request.GET.get("order") == "rank" else "number"
    return cached_page(request, t, "cross_table", {"order": order}, "reports/_cross_table.html",
                       lambda: {"cross": chess_outputs.cross_table(t, order=order)})


@shared_page_reading("by")
@require_safe
def progress_table(request: HttpRequest, slug: str) -> HttpResponse:
    """A chess tournament's progress table: each player's rounds, by current rank."""
    t = visible_tournament(request, slug)
    if not is_chess(t):
        raise Http404("only chess tournaments have a progress table")
    by = "number" if request.GET.get("by") == "number" else "rank"
    return cached_page(request, t, "progress_table", {"by": by}, "reports/_progress_table.html",
                       lambda: {"progress": chess_outputs.progress_table(t, opponent_by=by)})


# ----------------------------------------------------------------------------- federation files


class ReportHeaderForm(forms.Form):
    """The rating report's header facts (docs/federation-files.md)."""

    city = forms.CharField(label=gettext_lazy("Place (022)"), max_length=100, required=False)
    federation = forms.CharField(label=gettext_lazy("Federation (032, e.g. GER)"),
                                 max_length=3, required=False)
    start_date = forms.CharField(label=gettext_lazy("Start date (042)"), max_length=20,
                                 required=False)
    end_date = forms.CharField(label=gettext_lazy("End date (052)"), max_length=20,
                               required=False)
    chief_arbiter = forms.CharField(label=gettext_lazy("Chief arbiter (102)"), max_length=100,
                                    required=False)
    deputy_arbiters = forms.CharField(label=gettext_lazy("Deputy arbiters (112, one a line)"),
                                      required=False, max_length=2000,
                                      widget=forms.Textarea(attrs={"rows": 2}))
    time_control = forms.CharField(label=gettext_lazy("Time control (122)"), max_length=100,
                                   required=False)
    tournament_type = forms.CharField(label=gettext_lazy("Type (092, e.g. Swiss)"),
                                      max_length=100, required=False)
    round_dates = forms.CharField(
        label=gettext_lazy("Round dates (132), one per round"), required=False,
        max_length=2000, widget=forms.Textarea(attrs={"rows": 2}),
        help_text=gettext_lazy("Separated by spaces or lines: 2025/06/01 or 01.06.2025."))

    def values(self) -> dict[str, Any]:
        d = dict(self.cleaned_data)
        d["deputy_arbiters"] = [x for x in d["deputy_arbiters"].splitlines() if x.strip()]
        d["round_dates"] = d["round_dates"].split()
        return d


def _header_initial(t: Tournament) -> dict[str, Any]:
    d = t.details or {}
    out = {k: d.get(k, "") for k in federation.HEADER_KEYS}
    out["deputy_arbiters"] = "\n".join(d.get("deputy_arbiters", []))
    out["round_dates"] = " ".join(d.get("round_dates", []))
    return out


@director_view
@require_http_methods(["GET", "HEAD", "POST"])
def federation_files(request: HttpRequest, t: Tournament) -> HttpResponse:
    """The completeness check of FIDE's and the DSB's files, their header facts, downloads."""
    if not is_chess(t):
        raise Http404
    form = ReportHeaderForm(initial=_header_initial(t), prefix="h")
    status = 200
    if request.method == "POST":
        form = ReportHeaderForm(request.POST, prefix="h")
        if form.is_valid():
            try:
                federation.set_report_header(t, actor(request), form.values())
            except ServiceError as exc:
                apply_service_error(form, exc)
            else:
                messages.success(request, _("Facts of the rating report saved."))
                return redirect("director:federation_files", slug=t.slug)
        status = 400
    stage = federation.stage_of(t)
    try:
        kinds: tuple[tuple[federation.Kind, str], ...] = (
            ("fide", _("FIDE (TRF-26)")), ("dsb", _("DSB (DWZ file)")))
        checks = [(kind, label, federation.said(federation.gaps(t, kind, stage)))
                  for kind, label in kinds]
    except ServiceError as exc:
        error_messages(request, exc)
        checks = []
    return render(request, "director/federation_files.html", {
        "t": t, "form": form, "checks": checks, "before_round_1": stage == "before_round_1"},
        status=status)


@director_view
@require_safe
def federation_file(request: HttpRequest, t: Tournament, kind: str) -> HttpResponse:
    """The file itself: ``fide`` (TRF-26) or ``dsb`` (TRF-26 with GER records)."""
    if not is_chess(t) or kind not in ("fide", "dsb"):
        raise Http404
    try:
        text = federation.file_text(t, "fide" if kind == "fide" else "dsb")
    except ServiceError as exc:
        error_messages(request, exc)
        return redirect("director:federation_files", slug=t.slug)
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{t.slug}-{kind}.trf"'
    return response
