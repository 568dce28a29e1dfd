"""The prize lists of a whole event (``/director/events/<event>/prizes/``): the event-wide
list (an event category such as "best junior of the event"), the club list, the order in
which they and the sections' lists are allocated, and who receives what over all sections
(:mod:`tournaments.services.event_prizes`); the PDFs of the event's lists.

The event's own list is edited with the same rows as a section's
(:mod:`tournaments.views.prize_list`)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any, cast

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_safe

from ..models import Event, Tournament
from ..permissions import directs_event
from ..services import Actor, ServiceError
from ..services import event_prizes as event_services
from ..services.reports import write_pdf
from . import prize_list as section_page
from .events import event_view

PDF_KINDS = ("list", "cash")


class EventRulesForm(forms.Form):
    order = forms.ChoiceField(label=gettext_lazy("Which lists first"), choices=(
        ("sections_first", gettext_lazy("the sections' lists, then the event's")),
        ("event_first", gettext_lazy("the event's list, then the sections'"))))
    rank = forms.ChoiceField(label=gettext_lazy("Ranking of the event's list"), choices=(
        ("sections", gettext_lazy("by section (A before B), then the place in it")),
        ("points", gettext_lazy("by points over all sections"))))
    one_prize = forms.BooleanField(label=gettext_lazy("One prize per person over all lists"),
                                   required=False, initial=True)
    team_size = forms.IntegerField(label=gettext_lazy("Players counted per club"), min_value=1,
                                   max_value=20, initial=4)


class ClubPrizeForm(forms.Form):
    place = forms.IntegerField(label=gettext_lazy("Place"), min_value=1, max_value=999,
                               required=False)
    money = forms.DecimalField(label=gettext_lazy("Money (€)"), min_value=Decimal(0),
                               max_value=Decimal(100_000_000), decimal_places=2,
                               required=False)
    item = forms.CharField(label=gettext_lazy("Item (trophy, book)"), max_length=120,
                           required=False)

    def clean(self) -> dict[str, Any]:
        cd = super().clean()
        assert cd is not None
        if (cd.get("money") or cd.get("item")) and not cd.get("place"):
            self.add_error("place", _("give the place this prize is for"))
        if cd.get("place") and not cd.get("money") and not cd.get("item"):
            self.add_error("money", _("give money or an item"))
        return cd


ClubFormSet = forms.formset_factory(ClubPrizeForm, extra=0, max_num=section_page.MAX_ROWS,
                                    absolute_max=section_page.MAX_ROWS)
Forms = tuple[Any, Any, Any, EventRulesForm, Any]


def _forms(event: Event, data: Any = None) -> Forms:
    fund = event.prize_fund or {}
    if data is not None:
        rules, cats, prizes = section_page._forms(cast(Tournament, event), data)
        return (rules, cats, prizes, EventRulesForm(data, prefix="event"),
                ClubFormSet(data, prefix="club"))
    rules, cats, prizes = section_page._forms(cast(Tournament, event))
    clubs = [{"place": z["place"], "item": z.get("item", ""),
              "money": Decimal(z["money"]) / 100 if z.get("money") else None}
             for z in fund.get("club_prizes", [])]
    return (rules, cats, prizes,
            EventRulesForm(initial=fund.get("event", event_services.EVENT_DEFAULTS),
                           prefix="event"),
            ClubFormSet(initial=[*clubs, *({} for _k in range(section_page.EMPTY_ROWS))],
                        prefix="club"))


def _document(f: Forms) -> dict[str, Any]:
    rules, cats, prizes, event_rules, clubs = f
    doc = section_page._document(rules, cats, prizes)
    rows = []
    for c in clubs:
        d = c.cleaned_data
        if not d.get("place"):
            continue
        row: dict[str, Any] = {"name": _("Club, place %(n)s") % {"n": d["place"]},
                               "place": d["place"]}
        if d.get("money"):
            row["money"] = int(d["money"] * 100)
        if d.get("item"):
            row["item"] = d["item"].strip()
        rows.append(row)
    return {**doc, "club_prizes": rows, "event": dict(event_rules.cleaned_data)}


def _page(request: HttpRequest, event: Event, status: int = 200,
          forms_: Forms | None = None) -> HttpResponse:
    rules, cats, prizes, event_rules, clubs = forms_ or _forms(event)
    allocation = event_services.event_prizes(event)
    return render(request, "events/prizes.html", {
        "event": event, "rules": rules, "cats": cats, "prizes": prizes,
        "event_rules": event_rules, "clubs": clubs,
        "allocation": allocation, "lists": allocation.lists() if allocation else [],
        "all_finished": all(t.status == Tournament.Status.FINISHED
                            for t in event.sections.all())}, status=status)


@event_view(directs_event)
@require_http_methods(["GET", "HEAD", "POST"])
def prizes(request: HttpRequest, event: Event) -> HttpResponse:
    if request.method != "POST":
        return _page(request, event)
    f = _forms(event, request.POST)
    rules, cats, prize_rows, event_rules, _clubs = f
    if not all(x.is_valid() for x in f):
        return _page(request, event, 400, f)
    try:
        event_services.set_event_prize_fund(event, Actor.of(request.user), _document(f))
    except ServiceError as exc:
        for place, texts in exc.errors.items():
            for text in texts:
                if place.startswith(("club_prizes", "event")):
                    event_rules.add_error(None, f"{place}: {text}")
                else:
                    section_page._place_error(rules, cats, prize_rows, place, text)
        return _page(request, event, 400, f)
    messages.success(request, _("Prize list of the event saved."))
    return redirect("events:prizes", event=event.slug)


@event_view(directs_event)
@require_safe
def prizes_pdf(request: HttpRequest, event: Event, kind: str) -> HttpResponse:
    """The event's prize lists (``list``) or its cash-desk sheet (``cash``) as a PDF, made
    at once: a few hundred rows at most (the lists are bounded), a second or two."""
    if kind not in PDF_KINDS:
        return HttpResponse(status=404)
    allocation = event_services.event_prizes(event)
    if allocation is None:
        messages.error(request, _("The event has no prize list of its own yet."))
        return redirect("events:prizes", event=event.slug)
    html = render_to_string(f"reports/event_{kind}.html", {
        "t": event, "event": event, "allocation": allocation,
        "lists": allocation.lists(), "now": timezone.localtime()},
        request=None)
    response = HttpResponse(write_pdf(html), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{event.slug}-{kind}.pdf"'
    return response
