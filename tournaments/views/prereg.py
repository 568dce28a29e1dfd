"""The public pre-registration page: names in, a check-in code and its QR code out.

No account. The page exists while the director has opened pre-registration
(``Tournament.prereg_open``) and the tournament has not started; a closed page of a
public tournament says why, one of a private tournament is the plain 404 of an
unknown address (its name stays private). The sign-up goes
through :func:`tournaments.services.prereg.preregister`; the code is shown once
after a redirect (so a reload never signs up twice) and kept only in a signed
cookie of this browser, never on the server, so the person can open the page again
to show it at the desk.

Sign-ups are counted per address and per tournament before anything is stored
(:func:`tournaments.ratelimit.prereg_request`): over a limit the same page says so,
keeps what was typed, and answers 429 with ``Retry-After``.
"""

from __future__ import annotations

import logging
from typing import Any

import segno
from django import forms
from django.db import DatabaseError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from .. import ratelimit
from ..common.text import validate_single_line
from ..disciplines import of
from ..models import Entrant, Tournament
from ..permissions import is_desk
from ..services import ServiceError, prereg

log = logging.getLogger(__name__)
COOKIE_SALT = "turnierwart.prereg.cookie"
COOKIE_DAYS = 60


class PreregForm(forms.Form):
    """The names of a pair (the second may stay empty: comes alone) or of one player."""

    p1_name = forms.CharField(label=_("Name"), max_length=prereg.NAME_LENGTH,
                              validators=[validate_single_line])
    club = forms.CharField(label=_("Club"), max_length=prereg.NAME_LENGTH, required=False,
                           validators=[validate_single_line])
    # A field people never see: a script that fills in everything gives itself away.
    website = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, pair: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.pair = pair
        if pair:
            self.fields["p1_name"].label = _("Player 1")
            self.fields["p2_name"] = forms.CharField(
                label=_("Player 2"), max_length=prereg.NAME_LENGTH, required=False,
                validators=[validate_single_line],
                help_text=_("Leave empty if you come alone: the desk finds you a partner."))
            self.order_fields(["p1_name", "p2_name", "club", "website"])


def _cookie_name(t: Tournament) -> str:
    return f"prereg-{t.pk}"


def _remembered(request: HttpRequest, t: Tournament) -> tuple[Entrant, str] | None:
    """The entrant and code this browser signed up, if it still stands."""
    value = request.get_signed_cookie(_cookie_name(t), default=None, salt=COOKIE_SALT,
                                      max_age=COOKIE_DAYS * 86400)
    if not value or ":" not in value:
        return None
    pk, code = value.split(":", 1)
    entrant = Entrant.objects.filter(tournament=t, pk=int(pk) if pk.isdecimal() else 0,
                                     code_digest=prereg.digest(t.pk, code)).first()
    return (entrant, code) if entrant is not None else None


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def prereg_page(request: HttpRequest, slug: str) -> HttpResponse:
    """GET: the form (or with ``?done=1`` the code); POST: sign up and show the code."""
    t = get_object_or_404(Tournament, slug=slug)
    pair = t.entrant_kind == Tournament.EntrantKind.PAIR
    base = {"t": t, "discipline": of(t).label, "pair": pair}
    mine = _remembered(request, t)
    if request.method != "POST" and request.GET.get("done") and mine is not None:
        entrant, code = mine
        qr = segno.make(code, error="m").svg_data_uri(scale=8, border=2)
        return render(request, "public/prereg_done.html",
                      {**base, "e": entrant, "code": code, "qr": qr})
    reason = prereg.closed_reason(t)
    if reason and not t.public and not is_desk(request.user, t):
        # A private tournament shows its page only while it takes sign-ups; otherwise
        # the very 404 of an unknown address, which names nothing.
        raise Http404("no such tournament")
    if reason:
        return render(request, "public/prereg.html", {**base, "closed": reason, "mine": mine},
                      status=404)
    form = PreregForm(request.POST or None, pair=pair)
    if request.method != "POST":
        return render(request, "public/prereg.html", {**base, "form": form, "mine": mine})
    if form.is_valid() and not form.cleaned_data.get("website"):
        cd = form.cleaned_data
        refused = ratelimit.prereg_request(request, t.pk)
        if refused:
            which, retry = refused
            wait = {"wait": ratelimit.wait_text(retry)}
            if which == "address":
                text = gettext("Several people have just been signed up from your device or "
                               "network. Nothing was stored this time: please send the form "
                               "again in %(wait)s.") % wait
            else:
                text = gettext("Many sign-ups are arriving for this tournament right now. "
                               "Nothing was stored this time: please send the form again in "
                               "%(wait)s.") % wait
            form.add_error(None, text)
            response = render(request, "public/prereg.html", {**base, "form": form,
                                                              "mine": mine}, status=429)
            return ratelimit.too_many(response, retry)
        try:
            entrant, code = prereg.preregister(
                t, [cd["p1_name"], cd.get("p2_name", "")], club=cd.get("club", ""))
        except ServiceError as e:
            for field, msgs in e.errors.items():
                for msg in msgs:
                    form.add_error(field if field in form.fields else None, msg)
        except DatabaseError:
            log.warning("pre-registration failed in the database", exc_info=True)
            form.add_error(None, gettext("The database was busy. Please submit again."))
        else:
            response = redirect(reverse("public:prereg", args=[t.slug]) + "?done=1")
            response.set_signed_cookie(
                _cookie_name(t), f"{entrant.pk}:{code}", salt=COOKIE_SALT,
                max_age=COOKIE_DAYS * 86400, httponly=True, samesite="Lax",
                secure=request.is_secure(), path=reverse("public:prereg", args=[t.slug]))
            return response
    elif form.is_valid():
        form.add_error(None, gettext("Please sign up with the form on this page."))
    return render(request, "public/prereg.html", {**base, "form": form, "mine": mine},
                  status=400)
