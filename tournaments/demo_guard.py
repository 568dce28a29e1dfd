"""The demo's published password never opens a production server.

``make run`` gives the demo logins (``direktor`` is a superuser) the password the README
prints. A hall laptop that later serves the same database with ``DJANGO_DEBUG=0`` would
let anybody who read the README into ``/admin/`` and the API. So with DEBUG off:

- :class:`PublishedPasswordBackend` (after axes' backend in AUTHENTICATION_BACKENDS)
  refuses that password for every account, on the login page, the admin and the API's
  token endpoint alike. It raises ``PermissionDenied``, so Django stops asking the other
  backends and sends ``user_login_failed``: axes counts it like any wrong password.
- :class:`LoginForm` says why on the login page (the password is known to everybody, and
  how to set another), instead of the usual "wrong name or password".
- :func:`published_password_check` (``manage.py check --deploy``) warns while a demo
  account, or a superuser, still has it.

Only this constant is refused: a ``DEMO_PASSWORD`` the operator chose is theirs.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm
from django.core import checks
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import DatabaseError
from django.http import HttpRequest
from django.utils.translation import gettext as _

PUBLISHED_PASSWORD = "turnierwart"  # printed in the README, for make run on a laptop
DEMO_USERNAMES = ("direktor", "anmeldung")  # load_demo's accounts
MAX_CHECKED = 12  # the deploy check hashes at most this many accounts (each takes ~0.1 s)
REFUSED_MARK = "demo_password_refused"  # attribute on the request, for the form and the API


def refused(password: object) -> bool:
    """True if this password may not log in here: the published one, with DEBUG off."""
    return not settings.DEBUG and password == PUBLISHED_PASSWORD


def refusal_message(username: str) -> str:
    return _("This is the demo's published password (README); a production server refuses "
             "it. Set a new one on the server: manage.py changepassword %(name)s") % {
        "name": username or "<name>"}


class PublishedPasswordBackend:
    """Refuses the published password before ModelBackend checks it (DEBUG off only)."""

    def authenticate(self, request: HttpRequest | None, username: str | None = None,
                     password: str | None = None, **kwargs: Any) -> None:
        if refused(password):
            if request is not None:
                setattr(request, REFUSED_MARK, True)
            raise PermissionDenied("the demo's published password")
        return None

    # No get_user: this backend never logs anybody in, and Django's test client
    # (force_login) takes the first backend that has one for the session.


class LoginForm(AuthenticationForm):
    """Django's login form; a refused published password gets its own explanation."""

    def get_invalid_login_error(self) -> ValidationError:
        if self.request is not None and getattr(self.request, REFUSED_MARK, False):
            return ValidationError(refusal_message(self.cleaned_data.get("username") or ""),
                                   code="demo_password")
        return super().get_invalid_login_error()

    def clean(self) -> dict[str, Any]:
        """A refused login marks both fields invalid and points them at the message (issue 31
        #27): the error is the form's, not a field's, so Django would mark neither."""
        try:
            return super().clean()
        except ValidationError:
            for name in ("username", "password"):
                self.fields[name].widget.attrs.update(
                    {"aria-invalid": "true", "aria-describedby": "login-error"})
            raise


@checks.register(checks.Tags.security, deploy=True)
def published_password_check(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    """``check --deploy``: active demo accounts and superusers that still have the
    published password (refused while DEBUG is off, but open whenever DEBUG is on)."""
    User = get_user_model()
    try:
        demo = list(User.objects.filter(username__in=DEMO_USERNAMES, is_active=True))
        others = list(User.objects.filter(is_superuser=True, is_active=True)
                      .exclude(username__in=DEMO_USERNAMES)
                      .order_by("pk")[:MAX_CHECKED - len(demo)])
    except DatabaseError:  # not migrated yet: nothing to check
        return []
    names = [u.get_username() for u in demo + others if u.check_password(PUBLISHED_PASSWORD)]
    if not names:
        return []
    return [checks.Warning(
        f"Accounts with the demo's published password ({PUBLISHED_PASSWORD!r}): "
        f"{', '.join(names)}. With DEBUG off they cannot log in with it; with DEBUG on "
        "anyone who read the README can.",
        hint="Set new passwords: " + "; ".join(
            f"manage.py changepassword {name}" for name in names),
        id="tournaments.W001")]
