"""The log in words: an entry as a sentence (who did what, to what), its before and after
as (what, value) pairs, in the reader's language (the log page, the dashboard, undo's
messages, the API's log). The table of actions itself is :mod:`tournaments.common.actions`.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils import translation
from django.utils.translation import gettext_lazy as _

from .common.actions import ACTIONS, label, with_round
from .common.draw_methods import METHOD_LABELS
from .common.report_words import KIND_WORDS
from .disciplines.cells import cell_text
from .disciplines.registry import DISCIPLINES, of


def sentence(entry: Any, t: Any = None) -> str:
    """The entry as a sentence in the current language: who did what (and to what);
    with its tournament ``t`` tables are named in the discipline's words."""
    found = ACTIONS.get(entry.action)
    actor = actor_words(entry.actor, t)
    if found is None:
        return f"{actor}: {entry.action}"
    text = with_round(str(found.sentence), round_word(t)) % {"actor": actor}
    target = target_words(entry.target, t)
    return f"{text} ({target})" if target else text


# --- who and what, as the entries keep them (English), in the reader's language ----------------

def round_word(t: Any = None) -> str:
    """What the tournament calls a round inside a sentence ("series" at Skat and Pussi)."""
    return str(of(t).round_word_in_text) if t is not None else str(_("round"))


def entry_label(action: str, t: Any = None) -> str:
    """An action's label in the tournament's words ("Serie ausgelost" at Skat)."""
    return label(action, round_word(t))


def _table(t: Any, number: str) -> str:
    """``table 3`` in the discipline's words (chess: board 3)."""
    if t is not None:
        return of(t).table_label(int(number))
    return str(_("table %(n)s")) % {"n": number}


_CAPTAIN = re.compile(r"^captain of table (\d+), round (\d+)$")
_DESK = re.compile(r"^desk (.+)$")
_ROUND_TABLE = re.compile(r"\bround (\d+), table (\d+)\b")
_ROUND = re.compile(r"\bround (\d+)\b")
_REPORT = re.compile(r"^report (\d+)$")
_MOVES = re.compile(r"^(\d+) moves$")
_SEAT = re.compile(r"^table (\d+), pair (\d+)(?:, seat (\d+))?$")
_ACTORS = {"pre-registration": _("pre-registration")}
_RULES = {"forced": _("set pairing"), "forbidden": _("forbidden pairing")}


def actor_words(actor: str, t: Any = None) -> str:
    """Who did it: "captain of table 3, round 2" and "desk anna" said in the current
    language (the log keeps them as written); user names stay as they are."""
    if not actor:
        return ""
    found = _CAPTAIN.match(actor)
    if found:
        return str(_("captain of %(table)s, %(word)s %(round)s")) % {
            "table": _table(t, found[1]), "word": round_word(t), "round": found[2]}
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
    found = _MOVES.match(target)
    if found:
        return str(_("%(n)s moves")) % {"n": found[1]}
    kind, sep, rest = target.partition(": ")
    if sep and kind in _RULES:
        return f"{_RULES[kind]}: {rest}"
    text = _ROUND_TABLE.sub(lambda m: str(_("%(word)s %(round)s, %(table)s")) % {
        "word": round_word(t), "round": m[1], "table": _table(t, m[2])}, target)
    return _ROUND.sub(lambda m: str(_("%(word)s %(n)s")) % {"word": round_word(t), "n": m[1]},
                      text)


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
    "table": _("table"), "report": _("report"), "kept": _("kept on record only"),
    "captain_links": _("captain links replaced"), "late": _("late"), "alone": _("came alone"),
    "paid": _("paid"), "notes": _("notes"), "kind": _("kind"),
    "captain": _("captain"), "team": _("team"), "member": _("player"),
    "substitute": _("substitute"), "boards": _("boards"),
    "moves": _("moves"), "from": _("from"), "to": _("to"), "keeps_role": _("keeps its role"),
    "released": _("seats given back"), "seats": _("seats"), "moved": _("moved"),
    "side": _("side"), "position": _("position"), "draw_index": _("number in the draw"),
    # online registration (docs/registration.md)
    "place": _("place"), "fee_state": _("fee"), "fee_cents": _("fee owed"),
    "paid_cents": _("amount paid"), "paid_via": _("paid by"), "reference": _("payment reference"),
    "moved_up": _("moved up from the waiting list"), "still_waiting": _("still waiting"),
    "unmatched": _("lines for the desk"), "lines": _("lines of the statement"),
    "registrations": _("registrations"), "reminders": _("reminders"),
    "registered": _("not here (start numbers)"), "absent": _("absent (start numbers)"),
    "line": _("line"),
    "dwz": _("DWZ"), "dwz_index": _("DWZ index"), "initial_colour": _("initial colour"),
    "initial_colour_by": _("initial colour chosen"),
}

# A drawn initial colour ("w"/"b") and how it was chosen, in words.
COLOUR_VALUE_WORDS: dict[str, Any] = {
    "w": _("White"), "b": _("Black"), "lot": _("by lot"), "setting": _("in the settings")}


STATUS_KEYS = {"status", "tournament_status", "role", "kind", "entrant_kind", "outcome",
               "place", "fee_state", "paid_via"}


def _status_words() -> dict[str, Any]:
    from .models import Bye, Entrant, Registration, Result, Role, Round, Tournament

    words: dict[str, Any] = {"received": _("received again"), "replaced": _("replaced"),
                             "agreed": _("one party agreed"),
                             "kept": _("kept on record, the director's result stands")}
    for choices in (Tournament.Status, Tournament.EntrantKind, Entrant.Status, Round.Status,
                    Bye.Kind, Result.Status, Role.Kind, Registration.Place, Registration.Fee,
                    Registration.Via):
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
    if key in ("from", "to") and isinstance(value, str) and _SEAT.match(value):
        return _seat_words(value)
    if key in ("method", "pairing") and isinstance(value, str):
        return str(METHOD_LABELS.get(value, value))
    if key == "action" and isinstance(value, str):
        return label(value)
    if key in ("initial_colour", "initial_colour_by") and isinstance(value, str):
        return str(COLOUR_VALUE_WORDS.get(value, value))
    if key == "discipline" and isinstance(value, str):
        found = DISCIPLINES.get(value)
        return str(found.label) if found is not None else value
    if isinstance(value, str) and key == "kind" and value not in _status_words():
        return _report_kind_words(value, t)  # a report's kind ("standings": its label)
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


def _seat_words(value: str) -> str:
    """A seat of the draw at registration as the log keeps it ("table 3, pair 2, seat 4")
    in the reader's language, as the desk says it."""
    found = _SEAT.match(value)
    assert found is not None
    text = str(_("table %(table)s, pair %(side)s")) % {"table": found[1], "side": found[2]}
    if found[3]:
        text += ", " + str(_("seat %(n)s")) % {"n": found[3]}
    return text


def _report_kind_words(value: str, t: Any = None) -> str:
    from .models import Report

    words: dict[str, Any] = {**dict(Report.Kind.choices), **KIND_WORDS}
    if t is not None:
        words.update({kind.name: kind.label for kind in of(t).report_kinds()})
    return str(words.get(value, value))


def _result_cells(t: Any, payload: Any) -> list[tuple[str, str]]:
    if t is not None:
        return of(t).result_cells(payload)
    return [("", cell_text(payload))]


def details(value: Any, t: Any = None) -> list[tuple[str, str]]:
    """A log entry's ``before`` or ``after`` as (what, value) pairs in words; the undo's
    own sentence is shown elsewhere and left out."""
    if value is None:
        return []
    if not isinstance(value, dict):
        return [("", value_words("", value, t))]
    return [(_key_word(k, t), value_words(k, v, t))
            for k, v in value.items() if k not in HIDDEN_KEYS]


def _key_word(key: str, t: Any = None) -> str:
    """What a before/after key is called; a round is what the tournament calls it."""
    if t is not None and key == "round":
        return str(of(t).round_word_in_text)
    if t is not None and key == "rounds":
        return str(of(t).rounds_word_in_text)
    if t is not None and key == "planned_rounds":
        return str(_("planned %(words)s")) % {"words": of(t).rounds_word_in_text}
    return str(KEY_WORDS.get(key, key.replace("_", " ")))


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
