"""The one way to change data: validate, write in one transaction, log, bump the version."""

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
from .documents import export_document, import_document, scoring_document, scoring_tournament
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
    "ServiceError", "StaleVersion", "accept_revision", "captain_submit", "change",
    "check_payload", "check_submission_key", "clear_result", "close_round",
    "create_tournament", "director_set_result", "draw_round", "export_document",
    "find_players", "grant_role", "import_document", "publish_round", "redraw_round",
    "register", "register_person", "reopen_round", "scoring_document", "scoring_tournament",
    "set_status",
    "standings", "submission_for_key", "table_for_token", "undo_draw", "update_tournament",
]
