"""The one table of actions: every action :func:`~tournaments.services.base.change` may log,
with its words (the log page, the dashboard, undo's messages, the API's log).

Each action has a short ``label`` ("round drawn") and a ``sentence`` that says who did it
("%(actor)s drew a round."), both translated (German and English). ``change()`` refuses
an action that is not listed here, so no entry can show a raw action name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class Action:
    label: Promise | str
    sentence: Promise | str  # with %(actor)s


ACTIONS: dict[str, Action] = {
    "create_tournament": Action(_("tournament created"), _("%(actor)s created the tournament.")),
    "update_tournament": Action(_("settings changed"), _("%(actor)s changed the settings.")),
    "import_document": Action(_("tournament imported"),
                              _("%(actor)s imported the tournament from a document.")),
    "import_trf": Action(_("TRF imported"),
                         _("%(actor)s imported the tournament from a TRF file.")),
    "grant_role": Action(_("role given"), _("%(actor)s gave a role.")),
    "revoke_role": Action(_("role removed"), _("%(actor)s removed a role.")),
    "register": Action(_("registered"), _("%(actor)s registered an entrant.")),
    "entrant_status": Action(_("status changed"), _("%(actor)s changed an entrant's status.")),
    "entrant_marker": Action(_("marker changed"), _("%(actor)s changed an entrant's marker.")),
    "update_entrant": Action(_("entrant corrected"), _("%(actor)s corrected an entrant.")),
    "delete_entrant": Action(_("entrant deleted"), _("%(actor)s deleted an entrant.")),
    "update_player": Action(_("the same person changed in another tournament"),
                            _("%(actor)s changed the same person in another tournament.")),
    "pair_up": Action(_("paired up"), _("%(actor)s paired up two players who came alone.")),
    "checkin_code": Action(_("checked in with a code"),
                           _("%(actor)s checked an entrant in with a code.")),
    "prereg_open": Action(_("pre-registration opened or closed"),
                          _("%(actor)s opened or closed the pre-registration.")),
    "preregister": Action(_("pre-registered"), _("%(actor)s pre-registered.")),
    "draw_round": Action(_("round drawn"), _("%(actor)s drew a round.")),
    "redraw_round": Action(_("round drawn again"), _("%(actor)s drew a round again.")),
    "publish_round": Action(_("round published"), _("%(actor)s published a round.")),
    "close_round": Action(_("round closed"), _("%(actor)s closed a round.")),
    "reopen_round": Action(_("round opened again"), _("%(actor)s opened a round again.")),
    "set_round_missions": Action(_("missions of a round set"),
                                 _("%(actor)s set the kinds of a round's missions; results "
                                   "already in count by them.")),
    "set_series_games": Action(_("games per series set"),
                               _("%(actor)s set the number of games of a series.")),
    "undo_draw": Action(_("draw undone"), _("%(actor)s undid a draw.")),
    "registration_cleanup": Action(_("draw at registration cleaned up"),
                                   _("%(actor)s cleaned up the draw at registration.")),
    "captain_submit": Action(_("result from the table captain"),
                             _("%(actor)s reported a result.")),
    "set_result": Action(_("result entered by the director"), _("%(actor)s entered a result.")),
    "request_bye": Action(_("bye requested"), _("%(actor)s entered a requested bye.")),
    "cancel_bye": Action(_("requested bye cancelled"),
                         _("%(actor)s cancelled a requested bye.")),
    "withdraw": Action(_("withdrawal"), _("%(actor)s entered a withdrawal.")),
    "set_forced_pairing": Action(_("pairing set"), _("%(actor)s set a pairing.")),
    "edit_preview": Action(_("pairing changed by hand"),
                           _("%(actor)s changed a pairing of the preview by hand.")),
    "forbid_pairing": Action(_("pairing forbidden"), _("%(actor)s forbade a pairing.")),
    "delete_pairing_rule": Action(_("pairing rule deleted"),
                                  _("%(actor)s deleted a pairing rule.")),
    "request_report": Action(_("report ordered"), _("%(actor)s ordered a report.")),
    "undo": Action(_("action undone"), _("%(actor)s undid an action.")),
    "update_pair": Action(_("players of a pair corrected"),
                          _("%(actor)s corrected the players of a pair.")),
    "finish_tournament": Action(_("tournament finished"),
                                _("%(actor)s finished the tournament.")),
    "reopen_tournament": Action(_("tournament reopened"),
                                _("%(actor)s reopened the tournament.")),
    "set_prizes": Action(_("prize list saved"), _("%(actor)s saved the prize list.")),
}

# The short labels alone, as the log page, the dashboard and the API show them.
ACTION_LABELS: dict[str, Any] = {name: a.label for name, a in ACTIONS.items()}


def label(action: str) -> str:
    """The action's short label in the current language (its name if it is not listed)."""
    found = ACTIONS.get(action)
    return str(found.label) if found else action


def sentence(entry: Any) -> str:
    """The entry as a sentence in the current language: who did what (and to what)."""
    found = ACTIONS.get(entry.action)
    if found is None:
        return f"{entry.actor}: {entry.action}"
    text = str(found.sentence) % {"actor": entry.actor}
    return f"{text} ({entry.target})" if entry.target else text


def said(entry: Any) -> str:
    """An undo's sentence in the current language (its entry keeps it in English and
    German, as it was said when the undo was made)."""
    sentence = entry.after.get("sentence") if isinstance(entry.after, dict) else None
    if not isinstance(sentence, dict):
        return ""
    return sentence.get((translation.get_language() or "de")[:2]) or sentence.get("en", "")
