"""The one way to change data: validate, write in one transaction, log, bump the version."""

import importlib
from typing import Any

from .base import (
    Actor,
    Conflict,
    Forbidden,
    InvalidToken,
    NotFound,
    RoundNotOpen,
    ServiceError,
    StaleVersion,
    change,
)
from .documents import export_document, import_document, scoring_tournament
from .players import search as find_players
from .registration import register, register_person, set_status
from .results import (
                      accept_revision,
                      captain_submit,
                      check_payload,
                      check_submission_key,
                      clear_result,
                      director_set_result,
                      submission_for_key,
                      table_for_token,
)
from .rounds import (
                     close_round,
                     draw_round,
                     publish_round,
                     redraw_round,
                     reopen_round,
                     undo_draw,
)
from .standings import standings
from .tournaments import create_tournament, grant_role, update_tournament

__all__ = [
    "Actor", "Conflict", "Forbidden", "InvalidToken", "NotFound", "RoundNotOpen",
    "ServiceError", "StaleVersion", "accept_revision", "cancel_bye", "captain_submit", "change",
    "check_payload", "check_submission_key", "clear_result", "close_round", "create_tournament",
    "delete_pairing_rule",
    "director_set_result", "draw_round", "export_document", "find_players", "forbid_pairing",
    "give_full_bye", "grant_role", "import_document", "publish_round", "redraw_round",
    "register", "register_person",
    "reopen_round", "request_bye", "scoring_tournament", "set_forced_pairing", "set_status",
    "standings", "submission_for_key", "table_for_token", "undo_draw", "update_tournament",
    "withdraw",
]


# The chess services live in tournaments.chess, which imports this package: they are
# looked up on first use, so that either side may be imported first.
_CHESS = {"cancel_bye", "delete_pairing_rule", "forbid_pairing", "give_full_bye",
          "request_bye", "set_forced_pairing", "withdraw"}


def __getattr__(name: str) -> Any:
    if name in _CHESS:
        return getattr(importlib.import_module("tournaments.chess.services"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
