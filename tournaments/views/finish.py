"""The end of the evening for the director: finish (or reopen) the tournament, the prize
list, the final standings with the prizes per category, and the final PDFs
(:mod:`tournaments.services.finish` does the work)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from ..common.text import validate_single_line
from ..forms import choice_field
from ..models import Report, Round, Tournament
from ..services import Actor, ServiceError
from ..services import finish as finish_services
from ..services import reports as report_titles
from ..services.prize_list import prize_list
from ..services.public import categories_present, category_label, standings_table
from .access import director_view

EMPTY_ROWS = 3


class PrizeForm(forms.Form):
    category = forms.ChoiceField(label=gettext_lazy("Category"), required=False)
    place = forms.IntegerField(label=gettext_lazy("Place"), min_value=1, max_value=999,
                               required=False)
    prize = forms.CharField(label=gettext_lazy("Prize"), max_length=120, required=False,
                            validators=[validate_single_line])

    def __init__(self, *args: Any, categories: list[tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choice_field(self, "category").choices = categories

    def clean(self) -> dict[str, Any]:
        cd = super().clean()
        assert cd is not None  # Django's clean() returns cleaned_data
        if cd.get("prize") and not cd.get("place"):
            self.add_error("place", _("give the place this prize is for"))
        if cd.get("place") and not cd.get("prize"):
            self.add_error("prize", _("give the prize for this place"))
        return cd


PrizeFormSet = forms.formset_factory(PrizeForm, extra=0, max_num=finish_services.MAX_PRIZES,
                                     absolute_max=finish_services.MAX_PRIZES)


def _categories(t: Tournament) -> list[tuple[str, str]]:
    return [("", _("Overall")), *((c, category_label(c)) for c in categories_present(t))]


def _formset(t: Tournament, data: Any = None) -> Any:
    initial = [*t.prizes, *({} for _k in range(EMPTY_ROWS))]
    return PrizeFormSet(data, initial=None if data is not None else initial, prefix="prize",
                        form_kwargs={"categories": _categories(t)})


def _page(request: HttpRequest, t: Tournament, formset: Any = None,
          status: int = 200) -> HttpResponse:
    last = t.rounds.order_by("-number").first()
    reports = [r for r in t.reports.all()[:10]
               if r.kind in (Report.Kind.STANDINGS, finish_services.CERTIFICATES)]
    for r in reports:
        r.title = report_titles.title(r)  # type: ignore[attr-defined]
    return render(request, "director/final.html", {
        "t": t, "last": last, "page_links": t.disc.page_links(t, "finish"),
        "finished": finish_services.is_finished(t),
        "planned_done": finish_services.planned_rounds_done(t),
        "can_finish": last is not None and last.status == Round.Status.CLOSED,
        "groups": finish_services.prize_groups(t) if last is not None else [],
        "table": standings_table(t) if last is not None else None,
        "formset": formset or _formset(t), "reports": reports,
        "allocation": prize_list(t) if last is not None else None,
    }, status=status)


@director_view
@require_http_methods(["GET", "HEAD", "POST"])
def final(request: HttpRequest, t: Tournament) -> HttpResponse:
    if request.method != "POST":
        return _page(request, t)
    action = request.POST.get("action")
    who = Actor.of(request.user)
    try:
        if action == "finish":
            finish_services.finish_tournament(t, who)
            messages.success(request, _("The tournament is finished: results are locked. "
                                        "Print the final standings and the certificates."))
        elif action == "reopen":
            finish_services.reopen_tournament(t, who)
            messages.success(request, _("The tournament is reopened: results may change "
                                        "again."))
        elif action == "prizes":
            formset = _formset(t, request.POST)
            if not formset.is_valid():
                return _page(request, t, formset, status=400)
            rows = [{"category": f.cleaned_data.get("category") or "",
                     "place": f.cleaned_data["place"], "prize": f.cleaned_data["prize"].strip()}
                    for f in formset if f.cleaned_data.get("place")]
            try:
                finish_services.set_prizes(t, who, rows)
            except ServiceError as exc:
                for place, texts in exc.errors.items():
                    for text in texts:
                        formset_place(formset, rows, place, text)
                return _page(request, t, formset, status=400)
            messages.success(request, _("Prize list saved."))
        else:
            messages.error(request, _("Unknown action."))
    except ServiceError as exc:
        for texts in exc.errors.values():
            for text in texts:
                messages.error(request, text)
        t.refresh_from_db()
        return _page(request, t, status=400)
    return redirect("director:final", slug=t.slug)


def formset_place(formset: Any, rows: list[dict[str, Any]], place: str, text: str) -> None:
    """Put a service error (``prizes[2].place``) on the form of that row."""
    filled = [f for f in formset if f.cleaned_data.get("place")]
    try:
        k = int(place.split("[", 1)[1].split("]", 1)[0])
        field = place.rsplit(".", 1)[1] if "." in place else None
        filled[k].add_error(field if field in ("category", "place", "prize") else None, text)
    except (IndexError, ValueError):
        formset.forms[0].add_error(None, text) if formset.forms else None
