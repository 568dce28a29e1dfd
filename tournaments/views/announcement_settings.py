"""The director's page for a tournament's announcement: dates, text, places, the waiting
list's order, the public list, fees (docs/registration.md). Saved through
:func:`tournaments.services.announcement.save`, which logs what changed."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from ..forms import apply_service_error
from ..links import absolute, public_base
from ..models import Announcement, Tournament
from ..services import Actor, ServiceError
from ..services import announcement as announcements
from .access import director_view

EUROS = {"base_cents": "base", "reduced_cents": "reduced", "early_cents": "early",
         "late_extra_cents": "late_extra"}


# A date picker sends and shows ISO dates (2026-11-02) whatever the page's language.
DAY = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")


def _euros(label: Any, required: bool = False) -> forms.DecimalField:
    return forms.DecimalField(label=label, required=required, min_value=Decimal(0),
                              max_value=Decimal(announcements.MAX_CENTS) / 100,
                              max_digits=7, decimal_places=2)


class AnnouncementForm(forms.Form):
    open = forms.BooleanField(label=_("Registration open"), required=False)
    starts_on = forms.DateField(label=_("First day"), required=False,
                                widget=DAY)
    ends_on = forms.DateField(label=_("Last day"), required=False,
                              widget=DAY)
    closes_on = forms.DateField(label=_("Registration until"), required=False,
                                widget=DAY)
    venue = forms.CharField(label=_("Venue"), max_length=200, required=False)
    text = forms.CharField(label=_("Announcement text"), max_length=5000, required=False,
                           widget=forms.Textarea(attrs={"rows": 6}))
    capacity = forms.IntegerField(label=_("Places (empty: no limit)"), required=False,
                                  min_value=0, max_value=announcements.MAX_PLACES)
    waiting_order = forms.ChoiceField(label=_("Waiting list moves up in"),
                                      choices=Announcement.WaitingOrder.choices)
    list_public = forms.BooleanField(label=_("Show the registered players publicly"),
                                     required=False)
    show_minors = forms.BooleanField(label=_("Show minors in the public list too"),
                                     required=False)
    base = _euros(_("Entry fee (€)"), required=True)
    reduced = _euros(_("Reduced fee for youth and members (€, empty: none)"))
    titled_free = forms.BooleanField(label=_("Titled players free"), required=False)
    early_until = forms.DateField(label=_("Early fee until"), required=False,
                                  widget=DAY)
    early = _euros(_("Early fee (€)"))
    late_from = forms.DateField(label=_("Late fee from"), required=False,
                                widget=DAY)
    late_extra = _euros(_("Late surcharge (€)"))
    bank = forms.CharField(label=_("Account for the fee (recipient, IBAN)"), max_length=300,
                           required=False)


def _initial(a: Announcement) -> dict[str, Any]:
    data = {f: getattr(a, f) for f in announcements.FIELDS if f not in EUROS}
    for field, name in EUROS.items():
        cents = getattr(a, field)
        data[name] = None if cents is None else Decimal(cents) / 100
    return data


@require_http_methods(["GET", "HEAD", "POST"])
@director_view
def announcement_settings(request: HttpRequest, t: Tournament) -> HttpResponse:
    a = announcements.of(t)
    form = AnnouncementForm(request.POST or None, initial=_initial(a))
    ctx = {"t": t, "form": form,
           "public_link": absolute(request, f"/t/{t.slug}/announcement/")}
    if request.method == "POST":
        if form.is_valid():
            cd = dict(form.cleaned_data)
            values = {f: cd[f] for f in announcements.FIELDS if f not in EUROS}
            for field, name in EUROS.items():
                value = cd[name]
                values[field] = None if value is None else int(value * 100)
            values["late_extra_cents"] = values["late_extra_cents"] or 0
            try:
                announcements.save(t, Actor(request.user, request.user.get_username()),
                                   base=public_base(request), **values)
            except ServiceError as e:
                apply_service_error(form, e, aliases={v: v for v in EUROS.values()} | {
                    k: v for k, v in EUROS.items()})
            else:
                messages.success(request, gettext("Announcement saved."))
                return redirect("director:announcement", t.slug)
        return render(request, "director/announcement.html", ctx, status=400)
    return render(request, "director/announcement.html", ctx)
