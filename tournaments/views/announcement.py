"""The announcement page (Ausschreibung) with its registration form, and the player's own
page behind the personal link of the mail (docs/registration.md).

No account. The announcement page of a private tournament is shown only while it takes
registrations (else the plain 404 of an unknown address). The list of registered players
is shown when the organiser chose so, and without minors unless the organiser chose that
too. The personal page ``/r/<token>/`` shows the registration, its fee and reference, the
QR code the desk scans at check-in, and lets the player withdraw.
"""

from __future__ import annotations

import logging
from contextlib import suppress
from typing import Any

import segno
from django import forms
from django.db import DatabaseError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from .. import ratelimit
from ..common.text import validate_single_line
from ..disciplines import of as discipline_of
from ..links import public_base
from ..models import Registration, Tournament
from ..permissions import is_desk
from ..services import ServiceError, online
from ..services import announcement as announcements
from ..services.events import MAX_RATING
from ..services.prize_offer import offered
from ..services.waiting import waiting, waiting_number

log = logging.getLogger(__name__)


class RegistrationForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=online.NAME_LENGTH,
                           validators=[validate_single_line])
    email = forms.EmailField(label=_("E-mail"), max_length=online.EMAIL_LENGTH,
                             help_text=_("The confirmation and your personal link go here."))
    club = forms.CharField(label=_("Club"), max_length=online.NAME_LENGTH, required=False,
                           validators=[validate_single_line])
    youth = forms.BooleanField(label=_("Under 18 on the first day"), required=False)
    member = forms.BooleanField(label=_("Member of the organising club"), required=False)
    titled = forms.BooleanField(label=_("Titled player (GM, IM, WGM, WIM)"), required=False)
    # A field people never see: a script that fills in everything gives itself away.
    website = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, rating: tuple[str, Any] | None = None,
                 **kwargs: Any) -> None:
        """``rating``: the discipline's rating field (``("dwz", "DWZ")``, ``("rating",
        "Elo")``, …), asked optionally so the desk's list is seeded from the start."""
        super().__init__(*args, **kwargs)
        if rating is not None:
            kind, label = rating
            self.fields[kind] = forms.IntegerField(
                label=label, min_value=0, max_value=MAX_RATING, required=False,
                help_text=_("Empty if you have none."))
            self.order_fields(["name", "email", "club", kind])


def public_list(t: Tournament, a: Any) -> list[Registration] | None:
    """Who is registered, as the public sees it; None when the organiser keeps it private."""
    if not a.list_public:
        return None
    regs = Registration.objects.filter(tournament=t, place=Registration.Place.PLACED)
    if not a.show_minors:
        regs = regs.exclude(youth=True)
    return list(regs.order_by("number")[:online.MAX_REGISTRATIONS])


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def announcement_page(request: HttpRequest, slug: str) -> HttpResponse:
    """GET: the announcement and the form; POST: register, then the personal page."""
    t = get_object_or_404(Tournament, slug=slug)
    a = announcements.of(t)
    reason = online.closed_reason(t, a, timezone.localdate())
    if a.pk is None or (reason and not t.public and not is_desk(request.user, t)):
        raise Http404("no such announcement")
    event_form = online.needs_event_form(t)
    # The rating the discipline ranks by, as the event's announcement asks it (a section
    # with limits registers there, with its own rating fields).
    rating = None if event_form else discipline_of(t).desk_rating(t)
    form = RegistrationForm(request.POST or None, rating=rating)
    ctx: dict[str, Any] = {
        "t": t, "a": a, "discipline": discipline_of(t).label, "closed": reason, "form": form,
        "players": public_list(t, a), "placed": online.totals(t)["placed"],
        "waiting": waiting(t, a.waiting_order).count()}
    ctx["prizes"], ctx["prize_total"] = offered(t)
    ctx["event_form"] = event_form
    if request.method != "POST":
        return render(request, "public/announcement.html", ctx)
    if reason or ctx["event_form"]:
        return render(request, "public/announcement.html", ctx, status=400)
    if form.is_valid() and not form.cleaned_data.get("website"):
        cd = form.cleaned_data
        refused = ratelimit.prereg_request(request, t.pk)
        if refused:
            form.add_error(None, gettext("Many sign-ups are arriving right now. Nothing was "
                                         "stored: please send the form again in %(wait)s.")
                           % {"wait": ratelimit.wait_text(refused[1])})
            return ratelimit.too_many(render(request, "public/announcement.html", ctx,
                                             status=429), refused[1])
        try:
            reg = online.register_online(
                t, cd["name"], cd["email"], cd.get("club", ""), youth=cd["youth"],
                member=cd["member"], titled=cd["titled"],
                language=(get_language() or "de")[:2], base=public_base(request),
                facts=_rating_facts(cd, rating))
        except ServiceError as e:
            for field, msgs in e.errors.items():
                for msg in msgs:
                    form.add_error(field if field in form.fields else None, msg)
        except DatabaseError:
            log.warning("online registration failed in the database", exc_info=True)
            form.add_error(None, gettext("The database was busy. Please submit again."))
        else:
            return redirect(reverse("online:mine", args=[reg.token]) + "?new=1")
    elif form.is_valid():
        form.add_error(None, gettext("Please sign up with the form on this page."))
    return render(request, "public/announcement.html", ctx, status=400)


def _rating_facts(cd: dict[str, Any],
                  rating: tuple[str, Any] | None) -> dict[str, int | None] | None:
    """The rating given on the form, kept with the registration and its entrant."""
    if rating is None or cd.get(rating[0]) is None:
        return None
    return {rating[0]: cd[rating[0]]}


def _mine(token: str) -> Registration:
    reg = online.by_token(token)
    if reg is None:
        raise Http404("no such registration")
    return reg


@never_cache
@require_http_methods(["GET", "HEAD"])
def my_registration(request: HttpRequest, token: str) -> HttpResponse:
    """The player's own registration: state, fee, the check-in QR code, withdraw."""
    reg = _mine(token)
    a = announcements.of(reg.tournament)
    position = waiting_number(reg)
    link = public_base(request) + reverse("online:mine", args=[reg.token])
    qr = segno.make(link, error="m").svg_data_uri(scale=6, border=2)
    return render(request, "public/my_registration.html", {
        "reg": reg, "t": reg.tournament, "a": a, "position": position, "qr": qr,
        "link": link, "new": bool(request.GET.get("new")),
        "confirm": bool(request.GET.get("confirm")),
        "may_withdraw": online.link_withdraws(reg.tournament)})


@require_POST
def withdraw(request: HttpRequest, token: str) -> HttpResponse:
    """The player withdraws (the form asks to confirm with a tick)."""
    reg = _mine(token)
    if request.POST.get("confirm") != "yes":
        return redirect(reverse("online:mine", args=[reg.token]) + "?confirm=1#withdraw")
    with suppress(ServiceError):  # withdrawn already, or the tournament runs: the page says
        online.withdraw(reg, base=public_base(request))
    return redirect("online:mine", reg.token)
