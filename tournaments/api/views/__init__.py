"""The REST API: a director's token does what the director's pages do, through the services.

Every tournament-scoped view loads the tournament by slug and refuses anyone
who is not its director (401 without credentials, 403 with the wrong ones,
404 for an unknown slug) before it looks at anything else: its
``permission_classes`` say so (:mod:`..permissions`). Every change is a call of
:mod:`tournaments.services`, every read that decides something a call of
:mod:`tournaments.selectors`; a :class:`ServiceError` becomes a 400 (or the error's
own status) that names the field (see :mod:`..errors`). Table captains have no
account: their unguessable token is the key, and it opens only its own table.

One module per resource, as the URLs group them (:mod:`..urls`).
"""

from .captain import CaptainView
from .entrants import EntrantDetailView, EntrantListView
from .log import LogView, UndoView
from .registrations import (
    RegistrationCheckInView,
    RegistrationDetailView,
    RegistrationListView,
    RegistrationWithdrawView,
    StatementImportView,
)
from .results import AcceptView, ResultView
from .rounds import (
    CleanupView,
    CloseView,
    DrawView,
    PublishView,
    ReopenView,
    RoundDetailView,
    RoundListView,
    UndoDrawView,
)
from .standings import StandingsView
from .tournaments import DocumentView, ImportView, TournamentDetailView, TournamentListView

__all__ = [
    "AcceptView",
    "CaptainView",
    "CleanupView",
    "CloseView",
    "DocumentView",
    "DrawView",
    "EntrantDetailView",
    "EntrantListView",
    "ImportView",
    "LogView",
    "PublishView",
    "RegistrationCheckInView",
    "RegistrationDetailView",
    "RegistrationListView",
    "RegistrationWithdrawView",
    "ReopenView",
    "ResultView",
    "RoundDetailView",
    "RoundListView",
    "StandingsView",
    "StatementImportView",
    "TournamentDetailView",
    "TournamentListView",
    "UndoDrawView",
    "UndoView",
]
