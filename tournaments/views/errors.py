"""The error pages (400, 403, 404, 500, CSRF) in the site's own style, saying what to do.

``config/urls.py`` names these as Django's handlers, so production (``DJANGO_DEBUG=0``)
renders them. ``make run`` runs with ``DJANGO_DEBUG=1``, where Django would show its
debug pages instead (a 404 listing every URL pattern, a 500 with the traceback and the
settings); :class:`FriendlyErrorsMiddleware` gives it the same pages as production, unless
``DJANGO_DEBUG_PAGES=1`` asks for Django's own (a developer at work).

A 403 from a tournament's pages says which role is missing and who can grant it; the
links on every error page are only those the visitor's roles may use.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from ..models import Role, Tournament
from ..permissions import directs_any, may_create_tournaments

log = logging.getLogger(__name__)


class NoRole(PermissionDenied):
    """A logged-in user without the role a tournament's page needs ("desk" or "director")."""

    def __init__(self, tournament: Tournament, role: str) -> None:
        super().__init__(f"no {role} role in {tournament.slug}")
        self.tournament = tournament
        self.role = role


def staff_links(user: Any) -> dict[str, bool]:
    """Which staff areas this user may open: the only staff links an error page offers."""
    if not getattr(user, "is_authenticated", False):
        return {"desk": False, "director": False}
    director = bool(may_create_tournaments(user) or directs_any(user))
    desk = director or Role.objects.filter(user=user).exists()
    return {"desk": desk, "director": director}


def _page(request: HttpRequest, status: int, context: dict[str, Any]) -> HttpResponse:
    # No CSRF token: an error page has no form, and its body must not differ from one
    # request to the next (a private tournament's 404 is the unknown address's 404).
    context = {"status": status, "csrf_token": "", **context}
    html = render_to_string("errors/page.html", context, request=request)
    response = HttpResponse(html, status=status, content_type="text/html; charset=utf-8")
    response["Cache-Control"] = "no-store"
    return response


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _page(request, 400, {
        "title": _("This request cannot be answered"),
        "text": _("The address or the form sent was not understood. Go back, reload the "
                  "page and try again."),
    })


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    user: Any = getattr(request, "user", None)  # none when the middleware never ran
    context: dict[str, Any] = {"title": _("No access")}
    if isinstance(exception, NoRole):
        context["tournament"] = exception.tournament
        if exception.role == "director":
            context["text"] = _(
                "You are logged in as %(user)s, but you are not a director of “%(name)s”. "
                "Ask its director to add you as director (director's page of the "
                "tournament → Settings → Roles).") % {
                    "user": user.get_username(), "name": exception.tournament.name}
        else:
            context["text"] = _(
                "You are logged in as %(user)s, but you have no role in “%(name)s” yet. "
                "Ask its director to add you as desk (director's page of the tournament "
                "→ Settings → Roles), then reload this page.") % {
                    "user": user.get_username(), "name": exception.tournament.name}
    elif getattr(user, "is_authenticated", False) and _is_director_home(request):
        context["text"] = _(
            "You are logged in as %(user)s. The director's pages are for those who direct a "
            "tournament or may create one; the administrator gives that right, a "
            "tournament's director can add you to it.") % {"user": user.get_username()}
    elif getattr(user, "is_authenticated", False):
        context["text"] = _(
            "You are logged in as %(user)s, but this page needs a role you do not have. "
            "Ask the tournament's director to add you (Settings → Roles).") % {
                "user": user.get_username()}
    else:
        context["text"] = _("This page is for the tournament's staff. Please log in.")
        context["login"] = True
    return _page(request, 403, context)


def _is_director_home(request: HttpRequest) -> bool:
    match = getattr(request, "resolver_match", None)
    return bool(match and match.view_name == "director:home")


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _page(request, 404, {
        "title": _("Page not found"),
        "text": _("There is no page at this address. It may be mistyped, or the "
                  "tournament is not public (any more). The tournaments that are public "
                  "are listed on the overview."),
    })


def server_error(request: HttpRequest) -> HttpResponse:
    """Never fails itself: without a working request context (the database away, a broken
    template) it falls back to a page that needs nothing."""
    context = {
        "title": _("Something went wrong"),
        "text": _("The server could not finish this request; the error has been logged. "
                  "Go back and try again. If it happens again, tell the director."),
    }
    try:
        return _page(request, 500, context)
    except Exception:  # the last resort must answer
        log.exception("the 500 page itself failed")
        html = render_to_string("errors/page.html", {"status": 500, **context})
        return HttpResponse(html, status=500, content_type="text/html; charset=utf-8")


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A form sent from a page that is too old (or from another site): say how to go on."""
    return _page(request, 403, {
        "title": _("The form has expired"),
        "text": _("The page this form came from is too old (or you logged in or out in "
                  "another tab). Go back, reload the page and send the form again."),
    })


def debug_pages_wanted() -> bool:
    return bool(getattr(settings, "DEBUG_ERROR_PAGES", False))


class FriendlyErrorsMiddleware:
    """With ``DEBUG`` (``make run``): the project's 404 and 500 pages, not Django's debug pages.

    Without ``DEBUG`` it does nothing: Django itself then calls the handlers of
    ``config/urls.py``. An unknown address (nothing resolved) that Django answered with
    its debug 404 gets the project's 404; a view's own 404 (a captain's unknown link, the
    API's JSON) is left as it is. Exceptions Django answers itself with 400 or 403
    (``PermissionDenied``, ``SuspiciousOperation``, ``BadRequest``) pass through.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def active(self) -> bool:
        return bool(settings.DEBUG) and not debug_pages_wanted()

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (self.active() and response.status_code == 404
                and getattr(request, "resolver_match", None) is None):
            return page_not_found(request)
        return response

    def process_exception(self, request: HttpRequest,
                          exception: Exception) -> HttpResponse | None:
        if not self.active():
            return None
        if isinstance(exception, Http404):
            return page_not_found(request, exception)
        from django.core.exceptions import BadRequest, SuspiciousOperation

        if isinstance(exception, (PermissionDenied, SuspiciousOperation, BadRequest)):
            return None  # Django answers these with the handlers, DEBUG or not
        log.error("Internal Server Error: %s", request.path, exc_info=exception)
        return server_error(request)
