"""The round page's posts that change a chess preview by hand (:mod:`.preview_edit`).

Both answer with the round page again: a success message names the boards as they are
now, a refusal says why (a rematch; a colour clash, which the form's box confirms).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ...models import Tournament
from ...services import ServiceError
from ...views.access import director_view
from ...views.director import actor, error_messages
from . import preview_edit


class SwapForm(forms.Form):
    first = forms.IntegerField(min_value=1, max_value=9999)
    second = forms.IntegerField(min_value=1, max_value=9999)
    confirm_colour_clash = forms.BooleanField(required=False)


class ColoursForm(forms.Form):
    board = forms.IntegerField(min_value=1, max_value=9999)
    confirm_colour_clash = forms.BooleanField(required=False)


def _back(t: Tournament, number: int) -> HttpResponse:
    return redirect(reverse("director:round", args=[t.slug, number]) + "#pairing-edit")


def _done(request: HttpRequest, boards: list[preview_edit.Board]) -> None:
    shown = "; ".join(_("board %(n)s: %(white)s – %(black)s") % {
        "n": b.number, "white": b.white, "black": b.black} for b in boards)
    messages.success(request, _("Pairing changed: %(boards)s.") % {"boards": shown})


def _refused(request: HttpRequest, form: forms.Form) -> None:
    for field, errors in form.errors.items():
        for e in errors:
            messages.error(request, f"{field}: {e}" if field != "__all__" else str(e))


def _change(request: HttpRequest, t: Tournament, number: int, form_class: type[forms.Form],
            call: Callable[[dict[str, Any]], list[preview_edit.Board]]) -> HttpResponse:
    """Check the form, make the change, say what the boards are now (or why not)."""
    if not t.disc.has_pairing_edit:
        raise Http404("no pairing edits in this discipline")
    form = form_class(request.POST)
    if not form.is_valid():
        _refused(request, form)
        return _back(t, number)
    try:
        boards = call(form.cleaned_data)
    except ServiceError as exc:
        error_messages(request, exc)
    else:
        _done(request, boards)
    return _back(t, number)


@director_view
@require_POST
def swap_players(request: HttpRequest, t: Tournament, number: int) -> HttpResponse:
    return _change(request, t, number, SwapForm, lambda d: preview_edit.swap_players(
        t, actor(request), number, d["first"], d["second"], d["confirm_colour_clash"]))


@director_view
@require_POST
def swap_colours(request: HttpRequest, t: Tournament, number: int) -> HttpResponse:
    return _change(request, t, number, ColoursForm, lambda d: [preview_edit.swap_colours(
        t, actor(request), number, d["board"], d["confirm_colour_clash"])])
