"""What the action log's entries mean, in words (the log page, the dashboard, undo's
messages); an action missing here shows its name."""

from __future__ import annotations

from typing import Any

from django.utils import translation
from django.utils.translation import gettext_lazy

ACTION_LABELS: dict[str, Any] = {
    "create_tournament": gettext_lazy("tournament created"),
    "update_tournament": gettext_lazy("settings changed"),
    "import_document": gettext_lazy("tournament imported"),
    "grant_role": gettext_lazy("role given"),
    "revoke_role": gettext_lazy("role removed"),
    "register": gettext_lazy("registered"),
    "entrant_status": gettext_lazy("status changed"),
    "draw_round": gettext_lazy("round drawn"),
    "publish_round": gettext_lazy("round published"),
    "close_round": gettext_lazy("round closed"),
    "reopen_round": gettext_lazy("round opened again"),
    "undo_draw": gettext_lazy("draw undone"),
    "captain_submit": gettext_lazy("result from the table captain"),
    "set_result": gettext_lazy("result entered by the director"),
    "registration_cleanup": gettext_lazy("draw at registration cleaned up"),
    "request_bye": gettext_lazy("bye requested"),
    "cancel_bye": gettext_lazy("requested bye cancelled"),
    "withdraw": gettext_lazy("withdrawal"),
    "set_forced_pairing": gettext_lazy("pairing set"),
    "forbid_pairing": gettext_lazy("pairing forbidden"),
    "delete_pairing_rule": gettext_lazy("pairing rule deleted"),
    "redraw_round": gettext_lazy("round drawn again"),
    "update_player": gettext_lazy("the same person changed in another tournament"),
    "checkin_code": gettext_lazy("checked in with a code"),
    "entrant_marker": gettext_lazy("marker changed"),
    "pair_up": gettext_lazy("paired up"),
    "update_entrant": gettext_lazy("entrant corrected"),
    "delete_entrant": gettext_lazy("entrant deleted"),
    "prereg_open": gettext_lazy("pre-registration opened or closed"),
    "preregister": gettext_lazy("pre-registered"),
    "import_trf": gettext_lazy("TRF imported"),
    "request_report": gettext_lazy("report ordered"),
    "undo": gettext_lazy("action undone"),
    "update_pair": gettext_lazy("players of a pair corrected"),
    "finish_tournament": gettext_lazy("tournament finished"),
    "reopen_tournament": gettext_lazy("tournament reopened"),
    "set_prizes": gettext_lazy("prize list saved"),
}


def said(entry: Any) -> str:
    """An undo's sentence in the current language (its entry keeps it in English and
    German, as it was said when the undo was made)."""
    sentence = entry.after.get("sentence") if isinstance(entry.after, dict) else None
    if not isinstance(sentence, dict):
        return ""
    return sentence.get((translation.get_language() or "de")[:2]) or sentence.get("en", "")
