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

from scoring.bank import grouped

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


def _euros(label: Any, required: bool = False, help_text: Any = "") -> forms.DecimalField:
    return forms.DecimalField(label=label, required=required, min_value=Decimal(0),
                              max_value=Decimal(announcements.MAX_CENTS) / 100,
                              max_digits=7, decimal_places=2, help_text=help_text)


class AnnouncementForm(forms.Form):
    open = forms.BooleanField(
        label=_("Registration open"), required=False,
        help_text=_("While ticked, the public page takes registrations (until the day "
                    "below, and never after the first draw)."))
    starts_on = forms.DateField(label=_("First day"), required=False, widget=DAY,
                                help_text=_("\"Under 18\" on the form means under 18 on this "
                                            "day."))
    ends_on = forms.DateField(label=_("Last day"), required=False, widget=DAY,
                              help_text=_("Empty for a tournament of one day."))
    closes_on = forms.DateField(label=_("Registration until"), required=False, widget=DAY,
                                help_text=_("The last day of online registration; empty: "
                                            "until the first draw."))
    venue = forms.CharField(label=_("Venue"), max_length=200, required=False,
                            help_text=_("Hall and address, as players should find it."))
    text = forms.CharField(label=_("Announcement text"), max_length=5000, required=False,
                           widget=forms.Textarea(attrs={"rows": 6}),
                           help_text=_("Mode, time control, prizes in words: shown as "
                                       "written."))
    capacity = forms.IntegerField(
        label=_("Places (empty: no limit)"), required=False, min_value=0,
        max_value=announcements.MAX_PLACES,
        help_text=_("Later registrations go on the waiting list; they owe no fee until they "
                    "have a place. More places move the first waiting ones up at once."))
    waiting_order = forms.ChoiceField(
        label=_("Waiting list moves up in"), choices=Announcement.WaitingOrder.choices,
        help_text=_("Who gets a place that frees up first."))
    list_public = forms.BooleanField(
        label=_("Show the registered players publicly"), required=False,
        help_text=_("Name and club of those with a place, on the public page."))
    show_minors = forms.BooleanField(
        label=_("Show minors in the public list too"), required=False,
        help_text=_("Unticked, players under 18 are left out of the public list."))
    base = _euros(_("Entry fee (€)"), required=True,
                  help_text=_("0 for a tournament without fee (every fee is then waived)."))
    reduced = _euros(_("Reduced fee for youth and members (€, empty: none)"),
                     help_text=_("Players under 18 and members of the organising club pay "
                                 "this instead."))
    titled_free = forms.BooleanField(label=_("Titled players free"), required=False,
                                     help_text=_("GM, IM, WGM and WIM pay nothing."))
    early_until = forms.DateField(label=_("Early fee until"), required=False, widget=DAY,
                                  help_text=_("The last day of the early fee; give the early "
                                              "fee too."))
    early = _euros(_("Early fee (€)"),
                   help_text=_("Instead of the full entry fee for those registering early; "
                               "the reduced fee is not lowered further."))
    late_from = forms.DateField(label=_("Late fee from"), required=False, widget=DAY,
                                help_text=_("From this day on the surcharge below is added."))
    late_extra = _euros(_("Late surcharge (€)"),
                        help_text=_("Added to whatever is owed from the day above."))
    bank = forms.CharField(label=_("Account holder"), max_length=300, required=False,
                           help_text=_("Whom the fee is paid to, e.g. \"SC Muster e.V.\"; "
                                       "with the bank's name if you like."))
    iban = forms.CharField(label=_("IBAN"), max_length=60, required=False,
                           help_text=_("With or without spaces; its check digits are "
                                       "checked, so a typo is caught here."),
                           widget=forms.TextInput(attrs={"autocomplete": "off",
                                                         "spellcheck": "false"}))
    bic = forms.CharField(label=_("BIC (optional)"), max_length=20, required=False,
                          help_text=_("8 or 11 characters; German banks need none for SEPA "
                                      "transfers."),
                          widget=forms.TextInput(attrs={"autocomplete": "off",
                                                        "spellcheck": "false"}))


def _initial(a: Announcement) -> dict[str, Any]:
    data = {f: getattr(a, f) for f in announcements.FIELDS if f not in EUROS}
    for field, name in EUROS.items():
        cents = getattr(a, field)
        data[name] = None if cents is None else Decimal(cents) / 100
    data["iban"] = grouped(a.iban) if a.iban else ""
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
