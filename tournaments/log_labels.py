"""The one table of actions: every action :func:`~tournaments.services.base.change` may log,
with its words (the log page, the dashboard, undo's messages, the API's log).

Each action has a short ``label`` ("round drawn") and a ``sentence`` that says who did it
("%(actor)s drew a round."), both translated (German and English). ``change()`` refuses
an action that is not listed here, so no entry can show a raw action name.
"""

from __future__ import annotations

import re
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
    "give_full_bye": Action(_("full-point bye given"),
                            _("%(actor)s gave a player the full-point bye.")),
    "clear_result": Action(_("result cleared"), _("%(actor)s cleared a result.")),
    "update_ratings": Action(_("ratings written back"),
                             _("%(actor)s wrote the new DWZ and Elo to the players.")),
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
    "table_codes": Action(_("table cards made"),
                          _("%(actor)s made permanent codes for the tables.")),
    "entrant_dispute": Action(_("result disputed through a personal link"),
                              _("%(actor)s said a table's result is wrong.")),
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


def sentence(entry: Any, t: Any = None) -> str:
    """The entry as a sentence in the current language: who did what (and to what);
    with its tournament ``t`` tables are named in the discipline's words."""
    found = ACTIONS.get(entry.action)
    actor = actor_words(entry.actor, t)
    if found is None:
        return f"{actor}: {entry.action}"
    text = str(found.sentence) % {"actor": actor}
    target = target_words(entry.target, t)
    return f"{text} ({target})" if target else text


# --- who and what, as the entries keep them (English), in the reader's language ----------------

def _table(t: Any, number: str) -> str:
    """``table 3`` in the discipline's words (chess: board 3)."""
    if t is not None:
        from .disciplines import of

        info = of(t)
        if info is not None:
            return info.table_label(int(number))
    return str(_("table %(n)s")) % {"n": number}


_CAPTAIN = re.compile(r"^captain of table (\d+), round (\d+)$")
_DESK = re.compile(r"^desk (.+)$")
_ROUND_TABLE = re.compile(r"\bround (\d+), table (\d+)\b")
_ROUND = re.compile(r"\bround (\d+)\b")
_REPORT = re.compile(r"^report (\d+)$")
_ACTORS = {"pre-registration": _("pre-registration")}
_RULES = {"forced": _("set pairing"), "forbidden": _("forbidden pairing")}


def actor_words(actor: str, t: Any = None) -> str:
    """Who did it: "captain of table 3, round 2" and "desk anna" said in the current
    language (the log keeps them as written); user names stay as they are."""
    if not actor:
        return ""
    found = _CAPTAIN.match(actor)
    if found:
        return str(_("captain of %(table)s, round %(round)s")) % {
            "table": _table(t, found[1]), "round": found[2]}
    found = _DESK.match(actor)
    if found:
        return str(_("desk %(name)s")) % {"name": found[1]}
    return str(_ACTORS.get(actor, actor))


def target_words(target: str, t: Any = None) -> str:
    """What it was done to ("round 2, table 3", "report 5", "forced: A / B") in the
    current language; names stay as they are."""
    if not target:
        return ""
    found = _REPORT.match(target)
    if found:
        return str(_("report %(n)s")) % {"n": found[1]}
    kind, sep, rest = target.partition(": ")
    if sep and kind in _RULES:
        return f"{_RULES[kind]}: {rest}"
    text = _ROUND_TABLE.sub(lambda m: str(_("round %(round)s, %(table)s")) % {
        "round": m[1], "table": _table(t, m[2])}, target)
    return _ROUND.sub(lambda m: str(_("round %(n)s")) % {"n": m[1]}, text)


# --- what an entry changed (its before/after), in words ---------------------------------------

KEY_WORDS: dict[str, Any] = {
    "round": _("round"), "rounds": _("rounds"), "status": _("status"),
    "method": _("draw method"), "seed": _("seed"), "tables": _("tables"), "byes": _("byes"),
    "explanation": _("explanation"), "extra": _("round settings"), "stale": _("stale"),
    "stale_reason": _("why stale"), "stale_rounds": _("rounds marked stale"),
    "stale_flags": _("stale marks"), "stale_flags_restored": _("stale marks restored"),
    "result": _("result"), "revision": _("report"), "outcome": _("outcome"),
    "payload": _("result"), "version": _("version"), "name": _("name"),
    "start_number": _("start number"), "entrant": _("entrant"), "entrants": _("entrants"),
    "discipline": _("discipline"), "scoring": _("scoring settings"), "role": _("role"),
    "prereg_open": _("pre-registration open"), "preregistered": _("pre-registered"),
    "arrived": _("arrived"), "seat": _("seat"), "seated": _("seated"),
    "withdrawn_from_round": _("withdrawn from round"), "tournament_status": _("tournament status"),
    "statuses": _("statuses"), "deleted": _("deleted"), "undoes": _("takes back entry"),
    "action": _("action"), "club": _("club"), "rating": _("rating"),
    "birth_year": _("birth year"), "category": _("category"), "categories": _("categories"),
    "players": _("players"), "partner": _("partner"), "new_partner": _("new partner"),
    "own_copy_of_player": _("own copy of the player"), "singles": _("players who came alone"),
    "planned_rounds": _("planned rounds"), "pairing": _("draw method"),
    "entrant_kind": _("entrants"), "draw_options": _("draw options"), "prizes": _("prizes"),
    "table": _("table"), "report": _("report"), "late": _("late"), "alone": _("came alone"),
    "paid": _("paid"), "notes": _("notes"), "kind": _("kind"),
}


STATUS_KEYS = {"status", "tournament_status", "role", "kind", "entrant_kind", "outcome"}


def _status_words() -> dict[str, Any]:
    from .models import Bye, Entrant, Result, Role, Round, Tournament

    words: dict[str, Any] = {"received": _("received again"), "replaced": _("replaced")}
    for choices in (Tournament.Status, Tournament.EntrantKind, Entrant.Status, Round.Status,
                    Bye.Kind, Result.Status, Role.Kind):
        words.update(dict(choices.choices))
    return words


def value_words(key: str, value: Any, t: Any = None) -> str:
    """One value of a log entry as a reader says it: yes/no, statuses and draw methods in
    words, a result in the discipline's words, lists counted or listed."""
    if value is None or value == "" or value == [] or value == {}:
        return "–"
    if isinstance(value, bool):
        return str(_("yes") if value else _("no"))
    if key in ("result", "payload") and isinstance(value, dict):
        payload = value.get("payload", value) if key == "result" else value
        cells = _result_cells(t, payload)
        status = value.get("status") if key == "result" else None
        text = ", ".join(f"{w} {v}".strip() for w, v in cells)
        return f"{text} ({_status_words().get(status, status)})" if status else text
    if key in ("method", "pairing") and isinstance(value, str):
        from .forms import METHOD_LABELS

        return str(METHOD_LABELS.get(value, value))
    if key == "action" and isinstance(value, str):
        return label(value)
    if key == "discipline" and isinstance(value, str):
        from .disciplines import DISCIPLINES

        found = DISCIPLINES.get(value)
        return str(found.label) if found is not None else value
    if isinstance(value, str) and key in STATUS_KEYS:
        return str(_status_words().get(value, value))
    if key in ("tables", "byes", "explanation") and isinstance(value, list | dict):
        return str(len(value))
    if key in ("scoring", "draw_options", "extra") and isinstance(value, dict):
        # The settings' own words are the settings page's; the log counts them.
        return str(_("%(n)s settings")) % {"n": len(value)}
    if key == "statuses" and isinstance(value, dict):
        return ", ".join(str(_status_words().get(v, v)) for v in value.values())
    if isinstance(value, list):
        return ", ".join(value_words(key, v, t) for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{KEY_WORDS.get(k, k)}: {value_words(k, v, t)}"
                         for k, v in value.items())
    return str(value)


def _result_cells(t: Any, payload: Any) -> list[tuple[str, str]]:
    if t is not None:
        from .disciplines import of

        info = of(t)
        if info is not None:
            return info.result_cells(payload)
    from .disciplines.base import _cell_text

    return [("", _cell_text(payload))]


def details(value: Any, t: Any = None) -> list[tuple[str, str]]:
    """A log entry's ``before`` or ``after`` as (what, value) pairs in words; the undo's
    own sentence is shown elsewhere and left out."""
    if value is None:
        return []
    if not isinstance(value, dict):
        return [("", value_words("", value, t))]
    return [(str(KEY_WORDS.get(k, k.replace("_", " "))), value_words(k, v, t))
            for k, v in value.items() if k not in HIDDEN_KEYS]


# What undo keeps for itself: database ids (a report's, a table's, an entrant's) that mean
# nothing to a reader, and the undo's sentence, which the page shows on its own line.
HIDDEN_KEYS = {"sentence", "revision", "table", "entrant", "undoes", "version"}


def said(entry: Any) -> str:
    """An undo's sentence in the current language (its entry keeps it in English and
    German, as it was said when the undo was made)."""
    sentence = entry.after.get("sentence") if isinstance(entry.after, dict) else None
    if not isinstance(sentence, dict):
        return ""
    return sentence.get((translation.get_language() or "de")[:2]) or sentence.get("en", "")
