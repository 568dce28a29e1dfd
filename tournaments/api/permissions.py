"""Who may call a view, as DRF permission classes declared on the views.

The rules themselves live in :mod:`tournaments.permissions` (pages and API ask the same
functions); :class:`~tournaments.permissions.MayCreateTournaments` is there too.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework.permissions import BasePermission

from ..permissions import is_director


class IsTournamentDirector(BasePermission):
    """A director of the view's tournament (a superuser directs all).

    The view names its tournament (``view.tournament``: 404 for an unknown slug). Put it
    after ``IsAuthenticated``, so a request without credentials is a 401 before anything
    is looked up, and anyone else who is logged in gets a 403.
    """

    message = _("Only a director of this tournament may do this.")

    def has_permission(self, request: Any, view: Any) -> bool:
        return is_director(request.user, view.tournament)


class HoldsCaptainLink(BasePermission):
    """A table captain's link: the URL's token opens a table (``view.table``).

    Captains have no account; the unguessable token is the key. The view looks the token
    up (404 for one that opens no table, 429 over a rate limit, before anything else is
    read); it opens that one table and nothing else.
    """

    def has_permission(self, request: Any, view: Any) -> bool:
        return view.table is not None
