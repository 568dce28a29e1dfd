"""``POST /api/v1/auth/token/``: a director's token for username and password.

DRF's ``obtain_auth_token`` with two changes. Its serializer already calls Django's
``authenticate()`` with the request, so django-axes counts the failures and its backend
refuses a locked-out username+address before any password is checked; but DRF would say
that only as the usual 400 "Unable to log in". Here a lockout is answered 429 with
``Retry-After`` and ``{"detail": ...}`` saying why and for how long. And the fields are
bounded, like every string from outside (axes stores the username of a failure).

With DEBUG off the demo's published password is refused (tournaments/demo_guard.py) and
the 400 says so under ``password``.

A token expires after ``API_TOKEN_IDLE_DAYS`` unused and ends when the password changes
(tournaments/api/tokens.py); asking again gives a new one.

A token is no session login (no ``user_logged_in``), so unlike the login page a good
password here does not clear earlier failures; they expire with the cool-off.
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.authtoken.models import Token
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.exceptions import Throttled, ValidationError
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response

from .. import demo_guard, ratelimit
from ..models import ApiTokenUse
from . import serializers as s
from . import tokens
from .parsers import BoundedJSONParser

USERNAME_LENGTH = 150  # Django's User.username
PASSWORD_LENGTH = 4096  # far beyond any real password; hashing is not free


class TokenLoginSerializer(AuthTokenSerializer):
    """DRF's, with both fields bounded."""

    username = serializers.CharField(label=_("Username"), write_only=True,
                                     max_length=USERNAME_LENGTH)
    password = serializers.CharField(label=_("Password"), style={"input_type": "password"},
                                     trim_whitespace=False, write_only=True,
                                     max_length=PASSWORD_LENGTH)


class TokenLoginView(ObtainAuthToken):
    """A director's API token; throttled per username and address (django-axes)."""

    serializer_class = TokenLoginSerializer
    parser_classes = (FormParser, MultiPartParser, BoundedJSONParser)

    @extend_schema(summary="A director's API token for username and password",
                   request=TokenLoginSerializer,
                   responses={200: TokenLoginSerializer,
                              400: OpenApiResponse(OpenApiTypes.OBJECT, description=(
                                  "Wrong username or password (non_field_errors), or a "
                                  "field missing or too long (under its name).")),
                              429: OpenApiResponse(s.MessageSerializer,
                                                   description="Too many failed log-ins for "
                                                               "this username from this "
                                                               "address; see Retry-After.")},
                   auth=[])
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        serializer = self.get_serializer(data=request.data)
        try:
            serializer.is_valid(raise_exception=True)
        except ValidationError:
            # axes marks the request it was given (DRF's Request) when it locks or refuses.
            if getattr(request, "axes_locked_out", False):
                raise Throttled(wait=int(ratelimit.login_cooloff().total_seconds()),
                                detail=ratelimit.login_locked_message()) from None
            # the demo's published password, refused with DEBUG off (demo_guard): say so
            if getattr(request, demo_guard.REFUSED_MARK, False):
                username = str(request.data.get("username", ""))[:USERNAME_LENGTH]
                raise ValidationError({"password": [demo_guard.refusal_message(username)]},
                                      code="demo_password") from None
            raise
        user = serializer.validated_data["user"]
        token, _created = Token.objects.get_or_create(user=user)
        if timezone.now() > tokens.expires(token):  # an expired token is never handed out
            tokens.revoke_tokens(user, "unused for too long")
            token = Token.objects.create(user=user)
        ApiTokenUse.objects.update_or_create(user=user, defaults={"last_used": timezone.now()})
        return Response({"token": token.key})


token_login = TokenLoginView.as_view()
