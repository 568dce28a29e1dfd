"""Small site-wide views: where a login lands, and the favicon at its old address."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect
from django.templatetags.static import static
from django.views.decorators.http import require_safe

from .errors import staff_links


@require_safe
@login_required
def after_login(request: HttpRequest) -> HttpResponse:
    """A login without ``next`` lands where the account may work: the director's pages for
    directors (and those who may create tournaments), the desk for desk staff, else the
    spectators' list. Never on a page that answers 403."""
    links = staff_links(request.user)
    if links["director"]:
        return redirect("director:home")
    if links["desk"]:
        return redirect("desk:index")
    return redirect("public:home")


@require_safe
def favicon(request: HttpRequest) -> HttpResponse:
    """``/favicon.ico`` for browsers that ask for it without reading ``<link rel="icon">``."""
    return HttpResponseRedirect(static("favicon.svg"))
