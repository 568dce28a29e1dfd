"""Result forms per discipline: which inputs a table's result needs and how a POST becomes
the FORMAT.md payload.

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
from scoring.tabletop import MISSION_LEAD

from .models import Table
from .services import ServiceError

MAX_GAMES = 40  # a Pussi sheet has at most 12 games; more rows are a mistake, not a sheet
LIMIT = 10**9  # no score is this large; the bound keeps "1e999999" from becoming a huge int

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
    return n if isinstance(n, int) and 0 < n <= 20 else 2


def _side_rows(post: Data, key: str, rows: int, read: Any) -> dict[str, Any]:
    """``{key: [[side 1, side 2], ...]}`` from inputs ``key[k].side1``/``.side2``."""
    errors: ErrorDict = {}
    values = [[read(post, f"{key}[{k}].side{s}", errors) for s in (1, 2)] for k in range(rows)]
    _raise(errors)
    return {key: values}


def mucken_payload(post: Data, table: Table) -> dict[str, Any]:
    return _side_rows(post, "bobbl", _bobbl_rows(table), _whole)


def mucken_post(payload: Any, table: Table) -> dict[str, str]:
    return _pairs(payload, "bobbl", "bobbl")


def mucken_context(table: Table, data: Data | None, errors: Errors) -> dict[str, Any]:
    names = _side_names(table)
    heads = [f"{_('Party 1')} ({names.get(1, '')})", f"{_('Party 2')} ({names.get(2, '')})"]
    rows = [_row(f"bobbl[{k}]", _("Bobbl %(n)d") % {"n": k + 1},
                 [_input(f"bobbl[{k}].side1", str(_("Party 1")), data, errors),
                  _input(f"bobbl[{k}].side2", str(_("Party 2")), data, errors)], errors)
            for k in range(_bobbl_rows(table))]
    target = _scoring(table).get("target", 21)
    return {"rows": rows, "heads": heads, "target": target}


# pussi ----------------------------------------------------------------------------------------

GAME_KEY = re.compile(r"^games\[(\d+)\]\.(declarer|bid|total1|total2)$")
GAME_FIELDS = ("declarer", "bid", "total1", "total2")


def _games_per_series(table: Table) -> int:
    n = _scoring(table).get("games_per_series", 8)
    return n if isinstance(n, int) and 0 < n <= MAX_GAMES else 8


def _posted_games(post: Data) -> list[int]:
    """Indices of game rows with anything written in them."""
    found = set()
    for key in post:
        m = GAME_KEY.match(key)
        if m and _raw(post, key):
            found.add(int(m.group(1)))
    return sorted(found)


def pussi_payload(post: Data, table: Table) -> dict[str, Any]:
    errors: ErrorDict = {}
    filled = _posted_games(post)
    if not filled:
        raise ServiceError({"games": [_("enter at least one game")]})
    if filled[-1] >= MAX_GAMES:
        raise ServiceError({"games": [_("at most %(n)d games") % {"n": MAX_GAMES}]})
    games = []
    for k in range(filled[-1] + 1):  # a blank row between written ones is an error, not a skip
        at = f"games[{k}]"
        declarer = _raw(post, f"{at}.declarer")
        if declarer not in ("1", "2"):
            _add(errors, f"{at}.declarer", _("required") if not declarer
                 else _("must be 1 or 2"))
        bid = _whole(post, f"{at}.bid", errors)
        t1 = _whole(post, f"{at}.total1", errors)
        t2 = _whole(post, f"{at}.total2", errors)
        games.append({"declarer": int(declarer) if declarer in ("1", "2") else None,
                      "bid": bid, "totals": [t1, t2]})
    _raise(errors)
    return {"games": games}


def pussi_post(payload: Any, table: Table) -> dict[str, str]:
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
    """The live check's messages (for captain.js), worded like ``scoring.pussi.check_game``."""
    return {
        "declarer": _("declarer's total {total} does not follow from {prev} with bid {bid} "
                      "(won: {won}, lost: {lost}, lost Schwarz: {schwarz})"),
        "other": _("the other party's total {total} does not follow from {prev}: it can only "
                   "grow by its card points or fall by 2×{bid} to {schwarz} (played Schwarz)"),
        "incomplete": _("fill in party, bid and both totals"),
        "declarer_value": _("the declaring party must be 1 or 2"),
        "bid_value": _("the bid must be a positive whole number"),
        "whole": _("the totals must be whole numbers"),
        "summary": _("Please correct the marked games before sending."),
    }


def pussi_context(table: Table, data: Data | None, errors: Errors) -> dict[str, Any]:
    names = _side_names(table)
    expected = _games_per_series(table)
    count = expected
    if data is not None:
        posted = [k for k in _posted_games(data) if k < MAX_GAMES]
        count = max(expected, posted[-1] + 1 if posted else 0)

    def game_row(key: str, label: str) -> Row:
        declarer = (data.get(f"{key}.declarer") or "") if data is not None else ""
        inputs = [_input(f"{key}.bid", str(_("Bid")), data, errors),
                  _input(f"{key}.total1", str(_("Party 1")), data, errors, "signed"),
                  _input(f"{key}.total2", str(_("Party 2")), data, errors, "signed")]
        labels = {i.name: i.label for i in inputs}
        labels[f"{key}.declarer"] = str(_("Declaring party"))
        return Row(key, label, inputs, errors.under(key, labels),
                   {"declarer": declarer, "declarer_name": f"{key}.declarer",
                    "declarer_invalid": errors.has(f"{key}.declarer"),
                    "declarer_id": Input(f"{key}.declarer", "").id})

    rows = [game_row(f"games[{k}]", str(k + 1)) for k in range(count)]
    template_row = Row("games[__k__]", "__n__", [
        Input("games[__k__].bid", str(_("Bid"))),
        Input("games[__k__].total1", str(_("Party 1")), kind="signed"),
        Input("games[__k__].total2", str(_("Party 2")), kind="signed")],
        extra={"declarer": "", "declarer_name": "games[__k__].declarer",
               "declarer_id": "f-games-__k__-declarer"})
    heads = [f"{_('Party 1')} ({names.get(1, '')})", f"{_('Party 2')} ({names.get(2, '')})"]
    return {"rows": rows, "template_row": template_row, "heads": heads,
            "expected": expected, "max_games": MAX_GAMES,
            "check_messages": pussi_messages()}


# boardgame ------------------------------------------------------------------------------------

def boardgame_payload(post: Data, table: Table) -> dict[str, Any]:
    """Game points by START NUMBER (the entrant ids of FORMAT.md)."""
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
