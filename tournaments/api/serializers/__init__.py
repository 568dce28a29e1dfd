"""Serializers of the API: they check the shape of a request; the services check its meaning.

Input serializers stop what would otherwise crash a service (a rating that is
not a number, a list that is an object) with a 400 naming the field; every
rule of the tournament itself (a draw method of the discipline, a Bobbl that
nobody won) is the service's, so the API and the pages refuse the same things
with the same words. Output serializers describe the JSON for the schema and
turn what the services and selectors return into it.

One module per resource; everything is importable from here (``s.EntrantSerializer``).
"""

from .captain import CaptainSubmittedSerializer, CaptainTableSerializer
from .common import MAX_ID, MAX_RATING, NUMBER, PLAYER_NAME, MessageSerializer, PayloadField, one_of
from .entrants import (
    CATEGORY_FLAGS,
    FLAG_CATEGORIES,
    FLAGS_HELP,
    PERSON_ONLY,
    EntrantCreateSerializer,
    EntrantRemovedSerializer,
    EntrantSerializer,
    EntrantUpdateSerializer,
    PersonOutSerializer,
    PersonSerializer,
    PlayerSerializer,
    PlayerSpecField,
    PlayerSpecSerializer,
    flag_categories,
)
from .log import LogEntrySerializer, LogQuerySerializer, UndoneSerializer, UndoRequestSerializer
from .registrations import (
    CheckedInSerializer,
    CheckInSerializer,
    FeeTotalSerializer,
    FeeTotalsSerializer,
    FeeUpdateSerializer,
    RegistrationListSerializer,
    RegistrationSerializer,
    StatementImportSerializer,
)
from .results import (
    AcceptSerializer,
    RevisionSerializer,
    TableResultSerializer,
)
from .rounds import (
    ByeSerializer,
    CleanupMoveSerializer,
    CleanupSerializer,
    DrawSerializer,
    RoundChoicesSerializer,
    RoundSerializer,
    RoundSummarySerializer,
    SeatSerializer,
    TableSerializer,
    UndoSerializer,
)
from .standings import StandingsQuerySerializer, StandingsRowSerializer, StandingsSerializer
from .tournaments import (
    ENTRANT_KINDS,
    DocumentSerializer,
    ImportedSerializer,
    TournamentCreateSerializer,
    TournamentSerializer,
    TournamentUpdateSerializer,
)

__all__ = [
    "CATEGORY_FLAGS",
    "ENTRANT_KINDS",
    "FLAGS_HELP",
    "FLAG_CATEGORIES",
    "MAX_ID",
    "MAX_RATING",
    "NUMBER",
    "PERSON_ONLY",
    "PLAYER_NAME",
    "AcceptSerializer",
    "ByeSerializer",
    "CaptainSubmittedSerializer",
    "CaptainTableSerializer",
    "CheckInSerializer",
    "CheckedInSerializer",
    "CleanupMoveSerializer",
    "CleanupSerializer",
    "DocumentSerializer",
    "DrawSerializer",
    "EntrantCreateSerializer",
    "EntrantRemovedSerializer",
    "EntrantSerializer",
    "EntrantUpdateSerializer",
    "FeeTotalSerializer",
    "FeeTotalsSerializer",
    "FeeUpdateSerializer",
    "ImportedSerializer",
    "LogEntrySerializer",
    "LogQuerySerializer",
    "MessageSerializer",
    "PayloadField",
    "PersonOutSerializer",
    "PersonSerializer",
    "PlayerSerializer",
    "PlayerSpecField",
    "PlayerSpecSerializer",
    "RegistrationListSerializer",
    "RegistrationSerializer",
    "RevisionSerializer",
    "RoundChoicesSerializer",
    "RoundSerializer",
    "RoundSummarySerializer",
    "SeatSerializer",
    "StandingsQuerySerializer",
    "StandingsRowSerializer",
    "StandingsSerializer",
    "StatementImportSerializer",
    "TableResultSerializer",
    "TableSerializer",
    "TournamentCreateSerializer",
    "TournamentSerializer",
    "TournamentUpdateSerializer",
    "UndoRequestSerializer",
    "UndoSerializer",
    "UndoneSerializer",
    "flag_categories",
    "one_of",
]
