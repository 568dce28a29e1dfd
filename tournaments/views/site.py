"""Small site-wide views: where a login lands, the account's API token, and the favicon at
its old address."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.views.decorators.http import require_http_methods, require_safe
from rest_framework.authtoken.models import Token

from ..api import tokens
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


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def api_token(request: HttpRequest) -> HttpResponse:
    """The account's API token: whether there is one, since when, last used, when it expires
    unused; a POST deletes it (issue 32, finding 7). The key itself is never shown here: a
    client gets it from ``POST /api/v1/auth/token/`` with the password."""
    if request.method == "POST":
        tokens.revoke_tokens(request.user, "revoked by its user")
        return redirect(f"{request.path}?revoked=1")
    token = Token.objects.filter(user_id=int(request.user.pk or 0)).first()
    return render(request, "registration/api_token.html", {
        "token": token, "last_use": tokens.last_use(token) if token else None,
        "expires": tokens.expires(token) if token else None,
        "idle_days": tokens.idle_limit().days,
        "revoked": request.GET.get("revoked") == "1" and token is None})


@require_safe
def favicon(request: HttpRequest) -> HttpResponse:
    """``/favicon.ico`` for browsers that ask for it without reading ``<link rel="icon">``."""
    return HttpResponseRedirect(static("favicon.svg"))
