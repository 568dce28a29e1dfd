"""Result forms per discipline: which inputs a table's result needs and how a POST becomes
the payload of docs/format.md.

A registry (``FORMS``), not ``if discipline ==`` chains: a new discipline adds one entry.
It does not know who enters the result: the captain's page and the director's round page
both render :meth:`ResultForm.inputs_context`, and ``post_from_payload`` turns a stored
payload back into input values so the director can correct it. Input names are the error
keys (``bobbl[1].side2``, ``games[3].bid``, indices 0-based like the payload's), so an error
from parsing here or from the scoring check in ``services.check_payload``
(``games[3].totals``) lands at its input or row; what matches no row is shown above the form.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.chess import SCORES as CHESS_SCORES
from scoring.mucken import MAX_BOBBL
from scoring.pussi import (
    CARD_POINTS_BELOW,
    MAX_GAMES,
    OUTCOMES,
    Entry,
    Game,
    check_game,
    entry_of,
    entry_problem,
    entry_totals,
    premium_game,
)
from scoring.tabletop import MISSION_LEAD

from .models import Table
from .services import ServiceError

# Pussi rows: scoring.pussi.MAX_GAMES (the seed's 12 games are no limit, 100 rows a mistake).
# Inputs above LIMIT are "too large" here; the ranges of each discipline are checked by
# scoring (services.check_payload), so a number below LIMIT may still be refused there.
LIMIT = 10**9  # the bound keeps "1e999999" from becoming a huge int

ErrorDict = dict[str, list[str]]
Data = Mapping[str, Any]  # a POST (QueryDict) or input values built from a payload


# --- errors ----------------------------------------------------------------------------------

class Errors:
    """Field errors being placed: rows and inputs take theirs, :meth:`rest` gives the others."""

    def __init__(self, errors: Mapping[str, list[str]] | None = None) -> None:
        self.items: ErrorDict = {k: [str(m) for m in v] for k, v in (errors or {}).items()}
        self.taken: set[str] = set()

    def __bool__(self) -> bool:
        return bool(self.items)

    def has(self, key: str) -> bool:
        return key in self.items

    def under(self, prefix: str, labels: Mapping[str, str] | None = None) -> list[str]:
        """Messages for ``prefix`` and its sub-keys; an input's label is put before its own."""
        out: list[str] = []
        for key, messages in self.items.items():
            if key == prefix or key.startswith((prefix + ".", prefix + "[")):
                self.taken.add(key)
                label = (labels or {}).get(key)
                out.extend(f"{label}: {m}" if label else m for m in messages)
        return out

    def rest(self) -> list[str]:
        """What no row took; named by its key unless it is general."""
        out = []
        for key, messages in self.items.items():
            if key in self.taken:
                continue
            general = key in ("__all__", "result", "token")
            out.extend(m if general else f"{key}: {m}" for m in messages)
        return out


def _add(errors: ErrorDict, key: str, message: str) -> None:
    errors.setdefault(key, []).append(message)


# --- parsing inputs --------------------------------------------------------------------------

def _raw(post: Data, key: str) -> str:
    return (post.get(key) or "").strip().replace("\u2212", "-").replace(" ", "")


def _whole(post: Data, key: str, errors: ErrorDict) -> int | None:
    """A whole number, or an error at ``key`` (empty: required)."""
    raw = _raw(post, key)
    if not raw:
        _add(errors, key, _("required"))
        return None
    number = _decimal(raw)
    if number is not None and abs(number) >= LIMIT:
        _add(errors, key, _("too large"))
        return None
    try:
        return int(raw)
    except ValueError:
        pass
    _add(errors, key, _("not a number") if number is None else _("must be a whole number"))
    return None


def _decimal(raw: str) -> Decimal | None:
    try:
        d = Decimal(raw.replace(",", "."))
    except InvalidOperation:
        return None
    return d if d.is_finite() else None


def _number(post: Data, key: str, errors: ErrorDict) -> int | float | None:
    """A number (decimal comma or point), as int when whole so the payload stays tidy."""
    raw = _raw(post, key)
    if not raw:
        _add(errors, key, _("required"))
        return None
    d = _decimal(raw)
    if d is None:
        _add(errors, key, _("not a number"))
        return None
    if abs(d) >= LIMIT:
        _add(errors, key, _("too large"))
        return None
    return int(d) if d == d.to_integral_value() else float(d)


def _raise(errors: ErrorDict) -> None:
    if errors:
        raise ServiceError(errors)


# --- payload back to inputs ------------------------------------------------------------------

def _text(value: Any) -> str:
    """A payload number as its input shows it (``21``, ``2.5``); anything else stays empty."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _items(payload: Any, key: str) -> list[Any]:
    """``payload[key]`` if it is a list (a stored payload is checked, but be safe)."""
    value = payload.get(key) if isinstance(payload, dict) else None
    return value if isinstance(value, list) else []


def _pairs(payload: Any, key: str, name: str) -> dict[str, str]:
    """``[[a, b], …]`` as ``name[k].side1`` / ``name[k].side2``."""
    out: dict[str, str] = {}
    for k, pair in enumerate(_items(payload, key)):
        if isinstance(pair, list) and len(pair) == 2:
            out[f"{name}[{k}].side1"] = _text(pair[0])
            out[f"{name}[{k}].side2"] = _text(pair[1])
    return out


# --- what templates get ----------------------------------------------------------------------

@dataclass
class Input:
    """One input box: its name is its error key."""

    name: str
    label: str
    value: str = ""
    invalid: bool = False
    kind: str = "whole"  # whole (>= 0), signed (may be negative), decimal

    @property
    def field(self) -> str:
        """The last part of the name (``total1``), for the live check in captain.js."""
        return self.name.rsplit(".", 1)[-1]

    @property
    def id(self) -> str:
        return "f-" + re.sub(r"[^A-Za-z0-9_]+", "-", self.name).strip("-")


@dataclass
class Row:
    key: str
    label: str
    inputs: list[Input] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)


def _input(name: str, label: str, data: Data | None, errors: Errors,
           kind: str = "whole") -> Input:
    value = (data.get(name) or "") if data is not None else ""
    return Input(name, label, value, errors.has(name), kind)


def _row(key: str, label: str, inputs: list[Input], errors: Errors, **extra: Any) -> Row:
    labels = {i.name: i.label for i in inputs}
    return Row(key, label, inputs, errors.under(key, labels), dict(extra))


def _scoring(table: Table) -> dict[str, Any]:
    return table.round.tournament.scoring or {}


def _seats(table: Table) -> list[Any]:
    return sorted(table.seats.select_related("entrant"),
                  key=lambda s: (s.side or 0, s.position, s.entrant.start_number))


def _side_names(table: Table) -> dict[int, str]:
    """Start numbers per side, for column heads (``Partei 1 (3, 7)``)."""
    out: dict[int, list[str]] = {}
    for s in _seats(table):
        out.setdefault(s.side or 0, []).append(str(s.entrant.start_number))
    return {side: ", ".join(nums) for side, nums in out.items()}


# --- the registry ----------------------------------------------------------------------------

Relocate = Callable[[str, str], str]


def _keep(key: str, message: str) -> str:
    return key


def _by_number(source: str, pattern: str, target: str, shift: int) -> Relocate:
    """Move a scoring message like ``bobbl 2: …`` (at ``result``) to its row (``bobbl[1]``)."""
    rx = re.compile(pattern)

    def relocate(key: str, message: str) -> str:
        m = rx.search(message) if key == source else None
        return target.format(int(m.group(1)) + shift) if m else key

    return relocate


@dataclass(frozen=True)
class ResultForm:
    """How one discipline's result is entered.

    ``template`` renders the inputs from ``context(table, data, errors)``;
    ``payload_from_post`` builds the payload or raises :class:`ServiceError` with field errors;
    ``post_from_payload`` is its inverse: the input values that show a stored payload;
    ``side_labels`` names the two sides (None: the table has no sides).
    """

    template: str
    payload_from_post: Callable[[Data, Table], dict[str, Any]]
    context: Callable[[Table, Data | None, Errors], dict[str, Any]]
    post_from_payload: Callable[[Any, Table], dict[str, str]]
    side_labels: tuple[Any, Any] | None = (gettext_lazy("Party 1"), gettext_lazy("Party 2"))
    relocate: Relocate = _keep

    def place_errors(self, errors: Mapping[str, list[str]]) -> Errors:
        """The service's errors, with messages that name a row moved to that row's key."""
        placed: ErrorDict = {}
        for key, messages in errors.items():
            for m in messages:
                _add(placed, self.relocate(key, str(m)), str(m))
        return Errors(placed)

    def inputs_context(self, table: Table, data: Data | None = None,
                       errors: Errors | None = None, id_prefix: str = "") -> dict[str, Any]:
        """What ``captain/inputs/_form.html`` renders: the inputs, filled with ``data``, with
        each error at its row and the rest (``general_errors``) above them.

        ``id_prefix`` keeps element ids apart when several tables' forms share a page.
        """
        errors = errors if errors is not None else Errors()
        inputs = self.context(table, data, errors)
        return {**inputs, "form_template": self.template, "general_errors": errors.rest(),
                "id_prefix": id_prefix}

    def fits(self, payload: Any, table: Table) -> bool:
        """Whether the inputs show ``payload`` whole: sending them unchanged gives it back."""
        try:
            return self.payload_from_post(self.post_from_payload(payload, table), table) == payload
        except ServiceError:
            return False

    def side_label(self, side: int | None) -> str:
        if self.side_labels is None or side not in (1, 2):
            return ""
        return str(self.side_labels[side - 1])


# mucken ---------------------------------------------------------------------------------------

def _bobbl_rows(table: Table) -> int:
    n = _scoring(table).get("bobbl_per_round", 2)
    return n if isinstance(n, int) and not isinstance(n, bool) and 0 < n <= MAX_BOBBL else 2


def _side_rows(post: Data, key: str, rows: int, read: Any) -> dict[str, Any]:
    """``{key: [[side 1, side 2], ...]}`` from inputs ``key[k].side1``/``.side2``."""
    errors: ErrorDict = {}
    values = [[read(post, f"{key}[{k}].side{s}", errors) for s in (1, 2)] for k in range(rows)]
    _raise(errors)
    return {key: values}


def mucken_payload(post: Data, table: Table) -> dict[str, Any]:
    """Every Bobbl row, as before; with a row ticked "cut by time", the rows up to it and
    ``unfinished`` (its number): the round ended there, so the rows after it stay empty."""
    rows = _bobbl_rows(table)
    cut = [k for k in range(rows) if _ticked(post, f"bobbl[{k}].cut")]
    if not cut:
        return _side_rows(post, "bobbl", rows, _whole)
    last = cut[-1]
    messages = mucken_messages()
    errors: ErrorDict = {}
    for k in cut[:-1]:
        _add(errors, f"bobbl[{k}].cut", messages["one_cut"])
    for k in range(last + 1, rows):
        if any(_raw(post, f"bobbl[{k}].side{s}") for s in (1, 2)):
            _add(errors, f"bobbl[{k}]", messages["after_cut"].replace("{n}", str(last + 1)))
    values = [[_whole(post, f"bobbl[{k}].side{s}", errors) for s in (1, 2)]
              for k in range(last + 1)]
    _raise(errors)
    return {"bobbl": values, "unfinished": last + 1}


def mucken_post(payload: Any, table: Table) -> dict[str, str]:
    out = _pairs(payload, "bobbl", "bobbl")
    cut = payload.get("unfinished") if isinstance(payload, dict) else None
    if isinstance(cut, int) and not isinstance(cut, bool) and 0 < cut <= len(
            _items(payload, "bobbl")):
        out[f"bobbl[{cut - 1}].cut"] = "1"
    return out


def _ticked(post: Data, key: str) -> bool:
    return _raw(post, key).lower() in ("1", "on", "true")


def mucken_time(table: Table) -> tuple[int | None, str]:
    """The round's time limit in minutes (None: none) and the rule for a Bobbl it cuts."""
    s = _scoring(table)
    limit = s.get("time_limit")
    if isinstance(limit, bool) or not isinstance(limit, int) or limit <= 0:
        limit = None
    rule = s.get("unfinished", "leader")
    return limit, rule if rule in ("leader", "void", "as_played") else "leader"


def mucken_messages() -> dict[str, str]:
    """The live check's messages (captain.js) and the form's own; ``{…}`` are filled in."""
    return {
        "incomplete": _("enter the points of both parties"),
        "whole": _("points are whole numbers from 0 up"),
        "both": _("both parties reached {target}: only the winner of a Bobbl reaches it"),
        "neither": _("neither party reached {target}: the winner of a Bobbl reaches it"),
        "neither_cut": _("neither party reached {target}: the winner of a Bobbl reaches it. "
                         "If time ran out during this Bobbl, tick “cut by time”."),
        "cut_finished": _("cut by time, but a party reached {target}: this Bobbl was finished; "
                          "untick “cut by time”"),
        "one_cut": _("only the last Bobbl written can be cut by time"),
        "after_cut": _("Bobbl {n} was cut by time, so no Bobbl follows it: clear this row or "
                       "untick “cut by time” there"),
        "cut_leader": _("cut by time: {party} is ahead and wins this Bobbl; the other "
                        "party's {points} points count as its Tore"),
        "party1": _("Party 1"),
        "party2": _("Party 2"),
        "cut_tie": _("cut by time at a tie: this Bobbl counts for nobody"),
        "cut_void": _("cut by time: this Bobbl counts for nobody"),
        "cut_as_played": _("cut by time: both parties' points count as Tore; nobody wins "
                           "this Bobbl"),
        "summary": _("Please correct the marked Bobbl before sending."),
    }


def mucken_context(table: Table, data: Data | None, errors: Errors) -> dict[str, Any]:
    """The pad's rows (Bobbl × party) and, with a time limit, a "cut by time" box per row
    (captain.js shows the one of the last row written)."""
    names = _side_names(table)
    heads = [f"{_('Party 1')} ({names.get(1, '')})", f"{_('Party 2')} ({names.get(2, '')})"]
    count = _bobbl_rows(table)
    ticked = [data is not None and _ticked(data, f"bobbl[{k}].cut") for k in range(count)]
    limit, rule = mucken_time(table)
    rows = []
    for k in range(count):
        key, cut = f"bobbl[{k}]", f"bobbl[{k}].cut"
        rows.append(_row(key, _("Bobbl %(n)d") % {"n": k + 1},
                         [_input(f"{key}.side1", str(_("Party 1")), data, errors),
                          _input(f"{key}.side2", str(_("Party 2")), data, errors)], errors,
                         cut_name=cut, cut_id=Input(cut, "").id, cut=ticked[k],
                         cut_invalid=errors.has(cut)))
    target = _scoring(table).get("target", 21)
    return {"rows": rows, "heads": heads, "target": target, "time_limit": limit,
            "rule": rule, "cut_shown": limit is not None or any(ticked),
            "check_messages": mucken_messages()}


# pussi ----------------------------------------------------------------------------------------
# Two ways to write a sheet, one payload: "outcome" (game by game: declaring party, bid, how
# the declarer fared, what the other party made; the app keeps the running totals) and
# "totals" (both running totals, as written on paper). Either way the payload carries the
# totals, and services.check_payload checks them with scoring.pussi.check_game.

GAME_KEY = re.compile(r"^games\[(\d+)\]\.(declarer|bid|total1|total2|outcome|points|schwarz)$")
GAME_FIELDS = ("declarer", "bid", "total1", "total2")
OUTCOME_FIELDS = ("declarer", "bid", "outcome", "points", "schwarz")
MODE_FIELD = "pussi_mode"
MODES = ("outcome", "totals")


def _games_per_series(table: Table) -> int:
    n = _scoring(table).get("games_per_series", 8)
    return n if isinstance(n, int) and not isinstance(n, bool) and 0 < n <= MAX_GAMES else 8


def _premium_at(table: Table) -> int:
    n = _scoring(table).get("premium_at", 500)
    return n if isinstance(n, int) and not isinstance(n, bool) and n > 0 else 500


def _posted_games(post: Data, fields: tuple[str, ...] = GAME_FIELDS) -> list[int]:
    """Indices of game rows with anything written in ``fields``."""
    found = set()
    for key in post:
        m = GAME_KEY.match(key)
        if m and m.group(2) in fields and _raw(post, key):
            found.add(int(m.group(1)))
    return sorted(found)


def _pussi_mode(post: Data) -> str:
    """The mode the form was sent in; a form without the switch (an older page, a script)
    is read as totals unless only outcome fields are written."""
    mode = _raw(post, MODE_FIELD)
    if mode in MODES:
        return mode
    outcome_only = ("outcome", "points", "schwarz")
    if _posted_games(post, outcome_only) and not _posted_games(post, ("total1", "total2")):
        return "outcome"
    return "totals"


def _declarer(post: Data, at: str, errors: ErrorDict) -> int | None:
    declarer = _raw(post, f"{at}.declarer")
    if declarer in ("1", "2"):
        return int(declarer)
    _add(errors, f"{at}.declarer", _("required") if not declarer else _("must be 1 or 2"))
    return None


def _bid(post: Data, at: str, errors: ErrorDict) -> int | None:
    bid = _whole(post, f"{at}.bid", errors)
    if bid is not None and bid <= 0:
        _add(errors, f"{at}.bid", _("must be a positive whole number"))
        return None
    return bid


def _schwarz_ticked(post: Data, key: str) -> bool:
    return _raw(post, key).lower() in ("1", "on", "true")


def _entry(post: Data, at: str, declarer: int | None, bid: int | None,
           errors: ErrorDict) -> Entry | None:
    """One outcome row, checked on its own (it does not depend on the rows above)."""
    outcome = _raw(post, f"{at}.outcome")
    if outcome not in OUTCOMES:
        _add(errors, f"{at}.outcome", _("required") if not outcome
             else _("choose won, lost or lost Schwarz"))
    points: int | None = None
    if _schwarz_ticked(post, f"{at}.schwarz"):
        if _raw(post, f"{at}.points"):
            _add(errors, f"{at}.points", pussi_messages()["points_and_schwarz"])
            return None
    else:
        points = _whole(post, f"{at}.points", errors)
        if points is None:
            return None
    if declarer is None or bid is None or outcome not in OUTCOMES:
        return None
    entry = Entry(declarer, bid, outcome, points)
    code = entry_problem(entry)
    if code:
        _add(errors, f"{at}.points", _entry_message(code, bid))
        return None
    return entry


def _entry_message(code: str, bid: int | str) -> str:
    return (pussi_messages()[code].replace("{bid}", str(bid))
            .replace("{max}", str(CARD_POINTS_BELOW - 1)))


def pussi_payload(post: Data, table: Table) -> dict[str, Any]:
    mode = _pussi_mode(post)
    filled = _posted_games(post, OUTCOME_FIELDS if mode == "outcome" else GAME_FIELDS)
    if not filled:
        raise ServiceError({"games": [_("enter at least one game")]})
    if filled[-1] >= MAX_GAMES:
        raise ServiceError({"games": [_("at most %(n)d games") % {"n": MAX_GAMES}]})
    errors: ErrorDict = {}
    games = []
    prev: tuple[int, int] | None = (0, 0)
    for k in range(filled[-1] + 1):  # a blank row between written ones is an error, not a skip
        at = f"games[{k}]"
        declarer = _declarer(post, at, errors)
        bid = _bid(post, at, errors)
        if mode == "totals":
            totals: list[int | None] = [_whole(post, f"{at}.total1", errors),
                                        _whole(post, f"{at}.total2", errors)]
        else:
            entry = _entry(post, at, declarer, bid, errors)
            prev = entry_totals(prev, entry) if entry is not None and prev is not None else None
            totals = list(prev) if prev is not None else [None, None]
        games.append({"declarer": declarer, "bid": bid, "totals": totals})
    _raise(errors)
    return {"games": games}


def pussi_post(payload: Any, table: Table) -> dict[str, str]:
    """The totals inputs of a stored sheet (the outcome inputs follow from them when shown)."""
    out: dict[str, str] = {}
    for k, game in enumerate(_items(payload, "games")[:MAX_GAMES]):
        if not isinstance(game, dict):
            continue
        declarer = game.get("declarer")
        if isinstance(declarer, bool) or declarer not in (1, 2):
            declarer = ""
        totals = game.get("totals")
        totals = totals if isinstance(totals, list) and len(totals) == 2 else ["", ""]
        out.update({f"games[{k}].declarer": str(declarer),
                    f"games[{k}].bid": _text(game.get("bid")),
                    f"games[{k}].total1": _text(totals[0]),
                    f"games[{k}].total2": _text(totals[1])})
    return out


def pussi_messages() -> dict[str, str]:
    """The live check's messages (for captain.js) and the outcome form's own, worded like
    ``scoring.pussi.check_game``; ``{…}`` are filled in."""
    return {
        "declarer": _("declarer's total {total} does not follow from {prev} with bid {bid} "
                      "(won: {won}, lost: {lost}, lost Schwarz: {schwarz})"),
        "other": _("the other party's total {total} does not follow from {prev}: it can only "
                   "grow by its card points or fall by 2×{bid} to {schwarz} (played Schwarz)"),
        "incomplete": _("fill in party, bid and both totals"),
        "incomplete_outcome": _("fill in party, bid, the declarer's outcome and the other "
                                "party's card points (or “played Schwarz”)"),
        "declarer_value": _("the declaring party must be 1 or 2"),
        "bid_value": _("the bid must be a positive whole number"),
        "whole": _("the totals must be whole numbers"),
        "points_whole": _("the card points must be a whole number"),
        "points_range": _("card points must be from 0 to {max}: a party never makes 500 "
                          "in one game"),
        "points_and_schwarz": _("enter card points or tick “played Schwarz”, not both"),
        "schwarz_needs_won": _("the other party loses 2×{bid} for Schwarz only when the "
                               "declarer won; after a lost game it scores its card points (0)"),
        "points_of": _("Card points of {party}"),
        "other_points": _("Other party's card points"),
        "premium": _("Premium ({at}): {party}, reached in game {game}"),
        "no_premium": _("Premium ({at}): not reached yet"),
        "party1": _("Party 1"),
        "party2": _("Party 2"),
        "summary": _("Please correct the marked games before sending."),
    }


def _game_of(data: Data, at: str) -> Game | None:
    """A row's game from its totals inputs, or None if any part is missing or no number."""
    try:
        declarer, bid = int(_raw(data, f"{at}.declarer")), int(_raw(data, f"{at}.bid"))
        totals = (int(_raw(data, f"{at}.total1")), int(_raw(data, f"{at}.total2")))
    except ValueError:
        return None
    return Game(declarer, bid, totals) if declarer in (1, 2) and bid > 0 else None


def _entry_of_inputs(data: Data, at: str) -> Entry | None:
    """A row's outcome from its outcome inputs, or None if it is not a complete, real game."""
    errors: ErrorDict = {}
    declarer = _raw(data, f"{at}.declarer")
    try:
        bid = int(_raw(data, f"{at}.bid"))
    except ValueError:
        return None
    if declarer not in ("1", "2") or bid <= 0:
        return None
    return _entry(data, at, int(declarer), bid, errors)


def _outcome_inputs(data: Data) -> dict[str, str] | None:
    """The outcome inputs that show totals inputs, or None if some written row has no
    outcome form (it does not follow the rules, or shows a game the seed does not know)."""
    out: dict[str, str] = {}
    prev = (0, 0)
    for k in range(max(_posted_games(data), default=-1) + 1):
        at = f"games[{k}]"
        game = _game_of(data, at)
        entry = entry_of(prev, game) if game is not None else None
        if entry is None:
            return None
        out[f"{at}.outcome"] = entry.outcome
        out[f"{at}.points"] = "" if entry.points is None else str(entry.points)
        out[f"{at}.schwarz"] = "1" if entry.points is None else ""
        prev = game.totals
    return out


def _shown(data: Data | None) -> tuple[str, Data | None]:
    """The mode to show and the inputs to show in it. Inputs without the switch (a stored
    sheet shown for correction) are shown game by game when every row has an outcome form."""
    if data is None:
        return "outcome", None
    mode = _raw(data, MODE_FIELD)
    if mode in MODES:
        return mode, data
    outcomes = _outcome_inputs(data)
    if outcomes is None:
        return "totals", data
    return "outcome", {**{k: data.get(k) for k in data}, **outcomes}


def _running(data: Data | None, mode: str, count: int) -> list[tuple[int, int] | None]:
    """The totals after each row as far as the rows above are complete and right."""
    out: list[tuple[int, int] | None] = []
    prev: tuple[int, int] | None = (0, 0)
    for k in range(count):
        at = f"games[{k}]"
        if data is None or prev is None:
            prev = None
        elif mode == "outcome":
            entry = _entry_of_inputs(data, at)
            prev = entry_totals(prev, entry) if entry is not None else None
        else:
            game = _game_of(data, at)
            prev = game.totals if game is not None and not check_game(prev, game) else None
        out.append(prev)
    return out


def pussi_context(table: Table, data: Data | None, errors: Errors) -> dict[str, Any]:
    names = _side_names(table)
    heads = [f"{_('Party 1')} ({names.get(1, '')})", f"{_('Party 2')} ({names.get(2, '')})"]
    expected = _games_per_series(table)
    premium_at = _premium_at(table)
    mode, data = _shown(data)
    count = expected
    if data is not None:
        posted = [k for k in _posted_games(data, (*GAME_FIELDS, *OUTCOME_FIELDS))
                  if k < MAX_GAMES]
        count = max(expected, posted[-1] + 1 if posted else 0)
    running = _running(data, mode, count)
    messages = pussi_messages()
    games = []
    for k, totals in enumerate(running):
        if totals is None:
            break
        games.append(Game(int(_raw(data or {}, f"games[{k}].declarer")), 1, totals))
    premium = premium_game(games, premium_at) if games else None

    def game_row(k: int, totals: tuple[int, int] | None) -> Row:
        key = f"games[{k}]"

        def value(name: str) -> str:
            return (data.get(f"{key}.{name}") or "") if data is not None else ""

        inputs = [_input(f"{key}.bid", str(_("Bid")), data, errors),
                  _input(f"{key}.total1", str(_("Party 1")), data, errors, "signed"),
                  _input(f"{key}.total2", str(_("Party 2")), data, errors, "signed"),
                  _input(f"{key}.points", str(_("Card points")), data, errors)]
        labels = {i.name: i.label for i in inputs}
        labels[f"{key}.declarer"] = str(_("Declaring party"))
        labels[f"{key}.outcome"] = str(_("Declarer's outcome"))
        won = premium is not None and premium[1] == k
        other = {"1": _("Party 2"), "2": _("Party 1")}.get(value("declarer"))
        return Row(key, str(k + 1), inputs, errors.under(key, labels), {
            "other_label": (messages["points_of"].replace("{party}", other) if other
                            else messages["other_points"]),
            **_row_names(key), "declarer": value("declarer"),
            "declarer_invalid": errors.has(f"{key}.declarer"),
            "outcome": value("outcome"), "outcome_invalid": errors.has(f"{key}.outcome"),
            "schwarz": _schwarz_ticked(data, f"{key}.schwarz") if data is not None else False,
            "bid": inputs[0], "total1": inputs[1], "total2": inputs[2], "points": inputs[3],
            "shown": totals, "premium_side": premium[0] + 1 if won else None})

    rows = [game_row(k, totals) for k, totals in enumerate(running)]
    template_row = Row("games[__k__]", "__n__", [], extra={
        **_row_names("games[__k__]"), "declarer": "", "outcome": "", "schwarz": False,
        "other_label": messages["other_points"],
        "bid": Input("games[__k__].bid", str(_("Bid"))),
        "total1": Input("games[__k__].total1", str(_("Party 1")), kind="signed"),
        "total2": Input("games[__k__].total2", str(_("Party 2")), kind="signed"),
        "points": Input("games[__k__].points", str(_("Card points")))})
    premium_text = (messages["premium"].replace("{party}", heads[premium[0]])
                    .replace("{game}", str(premium[1] + 1)) if premium is not None
                    else messages["no_premium"]).replace("{at}", str(premium_at))
    return {"rows": rows, "template_row": template_row, "heads": heads,
            "expected": expected, "max_games": MAX_GAMES, "mode": mode,
            "mode_field": MODE_FIELD, "premium_at": premium_at, "premium_text": premium_text,
            "card_points_below": CARD_POINTS_BELOW, "check_messages": messages}


def _row_names(key: str) -> dict[str, str]:
    """Names and element ids of a row's declarer select, outcome radios and Schwarz box."""
    return {"declarer_name": f"{key}.declarer", "declarer_id": Input(f"{key}.declarer", "").id,
            "outcome_name": f"{key}.outcome", "outcome_id": Input(f"{key}.outcome", "").id,
            "schwarz_name": f"{key}.schwarz", "schwarz_id": Input(f"{key}.schwarz", "").id}


# boardgame ------------------------------------------------------------------------------------

def boardgame_payload(post: Data, table: Table) -> dict[str, Any]:
    """Game points by START NUMBER (the entrant ids of docs/format.md)."""
    errors: ErrorDict = {}
    points: dict[str, Any] = {}
    for s in _seats(table):
        n = s.entrant.start_number
        value = _number(post, f"points[{n}]", errors)
        points[str(n)] = value
    _raise(errors)
    return {"points": points}


def boardgame_post(payload: Any, table: Table) -> dict[str, str]:
    points = payload.get("points") if isinstance(payload, dict) else None
    if not isinstance(points, dict):
        return {}
    return {f"points[{n}]": _text(v) for n, v in points.items()}


def boardgame_context(table: Table, data: Data | None, errors: Errors) -> dict[str, Any]:
    rows = []
    for s in _seats(table):
        e = s.entrant
        key = f"points[{e.start_number}]"
        label = f"{e.start_number}. {e.name}"
        rows.append(_row(key, label, [_input(key, str(_("Game points")), data, errors,
                                             "decimal")], errors))
    return {"rows": rows}


# tabletop -------------------------------------------------------------------------------------

MISSIONS = (gettext_lazy("Primary"), gettext_lazy("Secondary"), gettext_lazy("Tertiary"))
MISSION_KINDS = {"eternal_war": gettext_lazy("Eternal War"),
                 "maelstrom": gettext_lazy("Maelstrom"),
                 "tertiary": gettext_lazy("Tertiary")}
assert set(MISSION_KINDS) == set(MISSION_LEAD)


def tabletop_payload(post: Data, table: Table) -> dict[str, Any]:
    return _side_rows(post, "missions", len(MISSIONS), _number)


def tabletop_post(payload: Any, table: Table) -> dict[str, str]:
    return _pairs(payload, "missions", "missions")


def tabletop_context(table: Table, data: Data | None, errors: Errors) -> dict[str, Any]:
    kinds = (table.round.extra or {}).get("missions")
    if not (isinstance(kinds, list) and len(kinds) == len(MISSIONS)):
        kinds = [None] * len(MISSIONS)
    names = _side_names(table)
    heads = [f"{_('Player 1')} ({names.get(1, '')})", f"{_('Player 2')} ({names.get(2, '')})"]
    rows = []
    for k, (mission, kind) in enumerate(zip(MISSIONS, kinds, strict=True)):
        key = f"missions[{k}]"
        rows.append(_row(key, str(mission), [
            _input(f"{key}.side1", str(_("Player 1")), data, errors, "decimal"),
            _input(f"{key}.side2", str(_("Player 2")), data, errors, "decimal")], errors,
            kind=str(MISSION_KINDS.get(kind, kind)) if kind else ""))
    return {"rows": rows, "heads": heads, "system": _scoring(table).get("system", "")}


# chess ----------------------------------------------------------------------------------------

CHESS_MAIN = (("1-0", "1-0"), ("1/2-1/2", "½-½"), ("0-1", "0-1"))
CHESS_MORE = (("+-", "+ −", gettext_lazy("White wins by forfeit")),
              ("-+", "− +", gettext_lazy("Black wins by forfeit")),
              ("--", "− −", gettext_lazy("both forfeit")))
assert {v for v, *_rest in CHESS_MAIN + CHESS_MORE} == set(CHESS_SCORES)


def chess_payload(post: Data, table: Table) -> dict[str, Any]:
    score = (post.get("score") or "").strip()
    if not score:
        raise ServiceError({"score": [_("choose a result")]})
    if score not in CHESS_SCORES:
        raise ServiceError({"score": [_("not a chess result")]})
    return {"score": score}


def chess_post(payload: Any, table: Table) -> dict[str, str]:
    score = payload.get("score") if isinstance(payload, dict) else None
    return {"score": score} if isinstance(score, str) else {}


def chess_context(table: Table, data: Data | None, errors: Errors) -> dict[str, Any]:
    chosen = (data.get("score") or "") if data is not None else ""
    main = [{"value": v, "label": label, "checked": v == chosen} for v, label in CHESS_MAIN]
    more = [{"value": v, "label": label, "note": str(note), "checked": v == chosen}
            for v, label, note in CHESS_MORE]
    return {"main": main, "more": more, "more_open": any(m["checked"] for m in more),
            "score_errors": errors.under("score")}


FORMS: dict[str, ResultForm] = {
    "mucken": ResultForm("captain/inputs/mucken.html", mucken_payload, mucken_context,
                         mucken_post,
                         relocate=_by_number("result", r"^bobbl (\d+):", "bobbl[{}]", -1)),
    "pussi": ResultForm("captain/inputs/pussi.html", pussi_payload, pussi_context, pussi_post),
    "boardgame": ResultForm("captain/inputs/boardgame.html", boardgame_payload,
                            boardgame_context, boardgame_post, side_labels=None,
                            relocate=_by_number("points", r"entrant (\d+)", "points[{}]", 0)),
    "tabletop": ResultForm("captain/inputs/tabletop.html", tabletop_payload, tabletop_context,
                           tabletop_post,
                           side_labels=(gettext_lazy("Player 1"), gettext_lazy("Player 2")),
                           relocate=_by_number("result", r"^mission (\d+):", "missions[{}]",
                                               -1)),
    "chess": ResultForm("captain/inputs/chess.html", chess_payload, chess_context, chess_post,
                        side_labels=(gettext_lazy("White"), gettext_lazy("Black"))),
}


def form_for(discipline: str) -> ResultForm:
    """The result form of a discipline; KeyError for one without a form (a programming error)."""
    return FORMS[discipline]
