"""The language switch in every page's header: a plain link that sets the language cookie.

Django's own ``set_language`` changes the language only on POST, so every page carried a
form with the visitor's CSRF token, and that token made every spectator's whole page
personal: no shared cache (the proxy in front, a CDN) could keep it, and a big evening's
whole-page loads all reached the app (docs/load.md). The language is no secret and setting
it harms nobody, so a link (GET) sets it here; a spectator's page then carries nothing of
the visitor and may be kept for a second like its live blocks
(:func:`tournaments.views.public.shared_page`).
"""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_safe

NEXT_MAX = 2000  # longer than any address of ours; a longer one goes to the start page


@require_safe
def switch(request: HttpRequest, language: str) -> HttpResponse:
    """Set the ``language`` and go back to ``next`` (only an address of this site)."""
    if language not in dict(settings.LANGUAGES):
        raise Http404("unknown language")
    target = request.GET.get("next") or "/"
    if len(target) > NEXT_MAX or not url_has_allowed_host_and_scheme(
            target, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        target = "/"
    response = HttpResponseRedirect(target)
    response.set_cookie(settings.LANGUAGE_COOKIE_NAME, language,
                        max_age=settings.LANGUAGE_COOKIE_AGE, path=settings.LANGUAGE_COOKIE_PATH,
                        domain=settings.LANGUAGE_COOKIE_DOMAIN,
                        secure=settings.LANGUAGE_COOKIE_SECURE or request.is_secure(),
                        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
                        samesite=settings.LANGUAGE_COOKIE_SAMESITE)
    return response
