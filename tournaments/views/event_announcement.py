"""An event's announcement at ``/v/<event>/announcement/``: its sections (limits, fees,
places left, prizes) and one registration form for all of them (docs/registration.md).

The section is chosen in the form or found by the limits on the server
(:func:`tournaments.services.event_registration.register_at_event`); a refusal is shown at
its field (400). After registering the person lands on the personal page of the section's
registration, as from a tournament's own announcement.
"""

from __future__ import annotations

import logging
from typing import Any

from django import forms
from django.db import DatabaseError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from .. import ratelimit
from ..links import public_base
from ..models import Event
from ..permissions import directs_event
from ..services import ServiceError
from ..services import event_registration as event_reg
from ..services.events import MAX_RATING, YEARS, limits_text, section_name
from ..services.prize_offer import offered
from .announcement import RegistrationForm

log = logging.getLogger(__name__)


class EventRegistrationForm(RegistrationForm):
    """The tournament's form, plus the section and the facts its limits ask."""

    section = forms.TypedChoiceField(label=_("Section"), coerce=int, empty_value=None,
                                     required=False)
    birth_year = forms.IntegerField(label=_("Year of birth"), min_value=YEARS[0],
                                    max_value=YEARS[1], required=False,
                                    help_text=_("For the sections with an age limit."))
    field_order = ["section", "name", "email", "club"]

    def __init__(self, *args: Any, offers: list[event_reg.SectionOffer],
                 kinds: list[tuple[str, Any]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        section = self.fields["section"]
        assert isinstance(section, forms.TypedChoiceField)
        section.choices = [("", gettext("Place me by my rating and age"))] + [
            (o.tournament.pk, f"{section_name(o.tournament)} – {limits_text(o.tournament)}")
            for o in offers if not o.closed]
        for kind, label in kinds:  # "rating" and/or "dwz": what the sections rank by
            self.fields[kind] = forms.IntegerField(
                label=label, min_value=0, max_value=MAX_RATING, required=False,
                help_text=_("Empty if you have none."))
        self.order_fields(["section", "name", "email", "club", *(k for k, _l in kinds),
                           "birth_year"])


def _public(event: Event, offers: list[event_reg.SectionOffer], user: Any) -> bool:
    return any(o.tournament.public or not o.closed for o in offers) or \
        directs_event(user, event)


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def event_announcement(request: HttpRequest, event: str) -> HttpResponse:
    """GET: the sections and the form; POST: register in a section, then the personal
    page of that registration."""
    found = get_object_or_404(Event, slug=event)
    today = timezone.localdate()
    offers = event_reg.offers(found, today)
    if not offers or not _public(found, offers, request.user):
        raise Http404("no such announcement")
    kinds = event_reg.rating_kinds(offers)
    form = EventRegistrationForm(request.POST or None, offers=offers, kinds=kinds)
    rows = []
    for o in offers:
        prizes, total = offered(o.tournament)
        rows.append({"o": o, "t": o.tournament, "a": o.announcement,
                     "label": section_name(o.tournament),
                     "limits": limits_text(o.tournament), "prizes": prizes,
                     "prize_total": total})
    taking = any(not o.closed for o in offers)
    ctx: dict[str, Any] = {"event": found, "rows": rows, "form": form, "taking": taking,
                           "closed": offers[0].closed if not taking else ""}
    if request.method != "POST":
        return render(request, "public/event_announcement.html", ctx)
    if not taking:
        return render(request, "public/event_announcement.html", ctx, status=400)
    if form.is_valid() and not form.cleaned_data.get("website"):
        cd = form.cleaned_data
        first = next(o.tournament for o in offers if not o.closed)
        refused = ratelimit.prereg_request(request, first.pk)
        if refused:
            form.add_error(None, gettext("Many sign-ups are arriving right now. Nothing was "
                                         "stored: please send the form again in %(wait)s.")
                           % {"wait": ratelimit.wait_text(refused[1])})
            return ratelimit.too_many(render(request, "public/event_announcement.html", ctx,
                                             status=429), refused[1])
        try:
            reg = event_reg.register_at_event(
                found, cd["name"], cd["email"], cd.get("club", ""), section=cd["section"],
                facts={k: cd.get(k) for k in event_reg.FACT_KEYS},
                youth=cd["youth"], member=cd["member"], titled=cd["titled"],
                language=(get_language() or "de")[:2], base=public_base(request),
                today=today)
        except ServiceError as e:
            for field, msgs in e.errors.items():
                target = field if field in form.fields else (
                    "section" if field in ("rating", "dwz") and field not in form.fields
                    else None)
                for msg in msgs:
                    form.add_error(target, msg)
        except DatabaseError:
            log.warning("event registration failed in the database", exc_info=True)
            form.add_error(None, gettext("The database was busy. Please submit again."))
        else:
            return redirect(reverse("online:mine", args=[reg.token]) + "?new=1")
    elif form.is_valid():
        form.add_error(None, gettext("Please sign up with the form on this page."))
    return render(request, "public/event_announcement.html", ctx, status=400)
