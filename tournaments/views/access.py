"""Who gets into a tournament's pages: one decorator for the desk, the director and reports.

Anonymous users go to the login page; an htmx request gets an ``HX-Redirect`` to the
login page for the page it was made from, so a login form is never swapped into a
fragment. Logged-in users without the role get 403 (a page naming the missing role).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar
from urllib.parse import urlencode

from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django_htmx.http import HttpResponseClientRedirect

from ..models import Tournament
from ..permissions import is_desk, is_director
from .errors import NoRole

View = Callable[..., HttpResponse]
R = TypeVar("R", bound=HttpResponseBase)  # what a view returns: a page, or a file


def login_redirect(request: HttpRequest) -> HttpResponse:
    htmx = getattr(request, "htmx", None)
    if htmx:
        page = htmx.current_url_abs_path or request.get_full_path()
        return HttpResponseClientRedirect(f"{reverse('login')}?{urlencode({'next': page})}")
    return redirect_to_login(request.get_full_path())


def tournament_view(allowed: Callable[[Any, Tournament], bool], role: str = "desk"
                    ) -> Callable[[Callable[..., R]], Callable[..., R | HttpResponse]]:
    """Decorate ``view(request, tournament, ...)`` reached by ``slug``; without the role the
    403 page says which role is missing and who grants it (``errors.NoRole``)."""

    def decorate(view: Callable[..., R]) -> Callable[..., R | HttpResponse]:
        @wraps(view)
        def wrapper(request: HttpRequest, slug: str, *args: Any,
                    **kwargs: Any) -> R | HttpResponse:
            if not request.user.is_authenticated:
                return login_redirect(request)
            tournament = get_object_or_404(Tournament, slug=slug)
            if not allowed(request.user, tournament):
                raise NoRole(tournament, role)
            return view(request, tournament, *args, **kwargs)

        return wrapper

    return decorate


desk_view = tournament_view(is_desk, "desk")
director_view = tournament_view(is_director, "director")
