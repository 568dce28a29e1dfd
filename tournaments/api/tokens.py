"""API tokens that end (issue 32, finding 7): a token used to live for ever, even after its
user changed the password.

- **Rotated on a password change.** Whenever a user's password hash changes (the login
  page's form, ``manage.py changepassword``, the admin), every API token of that user is
  deleted (:func:`password_changed`, a ``pre_save`` receiver): whoever had the old password
  and took a token with it is out with the password. The next ``POST /api/v1/auth/token/``
  with the new password makes a new one. (Django re-hashing a password after an upgrade
  counts as a change too; the client then logs in again once.)
- **Revoked by its user.** ``/accounts/api-token/`` shows whether the account has a token,
  since when and when it was last used, and deletes it on request
  (:func:`revoke_tokens`).
- **Expired when unused.** A token not used for ``API_TOKEN_IDLE_DAYS`` (default 30) is
  refused with 401 and deleted (:class:`ExpiringTokenAuthentication`). The last use is
  written at most once per :data:`TOUCH_EVERY`, so a busy client costs no write per request.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models.signals import pre_save
from django.dispatch import receiver
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import AuthenticationFailed

from ..models import ApiTokenUse

log = logging.getLogger(__name__)
TOUCH_EVERY = timedelta(minutes=10)


def idle_limit() -> timedelta:
    return timedelta(days=max(1, int(getattr(settings, "API_TOKEN_IDLE_DAYS", 30))))


def last_use(token: Token) -> datetime:
    """When the token was last used, or made (a new token starts its own idle time)."""
    used = ApiTokenUse.objects.filter(user_id=token.user_id).values_list(
        "last_used", flat=True).first()
    return max(token.created, used) if used is not None else token.created


def expires(token: Token) -> datetime:
    return last_use(token) + idle_limit()


def revoke_tokens(user: Any, why: str) -> int:
    """Delete every API token of ``user``; how many there were."""
    deleted, _rows = Token.objects.filter(user=user).delete()
    if deleted:
        log.info("API token of user %s deleted: %s", user.pk, why)
    return deleted


class ExpiringTokenAuthentication(TokenAuthentication):
    """DRF's token authentication, refusing (and deleting) a token unused for too long."""

    def authenticate_credentials(self, key: str) -> tuple[Any, Token]:
        user, token = super().authenticate_credentials(key)
        now = timezone.now()
        last = last_use(token)
        if now - last > idle_limit():
            revoke_tokens(user, "unused for too long")
            raise AuthenticationFailed(_("This API token has expired after %(days)s days "
                                         "without use; ask for a new one at "
                                         "/api/v1/auth/token/.")
                                       % {"days": idle_limit().days})
        if now - last > TOUCH_EVERY:
            ApiTokenUse.objects.update_or_create(user_id=token.user_id,
                                                 defaults={"last_used": now})
        return user, token


@receiver(pre_save, sender=get_user_model(), dispatch_uid="turnierwart.token_rotation")
def password_changed(sender: Any, instance: Any, raw: bool = False, **kwargs: Any) -> None:
    """A new password hash ends the user's API tokens (see the module doc)."""
    if raw or instance.pk is None:
        return
    fields = kwargs.get("update_fields")
    if fields is not None and "password" not in fields:
        return
    old = sender.objects.filter(pk=instance.pk).values_list("password", flat=True).first()
    if old is not None and old != instance.password:
        revoke_tokens(instance, "password changed")
